//! One test per rule and ruling of the Progressive Touring format, named after it.
//! docs/progressive.md lists every rule with the name of its test here.

use std::collections::BTreeMap;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use touring::engine::shuffle::derive_seed;
use touring::tournament::*;

// ---------------------------------------------------------------- helpers

fn settings(size: TableSize) -> Settings {
    let mut s = Settings::new("Thursday Touring Club", 42);
    s.table_size = size;
    s.checked().expect("valid settings")
}

fn with_remainder(size: TableSize, remainder: Remainder) -> Settings {
    let mut s = settings(size);
    s.remainder = remainder;
    s
}

fn person(id: EntryId) -> Entry {
    Entry::person(
        id,
        Members::player(&format!("Player {id}")).expect("name"),
        1,
    )
}

fn pair(id: EntryId) -> Entry {
    Entry::person(
        id,
        Members::partners(&format!("North {id}"), &format!("South {id}")).expect("names"),
        1,
    )
}

fn bot(id: EntryId) -> Entry {
    Entry::bot(id, Members::for_bot(TableSize::Two, id as u32), 1)
}

fn people(ids: std::ops::RangeInclusive<EntryId>) -> Vec<Entry> {
    ids.map(person).collect()
}

fn seating(tables: &[&[EntryId]], byes: &[EntryId]) -> Seating {
    Seating {
        tables: tables
            .iter()
            .enumerate()
            .map(|(i, entries)| Table {
                number: i as u32 + 1,
                entries: entries.to_vec(),
            })
            .collect(),
        byes: byes.to_vec(),
    }
}

fn miles(pairs: &[(EntryId, u32)]) -> BTreeMap<EntryId, u32> {
    pairs.iter().copied().collect()
}

fn no_choices() -> BTreeMap<u32, EntryId> {
    BTreeMap::new()
}

fn tables_of(s: &Seating) -> Vec<Vec<EntryId>> {
    s.tables.iter().map(|t| t.entries.clone()).collect()
}

fn at(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1926, 11, 20, 20, 0, 0)
        .single()
        .expect("date")
        + TimeDelta::seconds(seconds)
}

fn withdrawn(mut entry: Entry) -> Entry {
    entry.withdrawn = true;
    entry
}

fn late(mut entry: Entry, round: u32) -> Entry {
    entry.joined_round = round;
    entry
}

// ---------------------------------------------------------------- settings

#[test]
fn the_defaults_follow_the_sheet() {
    let s = Settings::new("Club", 7);
    assert_eq!(s.rules, touring::engine::RulesId::Touring1926);
    assert_eq!(s.table_size, TableSize::Two);
    assert_eq!(s.round, RoundKind::Timed { seconds: 600 });
    assert_eq!(s.length, EventLength::TimeLimit { seconds: 3600 });
    assert_eq!(s.after_race, AfterRace::DealAgain);
    assert_eq!(s.prizes, 3);
    assert_eq!(s.remainder, Remainder::MixedTables);
    assert_eq!(s.bye_score, ByeScore::RoundAverage);
    assert!(s.checked().is_ok());
}

#[test]
fn tables_seat_two_three_four_or_six() {
    for (players, size) in [
        (2, TableSize::Two),
        (3, TableSize::Three),
        (4, TableSize::Four),
        (6, TableSize::Six),
    ] {
        assert_eq!(TableSize::from_players(players), Ok(size));
        assert_eq!(
            serde_json::to_string(&size).expect("json"),
            players.to_string()
        );
    }
    assert!(!TableSize::Three.partners());
    assert!(TableSize::Four.partners());
    assert_eq!(TableSize::Six.entries(), 3);
    assert_eq!(TableSize::Four.entries(), 2);
    let error = TableSize::from_players(5).expect_err("five is not a table size");
    assert!(error.to_string().contains("choose 2, 3, 4 or 6"), "{error}");
    assert!(serde_json::from_str::<TableSize>("5").is_err());
}

#[test]
fn a_table_of_three_races_thirty_miles() {
    let solo = settings(TableSize::Two);
    let three = solo.table_config(3).expect("config");
    assert_eq!((three.players, three.partners), (3, false));
    assert_eq!(solo.race_miles(3), 30);
    assert_eq!(solo.race_miles(2), 50);
    let partners = settings(TableSize::Four);
    let six = partners.table_config(3).expect("config");
    assert_eq!((six.players, six.partners), (6, true));
    assert_eq!(partners.race_miles(3), 50);
}

#[test]
fn a_ninety_second_round_is_allowed_for_a_demonstration() {
    let mut s = Settings::new("Demo", 1);
    s.round = RoundKind::Timed { seconds: 90 };
    s.length = EventLength::TimeLimit { seconds: 600 };
    assert!(s.checked().is_ok());
    for bad in [10, 3 * 3600 + 1] {
        let mut s = Settings::new("Demo", 1);
        s.round = RoundKind::Timed { seconds: bad };
        s.length = EventLength::Rounds { rounds: 3 };
        let errors = s.checked().expect_err("out of range");
        assert_eq!(errors.0.len(), 1);
        assert_eq!(errors.0[0].field(), "round");
        assert!(errors.to_string().contains("from 30 s to 3 h"), "{errors}");
    }
}

#[test]
fn a_round_by_games_plays_one_or_two_games() {
    for games in [1, 2] {
        let mut s = Settings::new("Club", 1);
        s.round = RoundKind::Games { games };
        assert!(s.checked().is_ok());
    }
    for games in [0, 3] {
        let mut s = Settings::new("Club", 1);
        s.round = RoundKind::Games { games };
        let errors = s.checked().expect_err("games out of range");
        assert!(matches!(errors.0[0], SettingsError::Games { .. }));
    }
}

#[test]
fn an_event_has_a_number_of_rounds_or_a_time_limit() {
    let mut s = Settings::new("Club", 1);
    s.length = EventLength::Rounds { rounds: 6 };
    assert!(s.clone().checked().is_ok());
    s.length = EventLength::Rounds { rounds: 0 };
    assert!(s.clone().checked().is_err());
    s.length = EventLength::TimeLimit { seconds: 2 * 3600 };
    assert!(s.clone().checked().is_ok());
    s.length = EventLength::TimeLimit { seconds: 30 };
    assert!(s.checked().is_err());
    let json = serde_json::to_value(EventLength::TimeLimit { seconds: 3600 }).expect("json");
    assert_eq!(
        json,
        serde_json::json!({"kind": "time_limit", "seconds": 3600})
    );
}

#[test]
fn a_time_limit_shorter_than_a_round_is_refused() {
    let mut s = Settings::new("Club", 1);
    s.round = RoundKind::Timed { seconds: 900 };
    s.length = EventLength::TimeLimit { seconds: 600 };
    let errors = s.checked().expect_err("limit below one round");
    assert_eq!(
        errors.0,
        vec![SettingsError::LimitShorterThanRound {
            limit: 600,
            round: 900
        }]
    );
    assert!(
        errors.to_string().contains("lengthen the limit"),
        "{errors}"
    );
}

#[test]
fn every_problem_with_the_settings_is_reported_at_once() {
    let mut s = Settings::new("   ", 1);
    s.round = RoundKind::Games { games: 5 };
    s.length = EventLength::Rounds { rounds: 1000 };
    s.prizes = 1000;
    let errors = s.checked().expect_err("four problems");
    let fields: Vec<&str> = errors.0.iter().map(SettingsError::field).collect();
    assert_eq!(fields, ["name", "round", "length", "prizes"]);
}

#[test]
fn the_event_name_is_trimmed() {
    let s = Settings::new("  Soirée Touring  ", 1)
        .checked()
        .expect("valid");
    assert_eq!(s.name, "Soirée Touring");
}

// ---------------------------------------------------------------- entries

#[test]
fn names_are_trimmed_and_any_script_is_welcome() {
    let m = Members::player("  Zoë 山田 🚗  ").expect("valid");
    assert_eq!(m.display(), "Zoë 山田 🚗");
    let p = Members::partners(" Ann ", "Bob").expect("valid");
    assert_eq!(p.display(), "Ann & Bob");
}

#[test]
fn a_name_over_two_hundred_characters_is_refused() {
    assert!(
        Members::player(&"é".repeat(200)).is_ok(),
        "200 characters, 400 bytes"
    );
    let error = Members::player(&"x".repeat(201)).expect_err("too long");
    assert!(matches!(error, NameError::TooLong { chars: 201, .. }));
    assert!(error.to_string().contains("at most 200"), "{error}");
}

#[test]
fn an_empty_name_is_refused() {
    let error = Members::player("  \t ").expect_err("empty");
    assert!(matches!(error, NameError::Empty { .. }));
    let error = Members::partners("Ann", " ").expect_err("second name empty");
    assert!(error.to_string().contains("second partner"), "{error}");
}

#[test]
fn a_name_with_a_line_break_is_refused() {
    let error = Members::player("Ann\nBob").expect_err("control character");
    assert!(matches!(error, NameError::ControlCharacter { .. }));
}

#[test]
fn partners_events_take_partnerships_and_others_single_players() {
    let partners = settings(TableSize::Six);
    let single = Members::player("Ann").expect("name");
    let pair = Members::partners("Ann", "Bob").expect("names");
    assert!(matches!(
        check_entry(&partners, &single),
        Err(EntryError::PartnersNeeded { players: 6 })
    ));
    assert!(check_entry(&partners, &pair).is_ok());
    let solo = settings(TableSize::Three);
    assert!(matches!(
        check_entry(&solo, &pair),
        Err(EntryError::SingleNeeded { players: 3 })
    ));
    assert!(check_entry(&solo, &single).is_ok());
}

#[test]
fn bots_are_labelled() {
    let b = Entry::bot(9, Members::for_bot(TableSize::Four, 2), 1);
    assert!(b.bot);
    assert_eq!(b.name(), "Bot 2a & Bot 2b");
    assert!(!person(1).bot);
}

// ---------------------------------------------------------------- seating plans

#[test]
fn tables_of_two_with_an_odd_number_propose_one_table_of_three() {
    let s = settings(TableSize::Two);
    let plan = propose(&s, 7).expect("plan");
    assert_eq!(plan.tables, vec![2, 2, 3]);
    assert_eq!((plan.byes, plan.bots), (0, 0));
    assert!(
        plan.describe(&s).contains("30 miles"),
        "{}",
        plan.describe(&s)
    );
    assert_eq!(propose(&s, 3).expect("plan").tables, vec![3]);
}

