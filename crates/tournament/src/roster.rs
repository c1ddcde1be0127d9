//! Between rounds: withdrawals and late entries are taken into the moved seating without
//! changing the size of any table.
//!
//! The rules, in the order they are applied:
//!
//! 1. A withdrawn entry on a bye simply leaves the queue.
//! 2. A withdrawn entry's seat goes to the entry that has waited longest on a bye.
//! 3. Late entries (active entries not yet seated, earliest joined first) take the seats still
//!    empty, then replace bots (first bot in ring order), and otherwise wait on the bye queue.
//! 4. A table left with empty seats and no person is closed; its bots are released.
//! 5. Waiting entries form new tables: of the set size when enough wait; with mixed tables
//!    also a table of two when two wait for tables of three, unless a smaller table would be
//!    unfair (rounds by games, tables that wait for the signal: see [`super::plan`]); with
//!    bots, a table as soon as one waits, its empty seats taken by bots. New tables take the
//!    lowest free numbers.
//! 6. Seating follows the numbers: when the entries present divide exactly into tables of
//!    the set size, tables of another size and the bye queue are seated again as tables of
//!    the set size (see [`even_out`]).
//! 7. Seats still empty (and the bot seats of new tables) are taken by bots: unseated active
//!    bots first, by id; if there are too few, the app is asked to create the rest
//!    ([`SeatingError::BotsNeeded`]) and calls again. Unneeded unseated bots are released.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use super::EntryId;
use super::entry::Entry;
use super::plan::uneven_tables;
use super::seating::{Seating, SeatingError, Table};
use super::settings::{Remainder, Settings};

/// What changed between the moved seating and the next round's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum SeatChange {
    /// `by` took the seat that withdrawn entry `left` had at `table`.
    SeatTaken {
        table: u32,
        left: EntryId,
        by: EntryId,
    },
    /// A withdrawn entry left the bye queue.
    LeftBye { entry: EntryId },
    /// A late entry took a bot's seat; the bot is released.
    BotReplaced {
        table: u32,
        bot: EntryId,
        by: EntryId,
    },
    /// A late entry waits on the bye queue until a seat or a table is free.
    Waiting { entry: EntryId },
    /// A new table was formed.
    NewTable { table: u32, entries: Vec<EntryId> },
    /// A table with no person left was closed.
    TableClosed { table: u32 },
}

/// The next round's seating, with what changed and which bots the app should mark withdrawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextSeating {
    pub seating: Seating,
    /// Bots no longer seated: the app marks them withdrawn.
    pub released_bots: Vec<EntryId>,
    pub changes: Vec<SeatChange>,
}

/// A table being prepared: `None` is an empty seat.
struct WorkTable {
    number: u32,
    seats: Vec<Option<EntryId>>,
    /// Who left each empty seat, for the change list.
    left: BTreeMap<usize, EntryId>,
}

/// Seats `by` in the first empty seat in ring order, noting whose seat it was. False when no
/// seat is empty.
fn fill(tables: &mut [WorkTable], by: EntryId, changes: &mut Vec<SeatChange>) -> bool {
    for table in tables.iter_mut() {
        if let Some(position) = table.seats.iter().position(Option::is_none) {
            table.seats[position] = Some(by);
            if let Some(&left) = table.left.get(&position) {
                changes.push(SeatChange::SeatTaken {
                    table: table.number,
                    left,
                    by,
                });
            }
            return true;
        }
    }
    false
}

