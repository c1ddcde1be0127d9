//! Every way a guest reaches a seat, in Chromium, with the page's script on (as on every phone)
//! and off: the wall's QR code, a table tent's QR code, a personal seat link, a demo's open
//! seat, a late arrival's link and a returning guest (the same phone opening the same QR code
//! again), and a guest's own link taking back the seat a stranger picked from the wall. The QR codes are read from the screen with `zbarimg`, as a phone's camera would.
//!
//! Needs `chromium`, `chromedriver` and `zbarimg`; without them the tests say they are skipped
//! and pass (in CI, `CI=true`, they fail instead).

use crate::common;
use crate::common::browser;

use std::path::{Path, PathBuf};

use browser::{Browser, Driver, Tools, qr_reader_or_skip, runtime, tools_or_skip};
use common::demo::Demo;
use common::server::Server;
use serde_json::{Value, json};

/// Both ways a phone may come: with its script on, and with it off.
const SCRIPT: [bool; 2] = [true, false];

/// What a phone's seat page shows once its round runs.
const PLAYING: &str = "Deal 1";

/// An event of two guests at one table through the API, round 1 seated and started.
struct Evening {
    event: i64,
    token: String,
    host_link: String,
    /// Each guest's personal seat link, in the order of `GUESTS`.
    seat_links: Vec<String>,
}

const GUESTS: [&str; 2] = ["Ann", "Bob"];

/// Runs the API's blocking client from within a test's async block.
fn blocking<T>(call: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(call)
}

impl Evening {
    fn start(server: &Server) -> Evening {
        blocking(|| Evening::start_now(server))
    }

    fn start_now(server: &Server) -> Evening {
        let evening = Evening::open_now(server, &GUESTS);
        evening.host_now(server, "/rounds");
        evening.host_now(server, "/rounds/1/start");
        evening
    }

    /// An event with these guests added by the host, round 1 not seated yet.
    fn open_now(server: &Server, guests: &[&str]) -> Evening {
        let (status, created) = server.post(
            "/api/v1/events",
            None,
            &json!({"name": "Join evening", "seed": 11}),
        );
        assert_eq!(status, 201, "{created}");
        let event = created["event"]["id"].as_i64().expect("event id");
        let token = created["host_token"]
            .as_str()
            .expect("host token")
            .to_owned();
        let host_link = server.url(created["host_link"].as_str().expect("host link"));
        let mut evening = Evening {
            event,
            token,
            host_link,
            seat_links: Vec::new(),
        };
        for name in guests {
            let link = evening.add_now(server, name);
            evening.seat_links.push(link);
        }
        evening
    }

    /// Adds a guest; answers their personal seat link.
    fn add(&self, server: &Server, name: &str) -> String {
        blocking(|| self.add_now(server, name))
    }

    fn add_now(&self, server: &Server, name: &str) -> String {
        let (status, added) = server.post(
            &format!("/api/v1/events/{}/entries", self.event),
            Some(&self.token),
            &json!({"names": [name]}),
        );
        assert_eq!(status, 201, "{added}");
        server.url(added["links"][0]["link"].as_str().expect("seat link"))
    }

    /// A host's call that must succeed.
    fn host(&self, server: &Server, rest: &str) -> Value {
        blocking(|| self.host_now(server, rest))
    }

    fn host_now(&self, server: &Server, rest: &str) -> Value {
        let (status, answer) = server.post(
            &format!("/api/v1/events/{}{rest}", self.event),
            Some(&self.token),
            &json!({}),
        );
        assert!(status < 300, "{rest}: {status} {answer}");
        answer
    }
}

/// What a join test needs: the browser, its driver and the QR reader.
fn tools(what: &str) -> Option<(Tools, PathBuf)> {
    let tools = tools_or_skip(what)?;
    let zbarimg = qr_reader_or_skip(what)?;
    Some((tools, zbarimg))
}

/// A phone (script on or off) that opens `link`, taps `name` on the join page and lands on
/// its seat, showing `heading` on the board.
async fn sit_down(driver: &Driver, script: bool, link: &str, name: &str, heading: &str) -> Browser {
    let phone = driver.browser_with_script(412, 860, script).await;
    phone.goto(link).await.expect("open the QR code's link");
    phone.wait_for_text("h1", "who are you?").await;
    phone
        .audit(&format!("the join page, {}", mode(script)))
        .await;
    // A real tap: WebDriver refuses to click a button the page hides.
    phone.click_button(name).await;
    phone.wait_for_text("#board h2", heading).await;
    phone.live_drawn().await;
    let shown = phone.body_text().await;
    assert!(shown.contains(name), "the seat is {name}'s: {shown}");
    phone
}

