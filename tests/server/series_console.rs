//! The series' pages on a real server: its console for the host (opened by the host link, its
//! forms carrying the CSRF token: an evening made in the series, people linked and split, the
//! counting and prizes, the exports), the members' cards, and a guest's own page of the
//! season from their card or their seat link. The refusals are pages that say why, and change
//! nothing. Then the same in Chromium: the console with a returning guest added in one tap,
//! and a guest's own page on a phone with its script on and off.
//!
//! The Chromium tests need `chromium`, `chromedriver` and `zbarimg` (a member card's QR code is
//! read off the screen as a phone's camera would); without them they say they are
//! skipped and pass (in CI, `CI=true`, they fail instead).

use crate::common;
use crate::common::browser;

use common::api::Host;
use common::forms::{client, client_speaking, field, page, post_form};
use common::server::Server;
use reqwest::Method;
use reqwest::blocking::Client;
use serde_json::{Value, json};

const SIX: [&str; 6] = ["Ann Club", "Bob", "Cy", "Di", "Ed", "Flo"];

struct Series {
    id: i64,
    token: String,
    host_link: String,
}

fn create_series(server: &Server, name: &str) -> Series {
    let (status, answer) = server.post("/api/v1/series", None, &json!({"name": name}));
    assert_eq!(status, 201, "{answer}");
    Series {
        id: answer["series"]["id"].as_i64().expect("series id"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
        host_link: answer["host_link"].as_str().expect("host link").to_owned(),
    }
}

/// An evening of `rounds` rounds made in the series with the series' token; answers its host.
fn evening_in(server: &Server, series: &Series, name: &str, rounds: u32) -> Host {
    let (status, answer) = server.post(
        "/api/v1/events",
        Some(&series.token),
        &json!({"name": name, "seed": 3, "length": {"kind": "rounds", "rounds": rounds}, "series": series.id}),
    );
    assert_eq!(status, 201, "{answer}");
    Host {
        event: answer["event"]["id"].as_i64().expect("event id"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
    }
}

/// The evening's host makes its views private, on its console.
fn make_private(server: &Server, host: &Host) {
    let evening = client();
    evening
        .get(host.console_link(server))
        .send()
        .expect("host link");
    let html = page(server, &evening, &format!("/events/{}/host", host.event));
    let csrf = field(&html, "csrf");
    post_form(
        server,
        &evening,
        &format!("/events/{}/host/views", host.event),
        &[("csrf", csrf.as_str()), ("private", "true")],
    );
}

/// An evening of six single players in the series, played (one round) and closed; answers
/// its host and the seat tokens in the order of `players`.
fn play(server: &Server, series: &Series, name: &str, players: &[&str]) -> (Host, Vec<String>) {
    let host = evening_in(server, series, name, 1);
    let seats = host.add_players(server, players);
    host.play_paper_rounds(server, 1);
    host.close_evening(server);
    (host, seats)
}

fn standings(server: &Server, series: &Series) -> Value {
    let (status, answer) = server.get(&format!("/api/v1/series/{}/standings", series.id), None);
    assert_eq!(status, 200, "{answer}");
    answer
}

/// A browser signed in to the series' console by its host link; answers the console's page.
fn host_browser(server: &Server, series: &Series) -> (Client, String) {
    let browser = client();
    let response = browser
        .get(server.url(&series.host_link))
        .send()
        .expect("open the host link");
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(
        common::forms::location(&response),
        format!("/series/{}/host", series.id)
    );
    let console = page(server, &browser, &format!("/series/{}/host", series.id));
    (browser, console)
}

fn console_path(series: &Series, rest: &str) -> String {
    format!("/series/{}/host{rest}", series.id)
}

/// Posts the console's counting and prizes form with these fields (and the CSRF token).
fn set(server: &Server, browser: &Client, series: &Series, csrf: &str, fields: &[(&str, &str)]) {
    let mut form = vec![("csrf", csrf)];
    form.extend_from_slice(fields);
    post_form(server, browser, &console_path(series, "/settings"), &form);
}

/// A page that must answer 200 and that no cache may keep (it holds a host's forms, or a
/// member's own results); answers the page.
fn unkept_page(server: &Server, browser: &Client, path: &str) -> String {
    let response = browser.get(server.url(path)).send().expect("GET");
    assert_eq!(response.status().as_u16(), 200, "GET {path}");
    assert_eq!(
        response
            .headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("no-store"),
        "GET {path}"
    );
    response.text().expect("page")
}

/// Posts a console form that the server refuses: it goes back to the console, which tells
/// why in an error message holding `words`.
fn refused_on_console(
    server: &Server,
    browser: &Client,
    series: &Series,
    action: &str,
    form: &[(&str, &str)],
    words: &str,
) {
    post_form(server, browser, &console_path(series, action), form);
    let console = page(server, browser, &console_path(series, ""));
    assert!(
        console.contains("flash error") && console.contains(words),
        "{action}: {console}"
    );
}

/// The status and the page of a GET.
fn get(server: &Server, browser: &Client, path: &str) -> (u16, String) {
    let response = browser.get(server.url(path)).send().expect("GET");
    (
        response.status().as_u16(),
        response.text().expect("the page"),
    )
}

#[test]
fn the_series_console_opens_by_its_host_link_only_and_keeps_no_copy() {
    let server = Server::start();
    let series = create_series(&server, "Thursday club");
    let other = create_series(&server, "Other club");
    let stranger = client();
    let (status, html) = get(&server, &stranger, &console_path(&series, ""));
    assert_eq!(status, 403);
    assert!(html.contains("host link"), "{html}");
    // Another series' token, a malformed one: refused, and the browser hosts nothing.
    for token in [other.token.as_str(), "zz", ""] {
        let (status, html) = get(
            &server,
            &stranger,
            &format!("/series/{}/host?token={token}", series.id),
        );
        assert_eq!(status, 403, "{token}: {html}");
        assert!(html.contains("not the host token of this series"), "{html}");
    }
    assert_eq!(get(&server, &stranger, &console_path(&series, "")).0, 403);

    let (browser, _) = host_browser(&server, &series);
    let html = unkept_page(&server, &browser, &console_path(&series, ""));
    for part in [
        "Thursday club",
        "Make the evening",
        "Link them",
        "Save the counting and prizes",
        &format!("/api/v1/series/{}/export.csv\" download", series.id),
        &format!("/api/v1/series/{}/export.json\" download", series.id),
        "Member cards",
    ] {
        assert!(html.contains(part), "{part}: {html}");
    }
    // The other series' console stays closed to this browser.
    assert_eq!(get(&server, &browser, &console_path(&other, "")).0, 403);
    // Leaving the console on this device closes it.
    let csrf = field(&html, "csrf");
    post_form(
        &server,
        &browser,
        &format!("/series/{}/logout", series.id),
        &[("csrf", csrf.as_str())],
    );
    assert_eq!(get(&server, &browser, &console_path(&series, "")).0, 403);
}

#[test]
fn a_series_is_made_from_the_start_page_and_its_host_link_is_shown_once() {
    let server = Server::start();
    let browser = client();
    let start = page(&server, &browser, "/");
    assert!(start.contains("action=\"/series\""), "{start}");
    let csrf = field(&start, "csrf");
    // Without the page's CSRF token nothing is made.
    let response = browser
        .post(server.url("/series"))
        .form(&[("csrf", "forged"), ("name", "Bridge club")])
        .send()
        .expect("POST");
    assert_eq!(response.status().as_u16(), 403);
    let to = post_form(
        &server,
        &browser,
        "/series",
        &[("csrf", csrf.as_str()), ("name", "Bridge club")],
    );
    let id: i64 = to
        .trim_start_matches("/series/")
        .trim_end_matches("/host")
        .parse()
        .unwrap_or_else(|_| panic!("a console's address: {to}"));
    let console = page(&server, &browser, &to);
    assert!(console.contains("<h1>Bridge club</h1>"), "{console}");
    let link = console
        .split(&format!("/series/{id}/host?token="))
        .nth(1)
        .map(|rest| &rest[..32])
        .expect("the host link, shown once");
    let again = page(&server, &browser, &to);
    assert!(!again.contains("?token="), "shown only once");
    // The link opens the console on another device.
    let other = client();
    let response = other
        .get(server.url(&format!("/series/{id}/host?token={link}")))
        .send()
        .expect("the host link");
    assert_eq!(response.status().as_u16(), 303);
    page(&server, &other, &to);
    // A name that does not fit: told on the start page, nothing made.
    post_form(
        &server,
        &browser,
        "/series",
        &[("csrf", csrf.as_str()), ("name", "   ")],
    );
    let start = page(&server, &browser, "/");
    assert!(start.contains("flash error"), "{start}");
    let (status, _) = server.get(&format!("/api/v1/series/{}/standings", id + 1), None);
    assert_eq!(status, 404);
}

#[test]
fn the_series_console_makes_an_evening_in_the_series_and_opens_its_console() {
    let server = Server::start();
    let series = create_series(&server, "Euchre league");
    let (browser, console) = host_browser(&server, &series);
    let csrf = field(&console, "csrf");
    // Without this browser's CSRF token nothing is made.
    let response = browser
        .post(server.url(&console_path(&series, "/evenings")))
        .form(&[
            ("csrf", "forged"),
            ("name", "Week 1"),
            ("rules", "touring-1926"),
        ])
        .send()
        .expect("POST");
    assert_eq!(response.status().as_u16(), 403);
    // Nor from a browser that does not host the series.
    let stranger = client();
    let response = stranger
        .post(server.url(&console_path(&series, "/evenings")))
        .form(&[
            ("csrf", csrf.as_str()),
            ("name", "Week 1"),
            ("rules", "touring-1926"),
        ])
        .send()
        .expect("POST");
    assert_eq!(response.status().as_u16(), 403);
    assert_eq!(standings(&server, &series)["evenings"], json!([]));

    let to = post_form(
        &server,
        &browser,
        &console_path(&series, "/evenings"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "Week 1"),
            ("rules", "touring-1926"),
        ],
    );
    let evenings = standings(&server, &series)["evenings"].clone();
    assert_eq!(evenings.as_array().map(Vec::len), Some(1), "{evenings}");
    let event = evenings[0]["event"].as_i64().expect("event");
    assert_eq!(to, format!("/events/{event}/host"));
    // The evening's console is open in this browser, with its own host link shown once.
    let evening = page(&server, &browser, &to);
    assert!(
        evening.contains(&format!("/events/{event}/host?token=")),
        "{evening}"
    );
    let console = page(&server, &browser, &console_path(&series, ""));
    assert!(console.contains("Week 1"), "{console}");
    assert!(
        console.contains(&format!("/events/{event}/host")),
        "{console}"
    );
    // A game the form does not list is refused in words beside the game, and nothing is made.
    let console = common::forms::refused_form(
        &server,
        &browser,
        &console_path(&series, "/evenings"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "Week 2"),
            ("rules", "poker"),
        ],
    );
    assert!(console.contains("flash error"), "{console}");
    assert!(console.contains("id=\"rules-error\""), "{console}");
    assert!(console.contains("value=\"Week 2\""), "{console}");
    assert_eq!(
        standings(&server, &series)["evenings"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}

/// The settings of the evening `event`, as the API shows them.
fn settings_of(server: &Server, event: i64) -> Value {
    let (status, answer) = server.get(&format!("/api/v1/events/{event}"), None);
    assert_eq!(status, 200, "{answer}");
    answer["event"]["settings"].clone()
}

/// The events of the series, by id, in the order made.
fn evenings_of(server: &Server, series: &Series) -> Vec<i64> {
    standings(server, series)["evenings"]
        .as_array()
        .expect("evenings")
        .iter()
        .filter_map(|e| e["event"].as_i64())
        .collect()
}

#[test]
fn an_evening_made_on_a_french_series_console_has_the_start_pages_settings_in_french_and_the_next_starts_from_it()
 {
    let server = Server::start();
    let series = create_series(&server, "Club du jeudi");
    let host = client_speaking("fr-FR,fr;q=0.9");
    host.get(server.url(&series.host_link))
        .send()
        .expect("host link");
    let console = page(&server, &host, &console_path(&series, ""));
    let csrf = field(&console, "csrf");
    // The start page's settings, a French browser's language chosen.
    for id in [
        "rounds",
        "round_minutes",
        "limit_minutes",
        "prizes",
        "turn_seconds",
    ] {
        assert!(console.contains(&format!("id=\"{id}\"")), "{id}: {console}");
    }
    assert!(
        console.contains("<option value=\"fr\" lang=\"fr\" selected>"),
        "{console}"
    );
    // A setting that does not read is said beside its field, what was typed stays, nothing is made.
    let refused = common::forms::refused_form(
        &server,
        &host,
        &console_path(&series, "/evenings"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "Jeudi 1"),
            ("rules", "mille-bornes"),
            ("rounds", "beaucoup"),
        ],
    );
    assert!(refused.contains("id=\"rounds-error\""), "{refused}");
    assert!(refused.contains("value=\"beaucoup\""), "{refused}");
    assert!(evenings_of(&server, &series).is_empty());

    let to = post_form(
        &server,
        &host,
        &console_path(&series, "/evenings"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "Jeudi 1"),
            ("language", "fr"),
            ("rules", "mille-bornes"),
            ("table_size", "4"),
            ("round_kind", "timed"),
            ("round_minutes", "25"),
            ("length_kind", "rounds"),
            ("rounds", "5"),
            ("prizes", "2"),
            ("remainder", "byes"),
            ("turn_clock", "off"),
        ],
    );
    let made = evenings_of(&server, &series);
    assert_eq!(made.len(), 1);
    let settings = settings_of(&server, made[0]);
    assert_eq!(settings["rules"], "mille-bornes", "{settings}");
    assert_eq!(settings["language"], "fr", "{settings}");
    assert_eq!(settings["table_size"], 4, "{settings}");
    assert_eq!(settings["round"]["seconds"], 1500, "{settings}");
    assert_eq!(settings["length"]["rounds"], 5, "{settings}");
    assert_eq!(settings["prizes"], 2, "{settings}");
    assert_eq!(settings["remainder"], "byes", "{settings}");
    assert_eq!(settings["turn_seconds"], Value::Null, "{settings}");
    // Its console opens in French, and says so in French.
    let evening = page(&server, &host, &to);
    assert!(evening.contains("<html lang=\"fr\""), "{evening}");
    assert!(
        evening.contains("La soirée est créée dans la série"),
        "{evening}"
    );

    // The next evening's form starts from this one's settings (a new name, a new seed), even
    // for a host reading in English.
    let english = client();
    english
        .get(server.url(&series.host_link))
        .send()
        .expect("host link");
    let console = page(&server, &english, &console_path(&series, ""));
    assert!(
        common::forms::input(&console, "rounds").contains("value=\"5\""),
        "{console}"
    );
    assert!(
        common::forms::input(&console, "round_minutes").contains("value=\"25\""),
        "{console}"
    );
    assert!(
        common::forms::input(&console, "prizes").contains("value=\"2\""),
        "{console}"
    );
    assert!(
        common::forms::input(&console, "name").contains("value=\"\""),
        "{console}"
    );
    for chosen in [
        "value=\"mille-bornes\" checked",
        "name=\"table_size\" value=\"4\" checked",
        "value=\"byes\" selected",
        "value=\"off\" checked",
        "<option value=\"fr\" lang=\"fr\" selected>",
    ] {
        assert!(console.contains(chosen), "{chosen}: {console}");
    }
}

