//! Bad input everywhere in the JSON API of a real server: wrong types, huge bodies, unknown ids,
//! wrong tokens, very long names, negative and huge numbers, unknown fields, wrong content types
//! and wrong methods. Each gets a 4xx JSON answer whose message says what was wrong, never a
//! 500, and a following GET shows that nothing was stored.

use crate::common;

use common::api::{Host, seat, send_move};
use common::server::Server;
use reqwest::Method;
use serde_json::{Value, json};

/// A request and what its answer must be.
struct Case {
    method: Method,
    path: String,
    token: Option<String>,
    body: Body,
    status: u16,
    /// Words the error message must contain (lowercase).
    says: &'static str,
}

enum Body {
    None,
    Json(Value),
    Raw(&'static str, String),
}

fn case(
    method: Method,
    path: impl Into<String>,
    body: Body,
    status: u16,
    says: &'static str,
) -> Case {
    Case {
        method,
        path: path.into(),
        token: None,
        body,
        status,
        says,
    }
}

impl Case {
    fn host(mut self, token: &str) -> Case {
        self.token = Some(token.to_owned());
        self
    }
}

/// Sends a case and checks the answer: the status, a JSON refusal, a message with the words.
fn check(server: &Server, case: &Case) {
    let mut request = server
        .client()
        .request(case.method.clone(), server.url(&case.path));
    if let Some(token) = &case.token {
        request = request.bearer_auth(token);
    }
    request = match &case.body {
        Body::None => request,
        Body::Json(value) => request.json(value),
        Body::Raw(content_type, text) => request
            .header("Content-Type", *content_type)
            .body(text.clone()),
    };
    let response = request.send().expect("request");
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let text = response.text().expect("body");
    let what = format!("{} {}", case.method, truncate(&case.path));
    assert_eq!(status, case.status, "{what}: {text}");
    assert!(
        content_type.starts_with("application/json"),
        "{what}: answered {content_type}: {text}"
    );
    let answer: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(answer["ok"], false, "{what}: {answer}");
    assert!(answer["code"].is_string(), "{what}: {answer}");
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(
        error.to_lowercase().contains(case.says),
        "{what}: the message should say \"{}\": {error}",
        case.says
    );
    assert!(
        error.chars().count() < 400,
        "{what}: the message repeats the input instead of describing it: {} characters",
        error.chars().count()
    );
}

fn truncate(text: &str) -> String {
    text.chars().take(80).collect()
}

/// An event with four players, round 1 seated and started, and a paper event with round 1
/// closed (so that corrections can be tried).
struct Setup {
    host: Host,
    players: Vec<String>,
    closed: Host,
}

fn setup(server: &Server) -> Setup {
    let host = Host::create(
        server,
        json!({"name": "Bad input", "seed": 2, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(server, &["Ann", "Bob", "Cy", "Di"]);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));

    let closed = Host::create(
        server,
        json!({"name": "Closed", "seed": 3, "length": {"kind": "rounds", "rounds": 2}}),
    );
    closed.add_players(server, &["Eve", "Fay"]);
    closed.ok(server, "/rounds", json!({"all_paper": true}));
    closed.ok(server, "/rounds/1/start", json!({}));
    closed.ok(server, "/rounds/1/stop", json!({}));
    for side in 0..2 {
        closed.ok(
            server,
            "/rounds/1/tables/1/scores",
            json!({"side": side, "counts": {"mile1": 2, "mile3": 1, "mile5": 0, "mile10": side}}),
        );
    }
    closed.ok(server, "/rounds/1/close", json!({}));
    Setup {
        host,
        players,
        closed,
    }
}

/// What the checks compare before and after: everything a GET shows of both events.
fn snapshot(server: &Server, setup: &Setup) -> Vec<Value> {
    let mut all = vec![
        setup.host.get(server, ""),
        setup.host.get(server, "/entries"),
        setup.host.get(server, "/export.json"),
        setup.closed.get(server, "/export.json"),
        setup.closed.get(server, "/corrections"),
        setup.closed.get(server, "/rounds/2"),
    ];
    for token in &setup.players {
        let mut state = seat(server, token);
        // The clocks run (the round's and the turn's); everything else must be the same.
        state["round"]["left_ms"] = Value::Null;
        if state["deal"]["turn"].is_object() {
            state["deal"]["turn"]["left_ms"] = Value::Null;
        }
        all.push(state);
    }
    for value in &mut all {
        if value["round"]["clock"].is_object() {
            value["round"]["clock"] = Value::Null;
        }
    }
    all
}

#[test]
fn bad_input_everywhere_gets_a_clear_4xx_and_stores_nothing() {
    let server = Server::start();
    let setup = setup(&server);
    let e = setup.host.event;
    let c = setup.closed.event;
    let token = setup.host.token.as_str();
    let seat_token = setup.players[0].as_str();
    let before = snapshot(&server, &setup);
    let long = "n".repeat(10_000);
    let ev = |rest: &str| format!("/api/v1/events/{e}{rest}");

    let cases = vec![
        // Unknown ids.
        case(
            Method::GET,
            "/api/v1/events/999999",
            Body::None,
            404,
            "no event 999999",
        ),
        case(
            Method::GET,
            "/api/v1/events/999999/entries",
            Body::None,
            404,
            "no event",
        ),
        case(
            Method::GET,
            "/api/v1/events/999999/standings",
            Body::None,
            404,
            "no event",
        ),
        case(Method::GET, ev("/rounds/99"), Body::None, 404, "round"),
        case(Method::GET, ev("/rounds/0"), Body::None, 404, "round"),
        case(Method::GET, ev("/rounds/-3"), Body::None, 404, "round"),
        case(
            Method::PATCH,
            ev("/entries/999999"),
            Body::Json(json!({"names": ["X"]})),
            404,
            "no entry 999999",
        )
        .host(token),
        case(
            Method::DELETE,
            ev("/entries/999999"),
            Body::None,
            404,
            "no entry 999999",
        )
        .host(token),
        case(
            Method::POST,
            ev("/players/999999/link"),
            Body::None,
            404,
            "no player 999999",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/99/start"),
            Body::None,
            404,
            "round",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/99/extend"),
            Body::Json(json!({"seconds": 60})),
            404,
            "round",
        )
        .host(token),
        case(
            Method::GET,
            ev("/rounds/99/closing"),
            Body::None,
            404,
            "round",
        )
        .host(token),
        case(
            Method::PUT,
            ev("/rounds/1/tables/99/mover"),
            Body::Json(json!({"entry": null})),
            404,
            "no table 99",
        )
        .host(token),
        case(
            Method::PUT,
            ev("/rounds/1/tables/1/mover"),
            Body::Json(json!({"entry": 999999})),
            422,
            "does not sit at table 1",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/tables/99/scores"),
            Body::Json(
                json!({"side": 0, "counts": {"mile1": 0, "mile3": 0, "mile5": 0, "mile10": 0}}),
            ),
            404,
            "no table 99",
        )
        .host(token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/rounds/2/tables/1/scores/7/confirm"),
            Body::None,
            404,
            "no side 7",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/corrections"),
            Body::Json(json!({"round": 99, "entry": 1, "miles": 5})),
            404,
            "round",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/corrections"),
            Body::Json(json!({"round": 1, "entry": 999999, "miles": 5})),
            422,
            "did not play",
        )
        .host(&setup.closed.token),
        // Another event's entry and player are not this event's.
        case(
            Method::DELETE,
            format!("/api/v1/events/{c}/entries/1"),
            Body::None,
            404,
            "no entry 1",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/players/1/link"),
            Body::None,
            404,
            "no player 1",
        )
        .host(&setup.closed.token),
        case(
            Method::GET,
            "/api/v1/nothing/here",
            Body::None,
            404,
            "nothing at",
        ),
        // Addresses whose numbers are not numbers, or too big for them.
        case(
            Method::GET,
            "/api/v1/events/abc",
            Body::None,
            404,
            "whole numbers",
        ),
        case(
            Method::GET,
            "/api/v1/events/1.5",
            Body::None,
            404,
            "whole numbers",
        ),
        case(
            Method::GET,
            "/api/v1/events/99999999999999999999",
            Body::None,
            404,
            "whole numbers",
        ),
        case(
            Method::GET,
            format!("/api/v1/events/{}", "9".repeat(5000)),
            Body::None,
            404,
            "whole numbers",
        ),
        case(
            Method::GET,
            ev("/rounds/3000000000"),
            Body::None,
            404,
            "whole numbers",
        ),
        case(
            Method::POST,
            ev("/rounds/1/tables/99999999999/scores/0/confirm"),
            Body::None,
            404,
            "whole numbers",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/tables/1/scores/-1/confirm"),
            Body::None,
            404,
            "whole numbers",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/tables/1/scores/99999999999999999999999/confirm"),
            Body::None,
            404,
            "whole numbers",
        )
        .host(token),
        // Wrong tokens.
        case(
            Method::POST,
            ev("/rounds/1/stop"),
            Body::None,
            403,
            "host link",
        ),
        case(
            Method::POST,
            ev("/rounds/1/stop"),
            Body::None,
            403,
            "host link",
        )
        .host("0123456789abcdef0123456789abcdef"),
        case(
            Method::POST,
            ev("/rounds/1/stop"),
            Body::None,
            403,
            "host link",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            ev("/rounds/1/stop"),
            Body::None,
            403,
            "host link",
        )
        .host(seat_token),
        case(
            Method::POST,
            ev("/rounds/1/stop"),
            Body::None,
            403,
            "host link",
        )
        .host(&long),
        case(
            Method::GET,
            ev("/export.json"),
            Body::None,
            403,
            "host link",
        )
        .host("not a token"),
        case(
            Method::GET,
            format!("/api/v1/seats/{token}"),
            Body::None,
            403,
            "seat link",
        ),
        case(
            Method::GET,
            format!("/api/v1/seats/{long}"),
            Body::None,
            403,
            "seat link",
        ),
        case(
            Method::GET,
            "/api/v1/seats/0123456789abcdef0123456789abcdeg",
            Body::None,
            403,
            "seat link",
        ),
        case(
            Method::POST,
            format!("/api/v1/seats/{token}/moves"),
            Body::Json(json!({"seen": 0, "action": {"discard": "go"}})),
            403,
            "seat link",
        ),
        // Wrong types and shapes.
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": 5})),
            422,
            "invalid type",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "table_size": "two"})),
            422,
            "invalid type",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "round": {"kind": "timed"}})),
            422,
            "missing field",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "round": {"kind": "forever"}})),
            422,
            "unknown variant",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "after_race": "party"})),
            422,
            "unknown variant",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({})),
            422,
            "missing field `name`",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!(null)),
            422,
            "not an object",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!("Friday")),
            422,
            "not an object",
        ),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": "Ann"})),
            422,
            "invalid type",
        )
        .host(token),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": []})),
            422,
            "give the entry a name",
        )
        .host(token),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": ["A", "B", "C"]})),
            422,
            "one or two names",
        )
        .host(token),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": ["Ann"], "bot": "genius"})),
            422,
            "no bot level",
        )
        .host(token),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": ["Ann"], "bot": long})),
            422,
            "no bot level",
        )
        .host(token),
        case(
            Method::PUT,
            ev("/rounds/1/tables/1/mode"),
            Body::Json(json!({"paper": "yes"})),
            422,
            "invalid type",
        )
        .host(token),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": "0", "action": {"discard": "go"}})),
            422,
            "invalid type",
        ),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": 0})),
            422,
            "missing field `action`",
        ),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": 0, "action": "go"})),
            422,
            "action",
        ),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": 0, "action": {"fly": "go"}})),
            422,
            "fly",
        ),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": 0, "action": {"discard": long}})),
            422,
            "card",
        ),
        // Unknown fields.
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "colour": "red"})),
            422,
            "unknown field `colour`",
        ),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": ["Ann"], "age": 7})),
            422,
            "unknown field `age`",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/extend"),
            Body::Json(json!({"seconds": 60, "minutes": 1})),
            422,
            "unknown field",
        )
        .host(token),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": 0, "action": {"discard": "go"}, "again": true})),
            422,
            "unknown field",
        ),
        // Names of 10,000 characters.
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": long})),
            422,
            "at most 200",
        ),
        case(
            Method::PATCH,
            ev(""),
            Body::Json(json!({"name": long})),
            422,
            "at most 200",
        )
        .host(token),
        case(
            Method::PATCH,
            ev(""),
            Body::Json(json!({"name": "Bad input", "language": "klingon"})),
            422,
            "there is no language \"klingon\" here: the event's language is one of \"en\"",
        )
        .host(token),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": [long]})),
            403,
            "host link",
        ),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": [long]})),
            422,
            "at most",
        )
        .host(token),
        case(
            Method::POST,
            ev("/entries"),
            Body::Json(json!({"names": ["\u{7}bell"]})),
            422,
            "",
        )
        .host(token),
        case(
            Method::PATCH,
            ev("/entries/1"),
            Body::Json(json!({"names": [long]})),
            422,
            "at most",
        )
        .host(token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/corrections"),
            Body::Json(json!({"round": 1, "entry": 5, "miles": 5, "reason": long})),
            422,
            "200 characters",
        )
        .host(&setup.closed.token),
        // Negative and huge numbers.
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "table_size": -2})),
            422,
            "invalid value",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "table_size": 1u64 << 40})),
            422,
            "invalid value",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "prizes": -1})),
            422,
            "invalid value",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "prizes": 4_000_000_000u64})),
            422,
            "prize",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "seed": -1})),
            422,
            "invalid value",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "seed": 1e30})),
            422,
            "invalid type",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "round": {"kind": "timed", "seconds": u64::MAX}})),
            422,
            "invalid value",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "round": {"kind": "games", "games": 0}})),
            422,
            "",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(json!({"name": "x", "length": {"kind": "rounds", "rounds": 0}})),
            422,
            "",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Json(
                json!({"name": "x", "length": {"kind": "time_limit", "seconds": 4_000_000_000u64}}),
            ),
            422,
            "",
        ),
        case(
            Method::POST,
            ev("/rounds/1/extend"),
            Body::Json(json!({"seconds": 0})),
            422,
            "extension",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/extend"),
            Body::Json(json!({"seconds": 4_000_000_000u64})),
            422,
            "extension",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/extend"),
            Body::Json(json!({"seconds": -60})),
            422,
            "invalid value",
        )
        .host(token),
        case(
            Method::POST,
            ev("/rounds/1/extend"),
            Body::Json(json!({"seconds": 1.5})),
            422,
            "invalid type",
        )
        .host(token),
        case(
            Method::PUT,
            ev("/rounds/1/tables/1/mover"),
            Body::Json(json!({"entry": 1e300})),
            422,
            "invalid type",
        )
        .host(token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/rounds/1/tables/1/scores"),
            Body::Json(
                json!({"side": 0, "counts": {"mile1": -3, "mile3": 0, "mile5": 0, "mile10": 0}}),
            ),
            422,
            "invalid value",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/rounds/2/tables/1/scores"),
            Body::Json(
                json!({"side": -1, "counts": {"mile1": 0, "mile3": 0, "mile5": 0, "mile10": 0}}),
            ),
            422,
            "invalid value",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/corrections"),
            Body::Json(json!({"round": 1, "entry": 5, "miles": -5})),
            422,
            "invalid value",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/events/{c}/corrections"),
            Body::Json(json!({"round": 1u64 << 40, "entry": 5, "miles": 5})),
            422,
            "invalid value",
        )
        .host(&setup.closed.token),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": -1, "action": {"discard": "go"}})),
            422,
            "invalid value",
        ),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Json(json!({"seen": 1u64 << 40, "action": {"discard": "go"}})),
            422,
            "invalid value",
        ),
        // Broken JSON, wrong content types, huge bodies.
        case(
            Method::POST,
            "/api/v1/events",
            Body::Raw("application/json", "{\"name\": ".into()),
            400,
            "not valid json",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Raw("application/json", "{name: 'x'}".into()),
            400,
            "not valid json",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Raw("application/json", String::new()),
            400,
            "not valid json",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Raw("text/plain", "{\"name\": \"x\"}".into()),
            415,
            "content-type: application/json",
        ),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Raw("application/x-www-form-urlencoded", "name=x".into()),
            415,
            "content-type: application/json",
        ),
        case(
            Method::POST,
            ev("/entries"),
            Body::Raw("text/csv", "Ann".into()),
            415,
            "json",
        )
        .host(token),
        case(
            Method::POST,
            "/api/v1/events",
            Body::Raw(
                "application/json",
                format!("{{\"name\": \"{}\"}}", "y".repeat(200_000)),
            ),
            413,
            "larger than",
        ),
        case(
            Method::POST,
            ev("/entries"),
            Body::Raw(
                "application/json",
                format!("{{\"names\": [{}\"Ann\"]}}", "\"x\",".repeat(30_000)),
            ),
            413,
            "larger than",
        )
        .host(token),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}/moves"),
            Body::Raw(
                "application/json",
                format!("[{}]", "0,".repeat(40_000) + "0"),
            ),
            413,
            "larger than",
        ),
        // Wrong methods.
        case(Method::GET, "/api/v1/events", Body::None, 405, "use post"),
        case(Method::DELETE, ev(""), Body::None, 405, "use get or patch"),
        case(
            Method::PUT,
            ev("/rounds/1/start"),
            Body::None,
            405,
            "use post",
        ),
        case(Method::GET, ev("/finish"), Body::None, 405, "use post"),
        case(
            Method::POST,
            format!("/api/v1/seats/{seat_token}"),
            Body::None,
            405,
            "use get",
        ),
    ];
    for case in &cases {
        check(&server, case);
    }
    assert_eq!(snapshot(&server, &setup), before, "nothing was stored");
    let (status, _) = server.get(&format!("/api/v1/events/{}", c + 1), None);
    assert_eq!(status, 404, "no event was created by a refused request");

    // Seating round 1 of a fresh event with bad orders and tables stores no round.
    let fresh = Host::create(&server, json!({"name": "Fresh", "seed": 4}));
    fresh.add_players(&server, &["Ann", "Bob", "Cy", "Di"]);
    let fresh_entries = fresh.get(&server, "/entries");
    for (body, status, says) in [
        (json!({"remainder": "sometimes"}), 422, "unknown variant"),
        (json!({"order": "1,2,3"}), 422, "invalid type"),
        (json!({"order": [1, 2, 2, 999999]}), 422, ""),
        (json!({"order": [-1]}), 422, ""),
        (json!({"paper_tables": [-1]}), 422, "invalid value"),
        (json!({"paper_tables": [99]}), 422, "no table 99"),
        (json!({"all_paper": 1}), 422, "invalid type"),
        (json!({"remainder": "bots", "order": [1]}), 422, ""),
    ] {
        let mut case = case(
            Method::POST,
            fresh.path("/rounds"),
            Body::Json(body),
            status,
            says,
        );
        case.token = Some(fresh.token.clone());
        check(&server, &case);
    }
    let (status, _) = server.get(&fresh.path("/rounds/1"), None);
    assert_eq!(status, 404, "no round was seated");
    assert_eq!(
        fresh.get(&server, "/entries"),
        fresh_entries,
        "no bots were added by a refused seating"
    );
}