#[test]
fn words_the_seating_choice_names_the_chosen_games_trip() {
    let mut s = settings(TableSize::Two);
    let touring = propose(&s, 7).expect("plan").describe(&s);
    assert!(
        touring.contains("3 players (the 3-player race of 30 miles)"),
        "{touring}"
    );
    s.rules = touring::engine::RulesId::MilleBornes;
    let mille = propose(&s, 7).expect("plan").describe(&s);
    assert!(
        mille.contains("3 players (the 3-player trip of 700 miles)") && !mille.contains("30 miles"),
        "{mille}"
    );
}

#[test]
fn tables_of_three_with_a_remainder_propose_tables_of_two() {
    let s = settings(TableSize::Three);
    assert_eq!(propose(&s, 7).expect("plan").tables, vec![3, 2, 2]);
    assert_eq!(propose(&s, 8).expect("plan").tables, vec![3, 3, 2]);
    assert_eq!(propose(&s, 4).expect("plan").tables, vec![2, 2]);
    assert_eq!(propose(&s, 2).expect("plan").tables, vec![2]);
}

#[test]
fn partnerships_of_four_with_an_odd_number_propose_a_table_of_six() {
    let s = settings(TableSize::Four);
    let plan = propose(&s, 5).expect("plan");
    assert_eq!(plan.tables, vec![2, 3]);
    assert!(plan.describe(&s).contains("6 players (three partnerships)"));
}

#[test]
fn partnerships_of_six_with_a_remainder_propose_tables_of_four() {
    let s = settings(TableSize::Six);
    let plan = propose(&s, 7).expect("plan");
    assert_eq!(plan.tables, vec![3, 2, 2]);
    assert!(plan.describe(&s).contains("4 players (two partnerships)"));
}

#[test]
fn numbers_that_fill_the_tables_need_no_choice() {
    let s = settings(TableSize::Two);
    let options = seating_options(&s, 8).expect("options");
    assert_eq!(options.len(), 1);
    assert_eq!(options[0].tables, vec![2; 4]);
}

#[test]
fn the_host_can_choose_byes_or_bots_instead() {
    let s = settings(TableSize::Two);
    let options = seating_options(&s, 7).expect("options");
    let kinds: Vec<Remainder> = options.iter().map(|o| o.remainder).collect();
    assert_eq!(
        kinds,
        [Remainder::MixedTables, Remainder::Byes, Remainder::Bots]
    );
    assert_eq!(options[1].tables, vec![2, 2, 2]);
    assert_eq!(options[1].byes, 1);
    assert!(options[1].describe(&s).contains("1 entry sits out"));
    assert_eq!(options[2].tables, vec![2, 2, 2, 2]);
    assert_eq!(options[2].bots, 1);
    assert!(options[2].describe(&s).contains("labelled bot"));
    let three = settings(TableSize::Three);
    let bots = plan_for(&three, 7, Remainder::Bots).expect("plan");
    assert_eq!((bots.tables.clone(), bots.bots), (vec![3, 3, 3], 2));
}

#[test]
fn the_proposal_follows_the_events_remainder_setting() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    assert_eq!(propose(&s, 9).expect("plan").remainder, Remainder::Byes);
    let s = with_remainder(TableSize::Two, Remainder::Bots);
    assert_eq!(propose(&s, 9).expect("plan").bots, 1);
}

fn by_games(size: TableSize) -> Settings {
    let mut s = settings(size);
    s.round = RoundKind::Games { games: 1 };
    s
}

#[test]
fn rounds_by_games_propose_a_bot_seat_rather_than_a_table_of_three() {
    let s = by_games(TableSize::Two);
    let options = seating_options(&s, 7).expect("options");
    let kinds: Vec<Remainder> = options.iter().map(|o| o.remainder).collect();
    assert_eq!(
        kinds,
        [Remainder::Bots, Remainder::Byes, Remainder::MixedTables]
    );
    assert_eq!(options[0].tables, vec![2, 2, 2, 2]);
    assert!(options[0].warning.is_none() && options[1].warning.is_none());
    // Three partnerships among tables of two are not proposed either.
    let pairs = by_games(TableSize::Four);
    assert_eq!(propose(&pairs, 5).expect("plan").remainder, Remainder::Bots);
    // Numbers that fill the tables keep the event's own setting.
    assert_eq!(
        propose(&s, 8).expect("plan").remainder,
        Remainder::MixedTables
    );
}

#[test]
fn tables_that_wait_for_the_signal_propose_a_bye_or_bot_rather_than_a_table_of_three() {
    let mut s = settings(TableSize::Two);
    s.after_race = AfterRace::WaitForSignal;
    assert_eq!(propose(&s, 7).expect("plan").remainder, Remainder::Bots);
    let byes = with_remainder(TableSize::Two, Remainder::Byes);
    let mut byes = byes;
    byes.after_race = AfterRace::WaitForSignal;
    assert_eq!(
        propose(&byes, 7).expect("plan").remainder,
        Remainder::Byes,
        "the event's bye setting is fair, so it stays the proposal"
    );
    // Tables that deal again after a race still propose the table of three.
    assert_eq!(
        propose(&settings(TableSize::Two), 7)
            .expect("plan")
            .remainder,
        Remainder::MixedTables
    );
}

#[test]
fn a_table_of_three_chosen_anyway_is_warned_about() {
    let s = by_games(TableSize::Two);
    let mixed = plan_for(&s, 7, Remainder::MixedTables).expect("plan");
    let warning = mixed.warning.expect("a warning");
    assert!(warning.contains("rounds are by games"), "{warning}");
    assert!(warning.contains("table 3"), "{warning}");
    assert!(
        warning.contains("races 30 miles where the others race 50"),
        "{warning}"
    );
    let mut waits = settings(TableSize::Two);
    waits.after_race = AfterRace::WaitForSignal;
    let warning = plan_for(&waits, 5, Remainder::MixedTables)
        .expect("plan")
        .warning
        .expect("a warning");
    assert!(warning.contains("tables wait for the signal"), "{warning}");
    let pairs = plan_for(&by_games(TableSize::Four), 5, Remainder::MixedTables).expect("plan");
    assert!(
        pairs
            .warning
            .as_deref()
            .is_some_and(|w| w.contains("three sides")),
        "{pairs:?}"
    );
    assert!(
        plan_for(&settings(TableSize::Two), 7, Remainder::MixedTables)
            .expect("plan")
            .warning
            .is_none(),
        "no warning where tables deal again"
    );
}

#[test]
fn one_entry_cannot_be_seated() {
    let s = settings(TableSize::Two);
    let error = propose(&s, 1).expect_err("one entry");
    assert_eq!(error, SeatingError::TooFew { entries: 1 });
    assert!(error.to_string().contains("at least 2 entries"), "{error}");
    assert!(seating_options(&s, 0).is_err());
}

#[test]
fn byes_need_one_full_table() {
    let s = settings(TableSize::Three);
    assert!(matches!(
        plan_for(&s, 2, Remainder::Byes),
        Err(SeatingError::NoTableForByes { .. })
    ));
    let kinds: Vec<Remainder> = seating_options(&s, 2)
        .expect("options")
        .iter()
        .map(|o| o.remainder)
        .collect();
    assert_eq!(kinds, [Remainder::MixedTables, Remainder::Bots]);
}

// ---------------------------------------------------------------- first seating

#[test]
fn the_first_draw_is_reproducible_from_the_seed() {
    let s = settings(TableSize::Two);
    let entries = people(1..=12);
    let plan = propose(&s, 12).expect("plan");
    let first = seat_first_round(&s, &entries, &plan, &FirstSeating::Draw, &[]).expect("seated");
    let mut reversed = entries.clone();
    reversed.reverse();
    let again = seat_first_round(&s, &reversed, &plan, &FirstSeating::Draw, &[]).expect("seated");
    assert_eq!(
        first, again,
        "the draw does not depend on the listing order"
    );
    let mut other = s.clone();
    other.seed = 43;
    let different =
        seat_first_round(&other, &entries, &plan, &FirstSeating::Draw, &[]).expect("seated");
    assert_ne!(first, different, "another seed draws another seating");
    assert_ne!(
        tables_of(&first).concat(),
        (1..=12).collect::<Vec<_>>(),
        "a draw is not the listing order"
    );
}

#[test]
fn the_host_can_seat_round_one_in_his_own_order() {
    let s = settings(TableSize::Two);
    let entries = people(1..=5);
    let plan = propose(&s, 5).expect("plan");
    let order = vec![5, 3, 1, 2, 4];
    let seated = seat_first_round(&s, &entries, &plan, &FirstSeating::HostOrder { order }, &[])
        .expect("seated");
    assert_eq!(tables_of(&seated), vec![vec![5, 3], vec![1, 2, 4]]);
}

#[test]
fn a_host_order_must_list_every_entry_once() {
    let s = settings(TableSize::Two);
    let entries = people(1..=4);
    let plan = propose(&s, 4).expect("plan");
    let seat = |order: Vec<EntryId>| {
        seat_first_round(&s, &entries, &plan, &FirstSeating::HostOrder { order }, &[])
    };
    assert!(matches!(
        seat(vec![1, 2, 3, 3]),
        Err(SeatingError::OrderRepeats { .. })
    ));
    assert!(matches!(
        seat(vec![1, 2, 3, 9]),
        Err(SeatingError::OrderUnknown { .. })
    ));
    let error = seat(vec![1, 2, 3]).expect_err("missing");
    assert_eq!(error, SeatingError::OrderMissing { entries: vec![4] });
    assert!(error.to_string().contains("leaves out #4"), "{error}");
}

#[test]
fn with_byes_the_last_of_the_order_sit_out() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let entries = people(1..=5);
    let plan = propose(&s, 5).expect("plan");
    let order = vec![1, 2, 3, 4, 5];
    let seated = seat_first_round(&s, &entries, &plan, &FirstSeating::HostOrder { order }, &[])
        .expect("seated");
    assert_eq!(tables_of(&seated), vec![vec![1, 2], vec![3, 4]]);
    assert_eq!(seated.byes, vec![5]);
}

#[test]
fn bot_seats_are_one_to_a_table_at_the_last_tables() {
    let s = with_remainder(TableSize::Three, Remainder::Bots);
    let mut entries = people(1..=7);
    let plan = propose(&s, 7).expect("plan");
    assert_eq!(plan.bots, 2);
    let missing = seat_first_round(&s, &entries, &plan, &FirstSeating::Draw, &[]);
    assert_eq!(
        missing,
        Err(SeatingError::BotsMissing {
            needed: 2,
            given: 0
        })
    );
    entries.push(bot(100));
    entries.push(bot(101));
    let seated =
        seat_first_round(&s, &entries, &plan, &FirstSeating::Draw, &[100, 101]).expect("seated");
    assert_eq!(tables_of(&seated)[0].len(), 3);
    assert!(!seated.tables[0].entries.contains(&100) && !seated.tables[0].entries.contains(&101));
    assert_eq!(seated.tables[1].entries[2], 100);
    assert_eq!(seated.tables[2].entries[2], 101);
    assert!(matches!(
        seat_first_round(&s, &entries, &plan, &FirstSeating::Draw, &[1, 100]),
        Err(SeatingError::NotABot { entry: 1 })
    ));
}

