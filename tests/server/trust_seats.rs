//! Trust at the table: who holds a seat, and what a guest who once held one can still see after
//! it was taken back. A new link, a release of a seat picked from a QR code, or the guest's own
//! link opened after a stranger picked the seat, ends the old holder's open live page at once:
//! it is told the seat was taken back and is sent no drawing after that, however many moves
//! the table goes on to play. The join key is public, so a pick takes little: one seat per
//! browser, a few per address, and the console shows which seats a pick holds. No link plays a
//! seat a bot plays.

use crate::common;

use std::io::Read as _;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::api::{Dice, Host, seat, send_move};
use common::forms;
use common::server::Server;
use serde_json::json;

/// How long a stream may take to say something.
const PATIENCE: Duration = Duration::from_secs(20);

/// What a live stream sent, read on a thread of its own: its text as it came, and `None` when
/// it ended.
struct Stream {
    chunks: mpsc::Receiver<Option<String>>,
    text: String,
    ended: bool,
}

impl Stream {
    /// Opens `path` (a live stream) with `client` and reads it on a thread.
    fn open(server: &Server, client: &reqwest::blocking::Client, path: &str) -> Stream {
        let mut response = client
            .get(server.url(path))
            .send()
            .expect("GET the live stream");
        assert_eq!(response.status().as_u16(), 200, "{path}");
        let (send, chunks) = mpsc::channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            loop {
                match response.read(&mut chunk) {
                    Ok(0) | Err(_) => {
                        let _ = send.send(None);
                        return;
                    }
                    Ok(n) => {
                        let text = String::from_utf8_lossy(&chunk[..n]).into_owned();
                        if send.send(Some(text)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Stream {
            chunks,
            text: String::new(),
            ended: false,
        }
    }

    /// Reads until the text holds `wanted` (answers true) or `patience` passed or the stream
    /// ended (false).
    fn wait_for(&mut self, wanted: &str, patience: Duration) -> bool {
        let started = Instant::now();
        while !self.text.contains(wanted) {
            let left = patience.saturating_sub(started.elapsed());
            if self.ended || left.is_zero() {
                return false;
            }
            match self.chunks.recv_timeout(left) {
                Ok(Some(text)) => self.text.push_str(&text),
                Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => self.ended = true,
                Err(mpsc::RecvTimeoutError::Timeout) => return false,
            }
        }
        true
    }

    /// Reads whatever comes within `patience`; answers whether the stream ended.
    fn drain(&mut self, patience: Duration) -> bool {
        let started = Instant::now();
        while !self.ended {
            let left = patience.saturating_sub(started.elapsed());
            if left.is_zero() {
                break;
            }
            match self.chunks.recv_timeout(left) {
                Ok(Some(text)) => self.text.push_str(&text),
                Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => self.ended = true,
                Err(mpsc::RecvTimeoutError::Timeout) => break,
            }
        }
        self.ended
    }
}

/// A client that reads a stream as long as it lasts.
fn streaming_client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(None)
        .build()
        .expect("client")
}

/// An event of Ann and Bob at one digital table, round 1 running; answers the host, both seat
/// tokens and both player ids.
fn playing(server: &Server) -> (Host, Vec<String>, Vec<i64>) {
    playing_with(server, &["Ann", "Bob"])
}

/// An event of these guests at digital tables, round 1 running; answers the host, their seat
/// tokens and player ids, in the order of `names`.
fn playing_with(server: &Server, names: &[&str]) -> (Host, Vec<String>, Vec<i64>) {
    let host = Host::create(server, json!({"name": "Taken back", "seed": 5}));
    let tokens = host.add_players(server, names);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    let entries = host.get(server, "/entries");
    let players = entries["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["players"][0].as_i64().expect("a player"))
        .collect();
    (host, tokens, players)
}

/// Plays `moves` moves at the table, whoever's turn it is.
fn play_moves(server: &Server, tokens: &[&str], moves: usize) {
    let mut dice = Dice::new(3);
    let mut played = 0;
    let started = Instant::now();
    while played < moves {
        assert!(started.elapsed() < PATIENCE, "the table stopped playing");
        for token in tokens {
            let state = seat(server, token);
            let Some(action) = dice.pick(&state) else {
                continue;
            };
            let seen = state["deal"]["actions"].as_u64().expect("actions");
            let (status, answer) = send_move(server, token, &json!(seen), &action);
            assert_eq!(status, 200, "{answer}");
            played += 1;
        }
    }
}

#[test]
fn a_new_link_takes_the_seat_back_from_the_old_links_open_page() {
    let server = Server::start();
    let (host, tokens, players) = playing(&server);
    let client = streaming_client();
    let mut old = Stream::open(&server, &client, &format!("/seat/{}/live", tokens[0]));
    assert!(
        old.wait_for("your cards", PATIENCE),
        "the old link's page shows Ann's hand first: {}",
        old.text
    );
    let renewed = host.ok(&server, &format!("/players/{}/link", players[0]), json!({}));
    let new_token = renewed["link"]["token"]
        .as_str()
        .or_else(|| renewed["token"].as_str())
        .unwrap_or_else(|| panic!("a new token: {renewed}"))
        .to_owned();
    assert!(
        old.wait_for("taken back", PATIENCE),
        "the old page is told at once: {}",
        old.text
    );
    let told = old.text.len();
    play_moves(&server, &[&new_token, &tokens[1]], 6);
    assert!(
        old.drain(Duration::from_secs(3)),
        "the old page's stream ended"
    );
    assert!(
        !old.text[told..].contains("your cards"),
        "no drawing of the hand after the seat was taken back: {}",
        &old.text[told..]
    );
    // The new link plays on, and the old one is refused.
    let (status, _) = server.get(&format!("/api/v1/seats/{}", tokens[0]), None);
    assert_eq!(status, 403);
}

/// The join page as `client` sees it with the projector's key.
fn join_page(
    server: &Server,
    client: &reqwest::blocking::Client,
    host: &Host,
    key: &str,
) -> String {
    forms::page(
        server,
        client,
        &format!("/events/{}/join?key={key}", host.event),
    )
}

/// `client` taps `player`'s name on the join page: answers the status (303 to its seat once
/// picked).
fn pick(
    server: &Server,
    client: &reqwest::blocking::Client,
    (host, key): (&Host, &str),
    player: i64,
) -> u16 {
    let csrf = forms::field(&join_page(server, client, host, key), "csrf");
    let response = client
        .post(server.url(&format!("/events/{}/pick", host.event)))
        .form(&[
            ("csrf", csrf.as_str()),
            ("key", key),
            ("player", &player.to_string()),
        ])
        .send()
        .expect("POST the pick");
    let status = response.status().as_u16();
    if status == 303 {
        assert_eq!(forms::location(&response), "/seat");
    }
    status
}

/// Whether the join page offers `name`'s seat.
fn offers(page: &str, name: &str) -> bool {
    page.contains(&format!(">{name}</button>"))
}

#[test]
fn releasing_a_picked_seat_takes_it_back_from_the_pickers_open_page() {
    let server = Server::start();
    let (host, tokens, players) = playing(&server);
    // A stranger picks Ann's seat from the projector's QR code.
    let client = streaming_client();
    let key = forms::join_key(&server, host.event);
    assert_eq!(pick(&server, &client, (&host, &key), players[0]), 303);
    let mut picked = Stream::open(&server, &client, "/seat-live");
    assert!(picked.wait_for("your cards", PATIENCE), "{}", picked.text);
    // The host releases the seat (the remedy for a seat picked by the wrong person).
    host.ok(
        &server,
        &format!("/players/{}/release", players[0]),
        json!({}),
    );
    taken_back_for_good(&server, &mut picked, &tokens);
}

/// The picker's open page is told at once that the seat was taken back, its stream ends, and
/// it is sent no drawing of the hand however many moves the table (`tokens`) goes on to play.
fn taken_back_for_good(server: &Server, picked: &mut Stream, tokens: &[String]) {
    assert!(
        picked.wait_for("taken back", PATIENCE),
        "the picker's page is told at once: {}",
        picked.text
    );
    let told = picked.text.len();
    play_moves(server, &[&tokens[0], &tokens[1]], 6);
    assert!(picked.drain(Duration::from_secs(3)), "the stream ended");
    assert!(
        !picked.text[told..].contains("your cards"),
        "no drawing of the hand after the seat was taken back: {}",
        &picked.text[told..]
    );
}

/// The status of the seat page a browser's pick opens (403 once its pick no longer holds).
fn seat_by_pick(server: &Server, client: &reqwest::blocking::Client) -> u16 {
    client
        .get(server.url("/seat"))
        .send()
        .expect("GET the seat by pick")
        .status()
        .as_u16()
}

/// An event of Ann and Bob at one paper table; answers the host and both seat tokens, with
/// round 1 seated and, if `start`, started and stopped.
fn paper_table(server: &Server, start: bool) -> (Host, Vec<String>) {
    let host = Host::create(server, json!({"name": "Paper trust", "seed": 9}));
    let tokens = host.add_players(server, &["Ann", "Bob"]);
    host.ok(server, "/rounds", json!({"all_paper": true}));
    if start {
        host.ok(server, "/rounds/1/start", json!({}));
        host.ok(server, "/rounds/1/stop", json!({}));
    }
    (host, tokens)
}

/// The side a seat plays at its table.
fn side_of(server: &Server, token: &str) -> u64 {
    seat(server, token)["tablemates"]
        .as_array()
        .expect("tablemates")
        .iter()
        .find(|t| t["you"] == true)
        .and_then(|t| t["table_side"].as_u64())
        .expect("a side")
}

/// The version of `side`'s card as `token`'s seat state shows it.
fn version_seen(server: &Server, token: &str, side: u64) -> String {
    seat(server, token)["cards"]
        .as_array()
        .expect("the table's cards in the seat's state")
        .iter()
        .find(|c| c["side"] == side)
        .and_then(|c| c["version"].as_str())
        .expect("a version of the card")
        .to_owned()
}

/// A seat enters its own card: answers the status and body.
fn enter(server: &Server, token: &str, counts: serde_json::Value) -> (u16, serde_json::Value) {
    let side = side_of(server, token);
    server.post(
        &format!("/api/v1/seats/{token}/scores"),
        None,
        &json!({"side": side, "counts": counts}),
    )
}

/// A seat confirms `side`'s card, naming `version`.
fn confirm(server: &Server, token: &str, side: u64, version: &str) -> (u16, serde_json::Value) {
    server.post(
        &format!("/api/v1/seats/{token}/scores/{side}/confirm"),
        None,
        &json!({"version": version}),
    )
}

#[test]
fn a_confirmation_is_refused_when_the_card_changed_since_it_was_seen() {
    let server = Server::start();
    let (_, tokens) = paper_table(&server, true);
    let (ann, bob) = (&tokens[0], &tokens[1]);
    let ann_side = side_of(&server, ann);
    let two = json!({"mile1": 2, "mile3": 0, "mile5": 0, "mile10": 0});
    assert_eq!(enter(&server, ann, two.clone()).0, 200);
    // Bob sees Ann's 2 miles; before his confirmation arrives, Ann swaps in 30.
    let seen = version_seen(&server, bob, ann_side);
    let thirty = json!({"mile1": 4, "mile3": 2, "mile5": 2, "mile10": 1});
    assert_eq!(enter(&server, ann, thirty).0, 200);
    let (status, answer) = confirm(&server, bob, ann_side, &seen);
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("changed since you saw it")),
        "{answer}"
    );
    // Bob looks again and confirms what he now sees.
    let again = version_seen(&server, bob, ann_side);
    assert_ne!(again, seen);
    assert_eq!(confirm(&server, bob, ann_side, &again).0, 200);
    // A confirmation that names no card is refused with what to send.
    let (status, answer) = server.post(
        &format!("/api/v1/seats/{bob}/scores/{ann_side}/confirm"),
        None,
        &json!({}),
    );
    assert!(status == 400 || status == 422, "{status} {answer}");
}

/// Ann's card of 2 miles at the paper table of [`paper_table`], confirmed by Bob. Answers
/// the host, the seat tokens, Ann's and Bob's sides and the version Bob confirmed.
fn card_confirmed_by_bob(server: &Server) -> (Host, Vec<String>, (u64, u64), String) {
    let (host, tokens) = paper_table(server, true);
    let (ann, bob) = (&tokens[0], &tokens[1]);
    let (ann_side, bob_side) = (side_of(server, ann), side_of(server, bob));
    let two = json!({"mile1": 2, "mile3": 0, "mile5": 0, "mile10": 0});
    assert_eq!(enter(server, ann, two).0, 200);
    let seen = version_seen(server, bob, ann_side);
    assert_eq!(confirm(server, bob, ann_side, &seen).0, 200);
    (host, tokens, (ann_side, bob_side), seen)
}

#[test]
fn a_confirmed_card_or_one_the_host_entered_changes_only_through_the_host() {
    let server = Server::start();
    let (host, tokens, (ann_side, bob_side), _) = card_confirmed_by_bob(&server);
    let (ann, bob) = (&tokens[0], &tokens[1]);
    let more = json!({"mile1": 4, "mile3": 2, "mile5": 2, "mile10": 1});
    let (status, answer) = enter(&server, ann, more.clone());
    assert_eq!(status, 403, "a confirmed card is settled: {answer}");
    // The host enters Bob's card; Bob cannot replace it.
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": bob_side, "counts": {"mile1": 1, "mile3": 0, "mile5": 0, "mile10": 0}}),
    );
    let (status, answer) = enter(&server, bob, more.clone());
    assert_eq!(status, 403, "the host's card is the host's: {answer}");
    // The host still can change either.
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": ann_side, "counts": more}),
    );
    host.ok(&server, "/rounds/1/close", json!({}));
}

