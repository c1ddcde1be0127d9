# Refus des soirées, des inscrits, des invités, des séries et de leurs pages : ce qui n'allait pas et que faire.

## Les noms. $what dit de qui est le nom (l'un des messages refused-name-of-*).
refused-name-of-event = le nom de la soirée
refused-name-of-player = le nom du joueur
refused-name-of-first-partner = le nom du premier partenaire
refused-name-of-second-partner = le nom du second partenaire
refused-name-of-series = le nom de la série
refused-name-of-person = le nom de la personne
refused-name-of-corrector = le nom de qui corrige
refused-name-of-other = le nom
refused-name-empty = { $what } est vide : tapez au moins une lettre
refused-name-too-long = { $what } « { $start }… » fait { $chars } caractères ; un nom en a au plus { $max } : raccourcissez-le
refused-name-control = { $what } contient un saut de ligne, une tabulation ou un autre caractère de contrôle : tapez-le sur une seule ligne
refused-name-disguising = { $what } contient un caractère invisible qui change l'affichage du texte ({ $code }) : tapez le nom sans lui
refused-name-invisible = { $what } n'a aucun caractère visible : tapez au moins une lettre

## Les inscrits et les invités.
refused-entry-partners-needed = cette soirée se joue en équipes à des tables de { $players } : donnez les noms des deux partenaires de chaque inscrit
refused-entry-single-needed = cette soirée se joue chacun pour soi à des tables de { $players } : donnez un seul nom par inscrit
refused-missed-rounds-choice = « { $word } » n'est pas un choix pour les rondes qu'un retardataire a manquées : envoyez « zero » (elles comptent 0) ou « round_average » (chacune compte la moyenne de la ronde)
refused-guests-empty = la liste est vide : tapez un invité par ligne
refused-guests-too-many = la liste compte { $count } invités ; collez-en au plus { $max } à la fois
refused-guests-line-partners = ligne { $line } (« { $text } ») : cette soirée place des équipes : écrivez les deux partenaires sous la forme « Ann & Bob »
refused-guests-line-single = ligne { $line } (« { $text } ») : cette soirée place des joueurs seuls : mettez chaque invité sur sa propre ligne
refused-guests-line-name = ligne { $line } : { $reason }
refused-guests-line-twice = ligne { $line } : « { $name } » est déjà à la ligne { $first } : ajoutez une initiale ou un nom de famille pour les distinguer
refused-guests-line-taken = ligne { $line } : le nom « { $theirs } » est déjà pris dans cette soirée : ajoutez une initiale ou un nom de famille (« { $name } B. ») pour les distinguer, ou retirez la ligne
refused-guests-nobody-added = personne n'a été ajouté ; corrigez la liste et renvoyez-la : { $problems }
refused-guests-nobody-added-many = personne n'a été ajouté : la liste a { $count } problèmes ; les { $named } premiers : { $problems } ; et { $more ->
    [one] 1 autre
   *[other] { $more } autres
} : corrigez ceux-ci et renvoyez la liste pour voir la suite
refused-list-and = { $first } ; { $next }
refused-guests-cap = cette soirée a { $have ->
        [one] 1 inscrit
       *[other] { $have } inscrits
    } et la liste en ajoute { $adds } : ce serveur en accepte au plus { $cap } (son réglage --max-entries permet davantage)
refused-entries-cap = cette soirée a déjà { $cap } inscrits, le maximum que ce serveur accepte ; son réglage --max-entries permet davantage
refused-partners-same-name = les deux partenaires s'appellent « { $name } » : ajoutez une initiale ou un nom de famille pour les distinguer
refused-name-taken = le nom « { $name } » est déjà pris dans cette soirée : ajoutez une initiale ou un nom de famille (« { $name } B. ») pour que les chevalets, les tableaux et le classement les distinguent
refused-event-over-entries = la soirée est finie ; plus d'inscriptions
refused-no-such-entry = cette soirée n'a pas d'inscrit { $entry }
refused-no-such-player = cette soirée n'a pas de joueur { $player }
refused-entry-seated = { $names } { $count ->
        [one] figure
       *[other] figurent
    } dans le placement de la ronde { $round } et { $count ->
        [one] reste
       *[other] restent
    } donc dans les résultats : retirez plutôt { $count ->
        [one] ce joueur
       *[other] cette équipe
    } (ce qui a été marqué reste acquis, sans nouveau placement)
