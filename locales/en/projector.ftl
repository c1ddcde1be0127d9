# The projector (the wall), the standings table it shares with the standings and print pages,
# and the winners' chart. $unit is "miles" or "points".

## The wall.
wall-title = { $event } · projector
wall-tables = Tables
wall-standings = Standings
wall-sound-button = Turn sound on
wall-over = The evening is over: the winners
# Markup kept: the word "provisional" is marked for the script and the style.
wall-over-provisional = The evening is over: the winners, <strong class="provisional" data-provisional>provisional</strong> until the host closes the evening
wall-paused-banner = PAUSED
wall-break = Break
wall-round-seated = round { $round } is seated:
wall-find-your-table = find your table; it starts at the host's signal
wall-round = Round { $round }
wall-state-seated = take your seats
wall-state-running = playing
wall-state-paused = paused: the clock is stopped
wall-state-over = stop! count your { $unit ->
    [points] points
   *[other] miles
}
wall-state-closed = closed: the next round is being seated
wall-clock-closed = Closed
wall-clock-playing = Playing
wall-welcome = Welcome! The first round is about to be seated.
wall-scan-provisional = Scan for the standings (provisional until the host closes the evening)
wall-scan-final = Scan for the final standings
wall-scan-join = Scan to join and find your seat
wall-next-seating = Next: seating, round { $round }
wall-seating = Seating, round { $round }
wall-bye = bye
wall-chart-heading = { $unit ->
    [points] Points
   *[other] Miles
} round by round
# A prize: "1st prize".
prize = { NUMBER($prize, type: "ordinal") ->
    [one] { $prize }st
    [two] { $prize }nd
    [few] { $prize }rd
   *[other] { $prize }th
} prize

## The standings table.
standings-none = No entries yet.
standings-place = Place
standings-name = Name
# A round's column: "R1".
standings-round = R{ $round }
standings-unit = { $unit ->
    [points] Points
   *[other] Miles
}
standings-won = Won
standings-prize = Prize
standings-bot = bot
standings-withdrawn = withdrawn
standings-withdrawn-unranked = withdrawn, not ranked
standings-missed-title = a round this late entry missed
# The mark of a round a late entry missed, explained by standings-missed-note.
standings-missed-mark = L
standings-missed-note = L: a round the entry missed, having come late; it scores 0 or the round's average, as the host chose when adding it.
standings-provisional = <strong>Provisional:</strong> the evening is over, but the host may still correct a score. The results and prizes are final once the host closes the evening.
standings-live-paused = Round { $round } is paused: its { $unit ->
    [points] points
   *[other] miles
} so far are counted in.
standings-live-over = Time is up in round { $round }: its { $unit ->
    [points] points
   *[other] miles
} are counted in as they stand until the host closes it.
standings-live-playing = Round { $round } is being played: its { $unit ->
    [points] points
   *[other] miles
} so far are counted in.
standings-after-round = After round { $round }.
standings-prizes-later = Prizes are shown once round 1 is closed.

## The winners' chart (SVG).
chart-title = Each entry's { $unit ->
    [points] points
   *[other] miles
} in total, round by round
chart-round = R{ $round }

## The standings pages (a guest's, and the printed one).
standings-title = Standings
standings-title-final = Final standings
standings-title-provisional = Provisional standings
standings-title-so-far = Standings so far
standings-how = The highest total wins; ties are split by rounds won (rounds where the entry alone had the most at its table; a cut for a tie is not a win), then shared. Bots are placed but take no prize.
standings-print = Print
standings-replays = Replays of the finished deals
# "1st prize:", before the winner's name.
prize-won-by = { NUMBER($prize, type: "ordinal") ->
    [one] { $prize }st
    [two] { $prize }nd
    [few] { $prize }rd
   *[other] { $prize }th
} prize:
print-replays-heading = Watch the deals again
print-replays-scan = Scan to replay every finished deal of the evening, move by move.
print-standings-how = Places go by the total score, then rounds won; equal entries share a place. Printed by Touring.
print-title = Print
print-title-seating = Seating chart
print-title-cards = Score cards
print-title-tents = Table tents
print-title-slips = Seat slips

## The print pages.
print-letter = Letter
print-index-paper = Each page prints cleanly on A4 or Letter (choose the paper in your printer's dialog, and here):
print-index-standings = Standings with prizes
print-index-tents = Table tents with QR codes
print-index-round = Round { $round }:
print-index-seating = seating chart
print-index-cards = paper score cards
print-download = Download
print-download-what = For a spreadsheet or your records (this browser's host session downloads them):
print-download-csv = Standings (CSV)
print-download-json = Standings (JSON)
print-download-evening = The whole evening (JSON)
# The CSV exports for a spreadsheet: the separator of this language's spreadsheets (a comma,
# or a semicolon where the comma is the decimal mark), the columns' headings, yes and no.
csv-separator = ,
csv-place = place
csv-entry = entry
csv-names = names
csv-name = name
csv-bot = bot
csv-withdrawn = withdrawn
csv-round = round { $round }
csv-total = total
csv-rounds-won = rounds won
csv-prize = prize
csv-prizes = prizes
csv-evenings = evenings
csv-counted = counted
csv-yes = true
csv-no = false
print-seating-table = Table
print-seating-players = Players
print-seating-cards = Cards
print-seating-paper = real cards
print-seating-phones = phones
print-seating-none = No round has been seated yet.
print-slips-heading = Seat slips: { $event }
print-slips-none = Every guest has opened their seat already: no slip is needed. A guest who lost theirs can scan the QR code on the projector or their table's tent and tap their name, or get a new link from the console.
print-slips-how = Cut along the lines and hand each guest their slip: its QR code opens their own seat on their phone for the whole evening. These links are new; any link of theirs sent before no longer works.
print-slip-your-table = Your table:
print-slip-table-later = Your table is shown once the round is seated
print-slip-scan = Scan with your phone's camera to open your seat.
print-tents-heading = { $event }: table tents
print-tent-table = Table { $table }
print-tent-scan = Scan to see who plays here and open your seat