#[test]
fn withdrawn_entries_are_not_seated() {
    let s = settings(TableSize::Two);
    let mut entries = people(1..=5);
    entries[4] = withdrawn(person(5));
    let plan = propose(&s, 4).expect("plan");
    let seated = seat_first_round(&s, &entries, &plan, &FirstSeating::Draw, &[]).expect("seated");
    assert!(seated.place_of(5).is_none());
    let wrong = propose(&s, 5).expect("plan");
    assert!(matches!(
        seat_first_round(&s, &entries, &wrong, &FirstSeating::Draw, &[]),
        Err(SeatingError::PlanMismatch {
            planned: 5,
            entries: 4
        })
    ));
}

// ---------------------------------------------------------------- movement

fn three_tables() -> Seating {
    seating(&[&[1, 2], &[3, 4], &[5, 6]], &[])
}

#[test]
fn the_winner_moves_to_the_next_table() {
    let s = settings(TableSize::Two);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (4, 20), (5, 0), (6, 7)]);
    let closing = close_round(&s, 1, &three_tables(), &m, &no_choices()).expect("closed");
    assert_eq!(closing.movers(), vec![1, 4, 6]);
    assert_eq!(closing.tables[0].to, Destination::Table { table: 2 });
    assert_eq!(closing.tables[0].decision, MoverDecision::MostMiles);
    assert_eq!(closing.tables[0].most, 30);
    assert_eq!(closing.next.table_of(1), Some(2));
    assert_eq!(closing.next.table_of(4), Some(3));
}

#[test]
fn the_last_table_moves_to_the_first() {
    let s = settings(TableSize::Two);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (4, 20), (5, 0), (6, 7)]);
    let closing = close_round(&s, 1, &three_tables(), &m, &no_choices()).expect("closed");
    assert_eq!(closing.tables[2].to, Destination::Table { table: 1 });
    assert_eq!(closing.next.table_of(6), Some(1));
}

#[test]
fn the_others_stay_and_the_newcomer_takes_the_movers_seat() {
    let s = settings(TableSize::Two);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (4, 20), (5, 0), (6, 7)]);
    let closing = close_round(&s, 1, &three_tables(), &m, &no_choices()).expect("closed");
    assert_eq!(
        tables_of(&closing.next),
        vec![vec![6, 2], vec![3, 1], vec![5, 4]]
    );
}

#[test]
fn exactly_one_entry_leaves_and_one_arrives_at_each_table() {
    let s = settings(TableSize::Two);
    let before = seating(&[&[1, 2], &[3, 4], &[5, 6, 7]], &[]);
    let m = miles(&[(1, 3), (2, 4), (3, 9), (4, 1), (5, 2), (6, 8), (7, 5)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    for (old, new) in before.tables.iter().zip(&closing.next.tables) {
        assert_eq!(
            old.entries.len(),
            new.entries.len(),
            "table sizes never change"
        );
        let left: Vec<_> = old
            .entries
            .iter()
            .filter(|e| !new.entries.contains(e))
            .collect();
        let arrived: Vec<_> = new
            .entries
            .iter()
            .filter(|e| !old.entries.contains(e))
            .collect();
        assert_eq!((left.len(), arrived.len()), (1, 1), "table {}", old.number);
    }
}

#[test]
fn a_tie_is_cut_for_from_the_seed() {
    let s = settings(TableSize::Two);
    let before = seating(&[&[1, 2], &[3, 4]], &[]);
    let m = miles(&[(1, 20), (2, 20), (3, 5), (4, 9)]);
    let closing = close_round(&s, 3, &before, &m, &no_choices()).expect("closed");
    let expected = cut_for(s.seed, 3, 1, &[2, 1]).expect("a draw");
    assert_eq!(
        closing.tables[0].decision,
        MoverDecision::Cut {
            tied: vec![1, 2],
            drawn: expected
        }
    );
    assert_eq!(closing.tables[0].mover, expected);
    let again = close_round(&s, 3, &before, &m, &no_choices()).expect("closed");
    assert_eq!(closing, again, "the same seed cuts the same way");
    // The cut is a real draw: over many seeds both tied entries are drawn.
    let drawn: std::collections::BTreeSet<EntryId> = (0..40)
        .filter_map(|seed| cut_for(derive_seed(seed, 9), 3, 1, &[1, 2]))
        .collect();
    assert_eq!(drawn.len(), 2);
    assert_eq!(cut_for(1, 1, 1, &[]), None);
}

#[test]
fn a_tie_of_three_is_cut_among_all_three() {
    let s = settings(TableSize::Three);
    let before = seating(&[&[1, 2, 3]], &[]);
    let m = miles(&[(1, 12), (2, 12), (3, 12)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    match &closing.tables[0].decision {
        MoverDecision::Cut { tied, drawn } => {
            assert_eq!(tied, &vec![1, 2, 3]);
            assert!(tied.contains(drawn));
        }
        other => panic!("expected a cut, got {other:?}"),
    }
}

#[test]
fn the_host_can_overturn_a_draw() {
    let s = settings(TableSize::Two);
    let before = seating(&[&[1, 2], &[3, 4]], &[]);
    let m = miles(&[(1, 20), (2, 20), (3, 5), (4, 9)]);
    let drawn = cut_for(s.seed, 1, 1, &[1, 2]).expect("a draw");
    let other = if drawn == 1 { 2 } else { 1 };
    let choices = BTreeMap::from([(1, other)]);
    let closing = close_round(&s, 1, &before, &m, &choices).expect("closed");
    assert_eq!(closing.tables[0].mover, other);
    assert_eq!(
        closing.tables[0].decision,
        MoverDecision::Host {
            tied: vec![1, 2],
            drawn
        }
    );
    assert_eq!(closing.next.table_of(other), Some(2));
}

#[test]
fn the_host_can_only_choose_among_the_tied() {
    let s = settings(TableSize::Three);
    let before = seating(&[&[1, 2, 3], &[4, 5, 6]], &[]);
    let m = miles(&[(1, 20), (2, 20), (3, 5), (4, 9), (5, 1), (6, 0)]);
    let error = close_round(&s, 1, &before, &m, &BTreeMap::from([(1, 3)])).expect_err("not tied");
    assert!(matches!(
        error,
        CloseError::NotTied {
            table: 1,
            chosen: 3,
            ..
        }
    ));
    let error = close_round(&s, 1, &before, &m, &BTreeMap::from([(2, 5)])).expect_err("no tie");
    assert!(
        error.to_string().contains("correct the scores instead"),
        "{error}"
    );
    let error = close_round(&s, 1, &before, &m, &BTreeMap::from([(7, 5)])).expect_err("no table");
    assert_eq!(error, CloseError::NoSuchTable { table: 7 });
}

#[test]
fn every_score_is_needed_before_the_round_closes() {
    let s = settings(TableSize::Two);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (5, 0)]);
    let error = close_round(&s, 1, &three_tables(), &m, &no_choices()).expect_err("missing");
    assert_eq!(
        error,
        CloseError::MissingMiles {
            tables: vec![2, 3],
            entries: vec![4, 6]
        }
    );
    assert!(
        error
            .to_string()
            .contains("tables 2 and 3 have no score for #4 and #6"),
        "{error}"
    );
}

#[test]
fn miles_for_an_entry_not_in_the_round_are_refused() {
    let s = settings(TableSize::Two);
    let m = miles(&[(1, 1), (2, 1), (3, 1), (4, 2), (5, 1), (6, 2), (99, 3)]);
    assert_eq!(
        close_round(&s, 1, &three_tables(), &m, &no_choices()),
        Err(CloseError::NotInRound { entries: vec![99] })
    );
}

#[test]
fn partners_progress_together() {
    let s = settings(TableSize::Four);
    let entries: Vec<Entry> = (1..=4).map(pair).collect();
    let plan = propose(&s, 4).expect("plan");
    let seated = seat_first_round(
        &s,
        &entries,
        &plan,
        &FirstSeating::HostOrder {
            order: vec![1, 2, 3, 4],
        },
        &[],
    )
    .expect("seated");
    assert_eq!(
        s.table_config(seated.tables[0].entries.len())
            .expect("config")
            .players,
        4
    );
    let m = miles(&[(1, 40), (2, 10), (3, 5), (4, 20)]);
    let closing = close_round(&s, 1, &seated, &m, &no_choices()).expect("closed");
    // A partnership is one entry: both partners are where the entry is.
    assert_eq!(closing.next.table_of(1), Some(2));
    assert_eq!(tables_of(&closing.next), vec![vec![4, 2], vec![3, 1]]);
}

#[test]
fn a_single_table_keeps_its_entries() {
    let s = settings(TableSize::Two);
    let before = seating(&[&[1, 2]], &[]);
    let closing =
        close_round(&s, 1, &before, &miles(&[(1, 5), (2, 9)]), &no_choices()).expect("closed");
    assert_eq!(closing.tables[0].to, Destination::Table { table: 1 });
    assert_eq!(closing.next, before);
}

#[test]
fn the_bye_is_a_stop_after_the_last_table() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let before = seating(&[&[1, 2], &[3, 4]], &[5]);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (4, 20)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    assert_eq!(closing.tables[1].to, Destination::Bye);
    assert_eq!(closing.byes[0].rejoins, Some(1));
    assert_eq!(tables_of(&closing.next), vec![vec![5, 2], vec![3, 1]]);
    assert_eq!(closing.next.byes, vec![4]);
}

#[test]
fn the_entry_waiting_longest_rejoins_first() {
    let s = with_remainder(TableSize::Three, Remainder::Byes);
    let before = seating(&[&[1, 2, 3]], &[4, 5]);
    let m = miles(&[(1, 3), (2, 30), (3, 5)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    assert_eq!(tables_of(&closing.next), vec![vec![1, 4, 3]]);
    assert_eq!(closing.next.byes, vec![5, 2]);
    assert_eq!(closing.byes[1].rejoins, None);
}

#[test]
fn a_bye_scores_the_rounds_average_rounded_down() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let before = seating(&[&[1, 2], &[3, 4]], &[5, 6]);
    let m = miles(&[(1, 30), (2, 10), (3, 20), (4, 23)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    assert_eq!(
        closing.byes[0].miles, 20,
        "83 / 4 = 20.75 rounds down to 20"
    );
    assert_eq!(closing.byes[1].miles, 20, "every bye scores the same");
    assert_eq!(closing.miles.get(&5), Some(&20));
    assert_eq!(bye_miles(ByeScore::RoundAverage, &[10, 11]), 10);
    assert_eq!(bye_miles(ByeScore::RoundAverage, &[]), 0);
}

#[test]
fn the_host_may_score_a_bye_as_zero() {
    let mut s = with_remainder(TableSize::Two, Remainder::Byes);
    s.bye_score = ByeScore::Zero;
    let before = seating(&[&[1, 2], &[3, 4]], &[5]);
    let m = miles(&[(1, 30), (2, 10), (3, 20), (4, 21)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    assert_eq!(closing.byes[0].miles, 0);
    assert_eq!(bye_miles(ByeScore::Zero, &[10, 11]), 0);
}

#[test]
fn winning_at_the_last_table_and_sitting_out_costs_no_round() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let round1 = seating(&[&[1, 2], &[3, 4]], &[5]);
    let first = close_round(
        &s,
        1,
        &round1,
        &miles(&[(1, 30), (2, 10), (3, 5), (4, 40)]),
        &no_choices(),
    )
    .expect("closed");
    assert_eq!(first.next.byes, vec![4], "the last table's winner sits out");
    let second = close_round(
        &s,
        2,
        &first.next,
        &miles(&[(5, 20), (2, 30), (3, 25), (1, 25)]),
        &no_choices(),
    )
    .expect("closed");
    assert_eq!(
        second.miles.get(&4),
        Some(&25),
        "100 / 4: the round's average"
    );
    let results = [RoundResult::from(&first), RoundResult::from(&second)];
    let table = standings(&s, &people(1..=5), &results);
    let four = table.iter().find(|l| l.entry == 4).expect("listed");
    assert_eq!((four.total, four.place, four.rounds_won), (65, 1, 1));
}

#[test]
fn a_bye_entry_given_miles_keeps_the_rules_score() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let before = seating(&[&[1, 2], &[3, 4]], &[5]);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (4, 20), (5, 44)]);
    let closing = close_round(&s, 1, &before, &m, &no_choices()).expect("closed");
    assert_eq!(closing.miles.get(&5), Some(&16), "65 / 4, not the 44 given");
}

// ---------------------------------------------------------------- late entries and withdrawals

fn entries_with(list: Vec<Entry>) -> Vec<Entry> {
    list
}

#[test]
fn a_late_entry_replaces_a_bot() {
    let s = with_remainder(TableSize::Two, Remainder::Bots);
    let moved = seating(&[&[1, 2], &[3, 100]], &[]);
    let entries = entries_with(vec![
        person(1),
        person(2),
        person(3),
        bot(100),
        late(person(4), 2),
    ]);
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2], vec![3, 4]]);
    assert_eq!(next.released_bots, vec![100]);
    assert!(next.changes.contains(&SeatChange::BotReplaced {
        table: 2,
        bot: 100,
        by: 4
    }));
}

