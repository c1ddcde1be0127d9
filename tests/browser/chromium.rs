//! An evening in real Chromium, driven through WebDriver against a real `touring serve`: the
//! host creates the event with the start page's form, adds four guests on the console, hands
//! out their seat links, seats round 1 and gives the signal; four phones (four browsers, each
//! with its own profile) play at two tables, and every move shows up on the opponent's phone
//! live, without a reload; the host stops and closes the round and the final standings follow.
//! A screenshot of each page goes to `target/screenshots/`.
//!
//! Another checks that the start page shows only the fields of the choices taken.
//!
//! Another lets a short timed round run out by itself: the console offers the close and
//! the phones freeze without anyone reloading.
//!
//! Another checks that a seat's hand that did not change is not sent again: the phone keeps
//! the one it shows, and a phone that shows another asks its stream again for the whole board.
//!
//! Needs `chromium` and `chromedriver`; without them the test says it is skipped and passes
//! (in CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use std::time::Duration;

use browser::{Browser, Driver, Tools, eventually, runtime, tools_or_skip};
use common::server::Server;
use serde_json::json;
use thirtyfour::prelude::*;

const GUESTS: [&str; 4] = ["Ann", "Bob", "Cid", "Dot"];

/// Moves played at each table, by both players in turn.
const MOVES_PER_TABLE: usize = 4;

#[test]
fn an_evening_in_chromium() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(evening(&tools, &server.base));
}

#[test]
fn the_start_page_shows_only_the_fields_of_the_choices_taken() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let host = driver.browser(1280, 900).await;
        host.goto(format!("{}/", server.base))
            .await
            .expect("open the start page");
        host.wait_for_text("h2", "Create an event").await;
        let shown = async |css: &str| -> bool {
            let field = host.find(By::Css(css)).await.expect(css);
            field.is_displayed().await.expect("is it displayed?")
        };
        assert!(shown("#round_minutes").await && shown("#rounds").await);
        assert!(!shown("#games").await, "rounds by games not chosen");
        assert!(!shown("#limit_minutes").await, "a time limit not chosen");
        for choice in [
            "input[name=round_kind][value=games]",
            "input[name=length_kind][value=time]",
        ] {
            let radio = host.find(By::Css(choice)).await.expect(choice);
            radio.click().await.expect("choose");
        }
        assert!(shown("#games").await && shown("#limit_minutes").await);
        assert!(!shown("#round_minutes").await && !shown("#rounds").await);
        // The game's own options: the 1988 hazard-on-hazard box, the wait for a Coup Fourré
        // and rounds to 5000 points only for Mille Bornes; a table of three's words name the
        // chosen game's trip.
        let points = "input[name=round_kind][value=points]";
        let touring_three = ".hint[data-for-rules~=touring-1926]";
        let mille_three = ".hint[data-for-rules=mille-bornes]";
        let mille_only = [
            "#hazard_on_hazard",
            "#coup_fourre_seconds",
            points,
            mille_three,
        ];
        for css in mille_only {
            assert!(!shown(css).await, "Touring (1926) is chosen: {css}");
        }
        assert!(
            shown(touring_three).await,
            "a table of three races a shorter trip"
        );
        let mille = "input[name=rules][value=mille-bornes]";
        host.find(By::Css(mille))
            .await
            .expect(mille)
            .click()
            .await
            .expect("choose Mille Bornes");
        for css in mille_only {
            assert!(shown(css).await, "Mille Bornes is chosen: {css}");
        }
        assert!(
            !shown(touring_three).await,
            "Mille Bornes keeps its trip at three"
        );
        host.audit("the start page with Mille Bornes chosen").await;
        host.quit().await;
    });
}

