# Les pages de l'hôte : le formulaire de départ et la console.

## La langue de la soirée : celle du projecteur, des pages imprimées et de la console.
event-language = Langue de la soirée
event-language-label = Langue du projecteur, des impressions et de la console
event-language-hint = (le téléphone de chaque invité lit dans la sienne)
event-language-button = Choisir la langue
event-language-set = La soirée est maintenant en { $language } : le projecteur, les impressions et cette console la suivent.
host-series = Série du club
host-series-in = Cette soirée compte dans la série « { $series } ».
host-series-season = La saison
host-series-none = Cette soirée n'est dans aucune série. La série d'un club additionne ses soirées en une saison.
host-series-closed = La soirée est clôturée : elle reste dans la série où elle était (ou hors série).
host-series-link = Le lien d'hôte de la série
host-series-link-hint = (celui donné à la création de la série : le lien d'hôte de cette soirée ne suffit pas à la déplacer)
host-series-into = Ajouter cette soirée à la série
host-series-out = Retirer cette soirée de la série
host-series-joined = La soirée fait maintenant partie de la série « { $series } » : elle compte dans la saison.
host-series-left = La soirée est retirée de la série « { $series } » : elle ne compte plus dans la saison.

## La console : ses liens, l'horloge des tours, les inscrits, le placement, les corrections et l'accès.
host-title = Console de l'hôte
host-link-projector = Projecteur
host-link-standings = Classement
host-link-print = Imprimer…
host-link-csv = Classement (CSV)
host-link-json = Classement (JSON)
host-link-evening-json = La soirée (JSON)
host-turn-clock = Horloge des tours
host-turn-clock-on-now = En marche : une place qui n'a pas joué { $seconds } s après le début de son tour le voit joué par le robot posé de la table (signalé sur les tables et dans les rediffusions).
host-turn-clock-off-now = Arrêtée : une table attend ses joueurs aussi longtemps qu'il le faut.
host-turn-clock-no-rule = Elle ne change aucune règle du jeu.
host-turn-clock-on = En marche
host-turn-clock-off = Arrêtée
turn-seconds = Secondes par tour
turn-seconds-range = (de 30 à 120)
host-turn-clock-set = Régler l'horloge des tours
host-check-in = Inscription par les invités
host-check-in-on-now = Ouverte : chaque invité peut s'inscrire avec le code QR du mur en tapant son nom, jusqu'au placement de la ronde. Chaque inscription est signalée dans la liste des inscrits ci-dessous ; retirez-la pour l'annuler.
host-check-in-off-now = Fermée : vous ajoutez les invités vous-même ; le code QR du mur leur dit de vous le demander.
host-check-in-on = Les invités s'inscrivent avec le code QR du mur
host-check-in-off = J'ajoute les invités moi-même
host-check-in-set = Enregistrer l'inscription
host-entries = Inscrits
host-name = Nom
host-first-partner = Premier partenaire
host-second-partner = Second partenaire
host-partner = Partenaire
host-missed-rounds = Ce que comptent les rondes manquées d'un retardataire
host-their-missed-rounds = Ce que comptent leurs rondes manquées
host-missed-zero = 0 (par défaut)
host-missed-average = la moyenne de chaque ronde
host-add = Ajouter
host-returning = Habitués de la série
host-returning-count = { $count } ; une touche en ajoute un
host-add-name = Ajouter { $name }
host-add-many = Ajouter plusieurs invités d'un coup
host-one-guest-per-line = Un invité par ligne
host-one-partnership-per-line = Une équipe par ligne, écrite « Ann & Bob »
host-guest-list-hint = (collez la liste ; jusqu'à 300 à la fois ; si une ligne ne va pas, personne n'est ajouté et chaque problème est désigné par sa ligne)
host-add-them-all = Les ajouter tous
host-bot-fill = Ou occuper une place avec un robot
host-bot-labelled = (signalé comme robot partout)
host-bot-steady = posé : joue selon les règles de bon sens
host-bot-shrewd = rusé : voit plus loin
host-bot-random = hasardeux : un débutant
host-add-bot = Ajouter un robot
host-no-entries = Pas encore d'inscrits.
host-seat-links = Liens des places
host-change = Modifier
host-bot-tag = robot · { $level ->
    [shrewd] rusé
    [random] hasardeux
   *[other] posé
}
host-joins-in-round = arrive à la ronde { $round }
host-link-for = lien pour { $name }
host-release = libérer
host-release-title = met fin à toutes les sessions sur cette place, pour qu'elle puisse être choisie de nouveau
host-picked = choisie par QR code
host-picked-title = un téléphone a choisi cette place avec un QR code : si ce n'était pas { $name }, libérez la place (le lien { ELIDES($name) ->
    [yes] qu'{ $name }
   *[no] que { $name }
} a reçu la reprend aussi)
host-checked-in = inscription faite par l'invité
host-checked-in-title = inscription faite avec le code QR du mur : { $names }. Si c'est une erreur, retirez cette entrée avant le placement
host-played-by-bot = jouée par un robot
host-take-back = reprendre
host-take-back-title = { $name } joue de nouveau ses propres tours
host-hand-to-bot = confier à un robot
host-hand-to-bot-title = le robot posé de la table joue les tours { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} jusqu'à ce que vous repreniez la place
host-hand-over-confirm = Donner la place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} à ce retardataire ? { $name } se retire et son lien ne joue plus.
host-or-late-guest = ou à un retardataire
host-their-name = son nom
host-hand-over = céder
host-hand-over-title = le retardataire reprend la main et le score { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} pour cette ronde, et reçoit un lien de place
host-played-by-program = joué par le programme
host-rename-or-remove = renommer ou supprimer
host-rename-or-withdraw = renommer ou retirer
host-rename = Renommer
host-remove = Supprimer
host-remove-hint = (ajouté par erreur ; n'a pas encore joué)
host-remove-confirm = Supprimer { $name } tout à fait ? Cet inscrit n'a pas encore joué.
host-withdraw = Retirer
host-withdraw-confirm = Retirer { $name } ? Son score reste acquis, mais cette inscription n'est plus placée.
host-print-slips = Imprimer les billets de place
host-print-slips-hint = un billet par invité qui n'a pas encore ouvert sa place : nom, table et QR code d'un nouveau lien de place, à découper et à distribuer
host-seat-links-how = Le lien de place de chaque joueur ouvre sa page de téléphone pour toute la soirée. Un nouveau lien s'affiche une seule fois, avec son QR code ; les anciens liens de ce joueur cessent de marcher (si quelqu'un utilise la place, on vous le demande d'abord). Les invités peuvent aussi scanner le QR code du projecteur ou d'un chevalet de table et choisir leur nom.
host-seat-round = Placer la ronde { $round }
host-tables = Tables
host-proposed = proposé
host-unfair = inéquitable
host-who-sits-where = Qui s'assied où
host-order-draw = un tirage au sort (selon la graine de la soirée)
host-order-listed = dans l'ordre de la liste ci-dessus
host-cards = Cartes
host-cards-phones = toutes les tables jouent sur les téléphones des joueurs
host-cards-real = toutes les tables jouent avec de vraies cartes (scores saisis)
host-cards-switch = Chaque table peut être changée après le placement.
host-corrections = Corrections
host-corrections-closed = La soirée est clôturée : ses résultats et ses prix sont définitifs, aucun score ne peut plus être corrigé.
host-corrections-when = Les scores peuvent être corrigés une fois une ronde close, jusqu'au début de la suivante ; ceux de la dernière ronde, jusqu'à ce que vous clôturiez la soirée.
host-correction-round = Ronde
host-correction-round-n = ronde { $round }
host-correction-entry = Inscrit
host-correction-miles = { $unit ->
    [points] Points
   *[other] Milles
}
host-correction-why = Pourquoi
host-correction-why-example = { $unit ->
    [points] les bottes mal comptées
   *[other] les 3 milles mal comptés
}
host-correct = Corriger
host-correction-when = Quand
host-correction-was = Avant
host-correction-now = Après
host-correction-by = Par
host-corrected-by-host = l'hôte
host-access = Accès
host-password-change = Changer le mot de passe de l'hôte
host-password-set = Choisir un mot de passe pour l'hôte
host-password-hint = (facultatif ; au moins 8 caractères ; vide, il est supprimé)
host-save = Enregistrer
host-views-private = Le projecteur et le classement sont <strong>privés</strong> : il faut le navigateur de cette console ou le lien de visionnage.
host-views-public = Le projecteur et le classement sont <strong>publics</strong> pour quiconque a l'adresse.
host-make-public = Les rendre publics
host-make-private = Les rendre privés
host-viewer-link = Lien de visionnage (il montre le projecteur et le classement, et ne prend aucune place) :
host-viewer-link-out = Si le lien de visionnage a circulé :
host-viewer-link-new = faire un nouveau lien de visionnage
host-viewer-link-new-hint = (les QR codes et les chevalets de table restent tels quels).
host-qr-out = Si un QR code a circulé :
host-join-keys-new = faire de nouvelles clés d'entrée
host-join-keys-new-hint = (réimprimez les chevalets de table ; les places déjà prises le restent ; le lien de visionnage reste tel quel).
host-link-out = Si le lien de l'hôte a circulé :
host-token-new = faire un nouveau lien d'hôte
host-token-new-hint = (l'ancien cesse de marcher et tout autre appareil de l'hôte est déconnecté).
host-leave = Quitter la console
host-leave-hint = (déconnecte tous les appareils de l'hôte de cette soirée)
host-loopback-warning = Les téléphones des invités ne peuvent pas ouvrir cette adresse : les QR codes pointent vers cet ordinateur lui-même ({ $host }). Lancez touring avec --public-url http://<votre adresse Wi-Fi>:{ $port } ou ouvrez cette console par l'adresse réseau de l'ordinateur.

## La première ligne de la console : les réglages de la soirée, et la suite.
host-summary-table = { $players } par table
host-summary-table-partners = { $players } par table, en équipes
host-summary-minute-rounds = rondes de { $minutes } minutes
host-summary-rounds-of = rondes de { $clock }
host-summary-rounds-to-points = rondes en { $points } points (des manches jusqu'à ce qu'un camp les ait)
host-summary-rounds-of-games = rondes { $games ->
    [one] d'une partie
   *[other] de { $games } parties
}
host-summary-minutes-in-all = { $minutes } minutes en tout
host-summary-prizes = { $prizes ->
    [0] aucun prix
    [one] { $prizes } prix
   *[other] { $prizes } prix
}
host-summary-bye-average = un exempt marque la moyenne de la ronde
host-summary-bye-zero = un exempt marque 0
host-summary-turn-clock = une horloge de { $seconds } s par tour
host-summary-no-turn-clock = pas d'horloge des tours
host-summary-hazard-on-hazard = une attaque peut se poser sur une attaque
host-summary-coup-fourre = { $seconds } s pour un coup fourré après chaque attaque
host-summary = { $table }, { $round }, { $length }, { $prizes } ; { $bye } ; { $turn }
host-summary-more = { $summary } ; { $more }
host-next-closed = La soirée est clôturée : imprimez le classement final et remettez les prix.
host-next-provisional = La dernière ronde est jouée et les résultats sont provisoires : corrigez tout score erroné, puis clôturez la soirée pour les rendre définitifs.
host-next-add-guests = Ajoutez les invités : une ligne chacun (ou par équipe).
host-next-seat-first = Quand tout le monde est là, choisissez comment placer la ronde 1 et placez-la.
host-next-seated = La ronde { $round } est placée : envoyez chacun à sa table, puis donnez le signal.
host-next-seat-next = Placez la ronde suivante.
host-next-under-way = La ronde { $round } est en cours.

## Le placement de la ronde 1 : les plans proposés.
host-plan-tables = { $count ->
    [one] { $count } table de { $table }
   *[other] { $count } tables de { $table }
}
host-plan-and = { $first } et { $last }
host-plan-byes = { $plan } ; { $count ->
    [one] { $count } inscrit est exempt
   *[other] { $count } inscrits sont exempts
} à chaque ronde, à tour de rôle
host-plan-bots = { $plan } ; { $count ->
    [one] { $count } place est prise
   *[other] { $count } places sont prises
} par un robot signalé, un par table
host-plan-players = { $players } joueurs
host-plan-partnerships = { $players } joueurs ({ $count ->
    [two] deux
   *[other] trois
} équipes)
host-plan-race-of-three = { $players } joueurs (la course à 3 de { $miles } milles)
host-plan-trip-of-three = { $players } joueurs (le voyage à 3 de { $miles } bornes)
host-plan-unfair = inéquitable tant que { $why ->
    [games] les rondes se jouent en parties
    [points] les rondes se jouent aux points
   *[timed] les tables attendent le signal
} : la table { $table } ({ $size }) { $how } ; choisissez des robots ou des exempts pour donner la même course à chaque table
host-plan-unfair-shorter = court { $theirs } { $unit ->
    [points] points
   *[other] milles
} quand les autres en courent { $usual }
host-plan-unfair-shared = partage une course de { $theirs } { $unit ->
    [points] points
   *[other] milles
} entre { $sides ->
    [three] trois
   *[two] deux
} camps quand les autres en ont { $others ->
    [three] trois
   *[two] deux
}

## Le panneau de la ronde.
host-round-state = { $state ->
    [seated] placée
    [running] en cours
    [paused] en pause
    [over] finie
   *[closed] close
}
host-start-round = Lancer la ronde { $round }
host-pause = Pause
host-resume = Reprendre
host-extend-by = de
host-extend-min = min
host-extend = Prolonger
host-stop = Stop
host-stop-confirm = Arrêter la ronde { $round } maintenant ? Toutes les parties se figent.
host-table = Table
host-who = Qui
host-status = État
host-actions = Actions
host-moves-on-tag = change de table
host-status-playing = en jeu
host-status-waiting = en attente
host-status-scores-in = scores rentrés
host-status-waiting-for-scores = scores attendus
host-status-seated = placée
host-table-cards = cartes
host-table-deal = donne { $deal }
host-play-on-phones = jouer sur téléphones
host-play-with-cards = jouer avec de vraies cartes
host-score-cards = feuilles de score
host-sit-out = exempts cette ronde
host-close-round = Clore la ronde { $round }
host-close-round-and-seat = Clore la ronde { $round } et placer la suivante
host-close-how = À la clôture, le gagnant de chaque table passe à la table suivante (celui de la dernière table, à la table 1).
host-moves-on = Change de table
host-why = Pourquoi
host-who-moves-on-from = qui quitte la table { $table }
host-keep-the-cut = garder le tirage
host-overturn = Changer
host-evening-closed = La soirée est clôturée : les résultats et les prix sont définitifs. <a href="/events/{ $event }/standings">Voir le classement final</a> ou <a href="/events/{ $event }/print/standings">l'imprimer</a>.
host-evening-provisional = La dernière ronde est jouée. Les résultats sont <strong>provisoires</strong> : corrigez tout score erroné (avec sa raison) sous Corrections, puis clôturez la soirée pour rendre définitifs les résultats et les prix. <a href="/events/{ $event }/standings">Voir le classement provisoire</a>.
host-close-evening = Clôturer la soirée
host-end-now = Finir la soirée maintenant
host-end-now-confirm = Finir la soirée maintenant ? Le classement reste provisoire jusqu'à ce que vous clôturiez la soirée.
host-not-seated = Pas encore placée. Ajoutez les inscrits ci-dessous, puis placez la ronde 1.
host-decision-most = le meilleur score
host-decision-cut = à égalité entre { $tied } : le tirage au sort a désigné { $drawn }
host-decision-host = à égalité entre { $tied } : l'hôte a choisi { $chosen } (le tirage avait désigné { $drawn })
host-decision-host-as-cut = à égalité entre { $tied } : l'hôte a choisi { $drawn }, comme le tirage

## Les feuilles de score des tables en cartes.
host-cards-heading = Feuilles de score des tables en cartes
host-cards-how = Le compte de chaque camp sur chaque ligne de sa feuille, en { $unit ->
    [points] points
   *[other] milles
}. Une feuille que vous saisissez compte comme confirmée ; une feuille saisie par un joueur attend une confirmation (d'un autre camp, ou la vôtre). Un champ vide n'est pas saisi, jamais 0 : écrivez 0 pour une pile vide.
host-cards-in = { $in } feuilles sur { $count } rentrées
host-cards-in-to-confirm = { $in } feuilles sur { $count } rentrées, { $waiting } à confirmer
host-card-count = { $label } : { $count }
host-card-entered-by = saisie par { $name }
host-card-by-host = l'hôte
host-card-missing = manquante
host-card-hand = Manche { $hand } :
host-card-enter = Saisir la feuille { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
}
host-card-correct = Corriger la feuille { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
}
host-card-add-hand = Ajouter une manche
host-card-confirm = Confirmer la feuille { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
}

## Ce que dit la console après un formulaire (dans la langue de la soirée).
host-said-join-keys = Nouvelles clés d'entrée : les anciens QR codes cessent de marcher (le lien de visionnage reste). Réimprimez les chevalets de table.
host-said-viewer-key = Un nouveau lien de visionnage : l'ancien cesse de marcher (les QR codes et les chevalets restent tels quels).
host-said-host-link = Votre nouveau lien d'hôte (affiché seulement maintenant ; l'ancien cesse de marcher et les autres appareils de l'hôte sont déconnectés) :
host-said-password-removed = Le mot de passe est supprimé : seul le lien de l'hôte ouvre la console.
host-said-password-set = Mot de passe choisi : avec lui, la console s'ouvre depuis n'importe quel appareil à /events/{ $event }/login.
host-said-views-private = Le projecteur et le classement demandent maintenant le lien de visionnage (voir plus bas).
host-said-views-public = Le projecteur et le classement sont ouverts à quiconque a l'adresse.
host-said-turn-clock-on = L'horloge des tours est en marche : une place qui n'a pas joué { $seconds } s après le début de son tour le voit joué par le robot posé.
host-said-turn-clock-off = L'horloge des tours est arrêtée : les tables attendent leurs joueurs.
host-said-check-in-on = L'inscription par les invités est ouverte : chacun peut s'inscrire avec le code QR du mur jusqu'au placement de la ronde.
host-said-check-in-off = L'inscription par les invités est fermée : le code QR du mur leur dit de vous le demander.
host-said-handed-to-bot = La place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} est confiée à un robot : le robot posé de la table joue ses tours jusqu'à ce que vous la repreniez.
host-said-taken-back = { $name } retrouve sa place et joue de nouveau ses propres tours.
host-said-handed-over = La place { ELIDES($from) ->
    [yes] d'{ $from }
   *[no] de { $from }
} à la table { $table } est maintenant celle { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} : la partie continue avec la main de cette place et le score compte dans la ronde { $round }, et le lien { ELIDES($from) ->
    [yes] d'{ $from }
   *[no] de { $from }
} ne joue plus. Le lien de place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} (affiché seulement maintenant). Envoyez-le, ou faites-le scanner :
host-said-added-late = Inscription { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} à partir de la ronde { $round }, et { $missed ->
    [round_average] les rondes manquées comptent la moyenne de la ronde
   *[zero] les rondes manquées comptent 0
}.
host-said-added = Inscription ajoutée : { $name }.
host-said-entries-added = { $count ->
    [one] { $count } inscrit ajouté.
   *[other] { $count } inscrits ajoutés.
}
host-said-bot-joined = Un robot { $level ->
    [shrewd] rusé
    [random] hasardeux
   *[other] posé
} s'est joint à la soirée, signalé comme robot partout.
host-said-renamed = Renommé en { $name }.
host-said-withdrawn = Inscription retirée : son score reste acquis et elle n'est plus placée.
host-said-removed = Inscription supprimée : { $name }.
host-said-removed-seat-again = Inscription supprimée : { $name }. La ronde 1 avait été placée avec cette inscription : placez-la de nouveau.
host-said-seat-link = Le lien de place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} (affiché seulement maintenant ; ses anciens liens cessent de marcher). Envoyez-le, ou faites-le scanner :
host-said-released = La place est libre : qui l'avait est déconnecté, et elle peut être choisie de nouveau depuis le QR code de sa table.
host-said-seated = La ronde { $round } est placée. Envoyez chacun à sa table, puis donnez le signal.
host-said-seated-unfair = La ronde { $round } est placée. Attention, ce placement est { $warning }. Envoyez chacun à sa table, puis donnez le signal.
host-said-start = Le signal est donné : jouez !
host-said-pause = En pause.
host-said-resume = Le jeu reprend.
host-said-stop = Stop ! Toutes les parties sont figées et leurs scores comptent.
host-said-extend = { $minutes ->
    [one] { $minutes } minute de plus.
   *[other] { $minutes } minutes de plus.
}
host-said-table-paper = La table { $table } joue avec de vraies cartes.
host-said-table-phones = La table { $table } joue sur téléphones.
host-said-mover-chosen = Votre choix quitte la table { $table }.
host-said-mover-cut = Table { $table } : le tirage décide.
host-said-card-in = Table { $table } : la feuille est rentrée ({ $score } { $unit ->
    [points] { $score ->
        [one] point
       *[other] points
    }
   *[other] { $score ->
        [one] mille
       *[other] milles
    }
}) et confirmée.
host-said-card-refused = Table { $table } : cette feuille n'a pas été prise. Ce qui a été saisi est gardé ; voyez le message à côté de chaque champ à changer.
host-said-card-confirmed = Table { $table } : la feuille est confirmée.
host-said-closed-next = La ronde { $round } est close et les gagnants ont changé de table. La ronde { $next } est placée.
host-said-closed-over = La ronde { $round } est close. La soirée est finie : { $why }
host-said-limit-rounds = { $rounds ->
    [one] la seule ronde a été jouée : clôturez la soirée pour remettre les prix
   *[other] les { $rounds } rondes ont été jouées : clôturez la soirée pour remettre les prix
}
# L'heure et la minute (deux chiffres) de la durée limite, à l'horloge du serveur (UTC).
host-said-limit-time = la durée limite est passée à { $hour } h { $minute } UTC : aucune ronde ne commence après, clôturez donc la soirée pour remettre les prix
host-said-closed = La ronde { $round } est close.
host-said-corrected = Ronde { $round } : score { $old } → { $new }.{ $movement ->
    [changed] { " " }Les changements de table ont changé.
    [reseated] { " " }Les changements de table ont changé et la ronde suivante a été replacée.
   *[same] {""}
}
host-said-corrected-from-none = Ronde { $round } : aucun score → { $new }.{ $movement ->
    [changed] { " " }Les changements de table ont changé.
    [reseated] { " " }Les changements de table ont changé et la ronde suivante a été replacée.
   *[same] {""}
}
host-said-finished = La soirée est finie. Le classement est provisoire jusqu'à ce que vous clôturiez la soirée.
host-said-evening-closed = La soirée est clôturée : les résultats et les prix sont définitifs.

