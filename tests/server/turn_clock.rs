//! The turn clock (issue 32, item 7): a seat whose turn runs out is played by the table's steady
//! bot, labelled so on the boards and in the replay; the host can hand a seat to a bot and take
//! it back. Run on an app with a clock the tests move forward, so no test waits for a turn.

use std::sync::Arc;

use chrono::{Duration, Utc};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use touring::app::bot_moves;
use touring::app::bot_moves::StandInTurn;
use touring::app::play;
use touring::app::replay::{self, DealRef};
use touring::app::rounds::{self, SeatRequest, Signal};
use touring::app::seat;
use touring::app::turn_clock::{self, StandIn};
use touring::app::{App, AppError, ManualClock, events, simulate};
use touring::bots::Budget;
use touring::db::{Database, queries};
use touring::engine::RulesId;
use touring::tournament::{
    DEFAULT_TURN_SECS, EventLength, Members, RoundKind, Settings, TableSize,
};

/// An app on a database file, and its clock.
fn app_on(path: &std::path::Path) -> (App, Arc<ManualClock>) {
    let pool = touring::db::open(&Database::Sqlite(path.to_owned()), 2).expect("open");
    let clock = Arc::new(ManualClock::new(Utc::now()));
    (App::new(pool, clock.clone()), clock)
}

/// An event of one long timed round at one digital table of two, round 1 running, with the
/// turn clock `turn_seconds`. Answers the event.
fn playing(app: &App, rules: RulesId, turn_seconds: Option<u32>) -> events::EventRecord {
    let mut settings = Settings::new("Turn clock", 1926);
    settings.rules = rules;
    settings.table_size = TableSize::Two;
    settings.round = RoundKind::Timed { seconds: 3600 };
    settings.length = EventLength::Rounds { rounds: 1 };
    settings.turn_seconds = turn_seconds;
    app.write(|conn| {
        let now = app.now_naive();
        let (event, _) = events::create(conn, settings.clone(), now)?;
        for name in ["Ann", "Bob"] {
            let members = Members::player(name).map_err(|e| AppError::invalid(e.said()))?;
            events::add_entry_in(conn, &event, members, None, now)?;
        }
        rounds::seat_first(conn, &event, &SeatRequest::default(), now)?;
        rounds::signal_in(conn, &event, 1, Signal::Start, app.now())?;
        events::load(conn, event.id())
    })
    .expect("an event with round 1 running")
}

/// The turns the server would play for their seats now.
fn stand_ins(app: &App) -> Vec<StandInTurn> {
    app.read(|conn| bot_moves::waiting(conn, app.now()))
        .expect("waiting turns")
        .stand_ins
}

/// The only table of round 1 and its current deal.
fn the_deal(app: &App, event: &events::EventRecord) -> play::LoadedDeal {
    app.read(|conn| {
        let round = queries::round(conn, event.id(), 1)?.ok_or(AppError::NotFound(
            touring::i18n::Said::new("refused-not-found"),
        ))?;
        let table = queries::tables_of_round(conn, round.id)?.remove(0);
        Ok(play::current_deal(conn, table.id)?.expect("a deal"))
    })
    .expect("the deal")
}

