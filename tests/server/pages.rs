//! The pages through a real server: every page and form, with its refusals. A browser here is
//! a reqwest client with a cookie jar (the browser tests in tests/browser/chromium.rs use Chromium).

use crate::common;

use common::forms::location;
use common::server::Server;
use reqwest::blocking::{Client, Response};
use reqwest::redirect::Policy;
use serde_json::{Value, json};

/// A browser: a cookie jar, no automatic redirects (so the tests see the 303s).
struct Browser<'a> {
    server: &'a Server,
    client: Client,
}

impl<'a> Browser<'a> {
    fn new(server: &'a Server) -> Browser<'a> {
        let client = Client::builder()
            .cookie_store(true)
            .redirect(Policy::none())
            .build()
            .expect("client");
        Browser { server, client }
    }

    /// A browser whose `Accept-Language` asks for `lang` ("fr", "en-XA").
    fn speaking(server: &'a Server, lang: &str) -> Browser<'a> {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            reqwest::header::HeaderValue::from_str(lang).expect("a language tag"),
        );
        let client = Client::builder()
            .cookie_store(true)
            .redirect(Policy::none())
            .default_headers(headers)
            .build()
            .expect("client");
        Browser { server, client }
    }

    fn get(&self, path: &str) -> (u16, String) {
        let response = self.client.get(self.server.url(path)).send().expect("GET");
        text(response)
    }

    /// GET, following one redirect.
    fn follow(&self, path: &str) -> (u16, String) {
        let response = self.client.get(self.server.url(path)).send().expect("GET");
        if response.status().is_redirection() {
            let to = location(&response);
            return self.get(&to);
        }
        text(response)
    }

    fn csrf(&self, page: &str) -> String {
        let (_, html) = self.get(page);
        html.split("name=\"csrf\" value=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("a CSRF field on the page")
            .to_owned()
    }

    /// POSTs a form and returns the status and where it redirects (if it does).
    fn post(&self, path: &str, form: &[(&str, &str)]) -> (u16, String) {
        let response = self
            .client
            .post(self.server.url(path))
            .form(form)
            .send()
            .expect("POST");
        let status = response.status().as_u16();
        if response.status().is_redirection() {
            return (status, location(&response));
        }
        (status, response.text().unwrap_or_default())
    }
}

fn text(response: Response) -> (u16, String) {
    let status = response.status().as_u16();
    (status, response.text().expect("body"))
}

/// Creates an event on the start page; returns its id (the browser is now its host).
fn create(browser: &Browser, name: &str) -> i64 {
    create_with(browser, name, &[])
}

/// Creates an event on the start page with some fields other than the usual ones.
fn create_with(browser: &Browser, name: &str, changes: &[(&str, &str)]) -> i64 {
    let csrf = browser.csrf("/");
    let mut form = vec![
        ("csrf", csrf.as_str()),
        ("name", name),
        ("table_size", "2"),
        ("round_kind", "timed"),
        ("round_minutes", "10"),
        ("length_kind", "rounds"),
        ("rounds", "2"),
        ("prizes", "2"),
        ("seed", "4"),
    ];
    for &(key, value) in changes {
        form.retain(|&(k, _)| k != key);
        form.push((key, value));
    }
    let (status, to) = browser.post("/events", &form);
    assert_eq!(status, 303, "{to}");
    to.trim_start_matches("/events/")
        .trim_end_matches("/host")
        .parse()
        .expect("the console's address")
}

fn add(browser: &Browser, event: i64, name: &str) -> (u16, String) {
    let csrf = browser.csrf(&format!("/events/{event}/host"));
    browser.post(
        &format!("/events/{event}/host/entries"),
        &[("csrf", &csrf), ("name", name)],
    )
}

fn flash(browser: &Browser, event: i64) -> String {
    let (_, html) = browser.get(&format!("/events/{event}/host"));
    html.split("class=\"flash ")
        .nth(1)
        .map(|rest| rest.split("</div>").next().unwrap_or("").to_owned())
        .unwrap_or_default()
}

#[test]
fn the_start_page_creates_an_event_and_shows_the_host_link_once() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (status, html) = browser.get("/");
    assert_eq!(status, 200);
    assert!(html.contains("Create an event"));
    assert!(html.contains("value=\"10\""), "10-minute rounds by default");
    assert!(html.contains("value=\"4\""), "4 rounds by default");
    let event = create(&browser, "Friday Touring");
    let (status, html) = browser.get(&format!("/events/{event}/host"));
    assert_eq!(status, 200);
    assert!(html.contains("Keep this host link"), "{html}");
    assert!(html.contains(&format!("/events/{event}/host?token=")));
    let (_, again) = browser.get(&format!("/events/{event}/host"));
    assert!(!again.contains("Keep this host link"), "shown only once");
}

/// Posts the start form with these fields only (and its CSRF token); answers the status and
/// the page (or where it redirects).
fn post_start(browser: &Browser, fields: &[(&str, &str)]) -> (u16, String) {
    let csrf = browser.csrf("/");
    let mut form = vec![("csrf", csrf.as_str())];
    form.extend_from_slice(fields);
    browser.post("/events", &form)
}

#[test]
fn the_start_page_explains_bad_settings_and_keeps_what_was_typed() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (status, html) = post_start(
        &browser,
        &[
            ("name", "Kept name"),
            ("round_minutes", "zero"),
            ("round_kind", "timed"),
        ],
    );
    assert_eq!(status, 422);
    assert!(html.contains("whole number"), "{html}");
    assert!(html.contains("value=\"Kept name\""));
    let (status, html) = post_start(&browser, &[("name", "")]);
    assert_eq!(status, 422);
    assert!(html.contains("name"), "{html}");
}

#[test]
fn words_start_page_errors_name_the_field_and_the_allowed_range() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (status, html) = post_start(
        &browser,
        &[
            ("name", "Ranges"),
            ("table_size", "2"),
            ("round_kind", "timed"),
            ("round_minutes", "ten"),
            ("length_kind", "rounds"),
            ("rounds", "many"),
            ("prizes", "500"),
        ],
    );
    assert_eq!(status, 422, "{html}");
    let message = |field: &str| -> String {
        html.split(&format!("id=\"{field}-error\">"))
            .nth(1)
            .and_then(|rest| rest.split("</p>").next())
            .unwrap_or_else(|| panic!("a message for {field}: {html}"))
            .to_owned()
    };
    for (field, name, range) in [
        (
            "round_minutes",
            "the round's length in minutes",
            "from 1 to 180",
        ),
        ("rounds", "the number of rounds", "from 1 to 100"),
        ("prizes", "the number of prizes", "from 0 to 100"),
    ] {
        let said = message(field).replace("&#39;", "'");
        assert!(
            said.contains(name) && said.contains(range),
            "{field}: {said}"
        );
    }
}

#[test]
fn the_start_page_shows_every_error_beside_its_field_at_once_and_keeps_what_was_typed() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (status, html) = post_start(
        &browser,
        &[
            ("name", " "),
            ("table_size", "4"),
            ("round_kind", "timed"),
            ("round_minutes", "zero"),
            ("length_kind", "rounds"),
            ("rounds", "0"),
            ("limit_minutes", "45"),
            ("prizes", "5000"),
        ],
    );
    assert_eq!(status, 422, "{html}");
    // All four problems at once, each right after its own field and tied to it.
    for (field, says, typed) in [
        ("name", "name", " "),
        ("round_minutes", "whole number", "zero"),
        ("rounds", "1 to", "0"),
        ("prizes", "prizes", "5000"),
    ] {
        let input = html
            .find(&format!("id=\"{field}\""))
            .unwrap_or_else(|| panic!("the {field} field: {html}"));
        let error = html
            .find(&format!("<p class=\"field-error\" id=\"{field}-error\">"))
            .unwrap_or_else(|| panic!("a message for {field}: {html}"));
        assert!(input < error, "{field}'s message follows it");
        let between = &html[input..error];
        assert!(
            !between.contains("<input") && !between.contains("<select"),
            "{field}'s message is beside it, not under another field: {between}"
        );
        let message = html[error..].split("</p>").next().unwrap_or_default();
        assert!(message.contains(says), "{field}: {message}");
        let tag = html[..input]
            .rsplit('<')
            .next()
            .unwrap_or_default()
            .to_owned()
            + html[input..].split('>').next().unwrap_or_default();
        assert!(
            tag.contains(&format!("aria-describedby=\"{field}-error\"")),
            "{field} points to its message: {tag}"
        );
        assert!(
            tag.contains(&format!("value=\"{typed}\"")),
            "{field} keeps what was typed: {tag}"
        );
    }
    assert_eq!(html.matches("class=\"field-error\"").count(), 4, "{html}");
    assert!(html.contains("4 settings need changing"), "{html}");
    // The choices typed are kept too, including the unused field's value.
    assert!(
        html.contains("value=\"4\" checked"),
        "the table size stays chosen"
    );
    assert!(
        html.contains("value=\"45\""),
        "the unused limit keeps its value"
    );

    // The other side of the length: a limit shorter than one round is marked at the limit.
    let (status, html) = post_start(
        &browser,
        &[
            ("name", "Kept"),
            ("round_kind", "timed"),
            ("round_minutes", "30"),
            ("length_kind", "time"),
            ("limit_minutes", "20"),
        ],
    );
    assert_eq!(status, 422, "{html}");
    assert!(
        html.contains("<p class=\"field-error\" id=\"limit_minutes-error\">the time limit"),
        "{html}"
    );
    assert!(html.contains("value=\"time\" checked"), "{html}");
}

#[test]
fn the_start_page_has_two_choices_in_their_own_groups_that_work_without_script() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (_, html) = browser.get("/");
    let group = |id: &str| -> String {
        let at = html
            .find(&format!("<fieldset class=\"either\" id=\"{id}\">"))
            .unwrap_or_else(|| panic!("the {id} group: {html}"));
        html[at..]
            .split("</fieldset>")
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let round = group("round-kind");
    let length = group("length-kind");
    for field in [
        "name=\"round_kind\"",
        "id=\"round_minutes\"",
        "id=\"games\"",
    ] {
        assert!(round.contains(field), "{field} in the round's group");
        assert!(!length.contains(field), "{field} not in the length's group");
    }
    for field in [
        "name=\"length_kind\"",
        "id=\"rounds\"",
        "id=\"limit_minutes\"",
    ] {
        assert!(length.contains(field), "{field} in the length's group");
        assert!(!round.contains(field), "{field} not in the round's group");
    }
    // Nothing is hidden by the page itself: only the script's class lets the CSS hide the
    // fields of the choice not taken, so without script every field is there to use.
    assert!(!round.contains("hidden") && !length.contains("hidden"));
    let (_, css) = browser.get("/static/style.css");
    assert!(
        css.contains(".js .either:has(input[value=\"games\"]:not(:checked)) [data-for=\"games\"]"),
        "the unused fields hide by CSS once the script runs"
    );
    // Rounds by games over an evening with a time limit, without script: it is created.
    create_with(
        &browser,
        "By games",
        &[
            ("round_kind", "games"),
            ("games", "2"),
            ("length_kind", "time"),
            ("limit_minutes", "90"),
        ],
    );
}

#[test]
fn every_form_without_its_csrf_token_is_refused() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let event = create(&browser, "Guarded");
    flash(&browser, event); // the host link, shown once
    let posts = [
        "/events".to_owned(),
        format!("/events/{event}/host/entries"),
        format!("/events/{event}/host/seat"),
        format!("/events/{event}/host/rounds/1/signal"),
        format!("/events/{event}/host/finish"),
        format!("/events/{event}/host/password"),
        format!("/events/{event}/login"),
    ];
    for path in posts {
        let (status, body) = browser.post(&path, &[("name", "Mallory"), ("csrf", "0000")]);
        assert_eq!(status, 403, "{path}: {body}");
        assert!(body.contains("form has expired"), "{path}: {body}");
    }
    assert!(flash(&browser, event).is_empty(), "nothing was done");
    let (_, html) = browser.get(&format!("/events/{event}/host"));
    assert!(html.contains("No entries yet"));
}

