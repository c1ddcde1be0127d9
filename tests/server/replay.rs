//! Replays: every finished deal of a digital table can be watched again, step by step, with the
//! board as each seat saw it and every hand shown; a deal still being played cannot be, and
//! its refusal is the one a deal that does not exist gets. The use cases are tested on a
//! database of the test's own; the pages through a real server (and one in Chromium).

use crate::common;
use crate::common::browser;

use std::sync::Arc;

use chrono::Utc;
use common::server::Server;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde_json::Value;
use thirtyfour::prelude::*;
use touring::app::replay::{self, DealRef, Replay};
use touring::app::rounds::{self, SeatRequest, Signal};
use touring::app::{App, AppError, ManualClock, ViewerKey, events, simulate};
use touring::db::Database;
use touring::engine::RulesId;
use touring::tournament::{EventLength, Members, RoundKind, Settings, TableSize};

/// An app on a database: the test's own, or a server's.
fn app_on(database: &Database) -> App {
    let pool = touring::db::open(database, 2).expect("open the database");
    App::new(pool, Arc::new(ManualClock::new(Utc::now())))
}

/// An app on a fresh SQLite file of its own.
fn own_app() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_on(&Database::Sqlite(dir.path().join("replay.sqlite")));
    (dir, app)
}

/// An event of one long timed round with Ann and Bob at one digital table, round 1 running.
fn two_playing(app: &App, rules: RulesId) -> i64 {
    two_playing_hosted(app, rules).0
}

/// [`two_playing`], with the host's token.
fn two_playing_hosted(app: &App, rules: RulesId) -> (i64, String) {
    let entries = ["Ann", "Bob"].map(|name| Members::player(name).expect("a name"));
    playing(app, rules, TableSize::Two, &entries)
}

/// An event of one long timed round with these entries at one digital table, round 1 running;
/// answers the event and the host's token.
fn playing(app: &App, rules: RulesId, size: TableSize, entries: &[Members]) -> (i64, String) {
    let mut settings = Settings::new("Replay night", 1926);
    settings.rules = rules;
    settings.table_size = size;
    settings.round = RoundKind::Timed { seconds: 3600 };
    settings.length = EventLength::Rounds { rounds: 1 };
    app.write(|conn| {
        let now = app.now_naive();
        let (event, host_token) = events::create(conn, settings.clone(), now)?;
        for members in entries {
            events::add_entry_in(conn, &event, members.clone(), None, now)?;
        }
        rounds::seat_first(conn, &event, &SeatRequest::default(), now)?;
        rounds::signal_in(conn, &event, 1, Signal::Start, app.now())?;
        Ok((event.id(), host_token))
    })
    .expect("an event with round 1 running")
}

/// A reader of the event's standings, with this viewer key.
fn reader(event: i64, key: &str) -> ViewerKey {
    ViewerKey {
        event,
        host: None,
        key: key.to_owned(),
    }
}

/// Random moves at the table until `deals` deals are finished; the next deal has been
/// dealt and is being played.
fn play_until_finished(app: &App, event: i64, deals: usize) {
    let record = app
        .read(|conn| events::load(conn, event))
        .expect("the event");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(event as u64);
    let (mut played, mut finished) = (0, 0);
    // The deals' seeds mix in the server's secret, new in each test, so each run plays other
    // deals; random play finishes most in a few hundred moves, but a long one takes thousands.
    for _ in 0..5000 {
        finished = replay::finished_deals(app, &reader(event, ""))
            .expect("the finished deals")
            .1
            .len();
        if finished >= deals {
            return;
        }
        played += simulate::play_round(app, &record, 1, 10, &mut rng).expect("moves");
    }
    panic!("{deals} deal(s) were not finished: {finished} finished after {played} moves played");
}

fn at(deal: u32) -> DealRef {
    DealRef {
        round: 1,
        table: 1,
        deal,
    }
}

fn replay_of(app: &App, event: i64, deal: u32, step: u32) -> Result<Replay, AppError> {
    replay::replay(app, &reader(event, ""), at(deal), step)
}