#[test]
fn score_cards_are_taken_only_once_the_round_has_started() {
    let server = Server::start();
    let (host, tokens) = paper_table(&server, false);
    let two = json!({"mile1": 2, "mile3": 0, "mile5": 0, "mile10": 0});
    let (status, answer) = enter(&server, &tokens[0], two.clone());
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("has not started")),
        "{answer}"
    );
    host.ok(&server, "/rounds/1/start", json!({}));
    assert_eq!(enter(&server, &tokens[0], two).0, 200);
}

#[test]
fn a_browser_holds_one_picked_seat_at_a_time() {
    let server = Server::start();
    let (host, _, players) = playing_with(&server, &["Ann", "Bob", "Cy", "Di"]);
    let key = forms::join_key(&server, host.event);
    // One browser taps every name in turn.
    let greedy = forms::client();
    for &player in &players {
        assert_eq!(pick(&server, &greedy, (&host, &key), player), 303);
    }
    // It holds Di's seat, the last it picked; each pick gave the one before back.
    let seat = forms::page(&server, &greedy, "/seat");
    assert!(seat.contains("Di"), "{seat}");
    let page = join_page(&server, &forms::client(), &host, &key);
    for name in ["Ann", "Bob", "Cy"] {
        assert!(offers(&page, name), "{name}'s seat is free again: {page}");
    }
    assert!(!offers(&page, "Di"), "Di's seat is held: {page}");
    // The browser's join page says what another tap would do.
    let own = join_page(&server, &greedy, &host, &key);
    assert!(own.contains("gives that seat back"), "{own}");
    // A refused pick gives nothing back: Di's seat stays this browser's.
    assert_eq!(pick(&server, &greedy, (&host, &key), 999_999), 403);
    assert_eq!(seat_by_pick(&server, &greedy), 200);
}