#[test]
fn a_timed_round_runs_out_on_every_open_page() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    // The shortest timed round, set up through the JSON API.
    let (seat_links, host_link) = two_guests_playing(
        &server,
        json!({"name": "Quick Touring", "round": {"kind": "timed", "seconds": 30},
                "length": {"kind": "rounds", "rounds": 2}, "seed": 7}),
    );
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let host = driver.browser(1280, 900).await;
        host.goto(host_link.as_str())
            .await
            .expect("open the host link");
        host.wait_for_text("#round-panel button", "Pause").await;
        host.mark_page().await;
        let phone = driver.browser(412, 900).await;
        phone
            .goto(seat_links[0].as_str())
            .await
            .expect("open a seat");
        phone.wait_for_text("#board h2", "Deal 1").await;
        phone.mark_page().await;

        // The round's 30 seconds run out; nobody touches anything.
        let patience = Duration::from_secs(90);
        host.wait_for_within(
            patience,
            "the console to offer the close",
            async |driver: &WebDriver| {
                let panel = driver.find(By::Id("round-panel")).await?.text().await?;
                Ok(panel.contains("Close round 1").then_some(()))
            },
        )
        .await;
        assert!(
            host.same_page().await,
            "the console learnt of the end without a reload"
        );
        phone
            .wait_for_within(
                patience,
                "the phone to freeze",
                async |driver: &WebDriver| {
                    let board = driver.find(By::Id("board")).await?.text().await?;
                    Ok(board.contains("Time is up for round 1").then_some(()))
                },
            )
            .await;
        assert!(
            phone.same_page().await,
            "the phone learnt of the end without a reload"
        );
        let moves = phone
            .find_all(By::Css("#board .moves button"))
            .await
            .expect("look for moves");
        assert!(moves.is_empty(), "no moves once the time is up");
        phone.quit().await;
        host.quit().await;
        drop(driver);
    });
}

/// The version of the hand a phone's board shows (web/parts.rs), and whether it is the
/// element marked by [`mark_hand`].
async fn hand_shown(phone: &Browser) -> Option<(String, bool)> {
    let answer = phone
        .execute(
            "var part = document.querySelector('#board touring-part[data-part=\"play\"]');
             return part && !part.hasAttribute('data-same') && part.querySelector('.hand .card')
               ? [part.getAttribute('data-v'), part.touringMarked === true] : null;",
            Vec::new(),
        )
        .await
        .ok()?;
    let shown = answer.json().as_array()?.clone();
    Some((
        shown.first()?.as_str()?.to_owned(),
        shown.get(1)?.as_bool()?,
    ))
}

/// Marks the element of the hand a phone's board shows; answers its version.
async fn mark_hand(phone: &Browser) -> String {
    let (version, _) = hand_shown(phone).await.expect("a hand on the board");
    phone
        .execute(
            "document.querySelector('#board touring-part[data-part=\"play\"]').touringMarked = true;",
            Vec::new(),
        )
        .await
        .expect("mark the hand");
    version
}

#[test]
fn a_hand_that_did_not_change_is_not_sent_again() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let (seat_links, host_link) = two_guests_playing(
        &server,
        json!({"name": "Kept Hands", "round": {"kind": "timed", "seconds": 900}, "seed": 11}),
    );
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let host = driver.browser(1280, 900).await;
        host.goto(host_link.as_str())
            .await
            .expect("open the host link");
        let phones = open_phones(&driver, &seat_links, "Deal 1").await;
        // The guest not to move: a pause changes their board's words, not their hand.
        let mut waiting = None;
        for phone in &phones {
            let forms = phone
                .find_all(By::Css("#board .moves button"))
                .await
                .expect("look for moves");
            if forms.is_empty() {
                waiting = Some(phone);
            }
        }
        let phone = waiting.expect("one guest waits for the other");
        phone.mark_page().await;
        let version = mark_hand(phone).await;
        let before = phone.text_of("#board .flash").await.unwrap_or_default();

        host.click_button("Pause").await;
        let paused = phone
            .wait_for("the pause on the waiting phone", async |driver: &WebDriver| {
                let now = driver.find(By::Css("#board .flash")).await?.text().await?;
                Ok((now != before).then_some(now))
            })
            .await;
        // The stream sent the board without the hand, and the page kept the one it shows.
        let (shown, marked) = hand_shown(phone).await.expect("the hand is still shown");
        assert_eq!(shown, version, "the hand is the same ({paused})");
        assert!(marked, "the hand was put back, not drawn again ({paused})");
        assert!(phone.same_page().await, "the pause came live");

        // The page shows a hand its stream did not send (as after the answer to a move drawn
        // in place): when the stream says "the same", the page asks it for the whole board.
        phone
            .execute(
                "document.querySelector('#board touring-part[data-part=\"play\"]').setAttribute('data-v', 'not-sent');",
                Vec::new(),
            )
            .await
            .expect("change the hand's version");
        host.click_button("Resume").await;
        let resumed = phone
            .wait_for("the whole board again", async |driver: &WebDriver| {
                let now = driver.find(By::Css("#board .flash")).await?.text().await?;
                Ok((now != paused).then_some(now))
            })
            .await;
        let (shown, marked) = phone
            .wait_for("the hand drawn again", async |_: &WebDriver| {
                Ok(hand_shown(phone).await.filter(|(v, _)| *v == version))
            })
            .await;
        assert_eq!(shown, version, "{resumed}");
        assert!(!marked, "the hand was drawn again from the stream ({resumed})");
        assert!(phone.same_page().await, "no reload: the stream was opened again");
        for phone in phones {
            phone.quit().await;
        }
        host.quit().await;
        drop(driver);
    });
}

