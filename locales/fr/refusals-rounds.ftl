# Refus au fil d'une ronde : placement, horloge, coups, feuilles de score, clôture et
# corrections. Les inscrits sont nommés « #3 » ; $entries, $tied et $sides sont des listes.

## Listes de problèmes et de parties d'un message.
refused-problems = { $first } ; { $rest }
refused-comma-list = { $first }, { $rest }
refused-nothing = personne
refused-tables = { $count ->
    [one] la table { $tables }
   *[other] les tables { $tables }
}
refused-in-hand = manche { $hand } : { $problem }

## Rondes et tables introuvables.
refused-no-round = cette soirée n'a pas encore de ronde { $round }
refused-no-table = la ronde { $round } n'a pas de table { $table }
refused-no-player = cette soirée n'a pas de joueur { $player }

## Placement.
refused-seating-too-few = { $entries ->
    [one] 1 inscrit ne peut pas être placé
   *[other] { $entries } inscrits ne peuvent pas être placés
} : une table demande au moins 2 inscrits, ajoutez donc des inscrits (ou un robot) d'abord
refused-seating-no-table-for-byes = { $entries } inscrits ne remplissent pas une table de { $per_table }, personne ne peut donc être exempt : choisissez des tables mixtes ou des robots
refused-seating-plan-mismatch = le plan place { $planned } inscrits mais { $entries } sont inscrits : refaites le plan pour les inscrits tels qu'ils sont maintenant
refused-seating-bots-missing = le plan compte { $needed } places de robot mais { $given } robots ont été donnés : créez d'abord les robots
refused-seating-too-many-bots = le plan met { $bots } robots à { $tables } tables ; une table prend au plus une place de robot
refused-seating-not-a-bot = l'inscrit #{ $entry } n'est pas un robot actif de cette soirée : il ne peut pas prendre une place de robot
refused-seating-order-repeats = l'ordre cite { $entries } plus d'une fois : citez chaque inscrit une seule fois
refused-seating-order-unknown = l'ordre cite { $entries }, { $count ->
    [one] qui n'est pas un inscrit actif
   *[other] qui ne sont pas des inscrits actifs
} de cette soirée : { $count ->
    [one] retirez-le
   *[other] retirez-les
}
refused-seating-order-missing = l'ordre oublie { $entries } : citez chaque inscrit une fois
refused-seating-bots-needed = { $count ->
    [one] 1 place demande un robot : créez 1 inscrit robot
   *[other] { $count } places demandent un robot : créez { $count } inscrits robots
} et préparez de nouveau la ronde
refused-seating-nothing-to-seat = plus aucune table n'a de joueur à placer : clôturez la soirée
refused-seating-table-order = la table { $table } n'est pas à sa place : les tables se suivent par numéro croissant à partir de 1
refused-seating-table-size = la table { $table } compte { $entries } inscrits ; une table en accueille 2 ou 3
refused-seating-seated-twice = { $entries } placés plus d'une fois : un inscrit s'assoit une fois par ronde
refused-no-paper-table = il n'y a pas de table { $table } à jouer avec de vraies cartes : la ronde 1 a les tables 1 à { $tables }
refused-reseat-started = la ronde 1 a déjà commencé ; les rondes suivantes sont placées par le mouvement à la clôture de chaque ronde
refused-table-mode-started = la ronde a commencé : une table ne passe des cartes aux téléphones (ou l'inverse) qu'avant le signal

## L'horloge de la ronde.
refused-clock-round-closed = la ronde { $round } est close ; son horloge ne peut plus changer
refused-clock-already-started = la ronde a déjà commencé, à { $at }
refused-clock-cannot = impossible { $action ->
    [pause] de mettre en pause
    [resume] de reprendre
    [extend] de prolonger
   *[stop] d'arrêter
} la ronde : elle { $state ->
    [not_started] n'a pas commencé
    [running] est en cours
    [paused] est en pause
   *[over] est terminée
}
refused-clock-no-length = une ronde en parties n'a pas d'horloge à prolonger : elle finit quand chaque table a terminé
refused-clock-extension = une prolongation va de 1 seconde à { $hours } h, pas { $seconds } secondes
refused-clock-backwards = l'heure donnée ({ $now }) est avant le dernier changement de l'horloge ({ $last }) : vérifiez l'horloge du serveur
refused-stop-not-started = la ronde n'a pas commencé : donnez d'abord le signal de départ
refused-limit-rounds = { $rounds ->
    [one] la seule ronde a été jouée
   *[other] les { $rounds } rondes ont toutes été jouées
} : clôturez la soirée pour remettre les prix
refused-limit-time = l'heure limite est passée ({ $deadline }) : aucune ronde ne commence après, clôturez donc la soirée pour remettre les prix

## Les coups.
refused-move-not-started = la ronde n'a pas encore commencé : attendez le signal
refused-move-paused = la ronde est en pause : attendez que l'hôte la reprenne
refused-no-round-seated = aucune ronde n'a encore été placée
refused-not-seated = vous n'êtes assis à aucune table cette ronde
refused-table-on-paper = votre table joue avec de vraies cartes : saisissez la feuille de score à la fin de la ronde
refused-seat-handed = l'hôte a donné votre place à { $name } : ce lien ne joue plus ; demandez à l'hôte si c'est une erreur
refused-deal-over = cette donne est finie ; voici la table telle qu'elle est
refused-table-moved-on = la partie a avancé : { $actions ->
    [one] 1 coup a été joué
   *[other] { $actions } coups ont été joués
} depuis votre dernier regard ; voici le nouvel état
refused-seen-ahead = vous dites avoir vu { $seen ->
    [one] 1 coup
   *[other] { $seen } coups
}, mais cette donne n'en compte que { $actions } : ce nombre est en avance sur la table ; voici la table telle qu'elle est : renvoyez votre coup avec le nombre qu'elle indique
refused-hazard-wait = { $seconds ->
    [0] la table attend un instant après chaque attaque : rejouez maintenant
   *[other] la table attend quelques secondes après chaque attaque : rejouez dans { $seconds } s
}
refused-hand-to-bot-over = la soirée est finie : il n'y a plus de tours à confier à un robot

## Feuilles de score.
refused-card-in-row = { $row } : { $problem }
refused-card-not-entered = non saisi : écrivez 0 si la pile est vide
refused-card-not-a-count = « { $text } » n'est pas un nombre : écrivez un nombre entier, 0 ou plus
refused-card-too-many-hands = une feuille tient au plus { $most } manches, pas { $hands } : une ligne par manche jouée à la table
refused-card-unknown-row = cette feuille de score n'a pas de ligne « { $row } »{ $more ->
    [0] {""}
   *[other] {" "}(et { $more } autres)
} ; ses lignes sont { $rows }
refused-card-nothing = rien n'a été saisi : donnez un nombre pour chaque ligne ({ $rows }), 0 pour une pile vide
refused-card-over-quota = la pile de { $pile } compte au plus { $quota } cartes dans cette course, pas { $count } : recomptez-la
refused-card-round-closed = la ronde est close : demandez plutôt à l'hôte de corriger le score
refused-card-round-not-started = la ronde { $round } n'a pas encore commencé : les feuilles de score sont reçues une fois que l'hôte a donné le signal de départ
refused-card-table-on-phones = la table { $table } joue sur téléphones : ses scores viennent de la partie
refused-card-no-side = la table { $table } a les camps 0 à { $last } ; il n'y a pas de camp { $side }
refused-card-host-entered = l'hôte a saisi cette feuille : lui seul peut encore la changer ; demandez-lui
refused-card-confirmed = cette feuille a été confirmée : seul l'hôte peut encore la changer ; demandez-lui
refused-card-own = un camp ne peut pas confirmer sa propre feuille : un joueur d'un autre camp (ou l'hôte) la confirme
refused-card-not-in = le camp { $side } n'a pas encore saisi sa feuille
refused-card-changed = la feuille du camp { $side } a changé depuis que vous l'avez vue : regardez ses nouveaux comptes et confirmez de nouveau s'ils sont justes
refused-card-confirmed-by-host = la feuille du camp { $side } est déjà confirmée par l'hôte : il n'y a plus rien à confirmer
refused-card-confirmed-by-side = la feuille du camp { $side } est déjà confirmée par le camp { $by } : il n'y a plus rien à confirmer ; si ses comptes sont faux, demandez à l'hôte
refused-card-which-version = dites quelle feuille vous confirmez : envoyez la version que l'état de votre place indique pour elle (tablemates[].card.version)
refused-card-other-side = vous jouez le camp { $side } : saisissez la feuille de votre camp ; celle d'un autre camp est à lui de la saisir

