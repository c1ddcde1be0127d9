# Refusals of a round's course: seating, the clock, moves, score cards, closing and
# corrections. Entries are named "#3"; $entries, $tied and $sides are lists the language joins.

## Lists of problems and of parts of a message.
# Problems one after the other: "...; ...".
refused-problems = { $first }; { $rest }
# Parts of a list one after the other: "side 1: 2, side 2: 1".
refused-comma-list = { $first }, { $rest }
refused-nothing = nobody
# "table 3" or "tables 2 and 5"; $tables is the numbers, joined.
refused-tables = { $count ->
    [one] table { $tables }
   *[other] tables { $tables }
}
# A problem of one hand of a card of several.
refused-in-hand = hand { $hand }: { $problem }

## Rounds and tables that are not there.
refused-no-round = this event has no round { $round } yet
refused-no-table = round { $round } has no table { $table }
refused-no-player = this event has no player { $player }

## Seating.
refused-seating-too-few = { $entries ->
    [one] 1 entry
   *[other] { $entries } entries
} cannot be seated: a table needs at least 2 entries, so add entries (or a bot) first
refused-seating-no-table-for-byes = { $entries } entries do not fill one table of { $per_table } entries, so nobody can sit out: choose mixed tables or bots
refused-seating-plan-mismatch = the plan seats { $planned } entries but { $entries } are entered: make the plan again for the entries as they are now
refused-seating-bots-missing = the plan has { $needed } bot seats but { $given } bots were given: create the bots first
refused-seating-too-many-bots = the plan puts { $bots } bots at { $tables } tables; a table takes at most one bot seat
refused-seating-not-a-bot = entry #{ $entry } is not an active bot of this event, so it cannot take a bot seat
refused-seating-order-repeats = the order lists { $entries } more than once: list every entry once
refused-seating-order-unknown = the order lists { $entries }, which { $count ->
    [one] is not an active entry
   *[other] are not active entries
} of this event: remove { $count ->
    [one] it
   *[other] them
}
refused-seating-order-missing = the order leaves out { $entries }: list every entry once
refused-seating-bots-needed = { $count ->
    [one] 1 seat needs a bot: create 1 bot entry
   *[other] { $count } seats need a bot: create { $count } bot entries
} and prepare the round again
refused-seating-nothing-to-seat = no table has a player left to seat: close the event
refused-seating-table-order = table { $table } is out of order: tables are listed by ascending number from 1
refused-seating-table-size = table { $table } has { $entries } entries; a table seats 2 or 3
refused-seating-seated-twice = { $entries } seated more than once: an entry sits once per round
# $tables: how many tables round 1 has.
refused-no-paper-table = there is no table { $table } to play with real cards: round 1 has tables 1 to { $tables }
refused-reseat-started = round 1 has already started; later rounds are seated by the movement when a round is closed
refused-table-mode-started = the round has started: a table can only change between cards and phones before the signal

## The round's clock.
refused-clock-round-closed = round { $round } is closed; its clock can no longer change
refused-clock-already-started = the round started already, at { $at }
# $action is pause, resume, extend or stop; $state is not_started, running, paused or over.
refused-clock-cannot = cannot { $action ->
    [pause] pause
    [resume] resume
    [extend] extend
   *[stop] stop
} the round: it is { $state ->
    [not_started] not started
    [running] running
    [paused] paused
   *[over] over
}
refused-clock-no-length = a round by games has no clock to extend: it ends when every table is done
refused-clock-extension = an extension adds 1 second to { $hours } h, not { $seconds } seconds
refused-clock-backwards = the time given ({ $now }) is before the clock's last change ({ $last }): check the server's clock
refused-stop-not-started = the round has not started: give the start signal first
refused-limit-rounds = { $rounds ->
    [one] the only round has been played
   *[other] all { $rounds } rounds have been played
}: close the event to give the prizes
refused-limit-time = the time limit passed at { $deadline }: no round starts after it, so close the event to give the prizes