#[test]
fn the_console_needs_the_host_link_or_password() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Private");
    let guest = Browser::new(&server);
    let (status, to) = guest.get(&format!("/events/{event}/host"));
    assert_eq!(status, 303);
    assert_eq!(to, "");
    let (status, html) = guest.follow(&format!("/events/{event}/host"));
    assert_eq!(status, 200);
    assert!(html.contains("host link"), "{html}");
    let (status, html) = guest.get(&format!(
        "/events/{event}/host?token=0123456789abcdef0123456789abcdef"
    ));
    assert_eq!(status, 403);
    assert!(html.contains("not valid"), "{html}");
    // The host sets a password; the guest's wrong one is refused, the right one works.
    let csrf = host.csrf(&format!("/events/{event}/host"));
    let (status, _) = host.post(
        &format!("/events/{event}/host/password"),
        &[("csrf", &csrf), ("password", "short")],
    );
    assert_eq!(status, 303);
    assert!(flash(&host, event).contains("at least 8"));
    host.post(
        &format!("/events/{event}/host/password"),
        &[("csrf", &csrf), ("password", "motor car 1926")],
    );
    let csrf = guest.csrf(&format!("/events/{event}/login"));
    let (_, to) = guest.post(
        &format!("/events/{event}/login"),
        &[("csrf", &csrf), ("password", "wrong one!")],
    );
    assert_eq!(to, format!("/events/{event}/login"));
    let (status, _) = guest.get(&format!("/events/{event}/host"));
    assert_eq!(status, 303, "still not the host");
    let (_, to) = guest.post(
        &format!("/events/{event}/login"),
        &[("csrf", &csrf), ("password", "motor car 1926")],
    );
    assert_eq!(to, format!("/events/{event}/host"));
    let (status, _) = guest.get(&format!("/events/{event}/host"));
    assert_eq!(status, 200);
}

#[test]
fn names_with_markup_quotes_emoji_and_two_hundred_characters_render_as_text() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let event = create(&browser, "<b>Escapes</b> & \"quotes\"");
    let long = "L".repeat(200);
    for name in [
        "<script>alert('x')</script>",
        "O'Brien \"Bob\"",
        "Zoë 🚗💨",
        long.as_str(),
    ] {
        let (status, _) = add(&browser, event, name);
        assert_eq!(status, 303);
        assert!(flash(&browser, event).contains("added"), "{name}");
    }
    let (status, _) = add(&browser, event, &"M".repeat(201));
    assert_eq!(status, 303);
    assert!(flash(&browser, event).contains("at most 200"));
    for page in [
        format!("/events/{event}/host"),
        format!("/events/{event}/standings"),
        format!("/events/{event}/screen"),
    ] {
        let (status, html) = browser.get(&page);
        assert_eq!(status, 200, "{page}");
        assert!(!html.contains("<script>alert"), "{page} must escape names");
        assert!(
            html.contains("&#60;script&#62;alert(") || html.contains("&lt;script&gt;alert("),
            "{page} shows the name as text"
        );
        assert!(!html.contains("<b>Escapes</b>"), "{page}");
        assert!(html.contains("Zoë 🚗💨"), "{page}");
        assert!(html.contains(&long), "{page}");
    }
}

