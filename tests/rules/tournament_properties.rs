//! Property tests over random progressive events: 2 to 200 entries, every table size, every
//! way of seating odd numbers, random scores full of ties, random late entries and
//! withdrawals. Every round of every event is checked against the movement rules, and the
//! final standings against the ranking rules; the whole event is run twice to check that
//! every draw comes from the seed.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use touring::engine::shuffle::{below, derive_seed, rng_from_seed};
use touring::tournament::*;

/// One random event.
#[derive(Debug, Clone)]
struct Scenario {
    entries: usize,
    size: TableSize,
    remainder: Remainder,
    bye_score: ByeScore,
    seed: u64,
    rounds: u32,
    /// Miles are drawn from 0..=spread: a small spread makes ties at most tables.
    spread: u32,
    /// Per cent chance per entry and round of withdrawing.
    withdraw: u32,
    /// The most late entries arriving between two rounds.
    late: u32,
    host_order: bool,
}

fn scenarios() -> impl Strategy<Value = Scenario> {
    (
        2usize..200,
        prop::sample::select(TableSize::ALL.to_vec()),
        prop::sample::select(vec![
            Remainder::MixedTables,
            Remainder::Byes,
            Remainder::Bots,
        ]),
        prop::bool::ANY,
        any::<u64>(),
        1u32..7,
        prop::sample::select(vec![1u32, 3, 60]),
        (0u32..12, 0u32..5),
        prop::bool::ANY,
    )
        .prop_map(
            |(
                entries,
                size,
                remainder,
                average,
                seed,
                rounds,
                spread,
                (withdraw, late),
                host_order,
            )| {
                Scenario {
                    entries,
                    size,
                    remainder,
                    bye_score: if average {
                        ByeScore::RoundAverage
                    } else {
                        ByeScore::Zero
                    },
                    seed,
                    rounds,
                    spread,
                    withdraw,
                    late,
                    host_order,
                }
            },
        )
}

/// What an event produced, to compare two runs.
#[derive(Debug, Clone, PartialEq)]
struct Trace {
    seatings: Vec<Seating>,
    closings: Vec<Closing>,
    standings: Vec<Standing>,
}

fn new_entry(size: TableSize, id: EntryId, round: u32) -> Entry {
    let members = if size.partners() {
        Members::partners(&format!("A{id}"), &format!("B{id}")).expect("names")
    } else {
        Members::player(&format!("P{id}")).expect("name")
    };
    Entry::person(id, members, round)
}

fn new_bot(size: TableSize, id: EntryId, round: u32) -> Entry {
    Entry::bot(id, Members::for_bot(size, id as u32), round)
}

fn active_ids(entries: &[Entry]) -> Vec<EntryId> {
    let mut ids: Vec<EntryId> = entries
        .iter()
        .filter(|e| e.is_active())
        .map(|e| e.id)
        .collect();
    ids.sort_unstable();
    ids
}

fn sorted(mut ids: Vec<EntryId>) -> Vec<EntryId> {
    ids.sort_unstable();
    ids
}

/// Every active entry sits exactly once, at a table or on the bye queue.
fn check_everyone_sits_once(seating: &Seating, entries: &[Entry]) -> Result<(), TestCaseError> {
    prop_assert_eq!(seating.check(), Ok(()));
    prop_assert_eq!(sorted(seating.entries()), active_ids(entries));
    Ok(())
}