/// A browser with the evening's console open by its host link; answers the console's CSRF token.
fn evening_browser(server: &Server, host: &Host) -> (Client, String) {
    let browser = client();
    browser
        .get(host.console_link(server))
        .send()
        .expect("host link");
    let html = page(server, &browser, &format!("/events/{}/host", host.event));
    let csrf = field(&html, "csrf");
    (browser, csrf)
}

/// The evening's console asks to take it into (or out of) a series with `link`; answers the
/// console's page after, with its message.
fn evening_series(
    server: &Server,
    (browser, csrf): &(Client, String),
    host: &Host,
    change: &str,
    link: &str,
) -> String {
    let path = format!("/events/{}/host", host.event);
    let to = post_form(
        server,
        browser,
        &format!("{path}/series"),
        &[("csrf", csrf.as_str()), ("change", change), ("link", link)],
    );
    assert_eq!(to, format!("{path}#series"));
    page(server, browser, &path)
}

#[test]
fn an_evening_joins_or_leaves_a_series_only_with_proof_of_hosting_both_and_a_closed_one_stays() {
    let server = Server::start();
    let club = create_series(&server, "Club");
    let other = create_series(&server, "Other club");
    let forgot = Host::create(&server, json!({"name": "Forgot the series", "seed": 3}));
    let evening = evening_browser(&server, &forgot);
    let console = page(
        &server,
        &evening.0,
        &format!("/events/{}/host", forgot.event),
    );
    assert!(
        console.contains("This evening is in no series."),
        "{console}"
    );

    // The evening's host alone cannot: the series' public address, another series' link or a
    // made-up token are refused in words, and the season has no evening.
    for (link, words) in [
        (
            format!("/series/{}", club.id),
            "given when the series was made",
        ),
        ("the club".to_owned(), "given when the series was made"),
        (
            format!("/series/{}/host?token={}", club.id, other.token),
            "not the host token of this series",
        ),
    ] {
        let console = evening_series(&server, &evening, &forgot, "in", &link);
        assert!(
            console.contains("flash error") && console.contains(words),
            "{link}: {console}"
        );
    }
    assert!(evenings_of(&server, &club).is_empty());

    // With the series' host link it joins, and the console says so.
    let console = evening_series(&server, &evening, &forgot, "in", &club.host_link);
    assert!(console.contains("flash ok"), "{console}");
    assert!(
        console.contains("This evening counts in the series"),
        "{console}"
    );
    assert_eq!(evenings_of(&server, &club), [forgot.event]);
    // Another series cannot take it while it is in this one, even with both hosts' links.
    let (other_browser, other_console) = host_browser(&server, &other);
    let other_csrf = field(&other_console, "csrf");
    refused_on_console(
        &server,
        &other_browser,
        &other,
        "/attach",
        &[
            ("csrf", other_csrf.as_str()),
            ("link", &forgot.console_link(&server)),
        ],
        "is in the series",
    );
    assert!(evenings_of(&server, &other).is_empty());

    // The series' host takes it out from the series' console, and in again by its host link.
    let (browser, console) = host_browser(&server, &club);
    let csrf = field(&console, "csrf");
    let event = forgot.event.to_string();
    post_form(
        &server,
        &browser,
        &console_path(&club, "/detach"),
        &[("csrf", csrf.as_str()), ("event", event.as_str())],
    );
    assert!(evenings_of(&server, &club).is_empty());
    // A console address without its token opens nothing in a browser that does not host it.
    refused_on_console(
        &server,
        &browser,
        &club,
        "/attach",
        &[
            ("csrf", csrf.as_str()),
            ("link", &format!("/events/{}/host", forgot.event)),
        ],
        "given when the evening was made",
    );
    post_form(
        &server,
        &browser,
        &console_path(&club, "/attach"),
        &[
            ("csrf", csrf.as_str()),
            ("link", &forgot.console_link(&server)),
        ],
    );
    assert_eq!(evenings_of(&server, &club), [forgot.event]);
    // The evening's host takes it out again, with the series' link.
    let console = evening_series(&server, &evening, &forgot, "out", &club.host_link);
    assert!(console.contains("flash ok"), "{console}");
    assert!(evenings_of(&server, &club).is_empty());

    // Closed, an evening stays as it is: out of every series, or in its own.
    forgot.add_players(&server, &SIX);
    forgot.play_paper_rounds(&server, 1);
    forgot.close_evening(&server);
    let console = evening_series(&server, &evening, &forgot, "in", &club.host_link);
    assert!(console.contains("is closed"), "{console}");
    assert!(evenings_of(&server, &club).is_empty());
    let (kept, _) = play(&server, &club, "Week 1", &SIX);
    refused_on_console(
        &server,
        &browser,
        &club,
        "/detach",
        &[("csrf", csrf.as_str()), ("event", &kept.event.to_string())],
        "is closed",
    );
    assert_eq!(evenings_of(&server, &club), [kept.event]);
}

