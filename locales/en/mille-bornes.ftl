# Mille Bornes: the cards by the names printed on them, and the board's words.

mb-card-d25 = 25 Miles
mb-card-d50 = 50 Miles
mb-card-d75 = 75 Miles
mb-card-d100 = 100 Miles
mb-card-d200 = 200 Miles
mb-card-out_of_gas = Out of Gas
mb-card-flat_tire = Flat Tire
mb-card-accident = Accident
mb-card-speed_limit = Speed Limit
mb-card-stop = Stop
mb-card-gasoline = Gasoline
mb-card-spare_tire = Spare Tire
mb-card-repairs = Repairs
mb-card-end_of_limit = End of Limit
mb-card-roll = Roll
mb-card-extra_tank = Extra Tank
mb-card-puncture_proof = Puncture-Proof
mb-card-driving_ace = Driving Ace
mb-card-right_of_way = Right of Way

## The kind of card, under its name in a hand.
mb-kind-miles = Miles
mb-kind-hazard = Hazard
mb-kind-speed-limit = Speed limit
mb-kind-remedy = Remedy
mb-kind-roll = Roll
mb-kind-safety = Safety

## The board.
mb-hand-heading = Hand { $hand }: { $whose }
mb-draw-pile = Draw pile: { $cards }
mb-trip = Trip of { $target } miles
mb-hazard-on-hazard = hazards may go on hazards
mb-side-score = { $distance }/{ $target } mi · { $points } pts
# A side's score as a screen reader hears it (the page shows "450/1000 mi · 300 pts").
mb-side-score-said = Miles: { $distance } of { $target }; { $points } { $points ->
    [one] point
   *[other] points
}
mb-speed-pile = Speed pile: { $speed }
mb-safeties = Safeties: { $safeties }
mb-pile-empty = empty
mb-battle-pile-travel = Battle pile: { $top } (may travel)
mb-battle-pile-stopped = Battle pile: { $top } (stopped)
mb-speed-limited = Speed Limit: 25s and 50s only
mb-no-limit = no limit
mb-no-safety = none
mb-safety-coup-fourre = { $card } (coup fourré, crosswise)
# A distance pile, under its count: "25s".
mb-pile-of = { $miles }s
# A distance pile as a screen reader hears it: "25-mile cards: 2".
mb-pile-said = { $miles }-mile cards: { $count }

## The waits for a decision (the seconds left follow).
mb-wait-coup-fourre-you-hold = Coup Fourré? You hold { $card }:
mb-wait-coup-fourre = Coup Fourré?
mb-wait-others = The table waits for a possible Coup Fourré, as after every hazard:
mb-wait-extension-you = You reached 700: stop here or extend to 1000?
mb-wait-extension-other = { $who } reached 700: stop there or extend to 1000?

## The moves, as buttons.
mb-move-discard = Discard { $card }
mb-move-on = { $card } on { $names }
mb-move-play = Play { $card }
mb-move-coup-fourre = Coup Fourré!
mb-move-let-it-go = Let it go
mb-move-extend = Extend to 1000 miles
mb-move-stop-at-700 = Stop at 700 miles

## What happened lately.
mb-recent-you-drew = You drew { $card }.
mb-recent-played = { $who } played { $card }.
mb-recent-hazard = { $who } played { $card } on { $names }.
mb-recent-safety = { $who } played { $card } and plays again.
mb-recent-coup-fourre = Coup Fourré! { $who } played { $card } and plays again.
mb-recent-rid-of = { $names } { $subject ->
    [many] are
   *[one] is
} rid of { $card }.
mb-recent-turn-lost = { $who } lost a turn.
mb-recent-discarded = { $who } discarded { $card }.
mb-recent-extension = { $names } called the Extension: 1000 miles!
mb-recent-stopped-at-700 = { $names } stopped at 700 miles.
mb-recent-trip-completed = { $names } completed the trip!
mb-recent-hand-over = Every card is played: the hand is over.

