//! Guests in bulk: a host pastes the evening's list, one entry per line, and every line is
//! added at once, or none is and every problem is named by its line.

use super::events::add_entry_with;
use super::{App, AppError, AppResult, HostKey};
use crate::db::queries;
use crate::tournament::{self, MissedRounds};

/// Adds every guest of a pasted list (see [`tournament::guest_list`]) in one write: all of them,
/// or none when a line is wrong, a name is already in the event, or the server's cap on entries
/// would be passed. Answers how many entries were added.
pub fn add_guests(
    app: &App,
    host: &HostKey,
    cap: Option<usize>,
    list: &str,
    missed: MissedRounds,
) -> AppResult<usize> {
    let now = app.now_naive();
    app.write_as_host(host, |conn, event| {
        let partners = event.settings.table_size.partners();
        let guests = tournament::guest_list(list, partners).map_err(refused)?;
        let taken: std::collections::HashMap<String, String> =
            queries::players_of_event(conn, event.id())?
                .into_iter()
                .map(|p| (tournament::name_key(&p.name), p.name))
                .collect();
        let problems: Vec<crate::i18n::Said> = guests
            .iter()
            .flat_map(|(line, members)| members.names().iter().map(move |name| (*line, name)))
            .filter_map(|(line, name)| {
                let theirs = taken.get(&tournament::name_key(name))?;
                Some(
                    crate::i18n::Said::new("refused-guests-line-taken")
                        .number("line", line)
                        .text("theirs", tournament::guest_list_quote(theirs))
                        .text("name", tournament::guest_list_quote(name)),
                )
            })
            .collect();
        if !problems.is_empty() {
            return Err(refused(problems));
        }
        if let Some(cap) = cap {
            let have = queries::entries_of_event(conn, event.id())?.len();
            if have + guests.len() > cap {
                return Err(AppError::conflict(
                    crate::i18n::Said::new("refused-guests-cap")
                        .number("have", have)
                        .number("adds", guests.len())
                        .number("cap", cap),
                ));
            }
        }
        let count = guests.len();
        for (_, members) in guests {
            add_entry_with(conn, event, members, None, missed, now)?;
        }
        Ok(count)
    })
}

/// The most problems a refusal of a list names; past them it counts the rest. A list of many
/// wrong lines (pasted into the wrong event, say) is then told in a few lines the host can
/// read, and the message fits where a page keeps it (the session cookie's flash).
pub const PROBLEMS_NAMED: usize = 5;

/// One refusal naming the list's problems: every one, or the first [`PROBLEMS_NAMED`] and how
/// many more there are.
fn refused(problems: Vec<crate::i18n::Said>) -> AppError {
    let count = problems.len();
    let named = problems
        .into_iter()
        .take(PROBLEMS_NAMED)
        .reduce(|first, next| {
            crate::i18n::Said::new("refused-list-and")
                .said("first", first)
                .said("next", next)
        })
        .unwrap_or_else(|| crate::i18n::Said::new("refused-guests-empty"));
    AppError::invalid(if count > PROBLEMS_NAMED {
        crate::i18n::Said::new("refused-guests-nobody-added-many")
            .number("count", count)
            .number("named", PROBLEMS_NAMED)
            .number("more", count - PROBLEMS_NAMED)
            .said("problems", named)
    } else {
        crate::i18n::Said::new("refused-guests-nobody-added").said("problems", named)
    })
}
