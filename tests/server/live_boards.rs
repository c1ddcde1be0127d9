//! What makes a move cheap to show, checked against the slow way: a seat's live stream draws a
//! move at its table from the deal alone, and that board is the one a full read gives; a deal
//! read again from the replays kept in memory is the deal replayed from its first action, and
//! a write that rolls back leaves nothing of itself in memory.

use crate::common;

use common::app::{app_on, playing};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use touring::app::deals::DealAt;
use touring::app::play::{self, Move};
use touring::app::rounds;
use touring::app::seat;
use touring::app::{App, AppError, events, simulate};
use touring::db::queries;
use touring::engine::RulesId;
use touring::tournament::TableSize;

/// Round 1's row.
fn round_one(
    conn: &mut touring::db::Conn,
    event: &events::EventRecord,
) -> Result<touring::db::models::Round, AppError> {
    queries::round(conn, event.id(), 1)?.ok_or(AppError::NotFound(touring::i18n::Said::new(
        "refused-not-found",
    )))
}

/// The first table of round 1.
fn first_table(app: &App, event: &events::EventRecord) -> touring::db::models::RoundTable {
    app.read(|conn| {
        let round = round_one(conn, event)?;
        Ok(queries::tables_of_round(conn, round.id)?.remove(0))
    })
    .expect("the table")
}

#[test]
fn a_seats_board_drawn_from_the_deal_alone_is_the_board_read_whole() {
    for (rules, size) in [
        (RulesId::Touring1926, TableSize::Three),
        (RulesId::Touring1958, TableSize::Four),
        (RulesId::MilleBornes, TableSize::Two),
    ] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let app = app_on(&dir.path().join("live.sqlite"));
        let (event, keys) = playing(&app, rules, size);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut kept: Vec<_> = keys
            .iter()
            .map(|key| seat::kept_board(&app, key).expect("a board"))
            .collect();
        let (mut drawn, mut whole_again) = (0, 0);
        // Until a deal was won and the next one goes on.
        for _ in 0..4000 {
            if whole_again >= keys.len() && drawn > 200 {
                break;
            }
            simulate::play_round(&app, &event, 1, 1, &mut rng).expect("a move");
            for (key, board) in keys.iter().zip(kept.iter_mut()) {
                let whole = seat::kept_board(&app, key).expect("a board");
                // As a move's notice says where the deal stands: drawn without reading.
                let at = whole.board.table.map(|table| {
                    let deal = app
                        .read(|conn| play::current_deal(conn, table))
                        .expect("the deal")
                        .expect("a deal");
                    DealAt::of(&deal)
                });
                let mut told = board.clone();
                if seat::board_after_moves(&app, &mut told, at).expect("a redraw") {
                    assert_eq!(
                        serde_json::to_value(&told.board.state).expect("JSON"),
                        serde_json::to_value(&whole.board.state).expect("JSON"),
                        "{rules:?}: the board drawn from the notice differs from the board read whole"
                    );
                }
                if seat::board_after_moves(&app, board, None).expect("a redraw") {
                    drawn += 1;
                    assert_eq!(
                        serde_json::to_value(&board.board.state).expect("JSON"),
                        serde_json::to_value(&whole.board.state).expect("JSON"),
                        "{rules:?}: the board drawn from the deal differs from the board read whole"
                    );
                } else {
                    whole_again += 1;
                    *board = whole;
                }
            }
        }
        assert!(
            drawn > 200,
            "{rules:?}: only {drawn} boards drawn from the deal"
        );
        assert!(
            whole_again >= keys.len(),
            "{rules:?}: a new deal must be read whole ({whole_again} times)"
        );
    }
}

#[test]
fn a_deal_read_again_is_the_deal_replayed_from_its_first_action() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("deals.sqlite");
    let app = app_on(&path);
    let (event, _) = playing(&app, RulesId::MilleBornes, TableSize::Three);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let table = first_table(&app, &event);
    for _ in 0..60 {
        simulate::play_round(&app, &event, 1, 3, &mut rng).expect("moves");
        // This app keeps replays; a second app over the same file starts with none.
        let kept = app
            .read(|conn| play::current_deal(conn, table.id))
            .expect("the deal")
            .expect("a deal");
        let fresh = app_on(&path)
            .read(|conn| play::current_deal(conn, table.id))
            .expect("the deal")
            .expect("a deal");
        assert_eq!(kept.actions, fresh.actions);
        assert_eq!(format!("{:?}", kept.game), format!("{:?}", fresh.game));
        assert_eq!(kept.last_at, fresh.last_at);
        assert_eq!(
            serde_json::to_value(kept.game.view(None)).expect("JSON"),
            serde_json::to_value(fresh.game.view(None)).expect("JSON")
        );
        assert_eq!(
            format!("{:?}", kept.events),
            format!("{:?}", fresh.events),
            "the recent events"
        );
    }
    assert!(!app.deals().is_empty(), "the app keeps the deals it read");
}