/// A guest with their phone.
struct Guest {
    name: &'static str,
    phone: Browser,
    table: u32,
}

async fn evening(tools: &Tools, base: &str) {
    let driver = Driver::start(tools);
    let host = driver.browser(1280, 900).await;

    // ------------------------------------------------ the start page: create the event
    host.goto(format!("{base}/"))
        .await
        .expect("open the start page");
    host.wait_for_text("h2", "Create an event").await;
    host.screenshot_as("start.png").await;
    host.audit("the start page").await;
    fill(&host, "#name", "Friday Touring").await;
    fill(&host, "#rounds", "1").await;
    host.find(By::Css("form details summary"))
        .await
        .expect("the more-settings summary")
        .click()
        .await
        .expect("open more settings");
    fill(&host, "#seed", "1926").await;
    host.click_button("Create the event").await;

    let flash = host.wait_for_text(".flash", "Your event is ready").await;
    let host_link = flash
        .find(By::Css("a"))
        .await
        .expect("the host link in the message")
        .attr("href")
        .await
        .expect("href")
        .expect("the host link has an address");
    assert!(
        host_link.starts_with(base) && host_link.contains("/host?token="),
        "the host link {host_link} points to this server's console"
    );
    let console = host.current_url().await.expect("url").to_string();
    let event: i64 = console
        .trim_end_matches('/')
        .strip_suffix("/host")
        .and_then(|rest| rest.rsplit('/').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("the form leads to the console, not {console}"));
    host.wait_for_text("h1", "Friday Touring").await;
    host.wait_for_text("p.muted", "Add the guests").await;
    host.audit("the console of a new event").await;

    // ------------------------------------------------ the console: guests and their links
    for (added, name) in GUESTS.iter().enumerate() {
        fill(&host, "#new-name", name).await;
        host.click_button("Add").await;
        host.wait_for_text("#entries-title", &format!("({})", added + 1))
            .await;
    }
    let mut links = Vec::new();
    for name in GUESTS {
        host.click_button(&format!("link for {name}")).await;
        let flash = host
            .wait_for_text(".flash", &format!("The seat link of {name}"))
            .await;
        let link = flash
            .find(By::Css("a"))
            .await
            .expect("the seat link in the message")
            .attr("href")
            .await
            .expect("href")
            .expect("the seat link has an address");
        assert!(
            link.starts_with(&format!("{base}/seat/")),
            "{name}'s seat link {link} opens a seat on this server"
        );
        links.push((name, link));
    }

    // ------------------------------------------------ seat round 1
    host.click_button("Seat round 1").await;
    host.wait_for_text("p.muted", "Round 1 is seated").await;
    host.wait_for_text("#round-panel button", "Start round 1")
        .await;
    host.audit("the console, round 1 seated").await;

    // ------------------------------------------------ four phones
    let mut guests = Vec::new();
    for (name, link) in links {
        let phone = driver.browser(412, 900).await;
        phone.goto(link.as_str()).await.expect("open a seat link");
        phone.wait_for_text("#board h1", name).await;
        phone
            .wait_for_text(".flash", "Play starts at the host's signal")
            .await;
        let place = phone.text_of("#board .seatbar p").await.unwrap_or_default();
        let table = place
            .strip_prefix("Table ")
            .and_then(|rest| rest.split(',').next())
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name}'s phone names a table, not \"{place}\""));
        phone.mark_page().await;
        if guests.is_empty() {
            phone.audit("a 1926 seat waiting for the signal").await;
        }
        guests.push(Guest { name, phone, table });
    }
    let mut tables: Vec<u32> = guests.iter().map(|g| g.table).collect();
    tables.sort_unstable();
    assert_eq!(tables, [1, 1, 2, 2], "four guests at two tables of two");

    // ------------------------------------------------ the signal
    host.click_button("Start round 1").await;
    host.wait_for_text("#round-panel button", "Pause").await;
    for guest in &guests {
        guest.phone.wait_for_text("#board h2", "Deal 1").await;
        assert!(
            guest.phone.same_page().await,
            "the signal reached {}'s phone live, without a reload",
            guest.name
        );
        assert_fits_the_phone(&guest.phone, guest.name).await;
    }
    // The console's clock counts down on its own. (Waited for: the round panel may be in the
    // middle of a live redraw, which replaces the clock's element.)
    let shown = host
        .wait_for(
            "the console to show the clock",
            async |driver: &WebDriver| {
                let clock = driver.find(By::Css("#round-panel .clock")).await?;
                Ok(Some(clock.text().await?))
            },
        )
        .await;
    host.wait_for(
        &format!("the console's clock to move on from {shown}"),
        async |driver: &WebDriver| {
            let clock = driver.find(By::Css("#round-panel .clock")).await?;
            let now = clock.text().await?;
            Ok((now != shown).then_some(now))
        },
    )
    .await;

    // ------------------------------------------------ play at both tables
    for _ in 0..MOVES_PER_TABLE {
        for table in [1, 2] {
            let at: Vec<&Guest> = guests.iter().filter(|g| g.table == table).collect();
            play_one_move(at[0], at[1]).await;
        }
    }
    let first = &guests[0];
    first
        .phone
        .execute("window.scrollTo(0, 0);", Vec::new())
        .await
        .expect("scroll");
    first.phone.screenshot_as("seat.png").await;
    first.phone.audit("a 1926 seat during play").await;

    // The console sees the tables playing.
    host.refresh().await.expect("reload the console");
    host.wait_for_text("#round-panel", "playing").await;
    host.screenshot_as("console.png").await;
    host.audit("the console during play").await;

    // ------------------------------------------------ the projector
    host.set_window_rect(0, 0, 1920, 1080)
        .await
        .expect("a projector-sized window");
    host.goto(format!("{base}/events/{event}/screen"))
        .await
        .expect("open the projector");
    host.wait_for_text("#screen-clock", "Round 1").await;
    for name in GUESTS {
        host.wait_for_text("#screen-seating", name).await;
        host.wait_for_text("#screen-standings", name).await;
    }
    host.screenshot_as("projector.png").await;
    host.audit("the projector during play").await;
    host.set_window_rect(0, 0, 1280, 900)
        .await
        .expect("a laptop-sized window");

    // ------------------------------------------------ stop and close
    host.goto(console.as_str())
        .await
        .expect("back to the console");
    for guest in &guests {
        guest.phone.mark_page().await;
    }
    host.click_button("Stop").await;
    // The stop asks for confirmation first.
    eventually("the stop's confirmation", async || {
        host.accept_alert().await.ok()
    })
    .await;
    host.wait_for_text("#round-panel button", "Close round 1")
        .await;
    host.audit("the console after the stop").await;
    for guest in &guests {
        guest
            .phone
            .wait_for_text("#board .flash", "Time is up for round 1")
            .await;
        assert!(
            guest.phone.same_page().await,
            "the stop reached {}'s phone live, without a reload",
            guest.name
        );
        let moves = guest
            .phone
            .find_all(By::Css("#board .moves button"))
            .await
            .expect("look for moves");
        assert!(
            moves.is_empty(),
            "{} has no moves after the stop",
            guest.name
        );
    }
    guests[0].phone.audit("a 1926 seat after the stop").await;
    host.click_button("Close round 1").await;
    host.wait_for_text(".flash", "The evening is over").await;
    host.audit("the console, the evening over").await;
    // The results stay provisional (and correctable) until the host closes the evening.
    host.click_button("Close the evening").await;
    host.click_button("Close the evening: the results are final")
        .await;
    host.wait_for_text(".flash", "The evening is closed").await;
    host.audit("the console, the evening closed").await;

    // ------------------------------------------------ the standings
    host.goto(format!("{base}/events/{event}/standings"))
        .await
        .expect("open the standings");
    host.wait_for_text("h1", "Final standings").await;
    let rows = host
        .find_all(By::Css("#standings tbody tr"))
        .await
        .expect("the standings' rows");
    assert_eq!(rows.len(), 4, "every guest has a line");
    let mut won = 0;
    let mut prizes = 0;
    for row in &rows {
        let cells = row.find_all(By::Css("td")).await.expect("cells");
        let texts = texts_of(&cells).await;
        // Place, name, round 1, miles, won, prize.
        assert_eq!(texts.len(), 6, "a standings line: {texts:?}");
        assert!(
            GUESTS.iter().any(|g| texts[1].starts_with(g)),
            "a guest's line: {texts:?}"
        );
        assert_eq!(texts[2], texts[3], "one round: its miles are the total");
        won += texts[4].parse::<u32>().expect("rounds won is a number");
        if texts[5].to_lowercase().contains("prize") {
            prizes += 1;
        }
    }
    assert!(
        won <= 2,
        "at most one round won at each of the two tables (a cut for a tie moves on, not wins)"
    );
    assert!(prizes >= 3, "three prizes are given (ties share)");
    host.screenshot_as("standings.png").await;
    host.audit("the final standings").await;

    // ------------------------------------------------ a print page
    host.goto(format!("{base}/events/{event}/print"))
        .await
        .expect("open the print index");
    for link in [
        "Standings with prizes",
        "Table tents with QR codes",
        "seating chart",
        "paper score cards",
    ] {
        host.wait_for_text("main a", link).await;
    }
    host.audit("the print index").await;
    host.goto(format!("{base}/events/{event}/print/standings?paper=a4"))
        .await
        .expect("open the printable standings");
    host.wait_for_text("h2", "Final standings").await;
    host.wait_for_text("p", "1st prize:").await;
    host.screenshot_as("print-standings.png").await;
    host.audit("the printed standings").await;
    for (page, shows) in [
        ("seating?paper=a4", "Round 1"),
        ("cards?paper=a4", "Round 1"),
        ("tents?paper=letter", "Table 1"),
    ] {
        host.goto(format!("{base}/events/{event}/print/{page}"))
            .await
            .expect("open a print page");
        host.wait_for_text("body", shows).await;
        host.audit(&format!("the printed {page}")).await;
    }

    // ------------------------------------------------ replays, sign-in and an error
    host.goto(format!("{base}/events/{event}/replays"))
        .await
        .expect("open the replays");
    host.wait_for_text("h1", "Replays").await;
    host.audit("the list of replays").await;
    let replays = host
        .find_all(By::Css("main a[href*='/replays/']"))
        .await
        .expect("look for replays");
    if let Some(link) = replays.first() {
        let replay = link.attr("href").await.expect("href").expect("an address");
        host.goto(format!("{base}{replay}"))
            .await
            .expect("open a replay");
        host.wait_for_text("h1", "").await;
        host.audit("a replay of a 1926 deal").await;
    }
    let stranger = driver.browser(1280, 900).await;
    stranger
        .goto(format!("{base}/events/{event}/login"))
        .await
        .expect("open the sign-in page");
    stranger.wait_for_text("h1", "Host console").await;
    stranger.audit("the host's sign-in page").await;
    stranger
        .goto(format!("{base}/events/{event}/host"))
        .await
        .expect("open the console without signing in");
    stranger
        .goto(format!("{base}/seat/no-such-token"))
        .await
        .expect("open a seat that does not exist");
    stranger.wait_for_text("h1", "").await;
    stranger.audit("an error page").await;
    stranger.quit().await;

    for guest in guests {
        guest.phone.quit().await;
    }
    host.quit().await;
    drop(driver);
}