## Les feuilles d'une table vérifiées ensemble (camps numérotés à partir de 1, comme sur la feuille).
refused-paper-sides = cette table a { $expected } camps, mais des piles ont été données pour { $given }
refused-paper-unknown-row = il n'y a pas de ligne « { $row } » sur cette feuille de score ; ses lignes sont { $rows }
refused-paper-over-quota = le camp { $side } a { $count } cartes sur sa pile de { $pile }, mais dans une course de { $race } { $unit ->
    [point] points
   *[other] milles
} cette pile en compte au plus { $quota } : recomptez la pile
refused-paper-beyond-pack = les camps ont { $count } cartes de { $pile } à eux tous, mais le paquet n'en contient que { $pack } : recomptez les piles
refused-paper-two-finished = les camps { $sides } ont tous des piles complètes, mais la course s'arrête dès qu'un camp a complété les siennes : recomptez les piles
refused-paper-hands = les feuilles des camps n'ont pas le même nombre de manches ({ $hands }) : chaque camp écrit une ligne pour chaque manche jouée à la table
refused-paper-hands-of-side = camp { $side } : { $hands }

## Clore une ronde et choisir qui change de table.
refused-round-already-closed = la ronde { $round } est déjà close
refused-close-not-started = la ronde n'a pas commencé : lancez-la, jouez, puis arrêtez-la avant de la clore
refused-close-still-played = la ronde est encore en cours : donnez d'abord le signal d'arrêt (ou attendez la fin du temps)
refused-missing-miles = { $tables } { $count ->
    [one] n'a
   *[other] n'ont
} pas de score pour { $entries } : saisissez chaque score avant de clore la ronde
refused-miles-not-in-round = des scores ont été donnés pour { $entries }, qui n'ont pas joué cette ronde
refused-no-such-table = il n'y a pas de table { $table } dans cette ronde
refused-empty-table = personne n'est assis à la table { $table }
refused-no-tie = la table { $table } n'a pas d'égalité à départager : #{ $leader } a le meilleur score ({ $miles }) ; corrigez plutôt les scores
refused-not-tied = #{ $chosen } ne peut pas être choisi pour quitter la table { $table } : seuls { $tied } sont à égalité avec le meilleur score ({ $miles })
refused-movers = { $movers } partants ont été donnés pour { $tables } tables : donnez un partant par table
refused-mover-not-at-table = #{ $entry } n'est pas assis à la table { $table } : il ne peut donc pas la quitter
refused-mover-round-closed = la ronde est close ; corrigez plutôt un score si le partant était le mauvais
refused-mover-not-seated = l'inscrit { $entry } n'est pas assis à la table { $table }
refused-event-already-finished = la soirée est déjà finie
refused-finish-round-played = la ronde { $round } est en cours : arrêtez-la et closez-la d'abord
refused-evening-already-closed = la soirée est déjà clôturée : ses résultats et ses prix sont définitifs
refused-already-withdrawn = cet inscrit s'est déjà retiré