/// Rule 6: when the entries present (seated, in new tables or waiting) divide exactly into
/// tables of `per`, but a table of another size carries on or someone waits on the bye queue,
/// the tables that are not full tables of the set size are broken up and their entries, with
/// those waiting, seated again at tables of the set size. A table of another size is kept
/// only while the numbers need it: a table of three seated for an odd number would otherwise
/// carry on, and a newcomer wait on a bye beside it, once the number is even.
///
/// The entries keep their order: the broken-up tables' (by table number, then side), then the
/// new tables', then the queue's; the re-formed tables take the lowest free numbers. A
/// re-formed table without a person is not formed and its bots are released.
fn even_out(
    per: usize,
    tables: &mut Vec<WorkTable>,
    formed: &mut Vec<Vec<Option<EntryId>>>,
    queue: &mut VecDeque<EntryId>,
    released: &mut Vec<EntryId>,
    is_bot: &dyn Fn(&EntryId) -> bool,
    changes: &mut Vec<SeatChange>,
) {
    let seated: usize = tables
        .iter()
        .map(|t| t.seats.iter().flatten().count())
        .sum::<usize>()
        + formed
            .iter()
            .map(|t| t.iter().flatten().count())
            .sum::<usize>();
    let present = seated + queue.len();
    let uneven = tables.iter().any(|t| t.seats.len() != per)
        || formed.iter().any(|t| t.len() != per)
        || !queue.is_empty();
    if present == 0 || !present.is_multiple_of(per) || !uneven {
        return;
    }
    let full = |seats: &[Option<EntryId>]| seats.len() == per && !seats.contains(&None);
    let mut pool: Vec<EntryId> = Vec::new();
    tables.retain(|t| {
        if full(&t.seats) {
            return true;
        }
        pool.extend(t.seats.iter().flatten().copied());
        changes.push(SeatChange::TableClosed { table: t.number });
        false
    });
    formed.retain(|seats| {
        if full(seats) {
            return true;
        }
        pool.extend(seats.iter().flatten().copied());
        false
    });
    pool.extend(queue.drain(..));
    for group in pool.chunks(per) {
        if group.iter().any(|e| !is_bot(e)) {
            formed.push(group.iter().copied().map(Some).collect());
        } else {
            released.extend(group.iter().copied());
        }
    }
}