#[test]
fn a_405_names_the_methods_the_address_accepts() {
    let server = Server::start();
    let response = server
        .client()
        .delete(server.url("/api/v1/events/1"))
        .send()
        .expect("request");
    assert_eq!(response.status().as_u16(), 405);
    let allow = response
        .headers()
        .get("allow")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert_eq!(allow, "GET, PATCH");
    let answer: Value = response.json().expect("JSON");
    assert_eq!(answer["code"], "method_not_allowed");
}

/// One POST of a raw body to the API, with an `Accept-Language` or none, and a token or none.
fn post_raw(
    server: &Server,
    path: &str,
    (lang, token): (Option<&str>, Option<&str>),
    body: &str,
) -> (u16, Value) {
    send_raw(server, (Method::POST, path), (lang, token), body)
}

#[test]
fn an_api_refusal_says_its_error_in_the_clients_language_and_keeps_its_code() {
    let server = Server::start();
    // Settings the tournament refuses, then a body that is not JSON at all.
    for (body, english, french) in [
        (
            r#"{"name": "Club", "table_size": 5}"#,
            "a table seats 2 or 3 players each for himself, or 4 or 6 playing partners, not 5",
            "une table accueille 2 ou 3 joueurs chacun pour soi",
        ),
        (
            "{",
            "the request body is not valid JSON",
            "le corps de la requête n'est pas du JSON valide",
        ),
    ] {
        let (status, plain) = post_raw(&server, "/api/v1/events", (None, None), body);
        let (french_status, in_french) =
            post_raw(&server, "/api/v1/events", (Some("fr"), None), body);
        assert_eq!(status, french_status, "{body}");
        assert!(status == 400 || status == 422, "{status}: {plain}");
        assert_eq!(plain["code"], in_french["code"], "{body}");
        let said = plain["error"].as_str().unwrap_or_default();
        assert!(said.starts_with(english), "{said}");
        let said = in_french["error"].as_str().unwrap_or_default();
        assert!(said.starts_with(french), "{said}");
    }
    // A name too long for an entry, refused by the API in French.
    let host = Host::create(&server, json!({"name": "Club", "seed": 1}));
    let long = "A".repeat(201);
    let (status, answer) = post_raw(
        &server,
        &host.path("/entries"),
        (Some("fr"), Some(&host.token)),
        &json!({ "names": [long] }).to_string(),
    );
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["code"], "invalid");
    let said = answer["error"].as_str().unwrap_or_default();
    assert!(said.contains("le nom du joueur"), "{said}");
    assert!(said.contains("201 caractères"), "{said}");
}

