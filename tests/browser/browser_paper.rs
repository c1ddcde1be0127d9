//! Paper tables on the host console in real Chromium (tests/server/paper_console.rs checks the same
//! forms without script): the host sees each table's cards, confirms a card a player entered,
//! has a card with a blank line refused with the message beside that line and what was typed
//! kept, corrects it, and closes the round once every card is in.
//!
//! Needs `chromium` and `chromedriver`; without them the test says it is skipped and passes
//! (in CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use browser::{Browser, Driver, mille_hand, runtime, tools_or_skip};
use common::api::{Host, seat_of};
use common::server::Server;
use serde_json::json;
use thirtyfour::prelude::*;

/// The value the input `id` holds now (read by script: a live redraw may replace the element
/// at any moment).
async fn value_of(browser: &Browser, id: &str) -> String {
    browser
        .execute(
            "var input = document.getElementById(arguments[0]); return input ? input.value : null;",
            vec![json!(id)],
        )
        .await
        .expect("read a field")
        .convert::<Option<String>>()
        .expect("a value")
        .unwrap_or_else(|| panic!("no field {id}"))
}

/// Types the counts of a card into its fields (`None` leaves a field blank), by script, as
/// typing would leave them: a live redraw keeps what was typed.
async fn type_card(browser: &Browser, prefix: &str, counts: &[(&str, Option<u32>)]) {
    for (row, count) in counts {
        let typed = count.map(|c| c.to_string()).unwrap_or_default();
        let found: bool = browser
            .execute(
                "var input = document.getElementById(arguments[0]);
                 if (!input) return false;
                 input.value = arguments[1];
                 return true;",
                vec![json!(format!("{prefix}-{row}")), json!(typed)],
            )
            .await
            .expect("type into a field")
            .convert()
            .expect("an answer");
        assert!(found, "no field {prefix}-{row}");
    }
}

/// Lets a page that just loaded receive its live stream's first drawing.
async fn settle() {
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
}

