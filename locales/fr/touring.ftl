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