/// The movement rules between a round's seating and its closing.
fn check_movement(
    settings: &Settings,
    round: u32,
    seating: &Seating,
    miles: &BTreeMap<EntryId, u32>,
    closing: &Closing,
) -> Result<(), TestCaseError> {
    let tables = &seating.tables;
    let next = &closing.next;
    prop_assert_eq!(next.tables.len(), tables.len());
    prop_assert_eq!(next.byes.len(), seating.byes.len());
    prop_assert_eq!(closing.tables.len(), tables.len());
    for (index, (table, outcome)) in tables.iter().zip(&closing.tables).enumerate() {
        let moved = &next.tables[index];
        prop_assert_eq!(moved.number, table.number);
        prop_assert_eq!(
            moved.entries.len(),
            table.entries.len(),
            "table sizes never change"
        );
        // The mover had the most miles at its table.
        let most = table.entries.iter().map(|e| miles[e]).max().unwrap_or(0);
        prop_assert_eq!(miles[&outcome.mover], most);
        prop_assert!(table.entries.contains(&outcome.mover));
        let tied: Vec<EntryId> = table
            .entries
            .iter()
            .copied()
            .filter(|e| miles[e] == most)
            .collect();
        match &outcome.decision {
            MoverDecision::MostMiles => prop_assert_eq!(tied.len(), 1),
            MoverDecision::Cut { tied: cut, drawn } => {
                prop_assert_eq!(sorted(cut.clone()), sorted(tied.clone()));
                prop_assert_eq!(*drawn, outcome.mover);
                prop_assert_eq!(
                    cut_for(settings.seed, round, table.number, &tied),
                    Some(*drawn)
                );
            }
            MoverDecision::Host { .. } => prop_assert!(false, "no host choices were given"),
        }
        // The round is won only with strictly the most miles: a cut moves on, not wins.
        prop_assert_eq!(
            closing.winners().contains(&outcome.mover),
            tied.len() == 1,
            "rounds won count only strict wins"
        );
        // Exactly one leaves (the mover) and one arrives (the previous table's mover, or the
        // first on the bye queue at the first table), in the mover's seat.
        let incoming = match index.checked_sub(1) {
            Some(previous) => closing.tables[previous].mover,
            None => seating
                .byes
                .first()
                .copied()
                .unwrap_or(closing.tables[tables.len() - 1].mover),
        };
        let mut expected = table.entries.clone();
        let seat = table.side_of(outcome.mover).unwrap_or(0);
        expected[seat] = incoming;
        prop_assert_eq!(&moved.entries, &expected);
    }
    // Nobody is split or duplicated: the same entries, each once.
    prop_assert_eq!(sorted(next.entries()), sorted(seating.entries()));
    prop_assert_eq!(next.check(), Ok(()));
    // Every entry of the round has its miles.
    prop_assert_eq!(
        closing.miles.keys().copied().collect::<Vec<_>>(),
        sorted(seating.entries())
    );
    // A bye scores the rule's score: the tables' miles over their number, rounded down.
    let played: Vec<u64> = tables
        .iter()
        .flat_map(|t| &t.entries)
        .map(|e| u64::from(miles[e]))
        .collect();
    let average = played.iter().sum::<u64>() / played.len().max(1) as u64;
    for bye in &closing.byes {
        let expected = match settings.bye_score {
            ByeScore::RoundAverage => average,
            ByeScore::Zero => 0,
        };
        prop_assert_eq!(u64::from(bye.miles), expected);
    }
    Ok(())
}

/// The ranking rules of the standings.
fn check_standings(
    settings: &Settings,
    entries: &[Entry],
    rounds: &[RoundResult],
    table: &[Standing],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(table.len(), entries.len());
    // An entry withdrawn before playing any round at a table is not ranked: listed apart,
    // after the others, with no place, miles or prize (a bye's average never places it).
    let ranked_count = table.iter().take_while(|l| l.ranked).count();
    let (table, unranked) = table.split_at(ranked_count);
    for line in unranked {
        prop_assert!(
            !line.ranked && line.withdrawn,
            "only withdrawn entries go unranked"
        );
        prop_assert!(
            !rounds.iter().any(|r| r.played_at_a_table(line.entry)),
            "an unranked entry never played at a table"
        );
        prop_assert_eq!((line.place, line.total, line.prize), (0, 0, None));
    }
    for line in table {
        let entry = entries.iter().find(|e| e.id == line.entry);
        let never_played = !rounds.iter().any(|r| r.played_at_a_table(line.entry));
        prop_assert!(
            !(never_played && entry.is_some_and(|e| e.withdrawn)),
            "a withdrawn entry that never played is not ranked"
        );
    }
    let key = |s: &Standing| (s.total, s.rounds_won);
    for window in table.windows(2) {
        prop_assert!(window[0].place <= window[1].place, "sorted by place");
        prop_assert!(key(&window[0]) >= key(&window[1]), "better first");
    }
    for line in table {
        let better = table.iter().filter(|o| key(o) > key(line)).count() as u32;
        prop_assert_eq!(line.place, better + 1, "competition ranking");
        let sum: u64 = line.miles.iter().flatten().map(|&m| u64::from(m)).sum();
        prop_assert_eq!(line.total, sum, "totals are the sum of the rounds");
        let expected: u64 = rounds
            .iter()
            .filter_map(|r| r.miles.get(&line.entry))
            .map(|&m| u64::from(m))
            .sum();
        prop_assert_eq!(line.total, expected);
        let won = rounds
            .iter()
            .filter(|r| r.won.contains(&line.entry))
            .count() as u32;
        prop_assert_eq!(line.rounds_won, won);
        let eligible = !line.bot && !line.withdrawn;
        let better_people = table
            .iter()
            .filter(|o| !o.bot && !o.withdrawn && key(o) > key(line))
            .count() as u32;
        if eligible && better_people < settings.prizes {
            prop_assert_eq!(line.prize, Some(better_people + 1));
        } else {
            prop_assert_eq!(line.prize, None);
        }
        if let Some(prize) = line.prize {
            prop_assert!(prize >= 1 && prize <= settings.prizes);
        }
    }
    Ok(())
}

