# Ce que partagent les plateaux de tous les jeux : titres, piles, la main et ses coups, les
# derniers coups. $subject dit qui agit : « you » (le lecteur), « one » (un joueur) ou « many »
# (des partenaires), pour l'accord des verbes ; $deal vaut « race » (Touring) ou « hand »
# (Mille Bornes).

board-side-n = camp { $side }
board-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
board-you = Vous
board-seat-n = Place { $seat }
board-seat-n-lower = place { $seat }
board-stand-in-clock = { $subject ->
    [you] Votre temps est écoulé : le coup { $move } a été joué par l'horloge des tours.
   *[other] Le temps { ELIDES($who) ->
       [yes] d'{ $who }
      *[no] de { $who }
   } est écoulé : le coup { $move } a été joué par l'horloge des tours.
}
board-stand-in-bot = { $subject ->
    [you] Votre coup { $move } : joué par un robot pour l'organisateur.
   *[other] Coup { $move } { ELIDES($who) ->
       [yes] d'{ $who }
      *[no] de { $who }
   } : joué par un robot pour l'organisateur.
}
board-won-you = Vous avez gagné { $deal ->
    [hand] cette manche
   *[race] cette course
} !
board-won = { $names } { $subject ->
    [many] ont
   *[one] a
} gagné { $deal ->
    [hand] cette manche
   *[race] cette course
}.
board-over = { $deal ->
    [hand] La manche
   *[race] La course
} est terminée.
board-over-level = { $deal ->
    [hand] La manche
   *[race] La course
} est terminée : égalité en tête.
board-table-waits = la table attend.
board-your-turn = À vous de jouer.
board-to-play = À { $name } de jouer.
board-deal-heading = Donne { $deal } : { $whose }
board-side-miles = { $miles } mi
# Les milles d'un camp tels qu'un lecteur d'écran les dit (la page montre « 450 mi »).
board-side-miles-said = Milles : { $miles } sur { $target }
# Le titre d'un camp en une phrase pour un lecteur d'écran (la page montre les étiquettes
# « vous » et « à jouer » à côté des noms).
board-side-yours-to-play = { $names }, à vous de jouer
board-side-yours = { $names } (vous)
board-side-to-play = Au tour { ELIDES($names) ->
    [yes] d'{ $names }
   *[no] de { $names }
}
# Le nom unique d'une carte pour un lecteur d'écran et son info-bulle : son nom et, entre
# parenthèses, sa sorte.
board-card-label = { $name } ({ $kind })
board-pack = Pioche : { $cards }
board-discard-pile = Défausse : { $cards }
board-discard-pile-top = Défausse : { $cards }, { $top } dessus
board-go-pile-top = Pile de départ : { $top } dessus
board-go-pile-empty = Pile de départ : vide
board-your-hand = Votre main
board-tap-a-card = : touchez une carte pour la jouer
board-your-cards = vos cartes
board-your-moves = vos coups
board-mean-it = Oui, je le veux : { $warning }.
board-lately = Derniers coups
