//! A seat whose guest leaves in the middle of a round, handed to a late arrival
//! (progressive-format.md, "Late, withdrawn and closing"): the late guest takes over the seat's
//! hand and score so far, the table's deal goes on, the round's score is theirs, and the guest
//! who left keeps only the rounds before; their link no longer plays and says why. Through the
//! API, and in Chromium (script on) from the console's link to a move played.
//!
//! The Chromium test needs `chromium` and `chromedriver`; without them it says it is skipped and
//! passes (in CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use browser::{Browser, Driver, eventually, runtime, tools_or_skip};
use common::api::{Dice, Host, seat, send_move};
use common::server::Server;
use serde_json::{Value, json};
use thirtyfour::prelude::*;

/// Ann and Bob at one table, round 1 started; answers the host and their seat tokens.
fn ann_and_bob(server: &Server, name: &str) -> (Host, Vec<String>) {
    let host = Host::create(server, json!({"name": name, "seed": 25}));
    let tokens = host.add_players(server, &["Ann", "Bob"]);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    (host, tokens)
}

/// Plays `count` moves of whichever seat is to move (of `tokens`), chosen by `dice`.
fn play_moves(server: &Server, tokens: &[String], dice: &mut Dice, count: usize) {
    for _ in 0..count {
        let Some((token, state)) = tokens.iter().find_map(|t| {
            let state = seat(server, t);
            (state["deal"]["your_turn"] == true).then(|| (t.clone(), state))
        }) else {
            return;
        };
        let action = dice.pick(&state).expect("a legal move");
        let (status, answer) = send_move(server, &token, &state["deal"]["actions"], &action);
        assert_eq!(status, 200, "{answer}");
    }
}

/// Runs the API's blocking client from within a test's async block.
fn blocking<T>(call: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(call)
}

fn hand_over(server: &Server, host: &Host, player: &Value, body: Value) -> (u16, Value) {
    host.post(server, &format!("/players/{player}/hand-over"), body)
}

#[test]
fn a_late_arrival_takes_over_a_seat_left_mid_round_with_its_hand_and_the_rounds_score() {
    let server = Server::start();
    let (host, tokens) = ann_and_bob(&server, "Hand over");
    let mut dice = Dice::new(25);
    play_moves(&server, &tokens, &mut dice, 6);
    let ann = seat(&server, &tokens[0]);
    let (status, handed) = hand_over(&server, &host, &ann["player"], json!({"name": "Cid"}));
    assert_eq!(status, 201, "{handed}");
    assert_eq!(handed["round"], 1);
    assert_eq!(handed["table"], 1);
    let cid_token = handed["link"]["token"]
        .as_str()
        .expect("Cid's token")
        .to_owned();

    // The deal goes on: Cid holds Ann's seat, hand and place in the deal.
    let cid = seat(&server, &cid_token);
    assert_eq!(cid["name"], "Cid");
    assert_eq!(cid["table"], 1);
    assert_eq!(cid["deal"]["number"], ann["deal"]["number"]);
    assert_eq!(cid["deal"]["seat"], ann["deal"]["seat"]);
    assert_eq!(cid["deal"]["actions"], ann["deal"]["actions"]);
    assert_eq!(cid["deal"]["view"], ann["deal"]["view"], "the same hand");

    // Ann's link no longer plays, and says so in words.
    let old = seat(&server, &tokens[0]);
    let message = old["message"].as_str().expect("a message");
    assert!(message.contains("gave your seat to Cid"), "{message}");
    assert!(old["deal"].is_null(), "Ann sees no hand: {old}");
    let bob = seat(&server, &tokens[1]);
    let legal = [&cid, &bob]
        .iter()
        .find_map(|s| s["deal"]["legal"].get(0).cloned())
        .expect("a move of the seat to move");
    let (status, refused) = send_move(&server, &tokens[0], &cid["deal"]["actions"], &legal);
    assert_eq!(status, 409, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|m| m.contains("gave your seat to Cid")),
        "{refused}"
    );

    // Cid and Bob play on; the round's score is Cid's, and Ann scores nothing for it.
    let at_table = [cid_token.clone(), tokens[1].clone()];
    play_moves(&server, &at_table, &mut dice, 6);
    host.ok(&server, "/rounds/1/stop", json!({}));
    let closed = host.ok(&server, "/rounds/1/close", json!({}));
    let miles = &closed["close"]["closing"]["miles"];
    let cid_entry = handed["entry"].to_string();
    let ann_entry = ann["entry"].to_string();
    assert!(
        miles.get(&cid_entry).is_some(),
        "Cid scores round 1: {miles}"
    );
    assert!(miles.get(&ann_entry).is_none(), "Ann does not: {miles}");

    // A seat is handed over only in a round being played, and only once.
    let (status, again) = hand_over(&server, &host, &ann["player"], json!({"name": "Dot"}));
    assert_eq!(status, 409, "{again}");
    assert!(again.to_string().contains("withdrawn"), "{again}");
    let (status, early) = hand_over(&server, &host, &bob["player"], json!({"name": "Dot"}));
    assert_eq!(status, 409, "{early}");
    assert!(early.to_string().contains("has not started"), "{early}");
}