/// Sends a raw JSON body with a method, a token or none, and a language or none.
fn send_raw(
    server: &Server,
    (method, path): (Method, &str),
    (lang, token): (Option<&str>, Option<&str>),
    body: &str,
) -> (u16, Value) {
    let mut request = server
        .client()
        .request(method, server.url(path))
        .header("content-type", "application/json")
        .body(body.to_owned());
    if let Some(lang) = lang {
        request = request.header("accept-language", lang);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().expect("request");
    (response.status().as_u16(), response.json().expect("JSON"))
}

#[test]
fn a_series_change_that_is_not_one_object_or_names_a_key_twice_is_refused_and_changes_nothing() {
    let server = Server::start();
    let (status, made) = server.post("/api/v1/series", None, &json!({"name": "Club"}));
    assert_eq!(status, 201, "{made}");
    let id = made["series"]["id"].as_i64().expect("id");
    let token = made["host_token"].as_str().expect("token");
    let path = format!("/api/v1/series/{id}");
    let standings = format!("/api/v1/series/{id}/standings");
    let (_, before) = server.get(&standings, None);
    for (body, says) in [
        ("[]", "the json body is a list, not an object"),
        ("[\"Renamed\"]", "a list, not an object"),
        ("\"Renamed\"", "a string, not an object"),
        ("null", "null, not an object"),
        (
            r#"{"name":"Renamed","name":"Club"}"#,
            "the key \"name\" stands twice",
        ),
        (
            r#"{"count":"best","count_best":1,"prizes":{"evening":[],"evening":["booby"]}}"#,
            "the key \"evening\" stands twice",
        ),
    ] {
        let (status, answer) = send_raw(&server, (Method::PATCH, &path), (None, Some(token)), body);
        assert_eq!(status, 422, "{body}: {answer}");
        assert_eq!(answer["code"], "invalid", "{body}: {answer}");
        let error = answer["error"].as_str().unwrap_or_default().to_lowercase();
        assert!(error.contains(says), "{body}: {error}");
        assert!(error.contains("nothing was stored"), "{body}: {error}");
    }
    assert_eq!(server.get(&standings, None).1, before, "nothing changed");
    // In French too.
    let (status, answer) = send_raw(
        &server,
        (Method::PATCH, &path),
        (Some("fr"), Some(token)),
        r#"{"name":"A","name":"B"}"#,
    );
    assert_eq!(status, 422, "{answer}");
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("la clé « name » figure deux fois"),
        "{error}"
    );
}

