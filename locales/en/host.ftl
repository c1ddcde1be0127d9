# The host's pages: the start form and the console.

## The event's language: the projector's, the printed pages' and the console's.
event-language = Language of the event
event-language-label = Language of the projector, printouts and console
event-language-hint = (each guest's phone reads in its own)
event-language-button = Set the language
event-language-set = The event is in { $language } now: the projector, the printouts and this console read in it.
host-series = Club series
host-series-in = This evening counts in the series "{ $series }".
host-series-season = The season
host-series-none = This evening is in no series. A club's series adds its evenings up into a season.
host-series-closed = The evening is closed: it stays in the series it was in (or in none).
host-series-link = The series' host link
host-series-link-hint = (the one given when the series was made: this evening's host link alone cannot move it)
host-series-into = Take this evening into the series
host-series-out = Take this evening out of the series
host-series-joined = The evening is in the series "{ $series }" now: it counts in the season.
host-series-left = The evening is out of the series "{ $series }": it no longer counts in the season.

## The console: its links, turn clock, entries, seating, corrections and access.
host-title = Host console
host-link-projector = Projector
host-link-standings = Standings
host-link-print = Print…
host-link-csv = Standings (CSV)
host-link-json = Standings (JSON)
host-link-evening-json = The evening (JSON)
host-turn-clock = Turn clock
host-turn-clock-on-now = On: a seat that has not moved { $seconds } s into its turn has it played by the table's steady bot (labelled on the boards and in the replays).
host-turn-clock-off-now = Off: a table waits for its players however long they take.
host-turn-clock-no-rule = It changes no rule of the game.
host-turn-clock-on = On
host-turn-clock-off = Off
turn-seconds = Seconds a turn
turn-seconds-range = (30 to 120)
host-turn-clock-set = Set the turn clock
host-check-in = Self check-in
host-check-in-on-now = On: a guest can check in from the wall's QR code by typing their name, until the round is seated. Each one is marked in the entries below; remove one to take it back.
host-check-in-off-now = Off: only you add guests; the wall's QR code tells them to ask you.
host-check-in-on = Guests check themselves in from the wall's QR code
host-check-in-off = Only I add guests
host-check-in-set = Save check-in
host-entries = Entries
host-name = Name
host-first-partner = First partner
host-second-partner = Second partner
host-partner = Partner
host-missed-rounds = A late arrival's missed rounds score
host-their-missed-rounds = Their missed rounds score
host-missed-zero = 0 (the default)
host-missed-average = each round's average
host-add = Add
host-returning = Returning guests of the series
host-returning-count = { $count }; one tap adds one
host-add-name = Add { $name }
host-add-many = Add many guests at once
host-one-guest-per-line = One guest per line
host-one-partnership-per-line = One partnership per line, written "Ann & Bob"
host-guest-list-hint = (paste the list; up to 300 at a time; if a line is wrong nobody is added and each problem is named by its line)
host-add-them-all = Add them all
host-bot-fill = Or fill a seat with a bot
host-bot-labelled = (labelled as a bot everywhere)
host-bot-steady = steady: plays by the rules of thumb
host-bot-shrewd = shrewd: thinks ahead
host-bot-random = random: a beginner
host-add-bot = Add a bot
host-no-entries = No entries yet.
host-seat-links = Seat links
host-change = Change
# A bot's tag and how well it plays: $level is steady, shrewd or random.
host-bot-tag = bot · { $level ->
    [shrewd] shrewd
    [random] random
   *[other] steady
}
host-joins-in-round = joins in round { $round }
host-link-for = link for { $name }
host-release = release
host-release-title = ends every session on this seat, so that it can be picked again
host-picked = picked by QR code
host-picked-title = a phone picked this seat from a QR code: if that was not { $name }, release the seat (opening { $name }'s own link also takes it back)
host-checked-in = checked in by the guest
host-checked-in-title = { $names } checked in from the wall's QR code: if that was a mistake, remove the entry before the seating
host-played-by-bot = played by a bot
host-take-back = take back
host-take-back-title = { $name } plays their own turns again
host-hand-to-bot = hand to a bot
host-hand-to-bot-title = the table's steady bot plays { $name }'s turns until you take the seat back
host-hand-over-confirm = Give { $name }'s seat to this late guest? { $name } is withdrawn and their link stops playing.
host-or-late-guest = or to a late guest
host-their-name = their name
host-hand-over = hand over
host-hand-over-title = the late guest takes over { $name }'s hand and score this round, and gets a seat link
host-played-by-program = played by the program
host-rename-or-remove = rename or remove
host-rename-or-withdraw = rename or withdraw
host-rename = Rename
host-remove = Remove
host-remove-hint = (added by mistake; not played yet)
host-remove-confirm = Remove { $name } altogether? They have not played yet.
host-withdraw = Withdraw
host-withdraw-confirm = Withdraw { $name }? They keep their score but are not seated again.
host-print-slips = Print seat slips
host-print-slips-hint = one slip per guest who has not opened their seat yet: name, table and a QR code of a new seat link, to cut and hand out
host-seat-links-how = Each player's seat link opens their phone page for the whole evening. A new link is shown once, with its QR code; older links of that player stop working (when someone uses the seat, you are asked first). Guests can also scan the QR code on the projector or on a table tent and pick their name.
host-seat-round = Seat round { $round }
host-tables = Tables
host-proposed = proposed
host-unfair = unfair
host-who-sits-where = Who sits where
host-order-draw = a draw (from the event's seed)
host-order-listed = in the order listed above
host-cards = Cards
host-cards-phones = every table plays on the players' phones
host-cards-real = every table plays with real cards (scores typed in)
host-cards-switch = Single tables can be switched after seating.
host-corrections = Corrections
host-corrections-closed = The evening is closed: its results and prizes are final, so no score can be corrected any more.
host-corrections-when = Scores can be corrected once a round is closed, until the next round starts; the last round's until you close the evening.
host-correction-round = Round
host-correction-round-n = round { $round }
host-correction-entry = Entry
host-correction-miles = { $unit ->
    [points] Points
   *[other] Miles
}
host-correction-why = Why
host-correction-why-example = { $unit ->
    [points] miscounted the safeties
   *[other] miscounted the 3s
}
host-correct = Correct
host-correction-when = When
host-correction-was = Was
host-correction-now = Now
host-correction-by = By
host-corrected-by-host = host
host-access = Access
host-password-change = Change the host password
host-password-set = Set a host password
host-password-hint = (optional; at least 8 characters; empty removes it)
host-save = Save
# HTML.
host-views-private = The projector and the standings are <strong>private</strong>: they need this console's browser or the viewer link.
# HTML.
host-views-public = The projector and the standings are <strong>public</strong> to anyone with the address.
host-make-public = Make them public
host-make-private = Make them private
host-viewer-link = Viewer link (it shows the projector and the standings, and takes no seat):
host-viewer-link-out = If the viewer link got out:
host-viewer-link-new = make a new viewer link
host-viewer-link-new-hint = (the QR codes and table tents stay as they are).
host-qr-out = If a QR code got out:
host-join-keys-new = make new join keys
host-join-keys-new-hint = (print the table tents again; seats already taken stay taken; the viewer link stays as it is).
host-link-out = If the host link got out:
host-token-new = make a new host link
host-token-new-hint = (the old one stops working and every other host device is signed out).
host-leave = Leave the console
host-leave-hint = (signs out every device of this event's host)
# Why guests' phones cannot open the QR codes' address.
host-loopback-warning = Guests' phones cannot open this address: the QR codes point to this laptop itself ({ $host }). Start touring with --public-url http://<your Wi-Fi address>:{ $port } or open this console by the laptop's network address.

## The console's first line: the evening's settings, and what to do next.
host-summary-table = { $players } at a table
host-summary-table-partners = { $players } at a table in partnerships
host-summary-minute-rounds = { $minutes }-minute rounds
host-summary-rounds-of = rounds of { $clock }
host-summary-rounds-to-points = rounds to { $points } points (hands until a side has them)
host-summary-rounds-of-games = rounds of { $games ->
    [one] { $games } game
   *[other] { $games } games
}
host-summary-minutes-in-all = { $minutes } minutes in all
host-summary-prizes = { $prizes ->
    [one] { $prizes } prize
   *[other] { $prizes } prizes
}
host-summary-bye-average = a bye scores the round's average
host-summary-bye-zero = a bye scores 0
host-summary-turn-clock = a turn clock of { $seconds } s
host-summary-no-turn-clock = no turn clock
host-summary-hazard-on-hazard = a hazard may go on a hazard
host-summary-coup-fourre = { $seconds } s for a Coup Fourré after every hazard
# The summary's parts: "2 at a table, 10-minute rounds, 2 rounds, 2 prizes; a bye scores the round's average; a turn clock of 60 s".
host-summary = { $table }, { $round }, { $length }, { $prizes }; { $bye }; { $turn }
host-summary-more = { $summary }; { $more }
host-next-closed = The evening is closed: print the final standings and give the prizes.
host-next-provisional = The last round is played and the results are provisional: correct any score that is wrong, then close the evening to make them final.
host-next-add-guests = Add the guests: one line each (or each partnership).
host-next-seat-first = When everyone is in, choose how to seat round 1 and seat it.
host-next-seated = Round { $round } is seated: send everyone to their tables, then give the signal.
host-next-seat-next = Seat the next round.
host-next-under-way = Round { $round } is under way.

## Seating round 1: the plans on offer.
host-plan-tables = { $count ->
    [one] { $count } table of { $table }
   *[other] { $count } tables of { $table }
}
host-plan-and = { $first } and { $last }
host-plan-byes = { $plan }; { $count ->
    [one] { $count } entry sits
   *[other] { $count } entries sit
} out each round (a bye), in turn
host-plan-bots = { $plan }; { $count ->
    [one] { $count } seat is
   *[other] { $count } seats are
} taken by a labelled bot, one at a table
host-plan-players = { $players } players
host-plan-partnerships = { $players } players ({ $count ->
    [two] two
   *[other] three
} partnerships)
host-plan-race-of-three = { $players } players (the 3-player race of { $miles } miles)
host-plan-trip-of-three = { $players } players (the 3-player trip of { $miles } miles)
# Why a plan is unfair: $why is games, points or timed; $unit is miles or points.
host-plan-unfair = unfair while { $why ->
    [games] rounds are by games
    [points] rounds are played to points
   *[timed] tables wait for the signal
}: table { $table } ({ $size }) { $how }; choose bots or byes to give every table the same race
host-plan-unfair-shorter = races { $theirs } { $unit ->
    [points] points
   *[other] miles
} where the others race { $usual }
host-plan-unfair-shared = shares one race of { $theirs } { $unit ->
    [points] points
   *[other] miles
} between { $sides ->
    [three] three
   *[two] two
} sides where the others have { $others ->
    [three] three
   *[two] two
}

## The round panel.
# A round's state beside its number: $state is seated, running, paused, over or closed.
host-round-state = { $state ->
    [seated] seated
    [running] running
    [paused] paused
    [over] over
   *[closed] closed
}
host-start-round = Start round { $round }
host-pause = Pause
host-resume = Resume
host-extend-by = by
host-extend-min = min
host-extend = Extend
host-stop = Stop
host-stop-confirm = Stop round { $round } now? Every game freezes.
host-table = Table
host-who = Who
host-status = Status
host-actions = Actions
host-moves-on-tag = moves on
host-status-playing = playing
host-status-waiting = waiting
host-status-scores-in = scores in
host-status-waiting-for-scores = waiting for scores
host-status-seated = seated
host-table-cards = cards
host-table-deal = deal { $deal }
host-play-on-phones = play on phones
host-play-with-cards = play with real cards
host-score-cards = score cards
host-sit-out = sit out this round
host-close-round = Close round { $round }
host-close-round-and-seat = Close round { $round } and seat the next
host-close-how = At the close, each table's winner moves on to the next table (the last table's to table 1).
host-moves-on = Moves on
host-why = Why
host-who-moves-on-from = who moves on from table { $table }
host-keep-the-cut = keep the cut
host-overturn = Overturn
# HTML: $event is the event's number, in the links.
host-evening-closed = The evening is closed: the results and prizes are final. <a href="/events/{ $event }/standings">See the final standings</a> or <a href="/events/{ $event }/print/standings">print them</a>.
# HTML: $event is the event's number, in the link.
host-evening-provisional = The last round is played. The results are <strong>provisional</strong>: correct any score that is wrong (with its reason) under Corrections, then close the evening to make them and the prizes final. <a href="/events/{ $event }/standings">See the provisional standings</a>.
host-close-evening = Close the evening
host-end-now = End the evening now
host-end-now-confirm = End the evening now? The standings stay provisional until you close the evening.
host-not-seated = Not seated yet. Add the entries below, then seat round 1.
# How a table's mover was decided among tied entries; $tied lists their names.
host-decision-most = the best score
host-decision-cut = tied among { $tied }: cut for it, { $drawn } drawn
host-decision-host = tied among { $tied }: the host chose { $chosen } (the cut had drawn { $drawn })
host-decision-host-as-cut = tied among { $tied }: the host chose { $drawn }, as the cut had drawn

## The score cards of the paper tables.
host-cards-heading = Score cards of the paper tables
host-cards-how = Each side's count on each line of its score card, in { $unit ->
    [points] points
   *[other] miles
}. A card you enter counts as confirmed; a card a player entered waits for a confirmation (another side's, or yours). A blank field is not entered, never 0: write 0 for an empty pile.
host-cards-in = { $in } of { $count } cards in
host-cards-in-to-confirm = { $in } of { $count } cards in, { $waiting } to confirm
# A row of a closed card: "25 miles: 2".
host-card-count = { $label }: { $count }
host-card-entered-by = entered by { $name }
host-card-by-host = host
host-card-missing = missing
host-card-hand = Hand { $hand }:
# HTML: the name is escaped.
host-card-enter = Enter { $name }'s card
# HTML: the name is escaped.
host-card-correct = Correct { $name }'s card
host-card-add-hand = Add a hand
# HTML: the name is escaped.
host-card-confirm = Confirm { $name }'s card

## What the console says after a form (in the event's language).
host-said-join-keys = New join keys: the old QR codes stop working (the viewer link stays). Print the table tents again.
host-said-viewer-key = A new viewer link: the old one stops working (the QR codes and tents stay as they are).
host-said-host-link = Your new host link (shown only now; the old one stops working and other host devices are signed out):
host-said-password-removed = The password is removed: only the host link opens the console.
host-said-password-set = Password set: with it, the console opens from any device at /events/{ $event }/login.
host-said-views-private = The projector and standings now need the viewer link (see below).
host-said-views-public = The projector and standings are open to anyone with the address.
host-said-turn-clock-on = The turn clock is on: a seat that has not moved { $seconds } s into its turn has it played by the steady bot.
host-said-turn-clock-off = The turn clock is off: tables wait for their players.
host-said-check-in-on = Self check-in is on: guests can check in from the wall's QR code until the round is seated.
host-said-check-in-off = Self check-in is off: the wall's QR code tells guests to ask you.
host-said-handed-to-bot = { $name }'s seat is handed to a bot: the table's steady bot plays their turns until you take it back.
host-said-taken-back = { $name }'s seat is theirs again: they play their own turns.
host-said-handed-over = { $from }'s seat at table { $table } is { $name }'s now: they play on from the seat's hand and score in round { $round }, and { $from }'s link no longer plays. { $name }'s seat link (shown only now). Send it to them, or let them scan it:
# $missed is zero or round_average: what the late entry's missed rounds score.
host-said-added-late = { $name } added: they join at round { $round }, and { $missed ->
    [round_average] missed rounds score the round's average
   *[zero] missed rounds score 0
}.
host-said-added = { $name } added.
host-said-entries-added = { $count ->
    [one] { $count } entry added.
   *[other] { $count } entries added.
}
# $level is steady, shrewd or random.
host-said-bot-joined = A { $level ->
    [shrewd] shrewd
    [random] random
   *[other] steady
} bot joined, labelled as a bot everywhere.
host-said-renamed = Renamed to { $name }.
host-said-withdrawn = Withdrawn: the entry keeps its score and is not seated again.
host-said-removed = { $name } removed.
host-said-removed-seat-again = { $name } removed. Round 1 was seated with them: seat it again.
host-said-seat-link = The seat link of { $name } (shown only now; any older link of theirs stops working). Send it to them, or let them scan it:
host-said-released = The seat is free: whoever had it is signed out, and it can be picked again from its table's QR code.
host-said-seated = Round { $round } is seated. Send everyone to their tables, then give the signal.
host-said-seated-unfair = Round { $round } is seated. Beware, this seating is { $warning }. Send everyone to their tables, then give the signal.
host-said-start = The signal is given: play!
host-said-pause = Paused.
host-said-resume = Play resumes.
host-said-stop = Stop! Every game is frozen and its score counts.
host-said-extend = { $minutes ->
    [one] { $minutes } more minute.
   *[other] { $minutes } more minutes.
}
host-said-table-paper = Table { $table } plays with real cards.
host-said-table-phones = Table { $table } plays on phones.
host-said-mover-chosen = Your choice moves on from table { $table }.
host-said-mover-cut = Table { $table }: the cut decides.
host-said-card-in = Table { $table }: the card is in ({ $score } { $unit ->
    [points] points
   *[other] miles
}) and confirmed.
host-said-card-refused = Table { $table }: that card was not taken. What was typed is kept; see the message beside each field that needs changing.
host-said-card-confirmed = Table { $table }: the card is confirmed.
host-said-closed-next = Round { $round } is closed and the winners have moved on. Round { $next } is seated.
host-said-closed-over = Round { $round } is closed. The evening is over: { $why }
host-said-limit-rounds = { $rounds ->
    [one] the only round has been played: close the event to give the prizes
   *[other] all { $rounds } rounds have been played: close the event to give the prizes
}
# The time limit's hour and minute (two digits), by the server's clock (UTC).
host-said-limit-time = the time limit passed at { $hour }:{ $minute } UTC: no round starts after it, so close the event to give the prizes
host-said-closed = Round { $round } is closed.
# A correction; $movement is same, changed (the winners who move on changed) or reseated (and the next round was seated again).
host-said-corrected = Round { $round }: score { $old } → { $new }.{ $movement ->
    [changed] { " " }The movement changed.
    [reseated] { " " }The movement changed and the next round was seated again.
   *[same] {""}
}
host-said-corrected-from-none = Round { $round }: no score → { $new }.{ $movement ->
    [changed] { " " }The movement changed.
    [reseated] { " " }The movement changed and the next round was seated again.
   *[same] {""}
}
host-said-finished = The evening is over. The standings are provisional until you close the evening.
host-said-evening-closed = The evening is closed: the results and prizes are final.

## The questions the console asks first, on a page of their own (in the reader's language).
ask-name-taken = { $name } is already there
ask-name-taken-why = There is already a player called { $name }. If this is another guest, give them a name that tells the two apart on the tents, the boards and the standings (an initial or a surname); if { $name } was added twice, go back.
ask-name-taken-yes = Add this guest
ask-name-taken-no = Back: it was a mistake
ask-new-link = A new link for { $name }?
ask-new-link-why = { $name }'s seat is in use: someone opened its link or picked it from a QR code. A new link stops the old one working, so whoever uses it now is signed out and needs the new link.
ask-new-link-yes = Make a new link
ask-new-link-no = Keep the old one
ask-close-evening = Close the evening?
ask-close-evening-why = Closing the evening makes the results and the prizes final: after this no score can be corrected, not even the last round's. Check the provisional standings first.
ask-close-evening-yes = Close the evening: the results are final
ask-close-evening-no = Not yet

## Signing in to the console (in the reader's language).
login-title = Host sign-in
# HTML.
login-how = This device is not the host's yet. Open the <strong>host link</strong> you were given when the event was created (it ends in <code>/host?token=…</code>), or enter the host's password if one was set.
login-password = Host password
login-open = Open the console
login-refused = That host link or password is not valid for this event; open the host link you were given when the event was created.
login-left = You have left the console on this device.

## The page of a request that could not be answered.
error-not-found = Not found
error-forbidden = Not for this link
error-invalid = That did not fit
error-not-now = Not now
error-internal = Something went wrong
error-status = (Error { $status }.)
error-go-back = Go back
error-or = or
error-start-again = start again
