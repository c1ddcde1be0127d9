# Les deux jeux de Touring (1926 et 1958) : les mots du plateau. Les cartes gardent leur nom
# anglais dans toutes les langues tant que leur nom français n'est pas choisi.

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