#[test]
fn a_write_that_rolls_back_leaves_no_move_in_memory() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_on(&dir.path().join("rollback.sqlite"));
    let (event, _) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let table = first_table(&app, &event);
    let round = app
        .read(|conn| rounds::load(conn, &event, 1))
        .expect("round 1");
    let before = app
        .read(|conn| play::current_deal(conn, table.id))
        .expect("the deal")
        .expect("a deal");
    let refused = app.write(|conn| {
        let deal = play::current_deal(conn, table.id)?.ok_or(AppError::NotFound(
            touring::i18n::Said::new("refused-not-found"),
        ))?;
        let seat = deal.game.to_move();
        let seen = deal.actions;
        let action = deal.game.legal()[0];
        play::apply_move(
            conn,
            (&event, &round.row, &table),
            deal,
            Move { seat, seen, action },
            app.now_naive(),
        )?;
        Err::<(), _>(AppError::Invalid(touring::i18n::Said::new("refused-ours")))
    });
    assert!(refused.is_err());
    let after = app
        .read(|conn| play::current_deal(conn, table.id))
        .expect("the deal")
        .expect("a deal");
    assert_eq!(
        after.actions, before.actions,
        "the rolled-back move is not shown"
    );
    assert_eq!(format!("{:?}", after.game), format!("{:?}", before.game));
}

#[test]
fn the_actions_counted_for_the_deals_in_play_are_the_actions_stored() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_on(&dir.path().join("counts.sqlite"));
    let (event, _) = playing(&app, RulesId::Touring1926, TableSize::Three);
    let round = app.read(|conn| round_one(conn, &event)).expect("round 1");
    let counts = |app: &App| {
        app.read(|conn| {
            let games = queries::games_of_round(conn, round.id)?;
            let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
            let mut stored = Vec::new();
            for &game in &ids {
                let n = queries::actions_of_game_from(conn, game, 0)?.len() as i64;
                if n > 0 {
                    stored.push((game, n));
                }
            }
            let mut counted = queries::action_counts(conn, &ids)?;
            stored.sort_unstable();
            counted.sort_unstable();
            Ok((ids, stored, counted))
        })
        .expect("the counts")
    };
    // Before any move: the deal is there, with nothing to count.
    let (ids, stored, counted) = counts(&app);
    assert!(!ids.is_empty(), "round 1 has a deal");
    assert_eq!(stored, Vec::<(i64, i64)>::new());
    assert_eq!(counted, stored, "a deal with no action is left out");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for moves in 1..=120 {
        simulate::play_round(&app, &event, 1, 1, &mut rng).expect("a move");
        if moves % 17 == 0 || moves == 120 {
            let (_, stored, counted) = counts(&app);
            assert!(!stored.is_empty());
            assert_eq!(counted, stored, "after {moves} moves");
        }
    }
}

/// An event's settings are parsed once per stored text and then copied (every move reads its
/// event): a change is read at once, and two databases whose events have the same id each read
/// their own.
#[test]
fn an_events_settings_read_are_the_settings_stored_now() {
    use touring::app::HostKey;
    use touring::tournament::Settings;
    let dir = tempfile::tempdir().expect("temporary directory");
    let (one, two) = (
        app_on(&dir.path().join("one.sqlite")),
        app_on(&dir.path().join("two.sqlite")),
    );
    let mut other = Settings::new("Second", 2);
    other.rules = RulesId::MilleBornes;
    let (first, token) = events::create_event(&one, Settings::new("First", 1)).expect("an event");
    let (second, _) = events::create_event(&two, other).expect("an event");
    assert_eq!(first.id(), second.id(), "the same id in both databases");
    let read = |app: &App, id: i64| {
        app.read(|conn| events::load(conn, id))
            .expect("the event")
            .settings
    };
    for _ in 0..2 {
        assert_eq!(read(&one, first.id()).name, "First");
        assert_eq!(read(&one, first.id()).rules, RulesId::Touring1926);
        assert_eq!(read(&two, second.id()).name, "Second");
        assert_eq!(read(&two, second.id()).rules, RulesId::MilleBornes);
    }
    events::update_event(&one, &HostKey::token(first.id(), token), |mut settings| {
        settings.name = "First, renamed".to_owned();
        settings.rules = RulesId::Touring1958;
        Ok(settings)
    })
    .expect("changed");
    assert_eq!(read(&one, first.id()).name, "First, renamed");
    assert_eq!(read(&one, first.id()).rules, RulesId::Touring1958);
    assert_eq!(read(&two, second.id()).name, "Second");
}