#[test]
fn the_host_confirms_corrects_and_completes_paper_cards_on_the_console() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Paper night", "seed": 5, "length": {"kind": "rounds", "rounds": 1}}),
    );
    let tokens = host.add_players(&server, &["Ann", "Bob", "Cat", "Dan"]);
    host.ok(&server, "/rounds", json!({"all_paper": true}));
    host.ok(&server, "/rounds/1/start", json!({}));
    host.ok(&server, "/rounds/1/stop", json!({}));
    // Ann enters her own card from her phone (through the API, as its form would).
    let (ann_table, ann_side) = seat_of(&server, &host, "Ann");
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/scores", tokens[0]),
        None,
        &json!({"side": ann_side, "counts": {"mile1": 4, "mile3": 2, "mile5": 0, "mile10": 1}}),
    );
    assert_eq!(status, 200, "{answer}");
    let other = 1 - ann_side;
    // Ann's tablemate.
    let name = ["Bob", "Cat", "Dan"]
        .into_iter()
        .find(|name| seat_of(&server, &host, name).0 == ann_table)
        .expect("Ann's tablemate");
    let second = 3 - ann_table;
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let console = driver.browser(1280, 900).await;
        console
            .goto(host.console_link(&server).as_str())
            .await
            .expect("open the console");
        settle().await;
        let cards = format!("#cards-{ann_table}");
        console
            .wait_for_text(&cards, "1 of 2 cards in, 1 to confirm")
            .await;
        console.wait_for_text(&cards, "missing").await;
        console
            .audit("the console with paper cards to confirm")
            .await;
        assert_eq!(
            value_of(&console, &format!("card-{ann_table}-{ann_side}-mile1")).await,
            "4",
            "Ann's card shows its counts"
        );

        // The host confirms Ann's card.
        console.click_button("Confirm Ann's card").await;
        console
            .wait_for_text(".flash", "the card is confirmed")
            .await;
        settle().await;
        console.wait_for_text(&cards, "1 of 2 cards in").await;
        assert!(
            console
                .text_of(&cards)
                .await
                .is_some_and(|t| !t.contains("to confirm")),
            "nothing waits for a confirmation at Ann's table"
        );

        // The host types the other side's card with a line left blank: refused, the message
        // beside that line, what was typed kept.
        let prefix = format!("card-{ann_table}-{other}");
        type_card(
            &console,
            &prefix,
            &[
                ("mile1", Some(3)),
                ("mile3", Some(1)),
                ("mile5", None),
                ("mile10", Some(2)),
            ],
        )
        .await;
        console.click_button(&format!("Enter {name}'s card")).await;
        console
            .wait_for_text(".flash", "that card was not taken")
            .await;
        settle().await;
        let message = console
            .wait_for_text(&format!("#{prefix}-mile5-error"), "not entered")
            .await;
        assert!(message.is_displayed().await.expect("shown"));
        for (row, typed) in [
            ("mile1", "3"),
            ("mile3", "1"),
            ("mile5", ""),
            ("mile10", "2"),
        ] {
            assert_eq!(
                value_of(&console, &format!("{prefix}-{row}")).await,
                typed,
                "{row} keeps what was typed"
            );
        }
        let invalid = console
            .find(By::Id(format!("{prefix}-mile5")))
            .await
            .expect("the blank field")
            .attr("aria-invalid")
            .await
            .expect("aria-invalid");
        assert_eq!(invalid.as_deref(), Some("true"));
        console.screenshot_as("paper-console-refused.png").await;
        console.audit("the console with a paper card refused").await;

        // The host writes 0 on the blank line: the card is in and keeps its values.
        type_card(&console, &prefix, &[("mile5", Some(0))]).await;
        console.click_button(&format!("Enter {name}'s card")).await;
        console
            .wait_for_text(".flash", "the card is in (26 miles) and confirmed")
            .await;
        settle().await;
        assert_eq!(value_of(&console, &format!("{prefix}-mile10")).await, "2");
        console.wait_for_text(&cards, "2 of 2 cards in").await;
        assert!(
            console
                .find_all(By::Css(".field-error"))
                .await
                .expect("messages")
                .is_empty(),
            "no message is left once the card is in"
        );

        // The other table's cards, then the round closes.
        for side in 0..2 {
            let prefix = format!("card-{second}-{side}");
            type_card(
                &console,
                &prefix,
                &[
                    ("mile1", Some(2 + side as u32)),
                    ("mile3", Some(1)),
                    ("mile5", Some(0)),
                    ("mile10", Some(0)),
                ],
            )
            .await;
            let forms = console
                .find_all(By::Css(format!("#cards-{second} form.card-form")))
                .await
                .expect("the card forms");
            forms[side]
                .find(By::Css("button"))
                .await
                .expect("the form's button")
                .click()
                .await
                .expect("enter the card");
            console.wait_for_text(".flash", "the card is in").await;
            settle().await;
        }
        console
            .wait_for_text(&format!("#cards-{second}"), "2 of 2 cards in")
            .await;
        console.screenshot_as("paper-console.png").await;
        console.click_button("Close round 1").await;
        console.wait_for_text(".flash", "Round 1 is closed").await;
        console.audit("the console, a paper round closed").await;
        console.quit().await;
    });
}