## Moves.
refused-move-not-started = the round has not started yet: wait for the signal
refused-move-paused = the round is paused: wait until the host resumes it
refused-no-round-seated = no round has been seated yet
refused-not-seated = you do not sit at a table this round
refused-table-on-paper = your table plays with real cards: enter the score card at the end of the round
refused-seat-handed = the host gave your seat to { $name }: this link no longer plays; ask the host if that is a mistake
refused-deal-over = this deal is over; here is the table as it stands
refused-table-moved-on = the table moved on: { $actions } action(s) were played since you last looked; here is the new state
refused-seen-ahead = you say you saw { $seen } action(s), but this deal has had only { $actions }: that number is ahead of the table; here is the table as it stands: send your move again with the number it shows
refused-hazard-wait = { $seconds ->
    [0] the table waits a moment after every hazard: play again now
   *[other] the table waits a few seconds after every hazard: play again in { $seconds } s
}
refused-hand-to-bot-over = the event is over: there are no more turns to hand to a bot

## Score cards.
# A problem under the row of the card it concerns ("mile5: ...").
refused-card-in-row = { $row }: { $problem }
refused-card-not-entered = not entered: write 0 if the pile is empty
refused-card-not-a-count = "{ $text }" is not a count: write a whole number, 0 or more
refused-card-too-many-hands = a card holds at most { $most } hands, not { $hands }: one row per hand the table played
# $rows: the rows' identifiers; $more: how many other unknown rows were sent.
refused-card-unknown-row = this score card has no row "{ $row }"{ $more ->
    [0] {""}
   *[other] {" "}(and { $more } more)
}; its rows are { $rows }
refused-card-nothing = nothing was entered: give a count for each row ({ $rows }), 0 for an empty pile
# $pile names the pile ("5-mile").
refused-card-over-quota = the { $pile } pile holds at most { $quota } cards in this race, not { $count }: count it again
refused-card-round-closed = the round is closed: ask the host to correct the score instead
refused-card-round-not-started = round { $round } has not started yet: score cards are taken once the host gives the start signal
refused-card-table-on-phones = table { $table } plays on phones: its scores come from the game
# $last: the last side's number (sides count from 0 here).
refused-card-no-side = table { $table } has sides 0 to { $last }; there is no side { $side }
refused-card-host-entered = the host entered this card: only the host can change it now; ask the host
refused-card-confirmed = this card was confirmed: only the host can change it now; ask the host
refused-card-own = a side cannot confirm its own card: a player of another side (or the host) confirms it
refused-card-not-in = side { $side } has not entered its card yet
refused-card-changed = side { $side }'s card changed since you saw it: look at its new counts and confirm again if they are right
refused-card-confirmed-by-host = side { $side }'s card is already confirmed by the host: there is nothing more to confirm
refused-card-confirmed-by-side = side { $side }'s card is already confirmed by side { $by }: there is nothing more to confirm; if its counts are wrong, ask the host
refused-card-which-version = say which card you confirm: send the version your seat's state shows for it (tablemates[].card.version)
refused-card-other-side = you play side { $side }: enter your own side's card; another side's card is theirs to enter

## A paper table's cards checked together (sides count from 1, as the card prints them).
refused-paper-sides = this table has { $expected } sides, but piles were given for { $given }
refused-paper-unknown-row = there is no row "{ $row }" on this score card; its rows are { $rows }
# $pile names the pile ("5-mile"); $race is the trip's length; $unit is mile or point.
refused-paper-over-quota = side { $side } has { $count } cards on its { $pile } pile, but in a { $race }-{ $unit ->
    [point] point
   *[other] mile
} race that pile holds at most { $quota }: count the pile again
refused-paper-beyond-pack = the sides have { $count } { $pile } cards between them, but the pack holds only { $pack }: count the piles again
refused-paper-two-finished = sides { $sides } all have complete piles, but the race stops as soon as one side completes them: count the piles again
# $hands: "side 1: 2, side 2: 1".
refused-paper-hands = the sides' cards hold different numbers of hands ({ $hands }): every side writes a row for every hand the table played
refused-paper-hands-of-side = side { $side }: { $hands }

