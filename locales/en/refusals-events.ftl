# Refusals of events, entries, guests, series and their pages: what was wrong and what to do.

## Names. $what is whose name it is (one of the refused-name-of-* messages).
refused-name-of-event = the event's name
refused-name-of-player = the player's name
refused-name-of-first-partner = the first partner's name
refused-name-of-second-partner = the second partner's name
refused-name-of-series = the series' name
refused-name-of-person = the person's name
refused-name-of-corrector = the name of who corrects
refused-name-of-other = the name
refused-name-empty = { $what } is empty: type at least one letter
# $start is the name's first characters, to recognise it by.
refused-name-too-long = { $what } "{ $start }…" is { $chars } characters long; a name may have at most { $max }, so shorten it
refused-name-control = { $what } contains a line break, tab or other control character: type it on one line
# $code is the character as Unicode charts write it, such as U+202E.
refused-name-disguising = { $what } contains an invisible character that changes how text is shown ({ $code }): type the name without it
refused-name-invisible = { $what } has no visible character: type at least one letter

## Entries and guests.
refused-entry-partners-needed = this event plays partners at tables of { $players }: enter both partners' names for each entry
refused-entry-single-needed = this event plays each for himself at tables of { $players }: enter one name for each entry
# $word is what was sent, cut to 20 characters.
refused-missed-rounds-choice = "{ $word }" is not a choice for the rounds a late entry missed: use "zero" (they score 0) or "round_average" (they score each round's average)
refused-guests-empty = the list is empty: type one guest per line
refused-guests-too-many = the list has { $count } guests; paste at most { $max } at a time
# $text is the line as typed, cut to 40 characters.
refused-guests-line-partners = line { $line } ("{ $text }"): this event seats partnerships: write the two partners as "Ann & Bob"
refused-guests-line-single = line { $line } ("{ $text }"): this event seats single players: put each guest on a line of their own
refused-guests-line-name = line { $line }: { $reason }
# $first is the line where the name came first.
refused-guests-line-twice = line { $line }: "{ $name }" is already on line { $first }: add an initial or a surname to tell them apart
# $theirs is the name already in the event, $name the one on the line.
refused-guests-line-taken = line { $line }: there is already a player called "{ $theirs }" in this event: add an initial or a surname ("{ $name } B.") to tell them apart, or leave the line out
# $problems are the problems of the list, one after the other (refused-list-and).
refused-guests-nobody-added = nobody was added; fix the list and send it again: { $problems }
# Past five problems: the first five ($named) and how many more.
refused-guests-nobody-added-many = nobody was added: the list has { $count } problems; the first { $named }: { $problems }; and { $more } more: fix these and send the list again to see the rest
refused-list-and = { $first }; { $next }
refused-guests-cap = this event has { $have } entries and the list adds { $adds }: this server takes at most { $cap } (its --max-entries setting allows more)
refused-entries-cap = this event already has { $cap } entries, the most this server takes; the server's --max-entries setting allows more
refused-partners-same-name = both partners are called "{ $name }": add an initial or a surname to tell them apart
refused-name-taken = there is already a player called "{ $name }" in this event: add an initial or a surname ("{ $name } B.") so that the tents, the boards and the standings tell them apart
refused-event-over-entries = the event is over; no more entries
# $entry and $player are ids, as in the address.
refused-no-such-entry = this event has no entry { $entry }
refused-no-such-player = this event has no player { $player }
# $names are the entry's players; $count is how many (a partnership's names take "are").
refused-entry-seated = { $names } { $count ->
        [one] is
       *[other] are
    } seated in round { $round }, so they stay in the record: withdraw them instead (they keep whatever they scored and are not seated again)
# $level is what was sent, cut to 20 characters.
refused-no-bot-level = there is no bot level "{ $level }": choose random, steady or shrewd
refused-late-guest = the late guest: { $reason }
refused-entry-no-name = give the entry a name
refused-entry-names-count = an entry is one player or a partnership of two: give one or two names

## Handing a seat over to a late guest.
refused-handover-over = the evening is over: there is no seat left to hand over
refused-handover-partners = in an evening of partnerships a late arrival cannot take one partner's seat: hand the seat to a bot instead (the partnership plays on and keeps its score)
refused-handover-bot = that seat is a bot's: add the late guest instead, and the next seating seats them
refused-handover-withdrawn = { $name } has withdrawn already: their seat is not theirs to hand over
refused-handover-no-round = no round is being played: add the late guest instead, and the next seating seats them
refused-handover-not-started = round { $round } has not started: withdraw { $name } and add the late guest instead, and the seating is made again with them
refused-handover-bye = { $name } sits out round { $round } (a bye): there is no seat to hand over

## Events and their settings.
refused-host = that host link or password is not valid for this event; open the host link you were given when the event was created
# $event is an id, as in the address.
refused-no-such-event = there is no event { $event }
refused-private-event = the host keeps this event private: add the viewer key (?key=...) or the host's token
refused-settings-event-over = the event is over; its settings can no longer change (only its language, for the printed pages)
refused-settings-started = the evening has started: only the name, the prizes, the round length, the turn clock, the length of the evening and its language can still change
refused-settings-entries-in = entries are already in: switching between partnerships and single players would not fit them; withdraw them first or keep the table size
refused-settings-none = the settings were refused
refused-settings-table-size = a table seats 2 or 3 players each for himself, or 4 or 6 playing partners, not { $players }: choose 2, 3, 4 or 6
# $min, $max and $asked are lengths of time, such as "1 h 30 min".
refused-settings-round-length = a timed round lasts from { $min } to { $max }, not { $asked }: set a length in that range
refused-settings-games = a round by games plays 1 or 2 games at each table, not { $games }: choose 1 or 2
# $game is the points of Mille Bornes' whole game (5000).
refused-settings-points = a round to points plays Mille Bornes' whole game, to { $game } points, not { $points }: set { $game }
refused-settings-points-elsewhere = rounds to { $game } points are Mille Bornes' whole game; this event plays { $rules }: choose timed rounds or rounds by games, or choose Mille Bornes
refused-settings-rounds = an event has 1 to { $max } rounds, not { $rounds }: set a number in that range
refused-settings-time-limit = the time limit must be from { $min } to { $max }, not { $asked }: set a limit in that range
refused-settings-limit-shorter = the time limit ({ $limit }) is shorter than one round ({ $round }): lengthen the limit or shorten the rounds
refused-settings-prizes = the number of prizes is from 0 to { $max }, not { $prizes }: set a number in that range
# $rules and $options are names of games.
refused-settings-other-rules-options = the options given are those of { $options }; this event plays { $rules }: leave them out or choose { $options }
# $problem is the game's own words about one of its options (English until the games have messages).
refused-settings-option = { $problem }
refused-settings-turn-length = a turn on the turn clock lasts from { $min } to { $max } seconds, not { $seconds }: set a number of seconds in that range, or turn the clock off
# $asked is the game asked for; $available lists the games' identifiers.
refused-unknown-rules = unknown rules "{ $asked }"; the rules available are: { $available }
refused-unknown-rules-form = unknown rules "{ $asked }": choose one of the games the form lists
# $text is the language asked for, $offered lists the languages ("fr" (français), ...).
refused-language-field = "language": there is no language "{ $text }" here: the event's language is one of { $offered }
refused-paper-both = send either counts (a card of one hand) or hands (a list of hands), not both
refused-paper-nothing = nothing was entered: send hands, a list with the counts of each hand (or counts for a card of one hand)

## Passwords.
refused-password-short = choose a password of at least { $min } characters
refused-password-long = a password of at most { $max } characters is plenty

## Replays.
# $deal, $table and $round are numbers as in the replay's address.
refused-no-such-deal = there is no finished deal { $deal } at table { $table } in round { $round }: pick one from the list of replays
refused-replay-step = this deal has steps 0 to { $steps }; there is no step { $step }: pick a step from 0 (as dealt) to { $steps } (as it ended)
refused-replay-round-not-number = the round in a replay's address is a number (…/replays/ROUND/TABLE/DEAL), not "{ $text }": pick the deal from the list of replays
refused-replay-table-not-number = the table in a replay's address is a number (…/replays/ROUND/TABLE/DEAL), not "{ $text }": pick the deal from the list of replays
refused-replay-deal-not-number = the deal in a replay's address is a number (…/replays/ROUND/TABLE/DEAL), not "{ $text }": pick the deal from the list of replays
refused-replay-step-not-number = the step is a number from 0 (the deal as dealt) up, not "{ $text }": use the first, previous, next and last links

## Series.
refused-series-host = that token is not the host token of this series: send the series' own host token (the one given when the series was made) as Authorization: Bearer
refused-series-host-page = this device is not the host of this series: open the series' host link (it ends in /host?token=…), given when the series was made
# $series is an id, as in the address.
refused-no-such-series = there is no series { $series }
refused-member-card = that member card is not valid for this series (the host may have printed new ones): ask the host for your card, or open your page from your seat link
refused-evening-in-no-series = this evening is in no series: it has no season to show (your seat page shows the evening)
# $player and $series are ids.
refused-player-not-in-series = player { $player } did not sit at any evening of series { $series }: use a player id from one of its evenings (GET /api/v1/events/{"{"}event{"}"}/entries)
# $n is the number sent.
refused-series-best-out-of-range = count_best is { $n }: count the best 1 to { $max } evenings
refused-series-best-without-number = "count": "best" needs count_best, the number of evenings to count (such as 5)
refused-series-number-without-best = count_best goes with "count": "best", not "{ $count }": leave count_best out or ask for the best evenings
refused-series-unknown-counting = "count" is "{ $count }": it must be "total", "best" or "average"
refused-series-best-more-than-held = the series has held { $held ->
        [one] 1 evening
       *[other] { $held } evenings
    }, so the best { $n } of them cannot be counted: count the best { $held } or fewer, or change it once more evenings are held
refused-series-linked-to-themselves = "{ $name }" cannot be linked to themselves: name two different people
refused-series-already-one-person = "{ $name }" and "{ $other }" are already one person: nothing to link
refused-series-no-such-person = "{ $name }" is nobody in this series yet: use a name from its people list
refused-series-not-linked = "{ $name }" is not linked to anyone: there is nothing to split
refused-series-unknown-prize = "{ $prize }" is no prize: choose from "booby", "most_rounds_won", "best_round", "most_tables" and "perfect_attendance"
refused-series-attendance-is-seasonal = "perfect_attendance" is a season prize (everyone attends their own evening): ask for it in the season's prizes

## Pages.
# $path is the address asked for, cut to 80 characters.
refused-no-page = there is no page at { $path }: check the link, or start from the home page
refused-address-query = this page's address has something after the "?" that it cannot read (a number that is not a number, or something given twice): check the link, or open the page again from the projector or the console
refused-print-page = this printout has no page { $page }: its pages go from 1 to { $pages }; open it again from the console
refused-form-expired = this form has expired (or came from another site): reload the page and try again
refused-private-standings = the host keeps the standings private: print them from the host's console
refused-private-page = the host keeps this page private: open it from the host's console, or with the viewer link
# $what is the field (one of refused-field-*) or the form's own words; $text is what was typed, cut to 20 characters.
refused-not-whole-number = { $what } must be a whole number, not "{ $text }"
refused-no-page-number = there is no page at { $path }: check the link (event numbers are whole numbers)
refused-form-too-slow = the form came too slowly; nothing was stored: send it again
refused-form-too-large = the form sent is too large; shorten what you typed
refused-form-unreadable = the form could not be read; reload the page and try again
# $problem is the web server's own words (English).
refused-form-does-not-fit = the form does not fit ({ $problem }); reload the page and try again

## Form fields named in a refusal of refused-not-whole-number.
refused-field-player = the player
refused-field-table = the table
refused-field-move-position = the move's position
refused-field-side = the side
refused-field-seat = the seat
refused-field-evening = the evening
refused-field-best-evenings = the number of best evenings
refused-field-turn-seconds = the seconds a turn
refused-field-extra-minutes = the extra minutes
refused-field-round = the round
refused-field-entry = the entry
refused-field-miles = the miles

## The JSON API's refusals of a request it cannot take. $problem is the web server's or the
## JSON reader's own words (English), $path the address asked for.
refused-api-nothing-here = there is nothing at { $method } { $path }; the API is described at /api/openapi.json
# $max is in bytes.
refused-api-body-too-large = the request body is larger than { $max } bytes; nothing was stored
refused-api-body-too-slow = the request body came too slowly; nothing was stored: send it again
refused-api-body-content-type = send the body as JSON with Content-Type: application/json
refused-api-body-not-json = the request body is not valid JSON ({ $problem }); send one JSON object, as described at /api/openapi.json
refused-api-body-does-not-fit = the JSON body does not fit: { $problem }; nothing was stored (the fields are described at /api/openapi.json)
refused-api-body-not-object = the JSON body is { $kind ->
        [list] a list
        [text] a string
        [number] a number
        [boolean] true or false
       *[null] null
    }, not an object: send one JSON object with the fields described at /api/openapi.json; nothing was stored
refused-api-body-repeated-key = the key "{ $key }" stands twice in one object of the JSON body: send each key once; nothing was stored
refused-api-body-unreadable = the request body could not be read: { $problem }
refused-api-address = the address { $path } is not valid ({ $problem }): ids and numbers in an address are whole numbers, such as /api/v1/events/1/rounds/2
# $allowed are the methods the address takes (refused-list-or of refused-api-method-name).
refused-api-method = { $method } is not allowed on { $path }: use { $allowed } (the API is described at /api/openapi.json)
# An HTTP method's name, such as GET: the same in every language.
refused-api-method-name = { $name }
refused-list-or = { $first } or { $next }
refused-api-query = the query string is not valid: { $problem }
