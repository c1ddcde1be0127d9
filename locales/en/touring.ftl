# The two Touring games (1926 and 1958): the board's words and the cards' names.

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

## The cards' names (`t26-card-<id>`, `t58-card-<id>`): as printed on the cards.
t26-card-go = Go
t26-card-city_limits = City Limits
t26-card-country = Country
t26-card-collision = Collision
t26-card-hauled_in = Hauled In
t26-card-out_of_gasoline = Out of Gasoline
t26-card-gasoline = Gasoline
t26-card-puncture = Puncture
t26-card-mile1 = 1 Mile
t26-card-mile3 = 3 Miles
t26-card-mile5 = 5 Miles
t26-card-mile10 = 10 Miles
t58-card-go = Go
t58-card-freeway = Freeway
t58-card-populated_area = Populated Area
t58-card-stop_to_refuel = Stop to Refuel
t58-card-gasoline = Gasoline
t58-card-missed_the_curve = Missed the Curve
t58-card-wrecker = Wrecker
t58-card-burning_oil = Burning Oil
t58-card-broken_spring = Broken Spring
t58-card-brake_adjustment = Brake Adjustment
t58-card-mile25 = 25 Miles
t58-card-mile35 = 35 Miles
t58-card-mile50 = 50 Miles
t58-card-mile75 = 75 Miles
