# Refusals of the use cases (app/ and tournament/): what was wrong and what to do. The API
# says them in its reader's language too (its `error`), the pages in theirs.

refused-time-up = time is up: the round has ended, so no more moves can be played
refused-ours = something went wrong on our side; try again in a moment, and tell the host if it goes on
refused-not-found = not found
refused-concurrent-change = someone else changed this at the same moment; reload and try again
# A paper score sheet that the game's rules refuse, said in general.
refused-paper-rules = the score sheet does not fit the rules of the game: check its counts

# Closing a round.
refused-cards-not-in = the score cards are not all in and confirmed
# "table 3 has no scores yet: the score cards are not all in and confirmed"
refused-table-without-scores = table { $table } has no scores yet: { $reason }

# The API: a change of an evening's settings that names a series.
refused-series-stays = an evening changes series on its console or the series' console (or with PUT and DELETE /api/v1/series/{"{"}series{"}"}/evenings/{"{"}event{"}"}), not by a change of its settings: leave "series" out
refused-series-link = that is not a series' host link: paste the whole link given when the series was made (it has /series/, a number, and /host?token=…)
refused-series-evening-link = that is not an evening's host link: paste the whole link given when the evening was made (it has /events/, a number, and /host?token=…), or the address of its console in a browser that hosts it
refused-series-evening-closed = the evening "{ $evening }" is closed: it stays in the series it was in (or in none)
refused-series-evening-elsewhere = the evening "{ $evening }" is in the series "{ $series }": take it out of that series first, with its host link
refused-series-not-its-evening = the evening "{ $evening }" is not in this series

# A console form sent to an address whose event is not a number.
refused-console-address = there is no event at this address: event numbers are whole numbers; open the console from your host link
