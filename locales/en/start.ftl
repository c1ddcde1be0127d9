# The start page: the form that makes an event (in the reader's language), and the game's names.

## The games, by their ids.
game-touring-1926 = Touring (1926)
game-touring-1958 = Touring (1937-1958)
game-mille-bornes = Mille Bornes

## The start page.
start-title = Progressive Touring
start-heading = Progressive Touring
# HTML.
start-intro = Run a <strong>Progressive Touring</strong> party, the way Parker Brothers described it in 1926: several tables play the automobile card game Touring in timed rounds that start and stop at one signal. At the signal every player's miles are recorded and the winner at each table moves on to the next table. After the last round, the most miles in total wins first prize.
start-intro-how = Each table plays on the players' phones (the rules are kept by the program) or with real cards (the scores are typed in). A projector shows the clock; the standings print cleanly.
start-create = Create an event
start-name = Name of the evening
start-name-example = Friday Touring at the Smiths'
start-game = The game
start-players = Players at a table
start-players-2 = 2, each for himself
start-players-2-hint = (the sheet's favourite)
start-players-3 = 3, each for himself
start-players-3-touring = (Touring: a shorter race, 30 miles in 1926, 295 in 1937-1958)
start-players-3-mille-bornes = (Mille Bornes: the same 700-mile trip with the Extension)
start-players-4 = 4, two partnerships
# HTML: the part for Mille Bornes is shown only when it is chosen.
start-players-4-hint = (partners move together<span data-for-rules="mille-bornes">; Mille Bornes: a trip of 1000 miles</span>)
start-players-6 = 6, three partnerships
start-round = Each round
start-round-timed = Timed: every table starts and stops at the signal
start-round-minutes = Minutes per round
start-round-games = By games: each table plays its games, then waits
start-round-games-mille-bornes = (Mille Bornes: a game is one hand)
start-games = Games per round
start-games-1 = one game
start-games-2 = two games
start-round-points = Mille Bornes: to { $points } points, hands until a side has them
start-round-points-hint = (the whole game, as the box plays it: for an evening of one table)
start-turn-clock-hint = (a seat that lets its turn run out has it played by the steady bot; no rule of the game changes)
start-turn-clock-default = The default: a minute a turn in timed rounds, none in rounds by games
start-turn-clock-on = On, with this many seconds a turn:
start-check-in-hint = (you see each check-in in the console and can remove it before the seating)
start-length = Length of the evening
start-length-rounds = A number of rounds
start-rounds = Rounds
start-length-time = A time limit for the evening
start-limit-minutes = Minutes in all
start-prizes = Prizes
start-more = More settings
start-after-race = When a table's race ends before the signal
start-after-race-hint = (in Mille Bornes, its hand)
start-after-race-deal = deal again at once; the scores add up
start-after-race-wait = the table waits for the signal
start-remainder = When the numbers don't fill whole tables
start-remainder-mixed = a table of another size (e.g. one table of three)
start-remainder-byes = byes: someone sits out each round, in turn
start-remainder-bots = bots fill the empty seats (clearly labelled)
start-bye-score = What a bye scores
start-bye-average = the round's average (everyone's score over the number who played, rounded down)
start-bye-zero = nothing (0)
start-seed = Seed
start-seed-hint = (leave empty for a random one; the same seed gives the same draws)
start-create-button = Create the event
start-series = A club's season
start-series-how = A series groups a club's evenings: the same guests week after week, their standings across the season, the club's prizes. Make the series once, then each evening from its console.
start-series-name = The series' name
start-series-make = Make the series
start-ready = Your event is ready. Keep this host link: it is the only way back to this console from another device (it is shown only now).
start-settings-to-change = { $count ->
    [one] One setting needs changing: see the message beside it below.
   *[other] { $count } settings need changing: see the messages beside them below.
}

## What is wrong with the start form, beside each field.
# A field that is not a number: $what names it, $text is what was typed, $range says what it takes.
start-error-number = { $what } must be a whole number, not "{ $text }": { $range }
start-range = from { $min } to { $max }
start-range-table-size = choose 2, 3, 4 or 6
start-range-games = choose 1 or 2
start-what-table-size = players per table
start-what-games = the games per round
start-what-round-minutes = the round's length in minutes
start-what-limit-minutes = the evening's length in minutes
start-what-rounds = the number of rounds
start-what-turn-seconds = the seconds a turn
start-what-prizes = the number of prizes
option-about-coup_fourre_seconds = the seconds every table waits after every hazard for a possible Coup Fourré
start-error-seed = the seed must be a whole number, not "{ $text }"
start-error-language = there is no language "{ $text }" here: choose one of the list
start-error-name-empty = the event's name is empty: type at least one letter
start-error-table-size = a table seats 2 or 3 players each for himself, or 4 or 6 playing partners, not { $players }: choose 2, 3, 4 or 6
start-error-round-length = a timed round lasts from { $min } to { $max }, not { $asked }: set a length in that range
start-error-games = a round by games plays 1 or 2 games at each table, not { $games }: choose 1 or 2
start-error-points = a round to points plays Mille Bornes' whole game, to { $game } points, not { $points }: set { $game }
start-error-points-elsewhere = rounds to { $game } points are Mille Bornes' whole game; this event plays { $rules }: choose timed rounds or rounds by games, or choose Mille Bornes
start-error-rounds = an event has 1 to { $max } rounds, not { $rounds }: set a number in that range
start-error-time-limit = the time limit must be from { $min } to { $max }, not { $asked }: set a limit in that range
start-error-limit-shorter = the time limit ({ $limit }) is shorter than one round ({ $round }): lengthen the limit or shorten the rounds
start-error-prizes = the number of prizes is from 0 to { $max }, not { $prizes }: set a number in that range
start-error-turn-length = a turn on the turn clock lasts from { $min } to { $max } seconds, not { $seconds }: set a number of seconds in that range, or turn the clock off
start-hours = { $count } h
start-minutes = { $count } min
start-seconds = { $count } s

## Mille Bornes' options on the start page.
start-mb-options = Mille Bornes options
start-mb-hazard-on-hazard = A hazard may go on a hazard
start-mb-hazard-on-hazard-hint = (the 1988 rules; only the top one counts)
start-mb-coup-fourre = Seconds every table waits after a hazard for a Coup Fourré
start-mb-coup-fourre-hint = (5 to 15, the same for every table and every hazard)