refused-no-bot-level = il n'y a pas de niveau de robot « { $level } » : choisissez random, steady ou shrewd
refused-late-guest = le retardataire : { $reason }
refused-entry-no-name = donnez un nom à l'inscrit
refused-entry-names-count = un inscrit est un joueur seul ou une équipe de deux : donnez un ou deux noms

## Passer une place à un retardataire.
refused-handover-over = la soirée est finie : il n'y a plus de place à passer
refused-handover-partners = dans une soirée en équipes, un retardataire ne peut pas prendre la place d'un partenaire : passez plutôt la place à un robot (l'équipe continue et garde son score)
refused-handover-bot = cette place est celle d'un robot : ajoutez plutôt le retardataire, le prochain placement le placera
refused-handover-withdrawn = { $name } a déjà quitté la soirée : sa place n'est plus à passer
refused-handover-no-round = aucune ronde n'est en cours : ajoutez plutôt le retardataire, le prochain placement le placera
refused-handover-not-started = la ronde { $round } n'a pas commencé : retirez { $name } et ajoutez plutôt le retardataire, le placement sera refait avec lui
refused-handover-bye = { $name } ne joue pas la ronde { $round } (exemption) : il n'y a pas de place à passer

## Les soirées et leurs réglages.
refused-host = ce lien d'hôte ou ce mot de passe ne vaut pas pour cette soirée ; ouvrez le lien d'hôte reçu à la création de la soirée
refused-no-such-event = il n'y a pas de soirée { $event }
refused-private-event = l'hôte garde cette soirée privée : ajoutez la clé de visionnage (?key=...) ou le jeton de l'hôte
refused-settings-event-over = la soirée est finie ; ses réglages ne peuvent plus changer (seulement sa langue, pour les pages imprimées)
refused-settings-started = la soirée a commencé : seuls le nom, les prix, la durée des rondes, l'horloge des tours, la longueur de la soirée et sa langue peuvent encore changer
refused-settings-entries-in = des inscrits sont déjà là : passer des équipes aux joueurs seuls (ou l'inverse) ne leur irait pas ; retirez-les d'abord ou gardez la taille des tables
refused-settings-none = les réglages ont été refusés
refused-settings-table-size = une table accueille 2 ou 3 joueurs chacun pour soi, ou 4 ou 6 joueurs en équipes, pas { $players } : choisissez 2, 3, 4 ou 6
refused-settings-round-length = une ronde chronométrée dure de { $min } à { $max }, pas { $asked } : choisissez une durée dans cet intervalle
refused-settings-games = une ronde en parties joue 1 ou 2 parties à chaque table, pas { $games } : choisissez 1 ou 2
refused-settings-points = une ronde aux points joue la partie entière du Mille Bornes, en { $game } points, pas { $points } : choisissez { $game }
refused-settings-points-elsewhere = les rondes en { $game } points sont la partie entière du Mille Bornes ; cette soirée joue à { $rules } : choisissez des rondes chronométrées ou en parties, ou choisissez le Mille Bornes
refused-settings-rounds = une soirée a de 1 à { $max } rondes, pas { $rounds } : choisissez un nombre dans cet intervalle
refused-settings-time-limit = la durée limite doit aller de { $min } à { $max }, pas { $asked } : choisissez une limite dans cet intervalle
refused-settings-limit-shorter = la durée limite ({ $limit }) est plus courte qu'une ronde ({ $round }) : allongez la limite ou raccourcissez les rondes
refused-settings-prizes = le nombre de prix va de 0 à { $max }, pas { $prizes } : choisissez un nombre dans cet intervalle
refused-settings-other-rules-options = les options données sont celles de { $options } ; cette soirée joue à { $rules } : retirez-les ou choisissez { $options }
refused-settings-option = { $problem }
refused-settings-turn-length = un tour de l'horloge des tours dure de { $min } à { $max } secondes, pas { $seconds } : choisissez un nombre de secondes dans cet intervalle, ou arrêtez l'horloge
refused-unknown-rules = règles inconnues « { $asked } » ; les règles disponibles sont : { $available }
refused-unknown-rules-form = règles inconnues « { $asked } » : choisissez l'un des jeux que le formulaire propose
refused-language-field = « language » : il n'y a pas de langue « { $text } » ici : la langue de la soirée est l'une de { $offered }
refused-paper-both = envoyez soit counts (une feuille d'une seule manche), soit hands (une liste de manches), pas les deux
refused-paper-nothing = rien n'a été saisi : envoyez hands, une liste avec les comptes de chaque manche (ou counts pour une feuille d'une seule manche)

## Les mots de passe.
refused-password-short = choisissez un mot de passe d'au moins { $min } caractères
refused-password-long = un mot de passe d'au plus { $max } caractères suffit largement

## Les rediffusions.
refused-no-such-deal = il n'y a pas de donne { $deal } finie à la table { $table } de la ronde { $round } : choisissez-en une dans la liste des rediffusions
refused-replay-step = cette donne a les étapes 0 à { $steps } ; il n'y a pas d'étape { $step } : choisissez une étape de 0 (telle que distribuée) à { $steps } (telle qu'elle a fini)
refused-replay-round-not-number = la ronde, dans l'adresse d'une rediffusion, est un nombre (…/replays/RONDE/TABLE/DONNE), pas « { $text } » : choisissez la donne dans la liste des rediffusions
refused-replay-table-not-number = la table, dans l'adresse d'une rediffusion, est un nombre (…/replays/RONDE/TABLE/DONNE), pas « { $text } » : choisissez la donne dans la liste des rediffusions
refused-replay-deal-not-number = la donne, dans l'adresse d'une rediffusion, est un nombre (…/replays/RONDE/TABLE/DONNE), pas « { $text } » : choisissez la donne dans la liste des rediffusions
refused-replay-step-not-number = l'étape est un nombre à partir de 0 (la donne telle que distribuée), pas « { $text } » : utilisez les liens première, précédente, suivante et dernière

## Les séries.
refused-series-host = ce jeton n'est pas le jeton d'hôte de cette série : envoyez le jeton d'hôte propre à la série (celui donné à sa création) en Authorization: Bearer
refused-series-host-page = cet appareil n'est pas l'hôte de cette série : ouvrez le lien d'hôte de la série (il finit par /host?token=…), donné à sa création
refused-no-such-series = il n'y a pas de série { $series }
refused-member-card = cette carte de membre ne vaut pas pour cette série (l'hôte en a peut-être imprimé de nouvelles) : demandez votre carte à l'hôte, ou ouvrez votre page depuis votre lien de place
refused-evening-in-no-series = cette soirée n'est dans aucune série : elle n'a pas de saison à montrer (votre page de place montre la soirée)
refused-player-not-in-series = le joueur { $player } n'a joué à aucune soirée de la série { $series } : utilisez l'identifiant d'un joueur de l'une de ses soirées (GET /api/v1/events/{"{"}event{"}"}/entries)
refused-series-best-out-of-range = count_best vaut { $n } : comptez les 1 à { $max } meilleures soirées
refused-series-best-without-number = « count » : « best » demande count_best, le nombre de soirées à compter (par exemple 5)
refused-series-number-without-best = count_best va avec « count » : « best », pas « { $count } » : retirez count_best ou demandez les meilleures soirées
refused-series-unknown-counting = « count » vaut « { $count } » : il doit valoir « total », « best » ou « average »
refused-series-best-more-than-held = la série a tenu { $held ->
        [one] 1 soirée
       *[other] { $held } soirées
    }, on ne peut donc pas en compter les { $n } meilleures : comptez-en { $held } au plus, ou changez-le quand d'autres soirées auront eu lieu
refused-series-linked-to-themselves = « { $name } » ne peut pas être lié à lui-même : nommez deux personnes différentes
refused-series-already-one-person = « { $name } » et « { $other } » sont déjà une seule personne : rien à lier
refused-series-no-such-person = « { $name } » n'est encore personne dans cette série : utilisez un nom de sa liste de personnes
refused-series-not-linked = « { $name } » n'est lié à personne : il n'y a rien à séparer
refused-series-unknown-prize = « { $prize } » n'est pas un prix : choisissez parmi « booby », « most_rounds_won », « best_round », « most_tables » et « perfect_attendance »
refused-series-attendance-is-seasonal = « perfect_attendance » est un prix de saison (chacun assiste à sa propre soirée) : demandez-le dans les prix de la saison

## Les pages.
refused-no-page = il n'y a pas de page à { $path } : vérifiez le lien, ou partez de la page d'accueil
refused-address-query = l'adresse de cette page a, après le « ? », quelque chose qu'elle ne sait pas lire (un nombre qui n'en est pas un, ou une chose donnée deux fois) : vérifiez le lien, ou rouvrez la page depuis le projecteur ou la console
refused-print-page = cette impression n'a pas de page { $page } : ses pages vont de 1 à { $pages } ; rouvrez-la depuis la console
refused-form-expired = ce formulaire a expiré (ou vient d'un autre site) : rechargez la page et réessayez
refused-private-standings = l'hôte garde le classement privé : imprimez-le depuis la console de l'hôte
refused-private-page = l'hôte garde cette page privée : ouvrez-la depuis la console de l'hôte, ou avec le lien de visionnage
refused-not-whole-number = { $what } doit être un nombre entier, pas « { $text } »
refused-no-page-number = il n'y a pas de page à { $path } : vérifiez le lien (les numéros de soirée sont des nombres entiers)
refused-form-too-slow = le formulaire est arrivé trop lentement ; rien n'a été enregistré : renvoyez-le
refused-form-too-large = le formulaire envoyé est trop long ; raccourcissez ce que vous avez tapé
refused-form-unreadable = le formulaire n'a pas pu être lu ; rechargez la page et réessayez
refused-form-does-not-fit = le formulaire ne convient pas ({ $problem }) ; rechargez la page et réessayez

## Les champs de formulaire nommés dans refused-not-whole-number.
refused-field-player = le joueur
refused-field-table = la table
refused-field-move-position = la position du coup
refused-field-side = le camp
refused-field-seat = la place
refused-field-evening = la soirée
refused-field-best-evenings = le nombre de meilleures soirées
refused-field-turn-seconds = la durée d'un tour en secondes
refused-field-extra-minutes = les minutes de plus
refused-field-round = la ronde
refused-field-entry = l'inscrit
refused-field-miles = les bornes

## Les refus de l'API JSON pour une requête qu'elle ne peut pas prendre.
refused-api-nothing-here = il n'y a rien à { $method } { $path } ; l'API est décrite à /api/openapi.json
refused-api-body-too-large = le corps de la requête dépasse { $max } octets ; rien n'a été enregistré
refused-api-body-too-slow = le corps de la requête est arrivé trop lentement ; rien n'a été enregistré : renvoyez-le
refused-api-body-content-type = envoyez le corps en JSON avec Content-Type: application/json
refused-api-body-not-json = le corps de la requête n'est pas du JSON valide ({ $problem }) ; envoyez un objet JSON, comme décrit à /api/openapi.json
refused-api-body-does-not-fit = le corps JSON ne convient pas : { $problem } ; rien n'a été enregistré (les champs sont décrits à /api/openapi.json)
refused-api-body-not-object = le corps JSON est { $kind ->
        [list] une liste
        [text] une chaîne de caractères
        [number] un nombre
        [boolean] un booléen
       *[null] null
    }, pas un objet : envoyez un seul objet JSON avec les champs décrits à /api/openapi.json ; rien n'a été enregistré
refused-api-body-repeated-key = la clé « { $key } » figure deux fois dans un même objet du corps JSON : donnez chaque clé une seule fois ; rien n'a été enregistré
refused-api-body-unreadable = le corps de la requête n'a pas pu être lu : { $problem }
refused-api-address = l'adresse { $path } n'est pas valide ({ $problem }) : les identifiants et les nombres d'une adresse sont des nombres entiers, comme /api/v1/events/1/rounds/2
refused-api-method = { $method } n'est pas accepté sur { $path } : utilisez { $allowed } (l'API est décrite à /api/openapi.json)
refused-api-method-name = { $name }
refused-list-or = { $first } ou { $next }
refused-api-query = la chaîne de requête n'est pas valide : { $problem }