## Les scores d'une partie.
refused-game-sides = la partie { $game } compte { $sides } camps mais { $scores } scores : donnez un score par camp
refused-game-side-twice = la partie { $game } cite l'inscrit #{ $entry } deux fois : chaque inscrit joue un seul camp
refused-game-not-at-table = la partie { $game } cite l'inscrit #{ $entry }, qui n'est pas assis à cette table
refused-game-missing = la partie { $game } oublie { $entries } : chaque inscrit de la table joue chaque partie
refused-too-many-miles = l'inscrit #{ $entry } reçoit un score de { $miles }, mais une ronde à sa table peut en marquer au plus { $max } : vérifiez le score

## Corrections.
refused-correction-round-open = la ronde { $round } n'est pas encore close : ses scores sont encore en jeu ou en saisie, il n'y a donc rien à corriger
refused-correction-reason-long = donnez la raison en { $most } caractères au plus
refused-correction-event-closed = l'hôte a clôturé la soirée, ses résultats et ses prix sont donc définitifs : les scores ne peuvent plus être corrigés
refused-correction-no-round = il n'y a pas de ronde { $round } : la soirée compte { $rounds ->
    [one] 1 ronde
   *[other] { $rounds } rondes
} pour l'instant
refused-correction-not-started = la ronde { $round } n'a pas commencé : il n'y a encore aucun score à corriger
refused-correction-final = les scores de la ronde { $round } sont définitifs : la ronde { $next } a commencé
refused-correction-not-in-round = l'inscrit #{ $entry } n'a pas joué la ronde { $round }
refused-correction-no-change = l'inscrit #{ $entry } a déjà un score de { $miles } : rien à changer