#[test]
fn a_late_entry_fills_a_bye_and_they_form_a_table() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let moved = seating(&[&[1, 2], &[3, 4]], &[5]);
    let mut entries = people(1..=5);
    entries.push(late(person(6), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(
        tables_of(&next.seating),
        vec![vec![1, 2], vec![3, 4], vec![5, 6]]
    );
    assert!(next.seating.byes.is_empty());
    assert!(next.changes.contains(&SeatChange::NewTable {
        table: 3,
        entries: vec![5, 6]
    }));
}

#[test]
fn a_late_entry_waits_when_no_seat_is_free() {
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2], &[3, 4]], &[]);
    let mut entries = people(1..=4);
    entries.push(late(person(5), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), tables_of(&moved));
    assert_eq!(next.seating.byes, vec![5]);
    assert!(next.changes.contains(&SeatChange::Waiting { entry: 5 }));
}

#[test]
fn seating_never_makes_a_table_of_three_or_a_bye_when_the_numbers_divide() {
    // Issue 25: eleven guests at tables of two sit at four tables of two and one of three; a
    // twelfth comes late. Twelve divide into six tables of two, so the table of three does
    // not carry on beside a bye: it is seated again with the latecomer as two tables of two.
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2], &[3, 4], &[5, 6], &[7, 8], &[9, 10, 11]], &[]);
    let mut entries = people(1..=11);
    entries.push(late(person(12), 3));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(
        tables_of(&next.seating),
        vec![
            vec![1, 2],
            vec![3, 4],
            vec![5, 6],
            vec![7, 8],
            vec![9, 10],
            vec![11, 12]
        ]
    );
    assert!(next.seating.byes.is_empty());
    let numbers: Vec<u32> = next.seating.tables.iter().map(|t| t.number).collect();
    assert_eq!(numbers, vec![1, 2, 3, 4, 5, 6]);
    assert!(next.changes.contains(&SeatChange::NewTable {
        table: 6,
        entries: vec![11, 12]
    }));
    // A withdrawal that makes the number even does the same: no table of three is left.
    let mut entries = people(1..=11);
    entries[0] = withdrawn(person(1));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert!(next.seating.tables.iter().all(|t| t.entries.len() == 2));
    assert!(next.seating.byes.is_empty());
    assert_eq!(next.seating.entries().len(), 10);
    assert!(next.released_bots.is_empty());
    // Tables of three with two tables of two: two latecomers make twelve, four tables of three.
    let s = settings(TableSize::Three);
    let moved = seating(&[&[1, 2, 3], &[4, 5, 6], &[7, 8], &[9, 10]], &[]);
    let mut entries = people(1..=10);
    entries.push(late(person(11), 2));
    entries.push(late(person(12), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(
        tables_of(&next.seating),
        vec![
            vec![1, 2, 3],
            vec![4, 5, 6],
            vec![7, 8, 9],
            vec![10, 11, 12]
        ]
    );
    // While the numbers do not divide, the tables carry on as they are.
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2], &[3, 4, 5]], &[]);
    let next = prepare_next_round(&s, &moved, &people(1..=5)).expect("seated");
    assert_eq!(tables_of(&next.seating), tables_of(&moved));
}

#[test]
fn waiting_entries_form_a_new_table_when_enough_wait() {
    // Tables of three with mixed tables: two waiting make a table of two.
    let s = settings(TableSize::Three);
    let moved = seating(&[&[1, 2, 3]], &[]);
    let mut entries = people(1..=3);
    entries.push(late(person(4), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(next.seating.byes, vec![4]);
    entries.push(late(person(5), 3));
    let next = prepare_next_round(&s, &next.seating, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2, 3], vec![4, 5]]);
    assert!(next.seating.byes.is_empty());
    // With byes, a new table needs a full table's worth.
    let s = with_remainder(TableSize::Three, Remainder::Byes);
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(next.seating.byes, vec![4, 5]);
}

#[test]
fn late_entries_wait_rather_than_form_an_unfair_table() {
    // Rounds by games with tables of three: two latecomers at a table of two would race 50
    // miles where the others race 30, so they wait (a bye scores the average) until a third
    // comes, and the three make a full table.
    let mut waiting_for_the_signal = settings(TableSize::Three);
    waiting_for_the_signal.after_race = AfterRace::WaitForSignal;
    for s in [by_games(TableSize::Three), waiting_for_the_signal] {
        assert_eq!(s.remainder, Remainder::MixedTables);
        let moved = seating(&[&[1, 2, 3]], &[]);
        let mut entries = people(1..=3);
        entries.push(late(person(4), 2));
        entries.push(late(person(5), 2));
        let next = prepare_next_round(&s, &moved, &entries).expect("seated");
        assert_eq!(tables_of(&next.seating), vec![vec![1, 2, 3]]);
        assert_eq!(next.seating.byes, vec![4, 5]);
        assert!(next.changes.contains(&SeatChange::Waiting { entry: 5 }));
        entries.push(late(person(6), 3));
        let next = prepare_next_round(&s, &next.seating, &entries).expect("seated");
        assert_eq!(tables_of(&next.seating), vec![vec![1, 2, 3], vec![4, 5, 6]]);
        assert!(next.seating.byes.is_empty());
    }
    // Timed rounds that deal again score miles, not races: there the table of two forms.
    let s = settings(TableSize::Three);
    let moved = seating(&[&[1, 2, 3]], &[]);
    let mut entries = people(1..=3);
    entries.push(late(person(4), 2));
    entries.push(late(person(5), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2, 3], vec![4, 5]]);
}

#[test]
fn in_a_bots_event_a_late_entry_gets_a_table_with_a_bot() {
    let s = with_remainder(TableSize::Two, Remainder::Bots);
    let moved = seating(&[&[1, 2]], &[]);
    let mut entries = people(1..=2);
    entries.push(late(person(3), 2));
    let asked = prepare_next_round(&s, &moved, &entries).expect_err("a bot is needed");
    assert_eq!(asked, SeatingError::BotsNeeded { count: 1 });
    assert!(asked.to_string().contains("create 1 bot entry"), "{asked}");
    entries.push(late(bot(100), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2], vec![3, 100]]);
}

#[test]
fn a_withdrawn_entrys_seat_goes_to_the_entry_waiting_longest() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let moved = seating(&[&[1, 2, 3], &[4, 5, 6]], &[7, 8]);
    let s3 = with_remainder(TableSize::Three, Remainder::Byes);
    let mut entries = people(1..=8);
    entries[2] = withdrawn(person(3));
    let next = prepare_next_round(&s3, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2, 7], vec![4, 5, 6]]);
    assert_eq!(next.seating.byes, vec![8]);
    assert!(next.changes.contains(&SeatChange::SeatTaken {
        table: 1,
        left: 3,
        by: 7
    }));
    // Tables of two: the seat goes to the first in the queue, and the two left waiting form
    // a table of their own.
    let moved = seating(&[&[1, 2], &[3, 4]], &[5, 6, 7]);
    let mut entries = people(1..=7);
    entries[2] = withdrawn(person(3));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(
        tables_of(&next.seating),
        vec![vec![1, 2], vec![5, 4], vec![6, 7]]
    );
    assert!(next.seating.byes.is_empty());
    assert!(next.changes.contains(&SeatChange::SeatTaken {
        table: 2,
        left: 3,
        by: 5
    }));
}

#[test]
fn a_late_entry_takes_an_empty_seat_before_a_bot_does() {
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2], &[3, 4]], &[]);
    let mut entries = people(1..=4);
    entries[0] = withdrawn(person(1));
    entries.push(late(person(5), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![5, 2], vec![3, 4]]);
}