#[test]
fn a_round_is_seated_started_played_from_a_seat_page_stopped_and_closed() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Played");
    for name in ["Ann", "Bob", "Cy", "Di"] {
        add(&host, event, name);
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    let (_, html) = host.get(&format!("/events/{event}/host"));
    assert!(html.contains("Seat round 1"));
    let (status, _) = host.post(
        &format!("/events/{event}/host/seat"),
        &[
            ("csrf", &csrf),
            ("remainder", "mixed_tables"),
            ("order", "host"),
            ("paper", "none"),
        ],
    );
    assert_eq!(status, 303);
    assert!(flash(&host, event).contains("Round 1 is seated"));
    // A seat link from the console.
    let (_, html) = host.get(&format!("/events/{event}/host"));
    let player_form = html
        .split("/host/players/")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("a link button")
        .to_owned();
    host.post(
        &format!("/events/{event}/host/players/{player_form}/link"),
        &[("csrf", &csrf)],
    );
    let message = flash(&host, event);
    let token = message
        .split("/seat/")
        .nth(1)
        .and_then(|rest| rest.get(..32))
        .expect("the seat link in the message")
        .to_owned();
    let player = Browser::new(&server);
    let (status, html) = player.get(&format!("/seat/{token}"));
    assert_eq!(status, 200);
    assert!(html.contains("sit at table"), "{html}");
    assert!(html.contains("Your hand"));
    let (status, _) = player.get("/seat/0123456789abcdef0123456789abcdef");
    assert_eq!(status, 403);

    host.post(
        &format!("/events/{event}/host/rounds/1/signal"),
        &[("csrf", &csrf), ("signal", "start")],
    );
    assert!(flash(&host, event).contains("play"));
    // Play from the seat pages of the table's two players until someone has moved.
    let seat_csrf = player.csrf(&format!("/seat/{token}"));
    let (_, html) = player.get(&format!("/seat/{token}"));
    if html.contains("class=\"moves\"") {
        let seen = html
            .split("name=\"seen\" value=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("seen")
            .to_owned();
        let action = html
            .split("name=\"action\" value=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("an action")
            .replace("&quot;", "\"")
            .replace("&#34;", "\"");
        let (status, to) = player.post(
            &format!("/seat/{token}/move"),
            &[("csrf", &seat_csrf), ("seen", &seen), ("action", &action)],
        );
        assert_eq!(
            (status, to.as_str()),
            (303, format!("/seat/{token}").as_str())
        );
        // The same move again is stale: the page says the table moved on.
        player.post(
            &format!("/seat/{token}/move"),
            &[("csrf", &seat_csrf), ("seen", &seen), ("action", &action)],
        );
        let (_, html) = player.get(&format!("/seat/{token}"));
        assert!(
            html.contains("moved on")
                || html.contains("not your turn")
                || html.contains("not seat"),
            "{html}"
        );
        // Told as a sentence: its capital, and a full stop before "Look again".
        if html.contains("moved on") {
            assert!(html.contains("The table moved on"), "{html}");
            assert!(html.contains("new state. Look again"), "{html}");
        }
    }
    // An action that is not legal is explained.
    let (_, html) = player.get(&format!("/seat/{token}"));
    let seen = html
        .split("name=\"seen\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or("0")
        .to_owned();
    player.post(
        &format!("/seat/{token}/move"),
        &[
            ("csrf", &seat_csrf),
            ("seen", &seen),
            ("action", "{\"play\":\"mile7\"}"),
        ],
    );
    let (_, html) = player.get(&format!("/seat/{token}"));
    assert!(html.contains("unknown card"), "{html}");
    player.post(
        &format!("/seat/{token}/move"),
        &[
            ("csrf", &seat_csrf),
            ("seen", &seen),
            ("action", "not json"),
        ],
    );
    let (_, html) = player.get(&format!("/seat/{token}"));
    assert!(html.contains("could not be read"), "{html}");

    // Stop and close.
    host.post(
        &format!("/events/{event}/host/rounds/1/signal"),
        &[("csrf", &csrf), ("signal", "stop")],
    );
    let (_, html) = host.get(&format!("/events/{event}/host"));
    assert!(html.contains("Close round 1"), "{html}");
    let (_, html) = player.get(&format!("/seat/{token}"));
    assert!(html.contains("Time is up"), "{html}");
    assert!(!html.contains("class=\"moves\""), "the board is frozen");
    host.post(
        &format!("/events/{event}/host/rounds/1/close"),
        &[("csrf", &csrf)],
    );
    assert!(flash(&host, event).contains("Round 2 is seated"));
    let (status, html) = host.get(&format!("/events/{event}/standings"));
    assert_eq!(status, 200);
    assert!(html.contains("Standings"));
    // Corrections are listed with their history.
    let entry = html.len(); // any number; find an entry id from the console
    let _ = entry;
    let (_, console) = host.get(&format!("/events/{event}/host"));
    let id = console
        .split("<select id=\"c-entry\" name=\"entry\"><option value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("an entry to correct")
        .to_owned();
    host.post(
        &format!("/events/{event}/host/corrections"),
        &[
            ("csrf", &csrf),
            ("round", "1"),
            ("entry", &id),
            ("miles", "33"),
            ("reason", "recount"),
        ],
    );
    assert!(flash(&host, event).contains("→ 33."));
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(console.contains("recount"));
    // The corrections history names the entry by name, not by its label.
    let name = console
        .split(&format!("<option value=\"{id}\">"))
        .nth(1)
        .and_then(|r| r.split('<').next())
        .expect("the entry's name")
        .to_owned();
    let history = console
        .split("<th>Why</th>")
        .nth(1)
        .expect("the corrections history");
    assert!(
        history.contains(&format!("<td>{name}</td>")),
        "{name}: {history}"
    );
    assert!(!history.contains(&format!("E{id}")), "{history}");
}

#[test]
fn the_projector_standings_and_print_pages_render_and_respect_privacy() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Shown");
    for name in ["Ann", "Bob", "Cy"] {
        add(&host, event, name);
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    host.post(
        &format!("/events/{event}/host/seat"),
        &[
            ("csrf", &csrf),
            ("remainder", "mixed_tables"),
            ("order", "draw"),
            ("paper", "none"),
        ],
    );
    let (status, html) = host.get(&format!("/events/{event}/screen"));
    assert_eq!(status, 200);
    assert!(html.contains("<svg"), "a QR code to join");
    assert!(html.contains("Seating, round 1"));
    assert!(
        html.contains("http-equiv=\"refresh\""),
        "refreshes without scripts"
    );
    for page in [
        "print",
        "print/standings",
        "print/seating",
        "print/cards",
        "print/tents?paper=letter",
    ] {
        let (status, html) = host.get(&format!("/events/{event}/{page}"));
        assert_eq!(status, 200, "{page}");
        assert!(html.contains("Touring"), "{page}");
    }
    let (_, tents) = host.get(&format!("/events/{event}/print/tents"));
    assert!(
        tents.contains("Table 1") && tents.contains("<svg"),
        "{tents}"
    );
    // The paper size comes as a style sheet: the CSP allows no inline style.
    assert!(tents.contains("/static/page-a4.css"));
    let guest = Browser::new(&server);
    let (status, _) = guest.get(&format!("/events/{event}/print/tents"));
    assert_eq!(status, 303, "printing tents is the host's");
    let (status, _) = guest.get(&format!("/events/{event}/screen"));
    assert_eq!(status, 200, "public by default");
    host.post(
        &format!("/events/{event}/host/views"),
        &[("csrf", &csrf), ("private", "true")],
    );
    let (status, html) = guest.get(&format!("/events/{event}/screen"));
    assert_eq!(status, 403, "{html}");
    let (status, _) = guest.get(&format!("/events/{event}/standings"));
    assert_eq!(status, 403);
    let tent_key = tents
        .split("key=")
        .nth(1)
        .and_then(|r| r.get(..32))
        .expect("the join key in a tent's link")
        .to_owned();
    let (status, _) = guest.get(&format!("/events/{event}/screen?key={tent_key}"));
    assert_eq!(status, 403, "a table's key is not the viewer key");
    let (_, console) = host.get(&format!("/events/{event}/host"));
    let key = console
        .split("screen?key=")
        .nth(1)
        .and_then(|r| r.get(..32))
        .expect("the viewer link on the console")
        .to_owned();
    let (status, _) = guest.get(&format!("/events/{event}/screen?key={key}"));
    assert_eq!(status, 200, "the viewer link works");
    let (status, _) = host.get(&format!("/events/{event}/screen"));
    assert_eq!(status, 200, "the host always sees it");
}

#[test]
fn score_cards_are_printed_only_for_paper_tables() {
    let server = Server::start();
    let (host, event) = paper_event(&server, json!({}));
    let (status, cards) = host.get(&format!("/events/{event}/print/cards?round=1"));
    assert_eq!(status, 200, "{cards}");
    assert!(cards.contains("round 1 · table 2"), "{cards}");
    for phones in ["round 1 · table 1", "round 1 · table 3"] {
        assert!(!cards.contains(phones), "no card for {phones}: {cards}");
    }
    assert_eq!(cards.matches("class=\"scorecard\"").count(), 1, "{cards}");
    // Table 2 back on phones: nothing to print, and the page says so.
    let csrf = host.csrf(&format!("/events/{event}/host"));
    let (status, _) = host.post(
        &format!("/events/{event}/host/rounds/1/tables/2/mode"),
        &[("csrf", &csrf), ("paper", "false")],
    );
    assert_eq!(status, 303);
    let (_, cards) = host.get(&format!("/events/{event}/print/cards?round=1"));
    assert!(!cards.contains("class=\"scorecard\""), "{cards}");
    assert!(
        cards.contains("No score cards to print for round 1"),
        "{cards}"
    );
}

#[test]
fn a_guest_finds_their_seat_from_a_table_tent_and_sees_live_updates() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Tents");
    for name in ["Ann", "Bob"] {
        add(&host, event, name);
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    host.post(
        &format!("/events/{event}/host/seat"),
        &[
            ("csrf", &csrf),
            ("remainder", "mixed_tables"),
            ("order", "host"),
            ("paper", "none"),
        ],
    );
    let (_, tents) = host.get(&format!("/events/{event}/print/tents"));
    let key = tents
        .split("key=")
        .nth(1)
        .and_then(|r| r.get(..32))
        .expect("key")
        .to_owned();
    let guest = Browser::new(&server);
    let (status, _) = guest.get(&format!("/events/{event}/table/1?key=nope"));
    assert_eq!(status, 403);
    let (status, html) = guest.get(&format!("/events/{event}/table/1?key={key}"));
    assert_eq!(status, 200);
    assert!(html.contains("Ann") && html.contains("Bob"), "{html}");
    let player = html
        .split("name=\"player\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("a player to pick")
        .to_owned();
    let pick_csrf = guest.csrf(&format!("/events/{event}/table/1?key={key}"));
    let (status, to) = guest.post(
        &format!("/events/{event}/pick"),
        &[
            ("csrf", &pick_csrf),
            ("key", &key),
            ("player", &player),
            ("table", "1"),
        ],
    );
    assert_eq!((status, to.as_str()), (303, "/seat"));
    let (status, html) = guest.get("/seat");
    assert_eq!(status, 200);
    assert!(html.contains("Your hand"), "{html}");
    assert!(html.contains("data-live=\"/seat-live\""));
    // The live stream answers as server-sent events, starting with the board.
    let mut response = guest
        .client
        .get(server.url("/seat-live"))
        .send()
        .expect("live stream");
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("text/event-stream")
    );
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    while !String::from_utf8_lossy(&received).contains("event: board") && received.len() < 65536 {
        let read = std::io::Read::read(&mut response, &mut chunk).expect("the stream");
        if read == 0 {
            break;
        }
        received.extend_from_slice(&chunk[..read]);
    }
    let event_text = String::from_utf8_lossy(&received);
    assert!(event_text.contains("event: board"), "{event_text}");
    assert!(
        event_text.contains("Your hand"),
        "the board's HTML comes with it"
    );
    // Without a picked seat, /seat is refused.
    let stranger = Browser::new(&server);
    let (status, _) = stranger.get("/seat");
    assert_eq!(status, 403);
}

#[test]
fn paper_tables_take_score_cards_from_the_players_and_the_host() {
    let server = Server::start();
    let (status, created) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Cards", "length": {"kind": "rounds", "rounds": 1}}),
    );
    assert_eq!(status, 201);
    let event = created["event"]["id"].as_i64().expect("id");
    let token = created["host_token"].as_str().expect("token").to_owned();
    let mut seats = Vec::new();
    for name in ["Ann", "Bob"] {
        let (_, answer) = server.post(
            &format!("/api/v1/events/{event}/entries"),
            Some(&token),
            &json!({"names": [name]}),
        );
        seats.push(
            answer["links"][0]["token"]
                .as_str()
                .expect("seat")
                .to_owned(),
        );
    }
    server.post(
        &format!("/api/v1/events/{event}/rounds"),
        Some(&token),
        &json!({"all_paper": true}),
    );
    server.post(
        &format!("/api/v1/events/{event}/rounds/1/start"),
        Some(&token),
        &json!({}),
    );
    server.post(
        &format!("/api/v1/events/{event}/rounds/1/stop"),
        Some(&token),
        &json!({}),
    );
    let ann = Browser::new(&server);
    let (_, html) = ann.get(&format!("/seat/{}", seats[0]));
    assert!(
        html.contains("Score cards") && html.contains("Enter my card"),
        "{html}"
    );
    let csrf = ann.csrf(&format!("/seat/{}", seats[0]));
    ann.post(
        &format!("/seat/{}/card", seats[0]),
        &[("csrf", &csrf), ("what", "enter"), ("row_mile1", "9")],
    );
    let (_, html) = ann.get(&format!("/seat/{}", seats[0]));
    assert!(html.contains("at most 8"), "the quota is checked: {html}");
    ann.post(
        &format!("/seat/{}/card", seats[0]),
        &[
            ("csrf", &csrf),
            ("what", "enter"),
            ("row_mile1", "4"),
            ("row_mile3", "1"),
            ("row_mile5", "0"),
            ("row_mile10", "0"),
        ],
    );
    let (_, html) = ann.get(&format!("/seat/{}", seats[0]));
    assert!(html.contains("7 miles"), "{html}");
    let bob = Browser::new(&server);
    let (_, html) = bob.get(&format!("/seat/{}", seats[1]));
    assert!(html.contains("Confirm Ann"), "{html}");
    let bob_csrf = bob.csrf(&format!("/seat/{}", seats[1]));
    let ann_side = html
        .split("name=\"side\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("side")
        .to_owned();
    let seen = html
        .split("name=\"seen\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("the version of the card shown")
        .to_owned();
    bob.post(
        &format!("/seat/{}/card", seats[1]),
        &[
            ("csrf", &bob_csrf),
            ("what", "confirm"),
            ("side", &ann_side),
            ("seen", &seen),
        ],
    );
    let (_, html) = bob.get(&format!("/seat/{}", seats[1]));
    assert!(html.contains("Confirmed"), "{html}");
    let (_, round) = server.get(&format!("/api/v1/events/{event}/rounds/1"), None);
    assert_eq!(
        round["missing_scores"].as_array().map(Vec::len),
        Some(1),
        "Bob's card is still missing"
    );
    let _: Value = round;
}

#[test]
fn unknown_pages_answer_with_a_page_that_says_so() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (status, html) = browser.get("/events/999/standings");
    assert_eq!(status, 404);
    assert!(html.contains("no event 999"), "{html}");
    assert!(html.contains("<html"), "an HTML page, not JSON");
    let (status, _) = browser.get("/static/style.css");
    assert_eq!(status, 200);
    let (status, js) = browser.get("/static/touring.js");
    assert_eq!(status, 200);
    assert!(js.contains("EventSource"));
}

#[test]
fn forms_with_bad_input_get_a_clear_answer_and_store_nothing() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let event = create(&browser, "Bad Input Night");
    let (_, before) = server.get(&format!("/api/v1/events/{event}"), None);
    let entries = |b: &Browser| {
        let (_, html) = b.get(&format!("/events/{event}/host"));
        html.split("Entries <span")
            .nth(1)
            .map(|s| s[..40.min(s.len())].to_owned())
    };
    let entries_before = entries(&browser);

    // A name of 10,000 characters: refused with the limit, nothing added.
    let (status, _) = add(&browser, event, &"N".repeat(10_000));
    assert_eq!(status, 303);
    assert!(flash(&browser, event).contains("at most 200"));
    assert_eq!(entries(&browser), entries_before, "nothing was added");

    // A body far over the form limit: a page that says so, not a crash, nothing stored.
    let csrf = browser.csrf(&format!("/events/{event}/host"));
    let huge = "x".repeat(200_000);
    let (status, page) = browser.post(
        &format!("/events/{event}/host/entries"),
        &[("csrf", &csrf), ("name", &huge)],
    );
    assert_eq!(status, 413, "{page}");
    assert!(page.contains("too large"), "{page}");
    assert_eq!(entries(&browser), entries_before, "nothing was added");

    // Wrong types in the start form: the page explains, no event is created.
    let csrf = browser.csrf("/");
    let (status, page) = browser.post(
        "/events",
        &[
            ("csrf", &csrf),
            ("name", "Typed Wrong"),
            ("table_size", "many"),
            ("round_kind", "sometimes"),
            ("round_minutes", "-3"),
            ("rounds", "1e9"),
            ("prizes", "[]"),
        ],
    );
    assert!((400..500).contains(&status), "{status} {page}");
    let (status, _) = server.get(&format!("/api/v1/events/{}", event + 1), None);
    assert_eq!(status, 404, "no event was created by a refused form");

    // A form that is not a form at all.
    let response = browser
        .client
        .post(server.url(&format!("/events/{event}/host/entries")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("%%%&&&=\u{0}")
        .send()
        .expect("POST");
    let status = response.status().as_u16();
    assert!((400..500).contains(&status), "{status}");

    // Unknown ids and wrong tokens: a page that says so, the same whether or not it exists.
    let stranger = Browser::new(&server);
    let (status, to) = stranger.post(
        &format!("/events/{event}/login"),
        &[("csrf", "wrong"), ("password", "guess")],
    );
    let (status_missing, to_missing) = stranger.post(
        "/events/999999/login",
        &[("csrf", "wrong"), ("password", "guess")],
    );
    assert_eq!(status, status_missing, "{to} / {to_missing}");
    assert!((400..500).contains(&status), "{status}");
    let (status, _) = stranger.get(&format!("/events/{event}/host"));
    let (status_missing, _) = stranger.get("/events/999999/host");
    assert_eq!(
        status, status_missing,
        "a host page tells nothing of whether the event exists"
    );
    for path in [
        "/events/abc/host".to_owned(),
        "/seat/not-a-token".to_owned(),
        format!("/events/{event}/table/99"),
    ] {
        let (status, page) = Browser::new(&server).get(&path);
        assert!((400..500).contains(&status), "{path}: {status}");
        assert!(page.contains("<html"), "{path} answers with a page");
    }
    let (_, after) = server.get(&format!("/api/v1/events/{event}"), None);
    assert_eq!(before, after, "the event is as it was");
}

/// Reads a live stream until it has sent `count` boards; answers the boards' HTML.
fn read_boards(response: &mut Response, count: usize) -> Vec<String> {
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&received).into_owned();
        let boards: Vec<String> = text
            .split("event: board\n")
            .skip(1)
            .filter(|b| b.contains("\n\n"))
            .map(|b| b.to_owned())
            .collect();
        if boards.len() >= count {
            return boards;
        }
        let read = std::io::Read::read(response, &mut chunk).expect("the stream");
        assert!(read > 0, "the stream ended after {} boards", boards.len());
        received.extend_from_slice(&chunk[..read]);
    }
}

/// Reads a live stream until an event named `name` whose data contains `needle` arrives, and
/// answers that event's data.
/// Asserts that a drawing's forms carry `own` browser's CSRF token, not `other`'s.
fn forms_of(drawing: &str, own: &str, other: &str) {
    assert!(
        drawing.contains(own) && !drawing.contains(other),
        "{drawing}"
    );
}

/// The host link the console shows once, just after the event is made.
fn host_link(browser: &Browser, event: i64) -> String {
    let (_, html) = browser.get(&format!("/events/{event}/host"));
    let start = format!("/events/{event}/host?token=");
    let rest = html
        .split(&start)
        .nth(1)
        .expect("the host link on the console");
    let token: String = rest
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    format!("{start}{token}")
}

fn read_until(response: &mut Response, name: &str, needle: &str) -> String {
    let mut received = Vec::new();
    let mut chunk = [0u8; 16384];
    let head = format!("event: {name}\n");
    loop {
        let text = String::from_utf8_lossy(&received).into_owned();
        let found = text
            .split("\n\n")
            .filter(|frame| frame.starts_with(&head) || frame.contains(&format!("\n{head}")))
            .find(|frame| frame.contains(needle));
        if let Some(frame) = found {
            return frame.to_owned();
        }
        let read = std::io::Read::read(response, &mut chunk).expect("the stream");
        assert!(read > 0, "the stream ended before {name} showed {needle}");
        received.extend_from_slice(&chunk[..read]);
    }
}

#[test]
fn the_consoles_stream_shows_each_change_to_its_host_with_that_browsers_forms() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Console");
    // The host link, shown once on the console after the event is made.
    let link = host_link(&host, event);
    for name in ["Ann", "Bob", "Cy", "Di"] {
        add(&host, event, name);
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    seat_round(&host, event, &csrf);
    // The host's console in this browser, and in a second browser signed in with the same
    // host link (a co-host's laptop): each stream draws the panel with its own browser's forms.
    let other = Browser::new(&server);
    let (status, _) = other.follow(&link);
    assert_eq!(status, 200);
    let other_csrf = other.csrf(&format!("/events/{event}/host"));
    assert_ne!(csrf, other_csrf);
    let open = |browser: &Browser| {
        let response = browser
            .client
            .get(server.url(&format!("/events/{event}/live/console")))
            .send()
            .expect("the console's stream");
        assert_eq!(response.status().as_u16(), 200);
        response
    };
    let mut consoles = [
        (open(&host), &csrf, &other_csrf),
        (open(&other), &other_csrf, &csrf),
    ];
    for (stream, own, other) in &mut consoles {
        forms_of(
            &read_until(stream, "round-panel", "Start round 1"),
            own,
            other,
        );
    }
    // The round starts: both consoles show it, each with its own browser's forms.
    host.post(
        &format!("/events/{event}/host/rounds/1/signal"),
        &[("csrf", &csrf), ("signal", "start")],
    );
    for (stream, own, other) in &mut consoles {
        forms_of(&read_until(stream, "round-panel", "Pause"), own, other);
    }
    // A guest's browser does not get the console's stream.
    let guest = Browser::new(&server);
    let response = guest
        .client
        .get(server.url(&format!("/events/{event}/live/console")))
        .send()
        .expect("GET");
    assert_ne!(response.status().as_u16(), 200);
}

#[test]
fn projectors_and_standings_pages_that_share_a_drawing_each_show_every_change() {
    let server = Server::start();
    let (status, created) = server.post("/api/v1/events", None, &json!({"name": "Wall"}));
    assert_eq!(status, 201);
    let event = created["event"]["id"].as_i64().expect("id");
    let host = created["host_token"].as_str().expect("token").to_owned();
    let enter = |name: &str| {
        let (status, answer) = server.post(
            &format!("/api/v1/events/{event}/entries"),
            Some(&host),
            &json!({"names": [name]}),
        );
        assert!(status < 300, "{answer}");
    };
    enter("Ann");
    let client = Client::builder()
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .expect("client");
    let open = |path: &str| {
        client
            .get(server.url(&format!("/events/{event}/live/{path}")))
            .send()
            .expect("live stream")
    };
    // Two projectors and, as on guests' phones, many standings pages: they redraw at the same
    // instants and wait for one another's drawings.
    let mut pages: Vec<Response> = vec![open("screen"), open("screen")];
    let mut regions = vec!["screen-standings", "screen-standings"];
    for _ in 0..12 {
        pages.push(open("standings"));
        regions.push("standings");
    }
    for (page, region) in pages.iter_mut().zip(&regions) {
        read_until(page, region, "Ann");
    }
    // Each change reaches every page, whichever of them drew it.
    for name in ["Bartholomew", "Cleo", "Dmitri"] {
        enter(name);
        let drawn: Vec<String> = pages
            .iter_mut()
            .zip(&regions)
            .map(|(page, region)| read_until(page, region, name))
            .collect();
        assert_eq!(
            drawn[0], drawn[1],
            "the two projectors show the same picture"
        );
    }
}

#[test]
fn a_move_through_the_api_reaches_the_other_seats_live_streams() {
    let server = Server::start();
    let (status, created) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Live", "length": {"kind": "rounds", "rounds": 1}}),
    );
    assert_eq!(status, 201);
    let event = created["event"]["id"].as_i64().expect("id");
    let host = created["host_token"].as_str().expect("token").to_owned();
    let mut tokens = Vec::new();
    for name in ["Ann", "Bob"] {
        let (_, answer) = server.post(
            &format!("/api/v1/events/{event}/entries"),
            Some(&host),
            &json!({"names": [name]}),
        );
        tokens.push(
            answer["links"][0]["token"]
                .as_str()
                .expect("token")
                .to_owned(),
        );
    }
    for step in ["rounds", "rounds/1/start"] {
        let (status, answer) = server.post(
            &format!("/api/v1/events/{event}/{step}"),
            Some(&host),
            &json!({}),
        );
        assert!(status < 300, "{step}: {answer}");
    }
    let states: Vec<Value> = tokens
        .iter()
        .map(|t| server.get(&format!("/api/v1/seats/{t}"), None).1["seat"].clone())
        .collect();
    let mover = states
        .iter()
        .position(|s| s["deal"]["your_turn"] == true)
        .expect("a seat to move");
    let other = &tokens[1 - mover];
    // A board that never comes fails the test instead of hanging it.
    let mut stream = Client::builder()
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .expect("client")
        .get(server.url(&format!("/seat/{other}/live")))
        .send()
        .expect("live stream");
    let first = read_boards(&mut stream, 1);
    assert!(
        first[0].contains("data-deal=\"1\" data-actions=\"0\""),
        "the board says where the deal is: {}",
        first[0]
    );
    let action = states[mover]["deal"]["legal"][0].clone();
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{}/moves", tokens[mover]),
        None,
        &json!({"seen": 0, "action": action}),
    );
    assert_eq!(status, 200, "{answer}");
    // The stream's next boards (what was read before is gone from it). On PostgreSQL the page
    // may first be drawn again as this instance starts to hear the event (the relay's LISTEN),
    // showing the same position: the move's board comes within a few.
    let mut seen = Vec::new();
    while seen.len() < 3 {
        let board = read_boards(&mut stream, 1).remove(0);
        let moved = board.contains("data-deal=\"1\" data-actions=\"1\"");
        seen.push(board);
        if moved {
            return;
        }
    }
    panic!(
        "the other seat's page gets the move: {}",
        seen.join("\n---\n")
    );
}

/// Seats round `n` of `event` with every table digital, as the console's form does.
fn seat_round(host: &Browser, event: i64, csrf: &str) {
    let (status, _) = host.post(
        &format!("/events/{event}/host/seat"),
        &[
            ("csrf", csrf),
            ("remainder", "mixed_tables"),
            ("order", "draw"),
            ("paper", "none"),
        ],
    );
    assert_eq!(status, 303);
}

fn signal(host: &Browser, event: i64, csrf: &str, round: u32, signal: &str) {
    host.post(
        &format!("/events/{event}/host/rounds/{round}/signal"),
        &[("csrf", csrf), ("signal", signal)],
    );
}

#[test]
fn the_wall_shows_every_table_and_standing_the_join_qr_and_no_prizes_before_a_round_is_closed() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Wall");
    let names: Vec<String> = (1..=20).map(|n| format!("Guest {n:02}")).collect();
    for name in &names {
        add(&host, event, name);
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    seat_round(&host, event, &csrf);
    let (status, html) = host.get(&format!("/events/{event}/screen"));
    assert_eq!(status, 200);
    // Ten tables of two, each on the wall (the script pages them; without it all show).
    assert_eq!(html.matches("class=\"table-card\"").count(), 10, "{html}");
    for name in &names {
        assert!(
            html.matches(name.as_str()).count() >= 2,
            "{name}: at a table and in the standings"
        );
    }
    assert!(!html.contains(" more</p>"), "nobody is summarised away");
    assert!(html.contains("id=\"screen-join\"") && html.contains("Scan to join"));
    assert!(
        !html.contains("class=\"tag prize\""),
        "no prize before a round is closed: {html}"
    );
    assert!(
        html.contains("ol class=\"tables some\""),
        "ten tables take denser columns"
    );

    signal(&host, event, &csrf, 1, "start");
    signal(&host, event, &csrf, 1, "pause");
    let (_, html) = host.get(&format!("/events/{event}/screen"));
    assert!(
        html.contains("class=\"banner paused\""),
        "a PAUSED banner: {html}"
    );
    assert!(
        html.contains("Round 1 is paused"),
        "the footnote follows the round"
    );
    signal(&host, event, &csrf, 1, "resume");
    signal(&host, event, &csrf, 1, "stop");
    host.post(
        &format!("/events/{event}/host/rounds/1/close"),
        &[("csrf", &csrf)],
    );
    let (_, html) = host.get(&format!("/events/{event}/screen"));
    assert!(
        html.contains("class=\"tag prize\""),
        "prizes once round 1 is closed"
    );
    assert!(
        html.contains("Break"),
        "round 2 is seated: the break until its signal"
    );
}

#[test]
fn the_wall_becomes_a_winners_screen_with_a_chart_after_the_last_round() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Winners");
    for name in ["Ann", "Bob", "Cy", "Di"] {
        add(&host, event, name);
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    seat_round(&host, event, &csrf);
    for round in 1..=2 {
        signal(&host, event, &csrf, round, "start");
        signal(&host, event, &csrf, round, "stop");
        host.post(
            &format!("/events/{event}/host/rounds/{round}/close"),
            &[("csrf", &csrf)],
        );
    }
    // Closing the last round may end the evening already; asking again is harmless.
    host.post(&format!("/events/{event}/host/finish"), &[("csrf", &csrf)]);
    let (_, html) = host.get(&format!("/events/{event}/screen"));
    assert!(
        html.contains("Scan for the standings (provisional"),
        "{html}"
    );
    host.post(
        &format!("/events/{event}/host/close"),
        &[("csrf", &csrf), ("confirm", "yes")],
    );
    let (status, html) = host.get(&format!("/events/{event}/screen"));
    assert_eq!(status, 200);
    assert!(html.contains("class=\"winners\""), "{html}");
    assert!(
        html.contains("<svg class=\"chart\""),
        "a chart of the rounds: {html}"
    );
    assert!(html.contains("1st prize"), "{html}");
    assert!(html.contains("Scan for the final standings"));
}

#[test]
fn a_table_of_three_in_rounds_by_games_is_proposed_last_and_warned_about() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create_with(
        &host,
        "By games",
        &[
            ("round_kind", "games"),
            ("games", "1"),
            ("bye_score", "zero"),
        ],
    );
    for name in ["Ann", "Bob", "Cy", "Di", "Ed"] {
        add(&host, event, name);
    }
    let (_, html) = host.get(&format!("/events/{event}/host"));
    assert!(
        html.contains("a bye scores 0"),
        "the host sees the bye rule"
    );
    let options = html
        .split("<legend>Tables</legend>")
        .nth(1)
        .and_then(|rest| rest.split("</fieldset>").next())
        .expect("the seating options");
    let proposed = options.split("proposed").next().unwrap_or("");
    assert!(
        proposed.contains("labelled bot"),
        "a bot seat first: {options}"
    );
    assert!(
        options.contains("unfair while rounds are by games"),
        "{options}"
    );
    let csrf = host.csrf(&format!("/events/{event}/host"));
    host.post(
        &format!("/events/{event}/host/seat"),
        &[
            ("csrf", &csrf),
            ("remainder", "mixed_tables"),
            ("order", "host"),
            ("paper", "none"),
        ],
    );
    let said = flash(&host, event);
    assert!(said.contains("Round 1 is seated"), "{said}");
    assert!(
        said.contains("races 30 miles where the others race 50"),
        "{said}"
    );
}

