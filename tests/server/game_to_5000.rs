//! Mille Bornes' whole game as a round's length (issue 25, "A whole game to 5000";
//! progressive-format.md, "The other rule sets of the seeds"): a table plays hands until a side
//! has 5000 points at the end of a hand, the higher total winning when more than one has, and
//! another hand when the leaders are level (the 1988 text says nothing of a tie). The seat's
//! page shows the game's score sheet between hands and names the winner. Only Mille Bornes
//! offers it: the API and the start page refuse it for the other games, in words.

use crate::common;

use std::sync::Arc;

use chrono::{Duration, Utc};
use common::forms::{client, field, page, refused_form};
use common::server::Server;
use serde_json::json;
use touring::app::play::DealSeats;
use touring::app::rounds::{self, SeatRequest, Signal};
use touring::app::seat::{self, SeatKey};
use touring::app::{App, ManualClock, bot_moves, events};
use touring::bots::Budget;
use touring::db::{Database, queries};
use touring::engine::RulesId;
use touring::engine::mille_bornes::match_winner;
use touring::tournament::{EventLength, GAME_POINTS, RoundKind, Settings, TableSize, table_done};

fn to_points() -> Settings {
    let mut settings = Settings::new("A family's game", 5000);
    settings.rules = RulesId::MilleBornes;
    settings.table_size = TableSize::Two;
    settings.round = RoundKind::Points {
        points: GAME_POINTS,
    };
    settings.turn_seconds = None;
    settings.length = EventLength::Rounds { rounds: 1 };
    settings
}

#[test]
fn a_game_to_5000_is_won_by_the_first_side_there_and_the_higher_total_when_both_pass() {
    let settings = to_points();
    assert!(!table_done(&settings, 3, &[4999, 4200]), "nobody there yet");
    assert!(
        table_done(&settings, 4, &[5000, 4200]),
        "the first side there"
    );
    assert!(
        table_done(&settings, 6, &[5100, 5350]),
        "both over: the higher"
    );
    assert!(
        !table_done(&settings, 6, &[5100, 5100]),
        "level over 5000: another hand"
    );
    // In the party format a round by games is still one hand per game.
    let mut by_games = to_points();
    by_games.round = RoundKind::Games { games: 1 };
    assert!(table_done(&by_games, 1, &[300, 700]));
}