/// The link in the wall's QR code, read off the projector page at `projector` as a phone's
/// camera would; answers it and the projector's browser.
async fn wall_link(driver: &Driver, zbarimg: &Path, projector: &str) -> (String, Browser) {
    let wall = driver.browser(1920, 1080).await;
    wall.goto(projector).await.expect("open the projector");
    let link = wall.read_qr(zbarimg, "#screen-join svg").await;
    wall.audit("the projector before the first round").await;
    assert!(
        link.contains("/join?key="),
        "the wall's QR code joins: {link}"
    );
    (link, wall)
}

fn mode(script: bool) -> &'static str {
    if script { "script on" } else { "script off" }
}

#[test]
fn a_guest_sits_down_from_the_walls_qr_code_with_script_and_without() {
    let Some((tools, zbarimg)) = tools("join by the wall's QR code") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for (script, name) in SCRIPT.into_iter().zip(GUESTS) {
            let evening = Evening::start(&server);
            let projector = server.url(&format!("/events/{}/screen", evening.event));
            let (link, wall) = wall_link(&driver, &zbarimg, &projector).await;
            assert!(
                link.starts_with(&server.base),
                "the wall's QR code joins this server: {link}"
            );
            let phone = sit_down(&driver, script, &link, name, PLAYING).await;
            phone
                .screenshot_as(&format!("join-wall-{}.png", mode(script).replace(' ', "-")))
                .await;
            phone.quit().await;
            wall.quit().await;
        }
    });
}

/// Before round 1 is seated, a guest whose name the host never typed reads the wall's QR code
/// on a phone (360x740), checks in with their name on the join page, and is led to their seat
/// once the host seats and starts the round: the page updates itself with script, and shows
/// the table at the next load without.
#[test]
fn a_guest_checks_in_from_the_walls_qr_code_on_a_phone_with_script_and_without() {
    let Some((tools, zbarimg)) = tools("check in by the wall's QR code") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for script in SCRIPT {
            let evening = blocking(|| Evening::open_now(&server, &["Bob"]));
            let projector = server.url(&format!("/events/{}/screen", evening.event));
            let (link, wall) = wall_link(&driver, &zbarimg, &projector).await;
            // A phone's screen with script; without it a window of that size (chromedriver's
            // phone emulation cannot click with the page's script off).
            let phone = if script {
                driver.phone(360, 740).await
            } else {
                driver.browser_with_script(360, 740, false).await
            };
            phone
                .goto(link.as_str())
                .await
                .expect("open the QR code's link");
            phone.wait_for_text("h1", "who are you?").await;
            phone
                .audit(&format!("the join page's check-in, {}", mode(script)))
                .await;
            let name = phone
                .find(thirtyfour::By::Id("check-in-name"))
                .await
                .expect("the check-in's name field");
            name.send_keys("Amélie").await.expect("type the name");
            phone.click_button("Check in").await;
            phone.wait_for_text(".flash", "You are checked in").await;
            let waiting = phone.body_text().await;
            assert!(
                waiting.contains("Amélie"),
                "the seat page is Amélie's: {waiting}"
            );
            evening.host(&server, "/rounds");
            evening.host(&server, "/rounds/1/start");
            if !script {
                // Without script the page does not update itself: the guest reloads it.
                phone.refresh().await.expect("reload the seat page");
            }
            phone.wait_for_text("#board h2", PLAYING).await;
            let shown = phone.body_text().await;
            assert!(shown.contains("Amélie"), "Amélie's seat: {shown}");
            phone
                .screenshot_as(&format!(
                    "check-in-wall-{}.png",
                    mode(script).replace(' ', "-")
                ))
                .await;
            phone.quit().await;
            wall.quit().await;
        }
    });
}

#[test]
fn a_guest_sits_down_from_a_table_tents_qr_code_with_script_and_without() {
    let Some((tools, zbarimg)) = tools("join by a table tent") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for script in SCRIPT {
            let evening = Evening::start(&server);
            let host = driver.browser(1000, 900).await;
            host.goto(evening.host_link.as_str())
                .await
                .expect("open the host link");
            host.goto(server.url(&format!("/events/{}/print/tents", evening.event)))
                .await
                .expect("open the table tents");
            let link = host.read_qr(&zbarimg, ".tent svg").await;
            host.audit("the printed table tents").await;
            assert!(
                link.contains(&format!("/events/{}/table/1?key=", evening.event)),
                "table 1's tent: {link}"
            );
            let phone = sit_down(&driver, script, &link, "Bob", PLAYING).await;
            phone.quit().await;
            host.quit().await;
        }
    });
}

