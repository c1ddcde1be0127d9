# Mille Bornes : les cartes sous les noms de la boîte française, et les mots du plateau.

mb-card-d25 = 25 bornes
mb-card-d50 = 50 bornes
mb-card-d75 = 75 bornes
mb-card-d100 = 100 bornes
mb-card-d200 = 200 bornes
mb-card-out_of_gas = Panne d'essence
mb-card-flat_tire = Crevaison
mb-card-accident = Accident
mb-card-speed_limit = Limite de vitesse
mb-card-stop = Feu rouge
mb-card-gasoline = Essence
mb-card-spare_tire = Roue de secours
mb-card-repairs = Réparations
mb-card-end_of_limit = Fin de limite de vitesse
mb-card-roll = Feu vert
mb-card-extra_tank = Citerne d'essence
mb-card-puncture_proof = Increvable
mb-card-driving_ace = As du volant
mb-card-right_of_way = Véhicule prioritaire

## La sorte de carte, sous son nom dans une main.
mb-kind-miles = Bornes
mb-kind-hazard = Attaque
mb-kind-speed-limit = Limite de vitesse
mb-kind-remedy = Parade
mb-kind-roll = Feu vert
mb-kind-safety = Botte

## Le plateau.
mb-hand-heading = Manche { $hand } : { $whose }
mb-draw-pile = Pioche : { $cards }
mb-trip = Étape de { $target } bornes
mb-hazard-on-hazard = attaque sur attaque permise
mb-side-score = { $distance }/{ $target } bornes · { $points } pts
# Le score d'un camp tel qu'un lecteur d'écran le dit (la page montre « 450/1000 bornes · 300 pts »).
mb-side-score-said = Bornes : { $distance } sur { $target } ; { $points } { $points ->
    [one] point
   *[other] points
}
mb-speed-pile = Pile de vitesse : { $speed }
mb-safeties = Bottes : { $safeties }
mb-pile-empty = vide
mb-battle-pile-travel = Pile de bataille : { $top } (peut rouler)
mb-battle-pile-stopped = Pile de bataille : { $top } (arrêté)
mb-speed-limited = Limite de vitesse : 25 et 50 seulement
mb-no-limit = pas de limite
mb-no-safety = aucune
mb-safety-coup-fourre = { $card } (coup fourré, en travers)
# Une pile de distance, sous son compte : « de 25 ».
mb-pile-of = de { $miles }
# Une pile de distance telle qu'un lecteur d'écran la dit : « Cartes de 25 bornes : 2 ».
mb-pile-said = Cartes de { $miles } bornes : { $count }

## Les attentes d'une décision (les secondes restantes suivent).
mb-wait-coup-fourre-you-hold = Coup fourré ? Vous avez { $card } :
mb-wait-coup-fourre = Coup fourré ?
mb-wait-others = La table attend un éventuel coup fourré, comme après chaque attaque :
mb-wait-extension-you = Vous avez atteint 700 : s'arrêter là ou allonger à 1 000 ?
mb-wait-extension-other = { $who } { $subject ->
    [many] ont
   *[other] a
} atteint 700 : s'arrêter là ou allonger à 1 000 ?

## Les coups, en boutons.
mb-move-discard = Défausser { $card }
mb-move-on = { $card } sur { $names }
mb-move-play = Jouer { $card }
mb-move-coup-fourre = Coup fourré !
mb-move-let-it-go = Laisser passer
mb-move-extend = Allonger à 1 000 bornes
mb-move-stop-at-700 = S'arrêter à 700 bornes

## Les derniers coups.
mb-recent-you-drew = Vous avez pioché { $card }.
mb-recent-played = { $subject ->
    [you] Vous avez joué { $card }.
    [many] { $who } ont joué { $card }.
   *[one] { $who } a joué { $card }.
}
mb-recent-hazard = { $subject ->
    [you] Vous avez joué { $card } sur { $names }.
    [many] { $who } ont joué { $card } sur { $names }.
   *[one] { $who } a joué { $card } sur { $names }.
}
mb-recent-safety = { $subject ->
    [you] Vous avez joué { $card } et rejouez.
    [many] { $who } ont joué { $card } et rejouent.
   *[one] { $who } a joué { $card } et rejoue.
}
mb-recent-coup-fourre = { $subject ->
    [you] Coup fourré ! Vous avez joué { $card } et rejouez.
    [many] Coup fourré ! { $who } ont joué { $card } et rejouent.
   *[one] Coup fourré ! { $who } a joué { $card } et rejoue.
}
mb-recent-rid-of = { $names } { $subject ->
    [many] sont débarrassés
   *[one] est débarrassé
} de la carte { $card }.
mb-recent-turn-lost = { $subject ->
    [you] Vous avez passé un tour.
    [many] { $who } ont passé un tour.
   *[one] { $who } a passé un tour.
}
mb-recent-discarded = { $subject ->
    [you] Vous avez défaussé { $card }.
    [many] { $who } ont défaussé { $card }.
   *[one] { $who } a défaussé { $card }.
}
mb-recent-extension = { $names } { $subject ->
    [many] annoncent
   *[one] annonce
} l'allonge : 1 000 bornes !
mb-recent-stopped-at-700 = { $names } { $subject ->
    [many] s'arrêtent
   *[one] s'arrête
} à 700 bornes.
mb-recent-trip-completed = { $names } { $subject ->
    [many] ont
   *[one] a
} terminé l'étape !
mb-recent-hand-over = Toutes les cartes sont jouées : la manche est terminée.