/// Takes withdrawals and late entries into `moved` (the seating a [`super::Closing`] gives)
/// to make the next round's seating. See the module's rules. `entries` are all the event's
/// entries; an id in `moved` with no entry counts as withdrawn.
pub fn prepare_next_round(
    settings: &Settings,
    moved: &Seating,
    entries: &[Entry],
) -> Result<NextSeating, SeatingError> {
    let info: BTreeMap<EntryId, &Entry> = entries.iter().map(|e| (e.id, e)).collect();
    let active = |id: &EntryId| info.get(id).is_some_and(|e| e.is_active());
    let is_bot = |id: &EntryId| info.get(id).is_some_and(|e| e.bot);
    let mut changes = Vec::new();
    let mut released = Vec::new();

    // 1. The bye queue without its withdrawn entries.
    let mut queue: VecDeque<EntryId> = VecDeque::new();
    for &entry in &moved.byes {
        if active(&entry) {
            queue.push_back(entry);
        } else {
            changes.push(SeatChange::LeftBye { entry });
        }
    }

    // 2. Withdrawn entries' seats go to the longest waiting.
    let mut tables: Vec<WorkTable> = moved
        .tables
        .iter()
        .map(|t| {
            let mut left = BTreeMap::new();
            let seats = t
                .entries
                .iter()
                .enumerate()
                .map(|(position, &e)| {
                    if active(&e) {
                        Some(e)
                    } else {
                        left.insert(position, e);
                        None
                    }
                })
                .collect();
            WorkTable {
                number: t.number,
                seats,
                left,
            }
        })
        .collect();
    while tables.iter().any(|t| t.seats.contains(&None)) {
        let Some(waiting) = queue.pop_front() else {
            break;
        };
        fill(&mut tables, waiting, &mut changes);
    }

    // 3. Late entries: empty seats, then bots' seats, then the queue.
    let in_moved: BTreeSet<EntryId> = moved.entries().into_iter().collect();
    let mut newcomers: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.is_active() && !in_moved.contains(&e.id))
        .collect();
    newcomers.sort_by_key(|e| (e.joined_round, e.id));
    let mut pool: VecDeque<EntryId> = newcomers.iter().filter(|e| e.bot).map(|e| e.id).collect();
    let mut late_waiting = Vec::new();
    for person in newcomers.iter().filter(|e| !e.bot).map(|e| e.id) {
        if fill(&mut tables, person, &mut changes) {
            continue;
        }
        let bot_seat = tables.iter_mut().find_map(|t| {
            let number = t.number;
            t.seats
                .iter_mut()
                .find(|s| s.is_some_and(|e| is_bot(&e)))
                .map(|seat| (number, seat))
        });
        match bot_seat {
            Some((table, seat)) => {
                if let Some(bot) = seat.replace(person) {
                    released.push(bot);
                    changes.push(SeatChange::BotReplaced {
                        table,
                        bot,
                        by: person,
                    });
                }
            }
            None => {
                queue.push_back(person);
                late_waiting.push(person);
            }
        }
    }

    // 4. Tables with empty seats and no person are closed.
    tables.retain(|t| {
        let has_person = t.seats.iter().flatten().any(|e| !is_bot(e));
        let keep = has_person || !t.seats.contains(&None);
        if !keep {
            released.extend(t.seats.iter().flatten().copied());
            changes.push(SeatChange::TableClosed { table: t.number });
        }
        keep
    });

    // 5. Waiting entries form new tables.
    let per = settings.entries_per_table();
    let mut formed: Vec<Vec<Option<EntryId>>> = Vec::new();
    while queue.len() >= per {
        formed.push(queue.drain(..per).map(Some).collect());
    }
    match settings.remainder {
        Remainder::Byes => {}
        Remainder::MixedTables => {
            // A smaller table only where it races what the others race: in rounds by games,
            // or at tables that wait for the signal, the latecomers wait on the bye queue
            // (a bye scores the round's average) until enough come for a full table.
            if queue.len() >= 2 && uneven_tables(settings, &[per, queue.len()]).is_none() {
                formed.push(queue.drain(..).map(Some).collect());
            }
        }
        Remainder::Bots => {
            if queue.iter().any(|e| !is_bot(e)) {
                let mut seats: Vec<Option<EntryId>> = queue.drain(..).map(Some).collect();
                seats.resize(per, None);
                formed.push(seats);
            }
        }
    }
    // 6. Seating follows the numbers: when the entries present fill whole tables of the set
    // size, no table of another size and nobody waiting on a bye.
    even_out(
        per,
        &mut tables,
        &mut formed,
        &mut queue,
        &mut released,
        &is_bot,
        &mut changes,
    );

    let mut used: BTreeSet<u32> = tables.iter().map(|t| t.number).collect();
    let mut new_numbers = BTreeSet::new();
    for seats in formed {
        let number = (1..).find(|n| !used.contains(n)).unwrap_or(u32::MAX);
        used.insert(number);
        new_numbers.insert(number);
        tables.push(WorkTable {
            number,
            seats,
            left: BTreeMap::new(),
        });
    }
    tables.sort_by_key(|t| t.number);

    // 7. Bots for the seats still empty.
    let empty: usize = tables
        .iter()
        .map(|t| t.seats.iter().filter(|s| s.is_none()).count())
        .sum();
    if empty > pool.len() {
        return Err(SeatingError::BotsNeeded {
            count: empty - pool.len(),
        });
    }
    while let Some(bot) = pool.pop_front() {
        if !fill(&mut tables, bot, &mut changes) {
            released.push(bot);
            break;
        }
    }
    released.extend(pool);

    let seating = Seating {
        tables: tables
            .into_iter()
            .map(|t| Table {
                number: t.number,
                entries: t.seats.into_iter().flatten().collect(),
            })
            .collect(),
        byes: queue.into_iter().collect(),
    };
    for table in &seating.tables {
        if new_numbers.contains(&table.number) {
            changes.push(SeatChange::NewTable {
                table: table.number,
                entries: table.entries.clone(),
            });
        }
    }
    for entry in late_waiting {
        if seating.byes.contains(&entry) {
            changes.push(SeatChange::Waiting { entry });
        }
    }
    seating.check()?;
    released.sort_unstable();
    Ok(NextSeating {
        seating,
        released_bots: released,
        changes,
    })
}