#[test]
fn picks_from_one_address_are_limited() {
    let server = Server::start_with(&["--picks-per-hour", "2"]);
    let (host, _, players) = playing_with(&server, &["Ann", "Bob", "Cy"]);
    let key = forms::join_key(&server, host.event);
    // Each pick from a browser of its own (a cookie dropped between taps).
    let statuses: Vec<u16> = players
        .iter()
        .map(|&player| pick(&server, &forms::client(), (&host, &key), player))
        .collect();
    assert_eq!(statuses, [303, 303, 429]);
    let refused = forms::client()
        .post(server.url(&format!("/events/{}/pick", host.event)))
        .form(&[("player", players[2].to_string())])
        .send()
        .expect("POST");
    assert_eq!(refused.status().as_u16(), 429);
    assert!(
        common::server::retry_after(&refused) > 0,
        "it says when to try again"
    );
    let page = refused.text().expect("the refusal's page");
    assert!(
        page.contains("picked as many seats as an hour allows"),
        "{page}"
    );
    // Cy's seat is still free for Cy.
    assert!(offers(
        &join_page(&server, &forms::client(), &host, &key),
        "Cy"
    ));
}

#[test]
fn opening_the_guests_own_link_takes_the_seat_back_from_whoever_picked_it() {
    let server = Server::start();
    let (host, tokens, players) = playing(&server);
    let key = forms::join_key(&server, host.event);
    // A stranger opens the join page and picks Ann's seat, and watches it.
    let stranger = streaming_client();
    let join = join_page(&server, &stranger, &host, &key);
    assert_eq!(pick(&server, &stranger, (&host, &key), players[0]), 303);
    let mut picked = Stream::open(&server, &stranger, "/seat-live");
    assert!(picked.wait_for("your cards", PATIENCE), "{}", picked.text);
    // Ann opens her own link: the stranger's page is told at once, and their session ends.
    let ann = forms::client();
    let own = forms::page(&server, &ann, &format!("/seat/{}", tokens[0]));
    taken_back_for_good(&server, &mut picked, &tokens);
    assert_eq!(
        seat_by_pick(&server, &stranger),
        403,
        "the stranger's session on the seat ended"
    );
    // Both pages say why: the picker's, Ann's, and the join page beforehand.
    assert!(
        picked.text.contains("own link was opened"),
        "the picker's page says why: {}",
        picked.text
    );
    assert!(
        own.contains("Another phone had picked this seat"),
        "Ann's page says what her link did: {own}"
    );
    assert!(join.contains("the seat goes back to that link"), "{join}");
    // The seat is held by its link now: nobody can pick it, and opening the link again says
    // nothing more.
    assert_eq!(
        pick(&server, &forms::client(), (&host, &key), players[0]),
        403
    );
    let again = forms::page(&server, &ann, &format!("/seat/{}", tokens[0]));
    assert!(
        !again.contains("Another phone had picked this seat"),
        "{again}"
    );
}