## Les questions que la console pose d'abord, sur une page à part (dans la langue du lecteur).
ask-name-taken = { $name } est déjà là
ask-name-taken-why = Le nom { $name } est déjà pris dans cette soirée. Si c'est une autre personne, donnez-lui un nom qui distingue les deux sur les chevalets, les tables et le classement (une initiale ou un nom de famille) ; si ce nom a été saisi deux fois, revenez en arrière.
ask-name-taken-yes = Ajouter cet invité
ask-name-taken-no = Retour : c'était une erreur
ask-new-link = Un nouveau lien pour { $name } ?
ask-new-link-why = La place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
} est occupée : quelqu'un a ouvert son lien ou l'a choisie depuis un QR code. Un nouveau lien arrête l'ancien, donc qui l'utilise maintenant est déconnecté et a besoin du nouveau lien.
ask-new-link-yes = Faire un nouveau lien
ask-new-link-no = Garder l'ancien
ask-close-evening = Clôturer la soirée ?
ask-close-evening-why = Clôturer la soirée rend définitifs les résultats et les prix : ensuite aucun score ne peut plus être corrigé, pas même ceux de la dernière ronde. Vérifiez d'abord le classement provisoire.
ask-close-evening-yes = Clôturer la soirée : les résultats sont définitifs
ask-close-evening-no = Pas encore

## La connexion à la console (dans la langue du lecteur).
login-title = Connexion de l'hôte
login-how = Cet appareil n'est pas encore celui de l'hôte. Ouvrez le <strong>lien de l'hôte</strong> reçu à la création de la soirée (il finit par <code>/host?token=…</code>), ou saisissez le mot de passe de l'hôte s'il y en a un.
login-password = Mot de passe de l'hôte
login-open = Ouvrir la console
login-refused = Ce lien ou ce mot de passe d'hôte n'est pas valable pour cette soirée ; ouvrez le lien de l'hôte reçu à la création de la soirée.
login-left = Vous avez quitté la console sur cet appareil.

## La page d'une demande à laquelle on n'a pas pu répondre.
error-not-found = Introuvable
error-forbidden = Pas pour ce lien
error-invalid = Cela ne convient pas
error-not-now = Pas maintenant
error-internal = Quelque chose s'est mal passé
error-status = (Erreur { $status }.)
error-go-back = Revenir en arrière
error-or = ou
error-start-again = recommencer
