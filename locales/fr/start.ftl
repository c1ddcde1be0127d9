# La page de départ : le formulaire qui crée une soirée (dans la langue du lecteur), et le nom des jeux.

## Les jeux, par leur identifiant.
game-touring-1926 = Touring (1926)
game-touring-1958 = Touring (1937-1958)
game-mille-bornes = Mille Bornes

## La page de départ.
start-title = Touring progressif
start-heading = Touring progressif
start-intro = Organisez une soirée de <strong>Touring progressif</strong>, comme Parker Brothers la décrivait en 1926 : plusieurs tables jouent au jeu de cartes automobile Touring en rondes chronométrées qui commencent et s'arrêtent au même signal. Au signal, les milles de chaque joueur sont notés et le gagnant de chaque table passe à la table suivante. Après la dernière ronde, le plus grand total de milles remporte le premier prix.
start-intro-how = Chaque table joue sur les téléphones des joueurs (le programme tient les règles) ou avec de vraies cartes (les scores sont saisis). Un projecteur montre l'horloge ; le classement s'imprime proprement.
start-create = Créer une soirée
start-name = Nom de la soirée
start-name-example = Le Touring du vendredi chez les Martin
start-game = Le jeu
start-players = Joueurs par table
start-players-2 = 2, chacun pour soi
start-players-2-hint = (la formule préférée de la règle)
start-players-3 = 3, chacun pour soi
start-players-3-touring = (Touring : une course plus courte, 30 milles en 1926, 295 en 1937-1958)
start-players-3-mille-bornes = (Mille Bornes : le même voyage de 700 bornes avec l'Allonge)
start-players-4 = 4, deux équipes
start-players-4-hint = (les partenaires avancent ensemble<span data-for-rules="mille-bornes"> ; Mille Bornes : un voyage de 1 000 bornes</span>)
start-players-6 = 6, trois équipes
start-round = Chaque ronde
start-round-timed = Chronométrée : toutes les tables commencent et s'arrêtent au signal
start-round-minutes = Minutes par ronde
start-round-games = En parties : chaque table joue ses parties, puis attend
start-round-games-mille-bornes = (Mille Bornes : une partie est une manche)
start-games = Parties par ronde
start-games-1 = une partie
start-games-2 = deux parties
start-round-points = Mille Bornes : en { $points } points, des manches jusqu'à ce qu'un camp les ait
start-round-points-hint = (la partie entière, comme dans la boîte : pour une soirée d'une seule table)
start-turn-clock-hint = (une place qui laisse filer son tour le voit joué par le robot posé ; aucune règle du jeu ne change)
start-turn-clock-default = Par défaut : une minute par tour dans les rondes chronométrées, aucune dans les rondes en parties
start-turn-clock-on = En marche, avec ce nombre de secondes par tour :
start-check-in-hint = (vous voyez chaque inscription dans la console et pouvez la retirer avant le placement)
start-length = Durée de la soirée
start-length-rounds = Un nombre de rondes
start-rounds = Rondes
start-length-time = Une durée limite pour la soirée
start-limit-minutes = Minutes en tout
start-prizes = Prix
start-more = Plus de réglages
start-after-race = Quand la course d'une table finit avant le signal
start-after-race-hint = (au Mille Bornes, sa manche)
start-after-race-deal = redonner aussitôt ; les scores s'additionnent
start-after-race-wait = la table attend le signal
start-remainder = Quand le nombre d'inscrits ne remplit pas des tables entières
start-remainder-mixed = une table d'une autre taille (par exemple une table de trois)
start-remainder-byes = des exempts : quelqu'un ne joue pas à chaque ronde, à tour de rôle
start-remainder-bots = des robots occupent les places vides (clairement signalés)
start-bye-score = Ce que marque un exempt
start-bye-average = la moyenne de la ronde (le score de tous divisé par le nombre de joueurs, arrondi à l'inférieur)
start-bye-zero = rien (0)
start-seed = Graine
start-seed-hint = (laissez vide pour une graine au hasard ; la même graine donne les mêmes tirages)
start-create-button = Créer la soirée
start-series = La saison d'un club
start-series-how = Une série regroupe les soirées d'un club : les mêmes invités semaine après semaine, leur classement sur la saison, les prix du club. Créez la série une fois, puis chaque soirée depuis sa console.
start-series-name = Le nom de la série
start-series-make = Créer la série
start-ready = Votre soirée est prête. Gardez ce lien d'hôte : c'est le seul moyen de revenir à cette console depuis un autre appareil (il n'est affiché que maintenant).
start-settings-to-change = { $count ->
    [one] Un réglage est à changer : voyez le message à côté, plus bas.
   *[other] { $count } réglages sont à changer : voyez les messages à côté, plus bas.
}

## Ce qui ne va pas dans le formulaire de départ, à côté de chaque champ.
start-error-number = { $what } doit être un nombre entier, pas « { $text } » : { $range }
start-range = de { $min } à { $max }
start-range-table-size = choisissez 2, 3, 4 ou 6
start-range-games = choisissez 1 ou 2
start-what-table-size = le nombre de joueurs par table
start-what-games = le nombre de parties par ronde
start-what-round-minutes = la durée de la ronde en minutes
start-what-limit-minutes = la durée de la soirée en minutes
start-what-rounds = le nombre de rondes
start-what-turn-seconds = le nombre de secondes par tour
start-what-prizes = le nombre de prix
option-about-coup_fourre_seconds = le nombre de secondes que chaque table attend après chaque attaque pour un éventuel coup fourré
start-error-seed = la graine doit être un nombre entier, pas « { $text } »
start-error-language = il n'y a pas de langue « { $text } » ici : choisissez-en une de la liste
start-error-name-empty = le nom de la soirée est vide : tapez au moins une lettre
start-error-table-size = une table accueille 2 ou 3 joueurs chacun pour soi, ou 4 ou 6 joueurs en équipes, pas { $players } : choisissez 2, 3, 4 ou 6
start-error-round-length = une ronde chronométrée dure de { $min } à { $max }, pas { $asked } : choisissez une durée dans cet intervalle
start-error-games = une ronde en parties joue 1 ou 2 parties à chaque table, pas { $games } : choisissez 1 ou 2
start-error-points = une ronde aux points joue la partie entière du Mille Bornes, en { $game } points, pas { $points } : choisissez { $game }
start-error-points-elsewhere = les rondes en { $game } points sont la partie entière du Mille Bornes ; cette soirée joue à { $rules } : choisissez des rondes chronométrées ou en parties, ou choisissez le Mille Bornes
start-error-rounds = une soirée a de 1 à { $max } rondes, pas { $rounds } : choisissez un nombre dans cet intervalle
start-error-time-limit = la durée limite doit aller de { $min } à { $max }, pas { $asked } : choisissez une limite dans cet intervalle
start-error-limit-shorter = la durée limite ({ $limit }) est plus courte qu'une ronde ({ $round }) : allongez la limite ou raccourcissez les rondes
start-error-prizes = le nombre de prix va de 0 à { $max }, pas { $prizes } : choisissez un nombre dans cet intervalle
start-error-turn-length = un tour de l'horloge des tours dure de { $min } à { $max } secondes, pas { $seconds } : choisissez un nombre de secondes dans cet intervalle, ou arrêtez l'horloge
start-hours = { $count } h
start-minutes = { $count } min
start-seconds = { $count } s

## Les options du Mille Bornes sur la page de départ.
start-mb-options = Options du Mille Bornes
start-mb-hazard-on-hazard = Une attaque peut se poser sur une attaque
start-mb-hazard-on-hazard-hint = (la règle de 1988 ; seule celle du dessus compte)
start-mb-coup-fourre = Secondes que chaque table attend après une attaque pour un coup fourré
start-mb-coup-fourre-hint = (de 5 à 15, les mêmes pour chaque table et chaque attaque)
