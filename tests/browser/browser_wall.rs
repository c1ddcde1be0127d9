//! The projector (the wall, `/events/{id}/screen`) in real Chromium at projector sizes: with
//! 25 tables every table, every standing and the join QR are on screen and readable at some
//! moment (the wall pages through what does not fit on a slow rhythm), and after the last
//! round the wall becomes the winners' screen with its server-drawn chart.
//!
//! Needs `chromium` and `chromedriver`; without them the tests say they are skipped and pass
//! (in CI, `CI=true`, they fail instead).

use crate::common;
use crate::common::browser;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use browser::{Browser, Driver, runtime, tools_or_skip};
use common::api::Host;
use common::server::Server;
use serde::Deserialize;
use serde_json::json;

/// The smallest text the wall may show, in CSS pixels at the window's size: read from the back
/// of a room, nothing smaller than this.
const SMALLEST_TEXT_PX: f64 = 12.0;
/// The contrast every text of the wall has against its background (WCAG AA).
const CONTRAST: f64 = 4.5;
/// How long a test watches the wall turn its pages (every 8 seconds: ten pages of standings
/// at 1280×720).
const WATCH: Duration = Duration::from_secs(120);

/// What the wall shows at one moment (measured by the script below).
#[derive(Debug, Deserialize)]
struct Moment {
    /// The tables whose card is entirely on screen, with readable text.
    tables: Vec<u32>,
    /// The names of the standings rows entirely on screen.
    names: Vec<String>,
    /// The join QR code is entirely on screen, and this wide.
    qr_width: f64,
    /// Whatever is on screen but not readable: too small, clipped, or of low contrast.
    problems: Vec<String>,
    width: f64,
    height: f64,
}

