# A club's series: its public season, a guest's own season, the series' console, the members'
# cards, and the club prizes (which the evening's pages show too).

## What the season's places go by.
series-counting-total = Every evening counts.
series-counting-best = Each person's best { $count ->
    [one] { $count } evening
   *[other] { $count } evenings
} count.
series-counting-average = The average per evening attended counts.
# A figure with decimals (an average): its whole part and its two decimals.
series-decimal = { $whole }.{ $fraction }
series-date = { $year }-{ $month }-{ $day }

## The public season.
series-ties = Places are shared by equal scores.
series-private-note = { $count ->
    [one] One evening is private
   *[other] { $count } evenings are private
}: the host keeps its guests and scores off public pages, so these public standings leave it out. The series' console and each guest's own page count every evening.
series-standings = Standings
series-none-played = No evening has been played yet.
series-season-prizes = Season prizes
series-evenings = Evenings
series-no-evening = No evening yet.
series-evening-private = (private: its guests are not shown here)
series-evening-final = (final)
series-evening-provisional = (provisional)
series-evening-running = (being played)
series-evening-not-started = (not started)
series-on-a-phone = These standings on a phone
series-qr-label = QR code of this page

## The season's table.
season-place = Place
season-name = Name
season-evenings = Evenings
season-total = Total
season-counted = Counted
season-not-counted = not counted

## A guest's own season.
series-guest-title = { $name }: { $series }
# Markup kept: the series' name links to its public season.
series-guest-intro = Your season of <a href="{ $href }">{ $series }</a>.
series-guest-standing-title = Your standing
series-guest-standing = { NUMBER($place, type: "ordinal") ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
} of { $people }
# Markup kept: the counted figure is bold.
series-guest-attended = { $count ->
    [one] { $count } evening
   *[other] { $count } evenings
} attended; counted: <strong>{ $counted }</strong>.
series-guest-not-yet = You are not in the standings yet: they list everyone once an evening has a result.
series-guest-prizes-title = Your prizes of the season
series-guest-state-provisional = · provisional
series-guest-state-running = · being played
series-guest-state-not-started = · not started
# Markup kept: the place and the score are bold.
series-guest-place = Place: <strong>{ $place }</strong> · score: <strong>{ $score }</strong>
series-guest-round = Round { $round }: { $score }
series-guest-prizes = Prizes: { $prizes }
series-guest-absent = You did not come (or have no result yet).

## The club prizes.
club-prize-booby = Booby prize
club-prize-most-rounds-won = Most rounds won
club-prize-best-round = Best single round
club-prize-most-tables = Most tables visited
club-prize-perfect-attendance = Perfect attendance
club-figure-score = { $value }
club-figure-rounds-won = { $value ->
    [one] { $value } round won
   *[other] { $value } rounds won
}
club-figure-tables = { $value ->
    [one] { $value } table
   *[other] { $value } tables
}
club-figure-evenings = { $value ->
    [one] { $value } evening
   *[other] { $value } evenings
}
# A prize given: "Booby prize: Cy (120)"; $names are those who take it, in alphabetical order.
club-award = { $prize }: { $names } ({ $figure })
# A guest's own prize: "Booby prize (120)".
club-prize-with-figure = { $prize } ({ $figure })

## The series' console.
series-console-title = { $series }: series console
series-console-intro = Series console.
series-console-counts-all = These standings count every evening, private ones too.
series-public-standings = Public standings
series-member-cards-button = Member cards…
series-export-csv = Standings (CSV)
series-export-json = The season (JSON)
series-make-evening = Make the evening
series-make-evening-hint = The evening opens in its own console, where its returning guests are added with one tap each. Its settings start as the last evening's were.
series-attach-link = An evening made without the series: its host link
series-attach-hint = (or its console's address, in a browser that hosts it)
series-attach = Take it into the series
series-detach = take it out of the series
series-detach-confirm = Take "{ $evening }" out of the series? The evening stays as it is, but no longer counts in the season.
series-state-final = final
series-state-provisional = provisional
series-state-running = being played
series-state-not-started = not started
series-state-private = , private
series-standings-link = standings
series-people = People
series-people-hint = The same name (case and spaces aside) is the same person from one evening to the next. Link two names that are one person; split a linked name off again.
series-people-name = Name
series-people-evenings = Evenings
series-people-also = Also counted
series-people-two = One name, two people?
series-split-off = Split { $name } off
series-seat-of = A seat of { $name }
series-seat-was = was
series-split-seat = Split the seat off
series-link-name = This name
series-link-with = is the same person as
series-link = Link them
series-settings = Counting and prizes
series-settings-counting = What the season's places go by
series-settings-total = The total of every evening
series-settings-best = Each person's best evenings, this many:
series-settings-best-label = How many best evenings count
series-settings-average = The average per evening attended
series-settings-evening-prizes = Prizes of each evening
series-settings-season-prizes = Prizes of the season
series-settings-save = Save the counting and prizes
series-access = The host link
series-token-out = If the host link got out, make a new one: the old link stops working, every other device on this console is signed out, and the printed member cards stop opening (each member's key is made from the link).
series-token-sure = I will print the member cards again
series-token-new = Make a new host link
series-token-confirm = Make a new host link? The old one and every printed member card stop working.
series-leave = Leave the console
series-leave-hint = (signs out every device of this series' host; the host link opens it again)
# What the console's forms answer.
series-ready = Your series is ready. Keep this host link: it is the only way back to this console from another device (it is shown only now).
series-evening-made = The evening is made in the series. Its own host link, for a helper who runs it (shown only now):
series-evening-attached = The evening is in the series now: it counts in the season, and its console offers the series' people.
series-evening-detached = The evening is out of the series: it stays as it is, and no longer counts in the season.
series-linked = { $name } now counts as { $with }.
series-split = { $name } is their own person again.
series-seat-given = That seat now counts as { $name }.
series-settings-saved = The counting and the prizes are saved.
series-left = You have left the series' console, and every device of its host is signed out.
series-token-not-sure = Nothing changed: tick the box to say you will print the member cards again, then make the new host link.
series-token-renewed = A new host link for this series (shown only now; keep it). The old one no longer works, and neither do the printed member cards: print them again (Member cards) and hand them out.

## The members' cards (printed).
members-title = Member cards
members-heading = Member cards: { $series }
members-none = Nobody has come to an evening of this series yet: there is no card to print.
members-how = Cut along the lines and hand each member their card: its QR code opens their own page of the season (every evening they came to, and their standing) on their phone. Keep them like keys: a card opens only its member's page.
members-print = Print
members-back = Back to the console
members-scan = Scan with your phone's camera to see your season.