/// Types `text` into the input `css`, replacing what it held.
async fn fill(browser: &Browser, css: &str, text: &str) {
    let input = browser
        .wait_for(&format!("the field {css}"), async |driver: &WebDriver| {
            Ok(driver.find_all(By::Css(css)).await?.into_iter().next())
        })
        .await;
    input.clear().await.expect("clear a field");
    input.send_keys(text).await.expect("type into a field");
}

async fn texts_of(elements: &[WebElement]) -> Vec<String> {
    let mut texts = Vec::new();
    for element in elements {
        texts.push(element.text().await.unwrap_or_default().trim().to_owned());
    }
    texts
}

/// The page is no wider than the phone (nothing to scroll sideways).
async fn assert_fits_the_phone(phone: &Browser, name: &str) {
    let widths = phone
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            Vec::new(),
        )
        .await
        .expect("measure the page");
    let widths: Vec<u64> = widths.convert().expect("two widths");
    assert!(
        widths[0] <= widths[1],
        "{name}'s seat page is {} px wide on a {} px phone",
        widths[0],
        widths[1]
    );
}

/// The text of the "Lately" log, or nothing.
async fn lately(phone: &Browser) -> String {
    phone.text_of("#board ul.log").await.unwrap_or_default()
}

/// Whoever of the two is to move plays a move by clicking one of their buttons; the other's
/// phone must show it arriving without a reload.
async fn play_one_move(a: &Guest, b: &Guest) {
    let (mover, other) = eventually(
        &format!("{} or {} to have moves", a.name, b.name),
        async || {
            for (one, two) in [(a, b), (b, a)] {
                let buttons = one
                    .phone
                    .find_all(By::Css("#board .moves button"))
                    .await
                    .unwrap_or_default();
                if !buttons.is_empty() {
                    return Some((one, two));
                }
            }
            None
        },
    )
    .await;
    other.phone.mark_page().await;
    mover.phone.mark_page().await;
    let before = lately(&other.phone).await;
    let played_before = mover
        .phone
        .wait_for("the mover's board", async |driver: &WebDriver| {
            actions_shown(driver).await
        })
        .await;

    // A play if there is one, else a discard; found again if a live update redrew the board.
    let label = mover
        .phone
        .wait_for(
            &format!("{} to click a move", mover.name),
            async |driver: &WebDriver| {
                let buttons = driver.find_all(By::Css("#board .moves button")).await?;
                let mut chosen = None;
                for button in &buttons {
                    if button
                        .class_name()
                        .await?
                        .unwrap_or_default()
                        .contains("go")
                    {
                        chosen = Some(button);
                        break;
                    }
                }
                let Some(button) = chosen.or(buttons.first()) else {
                    return Ok(None);
                };
                mover.phone.tap_card_of(button).await?;
                let label = button.text().await?;
                button.click().await?;
                Ok(Some(label))
            },
        )
        .await;

    let after = other
        .phone
        .wait_for(
            &format!("{}'s move ({label}) on {}'s phone", mover.name, other.name),
            async |driver: &WebDriver| {
                let log = match driver.find_all(By::Css("#board ul.log")).await?.first() {
                    Some(log) => log.text().await?,
                    None => String::new(),
                };
                Ok((log != before && log.contains(mover.name)).then_some(log))
            },
        )
        .await;
    assert!(
        other.phone.same_page().await,
        "{}'s move reached {}'s phone live, without a reload (the log shows: {after})",
        mover.name,
        other.name
    );
    // The mover's move was sent in place: the board moved on without a reload, and without a
    // complaint.
    mover
        .phone
        .wait_for(
            &format!("{}'s board to show the move", mover.name),
            async |driver: &WebDriver| {
                Ok(actions_shown(driver).await?.filter(|&n| n > played_before))
            },
        )
        .await;
    assert!(
        mover.phone.same_page().await,
        "{}'s move was sent without a reload",
        mover.name
    );
    let complaint = mover.phone.text_of("main > .flash.error").await;
    assert!(
        complaint.is_none(),
        "{}'s move was refused: {complaint:?}",
        mover.name
    );
}

