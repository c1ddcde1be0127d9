//! The language chooser at the foot of a guest's pages, in Chromium, with the page's script on
//! and off: a phone that reads English (its browser's Accept-Language) taps "Français", the seat
//! page comes back in French (its `<html lang>` too) and stays so on the next visit, and
//! "English" brings it back.
//!
//! Needs `chromium` and `chromedriver`; without them the test says it is skipped and passes (in
//! CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use browser::{Browser, runtime, tools_or_skip};
use common::api::Host;
use common::server::Server;
use serde_json::json;

/// Waits until the page is in `lang` (its `<html lang>`) and holds `words`. (A page being
/// replaced answers nothing and is asked again.)
async fn wait_for_language(phone: &Browser, lang: &str, words: &str) {
    let html = format!("<html lang=\"{lang}\"");
    browser::eventually(
        &format!("the page in {lang} saying \"{words}\""),
        async || {
            let source = phone.source().await.ok()?;
            (source.contains(&html) && source.contains(words)).then_some(())
        },
    )
    .await;
}

#[test]
fn a_guest_switches_the_seat_page_to_french_and_back_with_script_on_and_off() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Soirée", "rules": "mille-bornes"}));
    let tokens = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    runtime().block_on(async {
        let driver = browser::Driver::start(&tools);
        for (script, token) in [true, false].into_iter().zip(&tokens) {
            let phone = driver.browser_with_script(390, 844, script).await;
            let seat = server.url(&format!("/seat/{token}"));
            phone.goto(&seat).await.expect("the seat page");
            wait_for_language(&phone, "en", "Skip to your hand").await;

            phone.click_button("Français").await;
            wait_for_language(&phone, "fr", "Aller à votre main").await;
            assert!(
                phone.current_url().await.expect("url").as_str() == seat,
                "the chooser comes back to the seat page"
            );
            let source = phone.source().await.expect("the page");
            assert!(source.contains("Pioche"), "the board in French");

            // The choice is kept: the next visit is in French too.
            phone.goto(&seat).await.expect("the seat page again");
            wait_for_language(&phone, "fr", "Aller à votre main").await;

            phone.click_button("English").await;
            wait_for_language(&phone, "en", "Skip to your hand").await;
            phone.quit().await;
        }
    });
}
