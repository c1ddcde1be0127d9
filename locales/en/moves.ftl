# A move the engine refuses, in every game (Touring and Mille Bornes alike). $card, $needed,
# $other, $taken, $safety and $top are cards' names; $target, $winner, $seat and $to_move
# number a side or a seat as the table does.
refused-game-over = the game is over: side { $winner } has won
refused-not-your-turn = it is not seat { $seat }'s turn: seat { $to_move } is to play
refused-target-missing = say which side to play { $card } on with "target": more than one side could take it
refused-no-such-side = there is no side { $target } at this table
refused-own-side-card = side { $target } is your own side: { $card } is played on an opponent
# $rules: the name of the game the table plays.
refused-other-rules = that action belongs to another game: this table plays { $rules }
# $detail: what was wrong with the move as sent, in the engine's English.
refused-move-unreadable = that move could not be read ({ $detail }): reload the page and play again
refused-not-in-hand = you do not hold a { $card } card
refused-target-not-allowed = { $card } is played on your own side; play it without a target
# A move as it is sent (JSON), the same in every language.
refused-as-sent = { $move }
# Two ways to answer, either of which will do.
refused-either = { $first } or { $next }