#[test]
fn a_bye_scores_the_rounds_average_unless_the_host_chooses_zero() {
    let server = Server::start();
    let host = Browser::new(&server);
    let (_, start) = host.get("/");
    assert!(
        start.contains("name=\"bye_score\""),
        "the start form offers the choice"
    );
    let event = create(&host, "Average");
    let (_, html) = host.get(&format!("/events/{event}/host"));
    let summary = html.split("<p class=\"muted\">").nth(1).unwrap_or("");
    assert!(
        summary.contains("a bye scores the round") && summary.contains("s average"),
        "the default, shown to the host: {summary}"
    );
}

/// The id of the first "link for X" button on the console.
fn first_player(host: &Browser, event: i64) -> String {
    let (_, html) = host.get(&format!("/events/{event}/host"));
    html.split("/host/players/")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("a link button")
        .to_owned()
}

/// The seat token in the message of a new link.
fn seat_token(message: &str) -> String {
    message
        .split("/seat/")
        .nth(1)
        .and_then(|rest| rest.get(..32))
        .expect("the seat link in the message")
        .to_owned()
}

#[test]
fn a_new_link_for_a_seat_in_use_asks_first_and_shows_its_qr_code() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Links");
    add(&host, event, "Ann");
    let player = first_player(&host, event);
    let csrf = host.csrf(&format!("/events/{event}/host"));
    let link = format!("/events/{event}/host/players/{player}/link");
    // Nobody uses the seat yet: the link is made at once, with its QR code.
    let (status, _) = host.post(&link, &[("csrf", &csrf)]);
    assert_eq!(status, 303);
    let message = flash(&host, event);
    assert!(
        message.contains("<svg"),
        "the new link's QR code: {message}"
    );
    let first = seat_token(&message);
    let guest = Browser::new(&server);
    let (status, _) = guest.get(&format!("/seat/{first}"));
    assert_eq!(status, 200, "Ann opens her link: the seat is in use");
    // Now the console asks, on a page of its own, and changes nothing yet.
    let (status, page) = host.post(&link, &[("csrf", &csrf)]);
    assert_eq!(status, 200);
    assert!(page.contains("A new link for Ann?"), "{page}");
    assert!(page.contains("name=\"confirm\" value=\"yes\""), "{page}");
    assert!(
        page.contains(&format!("/events/{event}/host#entries")),
        "a way back"
    );
    assert_eq!(Browser::new(&server).get(&format!("/seat/{first}")).0, 200);
    // Confirmed: a new link, its QR code, and the old link stops working.
    let (status, _) = host.post(&link, &[("csrf", &csrf), ("confirm", "yes")]);
    assert_eq!(status, 303);
    let message = flash(&host, event);
    assert!(message.contains("<svg"), "{message}");
    let second = seat_token(&message);
    assert_ne!(first, second);
    assert_eq!(Browser::new(&server).get(&format!("/seat/{first}")).0, 403);
    assert_eq!(Browser::new(&server).get(&format!("/seat/{second}")).0, 200);
}