#[test]
fn the_series_lists_people_by_their_letters_with_accents_and_small_letters_in_their_place() {
    let server = Server::start();
    let series = create_series(&server, "Accents");
    play(
        &server,
        &series,
        "Week 1",
        &["Zoé", "Jérôme", "élodie", "Benoît", "Émile", "ann"],
    );
    let (browser, _) = host_browser(&server, &series);
    let console = page(&server, &browser, &console_path(&series, ""));
    let people = &console[console.find("id=\"people\"").expect("people")..];
    let order: Vec<&str> = people
        .split("<th scope=\"row\">")
        .skip(1)
        .filter_map(|row| row.split('<').next())
        .collect();
    assert_eq!(
        order,
        ["ann", "Benoît", "élodie", "Émile", "Jérôme", "Zoé"],
        "{people}"
    );
    // The member cards come in the same order.
    let cards = page(&server, &browser, &console_path(&series, "/cards"));
    let at = |name: &str| {
        cards
            .find(name)
            .unwrap_or_else(|| panic!("{name}: {cards}"))
    };
    assert!(
        at("Benoît") < at("élodie") && at("élodie") < at("Jérôme"),
        "{cards}"
    );
}

#[test]
fn the_season_table_is_drawn_as_the_evenings_standings_and_fits_a_phone_and_a_printout() {
    let server = Server::start();
    let series = create_series(&server, "Styled");
    play(&server, &series, "Week 1", &SIX);
    let public = page(&server, &client(), &format!("/series/{}", series.id));
    let table = &public[public.find("<table").expect("a table")..];
    assert!(
        table.starts_with("<table class=\"data season\">"),
        "{table}"
    );
    assert!(public.contains("<div class=\"scroll\"><table"), "{public}");
    assert!(
        table.contains("<th scope=\"col\" class=\"num evening-col\">Week 1</th>"),
        "{table}"
    );
    assert!(table.contains("<td class=\"num\"><strong>"), "{table}");
    // The style sheet: the evenings' columns give way on a phone and print again on paper.
    let css = page(&server, &client(), "/static/style.css");
    let phone = &css[css
        .find("@media (max-width: 640px) {")
        .expect("phone rules")..];
    let phone = &phone[..phone.find("\n}\n").expect("its end")];
    assert!(
        phone.contains("table.data.season .evening-col { display: none; }"),
        "{phone}"
    );
    let print = &css[css.find("@media print {").expect("print rules")..];
    let print = &print[..print.find("\n}\n").expect("its end")];
    assert!(
        print.contains("table.data.season .evening-col { display: table-cell; }"),
        "{print}"
    );
    assert!(
        print.contains("table.data.season tr { break-inside: avoid;"),
        "{print}"
    );
}