## Un coup que le moteur du Mille Bornes refuse. $card, $needed, $safety et $top sont des noms
## de cartes, $target un camp ; $yes et $no les deux réponses à une décision telles que le coup
## les envoie (JSON).
refused-mb-hand-over = la manche est finie
refused-mb-waiting = la table attend un instant après une attaque ; jouez quand ce sera votre tour
refused-mb-coup-fourre-pending = un coup fourré peut être annoncé maintenant : répondez { $yes } ou { $no }
refused-mb-extension-pending = votre camp a atteint 700 bornes : répondez { $yes } ou { $no }
refused-mb-no-coup-fourre = il n'y a pas de coup fourré à annoncer maintenant
refused-mb-no-extension = il n'y a pas d'allonge à décider maintenant : seul un camp qui atteint exactement 700 bornes en décide
refused-mb-protected = le camp { $target } a joué { $safety }, qui le met à l'abri { ELIDES($card) ->
    [yes] d'{ $card }
   *[no] de { $card }
} jusqu'à la fin de la manche
refused-mb-already-limited = le camp { $target } a déjà une Limite de vitesse
refused-mb-not-rolling = { $card } ne se pose que sur un Feu vert (ou, contre un camp qui a le Véhicule prioritaire, sur une pile de bataille vide ou une parade), et la pile de bataille du camp { $target } montre { $top }
# Ce que montre une pile de bataille vide ($top de refused-mb-not-rolling).
refused-mb-nothing = rien
refused-mb-hazard-on-hazard = le camp { $target } est déjà arrêté par { $top } : une attaque ne se pose pas sur une attaque (jouez avec l'option de 1988 pour le permettre)
refused-mb-nothing-to-mend = { $card } pare { $needed }, et votre pile de bataille n'en montre pas
refused-mb-not-limited = la Fin de limite de vitesse se pose sur votre propre Limite de vitesse, et votre pile de vitesse n'en montre aucune
refused-mb-cannot-roll = le Feu vert se pose sur une pile de bataille vide, un Feu rouge ou une parade ; la vôtre montre { $top }
refused-mb-not-moving = pour avancer, il faut un Feu vert sur votre pile de bataille, ou le Véhicule prioritaire sans attaque dessus
refused-mb-speed-limited = une Limite de vitesse est sur votre pile de vitesse : seules les cartes de 25 et 50 bornes peuvent être jouées
refused-mb-two-hundreds-used = votre camp a déjà joué deux cartes de 200 bornes : le plus qu'une manche permette
# $would : les bornes qu'atteindrait le camp ; $trip : les bornes de l'étape.
refused-mb-past-the-trip = { $card } mènerait votre camp à { $would } bornes, au-delà de l'étape de { $trip } bornes

## Une feuille de marque sur papier qui ne tombe pas juste.
refused-mb-paper-sides = cette table a { $expected } camps, mais la feuille en a { $given }
refused-mb-paper-miles-25s = camp { $side } : les bornes vont de 25 en 25, donc { $miles } ne peut pas être juste
refused-mb-paper-miles-past-trip = camp { $side } : { $miles } bornes, c'est plus que le voyage de { $trip }
refused-mb-paper-yes-no = camp { $side } : la ligne « { $row } » vaut oui (1) ou non (0), pas { $count }
refused-mb-paper-safeties = camp { $side } : il n'y a que quatre bottes, pas { $count }
refused-mb-paper-coups = camp { $side } : { $coups } coups fourrés mais seulement { $safeties } bottes jouées
refused-mb-paper-safeties-pack = les camps ont { $count } bottes à eux tous, mais le jeu n'en compte que quatre
refused-mb-paper-two-trips = les camps { $first } et { $second } ont tous deux achevé le voyage, mais un seul camp le peut
refused-mb-paper-trip-miles = camp { $side } : un voyage achevé compte { $trip } bornes, pas { $miles }
refused-mb-paper-trip-miles-extension = camp { $side } : un voyage achevé compte { $trip } bornes (ou 1 000 après une allonge), pas { $miles }
refused-mb-paper-bonus-without-trip = camp { $side } : « { $row } » est une prime du voyage achevé, que ce camp n'a pas achevé
refused-mb-paper-not-shut-out = camp { $side } : le capot demande que tous les autres camps soient à 0 borne
refused-mb-paper-no-extension = camp { $side } : il n'y a pas d'allonge dans une partie de { $trip } bornes
refused-mb-paper-extension-missing = camp { $side } : un voyage de 1 000 bornes dans une partie de 700 était une allonge, donc sa ligne d'allonge vaut oui
refused-mb-paper-extension-after-stop = camp { $side } : le voyage s'est arrêté à 700, donc personne n'a de prime d'allonge
refused-mb-paper-not-extended = camp { $side } : { $miles } bornes, c'est au-delà de 700, ce que seule une manche allongée permet

## Une option du formulaire hors de ses bornes.
refused-mb-option-coup-fourre-seconds = l'attente d'un Coup fourré dure de { $min } à { $max } secondes, pas { $seconds } : choisissez un nombre de secondes dans cet intervalle