#[test]
fn a_personal_seat_link_opens_the_seat_with_script_and_without() {
    let Some(tools) = tools_or_skip("a personal seat link") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let evening = Evening::start(&server);
        for (script, link) in SCRIPT.into_iter().zip(&evening.seat_links) {
            let phone = driver.browser_with_script(412, 860, script).await;
            phone.goto(link.as_str()).await.expect("open a seat link");
            phone.wait_for_text("#board h2", PLAYING).await;
            // Without script the page does not update itself: it offers a Refresh instead.
            let refresh = phone
                .find_all(thirtyfour::By::LinkText("Refresh"))
                .await
                .expect("look for Refresh");
            let shown = match refresh.first() {
                Some(link) => link.is_displayed().await.unwrap_or(false),
                None => false,
            };
            assert_eq!(shown, !script, "a Refresh link only without script");
            phone.quit().await;
        }
    });
}

#[test]
fn a_returning_guest_goes_back_to_their_seat_from_the_same_qr_code() {
    let Some((tools, zbarimg)) = tools("a returning guest") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for script in SCRIPT {
            let evening = Evening::start(&server);
            let projector = server.url(&format!("/events/{}/screen", evening.event));
            let (link, wall) = wall_link(&driver, &zbarimg, &projector).await;
            let phone = sit_down(&driver, script, &link, "Ann", PLAYING).await;
            // Later the guest scans the wall again (or reopens the page) on the same phone.
            phone
                .goto(link.as_str())
                .await
                .expect("open the QR code again");
            let held = phone.wait_for_text(".held", "Ann").await;
            let offered = phone
                .find_all(thirtyfour::By::Css(".names button"))
                .await
                .expect("the names offered");
            for button in offered {
                let name = button.text().await.expect("a name");
                assert_ne!(name.trim(), "Ann", "Ann's seat is taken: not offered again");
            }
            let open = held
                .find(thirtyfour::By::LinkText("Open my seat"))
                .await
                .expect("a link back to the seat");
            open.click().await.expect("open my seat");
            phone.wait_for_text("#board h2", PLAYING).await;
            // Bob is still free to pick from the list (the phone's owner may hand it over).
            phone
                .goto(link.as_str())
                .await
                .expect("open the QR code again");
            phone.wait_for_text(".names button", "Bob").await;
            phone.quit().await;
            wall.quit().await;
        }
    });
}

#[test]
fn a_guests_own_link_takes_back_the_seat_a_stranger_picked_from_the_wall() {
    let Some((tools, zbarimg)) = tools("a guest's link after a stranger's pick") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        let evening = Evening::start(&server);
        let projector = server.url(&format!("/events/{}/screen", evening.event));
        let (link, wall) = wall_link(&driver, &zbarimg, &projector).await;
        // A stranger scans the wall's code: the join page says beforehand that a seat's own
        // link comes first. They tap Ann's name anyway.
        let stranger = driver.browser_with_script(412, 860, true).await;
        stranger
            .goto(link.as_str())
            .await
            .expect("open the wall's link");
        stranger.wait_for_text("h1", "who are you?").await;
        let join = stranger.body_text().await;
        assert!(
            join.contains("the seat goes back to that link"),
            "the join page says what a seat link does: {join}"
        );
        stranger.click_button("Ann").await;
        stranger.wait_for_text("#board h2", PLAYING).await;
        stranger.live_drawn().await;
        // Ann opens the link the host gave her, on her own phone.
        let ann = driver.browser_with_script(412, 860, true).await;
        ann.goto(evening.seat_links[0].as_str())
            .await
            .expect("open Ann's link");
        ann.wait_for_text("#board h2", PLAYING).await;
        let shown = ann.body_text().await;
        assert!(
            shown.contains("Another phone had picked this seat"),
            "Ann's page says what her link did: {shown}"
        );
        ann.audit("a seat link that took its seat back from a pick")
            .await;
        // The stranger's open page is told at once, and why.
        let taken = stranger
            .wait_for_text(".taken-back h2", "This seat was taken back")
            .await;
        assert!(taken.is_displayed().await.unwrap_or(false));
        let told = stranger.body_text().await;
        assert!(
            told.contains("the seat's own link was opened"),
            "the picker is told why: {told}"
        );
        // Scanning the wall again, the stranger is not offered Ann's seat.
        stranger
            .goto(link.as_str())
            .await
            .expect("open the wall's link again");
        stranger.wait_for_text(".names button", "Bob").await;
        let offered = stranger
            .find_all(thirtyfour::By::Css(".names button"))
            .await
            .expect("the names offered");
        for button in offered {
            let name = button.text().await.expect("a name");
            assert_ne!(name.trim(), "Ann", "Ann's link holds her seat");
        }
        stranger.quit().await;
        ann.quit().await;
        wall.quit().await;
    });
}

