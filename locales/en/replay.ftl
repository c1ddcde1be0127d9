# The replays: the list of an event's finished deals, and one deal step by step.

## The list.
replays-title = Replays
replays-intro = Every deal of the digital tables, move by move, with the board as each seat saw it and every hand shown: a deal appears here once it is over, and a deal cut by the signal once its round is closed.
replays-none = No deal has been finished at a digital table yet.
replays-round = Round
replays-table = Table
replays-deal = Deal
replays-result = Result
replays-replay = Replay
replays-bot = bot
replays-cut = (cut at the signal)
# One side's result: "Ann & Bob 40 mi"; $unit is "miles" or "points".
replay-side = { $names } { $score } { $unit ->
    [points] pts
   *[other] mi
}

## One deal.
replay-title = Replay: round { $round }, table { $table }, deal { $deal }
replay-heading = Round { $round }, table { $table }, deal { $deal }
replay-won = { $side } (won)
replay-cut-note = (cut at the round's signal: these are the miles it counted)
replay-all = All replays
replay-steps = Steps
# Markup kept: "Step 3 of 40" is bold.
replay-step = <strong>Step { $step } of { $steps }</strong>: { $text }
replay-first = First
replay-previous = Previous
replay-next = Next
replay-last = Last
replay-go-to = Go to step
replay-show = Show
replay-all-shown = The deal is over, so every hand is shown: below is the table as each seat saw it after this step.
replay-hand-score = The hand's score
replay-hand-score-cut = (cut at the signal: no trip bonus)
replay-row = Row
replay-row-miles = Milestones
replay-row-safeties = Safeties
replay-row-all-safeties = All four safeties
replay-row-coups-fourres = Coups fourrés
replay-row-trip = Trip completed
replay-row-delayed-action = Delayed action
replay-row-safe-trip = Safe trip
replay-row-shut-out = Shut-out
replay-row-extension = Extension
replay-row-total = Total
replay-as-seen = As { $name } saw it
# What the step was.
replay-dealt = The deal as it was dealt.
replay-move-of = { $name }'s move.
replay-table-move = The table's move.
replay-by-clock = This move was played by the turn clock.
replay-by-bot = This move was played by a bot for the host.
replay-last-before-signal = The last move before the round's signal.
replay-last-of-deal = The last move of the deal.