#[test]
fn an_evening_of_touring_1958_in_chromium() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let (seat_links, _) = two_guests_playing(
        &server,
        json!({"name": "Trip Night", "rules": "touring-1958", "seed": 58}),
    );
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let phones = open_phones(&driver, &seat_links, "Deal 1").await;
        // The 1958 board: the trip, the Freeway piles, the face-up discard pile.
        let board = phones[0].text_of("#board").await.unwrap_or_default();
        assert!(board.contains("Trip of 590 miles"), "{board}");
        assert!(board.contains("Freeway pile"), "{board}");
        assert!(board.contains("Discard pile"), "{board}");
        for (i, phone) in phones.iter().enumerate() {
            phone
                .audit(&format!("a 1958 seat at the deal, seat {i}"))
                .await;
        }
        // Seat 0 plays its first move; the other phone sees it without a reload.
        let mover = eventually("a phone with moves", async || {
            for (i, phone) in phones.iter().enumerate() {
                let moves = phone.find_all(By::Css("#board .moves button")).await.ok()?;
                if !moves.is_empty() {
                    return Some(i);
                }
            }
            None
        })
        .await;
        let other = 1 - mover;
        phones[other].mark_page().await;
        phones[mover].play_chosen(|_| 0).await;
        phones[other].wait_for_text("#board h2", "Your turn").await;
        assert!(
            phones[other].same_page().await,
            "the opponent's phone learnt of the move without a reload"
        );
        phones[other].screenshot_as("seat-1958").await;
        phones[other].audit("a 1958 seat after a move").await;
        for phone in phones {
            phone.quit().await;
        }
        drop(driver);
    });
}

