# The limits' refusals (too many requests, a full server), said on a page; the API says them
# in English.

# "this device has sent too many requests in a row: try again in 5 seconds."
refusal-try-again = { $what }: try again { $when }.
refusal-when-seconds = { $seconds ->
    [one] in a second
   *[other] in { $seconds } seconds
}
refusal-when-minutes = { $minutes ->
    [one] in a minute
   *[other] in { $minutes } minutes
}
refusal-server-full = the server is full of open pages: close some, or try again in a minute
# What was too much.
limit-writes = this device has sent too many requests in a row
limit-events = this device has created as many events (and series) as an hour allows
limit-seatings = round 1 has been seated again as often as a minute allows
limit-entries = this device has added as many entries as a minute allows
limit-pages = this device has asked for too many pages in a row (a projector or standings page updates itself: keep it open rather than reloading it)
limit-streams = this device has too many live pages open; close some
limit-picks = this device has picked as many seats as an hour allows (if a seat you picked is not yours, ask the host to release it)
limit-passwords-busy = The server is checking many passwords at the moment
limit-wrong-passwords = Too many wrong passwords for this console (the host link still opens it)