#[test]
fn a_late_arrival_opens_their_link_and_plays_from_the_next_round() {
    let Some(tools) = tools_or_skip("a late arrival's link") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for script in SCRIPT {
            let evening = Evening::start(&server);
            // Two guests come late, while round 1 runs: the next round has two tables.
            let late = evening.add(&server, "Cid");
            evening.add(&server, "Dot");
            let phone = driver.browser_with_script(412, 860, script).await;
            phone.goto(late.as_str()).await.expect("open the late link");
            phone.wait_for_text("body", "Cid").await;
            phone.mark_page().await;
            evening.host(&server, "/rounds/1/stop");
            evening.host(&server, "/rounds/1/close");
            evening.host(&server, "/rounds/2/start");
            if script {
                // The open page learns of the new round by itself.
                phone.wait_for_text("#board h2", PLAYING).await;
                assert!(phone.same_page().await, "no reload: the board came live");
            } else {
                phone.refresh().await.expect("reload");
                phone.wait_for_text("#board h2", PLAYING).await;
            }
            let shown = phone.body_text().await;
            assert!(
                shown.contains("Round 2") || shown.contains("round 2"),
                "{shown}"
            );
            phone.quit().await;
        }
    });
}

#[test]
fn a_demo_guest_sits_down_from_the_projector_or_an_open_seat_link() {
    let Some((tools, zbarimg)) = tools("the demo's open seats") else {
        return;
    };
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for script in SCRIPT {
            let dir = tempfile::tempdir().expect("temporary directory");
            let (_demo, printed) = Demo::start(dir.path(), 200);
            let projector = common::demo::printed_link(&printed, "projector:");
            let (link, wall) = wall_link(&driver, &zbarimg, &projector).await;
            let phone = sit_down(&driver, script, &link, "Guest A", PLAYING).await;
            phone.quit().await;
            let open_seat = common::demo::printed_link(&printed, "open seat:");
            let second = driver.browser_with_script(412, 860, script).await;
            second.goto(open_seat.as_str()).await.expect("open seat");
            second.wait_for_text("#board h2", PLAYING).await;
            second
                .audit(&format!("a demo seat, {}", mode(script)))
                .await;
            second.quit().await;
            wall.quit().await;
        }
    });
}

#[test]
fn a_guest_sits_down_from_the_slip_the_host_printed() {
    let Some((tools, zbarimg)) = tools("join by a printed slip") else {
        return;
    };
    let server = Server::start();
    runtime().block_on(async {
        let driver = Driver::start(&tools);
        for script in SCRIPT {
            let evening = Evening::start(&server);
            let host = driver.browser_with_script(1000, 900, script).await;
            host.goto(evening.host_link.as_str())
                .await
                .expect("open the host link");
            host.click_button("Print seat slips").await;
            host.wait_for_text(".slip h2", "Ann").await;
            host.audit(&format!("the printed seat slips, {}", mode(script)))
                .await;
            // The slips follow the entries: Ann's comes first.
            let first = host.text_of(".slip:first-child h2").await;
            assert_eq!(first.as_deref(), Some("Ann"));
            let link = host.read_qr(&zbarimg, ".slip:first-child svg").await;
            assert!(
                link.contains("/seat/"),
                "a slip carries a seat link: {link}"
            );
            let phone = driver.browser_with_script(412, 860, script).await;
            phone
                .goto(link.as_str())
                .await
                .expect("open the slip's link");
            phone.wait_for_text("#board h2", PLAYING).await;
            assert_eq!(
                phone.text_of("#board h1").await.as_deref(),
                Some("Ann"),
                "Ann's slip opens Ann's seat"
            );
            // Once opened, the seat needs no slip: printing again leaves Ann out.
            host.goto(evening.host_link.as_str())
                .await
                .expect("back to the console");
            host.click_button("Print seat slips").await;
            host.wait_for_text(".slip h2", "Bob").await;
            for heading in host
                .find_all(thirtyfour::By::Css(".slip h2"))
                .await
                .expect("the slips")
            {
                let name = heading.text().await.expect("a name");
                assert_ne!(name.trim(), "Ann", "Ann has her seat: no slip");
            }
            phone.quit().await;
            host.quit().await;
        }
    });
}