## Closing a round and choosing movers.
refused-round-already-closed = round { $round } is already closed
refused-close-not-started = the round has not started: start it, play, and stop it before closing it
refused-close-still-played = the round is still being played: give the stop signal first (or wait for the time to run out)
# $tables: "table 3" or "tables 2 and 5"; $count: how many tables.
refused-missing-miles = { $tables } { $count ->
    [one] has
   *[other] have
} no score for { $entries }: enter every score before closing the round
refused-miles-not-in-round = scores were given for { $entries }, who did not play this round
refused-no-such-table = there is no table { $table } in this round
refused-empty-table = table { $table } has nobody seated
refused-no-tie = table { $table } has no tie to settle: #{ $leader } has the best score ({ $miles }); correct the scores instead
refused-not-tied = #{ $chosen } cannot be chosen to move from table { $table }: only { $tied } tied for the best score ({ $miles })
refused-movers = { $movers } movers were given for { $tables } tables: give one mover per table
refused-mover-not-at-table = #{ $entry } does not sit at table { $table }, so it cannot move from there
refused-mover-round-closed = the round is closed; correct a score instead if the mover was wrong
refused-mover-not-seated = entry { $entry } does not sit at table { $table }
refused-event-already-finished = the event is already finished
refused-finish-round-played = round { $round } is being played: stop and close it first
refused-evening-already-closed = the evening is already closed: its results and prizes are final
refused-already-withdrawn = that entry has already withdrawn

## A game's scores.
refused-game-sides = game { $game } lists { $sides } sides but { $scores } scores: give one score per side
refused-game-side-twice = game { $game } lists entry #{ $entry } twice: each entry plays one side
refused-game-not-at-table = game { $game } lists entry #{ $entry }, which does not sit at this table
refused-game-missing = game { $game } leaves out { $entries }: every entry at the table plays every game
refused-too-many-miles = entry #{ $entry } is given a score of { $miles }, but a round at its table can score at most { $max }: check the score

## Corrections.
refused-correction-round-open = round { $round } is not closed yet: its scores are still being played or entered, so there is nothing to correct
refused-correction-reason-long = say why in at most { $most } characters
refused-correction-event-closed = the host has closed the evening, so its results and prizes are final: scores can no longer be corrected
# $rounds: how many rounds the event has so far.
refused-correction-no-round = there is no round { $round }: the event has { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
} so far
refused-correction-not-started = round { $round } has not started: there are no scores to correct yet
refused-correction-final = round { $round }'s scores are final: round { $next } has started
refused-correction-not-in-round = entry #{ $entry } did not play round { $round }
refused-correction-no-change = entry #{ $entry } already has a score of { $miles }: nothing to change

## Seats and their links.
refused-seat-link = that seat link is not valid (it may have been renewed); ask the host for your link
refused-qr-link = this QR code's link is not complete or no longer valid: scan the code again, or ask the host for your seat link
refused-seat-not-free = that seat is not free here: it is taken (if it is yours, ask the host to release it) or sits at another table
refused-check-in-off = the host has not opened check-in by QR code at this evening: ask the host to add your name
refused-check-in-seated = the round is already seated: tap your name in the list if the host added it, or ask the host to add you
refused-check-in-once = this phone already holds { $name }'s seat at this evening: a phone checks in once. To check in someone else, use their phone; to change the name, take this check-in back first
refused-check-in-full = this evening already has { $cap } entries, the most it takes: ask the host
refused-check-in-not-yours = this phone has no check-in to take back at this evening
refused-check-in-on-or-off = choose whether self check-in is on or off
refused-seat-is-bot = this seat is a bot's: the server plays its moves, and no link can play them
refused-seat-stand-in = the host handed your seat to a bot, which plays your turns for now: ask the host to give the seat back, then play on from this page
refused-bot-seat-only = only a bot's seat is played by the server
refused-wait-for-nobody = the table waits for nobody
refused-wait-not-over = the table's wait is not over
refused-seat-not-on-turn = the seat is not on turn
refused-move-form-unreadable = that move could not be read; reload the page
# $warning: what the move would throw away, in the rule set's words.
refused-unconfirmed = { $warning }. That move was not played: tick "Yes, I mean it" beside it and play it again to play it anyway.
refused-reseat-changed = the event changed while round 1 was being seated (an entry or a setting was changed at the same moment): look at the entries and seat round 1 again

## The console's forms.
refused-no-signal = there is no signal "{ $signal }"
refused-turn-clock-on-or-off = choose whether the turn clock is on or off
refused-seat-to-bot-or-player = say whether the seat goes to a bot or back to its player

refused-entry = #{ $entry }
refused-number = { $n }