/// The host's console, opened with the host link in a browser of its own; answers the
/// browser and the page.
fn console(server: &Server, host: &Host) -> (reqwest::blocking::Client, String) {
    let browser = forms::client();
    let to = browser
        .get(host.console_link(server))
        .send()
        .expect("open the host link");
    assert!(to.status().is_success() || to.status().is_redirection());
    let page = forms::page(server, &browser, &format!("/events/{}/host", host.event));
    (browser, page)
}

/// The console's line of `player` (from its link form to the next player's, or the cell's end).
fn console_line(page: &str, host: &Host, player: i64) -> String {
    let start = page
        .find(&format!(
            "/events/{}/host/players/{player}/link",
            host.event
        ))
        .unwrap_or_else(|| panic!("player {player} on the console: {page}"));
    let rest = &page[start..];
    let end = rest.find("</td>").unwrap_or(rest.len());
    rest[..end].to_owned()
}

#[test]
fn the_console_shows_which_seats_a_pick_took_and_the_host_releases_one() {
    let server = Server::start();
    let (host, tokens, players) = playing(&server);
    let key = forms::join_key(&server, host.event);
    // Bob opens his own link; a stranger picks Ann's seat.
    common::api::seat(&server, &tokens[1]);
    let stranger = forms::client();
    assert_eq!(pick(&server, &stranger, (&host, &key), players[0]), 303);
    let (browser, page) = console(&server, &host);
    let ann = console_line(&page, &host, players[0]);
    assert!(
        ann.contains("picked by QR code"),
        "Ann's seat was picked: {ann}"
    );
    assert!(ann.contains("/release"), "and can be released: {ann}");
    let bob = console_line(&page, &host, players[1]);
    assert!(
        !bob.contains("picked by QR code"),
        "Bob's link holds his: {bob}"
    );
    // The host releases Ann's seat from the console: the stranger's session ends and the
    // tag goes.
    let csrf = forms::field(&page, "csrf");
    forms::post_form(
        &server,
        &browser,
        &format!("/events/{}/host/players/{}/release", host.event, players[0]),
        &[("csrf", &csrf)],
    );
    assert_eq!(seat_by_pick(&server, &stranger), 403, "released");
    let page = forms::page(&server, &browser, &format!("/events/{}/host", host.event));
    let ann = console_line(&page, &host, players[0]);
    assert!(!ann.contains("picked by QR code"), "{ann}");
    assert!(offers(
        &join_page(&server, &forms::client(), &host, &key),
        "Ann"
    ));
}

