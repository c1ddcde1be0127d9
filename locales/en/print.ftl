# The printed score cards of the paper tables, and the score sheets' rows (which the score card
# forms show too).

cards-heading = { $event }: score cards
cards-heading-round = { $event }: score cards, round { $round }
cards-none = No score cards to print for round { $round }: every table plays on the players' phones. Mark a table "play with real cards" on the console to print its card.
cards-no-round = No round has been seated yet.
card-title = { $event } · round { $round } · table { $table }
# $hands: "one" when the card has one row per side, "many" when a row per hand played.
card-how = At the stop signal, count your cards for each line{ $hands ->
    [many] , one row per hand played (the round's score is the total)
   *[one] {""}
}. A pile never holds more than its quota. Another side checks and initials.
card-side = Side
card-hand = Hand
card-total = Total
card-checked-by = Checked by
card-hand-number = Hand { $hand }
card-hand-points = Hand { $hand }:
card-round-total = Total for the round:
card-each = ({ $value } each)
card-each-max = ({ $value } each, max { $quota })
card-unit = { $unit ->
    [points] Points
   *[other] Miles
}

## The score sheets' rows: a race's mileage cards, and Mille Bornes' printed sheet.
sheet-miles = { $miles }-mile
sheet-mb-miles = Milestones
sheet-mb-safeties = Safeties
sheet-mb-coups_fourres = Coups fourrés
sheet-mb-trip = Trip completed
sheet-mb-delayed_action = Delayed action
sheet-mb-safe_trip = Safe trip
sheet-mb-shut_out = Shut-out
sheet-mb-extension = Extension

## A printout in pages (a big party's tents, score cards, seating, member cards).
print-page-tables = Page { $page } of { $pages }: tables { $first } to { $last } of { $total }
print-page-members = Page { $page } of { $pages }: members { $first } to { $last } of { $total }
print-page-previous = Previous page
print-page-next = Next page
