# What every page shares: the frame (masthead, skip link, foot), the language chooser, and
# words many pages use. English is the fallback of every other language.

## The language chooser: each language's name in its own words.
# The language's name inside a sentence ("en français"): lower case where the language writes it so.
language-name-in-sentence = English
language-name = English
language-chooser = Language:
language-unknown = There is no language “{ $lang }” here: the pages stay as they were.

## The frame of every page.
brand = Touring
site-description = Touring runs progressive card parties: tables play Touring or Mille Bornes on phones or with real cards in rounds that start and stop together, the winners move on, and the best total wins.
skip-to-content = Skip to the content
nav-event = Event
nav-console = Console
nav-projector = Projector
nav-standings = Standings
flash-qr-label = QR code of the link

## Words many pages use.
points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
# After a count of seconds: "20 s left".
seconds-left = { $seconds ->
   *[other] s left
}
# A label and its value: "Milestones: 450".
label-value = { $label }: { $value }
seconds-short = s
tag-you = you
tag-to-play = to play
tag-confirmed = confirmed
tag-to-confirm = to confirm
unit-mi = mi
unit-pts = pts
clock-paused = { $clock } (paused)
clock-ready = Ready
clock-time = Time
# Names in a list: "Ann and Bob" (and again for each further name).
list-and = { $first } and { $last }
# A score in the rule set's unit; $unit is "miles" or "points".
score-in-unit = { $score } { $unit ->
    [points] { $score ->
        [one] point
       *[other] points
    }
   *[other] { $score ->
        [one] mile
       *[other] miles
    }
}
# A place in the standings, or a prize: "1st", "2nd", "3rd", "4th".
place = { NUMBER($place, type: "ordinal") ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
place-joint = joint { NUMBER($place, type: "ordinal") ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}

## The page script's own words (what it announces and writes), handed to it by the page.
script-minute-left = One minute left in the round.
script-time-up = Time is up: the round has stopped.
script-sound-on = Sound on
script-your-turn = Your turn.
script-play-anyway = Yes, play it anyway
script-unsent = Not sent: no connection. It is sent again when the connection returns.
script-unsent-note = Not sent: no connection. It is sent again when the connection returns, or tap the move again.
script-moved-on = The connection is back, and the table had moved on: the move tapped offline was not sent again. Here is the table as it stands.