/// The player ids of the event's entries, with whether each is a bot's.
fn players_of(server: &Server, host: &Host) -> Vec<(i64, bool)> {
    host.get(server, "/entries")["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["players"][0].as_i64().expect("a player"),
                e["bot"] == true,
            )
        })
        .collect()
}

/// Sends a move from a seat's link through the API (a legal move of the seat's state if it
/// shows one, else any move of the rules): answers the status and body.
fn try_a_move(server: &Server, token: &str) -> (u16, serde_json::Value) {
    let state = seat(server, token);
    let action = Dice::new(7)
        .pick(&state)
        .unwrap_or_else(|| json!({"discard": "mile25"}));
    let seen = state["deal"]["actions"].clone();
    send_move(server, token, &seen, &action)
}

#[test]
fn no_link_plays_a_bots_seat() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Bot seat", "seed": 5}));
    let ann = host.add_players(&server, &["Ann"]);
    let robot = host.ok(
        &server,
        "/entries",
        json!({"names": ["Robot"], "bot": "steady"}),
    );
    let bot_token = robot["links"][0]["token"]
        .as_str()
        .expect("a bot's seat has a link")
        .to_owned();
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    assert!(players_of(&server, &host).iter().any(|(_, bot)| *bot));
    // However often a person tries, the bot's link is refused, saying why.
    for _ in 0..3 {
        let (status, answer) = try_a_move(&server, &bot_token);
        assert_eq!(status, 403, "{answer}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("bot's") && e.contains("no link")),
            "{answer}"
        );
    }
    // The seat's page offers no move and says a bot plays it.
    let state = seat(&server, &bot_token);
    assert_eq!(state["deal"]["legal"], json!([]), "{state}");
    assert!(
        state["message"]
            .as_str()
            .is_some_and(|m| m.contains("A bot plays this seat")),
        "{state}"
    );
    // The same from the seat's page.
    let browser = forms::client();
    let page = forms::page(&server, &browser, &format!("/seat/{bot_token}"));
    let csrf = forms::field(&page, "csrf");
    let to = forms::post_form(
        &server,
        &browser,
        &format!("/seat/{bot_token}/move"),
        &[
            ("csrf", &csrf),
            ("seen", "0"),
            ("action", r#"{"discard":"mile25"}"#),
        ],
    );
    let after = forms::page(&server, &browser, &to).to_lowercase();
    assert!(
        after.contains("this seat is a bot"),
        "the page says why the move was refused: {after}"
    );
    // Ann's own link plays on.
    assert_eq!(seat(&server, &ann[0])["name"], "Ann");
}