#[test]
fn words_no_stale_your_card_is_in_on_the_paper_phone_in_the_next_round() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Two rounds of cards", "seed": 3, "length": {"kind": "rounds", "rounds": 2}}),
    );
    let tokens = host.add_players(&server, &["Ann", "Bob", "Cat", "Dan"]);
    host.ok(&server, "/rounds", json!({"all_paper": true}));
    host.ok(&server, "/rounds/1/start", json!({}));
    host.ok(&server, "/rounds/1/stop", json!({}));
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let phone = driver.phone(390, 844).await;
        phone
            .goto(server.url(&format!("/seat/{}", tokens[0])).as_str())
            .await
            .expect("open Ann's seat");
        settle().await;
        let counts = [
            ("mile1", Some(4)),
            ("mile3", Some(2)),
            ("mile5", Some(0)),
            ("mile10", Some(1)),
        ];
        type_card(&phone, "my", &counts).await;
        phone.click_button("Enter my card").await;
        phone
            .wait_for_text("main > .flash", "Your card is in")
            .await;
        settle().await;
        // The host enters every card and closes round 1: round 2 is seated.
        tokio::task::block_in_place(|| {
            for table in 1..=2 {
                for side in 0..2 {
                    host.ok(
                        &server,
                        &format!("/rounds/1/tables/{table}/scores"),
                        json!({"side": side, "counts": {"mile1": 2, "mile3": 1, "mile5": 0, "mile10": side}}),
                    );
                }
            }
            host.ok(&server, "/rounds/1/close", json!({}));
        });
        phone.wait_for_text("#board .seatbar", "round 2").await;
        phone.wait_for_none("the last round's message gone", "main > .flash").await;
        assert!(
            !phone.body_text().await.contains("Your card is in"),
            "nothing stale in round 2"
        );
        phone.quit().await;
        drop(driver);
    });
}

#[test]
fn a_phone_enters_a_mille_bornes_card_of_two_hands_with_script_on_and_off() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    for script in [true, false] {
        let server = Server::start();
        let host = Host::create(
            &server,
            json!({"name": "Family night", "rules": "mille-bornes", "table_size": 2,
                   "seed": 7, "length": {"kind": "rounds", "rounds": 2}}),
        );
        let tokens = host.add_players(&server, &["Ann", "Bob"]);
        host.ok(&server, "/rounds", json!({"all_paper": true}));
        host.ok(&server, "/rounds/1/start", json!({}));
        host.ok(&server, "/rounds/1/stop", json!({}));
        runtime().block_on(async {
            let driver = Driver::start(&tools);
            let phone = driver.browser_with_script(412, 900, script).await;
            phone
                .goto(server.url(&format!("/seat/{}", tokens[0])).as_str())
                .await
                .expect("open the seat");
            settle().await;
            phone.type_counts(&mille_hand(1, 700, 1)).await;
            if script {
                // The hand's points follow what is typed.
                phone
                    .wait_for_text("fieldset.card-hand .hand-points", "1100")
                    .await;
            }
            phone.click_button("Add a hand").await;
            settle().await;
            assert_eq!(value_of(&phone, "my-miles").await, "700", "hand 1 is kept");
            assert_eq!(value_of(&phone, "my-2_miles").await, "", "a row for hand 2");
            phone.type_counts(&mille_hand(2, 450, 0)).await;
            if script {
                phone.wait_for_text(".hand-total", "1550").await;
            }
            phone.click_button("Enter my card").await;
            phone.wait_for_text(".flash", "Your card is in: 1550").await;
            settle().await;
            phone
                .wait_for_text("#board", "Hand 2: Milestones: 450")
                .await;
            phone.wait_for_text(".hand-total", "1550").await;
            phone
                .screenshot_as(&format!(
                    "paper-two-hands-script-{}.png",
                    if script { "on" } else { "off" }
                ))
                .await;
            phone.audit("a phone's card of two hands").await;
            phone.quit().await;
        });
        let state = common::api::seat(&server, &tokens[0]);
        let mine = state["cards"]
            .as_array()
            .and_then(|cards| cards.iter().find(|c| c["mine"] == true))
            .cloned()
            .expect("my card");
        assert_eq!(mine["hands"].as_array().map(Vec::len), Some(2), "{mine}");
    }
}

/// The scores of the seat page's table "At your table" as the phone shows them now.
async fn shown_scores(phone: &Browser) -> Vec<String> {
    phone
        .execute(
            "return Array.prototype.map.call(
               document.querySelectorAll('touring-part[data-part=table] td.num'),
               function (cell) { return cell.textContent.trim(); });",
            Vec::new(),
        )
        .await
        .expect("read the table")
        .convert()
        .expect("the scores")
}