/// Lets the seat to move sit out its turn and checks that the steady bot plays it, stored as
/// played by the turn clock.
fn a_stalled_turn_is_played_by_the_steady_bot(rules: RulesId) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (app, clock) = app_on(&dir.path().join("clock.sqlite"));
    let event = playing(&app, rules, Some(DEFAULT_TURN_SECS));
    let before = the_deal(&app, &event);
    let mover = before.seats.players[usize::from(before.game.to_move())];

    clock.advance(Duration::seconds(i64::from(DEFAULT_TURN_SECS) - 1));
    assert!(
        stand_ins(&app).is_empty(),
        "{rules:?}: a turn with time left is the seat's own"
    );
    clock.advance(Duration::seconds(2));
    let due = stand_ins(&app);
    assert_eq!(due.len(), 1, "{rules:?}: the stalled turn is due");
    assert_eq!(due[0].by, StandIn::Clock);
    assert_eq!(due[0].turn.player, mover, "{rules:?}: the seat on turn");

    let played =
        bot_moves::take_stand_in_turn(&app, &due[0], Budget::Playouts(10)).expect("played");
    assert!(played.is_some(), "{rules:?}: the bot moved for the seat");
    let after = the_deal(&app, &event);
    assert_eq!(after.actions, before.actions + 1, "{rules:?}: one move");
    assert_eq!(
        after.stand_ins.len(),
        1,
        "{rules:?}: one move played for a seat"
    );
    assert_eq!(after.stand_ins[0].by, StandIn::Clock);
    let stored = app
        .read(|conn| Ok(queries::actions_of_game(conn, after.row.id)?))
        .expect("actions");
    assert_eq!(stored[0].played_by.as_deref(), Some("clock"));
    // The next seat's turn starts now: nothing is due until its time runs out.
    assert!(
        stand_ins(&app).is_empty(),
        "{rules:?}: the next turn has its own time"
    );
}

#[test]
fn a_seat_whose_turn_runs_out_is_played_by_the_steady_bot() {
    a_stalled_turn_is_played_by_the_steady_bot(RulesId::Touring1926);
}

#[test]
fn a_seat_whose_turn_runs_out_is_played_by_the_steady_bot_in_touring_1958() {
    a_stalled_turn_is_played_by_the_steady_bot(RulesId::Touring1958);
}

#[test]
fn a_seat_whose_turn_runs_out_is_played_by_the_steady_bot_in_mille_bornes() {
    a_stalled_turn_is_played_by_the_steady_bot(RulesId::MilleBornes);
}

#[test]
fn the_turn_clock_is_off_unless_the_host_sets_it_or_the_rounds_are_timed() {
    assert_eq!(
        Settings::new("Timed", 1).turn_seconds,
        Some(DEFAULT_TURN_SECS),
        "on by default for timed rounds"
    );
    assert_eq!(
        Settings::default_turn_seconds(RoundKind::Games { games: 1 }),
        None,
        "off by default for rounds by games"
    );
    // Off: a stalled seat is never played for.
    let dir = tempfile::tempdir().expect("temporary directory");
    let (app, clock) = app_on(&dir.path().join("off.sqlite"));
    let event = playing(&app, RulesId::Touring1926, None);
    clock.advance(Duration::minutes(20));
    assert!(stand_ins(&app).is_empty());
    assert_eq!(the_deal(&app, &event).actions, 0, "nobody moved");
    // An event stored before the turn clock existed has none.
    let old: Settings = serde_json::from_value(serde_json::json!({
        "name": "Old", "rules": "touring-1926", "table_size": 2,
        "round": {"kind": "timed", "seconds": 600}, "length": {"kind": "rounds", "rounds": 4},
        "after_race": "deal_again", "prizes": 3, "seed": 1, "remainder": "mixed_tables",
        "bye_score": "round_average"
    }))
    .expect("old settings");
    assert_eq!(old.turn_seconds, None);
}

#[test]
fn turn_seconds_out_of_range_is_refused_with_words() {
    for seconds in [0, 29, 121, 3600] {
        let mut settings = Settings::new("Too short", 1);
        settings.turn_seconds = Some(seconds);
        let problems = settings.checked().expect_err("refused").to_string();
        assert!(
            problems.contains("from 30 to 120 seconds") && problems.contains(&seconds.to_string()),
            "{seconds}: {problems}"
        );
    }
    for seconds in [30, 60, 120] {
        let mut settings = Settings::new("Fine", 1);
        settings.turn_seconds = Some(seconds);
        assert!(settings.checked().is_ok(), "{seconds} s a turn is allowed");
    }
}