/// Runs a whole event, checking every round.
fn run(scenario: &Scenario) -> Result<Trace, TestCaseError> {
    let mut settings = Settings::new("Property", scenario.seed);
    settings.table_size = scenario.size;
    settings.remainder = scenario.remainder;
    settings.bye_score = scenario.bye_score;
    settings.length = EventLength::Rounds {
        rounds: scenario.rounds,
    };
    let mut settings = settings
        .checked()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let size = scenario.size;
    let mut rng = rng_from_seed(derive_seed(scenario.seed, 0x5EED));
    let mut entries: Vec<Entry> = (1..=scenario.entries as EntryId)
        .map(|id| new_entry(size, id, 1))
        .collect();
    let mut next_id = scenario.entries as EntryId + 1;

    let plan = propose(&settings, entries.len()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(plan.tables.iter().all(|&t| (2..=3).contains(&t)));
    prop_assert_eq!(plan.entries(), entries.len());
    settings.remainder = plan.remainder;
    let mut plan_bots = Vec::new();
    for _ in 0..plan.bots {
        entries.push(new_bot(size, next_id, 1));
        plan_bots.push(next_id);
        next_id += 1;
    }
    let how = if scenario.host_order {
        let mut order: Vec<EntryId> = (1..=scenario.entries as EntryId).collect();
        order.reverse();
        FirstSeating::HostOrder { order }
    } else {
        FirstSeating::Draw
    };
    let mut seating = seat_first_round(&settings, &entries, &plan, &how, &plan_bots)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(
        seating
            .tables
            .iter()
            .map(|t| t.entries.len())
            .collect::<Vec<_>>(),
        plan.tables.clone()
    );

    let mut trace = Trace {
        seatings: Vec::new(),
        closings: Vec::new(),
        standings: Vec::new(),
    };
    let mut results = Vec::new();
    for round in 1..=scenario.rounds {
        check_everyone_sits_once(&seating, &entries)?;
        trace.seatings.push(seating.clone());
        let mut miles = BTreeMap::new();
        for table in &seating.tables {
            for &entry in &table.entries {
                miles.insert(entry, below(&mut rng, scenario.spread + 1));
            }
        }
        let closing = close_round(&settings, round, &seating, &miles, &BTreeMap::new())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_movement(&settings, round, &seating, &miles, &closing)?;
        results.push(RoundResult::from(&closing));

        // Withdrawals and late entries between rounds.
        for entry in entries.iter_mut().filter(|e| e.is_active()) {
            if below(&mut rng, 100) < scenario.withdraw {
                entry.withdrawn = true;
            }
        }
        let late = below(&mut rng, scenario.late + 1);
        for _ in 0..late {
            entries.push(new_entry(size, next_id, round + 1));
            next_id += 1;
        }
        let next = match prepare_next_round(&settings, &closing.next, &entries) {
            Err(SeatingError::BotsNeeded { count }) => {
                for _ in 0..count {
                    entries.push(new_bot(size, next_id, round + 1));
                    next_id += 1;
                }
                prepare_next_round(&settings, &closing.next, &entries)
            }
            other => other,
        };
        trace.closings.push(closing.clone());
        let next = match next {
            Ok(next) => next,
            Err(SeatingError::NothingToSeat) => {
                // Every person at the tables withdrew: nothing is left to play.
                let active_person = |id: &EntryId| {
                    entries
                        .iter()
                        .any(|e| e.id == *id && e.is_active() && !e.bot)
                };
                prop_assert!(
                    closing
                        .next
                        .tables
                        .iter()
                        .all(|t| !t.entries.iter().any(active_person))
                );
                break;
            }
            Err(error) => return Err(TestCaseError::fail(error.to_string())),
        };
        for entry in entries.iter_mut() {
            if next.released_bots.contains(&entry.id) {
                prop_assert!(entry.bot, "only bots are released");
                entry.withdrawn = true;
            }
        }
        // Seating follows the numbers: entries that divide exactly into tables of the set
        // size sit at such tables, with nobody on a bye. Otherwise tables that carry on keep
        // their size; new tables have a valid size.
        let per = settings.entries_per_table();
        let evened = next.seating.entries().len().is_multiple_of(per);
        if evened {
            prop_assert!(
                next.seating.tables.iter().all(|t| t.entries.len() == per)
                    && next.seating.byes.is_empty(),
                "seating never makes a table of another size or a bye when the numbers divide"
            );
        }
        for table in &next.seating.tables {
            match closing.next.table(table.number) {
                Some(before) if !evened => {
                    prop_assert_eq!(table.entries.len(), before.entries.len())
                }
                Some(_) => {}
                None => match settings.remainder {
                    Remainder::MixedTables => prop_assert!((2..=3).contains(&table.entries.len())),
                    Remainder::Byes | Remainder::Bots => prop_assert_eq!(table.entries.len(), per),
                },
            }
            prop_assert!(
                table
                    .entries
                    .iter()
                    .any(|id| entries.iter().any(|e| e.id == *id && !e.bot))
                    || closing.next.table(table.number).is_some(),
                "a new table has a person at it"
            );
        }
        // Withdrawn entries are never seated, and the waiting queue never holds a table's
        // worth.
        let withdrawn: BTreeSet<EntryId> = entries
            .iter()
            .filter(|e| e.withdrawn)
            .map(|e| e.id)
            .collect();
        prop_assert!(
            next.seating
                .entries()
                .iter()
                .all(|e| !withdrawn.contains(e))
        );
        prop_assert!(next.seating.byes.len() < per);
        check_everyone_sits_once(&next.seating, &entries)?;
        seating = next.seating;
    }

    let table = standings(&settings, &entries, &results);
    check_standings(&settings, &entries, &results, &table)?;
    trace.standings = table;
    Ok(trace)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Every rule of movement, seating and ranking holds in every round of random events.
    #[test]
    fn random_events_keep_every_rule(scenario in scenarios()) {
        run(&scenario)?;
    }

    /// The same seed gives the same event: the first draw, every cut and the standings.
    #[test]
    fn draws_are_reproducible_from_the_seed(scenario in scenarios()) {
        let first = run(&scenario)?;
        let second = run(&scenario)?;
        prop_assert_eq!(first, second);
    }

    /// A cut depends on the seed, the round, the table and who is tied, not on the order
    /// they are listed in, and always draws one of the tied.
    #[test]
    fn a_cut_draws_one_of_the_tied_whatever_their_order(
        seed in any::<u64>(),
        round in 1u32..20,
        table in 1u32..60,
        tied in prop::collection::btree_set(1i64..1000, 1..4),
    ) {
        let ids: Vec<EntryId> = tied.iter().copied().collect();
        let mut reversed = ids.clone();
        reversed.reverse();
        let drawn = cut_for(seed, round, table, &ids);
        prop_assert_eq!(drawn, cut_for(seed, round, table, &reversed));
        prop_assert!(drawn.is_some_and(|d| tied.contains(&d)));
    }

    /// Every plan seats exactly the entries it was made for, at tables of 2 or 3; the
    /// proposal is never warned about (in rounds by games a bot seat or a bye comes first).
    #[test]
    fn every_plan_seats_its_entries(
        entries in 2usize..200,
        size in prop::sample::select(TableSize::ALL.to_vec()),
        by_games in prop::bool::ANY,
    ) {
        let mut settings = Settings::new("Plans", 1);
        settings.table_size = size;
        if by_games {
            settings.round = RoundKind::Games { games: 2 };
        }
        let options = seating_options(&settings, entries)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(!options.is_empty());
        prop_assert!(options[0].warning.is_none());
        if !by_games {
            prop_assert_eq!(options[0].remainder, Remainder::MixedTables);
        }
        for plan in options {
            prop_assert_eq!(plan.entries(), entries);
            prop_assert!(plan.tables.iter().all(|&t| (2..=3).contains(&t)));
            prop_assert!(plan.bots <= plan.tables.len());
            match plan.remainder {
                Remainder::MixedTables => prop_assert_eq!(plan.byes + plan.bots, 0),
                Remainder::Byes | Remainder::Bots => prop_assert!(
                    plan.tables.iter().all(|&t| t == size.entries())
                ),
            }
        }
    }
}