#[test]
fn a_withdrawn_entrys_seat_goes_to_a_bot_when_nobody_waits() {
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2], &[3, 4]], &[]);
    let mut entries = people(1..=4);
    entries[3] = withdrawn(person(4));
    assert_eq!(
        prepare_next_round(&s, &moved, &entries),
        Err(SeatingError::BotsNeeded { count: 1 })
    );
    entries.push(late(bot(100), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2], vec![3, 100]]);
    assert!(next.changes.contains(&SeatChange::SeatTaken {
        table: 2,
        left: 4,
        by: 100
    }));
}

#[test]
fn a_withdrawn_entry_on_a_bye_just_leaves() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let moved = seating(&[&[1, 2]], &[3]);
    let mut entries = people(1..=3);
    entries[2] = withdrawn(person(3));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2]]);
    assert!(next.seating.byes.is_empty());
    assert!(next.changes.contains(&SeatChange::LeftBye { entry: 3 }));
}

#[test]
fn a_table_whose_people_all_withdrew_closes() {
    let s = with_remainder(TableSize::Two, Remainder::Bots);
    let moved = seating(&[&[1, 2], &[3, 100], &[4, 5]], &[]);
    let entries = vec![
        person(1),
        person(2),
        withdrawn(person(3)),
        bot(100),
        person(4),
        person(5),
    ];
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2], vec![4, 5]]);
    assert_eq!(
        next.seating.tables[1].number, 3,
        "tables keep their numbers"
    );
    assert_eq!(next.released_bots, vec![100]);
    assert!(next.changes.contains(&SeatChange::TableClosed { table: 2 }));
}

#[test]
fn new_tables_take_the_lowest_free_number() {
    let s = settings(TableSize::Two);
    let moved = Seating {
        tables: vec![
            Table {
                number: 1,
                entries: vec![1, 2],
            },
            Table {
                number: 3,
                entries: vec![3, 4],
            },
        ],
        byes: vec![5],
    };
    let mut entries = people(1..=5);
    entries.push(late(person(6), 3));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    let numbers: Vec<u32> = next.seating.tables.iter().map(|t| t.number).collect();
    assert_eq!(numbers, vec![1, 2, 3]);
    assert_eq!(next.seating.tables[1].entries, vec![5, 6]);
}

#[test]
fn unneeded_bots_are_released() {
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2]], &[]);
    let mut entries = people(1..=2);
    entries.push(late(bot(100), 2));
    let next = prepare_next_round(&s, &moved, &entries).expect("seated");
    assert_eq!(next.released_bots, vec![100]);
    assert_eq!(tables_of(&next.seating), vec![vec![1, 2]]);
}

#[test]
fn when_everybody_withdraws_nothing_is_seated() {
    let s = settings(TableSize::Two);
    let moved = seating(&[&[1, 2]], &[]);
    let entries = vec![withdrawn(person(1)), withdrawn(person(2))];
    assert_eq!(
        prepare_next_round(&s, &moved, &entries),
        Err(SeatingError::NothingToSeat)
    );
}

// ---------------------------------------------------------------- scores

#[test]
fn a_rounds_miles_sum_the_tables_games() {
    let games = [
        GameMiles {
            sides: vec![1, 2],
            miles: vec![50, 31],
        },
        GameMiles {
            sides: vec![2, 1],
            miles: vec![12, 7],
        },
    ];
    let totals = sum_games(&[1, 2], &games).expect("summed");
    assert_eq!(totals, miles(&[(1, 57), (2, 43)]));
    assert_eq!(
        sum_games(&[1, 2], &[]).expect("no games"),
        miles(&[(1, 0), (2, 0)])
    );
}

#[test]
fn every_game_must_seat_the_tables_entries() {
    let game = |sides: Vec<EntryId>, m: Vec<u32>| GameMiles { sides, miles: m };
    assert!(matches!(
        sum_games(&[1, 2], &[game(vec![1, 2], vec![5])]),
        Err(ScoreError::GameSides { game: 1, .. })
    ));
    assert!(matches!(
        sum_games(&[1, 2], &[game(vec![1, 9], vec![5, 5])]),
        Err(ScoreError::NotAtTable { entry: 9, .. })
    ));
    assert!(matches!(
        sum_games(&[1, 2], &[game(vec![1, 1], vec![5, 5])]),
        Err(ScoreError::SideTwice { entry: 1, .. })
    ));
    assert!(matches!(
        sum_games(&[1, 2, 3], &[game(vec![1, 2], vec![5, 5])]),
        Err(ScoreError::GameMissing { .. })
    ));
}

#[test]
fn a_table_deals_again_after_a_finished_race_by_default() {
    let s = settings(TableSize::Two);
    assert!(s.deals_again());
    assert_eq!(s.max_round_miles(2), None);
    assert!(check_miles(&s, 2, 1, 180).is_ok());
}

#[test]
fn a_table_waiting_for_the_signal_scores_one_race_at_most() {
    let mut s = settings(TableSize::Two);
    s.after_race = AfterRace::WaitForSignal;
    assert!(!s.deals_again());
    assert!(check_miles(&s, 2, 1, 50).is_ok());
    let error = check_miles(&s, 2, 1, 51).expect_err("above a race");
    assert!(error.to_string().contains("at most 50"), "{error}");
    assert!(
        check_miles(&s, 3, 1, 31).is_err(),
        "a table of three races 30 miles"
    );
}

#[test]
fn a_round_by_games_scores_the_sum_of_its_games() {
    let mut s = settings(TableSize::Two);
    s.round = RoundKind::Games { games: 2 };
    assert_eq!(s.max_round_miles(2), Some(100));
    assert!(check_miles(&s, 2, 1, 100).is_ok());
    assert!(check_miles(&s, 2, 1, 101).is_err());
    let before = seating(&[&[1, 2]], &[]);
    let error = close_round(&s, 1, &before, &miles(&[(1, 101), (2, 3)]), &no_choices())
        .expect_err("too many miles");
    assert!(matches!(
        error,
        CloseError::Score(ScoreError::TooManyMiles { entry: 1, .. })
    ));
}

#[test]
fn a_table_by_games_is_done_after_its_games() {
    let mut s = settings(TableSize::Two);
    s.round = RoundKind::Games { games: 2 };
    assert!(!table_done(&s, 1, &[]));
    assert!(table_done(&s, 2, &[]));
    s.round = RoundKind::Timed { seconds: 600 };
    assert!(!table_done(&s, 5, &[]), "the signal ends a timed round");
}

// ---------------------------------------------------------------- paper tables

fn piles(ones: u32, threes: u32, fives: u32, tens: u32) -> PaperCard {
    PaperCard(
        [
            ("mile1", ones),
            ("mile3", threes),
            ("mile5", fives),
            ("mile10", tens),
        ]
        .into_iter()
        .map(|(row, n)| (row.to_owned(), n))
        .collect(),
    )
}

#[test]
fn paper_piles_give_the_miles() {
    let config = settings(TableSize::Two).table_config(2).expect("config");
    let m = paper_scores(config, &[piles(8, 4, 2, 2), piles(3, 1, 1, 0)]).expect("valid");
    assert_eq!(m, vec![50, 11]);
}

#[test]
fn a_count_above_a_quota_is_refused() {
    let config = settings(TableSize::Two).table_config(2).expect("config");
    let errors = paper_scores(config, &[piles(9, 4, 2, 3), piles(0, 0, 0, 0)]).expect_err("over");
    assert_eq!(errors.0.len(), 2);
    assert!(
        errors.to_string().contains(
            "side 1 has 9 cards on its 1-mile pile, but in a 50-mile race that pile holds at most 8"
        ),
        "{errors}"
    );
}

#[test]
fn a_table_of_three_is_checked_against_the_thirty_mile_quotas() {
    let config = settings(TableSize::Two).table_config(3).expect("config");
    let ok = paper_scores(
        config,
        &[piles(4, 2, 2, 1), piles(1, 0, 0, 0), piles(0, 0, 0, 0)],
    );
    assert_eq!(ok.expect("valid"), vec![30, 1, 0]);
    let errors = paper_scores(
        config,
        &[piles(5, 0, 0, 2), piles(0, 0, 0, 0), piles(0, 0, 0, 0)],
    )
    .expect_err("over the 30-mile quotas");
    let text = errors.to_string();
    assert!(
        text.contains("1-mile pile") && text.contains("30-mile race"),
        "{text}"
    );
    assert!(text.contains("10-mile pile"), "{text}");
}

#[test]
fn counts_beyond_the_pack_are_refused() {
    let config = settings(TableSize::Six).table_config(3).expect("config");
    let errors = paper_scores(
        config,
        &[piles(8, 0, 0, 0), piles(8, 0, 0, 0), piles(8, 0, 0, 0)],
    )
    .expect_err("24 ones from a pack of 20");
    assert_eq!(
        errors.0,
        vec![PaperProblem::BeyondPack {
            pile: "1-mile".into(),
            miles: 1,
            count: 24,
            pack: 20
        }]
    );
}

#[test]
fn only_one_side_can_finish_a_race() {
    let config = settings(TableSize::Two).table_config(2).expect("config");
    let errors = paper_scores(config, &[piles(8, 4, 2, 2), piles(8, 4, 2, 2)]).expect_err("two");
    assert_eq!(
        errors.0,
        vec![PaperProblem::TwoFinished { sides: vec![1, 2] }]
    );
}

#[test]
fn the_sides_must_match_the_table() {
    let config = settings(TableSize::Four).table_config(2).expect("config");
    let errors = paper_scores(config, &[piles(1, 0, 0, 0)]).expect_err("one side of two");
    assert_eq!(
        errors.0,
        vec![PaperProblem::Sides {
            expected: 2,
            given: 1
        }]
    );
}

// ---------------------------------------------------------------- corrections

use RoundPhase::{Closed, Playing, Seated};

fn change(
    round: u32,
    entry: EntryId,
    old: Option<u32>,
    new: u32,
    by: &str,
    when: DateTime<Utc>,
) -> Correction {
    Correction {
        round,
        entry,
        old,
        new,
        by: by.to_string(),
        at: when,
    }
}

#[test]
fn a_score_can_be_corrected_while_the_round_is_played() {
    assert_eq!(
        check_correction(&[Closed, Playing], false, 2),
        Ok(CorrectionEffect::Store)
    );
}

#[test]
fn a_closed_round_can_be_corrected_until_the_next_round_starts() {
    assert_eq!(
        check_correction(&[Closed, Closed], false, 2),
        Ok(CorrectionEffect::Reclose { reseat_next: false })
    );
    assert_eq!(
        check_correction(&[Closed, Closed, Seated], false, 2),
        Ok(CorrectionEffect::Reclose { reseat_next: true })
    );
}

