# The one sentence a seat's page leads with (the app says it; the API has it in English):
# what to do now, how the last round went, and the evening's end. $unit is "miles" or
# "points"; $others the tablemates' names, as a list.

seat-msg-not-seated-yet = The host has not seated the first round yet. Keep this page open.
seat-msg-bye = You sit out round { $round }: a bye. You will be seated again next round.
seat-msg-withdrawn = You have withdrawn from the event. Thank you for playing!
seat-msg-bot-seat = A bot plays this seat: the server plays its moves, and no link can play them.
seat-msg-stand-in = The host handed your seat to a bot: it plays your turns until the host gives the seat back. Tell the host when you can play again.
seat-msg-not-seated = You are not seated in round { $round }; you join at the next seating.
seat-msg-sit-at = Round { $round }: sit at table { $table }. Play starts at the host's signal.
seat-msg-sit-at-with = Round { $round }: sit at table { $table } with { $others }. Play starts at the host's signal.
seat-msg-paused = The round is paused. Wait for the host to resume it.
seat-msg-recorded = Time is up for round { $round }. Your { $unit ->
    [points] points
   *[other] miles
} are recorded; when the host closes the round, this page says where you go next.
seat-msg-paper-card-in = Time is up for round { $round }. Your card is in; once another side confirms it, your { $unit ->
    [points] points
   *[other] miles
} are recorded.
seat-msg-paper-count = Time is up for round { $round }. Count your piles and enter your side's score card below; another side confirms it.
seat-msg-paper-table = Round { $round }: table { $table } plays with real cards. Count your piles at the signal.
seat-msg-paper-table-with = Round { $round }: table { $table } with { $others } plays with real cards. Count your piles at the signal.
seat-msg-deal-over = This deal is over: wait for the next one or the signal.
seat-msg-coup-fourre = Coup Fourré?
seat-msg-coup-fourre-wait = The table waits for a possible Coup Fourré:
seat-msg-extension = You reached 700: stop here or extend to 1000?
seat-msg-extension-wait = The side at 700 miles decides whether to extend to 1000:
seat-msg-your-turn = Choose a card to play or discard.
seat-msg-waiting = Waiting for the other players' moves.
seat-msg-at-table = Round { $round }: table { $table }.
seat-msg-at-table-with = Round { $round }: table { $table } with { $others }.

## Between rounds: how the last one went ($score is said by score-in-unit).
news-onward-stay = you stay at table { $table }
news-onward-move = move to table { $table }
news-onward-bye = you sit out this round (a bye)
news-won-most = You won table { $table } with { $score }: { $onward }.
news-won-cut = You were tied for the most at table { $table } ({ $score }) and won the cut: { $onward }.
news-won-host = You were tied for the most at table { $table } ({ $score }) and the host chose you: { $onward }.
news-bye-scored = Your bye scored { $score }.
news-next-stay = You stay at table { $table }.
news-next-move = Move to table { $table }.
news-next-bye = You sit out this round (a bye).
news-scored = You scored { $score } at table { $table }. { $next }

## After the last round ($place and $prize are said by place or place-joint).
finale-unranked = The evening is over. You withdrew before playing a round, so you are not ranked. Thank you for coming!
finale-place = The evening is over: you finished { $place } of { $of } with { $score }. Thank you for playing!
finale-prize = The evening is over: you finished { $place } of { $of } with { $score } and take the { $prize } prize. Congratulations!
finale-provisional = These results are provisional until the host closes the evening.
seat-msg-handed = The host gave your seat to { $name }: this link no longer plays. Your rounds before it still count. Thank you for playing!
seat-msg-handed-in-round = The host gave your seat to { $name } in round { $round }: this link no longer plays. Your rounds before it still count. Thank you for playing!
seat-game-so-far = The game to { $points } points so far: { $sheet }.
seat-game-won-you = You won the game to { $points } points: { $sheet }.
seat-game-won = { $winner } won the game to { $points } points: { $sheet }.
seat-game-sheet-you = you { $points }
seat-game-sheet-side = { $name } { $points }
seat-game-sheet-list = { $first }, { $next }
seat-game-sheet-empty = no scores yet
