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
refused-series-stays = an evening stays in the series it was made in: leave "series" out of a change (make a new evening in the other series instead)

# A console form sent to an address whose event is not a number.
refused-console-address = there is no event at this address: event numbers are whole numbers; open the console from your host link
