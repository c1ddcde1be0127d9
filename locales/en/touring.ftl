# The two Touring games (1926 and 1958): the board's words. The cards keep their English names
# in every language until their French names are chosen.

## Touring (1926).
t26-kind-go = Go
t26-kind-speed = Speed
t26-kind-delay-1h = Delay · 1 hour
t26-kind-delay-2h = Delay · 2 hours
t26-kind-remedy = Remedy
t26-kind-miles = Miles
t26-city-limits = City Limits: 5 miles an hour
t26-country = Country: any speed
t26-deadwood = Deadwood: { $cards } (face down)
t26-race = Race of { $miles } miles

## Touring (1958).
t58-kind-go = Go
t58-kind-freeway = Freeway
t58-kind-speed-limit = Speed limit
t58-kind-stop = Stop
t58-kind-takes-miles = Takes miles
t58-kind-remedy = Remedy
t58-kind-miles = Miles
t58-on-freeway = You are on the freeway
t58-populated-area = Populated area: 25s and 35s
t58-trip = Trip of { $miles } miles
t58-freeway-pile = Freeway pile: { $freeway }