#[test]
fn a_guests_link_does_not_move_while_a_stand_in_holds_the_seat() {
    let server = Server::start();
    let (host, tokens, players) = playing(&server);
    // The host hands Ann's seat to a bot.
    host.ok(
        &server,
        &format!("/players/{}/stand-in", players[0]),
        json!({"bot": true}),
    );
    let (status, answer) = try_a_move(&server, &tokens[0]);
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"].as_str().is_some_and(
            |e| e.contains("handed your seat to a bot") && e.contains("give the seat back")
        ),
        "{answer}"
    );
    let state = seat(&server, &tokens[0]);
    assert_eq!(
        state["deal"]["legal"],
        json!([]),
        "no move offered: {state}"
    );
    // The host gives the seat back: Ann's link plays again.
    host.ok(
        &server,
        &format!("/players/{}/stand-in", players[0]),
        json!({"bot": false}),
    );
    let started = Instant::now();
    loop {
        assert!(started.elapsed() < PATIENCE, "Ann never had the turn");
        let state = seat(&server, &tokens[0]);
        if state["deal"]["your_turn"] == true {
            let (status, answer) = try_a_move(&server, &tokens[0]);
            assert_eq!(status, 200, "Ann's link moves again: {answer}");
            break;
        }
        play_moves(&server, &[&tokens[1]], 1);
    }
}