/// Waits until the table "At your table" shows these scores.
async fn wait_for_scores(phone: &Browser, wanted: &[&str]) {
    browser::eventually(&format!("the table showing {wanted:?}"), async || {
        (shown_scores(phone).await == wanted).then_some(())
    })
    .await;
}

#[test]
fn a_paper_phone_shows_both_confirmed_scores_live_and_drops_its_card_is_in_message() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Family night", "rules": "mille-bornes", "table_size": 2,
               "seed": 7, "length": {"kind": "rounds", "rounds": 1}}),
    );
    let tokens = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({"all_paper": true}));
    host.ok(&server, "/rounds/1/start", json!({}));
    host.ok(&server, "/rounds/1/stop", json!({}));
    let (_, ann) = seat_of(&server, &host, "Ann");
    let bob = 1 - ann;
    // A side's card as Bob's seat sees it: what a confirmation names.
    let version = |side: usize| {
        let state = common::api::seat(&server, &tokens[1]);
        state["cards"]
            .as_array()
            .and_then(|cards| cards.iter().find(|c| c["side"] == side))
            .and_then(|c| c["version"].as_str())
            .expect("the card's version")
            .to_owned()
    };
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let phone = driver.phone(360, 740).await;
        phone
            .goto(server.url(&format!("/seat/{}", tokens[0])).as_str())
            .await
            .expect("open Ann's seat");
        settle().await;
        phone.type_counts(&mille_hand(1, 700, 1)).await;
        phone.click_button("Enter my card").await;
        phone
            .wait_for_text("main > .flash", "Another side confirms it")
            .await;
        phone.live_drawn().await;
        phone.mark_page().await;
        let mut unconfirmed = ["–", "–"];
        wait_for_scores(&phone, &unconfirmed).await;
        // Bob enters his own card: Ann's is still to confirm, and the message stays.
        tokio::task::block_in_place(|| {
            let (status, answer) = server.post(
                &format!("/api/v1/seats/{}/scores", tokens[1]),
                None,
                &json!({"side": bob, "hands": [{"miles": 300}]}),
            );
            assert_eq!(status, 200, "{answer}");
        });
        phone.wait_for_text("#board", "Confirm Bob").await;
        settle().await;
        assert!(
            phone
                .text_of("main > .flash")
                .await
                .is_some_and(|t| t.contains("Another side confirms it")),
            "the message stays while Ann's card waits"
        );
        // Bob confirms Ann's card: her points show at once, and the message is gone.
        tokio::task::block_in_place(|| {
            let (status, answer) = server.post(
                &format!("/api/v1/seats/{}/scores/{ann}/confirm", tokens[1]),
                None,
                &json!({"version": version(ann)}),
            );
            assert_eq!(status, 200, "{answer}");
        });
        unconfirmed[ann] = "1100";
        wait_for_scores(&phone, &unconfirmed).await;
        phone
            .wait_for_none("the card-is-in message gone", "main > .flash")
            .await;
        // The host confirms Bob's: both scores show.
        tokio::task::block_in_place(|| {
            let (status, answer) = host.post(
                &server,
                &format!("/rounds/1/tables/1/scores/{bob}/confirm"),
                json!({}),
            );
            assert_eq!(status, 200, "{answer}");
        });
        let mut both = ["", ""];
        both[ann] = "1100";
        both[bob] = "300";
        wait_for_scores(&phone, &both).await;
        // The evening ends and is closed: the scores stay, beside Ann's result.
        tokio::task::block_in_place(|| {
            host.ok(&server, "/rounds/1/close", json!({}));
            host.ok(&server, "/close", json!({}));
        });
        phone
            .wait_for_text("#result", "See the final standings")
            .await;
        wait_for_scores(&phone, &both).await;
        assert!(phone.same_page().await, "all of it live, never reloaded");
        phone.audit("a closed evening's paper phone").await;
        phone.quit().await;
        drop(driver);
    });
}
