# A guest's path: picking a seat by QR code, and the seat's page around the board.

## The pick page.
pick-table-title = Table { $table }
pick-table-heading = Table { $table }: who are you?
pick-find-title = Find your seat
pick-find-heading = Find your seat: who are you?
# HTML: the name is escaped.
pick-held = This phone holds <strong>{ $name }</strong>’s seat.
pick-open-my-seat = Open my seat
pick-no-free-seat = No free seat here. If your seat is taken, ask the host to release it; if the round is not seated yet, scan again once it is.
pick-someone-else = Someone else?
pick-tap-your-name = Tap your name. This phone then shows your seat for the whole evening.
pick-gives-back = Tapping another name gives that seat back: a phone holds one seat at a time.
pick-link-wins = If the seat's own link is opened (the one the host gives its guest), the seat goes back to that link and this phone no longer shows it.
pick-free-seats = Free seats
check-in-heading = Check in
check-in-heading-not-listed = Not in the list? Check in
check-in-why = Type your name as it should read on the tables and in the standings. The host sees it, and you get a table when the round is seated.
check-in-your-name = Your name
check-in-partner-name = Your partner's name
check-in-button = Check in
# HTML: the names are escaped.
check-in-held = This phone checked in <strong>{ $names }</strong>. Your table shows on your seat's page once the host seats the round.
check-in-undo = Not you, or a mistake? Take this check-in back
check-in-done = You are checked in. Keep this page open: it shows your table once the host seats the round. To take the check-in back, scan the wall's code again.
check-in-undone = Check-in taken back: { $names }.
check-in-off = At this evening the host checks guests in: ask the host to add your name, then scan this code again once the round is seated.

## The seat page.
seat-title = Your seat
seat-skip-to-hand = Skip to your hand
seat-mute = Mute this phone
seat-muted = This phone is muted: turn its sounds on
seat-refresh = Refresh
seat-refresh-why = to see the other players' moves and the time left.
seat-season = Your season
seat-season-why = every evening of the series you came to, and your standing
# HTML.
seat-table-round = Table <strong>{ $table }</strong>, round { $round }
# HTML.
seat-table = Table <strong>{ $table }</strong>
seat-bye = A bye this round
seat-time-left = time left
# Followed by the seconds left.
seat-turn-clock = { $whose }: the turn clock plays it for the seat in
seat-turn-yours = Your turn
seat-turn-of = { $name }'s turn
seat-turn-of-this-seat = This seat's turn
seat-score-cards = Score cards
seat-cards-count-now = Count your cards for each line of the score card and enter them; a player of another side confirms.
seat-cards-count-at-stop = At the stop signal, count your cards for each line of the score card.
seat-card-hand = Hand { $hand }:
seat-card-correct = Correct my card
seat-card-enter = Enter my card
seat-card-add-hand = Add a hand
seat-card-confirm = Confirm { $names }'s card
seat-at-your-table = At your table
seat-who = Who
seat-miles-this-round = Miles this round
seat-points-this-round = Points this round
# Once the evening is over: the guest's result, shown instead of the frozen game.
seat-result-title = Your result
seat-result-place = Place
seat-result-place-of = { $place } of { $of }
seat-result-total = Total
seat-result-first = First place
seat-result-first-names = { $names }
seat-result-first-you = { $names } (you)
seat-result-not-ranked = not ranked
seat-result-standings-final = See the final standings
seat-result-standings = See the standings (provisional)

## What a seat's forms answer.
seat-let-it-go-noted = Noted: you let it go. The table goes on when the wait is over.
seat-stale-move = { $message } Look again and choose.
seat-card-in-miles = Your card is in: { $score } { $score ->
    [one] mile
   *[other] miles
}. Another side confirms it.
seat-card-in-points = Your card is in: { $score } { $score ->
    [one] point
   *[other] points
}. Another side confirms it.
seat-card-confirmed = Confirmed. Thank you.
seat-card-refused = Your card was not taken. What you typed is kept; see the message beside each field that needs changing.

## What an open seat page shows once its seat was taken back.
seat-taken-back-title = This seat was taken back
seat-taken-back-why = The host gave this seat a new link or freed it, or the seat's own link was opened, so this page no longer shows its hand.
seat-taken-back-what-now = If the seat is yours, ask the host for your new link, or scan your table's QR code and tap your name.
## What a seat link's page says when opening it took the seat back from a phone that had picked it.
seat-pick-ended = Another phone had picked this seat from a QR code. Opening your link took the seat back: that phone no longer shows your hand. If you did not expect this, tell the host.
