# The host's pages: the start form and the console.

## The event's language: the projector's, the printed pages' and the console's.
event-language = Language of the event
event-language-label = Language of the projector, printouts and console
event-language-hint = (each guest's phone reads in its own)
event-language-button = Set the language
event-language-set = The event is in { $language } now: the projector, the printouts and this console read in it.

## The page of a request that could not be answered.
error-not-found = Not found
error-forbidden = Not for this link
error-invalid = That did not fit
error-not-now = Not now
error-internal = Something went wrong
error-status = (Error { $status }.)
error-go-back = Go back
error-or = or
error-start-again = start again