#[test]
fn a_score_is_final_once_the_next_round_starts() {
    let error = check_correction(&[Closed, Playing], false, 1).expect_err("final");
    assert_eq!(error, CorrectionError::Final { round: 1, next: 2 });
    assert!(error.to_string().contains("round 2 has started"), "{error}");
    assert!(check_correction(&[Closed, Closed, Playing], false, 1).is_err());
}

#[test]
fn the_last_round_stays_correctable_until_the_host_closes_the_evening() {
    assert!(check_correction(&[Closed, Closed, Closed], false, 3).is_ok());
    let refused = check_correction(&[Closed, Closed, Closed], true, 3);
    assert_eq!(refused, Err(CorrectionError::EventClosed));
    let why = refused.expect_err("closed").to_string();
    assert!(why.contains("the host has closed the evening"), "{why}");
}

#[test]
fn a_round_not_started_has_nothing_to_correct() {
    assert_eq!(
        check_correction(&[Closed, Seated], false, 2),
        Err(CorrectionError::NotStarted { round: 2 })
    );
    assert!(matches!(
        check_correction(&[Closed], false, 5),
        Err(CorrectionError::NoSuchRound {
            round: 5,
            rounds: 1
        })
    ));
    assert!(check_correction(&[Closed], false, 0).is_err());
}

#[test]
fn a_correction_keeps_who_when_old_and_new() {
    let s = settings(TableSize::Two);
    let round = three_tables();
    let (record, effect) = correct(
        &s,
        &[Closed],
        false,
        &round,
        change(1, 4, Some(20), 25, " Mrs. Parker ", at(0)),
    )
    .expect("allowed");
    assert_eq!(
        record,
        Correction {
            round: 1,
            entry: 4,
            old: Some(20),
            new: 25,
            by: "Mrs. Parker".to_string(),
            at: at(0)
        }
    );
    assert_eq!(effect, CorrectionEffect::Reclose { reseat_next: false });
    assert!(matches!(
        correct(
            &s,
            &[Closed],
            false,
            &round,
            change(1, 4, Some(25), 25, "Host", at(1))
        ),
        Err(CorrectionError::NoChange { .. })
    ));
    assert!(matches!(
        correct(
            &s,
            &[Closed],
            false,
            &round,
            change(1, 4, Some(25), 26, "", at(1))
        ),
        Err(CorrectionError::Who(_))
    ));
    assert!(matches!(
        correct(
            &s,
            &[Closed],
            false,
            &round,
            change(1, 77, None, 26, "Host", at(1))
        ),
        Err(CorrectionError::NotInRound {
            entry: 77,
            round: 1
        })
    ));
}

#[test]
fn a_correction_is_checked_like_a_score() {
    let mut s = settings(TableSize::Two);
    s.after_race = AfterRace::WaitForSignal;
    assert!(matches!(
        correct(
            &s,
            &[Playing],
            false,
            &three_tables(),
            change(1, 1, Some(3), 60, "Host", at(0))
        ),
        Err(CorrectionError::Score(ScoreError::TooManyMiles { .. }))
    ));
}

#[test]
fn a_byes_score_can_be_corrected_like_any_other() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let round = seating(&[&[1, 2]], &[3]);
    let (record, effect) = correct(
        &s,
        &[Closed],
        false,
        &round,
        change(1, 3, Some(15), 20, "Host", at(0)),
    )
    .expect("a bye's score is corrected like a table's");
    assert_eq!((record.entry, record.old, record.new), (3, Some(15), 20));
    assert_eq!(effect, CorrectionEffect::Reclose { reseat_next: false });
    // It is checked like any score: no more than a table of the set size can score.
    let mut waiting = s.clone();
    waiting.after_race = AfterRace::WaitForSignal;
    assert!(matches!(
        correct(
            &waiting,
            &[Closed],
            false,
            &round,
            change(1, 3, Some(15), 51, "Host", at(0)),
        ),
        Err(CorrectionError::Score(_))
    ));
    // Closing the round again (after another correction) keeps the bye's corrected score.
    let m = miles(&[(1, 30), (2, 10)]);
    let first = close_round(&s, 1, &round, &m, &no_choices()).expect("closed");
    assert_eq!(first.byes[0].miles, 20, "the average by the rule");
    let m = miles(&[(1, 30), (2, 12)]);
    let mut again = reclose(&s, 1, &round, &m, &no_choices(), &first).expect("closed again");
    keep_bye_corrections(&mut again.closing, &miles(&[(3, 7)]));
    assert_eq!(again.closing.byes[0].miles, 7);
    assert_eq!(again.closing.miles[&3], 7);
    assert_eq!(again.closing.miles[&2], 12);
}

#[test]
fn correcting_a_closed_round_recomputes_its_movement() {
    let mut s = with_remainder(TableSize::Two, Remainder::Byes);
    s.bye_score = ByeScore::RoundAverage;
    let round = seating(&[&[1, 2], &[3, 4]], &[5]);
    let before = miles(&[(1, 30), (2, 10), (3, 5), (4, 20)]);
    let first = close_round(&s, 1, &round, &before, &no_choices()).expect("closed");
    let after = miles(&[(1, 30), (2, 10), (3, 25), (4, 20)]);
    let again = reclose(&s, 1, &round, &after, &no_choices(), &first).expect("closed again");
    assert_eq!(again.changed_tables, vec![2]);
    assert_eq!(again.closing.tables[1].mover, 3);
    assert_eq!(again.closing.next.byes, vec![3]);
    assert_eq!(
        again.closing.byes[0].miles, 21,
        "the bye's average follows the tables"
    );
    assert_eq!(first.byes[0].miles, 16);
}

#[test]
fn a_host_choice_that_no_longer_applies_is_dropped() {
    let s = settings(TableSize::Two);
    let round = seating(&[&[1, 2], &[3, 4]], &[]);
    let tied = miles(&[(1, 20), (2, 20), (3, 5), (4, 9)]);
    let choices = BTreeMap::from([(1, 2)]);
    let first = close_round(&s, 1, &round, &tied, &choices).expect("closed");
    assert_eq!(first.tables[0].mover, 2);
    let corrected = miles(&[(1, 21), (2, 20), (3, 5), (4, 9)]);
    let again = reclose(&s, 1, &round, &corrected, &choices, &first).expect("closed again");
    assert_eq!(
        again.dropped_choices,
        vec![DroppedChoice {
            table: 1,
            chosen: 2
        }]
    );
    assert_eq!(again.closing.tables[0].mover, 1);
    assert_eq!(again.changed_tables, vec![1]);
    // A choice that still names a tied entry is kept.
    let still = reclose(&s, 1, &round, &tied, &choices, &first).expect("closed again");
    assert!(still.dropped_choices.is_empty());
    assert_eq!(still.closing, first);
}

// ---------------------------------------------------------------- standings

fn result(round: u32, m: &[(EntryId, u32)], won: &[EntryId]) -> RoundResult {
    RoundResult {
        round,
        miles: miles(m),
        won: won.to_vec(),
        byes: Vec::new(),
    }
}

fn with_byes(mut result: RoundResult, byes: &[EntryId]) -> RoundResult {
    result.byes = byes.to_vec();
    result
}

fn withdrawn_from(mut entry: Entry, round: u32) -> Entry {
    entry.withdrawn = true;
    entry.withdrawn_from = Some(round);
    entry
}

#[test]
fn the_most_miles_in_total_wins_first_prize() {
    let s = settings(TableSize::Two);
    let rounds = [
        result(1, &[(1, 30), (2, 40), (3, 10), (4, 12)], &[2, 4]),
        result(2, &[(1, 30), (2, 5), (3, 10), (4, 12)], &[1, 4]),
    ];
    let table = standings(&s, &people(1..=4), &rounds);
    let order: Vec<(EntryId, u32, u64, Option<u32>)> = table
        .iter()
        .map(|l| (l.entry, l.place, l.total, l.prize))
        .collect();
    assert_eq!(
        order,
        vec![
            (1, 1, 60, Some(1)),
            (2, 2, 45, Some(2)),
            (4, 3, 24, Some(3)),
            (3, 4, 20, None)
        ]
    );
    assert_eq!(table[0].miles, vec![Some(30), Some(30)]);
}

#[test]
fn a_tie_for_a_place_goes_to_more_rounds_won() {
    let s = settings(TableSize::Two);
    let rounds = [
        result(1, &[(1, 20), (2, 10), (3, 30), (4, 5)], &[1, 3]),
        result(2, &[(1, 20), (2, 30), (3, 10), (4, 5)], &[1, 2]),
    ];
    let table = standings(&s, &people(1..=4), &rounds);
    assert_eq!(
        (table[0].entry, table[0].rounds_won, table[0].place),
        (1, 2, 1)
    );
    assert_eq!(table[1].place, 2);
    assert_eq!(
        table[2].place, 2,
        "2 and 3 both have 40 miles and one round won"
    );
}

#[test]
fn entries_still_tied_share_the_place() {
    let s = settings(TableSize::Two);
    let rounds = [result(1, &[(1, 50), (2, 20), (3, 20), (4, 5)], &[1, 2])];
    let mut table = standings(&s, &people(1..=4), &rounds);
    table.sort_by_key(|l| l.entry);
    let places: Vec<u32> = table.iter().map(|l| l.place).collect();
    // Entry 2 won its table with 20, entry 3 did not: 2 is ahead on rounds won.
    assert_eq!(places, vec![1, 2, 3, 4]);
    let rounds = [result(1, &[(1, 50), (2, 20), (3, 20), (4, 5)], &[1, 2, 3])];
    let places: Vec<u32> = standings(&s, &people(1..=4), &rounds)
        .iter()
        .map(|l| l.place)
        .collect();
    assert_eq!(places, vec![1, 2, 2, 4], "competition ranking");
}

#[test]
fn tied_entries_share_a_prize() {
    let mut s = settings(TableSize::Two);
    s.prizes = 2;
    let rounds = [result(1, &[(1, 50), (2, 20), (3, 20), (4, 5)], &[1])];
    let prizes: Vec<Option<u32>> = standings(&s, &people(1..=4), &rounds)
        .iter()
        .map(|l| l.prize)
        .collect();
    assert_eq!(prizes, vec![Some(1), Some(2), Some(2), None]);
}

#[test]
fn prizes_go_to_people_not_bots() {
    let s = settings(TableSize::Two);
    let entries = vec![person(1), bot(100), person(2), person(3), person(4)];
    let rounds = [result(
        1,
        &[(1, 50), (100, 45), (2, 30), (3, 20), (4, 10)],
        &[],
    )];
    let table = standings(&s, &entries, &rounds);
    let lines: Vec<(EntryId, u32, Option<u32>, bool)> = table
        .iter()
        .map(|l| (l.entry, l.place, l.prize, l.bot))
        .collect();
    assert_eq!(
        lines,
        vec![
            (1, 1, Some(1), false),
            (100, 2, None, true),
            (2, 3, Some(2), false),
            (3, 4, Some(3), false),
            (4, 5, None, false)
        ]
    );
}

