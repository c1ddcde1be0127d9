# What every game's board shares: headings, piles, the hand and its moves, the recent moves.
# $subject says who acts: "you" (the reader), "one" player or "many" (partners), for verbs
# to agree; $deal is "race" (Touring) or "hand" (Mille Bornes).

board-side-n = side { $side }
board-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
board-you = You
board-seat-n = Seat { $seat }
board-seat-n-lower = seat { $seat }
board-stand-in-clock = { $subject ->
    [you] Your
   *[other] { $who }'s
} turn ran out: move { $move } was played by the turn clock.
board-stand-in-bot = { $subject ->
    [you] Your
   *[other] { $who }'s
} move { $move }: played by a bot for the host.
board-won-you = You won this { $deal ->
    [hand] hand
   *[race] race
}!
board-won = { $names } won this { $deal ->
    [hand] hand
   *[race] race
}.
board-over = The { $deal ->
    [hand] hand
   *[race] race
} is over.
board-over-level = The { $deal ->
    [hand] hand
   *[race] race
} is over: level at the top.
board-table-waits = the table waits.
board-your-turn = Your turn.
board-to-play = { $name } to play.
board-deal-heading = Deal { $deal }: { $whose }
board-side-miles = { $miles } mi
# A side's miles as a screen reader hears them (the page shows "450 mi").
board-side-miles-said = Miles: { $miles } of { $target }
# A side's heading as one sentence for a screen reader (the page shows the tags "you" and
# "to play" beside the names).
board-side-yours-to-play = { $names }, your turn to play
board-side-yours = { $names } (you)
board-side-to-play = { $names }, to play
# A card's one name for a screen reader and its tooltip: its name and, in brackets, its kind.
board-card-label = { $name } ({ $kind })
board-pack = Pack: { $cards }
board-discard-pile = Discard pile: { $cards }
board-discard-pile-top = Discard pile: { $cards }, { $top } on top
board-go-pile-top = Go pile: { $top } on top
board-go-pile-empty = Go pile: empty
board-your-hand = Your hand
board-tap-a-card = : tap a card to play it
board-your-cards = your cards
board-your-moves = your moves
board-mean-it = Yes, I mean it: { $warning }.
board-lately = Lately
