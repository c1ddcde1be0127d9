# The two Touring games (1926 and 1958): the board's words and the cards' names.
# $card, $taken and $needs are cards' names (below); $names the players of a side; $who
# "You" or the names of a seat's players, and $subject "you", "one" or "many" (see
# boards.ftl) for verbs to agree.

## What both boards say alike.
tour-status-running = running
tour-status-not-started = needs Go to start
tour-status-delayed = delayed: needs { $needs }
# Cards a delayed side needs, one after the other: "Gasoline, then Go".
tour-then = { $first }, then { $next }
# Cards taken together: "10 Miles and 5 Miles".
tour-and = { $first } and { $next }
# A mileage pile, under its count and quota: "1s", "25s".
tour-pile-of = { $miles }s
# A mileage pile as a screen reader hears it: "10-mile cards: 2 of 4".
tour-pile-said = { $miles ->
    [one] 1-mile cards
   *[other] { $miles }-mile cards
}: { $count } of { $quota }
tour-move-discard = Discard { $card }
tour-move-play = Play { $card }
tour-move-on = { $card } on { $names }
tour-move-on-taking = { $card } on { $names }, taking { $taken }
tour-recent-you-drew = You drew { $card }.
tour-recent-played = { $who } played { $card }.
tour-recent-played-on = { $who } played { $card } on { $names }.
tour-recent-played-on-taking = { $who } played { $card } on { $names }, taking { $taken }.
tour-recent-discarded = { $who } discarded { $card }.
# $cards: "12 cards".
tour-recent-reshuffled = The pack was reshuffled: { $cards }.

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
t26-move-speeding = Play { $card } (speeding! you lose all your miles)
t26-recent-discarded-face-down = { $who } discarded a card.
t26-recent-speeding = { $names } played a 10 within City Limits: speeding! { $miles ->
    [one] { $miles } mile
   *[other] { $miles } miles
} lost.
t26-recent-won = { $names } won the race!

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
t58-freeway-pile-limited = { $card } (no 50s or 75s)
t58-freeway-pile-empty = none yet (no 50s or 75s)
t58-status-on-freeway = running, on the freeway
t58-status-running-slow = running: 25s and 35s only
t58-move-speeding = Play { $card } (speeding without a Freeway: the card is lost)
t58-recent-speeding = { $names } played { $card } without a Freeway: speeding! The card is lost.
t58-recent-won = { $names } completed the trip!

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

## What the engine warns of before a move (the page asks "Yes, I mean it" first).
t26-warning-speeding = a 10 within City Limits is speeding: your side loses all its { $miles } miles and needs Go to start again

## A move the Touring engines refuse ($status: "not-started", "running" or "delayed").
refused-tour-out-of-order = your side must play { $needed } next, not { $card }
refused-t26-already-running = your side is already running, so { $card } is not needed; play miles or a delay, or discard it
refused-t26-not-running = mile cards need your side to be running: play { $needed } first
refused-t26-pile-full = your { $card } pile is complete: it holds its { $quota } cards
refused-t26-speed-unchanged = { $card } governs already; only { $other } changes the speed
refused-t26-target-not-allowed = only delay cards are played on another side; play { $card } without a target
refused-t26-take-not-allowed = only a delay card takes miles; play { $card } without "take"
refused-t26-target-missing = say which side to delay with "target": more than one side can be delayed
refused-t26-own-side = side { $target } is your own side: delays are played on an opponent
refused-t26-target-not-running = side { $target } is { $status ->
    [delayed] delayed
    [running] running
   *[not-started] not started
} and cannot be delayed until it has played Go again
# $options: the takes allowed, each as the move sends it (["mile10"]).
refused-t26-bad-take = that take is not allowed: this delay is worth { $entitled } miles and you must take the most the 5- and 10-mile piles of side { $target } allow within that ({ $best } miles): take { $options }
refused-t58-already-running = your side has Go exposed already, so { $card } is not needed; play miles or a delay, or discard it
refused-t58-not-running = mileage cards need a Go exposed on your side: play { $needed } first
refused-t58-pile-full = your { $card } pile is complete: the trip takes exactly { $quota } of them
refused-t58-freeway-exposed = your side has a Freeway exposed already; Freeway is played on a Populated Area or to start the Freeway pile
refused-t58-no-freeway = Populated Area is played on an opponent's exposed Freeway, and side { $target } has none
refused-t58-target-not-running = { $card } is played only against a side with a Go exposed, and side { $target } is { $status ->
    [delayed] delayed
    [running] running
   *[not-started] not started
}
refused-t58-nothing-to-take = { $card } takes away a { $taken } card, and side { $target } has none