#[test]
fn a_seat_is_not_handed_to_a_late_arrival_with_a_taken_or_empty_name() {
    let server = Server::start();
    let (host, tokens) = ann_and_bob(&server, "Hand over names");
    let ann = seat(&server, &tokens[0]);
    let (status, taken) = hand_over(&server, &host, &ann["player"], json!({"name": "Bob"}));
    assert!(status == 409 || status == 422, "{status} {taken}");
    let (status, empty) = hand_over(&server, &host, &ann["player"], json!({"name": "  "}));
    assert_eq!(status, 422, "{empty}");
    // Nothing changed: Ann still plays.
    assert_eq!(seat(&server, &tokens[0])["table"], 1);
}

/// The late guest's seat link, as the console shows it after the hand-over.
async fn console_link(host: &Browser) -> String {
    let link = host.wait_for_text_of(".flash a", "/seat/").await;
    link.trim().to_owned()
}

#[test]
fn a_late_arrival_opens_the_seat_link_the_console_gives_and_plays_a_move() {
    let Some(tools) = tools_or_skip("a seat handed to a late arrival") else {
        return;
    };
    let server = Server::start();
    let (host, tokens) = ann_and_bob(&server, "Hand over in Chromium");
    let ann = seat(&server, &tokens[0]);
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let ann_phone = driver.phone(412, 860).await;
        ann_phone
            .goto(server.url(&format!("/seat/{}", tokens[0])).as_str())
            .await
            .expect("Ann's seat");
        ann_phone.wait_for_text("#board h2", "Deal 1").await;

        // The host hands Ann's seat to Cid from the console.
        let console = driver.browser(1000, 900).await;
        console
            .goto(host.console_link(&server).as_str())
            .await
            .expect("the console");
        let field = console
            .wait_for_text("label", "or to a late guest")
            .await
            .attr("for")
            .await
            .expect("the label's field")
            .expect("a field");
        assert_eq!(field, format!("late-{}", ann["player"]));
        console
            .find(By::Id(&field))
            .await
            .expect("the name field")
            .send_keys("Cid")
            .await
            .expect("type the name");
        console.click_button("hand over").await;
        eventually("the hand-over's confirmation", async || {
            console.accept_alert().await.ok()
        })
        .await;
        let link = console_link(&console).await;
        console.audit("the console after a seat handed over").await;

        // Ann's open page learns by itself that her link no longer plays.
        ann_phone
            .wait_for_text("body", "gave your seat to Cid")
            .await;

        // Cid opens the link and plays a move once it is their turn.
        let cid_phone = driver.phone(412, 860).await;
        cid_phone.goto(link.as_str()).await.expect("Cid's link");
        cid_phone.wait_for_text("#board h1", "Cid").await;
        cid_phone.live_drawn().await;
        let cid_token = link.rsplit('/').next().expect("a token").to_owned();
        let before = blocking(|| {
            if seat(&server, &cid_token)["deal"]["your_turn"] != true {
                play_moves(&server, &tokens[1..], &mut Dice::new(7), 1);
            }
            seat(&server, &cid_token)["deal"]["actions"]
                .as_u64()
                .expect("actions")
        });
        let mv = cid_phone.a_shown_move().await;
        mv.click().await.expect("play the move");
        eventually("Cid's move stored", async || {
            let now = blocking(|| seat(&server, &cid_token));
            (now["deal"]["actions"].as_u64() > Some(before)).then_some(())
        })
        .await;
        cid_phone.audit("a late arrival's seat").await;
        cid_phone.quit().await;
        ann_phone.quit().await;
        console.quit().await;
    });
}