/// Every operation of the API that reads a JSON body, from the OpenAPI document, with each
/// number of its address 1 (a body is read before the operation looks anything up).
fn operations_with_a_body(server: &Server) -> Vec<(Method, String)> {
    let (status, doc) = server.get("/api/openapi.json", None);
    assert_eq!(status, 200);
    let mut out = Vec::new();
    for (template, item) in doc["paths"].as_object().expect("paths") {
        let path: String = template
            .split('/')
            .map(|part| if part.starts_with('{') { "1" } else { part })
            .collect::<Vec<_>>()
            .join("/");
        for (name, method) in [
            ("post", Method::POST),
            ("put", Method::PUT),
            ("patch", Method::PATCH),
        ] {
            if item[name]["requestBody"].is_object() {
                out.push((method, path.clone()));
            }
        }
    }
    out
}

#[test]
fn every_json_body_that_is_not_one_object_or_names_a_key_twice_is_refused() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Club", "seed": 1}));
    let operations = operations_with_a_body(&server);
    assert!(operations.len() > 15, "{operations:?}");
    for (method, path) in operations {
        for (body, says) in [
            ("[]", "a list, not an object"),
            ("7", "a number, not an object"),
            (r#"{"a":{"b":1,"b":2}}"#, "the key \"b\" stands twice"),
        ] {
            let (status, answer) = send_raw(
                &server,
                (method.clone(), &path),
                (None, Some(&host.token)),
                body,
            );
            assert_eq!(status, 422, "{method} {path} {body}: {answer}");
            let error = answer["error"].as_str().unwrap_or_default();
            assert!(error.contains(says), "{method} {path} {body}: {error}");
        }
    }
    // The repeated key is refused, not read as its last value: no event, no entry.
    let (status, _) = send_raw(
        &server,
        (Method::POST, &host.path("/entries")),
        (None, Some(&host.token)),
        r#"{"names":["Ann"],"names":["Bob"]}"#,
    );
    assert_eq!(status, 422);
    assert_eq!(host.get(&server, "/entries")["entries"], json!([]));
    let (status, _) = send_raw(
        &server,
        (Method::POST, "/api/v1/events"),
        (None, None),
        r#"{"name":"Twice","round":{"kind":"timed","seconds":600,"seconds":60}}"#,
    );
    assert_eq!(status, 422);
    let (status, _) = server.get(&format!("/api/v1/events/{}", host.event + 1), None);
    assert_eq!(status, 404, "no event was made");
}