#[test]
fn withdrawn_entries_are_listed_without_a_prize() {
    let s = settings(TableSize::Two);
    let entries = vec![withdrawn(person(1)), person(2), person(3)];
    let rounds = [result(1, &[(1, 50), (2, 30), (3, 20)], &[1])];
    let table = standings(&s, &entries, &rounds);
    assert_eq!(table[0].entry, 1);
    assert!(table[0].withdrawn);
    assert_eq!((table[0].place, table[0].prize), (1, None));
    assert_eq!((table[1].entry, table[1].prize), (2, Some(1)));
}

#[test]
fn the_host_sets_the_number_of_prizes() {
    let mut s = settings(TableSize::Two);
    let rounds = [result(1, &[(1, 50), (2, 30), (3, 20)], &[])];
    s.prizes = 1;
    let given: Vec<Option<u32>> = standings(&s, &people(1..=3), &rounds)
        .iter()
        .map(|l| l.prize)
        .collect();
    assert_eq!(given, vec![Some(1), None, None]);
    s.prizes = 0;
    assert!(
        standings(&s, &people(1..=3), &rounds)
            .iter()
            .all(|l| l.prize.is_none())
    );
}

#[test]
fn a_late_entry_scores_its_missed_rounds_as_the_host_chose() {
    let s = settings(TableSize::Two);
    let mut entries = people(1..=2);
    entries.push(late(person(3), 3));
    let rounds = [
        result(1, &[(1, 10), (2, 20)], &[2]),
        result(2, &[(1, 15), (2, 40)], &[2]),
        result(3, &[(1, 10), (2, 20), (3, 25)], &[2, 3]),
    ];
    // The default: each missed round scores 0, marked as missed.
    let table = standings(&s, &entries, &rounds);
    let three = table.iter().find(|l| l.entry == 3).expect("listed");
    assert_eq!(three.miles, vec![Some(0), Some(0), Some(25)]);
    assert_eq!(three.missed, vec![true, true, false]);
    assert_eq!((three.total, three.rounds_won), (25, 1));
    // The host's other choice: each missed round scores that round's average, rounded down.
    entries[2].missed_rounds = MissedRounds::RoundAverage;
    let table = standings(&s, &entries, &rounds);
    let three = table.iter().find(|l| l.entry == 3).expect("listed");
    assert_eq!(three.miles, vec![Some(15), Some(27), Some(25)]);
    assert_eq!(three.missed, vec![true, true, false]);
    assert_eq!(three.total, 67);
    // The average counts the tables only, never the byes of that round.
    let rounds = [with_byes(
        result(1, &[(1, 10), (2, 21), (4, 0)], &[2]),
        &[4],
    )];
    let mut entries = people(1..=2);
    entries.push(person(4));
    entries.push(late(person(3), 2));
    entries[3].missed_rounds = MissedRounds::RoundAverage;
    let table = standings(&s, &entries, &rounds);
    let three = table.iter().find(|l| l.entry == 3).expect("listed");
    assert_eq!(three.miles, vec![Some(15)]);
    // Bots brought in to fill a seat are not late guests: no score before they came.
    let mut entries = people(1..=2);
    entries.push(late(bot(100), 2));
    let table = standings(&s, &entries, &[result(1, &[(1, 10), (2, 20)], &[2])]);
    let bot_line = table.iter().find(|l| l.entry == 100).expect("listed");
    assert_eq!(
        (bot_line.miles.clone(), bot_line.missed.clone()),
        (vec![None], vec![false])
    );
    // The API and the console's form name the choice; anything else is refused, saying what to send.
    assert_eq!(
        MissedRounds::parse("round_average"),
        Ok(MissedRounds::RoundAverage)
    );
    assert_eq!(MissedRounds::parse("zero"), Ok(MissedRounds::Zero));
    let refused =
        touring::i18n::Lang::ENGLISH.say(&MissedRounds::parse("half").expect_err("not a choice"));
    assert!(
        refused.contains("\"zero\"") && refused.contains("\"round_average\""),
        "{refused}"
    );
}

#[test]
fn an_entry_withdrawn_before_playing_is_not_ranked_and_gets_no_byes_average() {
    // Entry 5 sat out round 1 on a bye and withdrew: the bye's average (25) would place it
    // above players. It is listed apart as withdrawn, without a place, miles or prize.
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    let mut entries = people(1..=4);
    entries.push(withdrawn_from(person(5), 2));
    let rounds = [
        with_byes(
            result(1, &[(1, 40), (2, 10), (3, 30), (4, 20), (5, 25)], &[1, 3]),
            &[5],
        ),
        result(2, &[(1, 10), (2, 20), (3, 5), (4, 40)], &[2, 4]),
    ];
    let table = standings(&s, &entries, &rounds);
    let last = table.last().expect("lines");
    assert_eq!(last.entry, 5, "listed apart, after everyone");
    assert!(!last.ranked && last.withdrawn);
    assert_eq!((last.place, last.prize, last.total), (0, None, 0));
    assert_eq!(last.miles, vec![None, None]);
    assert!(table[..4].iter().all(|l| l.ranked && l.place >= 1));
    // Withdrawn with no round known, and only byes: not ranked either.
    let mut entries = people(1..=4);
    entries.push(withdrawn(person(5)));
    let table = standings(&s, &entries, &rounds);
    assert!(!table.iter().find(|l| l.entry == 5).expect("listed").ranked);
}

#[test]
fn a_withdrawn_entry_keeps_what_it_scored_before_and_scores_nothing_after() {
    let s = with_remainder(TableSize::Two, Remainder::Byes);
    // Entry 3 won round 1 at its table and withdrew before round 2, where it is still on the
    // bye queue (the bye's average, 20, was recorded at the close) and round 3 too.
    let mut entries = people(1..=2);
    entries.push(withdrawn_from(person(3), 2));
    let rounds = [
        result(1, &[(1, 10), (3, 20)], &[3]),
        with_byes(result(2, &[(1, 30), (2, 10), (3, 20)], &[1]), &[3]),
        with_byes(result(3, &[(1, 30), (2, 12), (3, 21)], &[1]), &[3]),
    ];
    let table = standings(&s, &entries, &rounds);
    let three = table.iter().find(|l| l.entry == 3).expect("listed");
    assert!(three.ranked && three.withdrawn);
    assert_eq!(three.miles, vec![Some(20), None, None]);
    assert_eq!((three.total, three.rounds_won, three.prize), (20, 1, None));
    assert_eq!(three.place, 3, "placed by what it scored before");
}

#[test]
fn a_cut_for_it_moves_on_but_is_not_a_round_won() {
    let s = settings(TableSize::Two);
    let round = seating(&[&[1, 2], &[3, 4]], &[]);
    let m = miles(&[(1, 0), (2, 0), (3, 12), (4, 12)]);
    let closing = close_round(&s, 1, &round, &m, &no_choices()).expect("closed");
    assert!(matches!(
        closing.tables[0].decision,
        MoverDecision::Cut { .. }
    ));
    assert_eq!(closing.movers().len(), 2, "both cuts move someone on");
    assert!(closing.winners().is_empty(), "neither cut is a round won");
    let chosen = close_round(&s, 1, &round, &m, &BTreeMap::from([(2, 4)])).expect("closed");
    assert_eq!(chosen.tables[1].mover, 4);
    assert!(
        chosen.winners().is_empty(),
        "nor is the host's choice among the tied"
    );
    let table = standings(&s, &people(1..=4), &[RoundResult::from(&closing)]);
    assert!(table.iter().all(|l| l.rounds_won == 0));
}

#[test]
fn standings_come_from_the_closings() {
    let s = settings(TableSize::Two);
    let m = miles(&[(1, 30), (2, 10), (3, 5), (4, 20), (5, 0), (6, 7)]);
    let closing = close_round(&s, 1, &three_tables(), &m, &no_choices()).expect("closed");
    let result = RoundResult::from(&closing);
    assert_eq!(result.won, vec![1, 4, 6]);
    let table = standings(&s, &people(1..=6), &[result]);
    assert_eq!(table.iter().map(|l| l.rounds_won).sum::<u32>(), 3);
}

// ---------------------------------------------------------------- the round clock

fn timed(seconds: u32) -> RoundClock {
    let mut s = settings(TableSize::Two);
    s.round = RoundKind::Timed { seconds };
    RoundClock::new(&s)
}

#[test]
fn a_round_not_started_shows_its_full_length() {
    let clock = timed(600);
    let r = clock.read(at(0), None);
    assert_eq!(r.state, ClockState::NotStarted);
    assert_eq!(r.left_ms, Some(600_000));
    assert!(!r.in_time);
}

#[test]
fn a_running_round_counts_down_to_its_signal() {
    let mut clock = timed(600);
    clock.start(at(0)).expect("start");
    let r = clock.read(at(100), None);
    assert_eq!(r.state, ClockState::Running);
    assert_eq!(r.left_ms, Some(500_000));
    assert_eq!(r.planned_end, Some(at(600)));
    assert_eq!(r.played_ms, 100_000);
    assert!(r.in_time);
    assert!(matches!(
        clock.start(at(5)),
        Err(ClockError::AlreadyStarted { .. })
    ));
}

#[test]
fn a_round_is_over_at_the_signal_and_later_moves_are_late() {
    let mut clock = timed(90);
    clock.start(at(0)).expect("start");
    assert!(clock.in_time(at(89), None));
    let r = clock.read(at(90), None);
    assert_eq!(r.state, ClockState::Over);
    assert_eq!(r.left_ms, Some(0));
    assert_eq!(r.played_ms, 90_000);
    assert!(!clock.in_time(at(95), None));
}

#[test]
fn a_pause_stops_the_clock_and_moves_the_end() {
    let mut clock = timed(600);
    clock.start(at(0)).expect("start");
    clock.pause(at(100), None).expect("pause");
    let r = clock.read(at(160), None);
    assert_eq!(r.state, ClockState::Paused);
    assert_eq!(
        r.left_ms,
        Some(500_000),
        "the time left is kept while paused"
    );
    assert!(!r.in_time, "no moves while paused");
    assert!(matches!(
        clock.pause(at(170), None),
        Err(ClockError::Cannot { .. })
    ));
    clock.resume(at(200), None).expect("resume");
    let r = clock.read(at(200), None);
    assert_eq!(r.planned_end, Some(at(700)));
    assert_eq!(r.played_ms, 100_000);
    assert!(matches!(
        clock.resume(at(210), None),
        Err(ClockError::Cannot { .. })
    ));
}