/// Measures the wall now: what is on screen and readable.
const MEASURE: &str = r##"
var W = window.innerWidth, H = window.innerHeight;
function onScreen(el) {
  if (el.closest("[hidden]")) return false;
  var b = el.getBoundingClientRect();
  return b.width > 0 && b.height > 0 && b.top >= -0.5 && b.left >= -0.5 && b.bottom <= H + 0.5 && b.right <= W + 0.5;
}
function rgb(text) {
  var m = text.match(/[\d.]+/g) || [0, 0, 0, 1];
  return { r: +m[0], g: +m[1], b: +m[2], a: m.length > 3 ? +m[3] : 1 };
}
function background(el) {
  for (var e = el; e; e = e.parentElement) {
    var c = rgb(getComputedStyle(e).backgroundColor);
    if (c.a > 0.5) return c;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}
function lum(c) {
  function ch(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}
function contrast(el) {
  var a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
var problems = [];
var SMALLEST = arguments[0], MIN_CONTRAST = arguments[1];
function check(el, what) {
  var size = parseFloat(getComputedStyle(el).fontSize);
  var ok = true;
  if (size < SMALLEST) { problems.push(what + ": text of " + size + " px"); ok = false; }
  var c = contrast(el);
  if (c < MIN_CONTRAST) { problems.push(what + ": contrast " + c.toFixed(2) + ":1"); ok = false; }
  return ok;
}
var tables = [];
document.querySelectorAll("#screen-seating .table-card").forEach(function (card) {
  if (!onScreen(card)) return;
  var num = card.querySelector(".num");
  var ok = check(num, "table " + num.textContent);
  card.querySelectorAll("ul li").forEach(function (li) {
    if (!onScreen(li)) { problems.push("table " + num.textContent + ": " + li.textContent + " is cut off"); ok = false; }
    ok = check(li, "table " + num.textContent + ": " + li.textContent) && ok;
  });
  var n = parseInt(num.textContent, 10);
  if (ok && !isNaN(n)) tables.push(n);
});
var names = [];
document.querySelectorAll("#screen-standings tbody tr").forEach(function (row) {
  if (!onScreen(row)) return;
  var cells = row.querySelectorAll("td");
  var ok = true;
  cells.forEach(function (cell) { ok = check(cell, "standings: " + row.textContent.trim()) && ok; });
  if (ok && cells.length > 1) names.push(cells[1].childNodes[0].textContent.trim());
});
var qr = document.querySelector("#screen-join .qr svg");
var qrWidth = qr && onScreen(qr) ? qr.getBoundingClientRect().width : 0;
var qrText = document.querySelector("#screen-join .qr p");
if (qrText && onScreen(qrText)) check(qrText, "the join line");
document.querySelectorAll(".wall-head h1, .wall-side h2, #screen-seating h2, #screen-clock .clock, .footnote").forEach(function (el) {
  if (onScreen(el)) check(el, el.textContent.trim().slice(0, 30));
});
return { tables: tables, names: names, qr_width: qrWidth, problems: problems, width: W, height: H };
"##;

async fn measure(wall: &Browser) -> Moment {
    wall.execute(MEASURE, vec![json!(SMALLEST_TEXT_PX), json!(CONTRAST)])
        .await
        .expect("measure the wall")
        .convert()
        .expect("a moment of the wall")
}

/// A browser whose page sees exactly `width`×`height` (a headless window's frame takes some
/// of its size, so the window is grown by that much).
async fn projector(driver: &Driver, width: u32, height: u32) -> Browser {
    let wall = driver.browser(width, height).await;
    let inner: Vec<u32> = wall
        .execute(
            "return [window.innerWidth, window.innerHeight];",
            Vec::new(),
        )
        .await
        .expect("the page's size")
        .convert()
        .expect("two numbers");
    wall.set_window_rect(0, 0, 2 * width - inner[0], 2 * height - inner[1])
        .await
        .expect("size the window");
    wall
}

/// An evening of 50 guests at 25 tables of two, round 1 started.
fn fifty_guests(server: &Server, name: &str) -> Host {
    let host = Host::create(
        server,
        json!({"name": name, "seed": 25, "length": {"kind": "rounds", "rounds": 3}}),
    );
    let names: Vec<String> = (1..=50).map(|n| format!("Guest {n:02}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    host.add_players(server, &names);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    host
}

/// Watches the wall of a 25-table round at `width`×`height` until every table and every
/// standing has been on screen and readable (the join QR on screen at every look); saves a
/// screenshot of the first look as `shot`.
fn every_table_is_shown_at(width: u32, height: u32, shot: &str) {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    let host = fifty_guests(&server, &format!("Fifty at {width}"));
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let wall = projector(&driver, width, height).await;
        wall.goto(server.url(&format!("/events/{}/screen", host.event)).as_str())
            .await
            .expect("open the wall");
        wall.wait_for_text("#screen-clock", "Round 1").await;
        // Let the live stream's first drawing and the pager settle.
        tokio::time::sleep(Duration::from_millis(800)).await;
        let first = measure(&wall).await;
        assert_eq!(
            (first.width, first.height),
            (f64::from(width), f64::from(height)),
            "the wall sees the projector's size"
        );
        wall.screenshot_as(shot).await;
        wall.audit(&format!("the projector of 25 tables at {width}x{height}"))
            .await;
        let mut tables = BTreeSet::new();
        let mut names = BTreeSet::new();
        let started = Instant::now();
        let mut looks = 0;
        loop {
            let moment = measure(&wall).await;
            looks += 1;
            assert!(
                moment.problems.is_empty(),
                "{width}×{height}: not readable: {:?}",
                moment.problems
            );
            assert!(
                moment.qr_width >= 96.0,
                "{width}×{height}: the join QR is not on screen in full (look {looks}): {moment:?}"
            );
            assert!(
                !moment.tables.is_empty() && !moment.names.is_empty(),
                "{width}×{height}: tables and standings on screen: {moment:?}"
            );
            tables.extend(moment.tables);
            names.extend(moment.names);
            if tables.len() == 25 && names.len() == 50 {
                break;
            }
            assert!(
                started.elapsed() < WATCH,
                "{width}×{height}: after {:?} the wall has shown tables {tables:?} and {} of 50 standings",
                WATCH,
                names.len()
            );
            tokio::time::sleep(Duration::from_millis(700)).await;
        }
        assert_eq!(tables, (1..=25).collect::<BTreeSet<u32>>());
        let everyone: BTreeSet<String> = (1..=50).map(|n| format!("Guest {n:02}")).collect();
        assert_eq!(names, everyone);
        wall.quit().await;
    });
}

#[test]
fn the_wall_shows_every_table_of_a_25_table_round_at_1920x1080() {
    every_table_is_shown_at(1920, 1080, "wall-25-tables-1920.png");
}

#[test]
fn the_wall_shows_every_table_of_a_25_table_round_at_1280x720() {
    every_table_is_shown_at(1280, 720, "wall-25-tables-1280.png");
}

#[test]
fn after_the_last_round_the_wall_shows_the_winners_places_prizes_and_chart() {
    let Some(tools) = tools_or_skip("browser tests") else {
        return;
    };
    let server = Server::start();
    // Six guests at three paper tables, two rounds, two prizes: the host types the cards.
    let host = Host::create(
        &server,
        json!({"name": "Winners", "seed": 6, "prizes": 2, "length": {"kind": "rounds", "rounds": 2}}),
    );
    let guests = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
    host.add_players(&server, &guests);
    host.play_paper_rounds(&server, 2);
    host.close_evening(&server);
    let standings = host.get(&server, "/standings");
    assert_eq!(standings["final"], json!(true), "{standings}");
    // The chart is drawn by the server: it is in the page as sent, with no script of another.
    let (_, html) = {
        let response = server
            .client()
            .get(server.url(&format!("/events/{}/screen", host.event)))
            .send()
            .expect("GET");
        (response.status().as_u16(), response.text().expect("body"))
    };
    assert!(html.contains("<svg class=\"chart\""), "{html}");
    assert_eq!(
        html.matches("<polyline").count(),
        guests.len(),
        "one line per entry"
    );
    assert!(
        !html.contains("<script src=\"http"),
        "no third-party script"
    );
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for (width, height) in [(1920, 1080), (1280, 720)] {
            let wall = projector(&driver, width, height).await;
            wall.goto(
                server
                    .url(&format!("/events/{}/screen", host.event))
                    .as_str(),
            )
            .await
            .expect("open the wall");
            let text = wall.wait_for_text_of(".winners .podium", "1st prize").await;
            assert!(text.contains("2nd prize"), "{text}");
            // Everyone's place is in the standings beside it, all on screen at once.
            let moment = measure(&wall).await;
            let shown: BTreeSet<String> = moment.names.iter().cloned().collect();
            let everyone: BTreeSet<String> = guests.iter().map(|g| g.to_string()).collect();
            assert_eq!(shown, everyone, "{width}×{height}: every place: {moment:?}");
            let places = wall
                .text_of("#screen-standings tbody")
                .await
                .unwrap_or_default();
            assert!(places.contains('6') || places.contains("=5"), "{places}");
            let chart: Vec<f64> = wall
                .execute(
                    "var svg = document.querySelector('.winners svg.chart');
                     if (!svg) return [0, 0, 0, 0];
                     var b = svg.getBoundingClientRect();
                     return [b.width, b.height, b.bottom <= window.innerHeight + 0.5 ? 1 : 0,
                             svg.querySelectorAll('polyline').length];",
                    Vec::new(),
                )
                .await
                .expect("measure the chart")
                .convert()
                .expect("numbers");
            assert!(
                chart[0] > f64::from(width) / 3.0 && chart[1] > 150.0,
                "{width}×{height}: the chart is large: {chart:?}"
            );
            assert_eq!(chart[2], 1.0, "{width}×{height}: the chart is on screen");
            assert_eq!(chart[3] as usize, guests.len());
            assert!(
                moment.qr_width >= 96.0,
                "{width}×{height}: the standings QR is on screen: {moment:?}"
            );
            assert!(
                moment.problems.is_empty(),
                "{width}×{height}: not readable: {:?}",
                moment.problems
            );
            wall.screenshot_as(&format!("winners-{width}.png")).await;
            wall.audit(&format!("the winners' screen at {width}x{height}"))
                .await;
            wall.quit().await;
        }
    });
}