#[test]
fn adding_a_name_that_is_already_there_asks_first() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Twice");
    add(&host, event, "Ann");
    let (status, page) = add(&host, event, " ann ");
    assert_eq!(status, 200, "a question, not a redirect");
    assert!(page.contains("Ann is already there"), "{page}");
    assert!(
        page.contains("value=\"ann 2\""),
        "a name to tell them apart: {page}"
    );
    assert!(
        page.contains(&format!("/events/{event}/host#entries")),
        "a way back"
    );
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert_eq!(console.matches("link for ").count(), 1, "nothing added yet");
    // Going ahead with the name the question offers adds the second guest.
    let (status, _) = add(&host, event, "ann 2");
    assert_eq!(status, 303);
    assert!(flash(&host, event).contains("ann 2 added"));
}

#[test]
fn an_entry_added_by_mistake_is_removed_before_it_has_played_and_withdrawn_after() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Mistakes");
    for name in ["Ann", "Bob", "Cy", "Di", "Ed"] {
        add(&host, event, name);
    }
    let entry_of = |name: &str| -> String {
        let (_, html) = host.get(&format!("/events/{event}/host"));
        html.split(&format!("value=\"{name}\""))
            .next()
            .and_then(|before| before.rsplit("id=\"rename-").next())
            .and_then(|rest| rest.split('"').next())
            .expect("the entry's rename field")
            .to_owned()
    };
    let csrf = host.csrf(&format!("/events/{event}/host"));
    // Before round 1 is seated: removed outright.
    let di = entry_of("Di");
    let (status, _) = host.post(
        &format!("/events/{event}/host/entries/{di}/remove"),
        &[("csrf", &csrf)],
    );
    assert_eq!(status, 303);
    assert!(flash(&host, event).contains("Di removed"));
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(!console.contains("link for Di"), "gone from the list");
    // Seated in round 1 before its signal: removed, and round 1 is to be seated again.
    seat_round(&host, event, &csrf);
    let ed = entry_of("Ed");
    host.post(
        &format!("/events/{event}/host/entries/{ed}/remove"),
        &[("csrf", &csrf)],
    );
    assert!(flash(&host, event).contains("seat it again"));
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(console.contains("Seat round 1"), "round 1 was unseated");
    // Once round 1 has started, an entry that played is withdrawn, not removed.
    seat_round(&host, event, &csrf);
    signal(&host, event, &csrf, 1, "start");
    let ann = entry_of("Ann");
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(
        !console.contains(&format!("/entries/{ann}/remove")),
        "no remove button"
    );
    host.post(
        &format!("/events/{event}/host/entries/{ann}/remove"),
        &[("csrf", &csrf)],
    );
    let said = flash(&host, event);
    assert!(said.contains("withdraw them instead"), "{said}");
    assert!(said.contains("Ann is seated in round 1"), "{said}");
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(console.contains("link for Ann"), "Ann is still there");
    // A late guest added during the round has not played: removed outright.
    add(&host, event, "Fay");
    let fay = entry_of("Fay");
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(
        console.contains(&format!("/entries/{fay}/remove")),
        "{console}"
    );
    host.post(
        &format!("/events/{event}/host/entries/{fay}/remove"),
        &[("csrf", &csrf)],
    );
    assert!(flash(&host, event).contains("Fay removed"));
}