#[test]
fn an_extension_adds_time() {
    let mut clock = timed(600);
    clock.start(at(0)).expect("start");
    clock.extend(120, at(500), None).expect("extend");
    assert_eq!(clock.read(at(500), None).planned_end, Some(at(720)));
    assert!(matches!(
        clock.extend(0, at(500), None),
        Err(ClockError::Extension { seconds: 0 })
    ));
    assert!(matches!(
        clock.extend(60, at(800), None),
        Err(ClockError::Cannot { .. })
    ));
}

#[test]
fn the_host_can_stop_a_round_early() {
    let mut clock = timed(600);
    clock.start(at(0)).expect("start");
    clock.stop(at(300), None).expect("stop");
    let r = clock.read(at(301), None);
    assert_eq!(r.state, ClockState::Over);
    assert_eq!(r.played_ms, 300_000);
    assert!(!clock.in_time(at(300), None));
}

#[test]
fn a_round_by_games_runs_until_every_table_is_done() {
    let mut s = settings(TableSize::Two);
    s.round = RoundKind::Games { games: 1 };
    let mut clock = RoundClock::new(&s);
    assert_eq!(clock.read(at(0), None).left_ms, None);
    clock.start(at(0)).expect("start");
    let r = clock.read(at(100_000), None);
    assert_eq!(
        (r.state, r.left_ms, r.planned_end),
        (ClockState::Running, None, None)
    );
    assert_eq!(clock.extend(60, at(10), None), Err(ClockError::NoLength));
    clock.stop(at(100_001), None).expect("every table done");
    assert_eq!(clock.read(at(100_002), None).state, ClockState::Over);
}

#[test]
fn no_round_starts_after_the_time_limit() {
    let mut s = settings(TableSize::Two);
    s.length = EventLength::TimeLimit { seconds: 3600 };
    assert!(has_deadline(&s));
    assert_eq!(event_deadline(&s, None), None);
    assert!(may_start_round(&s, 0, None, at(0)).is_ok());
    assert_eq!(event_deadline(&s, Some(at(0))), Some(at(3600)));
    assert!(may_start_round(&s, 5, Some(at(0)), at(3599)).is_ok());
    let error = may_start_round(&s, 6, Some(at(0)), at(3600)).expect_err("limit");
    assert_eq!(error, LimitReached::Time { deadline: at(3600) });
    assert!(
        error.to_string().contains("no round starts after it"),
        "{error}"
    );
}

#[test]
fn a_round_running_at_the_limit_stops_there() {
    let mut clock = timed(600);
    clock.start(at(3300)).expect("start");
    let deadline = Some(at(3600));
    let r = clock.read(at(3400), deadline);
    assert_eq!(r.planned_end, Some(at(3600)));
    assert!(r.ends_at_limit);
    assert_eq!(r.left_ms, Some(200_000));
    assert_eq!(clock.read(at(3600), deadline).state, ClockState::Over);
    // A pause does not hold back the limit: the evening ends on the wall clock.
    clock.pause(at(3500), deadline).expect("pause");
    assert_eq!(clock.read(at(3600), deadline).state, ClockState::Over);
}

#[test]
fn a_fixed_number_of_rounds_ends_the_event() {
    let mut s = settings(TableSize::Two);
    s.length = EventLength::Rounds { rounds: 4 };
    assert!(!has_deadline(&s));
    assert_eq!(event_deadline(&s, Some(at(0))), None);
    assert!(may_start_round(&s, 3, Some(at(0)), at(99_999)).is_ok());
    assert_eq!(
        may_start_round(&s, 4, Some(at(0)), at(100)),
        Err(LimitReached::Rounds { rounds: 4 })
    );
}

#[test]
fn the_last_minute_is_signalled() {
    let mut clock = timed(600);
    clock.start(at(0)).expect("start");
    assert!(!clock.read(at(539), None).last_minute);
    assert!(clock.read(at(540), None).last_minute);
    assert!(
        !clock.read(at(600), None).last_minute,
        "over is not the last minute"
    );
}

#[test]
fn the_clock_cannot_go_backwards() {
    let mut clock = timed(600);
    clock.start(at(100)).expect("start");
    assert!(matches!(
        clock.pause(at(50), None),
        Err(ClockError::Backwards { .. })
    ));
}

// ---------------------------------------------------------------- seeds

#[test]
fn every_tables_game_has_its_own_seed_from_the_event() {
    let seed = game_seed(42, 1, 1, 0);
    assert_eq!(seed, game_seed(42, 1, 1, 0));
    let others = [
        game_seed(43, 1, 1, 0),
        game_seed(42, 2, 1, 0),
        game_seed(42, 1, 2, 0),
        game_seed(42, 1, 1, 1),
    ];
    assert!(others.iter().all(|&o| o != seed));
}

#[test]
fn counts_are_said_with_their_noun_in_the_singular_or_the_plural() {
    assert_eq!(counted(1, "round", "rounds"), "1 round");
    assert_eq!(counted(2, "round", "rounds"), "2 rounds");
    assert_eq!(counted(0, "round", "rounds"), "0 rounds");
    let one = LimitReached::Rounds { rounds: 1 }.to_string();
    assert!(one.starts_with("the only round has been played"), "{one}");
    let four = LimitReached::Rounds { rounds: 4 }.to_string();
    assert!(four.starts_with("all 4 rounds have been played"), "{four}");
}

#[test]
fn plurals_seating_refusals_say_1_entry_and_1_bot_entry() {
    let one = SeatingError::TooFew { entries: 1 }.to_string();
    assert!(one.starts_with("1 entry cannot be seated"), "{one}");
    let none = SeatingError::TooFew { entries: 0 }.to_string();
    assert!(none.starts_with("0 entries cannot be seated"), "{none}");
    let bot = SeatingError::BotsNeeded { count: 1 }.to_string();
    assert!(
        bot.starts_with("1 seat needs a bot: create 1 bot entry and"),
        "{bot}"
    );
    let bots = SeatingError::BotsNeeded { count: 2 }.to_string();
    assert!(
        bots.starts_with("2 seats need a bot: create 2 bot entries and"),
        "{bots}"
    );
}

#[test]
fn a_guest_list_reads_one_entry_per_line_and_skips_blank_ones() {
    let guests = guest_list("Ann\n\n  Bob \r\n", false).expect("a good list");
    assert_eq!(
        guests,
        vec![
            (1, Members::player("Ann").expect("name")),
            (3, Members::player("Bob").expect("name")),
        ]
    );
}

#[test]
fn a_guest_list_of_partnerships_reads_ann_and_bob_as_one_entry() {
    let guests = guest_list("Ann & Bob\nCy&Di", true).expect("a good list");
    assert_eq!(guests.len(), 2);
    assert_eq!(guests[1].1, Members::partners("Cy", "Di").expect("names"));
}

/// Refusals in English, as the tests read them.
fn english(problems: Vec<touring::i18n::Said>) -> Vec<String> {
    problems
        .iter()
        .map(|said| touring::i18n::Lang::ENGLISH.say(said))
        .collect()
}

#[test]
fn a_guest_list_names_every_wrong_line() {
    let problems =
        english(guest_list("Ann\nBob & Cy\nann\n\u{202e}Di\n", false).expect_err("refused"));
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems[0].starts_with("line 2 "), "{problems:?}");
    assert!(
        problems[1].starts_with("line 3: \"ann\" is already on line 1"),
        "{problems:?}"
    );
    assert!(problems[2].starts_with("line 4: "), "{problems:?}");
    let problems = english(guest_list("Ann\nBob & Cy", true).expect_err("refused"));
    assert!(
        problems[0].contains("line 1") && problems[0].contains("\"Ann & Bob\""),
        "{problems:?}"
    );
}

#[test]
fn a_guest_list_is_neither_empty_nor_longer_than_the_limit() {
    assert!(guest_list(" \n\n", false).is_err());
    let long: String = (0..=MAX_GUEST_LINES)
        .map(|n| format!("Guest {n}\n"))
        .collect();
    let problems = english(guest_list(&long, false).expect_err("too long"));
    assert!(problems[0].contains("at most"), "{problems:?}");
}

#[test]
fn an_old_card_of_one_hand_reads_as_a_card_of_one_hand() {
    let old: PaperHands = serde_json::from_str(r#"{"mile1": 8, "mile3": 4}"#).expect("old card");
    assert_eq!(old.0.len(), 1);
    assert_eq!(old.0[0].count("mile3"), 4);
    let new: PaperHands =
        serde_json::from_str(r#"[{"mile1": 8}, {"mile1": 2}]"#).expect("a card of two hands");
    assert_eq!(new.0.len(), 2);
    assert_eq!(
        serde_json::to_string(&new).expect("stored"),
        r#"[{"mile1":8},{"mile1":2}]"#,
        "stored as a list"
    );
}

#[test]
fn a_paper_round_scores_the_sum_of_its_hands_each_checked_on_its_own() {
    let config = settings(TableSize::Two).table_config(2).expect("config");
    let first = PaperHands(vec![piles(8, 4, 2, 2), piles(3, 1, 1, 0)]);
    let second = PaperHands(vec![piles(3, 1, 1, 0), piles(8, 4, 2, 2)]);
    let one = paper_scores(config, &[piles(8, 4, 2, 2), piles(3, 1, 1, 0)]).expect("valid");
    let both = paper_round_scores(config, &[first, second]).expect("each hand holds up");
    assert_eq!(both, vec![one[0] + one[1], one[0] + one[1]]);
    // Both sides complete the trip in hand 2: refused, naming the hand.
    let errors = paper_round_scores(
        config,
        &[
            PaperHands(vec![piles(3, 1, 1, 0), piles(8, 4, 2, 2)]),
            PaperHands(vec![piles(8, 4, 2, 2), piles(8, 4, 2, 2)]),
        ],
    )
    .expect_err("two trips in hand 2");
    assert_eq!(errors.0.len(), 1, "{errors}");
    assert_eq!(errors.0[0].hand(), Some(2));
    assert!(errors.to_string().starts_with("hand 2: "), "{errors}");
}

#[test]
fn sides_with_different_numbers_of_hands_are_refused() {
    let config = settings(TableSize::Two).table_config(2).expect("config");
    let errors = paper_round_scores(
        config,
        &[
            PaperHands(vec![piles(3, 1, 1, 0), piles(3, 1, 1, 0)]),
            PaperHands(vec![piles(3, 1, 1, 0)]),
        ],
    )
    .expect_err("2 hands against 1");
    assert_eq!(errors.0, vec![PaperProblem::Hands { hands: vec![2, 1] }]);
}