## A move the Mille Bornes engine refuses. $card, $needed, $safety and $top are cards' names,
## $target a side; $yes and $no the two answers to a decision as a move sends them (JSON).
refused-mb-hand-over = the hand is over
refused-mb-waiting = the table waits a moment after a hazard; play when it is your turn
refused-mb-coup-fourre-pending = a coup fourré may be called now: answer { $yes } or { $no }
refused-mb-extension-pending = your side reached 700 miles: answer { $yes } or { $no }
refused-mb-no-coup-fourre = there is no coup fourré to call now
refused-mb-no-extension = there is no extension to decide now: only a side that reaches exactly 700 decides
refused-mb-protected = side { $target } has played { $safety }, which keeps { $card } off it for the rest of the hand
refused-mb-already-limited = side { $target } already shows a Speed Limit
refused-mb-not-rolling = { $card } goes only on a Roll (or, against a side with Right of Way, on an empty battle pile or a remedy), and side { $target }'s battle pile shows { $top }
# What an empty battle pile shows (refused-mb-not-rolling's $top).
refused-mb-nothing = nothing
refused-mb-hazard-on-hazard = side { $target } is already stopped by { $top }: a hazard may not go on a hazard (play with the 1988 option to allow it)
refused-mb-nothing-to-mend = { $card } mends { $needed }, and your battle pile does not show it
refused-mb-not-limited = End of Limit goes on your own Speed Limit, and your speed pile shows none
refused-mb-cannot-roll = Roll goes on an empty battle pile, a Stop or a remedy; yours shows { $top }
refused-mb-not-moving = distance needs a Roll on top of your battle pile, or Right of Way with no hazard on top
refused-mb-speed-limited = a Speed Limit shows on your speed pile: only 25 and 50 miles may be played
refused-mb-two-hundreds-used = your side has played two 200-mile cards already: the most a hand allows
# $would: the miles the card would make; $trip: the trip's miles.
refused-mb-past-the-trip = { $card } would take your side to { $would } miles, past the trip of { $trip }

## A paper score sheet that does not add up ($side and the other numbers as the sheet prints
## them; $row is a row's name on the sheet).
refused-mb-paper-sides = this table has { $expected } sides, but the sheet has { $given }
refused-mb-paper-miles-25s = side { $side }: miles come in 25s, so { $miles } cannot be right
refused-mb-paper-miles-past-trip = side { $side }: { $miles } miles is more than the trip of { $trip }
refused-mb-paper-yes-no = side { $side }: the "{ $row }" row is yes (1) or no (0), not { $count }
refused-mb-paper-safeties = side { $side }: there are only four safeties, not { $count }
refused-mb-paper-coups = side { $side }: { $coups } coups fourrés but only { $safeties } safeties played
refused-mb-paper-safeties-pack = the sides have { $count } safeties between them, but the pack holds four
refused-mb-paper-two-trips = sides { $first } and { $second } both completed the trip, but only one side can
refused-mb-paper-trip-miles = side { $side }: a trip completed needs { $trip } miles, not { $miles }
refused-mb-paper-trip-miles-extension = side { $side }: a trip completed needs { $trip } miles (or 1000 after an extension), not { $miles }
refused-mb-paper-bonus-without-trip = side { $side }: "{ $row }" is a bonus for completing the trip, which this side did not
refused-mb-paper-not-shut-out = side { $side }: a shut-out needs every other side at 0 miles
refused-mb-paper-no-extension = side { $side }: there is no extension in a { $trip }-mile game
refused-mb-paper-extension-missing = side { $side }: a trip of 1000 miles in a 700-mile game was an extension, so its extension row is yes
refused-mb-paper-extension-after-stop = side { $side }: the trip stopped at 700, so nobody has an extension bonus
refused-mb-paper-not-extended = side { $side }: { $miles } miles is past 700, which only an extended hand allows

## An option of the start form out of its range.
refused-mb-option-coup-fourre-seconds = the wait for a Coup Fourré lasts from { $min } to { $max } seconds, not { $seconds }: set a number of seconds in that range
