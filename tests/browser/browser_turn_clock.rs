//! The turn clock on a phone, in Chromium: the seat page says how long the turn still has,
//! counts it down with the page's script, and says it without script too; the other seat sees
//! whose turn it is and the same time, nothing more.
//!
//! Needs `chromium` and `chromedriver`; without them the test says it is skipped and passes (in
//! CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use browser::{Browser, runtime, tools_or_skip};
use common::api::{Host, seat};
use common::server::Server;
use serde_json::json;
use thirtyfour::prelude::*;

/// The whole seconds the turn clock shows on a page. Waited for: the live updates redraw the
/// turn clock, so the element found may be replaced before its text is read (a stale element).
async fn seconds_shown(phone: &Browser) -> u64 {
    phone
        .wait_for(
            "the turn's time in whole seconds",
            async |driver: &WebDriver| {
                let shown = driver
                    .find(By::Css("#turn-clock .turn-left"))
                    .await?
                    .text()
                    .await?;
                Ok(shown.trim().parse().ok())
            },
        )
        .await
}

#[test]
fn the_seat_page_shows_and_counts_down_the_turns_time() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Turn clock", "seed": 7, "turn_seconds": 120}),
    );
    let tokens = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    let (mover, other): (Vec<&String>, Vec<&String>) = tokens
        .iter()
        .partition(|t| seat(&server, t)["deal"]["your_turn"] == true);
    let (mover, other) = (mover[0].clone(), other[0].clone());
    let mover_name = seat(&server, &mover)["name"]
        .as_str()
        .expect("a name")
        .to_owned();
    runtime().block_on(async {
        let driver = browser::Driver::start(&tools);
        // With script: the seconds go down while the page stays.
        let phone = driver.phone(390, 844).await;
        phone
            .goto(server.url(&format!("/seat/{mover}")).as_str())
            .await
            .expect("open the seat");
        phone.live_drawn().await;
        phone.wait_for_text("#turn-clock", "Your turn").await;
        let first = seconds_shown(&phone).await;
        assert!(
            (1..=120).contains(&first),
            "the turn has up to 120 s: {first}"
        );
        phone.mark_page().await;
        let later = browser::eventually("the turn's seconds to go down", async || {
            let now = seconds_shown(&phone).await;
            (now < first).then_some(now)
        })
        .await;
        assert!(later < first);
        assert!(phone.same_page().await, "counted down without a reload");
        phone.quit().await;

        // Without script: the server's words say it; the other seat sees whose turn it is.
        let plain = driver.browser_with_script(390, 844, false).await;
        plain
            .goto(server.url(&format!("/seat/{other}")).as_str())
            .await
            .expect("open the other seat");
        let text = plain.wait_for_text_of("#turn-clock", "turn").await;
        assert!(
            text.contains(&format!("{mover_name}'s turn"))
                && text.contains("the turn clock plays it for the seat in"),
            "{text}"
        );
        let shown = seconds_shown(&plain).await;
        assert!((1..=120).contains(&shown), "{text}");
        plain.quit().await;
    });
}
