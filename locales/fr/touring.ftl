# Les deux jeux de Touring (1926 et 1958) : les mots du plateau et le nom des cartes.
# $card, $taken et $needs sont des noms de cartes (plus bas) ; $names les joueurs d'un camp ;
# $who « Vous » ou les joueurs d'une place, et $subject « you », « one » ou « many » (voir
# boards.ftl) pour l'accord des verbes.

## Ce que les deux plateaux disent de même.
tour-status-running = roule
tour-status-not-started = attend une carte En route pour partir
tour-status-delayed = retardé : attend { $needs }
# Les cartes qu'attend un camp retardé, l'une après l'autre : « Essence, puis En route ».
tour-then = { $first }, puis { $next }
# Des cartes prises ensemble : « 10 milles et 5 milles ».
tour-and = { $first } et { $next }
# Une pile de milles, sous son compte et son quota : « de 1 », « de 25 ».
tour-pile-of = de { $miles }
# Une pile de milles telle qu'un lecteur d'écran la dit : « Cartes de 10 milles : 2 sur 4 ».
tour-pile-said = Cartes de { $miles } { $miles ->
    [one] mille
   *[other] milles
} : { $count } sur { $quota }
tour-move-discard = Défausser { $card }
tour-move-play = Jouer { $card }
tour-move-on = { $card } sur { $names }
tour-move-on-taking = { $card } sur { $names }, en prenant { $taken }
tour-recent-you-drew = Vous avez pioché { $card }.
tour-recent-played = { $subject ->
    [you] Vous avez joué { $card }.
    [many] { $who } ont joué { $card }.
   *[one] { $who } a joué { $card }.
}
tour-recent-played-on = { $subject ->
    [you] Vous avez joué { $card } sur { $names }.
    [many] { $who } ont joué { $card } sur { $names }.
   *[one] { $who } a joué { $card } sur { $names }.
}
tour-recent-played-on-taking = { $subject ->
    [you] Vous avez joué { $card } sur { $names } et pris { $taken }.
    [many] { $who } ont joué { $card } sur { $names } et pris { $taken }.
   *[one] { $who } a joué { $card } sur { $names } et pris { $taken }.
}
tour-recent-discarded = { $subject ->
    [you] Vous avez défaussé { $card }.
    [many] { $who } ont défaussé { $card }.
   *[one] { $who } a défaussé { $card }.
}
# $cards : « 12 cartes ».
tour-recent-reshuffled = La pioche a été rebattue : { $cards }.

## Touring (1926).
t26-kind-go = Départ
t26-kind-speed = Vitesse
t26-kind-delay-1h = Retard · 1 heure
t26-kind-delay-2h = Retard · 2 heures
t26-kind-remedy = Parade
t26-kind-miles = Milles
t26-city-limits = En ville : 5 milles à l'heure
t26-country = Campagne : toute vitesse
t26-deadwood = Rebut : { $cards } (face cachée)
t26-race = Course de { $miles } milles
t26-move-speeding = Jouer { $card } (excès de vitesse ! vous perdez tous vos milles)
t26-recent-discarded-face-down = { $subject ->
    [you] Vous avez défaussé une carte.
    [many] { $who } ont défaussé une carte.
   *[one] { $who } a défaussé une carte.
}
t26-recent-speeding = { $names } { $subject ->
    [many] ont
   *[one] a
} joué un 10 en agglomération : excès de vitesse ! { $miles ->
    [one] { $miles } mille perdu
   *[other] { $miles } milles perdus
}.
t26-recent-won = { $names } { $subject ->
    [many] ont
   *[one] a
} gagné la course !

## Touring (1958).
t58-kind-go = Départ
t58-kind-freeway = Autoroute
t58-kind-speed-limit = Limite de vitesse
t58-kind-stop = Arrêt
t58-kind-takes-miles = Coûte des milles
t58-kind-remedy = Parade
t58-kind-miles = Milles
t58-on-freeway = Vous êtes sur l'autoroute
t58-populated-area = Agglomération : 25 et 35
t58-trip = Voyage de { $miles } milles
t58-freeway-pile = Pile d'autoroute : { $freeway }
t58-freeway-pile-limited = { $card } (ni 50 ni 75)
t58-freeway-pile-empty = vide pour l'instant (ni 50 ni 75)
t58-status-on-freeway = roule, sur l'autoroute
t58-status-running-slow = roule : 25 et 35 seulement
t58-move-speeding = Jouer { $card } (excès de vitesse sans Autoroute : la carte est perdue)
t58-recent-speeding = { $names } { $subject ->
    [many] ont
   *[one] a
} joué { $card } sans Autoroute : excès de vitesse ! La carte est perdue.
t58-recent-won = { $names } { $subject ->
    [many] ont
   *[one] a
} terminé le voyage !