#[test]
fn the_host_closes_the_evening_after_a_confirmation_and_corrections_stop_there() {
    let server = Server::start();
    let api = common::api::Host::create(
        &server,
        json!({"name": "Last orders", "seed": 8, "length": {"kind": "rounds", "rounds": 1}}),
    );
    api.add_players(&server, &["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]);
    api.play_paper_rounds(&server, 1);
    let host = Browser::new(&server);
    let (status, _) = host.get(&format!("/events/{}/host?token={}", api.event, api.token));
    assert_eq!(status, 303, "the host link signs the browser in");
    let event = api.event;
    let console_path = format!("/events/{event}/host");

    // After the last round: provisional on the console, the standings page and the wall.
    let (_, console) = host.get(&console_path);
    assert!(
        console.contains("<strong>provisional</strong>"),
        "{console}"
    );
    assert!(console.contains(">Close the evening</button>"), "{console}");
    let (_, standings) = host.get(&format!("/events/{event}/standings"));
    assert!(standings.contains("Provisional standings"), "{standings}");
    assert!(standings.contains("data-provisional"), "{standings}");
    let (_, wall) = host.get(&format!("/events/{event}/screen"));
    assert!(wall.contains("data-provisional"), "{wall}");

    // The last round is still corrected from the console, with its reason.
    let csrf = host.csrf(&console_path);
    let round = api.get(&server, "/rounds/1");
    let entry = round["seating"]["tables"][0]["entries"][0]["entry"]
        .as_str()
        .map(|e| e.trim_start_matches('E').to_owned())
        .expect("an entry");
    let correction = [
        ("csrf", csrf.as_str()),
        ("round", "1"),
        ("entry", entry.as_str()),
        ("miles", "37"),
        ("reason", "late recount"),
    ];
    host.post(&format!("/events/{event}/host/corrections"), &correction);
    assert!(flash(&host, event).contains("→ 37."), "accepted");

    // Close the evening asks first, on a page of its own that works without script;
    // nothing is closed until the host confirms.
    let (status, ask) = host.post(&format!("/events/{event}/host/close"), &[("csrf", &csrf)]);
    assert_eq!(status, 200, "{ask}");
    assert!(ask.contains("Close the evening?"), "{ask}");
    assert!(ask.contains("name=\"confirm\" value=\"yes\""), "{ask}");
    assert_eq!(api.get(&server, "/standings")["final"], false);
    let (status, _) = host.post(
        &format!("/events/{event}/host/close"),
        &[("csrf", &csrf), ("confirm", "yes")],
    );
    assert_eq!(status, 303);
    assert!(flash(&host, event).contains("closed"), "the host is told");
    assert_eq!(api.get(&server, "/standings")["final"], true);
    let (_, console) = host.get(&console_path);
    assert!(
        !console.contains(">Close the evening</button>"),
        "{console}"
    );
    assert!(
        console.contains("no score can be corrected any more"),
        "the corrections form is gone: {console}"
    );
    let (_, standings) = host.get(&format!("/events/{event}/standings"));
    assert!(standings.contains("Final standings"), "{standings}");

    // A correction now is refused, saying that the host closed the evening.
    host.post(&format!("/events/{event}/host/corrections"), &correction);
    let refused = flash(&host, event);
    assert!(
        refused.contains("the host has closed the evening"),
        "{refused}"
    );
}

#[test]
fn a_late_arrival_is_added_on_the_console_with_what_its_missed_rounds_score() {
    let server = Server::start();
    let api = common::api::Host::create(
        &server,
        json!({"name": "Latecomers", "seed": 4, "length": {"kind": "rounds", "rounds": 3}}),
    );
    api.add_players(&server, &["Ann", "Bob", "Cy", "Di"]);
    api.ok(&server, "/rounds", json!({}));
    api.ok(&server, "/rounds/1/start", json!({}));
    let host = Browser::new(&server);
    host.get(&format!("/events/{}/host?token={}", api.event, api.token));
    let event = api.event;
    let console_path = format!("/events/{event}/host");
    let (_, console) = host.get(&console_path);
    assert!(
        console.contains("name=\"missed_rounds\""),
        "the choice is offered once round 1 started"
    );
    let csrf = host.csrf(&console_path);
    let add = |name: &str, missed: &str| {
        host.post(
            &format!("/events/{event}/host/entries"),
            &[("csrf", &csrf), ("name", name), ("missed_rounds", missed)],
        )
    };
    add("Eve", "round_average");
    let said = flash(&host, event);
    assert!(
        said.contains("join at round 2") && said.contains("average"),
        "{said}"
    );
    add("Fay", "half");
    let said = flash(&host, event);
    assert!(
        said.contains("is not a choice") && said.contains("round_average"),
        "a clear refusal: {said}"
    );
    let entries = api.get(&server, "/entries");
    let eve = entries["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["names"][0] == "Eve")
        .cloned()
        .expect("Eve was added");
    assert_eq!(eve["missed_rounds"], "round_average");
    assert!(
        !entries.to_string().contains("Fay"),
        "a refused form stores nothing"
    );
}

#[test]
fn words_the_start_page_names_each_games_own_trip_and_shows_mille_bornes_options_only_for_it() {
    let server = Server::start();
    let browser = Browser::new(&server);
    let (status, html) = browser.get("/");
    assert_eq!(status, 200);
    // A table of three: a shorter race in Touring, the same trip in Mille Bornes, each marked
    // with its game so that the page says only what the chosen game does.
    assert!(
        html.contains("data-for-rules=\"touring-1926 touring-1958\">(Touring: a shorter race, 30 miles in 1926, 295 in 1937-1958)"),
        "{html}"
    );
    assert!(
        html.contains(
            "data-for-rules=\"mille-bornes\">(Mille Bornes: the same 700-mile trip with the Extension)"
        ),
        "{html}"
    );
    // Mille Bornes' own settings are marked as its own: the Coup Fourré's wait and the 1988
    // option in its options' fieldset, and the rounds to 5000 points.
    let own = html
        .split("<fieldset data-for-rules=\"mille-bornes\">")
        .nth(1)
        .and_then(|rest| rest.split("</fieldset>").next())
        .expect("Mille Bornes' options fieldset");
    for field in ["id=\"coup_fourre_seconds\"", "id=\"hazard_on_hazard\""] {
        assert!(own.contains(field), "{field} in {own}");
    }
    assert!(html.contains(
        "<label class=\"choice\" data-for-rules=\"mille-bornes\"><input type=\"radio\" name=\"round_kind\" value=\"points\""
    ));
    // Scores, not miles, where a setting concerns every game.
    for miles_only in ["the miles add up", "everyone's miles", "When a race is won"] {
        assert!(!html.contains(miles_only), "{miles_only}");
    }
    let (_, css) = browser.get("/static/style.css");
    assert!(
        css.contains("[data-for-rules][hidden] { display: none; }"),
        "the words of a game not chosen hide once the script marks them hidden"
    );
}

#[test]
fn the_events_language_is_chosen_on_the_start_page_and_the_console_and_the_projector_follows_it() {
    let server = Server::start();
    let host = Browser::new(&server);
    let (_, start) = host.get("/");
    assert!(
        start.contains("<option value=\"en\" lang=\"en\" selected>"),
        "an English browser's event is in English unless chosen otherwise"
    );
    let event = create_with(&host, "Soirée", &[("language", "fr")]);
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(
        console.contains("<html lang=\"fr\""),
        "the console reads French"
    );
    assert!(console.contains("Langue de la soirée"), "{console}");
    let (_, screen) = host.get(&format!("/events/{event}/screen"));
    assert!(
        screen.contains("<html lang=\"fr\""),
        "the projector reads French"
    );
    assert!(
        screen.contains("Scannez pour rejoindre la soirée"),
        "the projector's words in French: {screen}"
    );
    let (_, printed) = host.get(&format!("/events/{event}/print/standings"));
    assert!(
        printed.contains("Classement à ce stade"),
        "the printed standings in French"
    );
    assert!(
        !printed.contains("action=\"/language\""),
        "a page in the event's language offers no chooser"
    );
    let (_, print) = host.get(&format!("/events/{event}/print"));
    assert!(
        print.contains("<html lang=\"fr\""),
        "the printouts read French"
    );
    // A guest's own page stays in the guest's language.
    let guest = Browser::new(&server);
    let (_, standings) = guest.get(&format!("/events/{event}/standings"));
    assert!(
        standings.contains("<html lang=\"en\""),
        "the guest reads English"
    );

    let csrf = host.csrf(&format!("/events/{event}/host"));
    let (status, to) = host.post(
        &format!("/events/{event}/host/language"),
        &[("csrf", &csrf), ("language", "en")],
    );
    assert_eq!(status, 303, "{to}");
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(
        console.contains("<html lang=\"en\""),
        "the console reads English"
    );
    assert!(
        console.contains("The event is in English now"),
        "the change is told"
    );
    let (status, _) = host.post(
        &format!("/events/{event}/host/language"),
        &[("csrf", &csrf), ("language", "xx")],
    );
    assert_eq!(status, 303);
    assert!(
        flash(&host, event).contains("there is no language"),
        "an unknown language is refused in words"
    );
    let (_, screen) = host.get(&format!("/events/{event}/screen"));
    assert!(screen.contains("<html lang=\"en\""), "and nothing changed");
}

#[test]
fn an_error_page_is_framed_in_the_readers_language() {
    let server = Server::start();
    let response = server
        .client()
        .get(server.url("/events/999/standings"))
        .header("Accept-Language", "fr")
        .send()
        .expect("GET");
    let (status, html) = text(response);
    assert_eq!(status, 404);
    assert!(html.contains("<html lang=\"fr\""), "{html}");
    assert!(html.contains("Introuvable"), "{html}");
    assert!(html.contains("Erreur 404"), "{html}");
}

#[test]
fn pseudo_language_every_word_of_the_projector_comes_from_a_message_in_every_state() {
    let server = Server::start();
    let host = Browser::new(&server);
    // The event's language is the pseudo-language: the projector reads in it.
    let event = create_with(&host, "Wall", &[("language", "en-XA")]);
    let names = ["Wall", "Ann", "Bob", "Cy", "Di"];
    let check = |state: &str| {
        // The console takes the message of the host's last form, so that the projector
        // shows none.
        host.get(&format!("/events/{event}/host"));
        let (status, html) = host.get(&format!("/events/{event}/screen"));
        assert_eq!(status, 200, "{state}");
        assert!(html.contains("<html lang=\"en-XA\""), "{state}");
        let mut left = touring::i18n::untranslated(&html, &names);
        // The QR code's address, written under it, is no word.
        left.retain(|piece| !piece.starts_with("http"));
        assert!(left.is_empty(), "{state}: not from a message: {left:?}");
    };
    check("before any entry");
    for name in &names[1..] {
        add(&host, event, name);
    }
    check("before round 1");
    let csrf = host.csrf(&format!("/events/{event}/host"));
    seat_round(&host, event, &csrf);
    check("round 1 seated");
    signal(&host, event, &csrf, 1, "start");
    check("round 1 running");
    signal(&host, event, &csrf, 1, "pause");
    check("round 1 paused");
    signal(&host, event, &csrf, 1, "resume");
    signal(&host, event, &csrf, 1, "stop");
    check("round 1 over");
    host.post(
        &format!("/events/{event}/host/rounds/1/close"),
        &[("csrf", &csrf)],
    );
    check("round 1 closed");
    host.post(&format!("/events/{event}/host/finish"), &[("csrf", &csrf)]);
    check("the evening over, provisional");
    host.post(
        &format!("/events/{event}/host/close"),
        &[("csrf", &csrf), ("confirm", "yes")],
    );
    let (_, html) = host.get(&format!("/events/{event}/screen"));
    assert!(html.contains("<svg class=\"chart\""), "the winners' chart");
    check("the winners' screen");
}

/// The visible text of a page in the pseudo-language that no message said, less the names
/// typed and the addresses shown as they are (the host link, the QR codes' address).
fn untranslated(html: &str, names: &[&str]) -> Vec<String> {
    let mut left = touring::i18n::untranslated(html, names);
    left.retain(|piece| !piece.trim_start().starts_with("http") && !piece.starts_with('/'));
    left
}

#[test]
fn pseudo_language_every_word_of_the_console_and_the_start_page_comes_from_a_message_in_every_state()
 {
    let server = Server::start();
    let host = Browser::speaking(&server, "en-XA");
    let (status, start) = host.get("/");
    assert_eq!(status, 200);
    assert!(start.contains("<html lang=\"en-XA\""));
    let left = untranslated(&start, &[]);
    assert!(
        left.is_empty(),
        "the start page: not from a message: {left:?}"
    );
    // Every problem beside its field, each in the reader's language.
    let (status, refused) = post_start(
        &host,
        &[
            ("name", ""),
            ("table_size", "5"),
            ("round_kind", "timed"),
            ("round_minutes", "ten"),
            ("length_kind", "time"),
            ("limit_minutes", "5000"),
            ("prizes", "500"),
            ("turn_clock", "on"),
            ("turn_seconds", "5"),
            ("seed", "x"),
        ],
    );
    assert_eq!(status, 422);
    assert!(refused.contains("class=\"field-error\""), "{refused}");
    let typed = ["ten", "5000", "500", "x"];
    let left = untranslated(&refused, &typed);
    assert!(
        left.is_empty(),
        "the start page's problems: not from a message: {left:?}"
    );

    // The event reads in the pseudo-language too: the console and what its forms say.
    let event = create_with(&host, "Soiree", &[("language", "en-XA")]);
    let names = ["Soiree", "Ann", "Bob", "Cy", "Di", "miscounted"];
    let console = format!("/events/{event}/host");
    let check = |state: &str| {
        let (status, html) = host.get(&console);
        assert_eq!(status, 200, "{state}");
        assert!(html.contains("<html lang=\"en-XA\""), "{state}");
        let left = untranslated(&html, &names);
        assert!(
            left.is_empty(),
            "the console {state}: not from a message: {left:?}"
        );
    };
    check("with the new host link, before any entry");
    check("before any entry");
    add(&host, event, "Ann");
    check("with one entry");
    for name in &names[2..5] {
        add(&host, event, name);
    }
    check("before round 1");
    // The questions asked first, on pages of their own.
    let csrf = host.csrf(&console);
    let (status, asked) = host.post(
        &format!("/events/{event}/host/entries"),
        &[("csrf", &csrf), ("name", "Ann")],
    );
    assert_eq!(status, 200);
    let left = untranslated(&asked, &names);
    assert!(
        left.is_empty(),
        "a name already there: not from a message: {left:?}"
    );
    seat_round(&host, event, &csrf);
    check("round 1 seated");
    host.post(
        &format!("/events/{event}/host/rounds/1/tables/1/mode"),
        &[("csrf", &csrf), ("paper", "true")],
    );
    host.post(
        &format!("/events/{event}/host/rounds/1/tables/1/mode"),
        &[("csrf", &csrf), ("paper", "false")],
    );
    check("a table switched back to phones");
    signal(&host, event, &csrf, 1, "start");
    check("round 1 running");
    host.post(
        &format!("/events/{event}/host/rounds/1/signal"),
        &[("csrf", &csrf), ("signal", "extend"), ("minutes", "2")],
    );
    check("round 1 extended");
    signal(&host, event, &csrf, 1, "pause");
    check("round 1 paused");
    signal(&host, event, &csrf, 1, "resume");
    signal(&host, event, &csrf, 1, "stop");
    check("round 1 over, its close previewed");
    host.post(
        &format!("/events/{event}/host/rounds/1/close"),
        &[("csrf", &csrf)],
    );
    check("round 1 closed, round 2 seated");
    let (_, html) = host.get(&console);
    let entry = html
        .split("<select id=\"c-entry\" name=\"entry\"><option value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("an entry to correct")
        .to_owned();
    host.post(
        &format!("/events/{event}/host/corrections"),
        &[
            ("csrf", &csrf),
            ("round", "1"),
            ("entry", &entry),
            ("miles", "25"),
            ("reason", "miscounted"),
        ],
    );
    check("a score corrected");
    for (path, fields) in [
        (
            "turn-clock",
            vec![("turn_clock", "on"), ("turn_seconds", "45")],
        ),
        ("turn-clock", vec![("turn_clock", "off")]),
        ("views", vec![("private", "true")]),
        ("viewer-key", vec![]),
        ("join-keys", vec![]),
        ("views", vec![("private", "false")]),
    ] {
        let mut form = vec![("csrf", csrf.as_str())];
        form.extend(fields);
        host.post(&format!("/events/{event}/host/{path}"), &form);
        check(&format!("after the {path} form"));
    }
    host.post(&format!("/events/{event}/host/finish"), &[("csrf", &csrf)]);
    check("the evening over, provisional");
    let (status, asked) = host.post(&format!("/events/{event}/host/close"), &[("csrf", &csrf)]);
    assert_eq!(status, 200);
    let left = untranslated(&asked, &names);
    assert!(
        left.is_empty(),
        "closing the evening: not from a message: {left:?}"
    );
    host.post(
        &format!("/events/{event}/host/close"),
        &[("csrf", &csrf), ("confirm", "yes")],
    );
    check("the evening closed");

    // Signing in, in the reader's language.
    let guest = Browser::speaking(&server, "en-XA");
    let (status, login) = guest.follow(&console);
    assert_eq!(status, 200);
    let left = untranslated(&login, &names);
    assert!(
        left.is_empty(),
        "the sign-in page: not from a message: {left:?}"
    );
    let csrf = guest.csrf(&format!("/events/{event}/login"));
    guest.post(
        &format!("/events/{event}/login"),
        &[("csrf", &csrf), ("password", "not the one")],
    );
    let (_, login) = guest.get(&format!("/events/{event}/login"));
    assert!(
        login.contains("class=\"flash error\""),
        "the refusal is told"
    );
    let left = untranslated(&login, &names);
    assert!(
        left.is_empty(),
        "a refused sign-in: not from a message: {left:?}"
    );
}

#[test]
fn the_console_and_the_start_page_read_french() {
    let server = Server::start();
    let host = Browser::speaking(&server, "fr");
    let (_, start) = host.get("/");
    assert!(start.contains("<html lang=\"fr\""), "{start}");
    for words in [
        "Créer une soirée",
        "Joueurs par table",
        "Options du Mille Bornes",
        "Mille Bornes\u{a0}: en 5\u{202f}000 points",
    ] {
        assert!(start.contains(words), "{words} on the start page: {start}");
    }
    let (status, refused) = post_start(&host, &[("name", ""), ("rounds", "beaucoup")]);
    assert_eq!(status, 422);
    for words in [
        "le nom de la soirée est vide",
        "le nombre de rondes doit être un nombre entier, pas «\u{a0}beaucoup\u{a0}»\u{a0}: de 1 à 100",
        "2 réglages sont à changer",
    ] {
        assert!(refused.contains(words), "{words}: {refused}");
    }
    let event = create_with(&host, "Soirée", &[("language", "fr")]);
    for name in ["Ann", "Bob", "Cy"] {
        add(&host, event, name);
    }
    assert!(
        flash(&host, event).contains("Inscription ajoutée\u{a0}: Cy."),
        "what a form says reads French"
    );
    let (_, console) = host.get(&format!("/events/{event}/host"));
    for words in [
        "<title>Console de l'hôte",
        "2 par table, rondes de 10 minutes, 2 rondes, 2 prix",
        "Quand tout le monde est là, choisissez comment placer la ronde 1 et placez-la.",
        "Inscrits",
        "Placer la ronde 1",
        "1 table de 3 joueurs (la course à 3 de 30 milles)",
        "lien pour Ann",
        "Horloge des tours",
    ] {
        assert!(
            console.contains(&words.replace('\'', "&#39;")) || console.contains(words),
            "{words} on the console: {console}"
        );
    }
    let csrf = host.csrf(&format!("/events/{event}/host"));
    seat_round(&host, event, &csrf);
    signal(&host, event, &csrf, 1, "start");
    assert!(flash(&host, event).contains("Le signal est donné\u{a0}: jouez\u{202f}!"));
    let (_, console) = host.get(&format!("/events/{event}/host"));
    assert!(
        console.contains("Arrêter la ronde 1 maintenant"),
        "{console}"
    );
    assert!(console.contains("en cours"), "{console}");
}

/// An event of two-player tables with these settings besides, six single entries, round 1
/// seated with table 2 on paper; answers the host's browser (signed in) and the event.
fn paper_event(server: &Server, settings: Value) -> (Browser<'_>, i64) {
    let mut all =
        json!({"name": "Cards", "table_size": 2, "length": {"kind": "rounds", "rounds": 1}});
    for (key, value) in settings.as_object().into_iter().flatten() {
        all[key] = value.clone();
    }
    let (status, created) = server.post("/api/v1/events", None, &all);
    assert_eq!(status, 201, "{created}");
    let event = created["event"]["id"].as_i64().expect("id");
    let token = created["host_token"].as_str().expect("token");
    let host = Browser::new(server);
    host.follow(created["host_link"].as_str().expect("host link"));
    let (_, cards) = host.get(&format!("/events/{event}/print/cards"));
    let events = format!("/api/v1/events/{event}");
    for name in ["Ann", "Bob", "Cid", "Dot", "Eve", "Fay"] {
        server.post(
            &format!("{events}/entries"),
            Some(token),
            &json!({"names": [name]}),
        );
    }
    // Before any round: the page says so.
    assert!(cards.contains("class=\"no-print\""), "{cards}");
    let (status, seated) = server.post(
        &format!("{events}/rounds"),
        Some(token),
        &json!({"paper_tables": [2]}),
    );
    assert!(status < 300, "{seated}");
    (host, event)
}

#[test]
fn pseudo_language_every_word_of_the_paper_score_cards_comes_from_a_message() {
    let server = Server::start();
    let names = ["Cards", "Ann", "Bob", "Cid", "Dot", "Eve", "Fay"];
    let check = |html: &str, state: &str| {
        assert!(html.contains("<html lang=\"en-XA\""), "{state}");
        let left = touring::i18n::untranslated(html, &names);
        assert!(left.is_empty(), "{state}: not from a message: {left:?}");
    };
    for rules in ["touring-1926", "touring-1958", "mille-bornes"] {
        let (host, event) = paper_event(&server, json!({"rules": rules, "language": "en-XA"}));
        let (status, cards) = host.get(&format!("/events/{event}/print/cards?round=1"));
        assert_eq!(status, 200, "{cards}");
        // One card (printed across the page for Mille Bornes: "scorecard across").
        assert_eq!(cards.matches("class=\"scorecard").count(), 1, "{cards}");
        check(&cards, rules);
        let csrf = host.csrf(&format!("/events/{event}/host"));
        host.post(
            &format!("/events/{event}/host/rounds/1/tables/2/mode"),
            &[("csrf", &csrf), ("paper", "false")],
        );
        // The console takes the message of the host's form (its words are not converted yet).
        host.get(&format!("/events/{event}/host"));
        let (_, none) = host.get(&format!("/events/{event}/print/cards?round=1"));
        assert!(!none.contains("class=\"scorecard\""), "{none}");
        check(&none, &format!("{rules}, no paper table"));
    }
    let (status, created) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Cards", "language": "en-XA"}),
    );
    assert_eq!(status, 201, "{created}");
    let host = Browser::new(&server);
    host.follow(created["host_link"].as_str().expect("host link"));
    let event = created["event"]["id"].as_i64().expect("id");
    let (_, cards) = host.get(&format!("/events/{event}/print/cards"));
    check(&cards, "before any round");
}

#[test]
fn the_paper_score_cards_are_printed_in_the_events_language() {
    let server = Server::start();
    let (host, event) = paper_event(&server, json!({"rules": "mille-bornes", "language": "fr"}));
    let (_, cards) = host.get(&format!("/events/{event}/print/cards?round=1"));
    assert!(cards.contains("<html lang=\"fr\""), "{cards}");
    assert!(cards.contains("Cards · ronde 1 · table 2"), "{cards}");
    assert!(cards.contains("Bottes"), "{cards}");
    assert!(cards.contains("Capot"), "{cards}");
    assert!(cards.contains("une ligne par manche jouée"), "{cards}");
    assert!(cards.contains("Vérifié par"), "{cards}");
    let (host, event) = paper_event(&server, json!({"rules": "touring-1926", "language": "fr"}));
    let (_, cards) = host.get(&format!("/events/{event}/print/cards?round=1"));
    assert!(cards.contains("1 mille <span"), "{cards}");
    assert!(cards.contains("10 milles <span"), "{cards}");
    assert!(cards.contains("Milles</th>"), "{cards}");
}

#[test]
fn a_refusal_in_the_console_reads_french() {
    let server = Server::start();
    let host = Browser::speaking(&server, "fr");
    let event = create_with(&host, "Soirée", &[("language", "fr")]);
    let said = |(status, body): (u16, String)| {
        if status == 303 {
            flash(&host, event)
        } else {
            body
        }
    };
    let long = "A".repeat(201);
    let refused = said(add(&host, event, &long));
    for words in [
        "le nom du joueur",
        "fait 201",
        "caractères",
        "raccourcissez-le",
    ] {
        assert!(refused.contains(words), "{words}: {refused}");
    }
    assert!(!refused.contains("characters"), "{refused}");
    // An option out of range on the start page, in French beside its field.
    let (status, refused) = post_start(&host, &[("name", "Club"), ("table_size", "5")]);
    assert_eq!(status, 422);
    assert!(
        refused.contains("une table accueille 2 ou 3 joueurs chacun pour soi"),
        "{refused}"
    );
}

#[test]
fn pseudo_language_a_refused_host_and_a_missing_event_say_only_messages() {
    let server = Server::start();
    let host = Browser::new(&server);
    let event = create(&host, "Private");
    let stranger = Browser::speaking(&server, "en-XA");
    let wrong_token = format!("/events/{event}/host?token=0123456789abcdef0123456789abcdef");
    let (status, html) = stranger.get(&wrong_token);
    assert_eq!(status, 403);
    let left = untranslated(&html, &[]);
    assert!(
        left.is_empty(),
        "a refused host: not from a message: {left:?}"
    );
    for missing in ["/events/999/standings", "/no/such/page"] {
        let (status, html) = stranger.get(missing);
        assert_eq!(status, 404, "{missing}");
        let left = untranslated(&html, &[]);
        assert!(left.is_empty(), "{missing}: not from a message: {left:?}");
    }
    // The same refusals read French.
    let french = Browser::speaking(&server, "fr");
    let (status, html) = french.get(&wrong_token);
    assert_eq!(status, 403);
    assert!(html.contains("ne vaut pas pour cette soirée"), "{html}");
    let (status, html) = french.get("/events/999/standings");
    assert_eq!(status, 404);
    assert!(html.contains("pas de soirée 999"), "{html}");
}

/// The guests of the French reader's evenings: four names that elide ("d'Amélie", "qu'Henri"),
/// two that do not.
const FRENCH_GUESTS: [&str; 6] = [
    "Amélie",
    "Élodie",
    "Isabelle",
    "Henri",
    "Benoît",
    "Géraldine",
];

/// English words a French page must not show (whole words, as written).
const ENGLISH_WORDS: [&str; 14] = [
    "Round",
    "Hand",
    "Your turn",
    "Table tents",
    "Standings",
    "Seating chart",
    "Deal",
    "Replays",
    "Score card",
    "Discard pile",
    "miles",
    "seconds left",
    "Host console",
    "won this",
];

/// What a reader sees of a page: its text without markup, scripts or styles, the entities a
/// message may hold said as characters, every run of spaces (of any kind) one space.
fn visible_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        text.push_str(&rest[..at]);
        text.push(' ');
        rest = &rest[at..];
        let lower = rest.get(..7).unwrap_or("").to_ascii_lowercase();
        let end = if lower.starts_with("<script") {
            rest.find("</script>").map_or(rest.len(), |e| e + 9)
        } else if lower.starts_with("<style") {
            rest.find("</style>").map_or(rest.len(), |e| e + 8)
        } else {
            rest.find('>').map_or(rest.len(), |e| e + 1)
        };
        rest = &rest[end..];
    }
    text.push_str(rest);
    text.replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .replace("&nbsp;", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` holds `word` as a whole word.
fn has_word(text: &str, word: &str) -> bool {
    let letter = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(word).any(|(at, _)| {
        !letter(text[..at].chars().next_back()) && !letter(text[at + word.len()..].chars().next())
    })
}

/// What a French reader would trip on in a page: a missing elision before a guest's name, an
/// English word, and in a Mille Bornes page a count in "milles".
fn french_slips(html: &str, mille_bornes: bool) -> Vec<String> {
    let text = visible_text(html);
    let mut slips = Vec::new();
    for name in FRENCH_GUESTS.iter().filter(|n| touring::i18n::elides(n)) {
        for word in ["de", "que", "le", "la", "De", "Que", "Le", "La"] {
            let unelided = format!("{word} {name}");
            if has_word(&text, &unelided) {
                slips.push(format!("no elision: \"{unelided}\""));
            }
        }
    }
    for word in ENGLISH_WORDS {
        if has_word(&text, word) {
            slips.push(format!("English: \"{word}\""));
        }
    }
    if mille_bornes {
        for word in ["mille", "milles", "Mille", "Milles"] {
            let counted = text
                .match_indices(word)
                .filter(|(at, _)| has_word(&text[*at..*at + word.len()], word))
                .any(|(at, _)| {
                    let before = text[..at].chars().next_back();
                    let after = &text[at + word.len()..];
                    !before.is_some_and(char::is_alphanumeric)
                        && !after.starts_with(|c: char| c.is_alphanumeric())
                        && !after.starts_with(" Bornes")
                });
            if counted {
                slips.push(format!("a Mille Bornes count in \"{word}\""));
            }
        }
    }
    slips
}

/// The word a page puts before a number after `after` ("Table 2, ronde 2" → "ronde").
fn word_after(text: &str, after: &str) -> Option<String> {
    let rest = &text[text.find(after)? + after.len()..];
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ',' || c == ' ');
    rest.split_whitespace()
        .next()
        .map(|w| w.trim_end_matches(':').to_lowercase())
}

/// Each game's paper card for a side: a score to type in.
fn paper_counts(rules: &str, side: u64) -> Value {
    match rules {
        "mille-bornes" => json!({"miles": 200 + 100 * side}),
        "touring-1958" => json!({"mile25": 1 + side}),
        _ => json!({"mile1": 1 + side, "mile3": 1, "mile5": 0, "mile10": side}),
    }
}

#[test]
fn a_french_evening_of_each_game_reads_as_a_french_host_and_guests_would_say_it() {
    use common::api::{Dice, Host, seat, send_move, table_of};
    // Every page of three evenings, read at once: no limit on page reads (0 turns it off).
    let server = Server::start_with(&["--page-reads-per-second", "0"]);
    for rules in ["mille-bornes", "touring-1926", "touring-1958"] {
        let mille_bornes = rules == "mille-bornes";
        let host = Host::create(
            &server,
            json!({"name": "Soirée des amis", "rules": rules, "table_size": 2, "language": "fr",
                   "round": {"kind": "timed", "seconds": 600},
                   "length": {"kind": "rounds", "rounds": 2}, "prizes": 1, "seed": 52}),
        );
        let event = host.event;
        let tokens = host.add_players(&server, &FRENCH_GUESTS);
        let console = Browser::speaking(&server, "fr");
        console.follow(&format!("/events/{event}/host?token={}", host.token));
        let phones: Vec<Browser> = tokens
            .iter()
            .map(|token| {
                let phone = Browser::speaking(&server, "fr");
                phone.get(&format!("/seat/{token}"));
                phone
            })
            .collect();
        let slips = std::cell::RefCell::new(Vec::<String>::new());
        let mut read = |what: &str, html: &str| {
            assert!(html.contains("lang=\"fr\""), "{rules}, {what}: not French");
            for slip in french_slips(html, mille_bornes) {
                slips.borrow_mut().push(format!("{rules}, {what}: {slip}"));
            }
        };
        let mut dice = Dice::new(52);
        let mut play = |moves: usize| {
            for _ in 0..moves {
                for token in &tokens {
                    let state = seat(&server, token);
                    if state["deal"]["your_turn"] == true
                        && let Some(action) = dice.pick(&state)
                    {
                        // A move refused (a table's wait after a hazard) is simply not played.
                        let _ = send_move(&server, token, &state["deal"]["actions"], &action);
                    }
                }
            }
        };
        let paper_cards = |round: u64| {
            let seating = host.get(&server, &format!("/rounds/{round}"));
            for table in seating["seating"]["tables"].as_array().expect("tables") {
                if table["mode"] == "paper" {
                    let number = table["table"].as_u64().expect("number");
                    for side in 0..2 {
                        host.ok(
                            &server,
                            &format!("/rounds/{round}/tables/{number}/scores"),
                            json!({"side": side, "counts": paper_counts(rules, side)}),
                        );
                    }
                }
            }
        };
        let read_all = |when: &str, read: &mut dyn FnMut(&str, &str)| {
            for ((name, phone), token) in FRENCH_GUESTS.iter().zip(&phones).zip(&tokens) {
                let (status, html) = phone.get(&format!("/seat/{token}"));
                assert_eq!(status, 200, "{rules}, {when}: {name}'s phone");
                read(&format!("{when}, {name}'s phone"), &html);
            }
            for page in [
                "host",
                "screen",
                "standings",
                "print",
                "print/seating",
                "print/tents",
            ] {
                let (status, html) = console.get(&format!("/events/{event}/{page}"));
                assert_eq!(status, 200, "{rules}, {when}: {page}");
                read(&format!("{when}, {page}"), &html);
            }
        };

        host.ok(&server, "/rounds", json!({"paper_tables": [1]}));
        host.ok(&server, "/rounds/1/start", json!({}));
        play(12);
        // One side of the paper table has its card in: the other is asked to confirm it.
        let table_one = table_of(&host.get(&server, "/rounds/1"), 1);
        assert_eq!(table_one["mode"], "paper", "{table_one}");
        host.ok(
            &server,
            "/rounds/1/tables/1/scores",
            json!({"side": 0, "counts": paper_counts(rules, 0)}),
        );
        read_all("round 1", &mut read);
        let (_, cards) = console.get(&format!("/events/{event}/print/cards?round=1"));
        read("round 1, the paper cards", &cards);

        host.ok(&server, "/rounds/1/stop", json!({}));
        paper_cards(1);
        host.ok(&server, "/rounds/1/close", json!({}));
        read_all("round 2 seated", &mut read);
        host.ok(&server, "/rounds/2/start", json!({}));
        play(6);
        read_all("round 2", &mut read);
        // A Mille Bornes phone names the round and the hand each by its own word.
        if mille_bornes {
            let named = phones.iter().zip(&tokens).find_map(|(phone, token)| {
                let html = phone.get(&format!("/seat/{token}")).1;
                let round = word_after(&visible_text(&html), "Table ")?;
                let heading = html.split("<div class=\"seatbar\">").nth(1)?;
                let heading = visible_text(heading.split("</h2>").next()?);
                let hand = heading.split_whitespace().next()?.to_lowercase();
                Some((round, hand))
            });
            let (round, hand) = named.expect("a phone of round 2 shows its table and a hand");
            if round == hand {
                slips.borrow_mut().push(format!(
                    "{rules}: the round and the hand are both \"{round}\""
                ));
            }
        }
        host.ok(&server, "/rounds/2/stop", json!({}));
        paper_cards(2);
        host.ok(&server, "/rounds/2/close", json!({}));
        host.close_evening(&server);
        read_all("the evening closed", &mut read);
        let (_, standings) = console.get(&format!("/events/{event}/print/standings"));
        read("the printed standings", &standings);
        let (status, replays) = console.get(&format!("/events/{event}/replays"));
        assert_eq!(status, 200, "{rules}: the replays");
        read("the replays", &replays);
        let links: Vec<String> = replays
            .split("href=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|href| href.starts_with(&format!("/events/{event}/replays/")))
            .map(|href| href.replace("&amp;", "&"))
            .take(3)
            .collect();
        assert!(!links.is_empty(), "{rules}: a replay to watch: {replays}");
        for link in links {
            let (status, replay) = console.get(&link);
            assert_eq!(status, 200, "{rules}: {link}");
            read(&format!("the replay {link}"), &replay);
            let views: Vec<String> = replay
                .split("href=\"")
                .skip(1)
                .filter_map(|rest| rest.split('"').next())
                .filter(|href| href.contains("view="))
                .map(|href| href.replace("&amp;", "&"))
                .take(2)
                .collect();
            for view in views {
                let (_, seen) = console.get(&view);
                read(&format!("the replay {view}"), &seen);
            }
        }
        let slips = slips.into_inner();
        assert!(
            slips.is_empty(),
            "a French reader trips on:\n{}",
            slips.join("\n")
        );
    }
}

#[test]
fn a_french_series_and_its_console_read_as_a_french_club_would_say_them() {
    use common::api::Host;
    let server = Server::start_with(&["--page-reads-per-second", "0"]);
    let (status, made) = server.post(
        "/api/v1/series",
        None,
        &json!({"name": "Club du jeudi",
                "prizes": {"evening": ["booby"], "season": ["most_rounds_won", "perfect_attendance"]}}),
    );
    assert_eq!(status, 201, "{made}");
    let series = made["series"]["id"].as_i64().expect("series");
    let token = made["host_token"].as_str().expect("token").to_owned();
    let (status, answer) = server.post(
        "/api/v1/events",
        Some(&token),
        &json!({"name": "Jeudi 1", "rules": "touring-1926", "language": "fr", "seed": 52,
                "length": {"kind": "rounds", "rounds": 1}, "series": series}),
    );
    assert_eq!(status, 201, "{answer}");
    let host = Host {
        event: answer["event"]["id"].as_i64().expect("event"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
    };
    let seats = host.add_players(&server, &FRENCH_GUESTS);
    host.play_paper_rounds(&server, 1);
    host.close_evening(&server);

    // The series' host makes the next evening on the console, as its form offers it.
    let console = Browser::speaking(&server, "fr-FR,fr;q=0.9");
    console.follow(&format!("/series/{series}/host?token={token}"));
    let csrf = console.csrf(&format!("/series/{series}/host"));
    let (status, to) = console.post(
        &format!("/series/{series}/host/evenings"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "Jeudi 2"),
            ("rules", "mille-bornes"),
        ],
    );
    assert_eq!(status, 303, "{to}");
    let mut slips = Vec::new();
    // The season's pages show a Touring evening's miles; the evening made on the console is
    // Mille Bornes, which counts points.
    let mut read = |what: &str, html: &str, mille_bornes: bool| {
        assert!(html.contains("lang=\"fr\""), "{what}: not French");
        let text = visible_text(html);
        for slip in french_slips(html, mille_bornes) {
            slips.push(format!("{what}: {slip}"));
        }
        for word in [
            "Season",
            "Evenings",
            "evening",
            "Make the evening",
            "Member cards",
            "Club series",
            "the series",
            "Take it into",
        ] {
            if has_word(&text, word) {
                slips.push(format!("{what}: English: \"{word}\""));
            }
        }
    };
    let (status, evening) = console.get(&to);
    assert_eq!(status, 200, "{to}");
    read("the evening made on the console", &evening, true);
    for page in [
        format!("/series/{series}/host"),
        format!("/series/{series}/host/cards"),
        format!("/series/{series}"),
    ] {
        let (status, html) = console.get(&page);
        assert_eq!(status, 200, "{page}");
        read(&page, &html, false);
    }
    let guest = Browser::speaking(&server, "fr");
    let (status, html) = guest.get(&format!("/seat/{}/season", seats[1]));
    assert_eq!(status, 200, "a guest's season");
    read("a guest's season", &html, false);
    assert!(
        slips.is_empty(),
        "a French reader trips on:\n{}",
        slips.join("\n")
    );
}

/// Where a Mille Bornes page counts in miles: "miles" in English, "milles" in French (the
/// game's name, "Mille Bornes", and its "Milestones" row aside).
fn miles_in_mille_bornes(text: &str, lang: &str) -> Vec<String> {
    let words: &[&str] = if lang == "fr" {
        &["mille", "milles", "Mille", "Milles"]
    } else {
        &["mile", "miles", "Mile", "Miles"]
    };
    let letter = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut found = Vec::new();
    for word in words {
        for (at, _) in text.match_indices(word) {
            let after = &text[at + word.len()..];
            if !letter(text[..at].chars().next_back())
                && !letter(after.chars().next())
                && !after.starts_with(" Bornes")
            {
                let start = text[..at]
                    .char_indices()
                    .rev()
                    .nth(40)
                    .map_or(0, |(i, _)| i);
                let end = after.char_indices().nth(30).map_or(after.len(), |(i, _)| i);
                found.push(format!(
                    "\"{word}\" in \"…{}{word}{}…\"",
                    &text[start..at],
                    &after[..end]
                ));
            }
        }
    }
    found
}

#[test]
fn a_mille_bornes_console_and_its_printouts_count_points_never_miles() {
    use common::api::Host;
    let server = Server::start_with(&["--page-reads-per-second", "0"]);
    let mut slips = Vec::new();
    for lang in ["en", "fr"] {
        let host = Host::create(
            &server,
            json!({"name": "Soirée des bornes", "rules": "mille-bornes", "table_size": 2,
                   "language": lang, "round": {"kind": "timed", "seconds": 600},
                   "length": {"kind": "rounds", "rounds": 2}, "prizes": 1, "seed": 52}),
        );
        let event = host.event;
        host.add_players(&server, &FRENCH_GUESTS);
        let console = Browser::speaking(&server, lang);
        console.follow(&format!("/events/{event}/host?token={}", host.token));
        let mut read = |what: &str, html: &str| {
            for slip in miles_in_mille_bornes(&visible_text(html), lang) {
                slips.push(format!("{lang}, {what}: {slip}"));
            }
        };
        // A form of the console, then the console that says what it did.
        let post = |path: &str, fields: &[(&str, &str)]| {
            let csrf = console.csrf(&format!("/events/{event}/host"));
            let mut form = vec![("csrf", csrf.as_str())];
            form.extend_from_slice(fields);
            let (status, to) = console.post(&format!("/events/{event}{path}"), &form);
            assert_eq!(status, 303, "{lang}: {path}: {to}");
            console.get(&format!("/events/{event}/host")).1
        };
        host.ok(&server, "/rounds", json!({"paper_tables": [1]}));
        host.ok(&server, "/rounds/1/start", json!({}));
        read(
            "the stop signal",
            &post("/host/rounds/1/signal", &[("signal", "stop")]),
        );
        for side in 0..2 {
            host.ok(
                &server,
                "/rounds/1/tables/1/scores",
                json!({"side": side, "counts": paper_counts("mille-bornes", side)}),
            );
        }
        host.ok(&server, "/rounds/1/close", json!({}));
        read(
            "the console after round 1",
            &console.get(&format!("/events/{event}/host")).1,
        );
        let round = host.get(&server, "/rounds/1");
        let entry = round["seating"]["tables"][0]["entries"][0]["entry"]
            .as_str()
            .and_then(|e| e.trim_start_matches('E').parse::<i64>().ok())
            .expect("an entry label");
        let entry = entry.to_string();
        let correct = |score: &str| {
            post(
                "/host/corrections",
                &[
                    ("round", "1"),
                    ("entry", &entry),
                    ("miles", score),
                    ("reason", "une pile mal comptée"),
                ],
            )
        };
        read("a correction", &correct("250"));
        read("a correction that changes nothing", &correct("250"));
        read(
            "a withdrawal",
            &post(&format!("/host/entries/{entry}/withdraw"), &[]),
        );
        for page in [
            "host",
            "screen",
            "standings",
            "print/standings",
            "print/seating?round=1",
            "print/cards?round=1",
            "print/tents",
        ] {
            let (status, html) = console.get(&format!("/events/{event}/{page}"));
            assert_eq!(status, 200, "{lang}: {page}");
            read(page, &html);
        }
    }
    assert!(
        slips.is_empty(),
        "a Mille Bornes evening counts points, not miles:\n{}",
        slips.join("\n")
    );
}