#[test]
fn the_host_hands_a_seat_to_a_bot_and_takes_it_back() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (app, clock) = app_on(&dir.path().join("hand.sqlite"));
    let event = playing(&app, RulesId::Touring1926, None);
    let deal = the_deal(&app, &event);
    let mover = deal.seats.players[usize::from(deal.game.to_move())];
    let hand = |to_bot: bool| {
        app.write(|conn| {
            let event = events::load(conn, event.id())?;
            turn_clock::hand_seat_in(conn, &event, mover, to_bot)
        })
        .expect("handed")
    };

    let name = hand(true);
    assert!(name == "Ann" || name == "Bob", "the seat's player: {name}");
    let due = stand_ins(&app);
    assert_eq!(
        due.len(),
        1,
        "a handed seat is played at once (at a bot's pace)"
    );
    assert_eq!(due[0].by, StandIn::Bot);
    assert!(
        bot_moves::take_stand_in_turn(&app, &due[0], Budget::Playouts(10))
            .expect("played")
            .is_some()
    );
    let after = the_deal(&app, &event);
    assert_eq!(after.stand_ins.len(), 1);
    assert_eq!(after.stand_ins[0].by, StandIn::Bot);

    // Back with its player: the bot plays none of its turns, however long they take (the
    // turn clock is off here).
    hand(false);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..10 {
        let deal = the_deal(&app, &event);
        if deal.seats.players[usize::from(deal.game.to_move())] == mover {
            break;
        }
        simulate::play_round(&app, &event, 1, 1, &mut rng).expect("a move");
    }
    clock.advance(Duration::minutes(5));
    assert!(stand_ins(&app).is_empty(), "the seat is its player's again");
}

#[test]
fn a_clock_move_is_labelled_on_the_boards_and_in_the_replay() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (app, clock) = app_on(&dir.path().join("label.sqlite"));
    let event = playing(&app, RulesId::Touring1926, Some(30));
    clock.advance(Duration::seconds(31));
    let due = stand_ins(&app);
    assert_eq!(due.len(), 1);
    bot_moves::take_stand_in_turn(&app, &due[0], Budget::Playouts(10)).expect("played");

    // Every seat's board says so.
    for player in the_deal(&app, &event).seats.players {
        let state = app
            .read(|conn| {
                let holder = seat::holder_by_player(conn, player)?;
                seat::state_of(conn, &holder, app.now())
            })
            .expect("the seat's state");
        let deal = state.deal.as_ref().expect("a deal");
        assert_eq!(deal.stand_ins.len(), 1);
        let board = touring::web::boards::render(&touring::web::boards::Context {
            lang: touring::i18n::Lang::ENGLISH,
            deal,
            tablemates: &state.tablemates,
            csrf: "",
            post_move: "",
            memo: None,
            sent: None,
        })
        .expect("a board");
        assert!(
            board.contains("played by the turn clock"),
            "player {player}'s board does not say so:\n{board}"
        );
    }

    // Play the deal out; its replay says which step the clock played.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut done = false;
    // Random play can wander for thousands of moves: a hundred moves per write, up to 100,000.
    for _ in 0..1000 {
        done = app
            .read(|conn| {
                let round = queries::round(conn, event.id(), 1)?.ok_or(AppError::NotFound(
                    touring::i18n::Said::new("refused-not-found"),
                ))?;
                let table = queries::tables_of_round(conn, round.id)?.remove(0);
                Ok(queries::games_of_table(conn, table.id)?.len() > 1)
            })
            .expect("the deals");
        if done {
            break;
        }
        simulate::play_round(&app, &event, 1, 100, &mut rng).expect("moves");
    }
    assert!(done, "the first deal did not end in 100,000 random moves");
    let at = DealRef {
        round: 1,
        table: 1,
        deal: 1,
    };
    let step = app
        .read(|conn| {
            let event = events::load(conn, event.id())?;
            replay::replay_in(conn, &event, at, 1)
        })
        .expect("step 1");
    assert_eq!(step.played_by, Some(StandIn::Clock));
    assert!(
        step.seats
            .iter()
            .all(|s| s.deal.stand_ins.len() == 1 && s.deal.stand_ins[0].action == 0)
    );
    let later = app
        .read(|conn| {
            let event = events::load(conn, event.id())?;
            replay::replay_in(conn, &event, at, 3)
        })
        .expect("step 3");
    assert_eq!(
        later.played_by, None,
        "the seats' own moves are not labelled"
    );
}
