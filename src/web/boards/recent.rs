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
        // The events come in the order they came before, a few dropped at the front and a few
        // added at the end: each is looked for after the last one found, not among them all
        // (an event out of that order is said afresh, in the same words).
        let mut after = 0;
        for (told, event) in context.deal.recent.iter().zip(recent) {
            let found = memo.lines[after..]
                .iter()
                .position(|(before, _)| before == told)
                .map(|at| after + at);
            let words = match found {
                Some(at) => {
                    after = at + 1;
                    memo.lines[at].1.clone()
                }
                None => line(event).map(Arc::from),
            };
            lines.extend(words.clone());
            kept.push((told.clone(), words));
        }
        memo.lines = kept;
        lines
    }
}