#[test]
fn the_series_console_links_and_splits_people_and_refuses_a_person_linked_to_themselves() {
    let server = Server::start();
    let series = create_series(&server, "Bunco");
    play(&server, &series, "Week 1", &SIX);
    play(
        &server,
        &series,
        "Week 2",
        &["Annie", "Bob", "Cy", "Di", "Ed", "Flo"],
    );
    let (browser, console) = host_browser(&server, &series);
    let csrf = field(&console, "csrf");
    let before = standings(&server, &series)["standings"].clone();
    // A person linked to themselves: told why on the console, nothing changed.
    refused_on_console(
        &server,
        &browser,
        &series,
        "/link",
        &[("csrf", csrf.as_str()), ("name", "Bob"), ("with", " bob ")],
        "themselves",
    );
    assert_eq!(standings(&server, &series)["standings"], before);

    post_form(
        &server,
        &browser,
        &console_path(&series, "/link"),
        &[
            ("csrf", csrf.as_str()),
            ("name", "Annie"),
            ("with", "Ann Club"),
        ],
    );
    let table = standings(&server, &series);
    let ann = table["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|l| l["name"] == "Ann Club")
        .expect("Ann")
        .clone();
    assert_eq!(ann["evenings"], 2, "{table}");
    let console = page(&server, &browser, &console_path(&series, ""));
    assert!(console.contains("Split Annie off"), "{console}");

    post_form(
        &server,
        &browser,
        &console_path(&series, "/split"),
        &[("csrf", csrf.as_str()), ("name", "Annie")],
    );
    // One name that is two people: Bob of Week 2 was Bob Junior.
    let people = page(&server, &browser, &console_path(&series, ""));
    let player = people
        .split("<option value=\"")
        .find(|o| o.contains("Week 2 (Bob)"))
        .and_then(|o| o.split('"').next())
        .expect("Bob's seat of Week 2")
        .to_owned();
    post_form(
        &server,
        &browser,
        &console_path(&series, "/seat"),
        &[
            ("csrf", csrf.as_str()),
            ("player", player.as_str()),
            ("name", "Bob Junior"),
        ],
    );
    // A seat that is not a number: told in words, nothing changed.
    refused_on_console(
        &server,
        &browser,
        &series,
        "/seat",
        &[("csrf", csrf.as_str()), ("player", "x"), ("name", "Nobody")],
        "whole number",
    );
    let table = standings(&server, &series);
    for name in ["Bob", "Bob Junior"] {
        let line = table["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|l| l["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {table}"));
        assert_eq!(line["evenings"], 1, "{name}: {table}");
    }
    assert!(!table.to_string().contains("Nobody"), "{table}");
    for name in ["Annie", "Ann Club"] {
        let line = table["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|l| l["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {table}"));
        assert_eq!(line["evenings"], 1, "{name} split off: {table}");
    }
}

#[test]
fn the_series_console_sets_the_counting_and_prizes_and_refuses_a_best_n_above_the_evenings_held() {
    let server = Server::start();
    let series = create_series(&server, "Season");
    play(&server, &series, "Week 1", &SIX);
    play(&server, &series, "Week 2", &SIX);
    let (browser, console) = host_browser(&server, &series);
    let csrf = field(&console, "csrf");
    set(
        &server,
        &browser,
        &series,
        &csrf,
        &[("count", "best"), ("count_best", "3"), ("evening", "booby")],
    );
    let console = page(&server, &browser, &console_path(&series, ""));
    assert!(
        console.contains("flash error") && console.contains("best 3"),
        "{console}"
    );
    let table = standings(&server, &series);
    assert_eq!(table["series"]["count"], "total");
    assert_eq!(table["series"]["prizes"]["evening"], json!([]));

    set(
        &server,
        &browser,
        &series,
        &csrf,
        &[
            ("count", "best"),
            ("count_best", "1"),
            ("evening", "booby"),
            ("season", "most_rounds_won"),
            ("season", "perfect_attendance"),
        ],
    );
    let table = standings(&server, &series);
    assert_eq!(table["series"]["count"], "best");
    assert_eq!(table["series"]["count_best"], 1);
    assert_eq!(table["series"]["prizes"]["evening"], json!(["booby"]));
    assert_eq!(
        table["series"]["prizes"]["season"],
        json!(["most_rounds_won", "perfect_attendance"])
    );
    let console = page(&server, &browser, &console_path(&series, ""));
    assert!(console.contains("best 1 evening count"), "{console}");
    assert!(console.contains("Booby prize: "), "{console}");
    // Perfect attendance is a season's prize: refused per evening, nothing changed.
    set(
        &server,
        &browser,
        &series,
        &csrf,
        &[("count", "total"), ("evening", "perfect_attendance")],
    );
    assert_eq!(standings(&server, &series)["series"]["count"], "best");
}

/// The ruling on private evenings: the public season leaves a private evening's guests out
/// and says so; the series' console counts every evening, and so does a guest's own page.
#[test]
fn a_private_evening_counts_on_the_console_and_a_guests_page_and_the_public_season_says_it_is_left_out()
 {
    let server = Server::start();
    let series = create_series(&server, "Quiet club");
    play(&server, &series, "Open night", &SIX);
    let (_, seats) = play_private(
        &server,
        &series,
        "Quiet night",
        &["Ann Club", "Bob", "Cy", "Di", "Ed", "Zoe Secret"],
    );

    let (_, public) = server.text(&format!("/series/{}", series.id), None);
    assert!(public.contains("id=\"private-note\""), "{public}");
    assert!(!public.contains("Zoe Secret"), "{public}");
    let (browser, console) = host_browser(&server, &series);
    assert!(console.contains("Zoe Secret"), "{console}");
    assert!(console.contains("private"), "{console}");
    // Ann came to both: two evenings on the console, one in public.
    let ann = console
        .split("<th scope=\"row\">Ann Club</th><td>")
        .nth(1)
        .expect("Ann's line");
    assert!(ann.starts_with('2'), "{ann}");
    // Zoe's own page shows her private evening.
    let (status, mine) = get(&server, &browser, &format!("/seat/{}/season", seats[5]));
    assert_eq!(status, 200, "{mine}");
    assert!(
        mine.contains("Quiet night") && mine.contains("Place: "),
        "{mine}"
    );
}

#[test]
fn member_cards_open_each_members_own_page_with_nobody_elses_links() {
    let server = Server::start();
    let series = create_series(&server, "Card club");
    let (_, first) = play(&server, &series, "Week 1", &SIX);
    play(
        &server,
        &series,
        "Week 2",
        &["Ann Club", "Bob", "Cy", "Di", "Ed", "Gus"],
    );
    let (browser, _) = host_browser(&server, &series);
    let cards = page(&server, &browser, &console_path(&series, "/cards"));
    let prefix = format!("{}/series/{}/member/", server.url(""), series.id);
    let links: Vec<String> = cards
        .split(&format!(">{prefix}"))
        .skip(1)
        .map(|rest| format!("{prefix}{}", &rest[..32]))
        .collect();
    assert_eq!(links.len(), 7, "one card per member: {cards}");
    assert_eq!(cards.matches("<svg").count(), 7, "one QR code each");
    // A stranger's phone opens Ann's card: her evenings, her standing, nobody's links.
    let ann = links
        .iter()
        .find(|link| {
            let at = cards.find(link.as_str()).unwrap_or(0);
            cards[..at]
                .rfind("<h2>")
                .is_some_and(|h| cards[h..at].contains("Ann Club"))
        })
        .expect("Ann's card");
    let phone = client();
    let path = ann.trim_start_matches(&server.url(""));
    let html = unkept_page(&server, &phone, path);
    assert!(html.contains("<h1>Ann Club</h1>"), "{html}");
    assert!(html.contains("Week 1") && html.contains("Week 2"), "{html}");
    assert!(
        html.contains("Your standing") && html.contains(" of 7"),
        "{html}"
    );
    assert!(html.contains("Round 1: "), "{html}");
    for other in links.iter().filter(|l| *l != ann) {
        assert!(
            !html.contains(&other[other.len() - 32..]),
            "another card's key"
        );
    }
    for seat in &first {
        assert!(!html.contains(seat.as_str()), "a seat link");
    }
    assert!(
        !html.contains("/seat/") && !html.contains("token"),
        "{html}"
    );

    // A hostile id or key: a page that says so.
    let key = &ann[ann.len() - 32..];
    let other = create_series(&server, "Elsewhere");
    for (path, status, words) in [
        (
            format!("/series/{}/member/{key}", other.id),
            403,
            "not valid for this series",
        ),
        (
            format!("/series/{}/member/{}", series.id, "0".repeat(32)),
            403,
            "not valid for this series",
        ),
        (
            format!("/series/{}/member/nonsense", series.id),
            403,
            "not valid for this series",
        ),
        (
            format!("/series/999999/member/{key}"),
            404,
            "there is no series",
        ),
        (
            "/seat/0123456789abcdef0123456789abcdef/season".to_owned(),
            403,
            "seat link is not valid",
        ),
    ] {
        let (got, html) = get(&server, &phone, &path);
        assert_eq!(got, status, "{path}: {html}");
        assert!(html.contains(words), "{path}: {html}");
        assert!(html.contains("<h1>"), "a page: {html}");
    }
    // A stranger cannot print the cards.
    assert_eq!(
        get(&server, &phone, &console_path(&series, "/cards")).0,
        403
    );
}

#[test]
fn a_guests_seat_link_leads_to_their_season() {
    let server = Server::start();
    let series = create_series(&server, "Seat club");
    play(&server, &series, "Week 1", &SIX);
    let (_, seats) = play(
        &server,
        &series,
        "Week 2",
        &["Bob", "Cy", "Di", "Ed", "Flo", "Hal"],
    );
    let phone = client();
    let seat = page(&server, &phone, &format!("/seat/{}", seats[0]));
    let link = format!("/seat/{}/season", seats[0]);
    assert!(seat.contains(&format!("href=\"{link}\"")), "{seat}");
    let html = page(&server, &phone, &link);
    assert!(html.contains("<h1>Bob</h1>"), "{html}");
    assert!(html.contains("Week 1") && html.contains("Week 2"), "{html}");
    assert_eq!(html.matches("Place: ").count(), 2, "{html}");
    // Hal came once: Week 1 says so.
    let hal = page(&server, &phone, &format!("/seat/{}/season", seats[5]));
    assert!(hal.contains("You did not come"), "{hal}");
    // An evening in no series has no season.
    let alone = Host::create(&server, json!({"name": "Alone"}));
    let tokens = alone.add_players(&server, &["Ann"]);
    let seat = page(&server, &phone, &format!("/seat/{}", tokens[0]));
    assert!(!seat.contains("Your season"), "{seat}");
    let (status, html) = get(&server, &phone, &format!("/seat/{}/season", tokens[0]));
    assert_eq!(status, 404, "{html}");
    assert!(html.contains("in no series"), "{html}");
}

/// The series' console in Chromium: the host makes the evening, lands on its console and adds
/// a returning guest with one tap.
#[test]
fn the_series_console_in_chromium_makes_an_evening_where_a_returning_guest_is_added_in_one_tap() {
    let Some(tools) = browser::tools_or_skip("the series' console in Chromium") else {
        return;
    };
    let server = Server::start();
    let series = create_series(&server, "Chromium club");
    play(&server, &series, "Week 1", &SIX);
    let runtime = browser::runtime();
    runtime.block_on(async {
        use thirtyfour::prelude::*;
        let driver = browser::Driver::start(&tools);
        let host = driver.browser(1200, 900).await;
        host.goto(server.url(&series.host_link))
            .await
            .expect("host link");
        host.wait_for_text("h1", "Chromium club").await;
        host.audit("the series' console").await;
        host.goto(server.url(&format!("/series/{}/host/cards", series.id)))
            .await
            .expect("the member cards");
        host.wait_for_text("h1", "Member cards").await;
        host.audit("the member cards").await;
        // The first card (Ann Club's) read as a phone's camera reads it opens her own page.
        if let Some(zbarimg) = browser::qr_reader_or_skip("the member cards' QR codes") {
            let link = host.read_qr(&zbarimg, ".member-card svg").await;
            let phone = driver.phone(390, 844).await;
            phone.goto(link.as_str()).await.expect("the card's link");
            phone.wait_for_text("h1", "Ann Club").await;
            phone.wait_for_text("#standing", " of 6").await;
            phone.quit().await;
        }
        host.goto(server.url(&format!("/series/{}/host", series.id)))
            .await
            .expect("the console again");
        host.find(By::Id("name"))
            .await
            .expect("name field")
            .send_keys("Week 2")
            .await
            .expect("type");
        host.click_button("Make the evening").await;
        host.wait_for_text("h1", "Week 2").await;
        host.click_button("Add Ann Club").await;
        host.wait_for(
            "Ann Club entered, no longer offered",
            async |driver: &WebDriver| {
                let text = driver.find(By::Tag("body")).await?.text().await?;
                Ok((!text.contains("Add Ann Club")).then_some(text))
            },
        )
        .await;
        let offered = host.body_text().await;
        assert!(offered.contains("Add Bob"), "{offered}");
        host.quit().await;
    });
    let table = standings(&server, &series);
    let week = table["evenings"][1]["event"].as_i64().expect("Week 2");
    let (status, entries) = server.get(&format!("/api/v1/events/{week}/entries"), None);
    assert_eq!(status, 200, "{entries}");
    assert_eq!(
        entries["entries"][0]["names"],
        json!(["Ann Club"]),
        "{entries}"
    );
}

/// A guest's own page on a phone, with the script on and off: it fits the screen and shows
/// their evenings and standing.
#[test]
fn a_guests_own_page_reads_on_a_phone_with_script_on_and_off() {
    let Some(tools) = browser::tools_or_skip("a guest's own page on a phone") else {
        return;
    };
    let server = Server::start();
    let series = create_series(&server, "Phone club");
    play(&server, &series, "Week 1", &SIX);
    let (_, seats) = play(&server, &series, "Week 2", &SIX);
    let runtime = browser::runtime();
    runtime.block_on(async {
        let driver = browser::Driver::start(&tools);
        for script in [true, false] {
            let phone = if script {
                driver.phone(390, 844).await
            } else {
                driver.browser_with_script(390, 844, false).await
            };
            phone
                .goto(server.url(&format!("/seat/{}", seats[1])))
                .await
                .expect("seat link");
            phone.follow_link("Your season").await;
            phone.wait_for_text("h1", "Bob").await;
            phone.wait_for_text("#standing", " of 6").await;
            let text = phone.body_text().await;
            assert!(text.contains("Week 1") && text.contains("Week 2"), "{text}");
            assert_eq!(text.matches("Place:").count(), 2, "{text}");
            let width = phone
                .execute(
                    "return document.documentElement.scrollWidth <= window.innerWidth;",
                    Vec::new(),
                )
                .await
                .ok()
                .and_then(|r| r.json().as_bool());
            // Without script the page cannot be asked; it is the same page.
            if script {
                assert_eq!(width, Some(true), "the page fits the phone's width");
                phone.audit("a guest's own page on a phone").await;
            }
            phone
                .screenshot_as(&format!(
                    "series-guest-{}.png",
                    if script { "script" } else { "noscript" }
                ))
                .await;
            phone.quit().await;
        }
    });
}

// ---------------------------------------------------------------- languages

/// A series giving every club prize, with two evenings played (of two rounds: prizes and
/// plurals), the second private, and a third not started; answers the series and the seats
/// of the first evening.
fn full_season(server: &Server) -> (Series, Vec<String>) {
    let (status, answer) = server.post(
        "/api/v1/series",
        None,
        &json!({"name": "Wordy club", "prizes": {
            "evening": ["booby", "most_rounds_won", "best_round", "most_tables"],
            "season": ["booby", "most_rounds_won", "best_round", "most_tables", "perfect_attendance"],
        }}),
    );
    assert_eq!(status, 201, "{answer}");
    let series = Series {
        id: answer["series"]["id"].as_i64().expect("series id"),
        token: answer["host_token"].as_str().expect("token").to_owned(),
        host_link: answer["host_link"].as_str().expect("host link").to_owned(),
    };
    let mut first = Vec::new();
    for (name, private, played) in [
        ("Week 1", false, true),
        ("Week 2", true, true),
        ("Week 3", false, false),
    ] {
        let host = evening_in(server, &series, name, 2);
        let seats = host.add_players(server, &SIX);
        if first.is_empty() {
            first = seats;
        }
        if private {
            make_private(server, &host);
        }
        if played {
            host.play_paper_rounds(server, 2);
            host.close_evening(server);
        }
    }
    (series, first)
}

/// What people typed on the series' pages: names, the series' and evenings' names.
const TYPED: [&str; 10] = [
    "Wordy club",
    "Week 1",
    "Week 2",
    "Week 3",
    "Ann Club",
    "Bob",
    "Cy",
    "Di",
    "Ed",
    "Flo",
];

/// The visible text of a page in the pseudo-language that no message said (addresses aside).
fn untranslated(html: &str) -> Vec<String> {
    assert!(html.contains("<html lang=\"en-XA\""), "{html}");
    let mut left = touring::i18n::untranslated(html, &TYPED);
    left.retain(|piece| !piece.starts_with("http"));
    left
}

#[test]
fn pseudo_language_every_word_of_the_series_pages_comes_from_a_message() {
    let server = Server::start();
    let series = create_series(&server, "Wordy club");
    // The console and the public season before any evening.
    let host = client_speaking("en-XA");
    let response = host
        .get(server.url(&series.host_link))
        .send()
        .expect("host link");
    assert_eq!(response.status().as_u16(), 303);
    let console = page(&server, &host, &console_path(&series, ""));
    assert_eq!(
        untranslated(&console),
        Vec::<String>::new(),
        "empty console"
    );
    let cards = page(&server, &host, &console_path(&series, "/cards"));
    assert_eq!(untranslated(&cards), Vec::<String>::new(), "no card");
    let reader = client_speaking("en-XA");
    let public = page(&server, &reader, &format!("/series/{}", series.id));
    assert_eq!(untranslated(&public), Vec::<String>::new(), "empty season");

    // A full season: evenings final, private and not started, every prize, linked names.
    let (series, seats) = full_season(&server);
    let host = client_speaking("en-XA");
    host.get(server.url(&series.host_link))
        .send()
        .expect("host link");
    let console = page(&server, &host, &console_path(&series, ""));
    let csrf = field(&console, "csrf");
    post_form(
        &server,
        &host,
        &console_path(&series, "/link"),
        &[("csrf", &csrf), ("name", "Flo"), ("with", "Ed")],
    );
    let console = page(&server, &host, &console_path(&series, ""));
    assert!(
        console.contains("flash ok"),
        "the link's message: {console}"
    );
    assert!(console.contains("<ul class=\"prizes\">"), "{console}");
    assert_eq!(untranslated(&console), Vec::<String>::new(), "the console");
    for (count, best) in [("best", "1"), ("average", "")] {
        set(
            &server,
            &host,
            &series,
            &csrf,
            &[("count", count), ("count_best", best), ("season", "booby")],
        );
        let console = page(&server, &host, &console_path(&series, ""));
        assert_eq!(untranslated(&console), Vec::<String>::new(), "{count}");
    }
    let public = page(&server, &reader, &format!("/series/{}", series.id));
    assert!(public.contains("id=\"private-note\""), "{public}");
    assert_eq!(untranslated(&public), Vec::<String>::new(), "the season");
    let cards = page(&server, &host, &console_path(&series, "/cards"));
    assert!(cards.contains("member-card"), "{cards}");
    assert_eq!(untranslated(&cards), Vec::<String>::new(), "the cards");
    let phone = client_speaking("en-XA");
    let mine = page(&server, &phone, &format!("/seat/{}/season", seats[0]));
    assert!(mine.contains("class=\"rounds\""), "{mine}");
    assert_eq!(
        untranslated(&mine),
        Vec::<String>::new(),
        "a guest's season"
    );
}

#[test]
fn the_series_pages_speak_french_to_a_french_browser() {
    let server = Server::start();
    let (series, seats) = full_season(&server);
    let reader = client_speaking("fr-FR,fr;q=0.9");
    let public = page(&server, &reader, &format!("/series/{}", series.id));
    assert!(public.contains("<html lang=\"fr\""), "{public}");
    assert!(public.contains("Classement"), "{public}");
    assert!(public.contains("Lanterne rouge\u{a0}: "), "{public}");
    assert!(public.contains("Prix de la saison"), "{public}");
    assert!(public.contains("Une soirée est privée"), "{public}");
    assert!(public.contains("(pas commencée)"), "{public}");
    // Two rounds at one evening: "2 rondes gagnées" for somebody, or 1 "ronde gagnée".
    assert!(
        public.contains(" rondes gagnées)") || public.contains("1 ronde gagnée)"),
        "{public}"
    );
    let mine = page(&server, &reader, &format!("/seat/{}/season", seats[0]));
    assert!(mine.contains("Votre place"), "{mine}");
    assert!(mine.contains("Ronde 2\u{a0}: "), "{mine}");
    assert!(mine.contains("soirées jouées"), "{mine}");
    let host = client_speaking("fr");
    host.get(server.url(&series.host_link))
        .send()
        .expect("host link");
    let console = page(&server, &host, &console_path(&series, ""));
    assert!(console.contains("Console de la série."), "{console}");
    assert!(
        console.contains("Un nom, deux personnes\u{202f}?"),
        "{console}"
    );
    let cards = page(&server, &host, &console_path(&series, "/cards"));
    assert!(
        cards.contains("Cartes de membre\u{a0}: Wordy club"),
        "{cards}"
    );
}

// ---------------------------------------------------------------- the console's keys (issue 49)

/// A browser without a cookie jar: each request carries the cookie the test gives it.
fn jarless() -> Client {
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// The session cookie an answer sets, if it sets one.
fn set_cookie(response: &reqwest::blocking::Response) -> Option<String> {
    response
        .headers()
        .get("set-cookie")
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .map(str::to_owned)
}

/// A copy of the console's session cookie, as a thief would keep it, and the CSRF token of
/// its forms: the host link opened, then the console read once (which keeps the token).
fn saved_console_cookie(server: &Server, series: &Series) -> (String, String) {
    let plain = jarless();
    let opened = plain
        .get(server.url(&series.host_link))
        .send()
        .expect("the host link");
    assert_eq!(opened.status().as_u16(), 303);
    let cookie = set_cookie(&opened).expect("a session cookie");
    let response = plain
        .get(server.url(&console_path(series, "")))
        .header("cookie", &cookie)
        .send()
        .expect("the console");
    assert_eq!(response.status().as_u16(), 200);
    let cookie = set_cookie(&response).unwrap_or(cookie);
    let csrf = field(&response.text().expect("the console"), "csrf");
    (cookie, csrf)
}

/// The names the series' host sees, with the names linked to each (from the API).
fn people_text(server: &Server, series: &Series) -> String {
    let (status, people) = server.get(
        &format!("/api/v1/series/{}/people", series.id),
        Some(&series.token),
    );
    assert_eq!(status, 200, "{people}");
    people.to_string()
}

#[test]
fn a_console_cookie_saved_before_the_series_logout_opens_and_changes_nothing() {
    let server = Server::start();
    let series = create_series(&server, "Cookie club");
    play(&server, &series, "Week 1", &SIX);
    let (cookie, csrf) = saved_console_cookie(&server, &series);
    // Another device on the console, opened before.
    let (tablet, _) = host_browser(&server, &series);
    let plain = jarless();
    let logout = plain
        .post(server.url(&format!("/series/{}/logout", series.id)))
        .header("cookie", &cookie)
        .form(&[("csrf", csrf.as_str())])
        .send()
        .expect("logout");
    assert_eq!(logout.status().as_u16(), 303);

    // The copy saved before the logout opens nothing...
    let console = plain
        .get(server.url(&console_path(&series, "")))
        .header("cookie", &cookie)
        .send()
        .expect("the console");
    assert_eq!(console.status().as_u16(), 403, "the saved cookie is closed");
    // ... and changes nothing, whatever it posts.
    let _ = plain
        .post(server.url(&console_path(&series, "/link")))
        .header("cookie", &cookie)
        .form(&[
            ("csrf", csrf.as_str()),
            ("name", "Zz Old Cookie"),
            ("with", "Bob"),
        ])
        .send()
        .expect("a link");
    assert!(
        !people_text(&server, &series).contains("Zz Old Cookie"),
        "the saved cookie linked a name"
    );
    // Like an evening's logout, it signs out every device of the series' host.
    assert_eq!(get(&server, &tablet, &console_path(&series, "")).0, 403);
    // The host link opens the console again.
    host_browser(&server, &series);
}

/// The new host link a console's flash shows (its token).
fn shown_token(html: &str, series: &Series) -> String {
    let marker = format!("/series/{}/host?token=", series.id);
    let at = html.find(&marker).expect("a new host link on the page") + marker.len();
    html[at..at + 32].to_owned()
}

/// The member cards' links, as printed.
fn card_links(server: &Server, browser: &Client, series: &Series) -> Vec<String> {
    let cards = page(server, browser, &console_path(series, "/cards"));
    let prefix = format!("/series/{}/member/", series.id);
    cards
        .split(&format!(">{}{prefix}", server.url("")))
        .skip(1)
        .map(|rest| format!("{prefix}{}", &rest[..32]))
        .collect()
}

#[test]
fn the_console_replaces_a_leaked_host_link_once_confirmed_and_says_to_print_the_cards_again() {
    let server = Server::start();
    let series = create_series(&server, "Leaky club");
    play(&server, &series, "Week 1", &SIX);
    let (browser, console) = host_browser(&server, &series);
    let (tablet, _) = host_browser(&server, &series);
    let old_cards = card_links(&server, &browser, &series);
    assert_eq!(old_cards.len(), 6);
    let phone = client();
    assert_eq!(get(&server, &phone, &old_cards[0]).0, 200);
    let action = format!("action=\"/series/{}/host/token\"", series.id);
    let form = console
        .split(&action)
        .nth(1)
        .expect("the new host link's form");
    assert!(
        form.starts_with(" data-confirm="),
        "asked to confirm: {form}"
    );
    assert!(
        form.contains("name=\"sure\"") && form.contains("required"),
        "{form}"
    );
    let csrf = field(&console, "csrf");

    // Not ticked: nothing changes, and the console says what to do.
    post_form(
        &server,
        &browser,
        &console_path(&series, "/token"),
        &[("csrf", csrf.as_str())],
    );
    let html = page(&server, &browser, &console_path(&series, ""));
    assert!(
        html.contains("flash error") && html.contains("tick the box"),
        "{html}"
    );
    let (status, _) = server.send(
        Method::PATCH,
        &format!("/api/v1/series/{}", series.id),
        Some(&series.token),
        &json!({}),
    );
    assert_eq!(status, 200, "the token still works");

    // Ticked: a new link, shown once, and the word to print the cards again.
    let to = post_form(
        &server,
        &browser,
        &console_path(&series, "/token"),
        &[("csrf", csrf.as_str()), ("sure", "yes")],
    );
    assert_eq!(to, format!("/series/{}/host#access", series.id));
    let html = page(&server, &browser, &console_path(&series, ""));
    assert!(html.contains("print them again"), "{html}");
    let token = shown_token(&html, &series);
    assert_ne!(token, series.token);
    // This browser stays on the console; every other one, the old link and the old
    // cards are refused.
    assert_eq!(get(&server, &tablet, &console_path(&series, "")).0, 403);
    let (status, _) = get(&server, &client(), &series.host_link);
    assert_eq!(status, 403, "the old host link");
    for card in &old_cards {
        assert_eq!(get(&server, &phone, card).0, 403, "an old card: {card}");
    }
    let (status, _) = server.send(
        Method::PATCH,
        &format!("/api/v1/series/{}", series.id),
        Some(&series.token),
        &json!({}),
    );
    assert_eq!(status, 403, "the old token");
    let new_cards = card_links(&server, &browser, &series);
    assert_eq!(new_cards.len(), 6);
    assert!(new_cards.iter().all(|card| !old_cards.contains(card)));
    assert_eq!(get(&server, &phone, &new_cards[0]).0, 200);
    let renewed = Series {
        id: series.id,
        token: token.clone(),
        host_link: format!("/series/{}/host?token={token}", series.id),
    };
    host_browser(&server, &renewed);
}

// ---------------------------------------------------------------- private evenings (issue 49)

/// An evening of the series whose host made its views private, played and closed; answers
/// its host and the seat tokens.
fn play_private(
    server: &Server,
    series: &Series,
    name: &str,
    players: &[&str],
) -> (Host, Vec<String>) {
    let host = evening_in(server, series, name, 1);
    let seats = host.add_players(server, players);
    make_private(server, &host);
    host.play_paper_rounds(server, 1);
    host.close_evening(server);
    (host, seats)
}

/// The evening of this name on a guest's own page.
fn guest_evening<'a>(html: &'a str, name: &str) -> &'a str {
    html.split("<article class=\"panel guest-evening\">")
        .skip(1)
        .find(|article| article.contains(&format!("<h3>{name} ")))
        .unwrap_or_else(|| panic!("{name} on the page: {html}"))
}

/// A seat's player id, from its evening's entries.
fn player_named(server: &Server, host: &Host, name: &str) -> i64 {
    let entries = host.get(server, "/entries");
    entries["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["names"] == json!([name]))
        .and_then(|e| e["players"][0].as_i64())
        .unwrap_or_else(|| panic!("{name}'s player in {entries}"))
}

#[test]
fn a_name_shared_with_a_member_does_not_open_their_private_evening_from_a_seat_link() {
    let server = Server::start();
    let series = create_series(&server, "Private club");
    let (quiet, quiet_seats) = play_private(
        &server,
        &series,
        "Quiet night",
        &["Ann Club", "Bob", "Cy", "Di", "Ed", "Zoe Secret"],
    );
    // A stranger takes Zoe's name, in other letters, at the next open evening.
    let (open, seats) = play(
        &server,
        &series,
        "Open night",
        &["Ann Club", "Bob", "Cy", "Di", "Ed", "zoe  SECRET"],
    );
    let phone = client();
    let (status, html) = get(&server, &phone, &format!("/seat/{}/season", seats[5]));
    assert_eq!(status, 200, "{html}");
    let quiet_night = guest_evening(&html, "Quiet night");
    assert!(
        !quiet_night.contains("Place: ") && quiet_night.contains("You did not come"),
        "the private evening's result shown to a name alike: {quiet_night}"
    );
    assert!(
        guest_evening(&html, "Open night").contains("Place: "),
        "{html}"
    );
    // Zoe's own seat still shows her private evening.
    let (_, mine) = get(&server, &phone, &format!("/seat/{}/season", quiet_seats[5]));
    assert!(
        guest_evening(&mine, "Quiet night").contains("Place: "),
        "{mine}"
    );
    // Ann came to both: her open evening's seat does not open her private one either...
    let (_, ann) = get(&server, &phone, &format!("/seat/{}/season", seats[0]));
    assert!(
        !guest_evening(&ann, "Quiet night").contains("Place: "),
        "{ann}"
    );
    // ... until the series' host gives both seats to one person.
    for host in [&quiet, &open] {
        let player = player_named(&server, host, "Ann Club");
        let (status, answer) = server.post(
            &format!("/api/v1/series/{}/people/split", series.id),
            Some(&series.token),
            &json!({"name": "Ann Club", "player": player}),
        );
        assert_eq!(status, 200, "{answer}");
    }
    let (_, ann) = get(&server, &phone, &format!("/seat/{}/season", seats[0]));
    assert!(
        guest_evening(&ann, "Quiet night").contains("Place: "),
        "{ann}"
    );
    // The series' console still counts both of Ann's evenings.
    let (_, console) = host_browser(&server, &series);
    let line = console
        .split("<th scope=\"row\">Ann Club</th><td>")
        .nth(1)
        .expect("Ann's line");
    assert!(line.starts_with('2'), "{line}");
}

#[test]
fn an_evenings_returning_guests_leave_out_the_people_of_private_evenings() {
    let server = Server::start();
    let series = create_series(&server, "Returning club");
    play(&server, &series, "Open night", &SIX);
    play_private(
        &server,
        &series,
        "Quiet night",
        &["Ann Club", "Bob", "Cy", "Di", "Ed", "Zoe Secret"],
    );
    let next = evening_in(&server, &series, "Next night", 1);
    // A helper holding this evening's link only.
    let helper = client();
    helper
        .get(next.console_link(&server))
        .send()
        .expect("host link");
    let console = page(&server, &helper, &format!("/events/{}/host", next.event));
    assert!(console.contains("Add Flo</button>"), "{console}");
    assert!(
        !console.contains("Zoe Secret"),
        "a private evening's guest named: {console}"
    );
}