## Les places et leurs liens.
refused-seat-link = ce lien de place n'est pas valable (il a peut-être été renouvelé) ; demandez votre lien à l'hôte
refused-qr-link = le lien de ce QR code est incomplet ou n'est plus valable : scannez de nouveau le code, ou demandez votre lien de place à l'hôte
refused-seat-not-free = cette place n'est pas libre ici : elle est prise (si c'est la vôtre, demandez à l'hôte de la libérer) ou elle est à une autre table
refused-check-in-off = l'organisateur n'a pas ouvert l'inscription par code QR pour cette soirée : demandez-lui d'ajouter votre nom
refused-check-in-seated = la ronde est déjà placée : touchez votre nom dans la liste si l'organisateur l'a ajouté, ou demandez-lui de vous ajouter
refused-check-in-once = ce téléphone tient déjà la place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} à cette soirée : un téléphone n'inscrit qu'une fois. Pour inscrire quelqu'un d'autre, utilisez son téléphone ; pour changer le nom, annulez d'abord cette inscription
refused-check-in-full = cette soirée a déjà { $cap } inscrits, le maximum qu'elle accepte : demandez à l'organisateur
refused-check-in-not-yours = ce téléphone n'a pas d'inscription à annuler pour cette soirée
refused-check-in-on-or-off = choisissez d'ouvrir ou de fermer l'inscription par les invités
refused-seat-is-bot = cette place est celle d'un robot : le serveur joue ses coups, et aucun lien ne peut les jouer
refused-seat-stand-in = l'hôte a confié votre place à un robot, qui joue vos tours pour l'instant : demandez à l'hôte de vous la rendre, puis continuez depuis cette page
refused-bot-seat-only = le serveur ne joue que la place d'un robot
refused-wait-for-nobody = la table n'attend personne
refused-wait-not-over = l'attente de la table n'est pas finie
refused-seat-not-on-turn = ce n'est pas le tour de cette place
refused-move-form-unreadable = ce coup n'a pas pu être lu ; rechargez la page
refused-unconfirmed = { $warning }. Ce coup n'a pas été joué : cochez « Oui, je le veux » à côté et rejouez-le pour le jouer quand même.
refused-reseat-changed = la soirée a changé pendant le placement de la ronde 1 (un inscrit ou un réglage a été modifié au même moment) : regardez les inscrits et placez de nouveau la ronde 1

## Les formulaires de la console.
refused-no-signal = il n'y a pas de signal « { $signal } »
refused-turn-clock-on-or-off = choisissez si l'horloge des tours est en marche ou non
refused-seat-to-bot-or-player = dites si la place va à un robot ou revient à son joueur

refused-entry = #{ $entry }
refused-number = { $n }