/// Every seat's own hand at a step, as its view shows it.
fn hands(replay: &Replay) -> Vec<Value> {
    replay
        .seats
        .iter()
        .map(|s| {
            let view = serde_json::to_value(&s.deal.view).expect("a view's JSON");
            view["seats"][usize::from(s.seat)]["hand"].clone()
        })
        .collect()
}

#[test]
fn a_finished_deal_can_be_replayed_step_by_step() {
    let (_dir, app) = own_app();
    let event = two_playing(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    let (_, deals) = replay::finished_deals(&app, &reader(event, "")).expect("the list");
    assert_eq!(deals[0].at, at(1), "deal 1 of table 1 in round 1 is listed");
    let names: Vec<String> = deals[0].sides.iter().map(|s| s.names.join("")).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Ann".to_owned()) && names.contains(&"Bob".to_owned()));
    assert_eq!(
        deals[0].sides.iter().filter(|s| s.won).count(),
        1,
        "one winner"
    );

    let dealt = replay_of(&app, event, 1, 0).expect("step 0");
    assert!(dealt.steps > 0);
    assert_eq!(dealt.mover, None, "nobody has moved at step 0");
    assert!(dealt.events.is_empty());
    assert_eq!(dealt.seats.len(), 2, "a board for each seat");
    assert!(
        dealt.seats.iter().all(|s| !s.deal.view.is_over()),
        "the deal as dealt is not over"
    );
    assert!(
        dealt.seats.iter().all(|s| s.deal.legal.is_empty()),
        "a replay offers no move"
    );
    // Each step is one more action, played by the seat that was to move.
    let mut previous = dealt;
    for step in 1..=previous.steps.min(12) {
        let now = replay_of(&app, event, 1, step).expect("a step");
        assert_eq!(now.step, step);
        let to_move = previous.seats[0].deal.view.to_move();
        assert_eq!(
            now.mover,
            Some(to_move),
            "step {step} is the move of the seat to move"
        );
        assert!(!now.events.is_empty(), "step {step} says what happened");
        previous = now;
    }
    let last = replay_of(&app, event, 1, previous.steps).expect("the last step");
    assert!(
        last.seats.iter().all(|s| s.deal.view.is_over()),
        "the deal ends at its last step"
    );
    let scores: Vec<u32> = last.sides.iter().map(|s| s.score).collect();
    assert_eq!(
        last.seats[0].deal.view.scores(),
        scores,
        "the replay ends as the deal did"
    );
}

#[test]
fn a_partnership_deal_shows_all_four_seats_with_partners_on_one_side() {
    let (_dir, app) = own_app();
    let entries =
        [("Ann", "Cy"), ("Bob", "Di")].map(|(a, b)| Members::partners(a, b).expect("two names"));
    let (event, _) = playing(&app, RulesId::Touring1926, TableSize::Four, &entries);
    play_until_finished(&app, event, 1);
    let replay = replay_of(&app, event, 1, 0).expect("deal 1");
    assert_eq!(replay.seats.len(), 4, "a board for each of the four seats");
    let mut sides: Vec<Vec<u8>> = replay.tablemates.iter().map(|t| t.seats.clone()).collect();
    sides.sort();
    assert_eq!(sides, vec![vec![0, 2], vec![1, 3]], "partners sit opposite");
    for mate in &replay.tablemates {
        let names: Vec<&str> = mate
            .seats
            .iter()
            .map(|&s| replay.seats[usize::from(s)].name.as_str())
            .collect();
        let mut expected = mate.names.clone();
        let mut got: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        expected.sort();
        got.sort();
        assert_eq!(
            got, expected,
            "each seat's name is one of its side's partners"
        );
    }
    assert_eq!(hands(&replay).iter().filter(|h| h.is_array()).count(), 4);
}

#[test]
fn a_deal_still_being_played_cannot_be_replayed() {
    let (_dir, app) = own_app();
    let event = two_playing(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    let (_, deals) = replay::finished_deals(&app, &reader(event, "")).expect("the list");
    let playing = u32::try_from(deals.len() + 1).expect("a deal number");
    assert!(
        deals.iter().all(|d| d.at.deal < playing),
        "the deal being played is not listed"
    );
    let being_played = replay_of(&app, event, playing, 0)
        .expect_err("refused")
        .to_string();
    let missing = replay_of(&app, event, playing + 50, 0)
        .expect_err("refused")
        .to_string();
    let same_words = |text: &str, deal: u32| text.replace(&format!("deal {deal} "), "deal N ");
    assert_eq!(
        same_words(&being_played, playing),
        same_words(&missing, playing + 50),
        "the same refusal as a deal that does not exist"
    );
    // Even a step that no deal has says nothing of the deal being played.
    let far = replay_of(&app, event, playing, 100_000).expect_err("refused");
    assert!(matches!(far, AppError::NotFound(_)), "{far}");
}

#[test]
fn a_deal_cut_at_the_signal_is_replayed_once_its_round_is_closed() {
    let (_dir, app) = own_app();
    let (event, token) = two_playing_hosted(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    let record = app
        .read(|conn| events::load(conn, event))
        .expect("the event");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    // A few moves into the next deal, then the signal.
    simulate::play_round(&app, &record, 1, 4, &mut rng).expect("moves");
    let host = touring::app::HostKey::token(event, token);
    rounds::signal(&app, &host, 1, Signal::Stop).expect("the stop signal");
    let (_, deals) = replay::finished_deals(&app, &reader(event, "")).expect("the list");
    let cut = u32::try_from(deals.len() + 1).expect("a deal number");
    assert!(
        deals.iter().all(|d| !d.cut && d.at.deal < cut),
        "a cut deal is not listed before its round is closed"
    );
    assert!(
        matches!(replay_of(&app, event, cut, 0), Err(AppError::NotFound(_))),
        "nor replayed"
    );
    rounds::close(&app, &host, 1).expect("round 1 closed");
    let (_, deals) = replay::finished_deals(&app, &reader(event, "")).expect("the list");
    let listed = deals
        .iter()
        .find(|d| d.at.deal == cut)
        .expect("the cut deal is listed once the round is closed");
    assert!(listed.cut, "marked as cut");
    assert!(listed.sides.iter().all(|s| !s.won), "nobody won a cut deal");
    let first = replay_of(&app, event, cut, 0).expect("the cut deal as dealt");
    let last = replay_of(&app, event, cut, first.steps).expect("the cut deal at the signal");
    assert!(last.cut);
    assert!(first.steps >= 4, "the moves before the signal are replayed");
    assert_eq!(hands(&last).iter().filter(|h| h.is_array()).count(), 2);
    // Its miles are those the round counted: every entry's round is the sum of its deals.
    let standings = app
        .read(|conn| touring::app::report::standings(conn, &record))
        .expect("the standings");
    for standing in &standings.rows {
        let from_deals: u32 = deals
            .iter()
            .flat_map(|d| &d.sides)
            .filter(|s| s.entry == standing.entry)
            .map(|s| s.score)
            .sum();
        assert_eq!(standing.miles[0], Some(from_deals), "{}", standing.name);
    }
    assert_eq!(
        last.sides.iter().map(|s| s.score).collect::<Vec<_>>(),
        listed.sides.iter().map(|s| s.score).collect::<Vec<_>>()
    );
}

#[test]
fn the_replay_reveals_every_hand_only_after_the_deal() {
    let (_dir, app) = own_app();
    let event = two_playing(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    // Deal 2 is being played: nothing of it can be seen.
    assert!(matches!(
        replay_of(&app, event, 2, 0),
        Err(AppError::NotFound(_))
    ));
    // Once it is over, every seat's hand is shown at every step, from the deal as dealt.
    play_until_finished(&app, event, 2);
    let dealt = replay_of(&app, event, 2, 0).expect("deal 2, now over");
    let shown = hands(&dealt);
    assert_eq!(shown.len(), 2);
    for hand in &shown {
        assert!(
            hand.as_array().is_some_and(|cards| !cards.is_empty()),
            "every hand is shown: {shown:?}"
        );
    }
    assert_ne!(shown[0], shown[1], "each seat shows its own hand");
}

#[test]
fn a_deal_of_another_event_or_a_step_out_of_range_gets_a_clear_refusal() {
    let (_dir, app) = own_app();
    let event = two_playing(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    let other = app
        .write(|conn| {
            let (other, _) =
                events::create(conn, Settings::new("Another night", 5), app.now_naive())?;
            Ok(other.id())
        })
        .expect("another event");
    let refusal = replay_of(&app, other, 1, 0).expect_err("not that event's deal");
    assert!(matches!(refusal, AppError::NotFound(_)), "{refusal}");
    assert!(refusal.to_string().contains("list of replays"), "{refusal}");

    let steps = replay_of(&app, event, 1, 0).expect("deal 1").steps;
    let refusal = replay_of(&app, event, 1, steps + 1).expect_err("past the end");
    assert!(matches!(refusal, AppError::Invalid(_)), "{refusal}");
    assert!(
        refusal.to_string().contains(&format!("steps 0 to {steps}")),
        "{refusal}"
    );
}

#[test]
fn a_private_events_replays_need_the_viewer_key() {
    let (_dir, app) = own_app();
    let event = two_playing(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    let key = app
        .write(|conn| {
            touring::db::queries::set_private_views(conn, event, true)?;
            Ok(events::load(conn, event)?.viewer_key())
        })
        .expect("private views");
    let refused = replay::finished_deals(&app, &reader(event, "")).expect_err("private");
    assert!(matches!(refused, AppError::Forbidden(_)), "{refused}");
    let refused = replay_of(&app, event, 1, 0).expect_err("private");
    assert!(matches!(refused, AppError::Forbidden(_)), "{refused}");
    assert!(replay::replay(&app, &reader(event, &key), at(1), 0).is_ok());
}

// ---------------------------------------------------------------- the pages, through a server

/// A server with one event whose table has finished a deal and plays the next.
fn server_with_a_finished_deal(rules: RulesId) -> (Server, i64) {
    let server = Server::start();
    let app = app_on(&server.database);
    let event = two_playing(&app, rules);
    play_until_finished(&app, event, 1);
    (server, event)
}

fn page(server: &Server, path: &str) -> (u16, String) {
    server.text(path, None)
}

#[test]
fn the_replay_pages_step_through_a_deal_without_script() {
    let (server, event) = server_with_a_finished_deal(RulesId::Touring1926);
    let (status, standings) = page(&server, &format!("/events/{event}/standings"));
    assert_eq!(status, 200);
    let list_link = format!("/events/{event}/replays");
    assert!(
        standings.contains(&format!("href=\"{list_link}\"")),
        "{standings}"
    );

    let (status, list) = page(&server, &list_link);
    assert_eq!(status, 200, "{list}");
    let deal_link = format!("/events/{event}/replays/1/1/1");
    assert!(list.contains(&format!("href=\"{deal_link}\"")), "{list}");
    assert!(
        !list.contains("/replays/1/1/2\""),
        "the deal being played is not listed"
    );

    let (status, first) = page(&server, &deal_link);
    assert_eq!(status, 200, "{first}");
    assert!(
        first.contains("Step 0 of"),
        "the replay opens on the deal as dealt"
    );
    assert!(first.contains("As Ann saw it") && first.contains("As Bob saw it"));
    assert!(
        first.contains(&format!("href=\"{deal_link}?step=1\"")),
        "a Next link"
    );
    // The only form that posts is the language chooser every page has.
    assert!(
        !first.contains("name=\"action\"") && !first.contains("/move\""),
        "a replay offers no move"
    );
    assert!(first.contains("name=\"step\""), "a step can be typed in");
    let steps: u32 = first
        .split("Step 0 of ")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .and_then(|n| n.trim().parse().ok())
        .expect("the number of steps");

    let (status, second) = page(&server, &format!("{deal_link}?step=1"));
    assert_eq!(status, 200);
    assert!(second.contains(&format!("Step 1 of {steps}")));
    assert!(
        second.contains(&format!("href=\"{deal_link}?step=0\"")),
        "a Previous link"
    );
    assert!(
        second.contains(&format!("href=\"{deal_link}?step={steps}\"")),
        "a Last link"
    );

    let (status, last) = page(&server, &format!("{deal_link}?step={steps}"));
    assert_eq!(status, 200);
    assert!(
        last.contains("won this race"),
        "the last step shows the winner"
    );
    assert!(
        !last.contains("rel=\"next\""),
        "nothing after the last step"
    );

    let (status, past) = page(&server, &format!("{deal_link}?step={}", steps + 1));
    assert_eq!(status, 422, "{past}");
    assert!(past.contains(&format!("steps 0 to {steps}")), "{past}");
    let (status, word) = page(&server, &format!("{deal_link}?step=two"));
    assert_eq!(status, 422);
    assert!(
        word.contains("first, previous, next and last links"),
        "{word}"
    );
    let (status, bad) = page(&server, &format!("/events/{event}/replays/1/x/1"));
    assert_eq!(status, 422);
    assert!(bad.contains("list of replays"), "{bad}");

    // The deal being played, and a deal that does not exist: the same page.
    let (status, playing) = page(&server, &format!("/events/{event}/replays/1/1/2"));
    assert_eq!(status, 404);
    let (_, missing) = page(&server, &format!("/events/{event}/replays/1/1/52"));
    assert_eq!(
        playing.replace("deal 2 ", "deal N "),
        missing.replace("deal 52 ", "deal N ")
    );
}

#[test]
fn a_private_events_replay_pages_carry_the_viewer_key_in_every_link() {
    let server = Server::start();
    let app = app_on(&server.database);
    let (event, host) = two_playing_hosted(&app, RulesId::Touring1926);
    play_until_finished(&app, event, 1);
    app.write(|conn| Ok(touring::db::queries::set_private_views(conn, event, true)?))
        .expect("private views");
    let (status, keys) = server.post(
        &format!("/api/v1/events/{event}/viewer-key"),
        Some(&host),
        &serde_json::json!({}),
    );
    assert_eq!(status, 200, "{keys}");
    let key = keys["viewer_key"]
        .as_str()
        .expect("the viewer key")
        .to_owned();

    let (status, _) = page(&server, &format!("/events/{event}/replays"));
    assert_eq!(status, 403, "private without the key");
    let (status, _) = page(&server, &format!("/events/{event}/replays/1/1/1"));
    assert_eq!(status, 403, "private without the key");

    let (_, standings) = page(&server, &format!("/events/{event}/standings?key={key}"));
    assert!(standings.contains(&format!("href=\"/events/{event}/replays?key={key}\"")));
    let (status, list) = page(&server, &format!("/events/{event}/replays?key={key}"));
    assert_eq!(status, 200);
    let deal = format!("/events/{event}/replays/1/1/1");
    assert!(
        list.contains(&format!("href=\"{deal}?key={key}\"")),
        "{list}"
    );
    let (status, replay) = page(&server, &format!("{deal}?key={key}"));
    assert_eq!(status, 200);
    let replay = html_escape::decode_html_entities(&replay);
    assert!(
        replay.contains(&format!("href=\"{deal}?step=1&key={key}\"")),
        "{replay}"
    );
    assert!(
        replay.contains(&format!("name=\"key\" value=\"{key}\"")),
        "the step form too"
    );
}

#[test]
fn every_rule_set_draws_its_replay_with_its_own_board() {
    for rules in [RulesId::Touring1958, RulesId::MilleBornes] {
        let (server, event) = server_with_a_finished_deal(rules);
        let deal = format!("/events/{event}/replays/1/1/1");
        for step in [0, 1, 5] {
            let (status, html) = page(&server, &format!("{deal}?step={step}"));
            assert_eq!(status, 200, "{rules:?} step {step}: {html}");
            assert!(
                html.contains("class=\"panel board\""),
                "{rules:?}: the rule set's board"
            );
            assert!(html.contains("Your hand"), "{rules:?}: each seat's hand");
        }
    }
}

#[test]
fn the_printed_standings_link_to_the_replays_by_qr_code() {
    let (server, event) = server_with_a_finished_deal(RulesId::Touring1926);
    let (status, printed) = page(&server, &format!("/events/{event}/print/standings"));
    assert_eq!(status, 200, "{printed}");
    let url = server.url(&format!("/events/{event}/replays"));
    assert!(
        printed.contains(&url),
        "the printout names the replays' address"
    );
    let qr = printed
        .split("class=\"replays-qr\"")
        .nth(1)
        .expect("a QR code block");
    // The code is the replays' address, drawn as the print pages draw every QR code.
    let expected = qrcode::QrCode::new(url.as_bytes())
        .expect("a QR code of the address")
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    // Inline in HTML, without the renderer's XML declaration.
    let expected = &expected[expected.find("<svg").expect("an svg element")..];
    assert!(qr.contains(expected), "the QR code opens the replays");
    assert!(!printed.contains("<?xml"), "no XML declaration inside HTML");

    // An evening with no finished deal prints no QR code to an empty list.
    let app = app_on(&server.database);
    let quiet = two_playing(&app, RulesId::Touring1926);
    let (_, printed) = page(&server, &format!("/events/{quiet}/print/standings"));
    assert!(!printed.contains("replays-qr"), "no replays yet");
}

#[test]
fn the_api_lists_and_replays_finished_deals_and_refuses_the_rest() {
    let (server, event) = server_with_a_finished_deal(RulesId::Touring1926);
    let (status, list) = server.get(&format!("/api/v1/events/{event}/replays"), None);
    assert_eq!(status, 200, "{list}");
    let first = &list["deals"][0];
    assert_eq!(
        (&first["round"], &first["table"], &first["deal"]),
        (&1.into(), &1.into(), &1.into())
    );
    assert_eq!(first["sides"].as_array().map(Vec::len), Some(2), "{list}");

    let deal = format!("/api/v1/events/{event}/replays/1/1/1");
    let (status, step) = server.get(&format!("{deal}?step=1"), None);
    assert_eq!(status, 200, "{step}");
    assert_eq!(step["step"], 1);
    assert!(step["mover"].is_u64() && !step["events"].as_array().is_some_and(Vec::is_empty));
    for seat in 0..2 {
        let view = &step["seats"][seat]["deal"]["view"];
        assert!(
            view["seats"][seat]["hand"].is_array(),
            "seat {seat}'s hand: {step}"
        );
        assert_eq!(
            step["seats"][seat]["deal"]["legal"],
            Value::Array(Vec::new())
        );
    }
    let steps = step["steps"].as_u64().expect("the number of steps");

    let (status, past) = server.get(&format!("{deal}?step={}", steps + 1), None);
    assert_eq!(status, 422, "{past}");
    let (status, word) = server.get(&format!("{deal}?step=x"), None);
    assert_eq!(status, 400, "{word}");
    let (status, playing) = server.get(&format!("/api/v1/events/{event}/replays/1/1/2"), None);
    assert_eq!(status, 404);
    let (_, missing) = server.get(&format!("/api/v1/events/{event}/replays/1/1/52"), None);
    let words = |answer: &Value, deal: &str| {
        answer["error"]
            .as_str()
            .unwrap_or("")
            .replace(&format!("deal {deal} "), "deal N ")
    };
    assert_eq!(
        words(&playing, "2"),
        words(&missing, "52"),
        "the same refusal"
    );
    let (_, document) = server.get("/api/openapi.json", None);
    assert!(document["paths"]["/api/v1/events/{event}/replays/{round}/{table}/{deal}"].is_object());
}

#[test]
fn a_replay_steps_forward_and_back_in_chromium() {
    let Some(tools) = browser::tools_or_skip("the replay's browser test") else {
        return;
    };
    let (server, event) = server_with_a_finished_deal(RulesId::Touring1926);
    browser::runtime().block_on(async {
        let driver = browser::Driver::start(&tools);
        let reader = driver.browser(1280, 900).await;
        reader
            .goto(server.url(&format!("/events/{event}/standings")))
            .await
            .expect("open the standings");
        let link = reader
            .find(By::LinkText("Replays of the finished deals"))
            .await
            .expect("the standings link to the replays");
        link.click().await.expect("open the replays");
        reader.wait_for_text("h1", "Replays").await;
        reader.audit("the list of replays").await;
        let replay = reader
            .find(By::LinkText("Replay"))
            .await
            .expect("a deal to replay");
        replay.click().await.expect("open a replay");
        reader.wait_for_text(".replay-steps", "Step 0 of").await;
        reader
            .find(By::LinkText("Next"))
            .await
            .expect("a Next link")
            .click()
            .await
            .expect("next");
        reader.wait_for_text(".replay-steps", "Step 1 of").await;
        reader.audit("a replay at step 1").await;
        // With the script, the arrow keys step too. Each press is dispatched once as the page
        // sees it (WebDriver's key actions were sometimes delivered to the next page as well
        // on a loaded machine, stepping twice).
        for (key, step) in [("ArrowRight", "Step 2 of"), ("ArrowLeft", "Step 1 of")] {
            reader
                .execute(
                    &format!(
                        "document.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{key}' }}));"
                    ),
                    Vec::new(),
                )
                .await
                .expect("an arrow key");
            reader.wait_for_text(".replay-steps", step).await;
        }
        reader.screenshot_as("replay.png").await;
        reader.quit().await;
    });
}

/// The words of a replay page's step: what follows "Step N of M:".
fn step_words(html: &str) -> String {
    html.split("</strong>: ")
        .nth(1)
        .and_then(|rest| rest.split("</p>").next())
        .expect("the step's words")
        .trim()
        .to_owned()
}

#[test]
fn replays_tell_the_story_each_step_says_what_happened_in_words() {
    let (server, event) = server_with_a_finished_deal(RulesId::MilleBornes);
    let app = app_on(&server.database);
    // A hazard's step names who played which card on whom. Random play now and then finishes a
    // deal without a hazard (the deal's seed is new in each run): the next deal is played
    // then, up to five.
    let hazard_in = |number: u32, steps: u32| {
        (1..=steps).find_map(|step| {
            let replay = replay_of(&app, event, number, step).expect("a step");
            let events = serde_json::to_value(&replay.events).expect("the events' JSON");
            let hazard = events
                .as_array()?
                .iter()
                .find(|e| e["event"] == "hazard")?
                .clone();
            let by = usize::try_from(hazard["by"].as_u64()?).ok()?;
            let on = usize::try_from(hazard["side"].as_u64()?).ok()?;
            let name = |seat: usize| replay.seats[seat].name.clone();
            Some((step, name(by), hazard["card"].clone(), name(on)))
        })
    };
    let (number, steps, (step, by, card, on)) = (1..=5u32)
        .find_map(|number| {
            if number > 1 {
                play_until_finished(&app, event, number as usize);
            }
            let steps = replay_of(&app, event, number, 0).expect("step 0").steps;
            hazard_in(number, steps).map(|hazard| (number, steps, hazard))
        })
        .expect("a hazard in one of five deals");
    let deal = format!("/events/{event}/replays/1/1/{number}");
    let (status, html) = page(&server, &format!("{deal}?step={step}"));
    assert_eq!(status, 200);
    let words = step_words(&html);
    assert!(
        words.starts_with(&format!("{by} played ")) && words.ends_with(&format!(" on {on}.")),
        "step {step} ({card}) says: {words}"
    );
    // Every step says what the move did, not only whose it was.
    let (_, first) = page(&server, &format!("{deal}?step=1"));
    let words = step_words(&first);
    assert!(
        [" played ", " discarded "]
            .iter()
            .any(|w| words.contains(w)),
        "step 1 says: {words}"
    );
    assert!(
        !words.contains("You "),
        "nobody is 'you' in a replay: {words}"
    );
    let (_, dealt) = page(&server, &format!("{deal}?step=0"));
    assert_eq!(step_words(&dealt), "The deal as it was dealt.");
    let (_, last) = page(&server, &format!("{deal}?step={steps}"));
    assert!(
        step_words(&last).ends_with("The last move of the deal."),
        "{}",
        step_words(&last)
    );
}

#[test]
fn replays_tell_the_story_a_mille_bornes_deals_last_step_shows_its_score_rows() {
    let (server, event) = server_with_a_finished_deal(RulesId::MilleBornes);
    let app = app_on(&server.database);
    let steps = replay_of(&app, event, 1, 0).expect("step 0").steps;
    let last = replay_of(&app, event, 1, steps).expect("the last step");
    let rows = last
        .hand_scores
        .clone()
        .expect("score rows at the last step");
    let total = rows.last().expect("a total row");
    assert_eq!(total.id, "total");
    assert_eq!(
        total.points,
        last.sides.iter().map(|s| s.score).collect::<Vec<_>>(),
        "the rows add up to the deal's score"
    );
    assert!(
        replay_of(&app, event, 1, steps - 1)
            .expect("the step before")
            .hand_scores
            .is_none(),
        "only the last step shows them"
    );
    let deal = format!("/events/{event}/replays/1/1/1");
    let (status, html) = page(&server, &format!("{deal}?step={steps}"));
    assert_eq!(status, 200);
    for row in [
        "The hand's score",
        "Milestones",
        "Coups fourrés",
        "Trip completed",
        "Total",
    ] {
        // The page's words come from messages, whose apostrophes the template escapes.
        let text = html.replace("&#39;", "'");
        assert!(text.contains(row), "the last step shows \"{row}\"");
    }
    let totals: String = last
        .sides
        .iter()
        .map(|s| format!("<td class=\"num\">{}</td>", s.score))
        .collect();
    assert!(
        html.contains(&format!("<th scope=\"row\">Total</th>{totals}</tr>")),
        "the totals {totals} show"
    );
    let (_, before) = page(&server, &format!("{deal}?step={}", steps - 1));
    assert!(
        !before.contains("The hand&#39;s score"),
        "not before the end"
    );
    // A Touring deal's score is its miles: no rows.
    let (server, event) = server_with_a_finished_deal(RulesId::Touring1926);
    let app = app_on(&server.database);
    let steps = replay_of(&app, event, 1, 0).expect("step 0").steps;
    let (_, touring) = page(
        &server,
        &format!("/events/{event}/replays/1/1/1?step={steps}"),
    );
    assert!(!touring.contains("The hand&#39;s score"));
}

/// A page read by a browser asking for `tag` first.
fn page_in(server: &Server, path: &str, tag: &str) -> (u16, String) {
    let response = server
        .client()
        .get(server.url(path))
        .header("accept-language", tag)
        .send()
        .expect("GET");
    let status = response.status().as_u16();
    (status, response.text().expect("the page"))
}

/// The number of steps of a replay page, the top of its step field.
fn steps_of(html: &str) -> u32 {
    html.split("name=\"step\" min=\"0\" max=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the number of steps: {html}"))
}

#[test]
fn pseudo_language_every_word_of_the_replay_pages_comes_from_a_message() {
    for rules in [
        RulesId::Touring1926,
        RulesId::Touring1958,
        RulesId::MilleBornes,
    ] {
        let (server, event) = server_with_a_finished_deal(rules);
        let check = |path: &str| {
            let (status, html) = page_in(&server, path, "en-XA");
            assert_eq!(status, 200, "{path}: {html}");
            assert!(html.contains("<html lang=\"en-XA\""), "{path}");
            let left = touring::i18n::untranslated(&html, &["Replay night", "Ann", "Bob"]);
            assert!(
                left.is_empty(),
                "{rules:?} {path}: not from a message: {left:?}"
            );
            html
        };
        check(&format!("/events/{event}/replays"));
        let deal = format!("/events/{event}/replays/1/1/1");
        let first = check(&deal);
        let steps = steps_of(&first);
        // Every step of a short deal; of a long one, every seventh and the last.
        for step in (1..steps)
            .filter(|s| steps < 150 || s % 7 == 0)
            .chain([steps])
        {
            check(&format!("{deal}?step={step}"));
        }
    }
}

#[test]
fn the_replay_pages_speak_french_to_a_french_browser() {
    let (server, event) = server_with_a_finished_deal(RulesId::MilleBornes);
    let (_, list) = page_in(&server, &format!("/events/{event}/replays"), "fr");
    assert!(list.contains("<h1>Rediffusions</h1>"), "{list}");
    assert!(list.contains(">Revoir</a>"), "{list}");
    let deal = format!("/events/{event}/replays/1/1/1");
    let (_, first) = page_in(&server, &deal, "fr");
    let first = first.replace("&#39;", "'").replace("&#x27;", "'");
    assert!(first.contains("<strong>Étape 0 sur "), "{first}");
    assert!(
        first.contains("La donne telle qu'elle a été distribuée."),
        "{first}"
    );
    assert!(first.contains("Tel qu'Ann l'a vu"), "{first}");
    let steps = steps_of(&first);
    let (_, last) = page_in(&server, &format!("{deal}?step={steps}"), "fr");
    let last = last.replace("&#39;", "'");
    assert!(last.contains("Le score de la manche"), "{last}");
    assert!(last.contains(">Bottes</th>"), "{last}");
    assert!(last.contains("Le dernier coup de la donne."), "{last}");
}