/// Each entry's points in each finished hand of the table, in the table's entry order.
fn hands(games: &[touring::db::models::GameRow], entries: &[i64]) -> Vec<Vec<u32>> {
    games
        .iter()
        .map(|game| {
            let seats: DealSeats = serde_json::from_str(&game.seats).expect("seats");
            let scores: Vec<u32> =
                serde_json::from_str(game.scores.as_deref().expect("a finished hand"))
                    .expect("scores");
            entries
                .iter()
                .map(|e| {
                    let side = seats.sides.iter().position(|s| s == e).expect("a side");
                    scores[side]
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_table_playing_to_5000_deals_hands_until_a_side_has_5000_and_names_the_winner() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let pool = touring::db::open(&Database::Sqlite(dir.path().join("game.db")), 2).expect("open");
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let app = App::new(pool, clock.clone());
    // A family's evening: one table of two bots, one round to 5000.
    let event = app
        .write(|conn| {
            let now = app.now_naive();
            let (event, _) = events::create(conn, to_points(), now)?;
            events::add_bots(conn, &event, 2, "steady", now)?;
            rounds::seat_first(conn, &event, &SeatRequest::default(), now)?;
            rounds::signal_in(conn, &event, 1, Signal::Start, app.now())?;
            events::load(conn, event.id())
        })
        .expect("a game to 5000 under way");
    let first = app
        .read(|conn| Ok(queries::players_of_event(conn, event.id())?.remove(0)))
        .expect("a player");
    let mut sheet_seen = false;
    let mut idle = 0;
    for _ in 0..50_000 {
        // Between hands (the second one dealt), the seat's page shows the game's score sheet.
        if !sheet_seen {
            let state =
                seat::seat_state(&app, &SeatKey::Player(first.id, first.epoch)).expect("a seat");
            if state.deal.as_ref().is_some_and(|d| d.number >= 2) {
                assert!(
                    state.message.contains("The game to 5000 points so far: ")
                        && state.message.contains("you "),
                    "{}",
                    state.message
                );
                sheet_seen = true;
            }
        }
        let waiting = bot_moves::waiting_turns(&app).expect("waiting");
        if waiting.bots.is_empty() && waiting.timeouts.is_empty() {
            // The table may wait for a Coup Fourré: let its window pass, twice to be sure.
            idle += 1;
            if idle > 2 {
                break;
            }
            clock.advance(Duration::seconds(20));
            continue;
        }
        idle = 0;
        for due in &waiting.timeouts {
            bot_moves::end_wait(&app, due).expect("the wait ends");
        }
        for turn in &waiting.bots {
            bot_moves::take_turn(&app, turn, Budget::Playouts(1)).expect("a bot's turn");
        }
    }
    let (games, entries, players) = app
        .read(|conn| {
            let round = queries::latest_round(conn, event.id())?.expect("round 1");
            let table = queries::tables_of_round(conn, round.id)?.remove(0);
            let entries: Vec<i64> = queries::entries_of_table(conn, table.id)?
                .iter()
                .map(|te| te.entry_id)
                .collect();
            Ok((
                queries::games_of_table(conn, table.id)?,
                entries,
                queries::players_of_event(conn, event.id())?,
            ))
        })
        .expect("the table");
    assert!(
        games.iter().all(|g| g.scores.is_some()),
        "every hand is over: {games:?}"
    );
    let hands = hands(&games, &entries);
    assert!(hands.len() >= 2, "a game is several hands: {hands:?}");
    assert!(sheet_seen, "the score sheet was shown between hands");
    let totals_after = |n: usize| -> Vec<u32> {
        (0..entries.len())
            .map(|e| hands[..n].iter().map(|h| h[e]).sum())
            .collect()
    };
    let last = totals_after(hands.len());
    let winner = match_winner(&last).expect("a side has won the game");
    for n in 1..hands.len() {
        assert_eq!(
            match_winner(&totals_after(n)),
            None,
            "nobody had won after hand {n}: {hands:?}"
        );
    }
    // The seats' pages name the winner with the score sheet, and the round is over.
    let winner_player = players
        .iter()
        .find(|p| p.entry_id == entries[usize::from(winner)])
        .expect("the winner's player");
    let state = seat::seat_state(
        &app,
        &SeatKey::Player(winner_player.id, winner_player.epoch),
    )
    .expect("the winner's seat");
    assert!(
        state.message.contains("You won the game to 5000 points")
            && state
                .message
                .contains(&last[usize::from(winner)].to_string()),
        "{}",
        state.message
    );
    let other = players
        .iter()
        .find(|p| p.entry_id != entries[usize::from(winner)])
        .expect("the other player");
    let state = seat::seat_state(&app, &SeatKey::Player(other.id, other.epoch)).expect("a seat");
    assert!(
        state.message.contains(&format!(
            "{} won the game to 5000 points",
            winner_player.name
        )),
        "{}",
        state.message
    );
    assert_eq!(
        state.round.expect("round 1").state,
        rounds::RoundState::Over,
        "the round is over once the game is won"
    );
}

#[test]
fn the_api_takes_rounds_to_5000_points_for_mille_bornes_only_and_says_why() {
    let server = Server::start();
    let (status, made) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Family", "rules": "mille-bornes", "round": {"kind": "points", "points": 5000}}),
    );
    assert_eq!(status, 201, "{made}");
    assert_eq!(
        made["event"]["settings"]["round"]["kind"], "points",
        "{made}"
    );
    let (status, refused) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Touring", "round": {"kind": "points", "points": 5000}}),
    );
    assert_eq!(status, 422, "{refused}");
    let words = refused["error"].as_str().unwrap_or_default();
    assert!(
        words.contains("Mille Bornes") && words.contains("Touring"),
        "{refused}"
    );
    let (status, refused) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Short", "rules": "mille-bornes", "round": {"kind": "points", "points": 3000}}),
    );
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|w| w.contains("5000") && w.contains("3000")),
        "{refused}"
    );
}

#[test]
fn the_start_page_offers_rounds_to_5000_points_for_mille_bornes_and_names_the_field_otherwise() {
    let server = Server::start();
    let browser = client();
    let start = page(&server, &browser, "/");
    assert!(start.contains("to 5000 points"), "the choice is offered");
    let csrf = field(&start, "csrf");
    let refused = refused_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Touring night"),
            ("rules", "touring-1926"),
            ("table_size", "2"),
            ("round_kind", "points"),
            ("round_minutes", "10"),
            ("games", "1"),
            ("length_kind", "rounds"),
            ("rounds", "3"),
        ],
    );
    // The problem is told beside the choice it concerns, naming the game chosen.
    assert!(
        refused.contains("id=\"round_kind-error\">rounds to 5000 points are Mille Bornes")
            && refused.contains("this event plays Touring (1926)"),
        "{refused}"
    );
}