## Le nom des cartes (`t26-card-<id>`, `t58-card-<id>`) : ceux de docs/rules.md.
t26-card-go = En route
t26-card-city_limits = Agglomération
t26-card-country = Rase campagne
t26-card-collision = Collision
t26-card-hauled_in = Remorquage
t26-card-out_of_gasoline = Panne d'essence
t26-card-gasoline = Essence
t26-card-puncture = Crevaison
t26-card-mile1 = 1 mille
t26-card-mile3 = 3 milles
t26-card-mile5 = 5 milles
t26-card-mile10 = 10 milles
t58-card-go = En route
t58-card-freeway = Autoroute
t58-card-populated_area = Agglomération
t58-card-stop_to_refuel = Arrêt pour le plein
t58-card-gasoline = Essence
t58-card-missed_the_curve = Virage manqué
t58-card-wrecker = Dépanneuse
t58-card-burning_oil = Huile qui brûle
t58-card-broken_spring = Ressort cassé
t58-card-brake_adjustment = Réglage des freins
t58-card-mile25 = 25 milles
t58-card-mile35 = 35 milles
t58-card-mile50 = 50 milles
t58-card-mile75 = 75 milles

## Ce dont le moteur avertit avant un coup (la page demande d'abord « Oui, je le veux »).
t26-warning-speeding = un 10 en agglomération est un excès de vitesse : votre camp perd { $miles ->
    [one] son { $miles } mille
   *[other] ses { $miles } milles
} et doit rejouer En route pour repartir

## Un coup que les moteurs de Touring refusent ($status : « not-started », « running » ou « delayed »).
refused-tour-out-of-order = votre camp doit d'abord jouer { $needed }, pas { $card }
refused-t26-already-running = votre camp roule déjà, { $card } ne sert donc à rien ; jouez des milles ou un retard, ou défaussez-la
refused-t26-not-running = pour jouer des milles, votre camp doit rouler : jouez d'abord { $needed }
refused-t26-pile-full = votre pile { ELIDES($card) ->
    [yes] d'{ $card }
   *[no] de { $card }
} est complète : elle a ses { $quota } cartes
refused-t26-speed-unchanged = { $card } est déjà en vigueur ; seule une carte { $other } change la vitesse
refused-t26-target-not-allowed = seules les cartes de retard se jouent sur un autre camp ; jouez { $card } sans cible
refused-t26-take-not-allowed = seule une carte de retard prend des milles ; jouez { $card } sans « take »
refused-t26-target-missing = dites avec « target » quel camp retarder : plusieurs camps peuvent l'être
refused-t26-own-side = le camp { $target } est le vôtre : les retards se jouent sur un adversaire
refused-t26-target-not-running = le camp { $target } { $status ->
    [delayed] est retardé
    [running] roule
   *[not-started] n'est pas parti
} et ne peut être retardé avant d'avoir rejoué En route
# $options : les prises permises, chacune telle que le coup l'envoie (["mile10"]).
refused-t26-bad-take = cette prise n'est pas permise : ce retard vaut { $entitled } milles et vous devez prendre le plus que les piles de 5 et de 10 milles du camp { $target } permettent dans cette limite ({ $best } milles) : prenez { $options }
refused-t58-already-running = votre camp a déjà un En route exposé, { $card } ne sert donc à rien ; jouez des milles ou un retard, ou défaussez-la
refused-t58-not-running = pour jouer des milles, votre camp doit avoir un En route exposé : jouez d'abord { $needed }
refused-t58-pile-full = votre pile { ELIDES($card) ->
    [yes] d'{ $card }
   *[no] de { $card }
} est complète : le voyage en compte exactement { $quota }
refused-t58-freeway-exposed = votre camp a déjà une Autoroute exposée ; l'Autoroute se joue sur une Agglomération ou pour commencer la pile d'autoroute
refused-t58-no-freeway = l'Agglomération se joue sur l'Autoroute exposée d'un adversaire, et le camp { $target } n'en a pas
refused-t58-target-not-running = { $card } ne se joue que contre un camp qui a un En route exposé, et le camp { $target } { $status ->
    [delayed] est retardé
    [running] roule
   *[not-started] n'est pas parti
}
refused-t58-nothing-to-take = { $card } retire une carte { $taken }, et le camp { $target } n'en a pas