#[test]
fn an_evening_of_mille_bornes_in_chromium() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let (seat_links, _) = two_guests_playing(
        &server,
        json!({"name": "Mille Night", "rules": "mille-bornes", "seed": 1000}),
    );
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let phones = open_phones(&driver, &seat_links, "Hand 1").await;
        // The Mille Bornes board: the trip, the battle and speed piles, points per side.
        let board = phones[0].text_of("#board").await.unwrap_or_default();
        assert!(board.contains("Trip of 700 miles"), "{board}");
        assert!(board.contains("Battle pile"), "{board}");
        assert!(board.contains("Speed pile"), "{board}");
        assert!(board.contains("pts"), "{board}");
        for (i, phone) in phones.iter().enumerate() {
            phone
                .audit(&format!("a Mille Bornes seat at the hand, seat {i}"))
                .await;
        }
        // Each phone notes when the page asks it to vibrate (a stand-in for the real buzz,
        // which headless Chromium cannot feel); the page is updated in place, so it stays.
        for phone in &phones {
            phone
                .execute(
                    "window.touringBuzzes = 0;
                     navigator.vibrate = function () { window.touringBuzzes += 1; return true; };",
                    Vec::new(),
                )
                .await
                .expect("note the buzzes");
        }
        // Plays (a Roll, miles) until a phone may play a hazard, each seen live by the other.
        let mut hazard_played = false;
        for _ in 0..16 {
            let mover = eventually("a phone with moves", async || {
                for (i, phone) in phones.iter().enumerate() {
                    let moves = phone.find_all(By::Css("#board .moves button")).await.ok()?;
                    if !moves.is_empty() {
                        return Some(i);
                    }
                }
                None
            })
            .await;
            let other = 1 - mover;
            phones[other].mark_page().await;
            let before = phones[other]
                .wait_for("the board", async |driver: &WebDriver| {
                    actions_shown(driver).await
                })
                .await;
            // A hazard on the other side when there is one, else miles or a Roll, else the
            // first move.
            let choose = |labels: &[String]| {
                let hazard = labels.iter().position(|l| l.contains(" on "));
                hazard
                    .or_else(|| labels.iter().position(|l| l.starts_with("Play")))
                    .unwrap_or(0)
            };
            let labels = phones[mover].play_chosen(choose).await;
            let hazard = labels.iter().position(|l| l.contains(" on "));
            // The other phone learns of the move live, without a reload.
            phones[other]
                .wait_for("the move on the other phone", async |driver: &WebDriver| {
                    Ok(actions_shown(driver).await?.filter(|&n| n > before))
                })
                .await;
            assert!(
                phones[other].same_page().await,
                "the opponent's phone learnt of the move without a reload"
            );
            if hazard.is_some() {
                // Both phones show the same wait, with its seconds counting down; only a
                // holder of the safety sees the two big buttons.
                // Each is read in the same look as its wait: the live update that shows the
                // wait may replace the element again just after.
                let text = phones[mover]
                    .wait_for_text_of("#board .decision", "Coup Fourré")
                    .await;
                assert!(
                    text.contains("The table waits for a possible Coup Fourré"),
                    "{text}"
                );
                // The target's banner names the decision with its seconds, never "Choose a
                // card"; its phone buzzes (holder or not), the attacker's does not.
                let told = phones[other]
                    .wait_for_text_of("#board .decision", "Coup Fourré")
                    .await;
                assert!(
                    told.contains("Coup Fourré?")
                        || told.contains("The table waits for a possible Coup Fourré"),
                    "{told}"
                );
                assert!(told.contains("s left"), "{told}");
                assert!(!told.contains("Choose a card"), "{told}");
                let buzzes = async |phone: &Browser| -> i64 {
                    let answer = phone
                        .execute("return window.touringBuzzes;", Vec::new())
                        .await
                        .expect("read the buzzes");
                    answer.convert().expect("a number")
                };
                eventually("the target's phone to buzz", async || {
                    (buzzes(&phones[other]).await > 0).then_some(())
                })
                .await;
                assert_eq!(
                    buzzes(&phones[other]).await,
                    1,
                    "the target's phone buzzes once"
                );
                assert_eq!(
                    buzzes(&phones[mover]).await,
                    0,
                    "the attacker's phone is still"
                );
                phones[other].screenshot_as("seat-mille-bornes-wait").await;
                phones[other]
                    .audit("a Mille Bornes seat in the coup-fourré window, the target")
                    .await;
                phones[mover]
                    .audit("a Mille Bornes seat in the coup-fourré window, the attacker")
                    .await;
                // When the wait is over the target's phone goes on, without a reload.
                phones[other]
                    .wait_for("the wait to end", async |driver: &WebDriver| {
                        let shown = driver.find_all(By::Css("#board .decision")).await?;
                        Ok(shown.is_empty().then_some(()))
                    })
                    .await;
                phones[other].wait_for_text("#board h2", "Your turn").await;
                assert!(phones[other].same_page().await, "no reload after the wait");
                hazard_played = true;
                break;
            }
        }
        say_if_no_hazard(hazard_played);
        phones[0].screenshot_as("seat-mille-bornes").await;
        for phone in phones {
            phone.quit().await;
        }
        drop(driver);
    });
}

