//! What a seat's live stream said of the recent events ("Lately") at its last drawing, said
//! again at the next.

use std::sync::Arc;

use super::Context;
use crate::engine::{self, Seat, Side};
use crate::i18n::Lang;

/// The recent events in words (`line` says one, or nothing for an event the reader is not
/// shown): said again from the stream's memo where it said them before, else afresh.
/// `recent` is the deal's recent events as the board's rule set has them, one for one.
pub(super) fn recent_lines<E>(
    context: &Context,
    recent: &[E],
    line: impl Fn(&E) -> Option<String>,
) -> Vec<Arc<str>> {
    match context.memo {
        Some(memo) if context.deal.recent.len() == recent.len() => {
            memo.lines(context, recent, line)
        }
        _ => recent.iter().filter_map(line).map(Arc::from).collect(),
    }
}

/// What a seat's live stream said of the recent events at its last drawing.
///
/// A stream draws its seat's board again after every move at the table, and its "Lately" is
/// the last eight events: a move adds one to three of them, so most lines were said the drawing
/// before (saying them all through Fluent again was 6% of the server's time at a busy party).
/// A line depends on its event, the reader's language, the reader's seat and who sits where,
/// nothing else: the memo is forgotten when the language, the seat or the people change.
#[derive(Debug, Default)]
pub struct RecentMemo {
    kept: std::sync::Mutex<Memo>,
}

/// A tablemate as the lines name it: its names, its side, its seats, and whether it is the
/// reader.
type Named = (Vec<String>, Option<Side>, Vec<Seat>, bool);

#[derive(Debug, Default)]
struct Memo {
    /// The language and seat the lines were said for, and the people they name.
    reader: Option<(Lang, Seat, Vec<Named>)>,
    /// The last drawing's events, each with its line (shared with the drawings that said it).
    lines: Vec<(engine::Event, Option<Arc<str>>)>,
}

impl Memo {
    /// Whether the kept lines were said for this reader.
    fn is_for(&self, context: &Context) -> bool {
        self.reader.as_ref().is_some_and(|(lang, seat, people)| {
            *lang == context.lang
                && *seat == context.deal.seat
                && people.len() == context.tablemates.len()
                && people
                    .iter()
                    .zip(context.tablemates)
                    .all(|(p, t)| p.0 == t.names && p.1 == t.side && p.2 == t.seats && p.3 == t.you)
        })
    }
}

impl RecentMemo {
    fn lines<E>(
        &self,
        context: &Context,
        recent: &[E],
        line: impl Fn(&E) -> Option<String>,
    ) -> Vec<Arc<str>> {
        let mut memo = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !memo.is_for(context) {
            let people = context
                .tablemates
                .iter()
                .map(|t| (t.names.clone(), t.side, t.seats.clone(), t.you))
                .collect();
            memo.reader = Some((context.lang, context.deal.seat, people));
            memo.lines.clear();
        }
        let mut kept = Vec::with_capacity(recent.len());
        let mut lines = Vec::with_capacity(recent.len());
        for (told, event) in context.deal.recent.iter().zip(recent) {
            let words = match memo.lines.iter().find(|(before, _)| before == told) {
                Some((_, words)) => words.clone(),
                None => line(event).map(Arc::from),
            };
            lines.extend(words.clone());
            kept.push((told.clone(), words));
        }
        memo.lines = kept;
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seat::{DealInfo, Tablemate};
    use crate::engine::RulesId;
    use crate::web::boards::recent_words;
    use crate::web::boards::tests::{dealt, tablemate};

    /// A live stream says again the lines it said at its last drawing: they are the lines said
    /// afresh, move after move, and a line whose reader changed (another language, a renamed
    /// player, another seat) is said afresh for the new reader, never taken from the memo.
    #[test]
    fn a_streams_kept_lines_are_the_lines_said_afresh_and_are_said_again_for_a_new_reader() {
        use crate::engine::touring1926::{Card, Event};
        let mut deal = dealt(RulesId::Touring1926);
        let moves = [
            Event::Played {
                seat: 1,
                side: 1,
                card: Card::Go,
            },
            Event::Drew {
                seat: 0,
                card: Some(Card::Mile5),
            },
            Event::Played {
                seat: 0,
                side: 0,
                card: Card::Go,
            },
            Event::Discarded {
                seat: 1,
                card: Some(Card::Mile1),
            },
            Event::Played {
                seat: 0,
                side: 0,
                card: Card::Mile5,
            },
        ]
        .map(engine::Event::Touring1926);
        let mut tablemates = vec![
            tablemate(0, &["Ann"], true),
            tablemate(1, &["Bob", "Cy"], false),
        ];
        let memo = RecentMemo::default();
        let said = |deal: &DealInfo, tablemates: &[Tablemate], lang: Lang, memo| {
            recent_words(&Context {
                lang,
                deal,
                tablemates,
                csrf: "",
                post_move: "",
                memo,
            })
        };
        // The window of "Lately" slides over the moves, as at a table.
        for end in 1..=moves.len() {
            deal.recent = moves[end.saturating_sub(3)..end].to_vec();
            let kept = said(&deal, &tablemates, Lang::ENGLISH, Some(&memo));
            assert_eq!(kept, said(&deal, &tablemates, Lang::ENGLISH, None));
            assert!(!kept.is_empty());
        }
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo)),
            [
                "You played Go.",
                "Bob & Cy discarded 1 Mile.",
                "You played 5 Miles."
            ]
        );
        // Another language.
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(
            said(&deal, &tablemates, french, Some(&memo)),
            said(&deal, &tablemates, french, None)
        );
        assert!(said(&deal, &tablemates, french, Some(&memo))[0].starts_with("Vous"));
        // A renamed player.
        tablemates[1].names[1] = "Dee".to_owned();
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo))[1],
            "Bob & Dee discarded 1 Mile."
        );
        // Another seat: the same events read by Bob & Dee.
        tablemates[0].you = false;
        tablemates[1].you = true;
        deal.seat = 1;
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo)),
            said(&deal, &tablemates, Lang::ENGLISH, None)
        );
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo))[0],
            "Ann played Go."
        );
    }
}