/// Who confirmed each card of round 1's table 1, and when, as stored: (side, by, at) in side
/// order, read with a connection of the test's own.
fn stored_confirmations(server: &Server, host: &Host) -> Vec<String> {
    use touring::db::queries;
    let pool = touring::db::open(&server.database, 1).expect("database");
    let mut conn = pool.get().expect("connection");
    let round = queries::round(&mut conn, host.event, 1)
        .expect("query")
        .expect("round 1");
    let table = queries::tables_of_round(&mut conn, round.id)
        .expect("query")
        .into_iter()
        .find(|t| t.number == 1)
        .expect("table 1");
    let mut cards = queries::paper_scores_of_table(&mut conn, table.id).expect("query");
    cards.sort_by_key(|c| c.side);
    cards
        .iter()
        .map(|c| format!("{} {:?} {:?}", c.side, c.confirmed_by, c.confirmed_at))
        .collect()
}

#[test]
fn a_card_is_confirmed_once_and_never_again_after_its_round_is_closed() {
    let server = Server::start();
    let (host, tokens, (ann_side, bob_side), seen) = card_confirmed_by_bob(&server);
    let bob = &tokens[1];
    let confirmed = stored_confirmations(&server, &host);
    assert!(
        confirmed[0].contains(&format!("Some(\"side {bob_side}\")")),
        "{confirmed:?}"
    );
    // Bob's confirmation sent again (a retry, a second tap) changes nothing.
    let (status, answer) = confirm(&server, bob, ann_side, &seen);
    assert_eq!(status, 200, "a repeat is answered as done: {answer}");
    assert_eq!(stored_confirmations(&server, &host), confirmed);
    // The host's confirmation of a card Bob confirmed would overwrite who confirmed it.
    let path = format!("/rounds/1/tables/1/scores/{ann_side}/confirm");
    let (status, answer) = host.post(&server, &path, json!({}));
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains(&format!("already confirmed by side {bob_side}"))),
        "{answer}"
    );
    assert_eq!(stored_confirmations(&server, &host), confirmed);
    // The host enters Bob's card (confirmed as it goes in) and closes the round.
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": bob_side, "counts": {"mile1": 1, "mile3": 0, "mile5": 0, "mile10": 0}}),
    );
    host.ok(&server, "/rounds/1/close", json!({}));
    let closed = stored_confirmations(&server, &host);
    // After the close, no confirmation is taken: neither the host's nor Bob's again.
    let path = format!("/rounds/1/tables/1/scores/{bob_side}/confirm");
    let (status, answer) = host.post(&server, &path, json!({}));
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("the round is closed")),
        "{answer}"
    );
    assert_eq!(confirm(&server, bob, ann_side, &seen).0, 409);
    assert_eq!(stored_confirmations(&server, &host), closed);
}