/// How many actions the board on a page says were played.
async fn actions_shown(driver: &WebDriver) -> WebDriverResult<Option<u64>> {
    let board = driver.find(By::Css("#board .board")).await?;
    Ok(board
        .attr("data-actions")
        .await?
        .and_then(|n| n.parse().ok()))
}

/// A deal without a hazard in its first moves still checks the board; say so.
fn say_if_no_hazard(played: bool) {
    if !played {
        browser::say("mille bornes: no hazard came up in 16 moves; the wait was not shown");
    }
}

/// Creates an event from `body` through the API with two guests at one table, seats round 1
/// and starts it; answers the guests' seat links and the host's link.
fn two_guests_playing(server: &Server, body: serde_json::Value) -> (Vec<String>, String) {
    let (status, created) = server.post("/api/v1/events", None, &body);
    assert_eq!(status, 201, "{created}");
    let event = created["event"]["id"].as_i64().expect("event id");
    let token = created["host_token"].as_str().expect("host token");
    let host_link = server.url(created["host_link"].as_str().expect("host link"));
    let mut seat_links = Vec::new();
    for name in ["Ann", "Bob"] {
        let (status, added) = server.post(
            &format!("/api/v1/events/{event}/entries"),
            Some(token),
            &json!({"names": [name]}),
        );
        assert_eq!(status, 201, "{added}");
        seat_links.push(server.url(added["links"][0]["link"].as_str().expect("seat link")));
    }
    for step in ["rounds", "rounds/1/start"] {
        let (status, answer) = server.post(
            &format!("/api/v1/events/{event}/{step}"),
            Some(token),
            &json!({}),
        );
        assert!(status < 300, "{step}: {status} {answer}");
    }
    (seat_links, host_link)
}

/// A phone-sized browser on each seat link, once its board's heading shows `heading`.
async fn open_phones(driver: &Driver, links: &[String], heading: &str) -> Vec<Browser> {
    let mut phones = Vec::new();
    for link in links {
        let phone = driver.browser(412, 900).await;
        phone.goto(link.as_str()).await.expect("open a seat");
        // The stream's first drawing replaces the board the server drew: the tests look at
        // the board after it.
        phone.live_drawn().await;
        phone.wait_for_text("#board h2", heading).await;
        phones.push(phone);
    }
    phones
}