#[test]
fn the_bearer_scheme_is_read_in_any_case() {
    let server = Server::start();
    let host = Host::create(&server, json!({"name": "Any case", "seed": 1}));
    for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
        let response = server
            .client()
            .get(server.url(&host.path("/export.json")))
            .header("Authorization", format!("{scheme} {}", host.token))
            .send()
            .expect("request");
        assert_eq!(response.status().as_u16(), 200, "{scheme}");
    }
    // Another scheme, or the token alone, is no host's credential.
    for value in [format!("Basic {}", host.token), host.token.clone()] {
        let response = server
            .client()
            .get(server.url(&host.path("/export.json")))
            .header("Authorization", value.clone())
            .send()
            .expect("request");
        assert_eq!(response.status().as_u16(), 403, "{value}");
    }
}

#[test]
fn a_seen_count_ahead_of_the_table_is_called_ahead_not_zero_actions_played() {
    let server = Server::start();
    let host = Host::create(
        &server,
        json!({"name": "Ahead", "seed": 4, "round": {"kind": "timed", "seconds": 3600}}),
    );
    let players = host.add_players(&server, &["Ann", "Bob"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    let (token, state) = players
        .iter()
        .map(|token| (token, seat(&server, token)))
        .find(|(_, state)| {
            state["deal"]["legal"]
                .as_array()
                .is_some_and(|legal| !legal.is_empty())
        })
        .expect("a seat to move");
    let actions = state["deal"]["actions"].as_u64().expect("the actions seen");
    let ahead = actions + 5;
    let (status, answer) = send_move(&server, token, &json!(ahead), &state["deal"]["legal"][0]);
    assert_eq!(status, 409, "{answer}");
    let said = answer["error"].as_str().unwrap_or_default();
    assert!(
        said.contains(&format!("you say you saw {ahead} action(s)"))
            && said.contains("ahead of the table"),
        "{said}"
    );
    assert!(!said.contains("were played since"), "{said}");
    // The answer carries the table as it stands, and nothing was played.
    assert_eq!(answer["state"]["deal"]["actions"], actions, "{answer}");
    assert_eq!(seat(&server, token)["deal"]["actions"], actions);
}
