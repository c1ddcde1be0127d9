//! A whole small evening walked in Chromium as its guests do, script on (issue 25, Tests): a
//! Mille Bornes evening of one round at a digital table and a paper table. Guests join by the
//! wall's QR code and by a table tent's, play moves on their phones (one of them while the
//! server is out of reach: "Not sent", then sent once), a guest leaves in the middle of the
//! round and a late arrival takes the seat from the link the host gets, the paper table's phone
//! enters a card of two hands, the last round is closed, corrected while the results are
//! provisional, and the evening closed; the host's browser downloads the exports. The host's
//! own steps go through the API (the console's are tested in tests/browser/chromium.rs and
//! tests/server/seat_hand_over.rs).
//!
//! Needs `chromium`, `chromedriver` and `zbarimg`; without them the test says it is skipped and
//! passes (in CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use std::collections::HashMap;

use browser::{Browser, Driver, mille_hand, qr_reader_or_skip, runtime, tools_or_skip};
use common::api::{Host, table_of};
use common::server::Server;
use serde_json::{Value, json};
use thirtyfour::prelude::*;

/// Runs the API's blocking client from within the test's async block.
fn blocking<T>(call: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(call)
}

/// The names at a table of round 1, in side order.
fn names_at(round: &Value, table: u64) -> Vec<String> {
    table_of(round, table)["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["names"][0].as_str().expect("a name").to_owned())
        .collect()
}

/// The index (in `tokens`) of the seat to move, once the table is not waiting.
async fn to_move(phones: &[&Browser]) -> usize {
    // Read off the phones, as the guests do: opening a seat's own link (even through the API)
    // would take the seat back from the phone that picked it.
    for _ in 0..200 {
        for (index, phone) in phones.iter().enumerate() {
            if phone
                .text_of("#board")
                .await
                .is_some_and(|text| text.contains("Your turn"))
            {
                return index;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no seat of the table came to move");
}

/// An entry's id and its first player's, by name, from the host's list of entries.
fn entry_named(server: &Server, host: &Host, name: &str) -> (i64, i64) {
    let entries = host.get(server, "/entries");
    let entry = entries["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|e| e["names"][0] == name)
        .unwrap_or_else(|| panic!("no entry named {name}: {entries}"));
    (
        entry["id"].as_i64().expect("an entry id"),
        entry["players"][0].as_i64().expect("a player id"),
    )
}

#[test]
fn a_small_evening_walked_in_chromium_as_its_guests_do() {
    let Some(tools) = tools_or_skip("the whole evening's walk") else {
        return;
    };
    let Some(zbarimg) = qr_reader_or_skip("the whole evening's walk") else {
        return;
    };
    let mut server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Walk of an evening", "rules": "mille-bornes", "table_size": 2,
               "seed": 77, "round": {"kind": "timed", "seconds": 3600},
               "length": {"kind": "rounds", "rounds": 1}, "prizes": 1}),
    );
    let tokens: HashMap<String, String> = ["Ann", "Bob", "Cid", "Dot"]
        .iter()
        .zip(host.add_players(&server, &["Ann", "Bob", "Cid", "Dot"]))
        .map(|(name, token)| ((*name).to_owned(), token))
        .collect();
    host.ok(&server, "/rounds", json!({"paper_tables": [2]}));
    host.ok(&server, "/rounds/1/start", json!({}));
    let round = host.get(&server, "/rounds/1");
    let digital = names_at(&round, 1);
    let paper = names_at(&round, 2);
    let (first, second) = (digital[0].clone(), digital[1].clone());
    runtime().block_on(async {
        let driver = Driver::start(&tools);

        // The first guest scans the wall's QR code and picks their name.
        let wall = driver.browser(1920, 1080).await;
        wall.goto(
            server
                .url(&format!("/events/{}/screen", host.event))
                .as_str(),
        )
        .await
        .expect("the projector");
        let wall_link = wall.read_qr(&zbarimg, "#screen-join svg").await;
        assert!(wall_link.contains("/join?key="), "{wall_link}");
        let sit_down = async |link: &str, name: &str| -> Browser {
            let phone = driver.phone(412, 860).await;
            phone.goto(link).await.expect("the QR code's link");
            phone.wait_for_text("h1", "who are you?").await;
            phone.click_button(name).await;
            phone.wait_for_text("#board h1", name).await;
            phone.live_drawn().await;
            phone
        };
        let first_phone = sit_down(&wall_link, &first).await;

        // The second scans table 1's tent, printed from the console.
        let console = driver.browser(1100, 900).await;
        console
            .goto(host.console_link(&server).as_str())
            .await
            .expect("the console");
        console
            .goto(
                server
                    .url(&format!("/events/{}/print/tents", host.event))
                    .as_str(),
            )
            .await
            .expect("the table tents");
        let tent_link = console.read_qr(&zbarimg, ".tent svg").await;
        assert!(tent_link.contains("/table/1?key="), "{tent_link}");
        let second_phone = sit_down(&tent_link, &second).await;
        let phones = [&first_phone, &second_phone];

        // They play a move each, as the deal comes to them.
        for _ in 0..2 {
            let who = to_move(&phones).await;
            let before = phones[who].actions_shown().await;
            let button = phones[who].a_shown_move().await;
            button.click().await.expect("play a move");
            phones[who].board_after(before).await;
        }

        // The Wi-Fi drops as a move is tapped: the phone says so, then sends it once.
        let who = to_move(&phones).await;
        let phone = phones[who];
        phone.mark_page().await;
        let before = phone.actions_shown().await;
        let button = phone.a_shown_move().await;
        blocking(|| server.kill());
        button.click().await.expect("tap a move offline");
        phone
            .wait_for_text("#board .moves .unsent", "Not sent: no connection")
            .await;
        blocking(|| server.start_again_on_the_same_port());
        phone.board_after(before).await;
        phone.wait_for_none("the note gone", ".unsent").await;
        assert!(phone.same_page().await, "the page was never left");
        // The move reached the server: the other phone sees it too.
        phones[1 - who].board_after(before).await;

        // The second guest leaves; Eve, late, takes the seat from the link the host gets.
        let (_, player) = blocking(|| entry_named(&server, &host, &second));
        let handed = blocking(|| {
            host.ok(
                &server,
                &format!("/players/{player}/hand-over"),
                json!({"name": "Eve"}),
            )
        });
        let eve_link = server.url(handed["link"]["link"].as_str().expect("Eve's link"));
        let eve_phone = driver.phone(412, 860).await;
        eve_phone.goto(eve_link.as_str()).await.expect("Eve's link");
        eve_phone.wait_for_text("#board h1", "Eve").await;
        second_phone
            .wait_for_text("body", "gave your seat to Eve")
            .await;

        // The signal; the paper table's phone enters its card of two hands.
        blocking(|| host.ok(&server, "/rounds/1/stop", json!({})));
        let paper_phone = driver.phone(412, 900).await;
        paper_phone
            .goto(server.url(&format!("/seat/{}", tokens[&paper[0]])).as_str())
            .await
            .expect("the paper seat");
        paper_phone.wait_for_text("#board h1", &paper[0]).await;
        paper_phone.type_counts(&mille_hand(1, 700, 1)).await;
        paper_phone.click_button("Add a hand").await;
        paper_phone
            .wait_for("hand 2's row", async |driver: &WebDriver| {
                Ok(driver
                    .find_all(By::Id("my-2_miles"))
                    .await?
                    .first()
                    .map(|_| ()))
            })
            .await;
        paper_phone.type_counts(&mille_hand(2, 450, 0)).await;
        paper_phone.click_button("Enter my card").await;
        paper_phone
            .wait_for_text(".flash", "Your card is in: 1550")
            .await;
        blocking(|| {
            host.ok(
                &server,
                "/rounds/1/tables/2/scores",
                json!({"side": 1, "hands": [{"miles": 300}, {"miles": 700, "trip": 1}]}),
            );
            host.ok(&server, "/rounds/1/tables/2/scores/0/confirm", json!({}));
            host.ok(&server, "/rounds/1/close", json!({}));
        });
        first_phone
            .wait_for_text("body", "provisional until the host closes the evening")
            .await;

        // The last round corrected while provisional, then the evening closed.
        let (entry, _) = blocking(|| entry_named(&server, &host, &first));
        blocking(|| {
            host.ok(
                &server,
                "/corrections",
                json!({"round": 1, "entry": entry, "miles": 425, "reason": "miscounted"}),
            );
            host.ok(&server, "/close", json!({}));
        });
        first_phone
            .wait_for("the final word", async |driver: &WebDriver| {
                let body = driver.find(By::Css("body")).await?.text().await?;
                Ok(
                    (body.contains("with 425 points") && !body.contains("provisional"))
                        .then_some(()),
                )
            })
            .await;
        first_phone.audit("a guest's phone after the evening").await;

        // The host's browser downloads the exports.
        console
            .goto(server.url(&format!("/events/{}/host", host.event)).as_str())
            .await
            .expect("the console");
        let mut hrefs = Vec::new();
        for link in console
            .find_all(By::Css("a[download]"))
            .await
            .expect("the downloads")
        {
            hrefs.push(link.attr("href").await.expect("href").expect("an address"));
        }
        assert!(
            hrefs.len() >= 3,
            "standings CSV, JSON and the evening: {hrefs:?}"
        );
        for href in &hrefs {
            let got: Vec<Value> = console
                .execute(
                    "return fetch(arguments[0]).then(function (r) {
                       return r.text().then(function (t) { return [r.status, t]; });
                     });",
                    vec![json!(href)],
                )
                .await
                .expect("download")
                .convert()
                .expect("status and body");
            assert_eq!(got[0], 200, "{href}");
            let body = got[1].as_str().unwrap_or_default();
            assert!(
                body.contains("Eve") && body.contains("425"),
                "{href}: {body}"
            );
        }
        for browser in [
            first_phone,
            second_phone,
            eve_phone,
            paper_phone,
            console,
            wall,
        ] {
            browser.quit().await;
        }
    });
}
