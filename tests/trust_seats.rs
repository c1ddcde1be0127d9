//! Trust at the table: what a guest who once held a seat can still see after the host took it
//! back. A new link, or a release of a seat picked from a QR code, ends the old holder's open
//! live page at once: it is told the seat was taken back and is sent no drawing after that,
//! however many moves the table goes on to play.

mod common;

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
    let host = Host::create(server, json!({"name": "Taken back", "seed": 5}));
    let tokens = host.add_players(server, &["Ann", "Bob"]);
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

#[test]
fn releasing_a_picked_seat_takes_it_back_from_the_pickers_open_page() {
    let server = Server::start();
    let (host, tokens, players) = playing(&server);
    // A stranger picks Ann's seat from the projector's QR code.
    let client = streaming_client();
    let screen = forms::page(&server, &client, &format!("/events/{}/screen", host.event));
    let key = screen
        .split("/join?key=")
        .nth(1)
        .and_then(|rest| rest.split(['"', '<', '&']).next())
        .expect("the join key in the projector's link")
        .to_owned();
    let pick = forms::page(
        &server,
        &client,
        &format!("/events/{}/join?key={key}", host.event),
    );
    let csrf = forms::field(&pick, "csrf");
    let to = forms::post_form(
        &server,
        &client,
        &format!("/events/{}/pick", host.event),
        &[
            ("csrf", &csrf),
            ("key", &key),
            ("player", &players[0].to_string()),
        ],
    );
    assert_eq!(to, "/seat");
    let mut picked = Stream::open(&server, &client, "/seat-live");
    assert!(picked.wait_for("your cards", PATIENCE), "{}", picked.text);
    // The host releases the seat (the remedy for a seat picked by the wrong person).
    host.ok(
        &server,
        &format!("/players/{}/release", players[0]),
        json!({}),
    );
    assert!(
        picked.wait_for("taken back", PATIENCE),
        "the picker's page is told at once: {}",
        picked.text
    );
    let told = picked.text.len();
    play_moves(&server, &[&tokens[0], &tokens[1]], 6);
    assert!(picked.drain(Duration::from_secs(3)), "the stream ended");
    assert!(
        !picked.text[told..].contains("your cards"),
        "no drawing of the hand after the release: {}",
        &picked.text[told..]
    );
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
