//! The engine protocol, driven through the real `touring engine` binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_touring"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start touring engine");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn raw(&mut self, bytes: &[u8]) -> Value {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("read");
        assert!(line.ends_with('\n'), "one answer per line: {line:?}");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("answer is not JSON ({e}): {line}"))
    }

    fn send(&mut self, command: Value) -> Value {
        self.raw(format!("{command}\n").as_bytes())
    }

    fn ok(&mut self, command: Value) -> Value {
        let answer = self.send(command.clone());
        assert_eq!(answer["ok"], true, "{command} -> {answer}");
        answer
    }

    fn refused(&mut self, bytes: &[u8]) -> String {
        let answer = self.raw(bytes);
        assert_eq!(answer["ok"], false, "{answer}");
        let error = answer["error"]
            .as_str()
            .expect("an error sentence")
            .to_owned();
        assert!(error.len() > 10, "a clear sentence: {error}");
        error
    }

    fn state(&mut self) -> Value {
        self.ok(json!({"cmd":"state"}))["state"].clone()
    }

    fn finish(mut self) -> std::process::ExitStatus {
        drop(self.stdin);
        self.child.wait().expect("wait")
    }
}

#[test]
fn new_gives_the_full_state_with_seat_zero_to_move() {
    let mut e = Engine::start();
    let answer = e.ok(
        json!({"cmd":"new","rules":"touring-1926","players":2,"seed":42,"deck":["go","mile5"]}),
    );
    let state = &answer["state"];
    assert_eq!(state["rules"], "touring-1926");
    assert_eq!(state["to_move"], 0);
    assert_eq!(state["turn"], 0);
    assert_eq!(state["speed"], "city");
    assert_eq!(state["draw_pile"], 89);
    assert_eq!(state["deadwood"], 0);
    assert_eq!(state["winner"], Value::Null);
    assert_eq!(state["seats"][0]["hand_size"], 6);
    assert_eq!(state["seats"][1]["hand_size"], 5);
    let hand0 = state["seats"][0]["hand"].as_array().expect("hand");
    assert!(
        hand0.contains(&json!("go")),
        "the stacked Go was dealt to seat 0"
    );
    let hand1 = state["seats"][1]["hand"].as_array().expect("hand");
    assert!(
        hand1.contains(&json!("mile5")),
        "the stacked 5 was dealt to seat 1"
    );
    let side = &state["sides"][0];
    assert_eq!(side["status"], "not_started");
    assert_eq!(side["needs"], json!(["go"]));
    assert_eq!(
        side["quota"],
        json!({"mile1":8,"mile3":4,"mile5":2,"mile10":2})
    );
    assert!(e.finish().success());
}

#[test]
fn legal_and_act_play_a_turn_and_draw_for_the_next_seat() {
    let mut e = Engine::start();
    e.ok(json!({"cmd":"new","players":2,"seed":1,"deck":["go","mile1","mile5","mile1","mile3","mile1","mile1","mile1","mile1","mile1","mile10"]}));
    let legal = e.ok(json!({"cmd":"legal"}));
    assert_eq!(legal["seat"], 0);
    let actions = legal["actions"].as_array().expect("actions");
    assert!(actions.contains(&json!({"play":"go"})));
    assert!(actions.contains(&json!({"discard":"mile5"})));
    let answer = e.ok(json!({"cmd":"act","action":{"play":"go"}}));
    let events = answer["events"].as_array().expect("events");
    assert_eq!(
        events[0],
        json!({"event":"played","seat":0,"side":0,"card":"go"})
    );
    assert_eq!(events[1]["event"], "drew");
    assert_eq!(events[1]["seat"], 1);
    let state = &answer["state"];
    assert_eq!(state["turn"], 1);
    assert_eq!(state["to_move"], 1);
    assert_eq!(state["seats"][1]["hand_size"], 6);
    assert_eq!(state["sides"][0]["status"], "running");
    assert_eq!(state["sides"][0]["go_top"], "go");
}

#[test]
fn a_seat_view_shows_only_that_seats_hand() {
    let mut e = Engine::start();
    e.ok(json!({"cmd":"new","players":4,"seed":5}));
    let view = e.ok(json!({"cmd":"state","seat":1}))["state"].clone();
    assert_eq!(view["viewer"], 1);
    for seat in 0..4 {
        let hand = &view["seats"][seat]["hand"];
        assert_eq!(hand.is_array(), seat == 1, "seat {seat}: {hand}");
        assert!(view["seats"][seat]["hand_size"].as_u64().unwrap_or(0) >= 5);
    }
    assert_eq!(view["partners"], true);
    assert_eq!(view["sides"][0]["seats"], json!([0, 2]));
}

#[test]
fn delays_are_listed_per_target_and_take() {
    // Seat 1 starts, seat 0 delays it: the listing names the target and the take.
    let mut e = Engine::start();
    e.ok(json!({"cmd":"new","players":2,"seed":3,"deck":[
        "puncture","go","mile1","mile1","mile1","mile1","mile1","mile1","mile1","mile1","mile3","mile3"]}));
    e.ok(json!({"cmd":"act","action":{"discard":"mile3"}}));
    e.ok(json!({"cmd":"act","action":{"play":"go"}}));
    let legal = e.ok(json!({"cmd":"legal"}));
    assert!(
        legal["actions"]
            .as_array()
            .expect("actions")
            .contains(&json!({"play":"puncture","target":1,"take":[]})),
        "{legal}"
    );
    let answer = e.ok(json!({"cmd":"act","action":{"play":"puncture","target":1,"take":[]}}));
    assert_eq!(
        answer["events"][0],
        json!({"event":"delayed","by":0,"side":1,"card":"puncture","taken":[]})
    );
    assert_eq!(answer["state"]["sides"][1]["status"], "delayed");
    assert_eq!(answer["state"]["sides"][1]["go_top"], "puncture");
}

#[test]
fn bad_input_is_answered_with_a_sentence_and_changes_nothing() {
    let mut e = Engine::start();
    let error = e.refused(b"{\"cmd\":\"state\"}\n");
    assert!(error.contains("no game"), "{error}");
    e.ok(json!({"cmd":"new","players":2,"seed":9}));
    let before = e.state();
    let cases: Vec<(&[u8], &str)> = vec![
        (b"hello\n", "not JSON"),
        (b"\n", "empty line"),
        (b"[1,2]\n", "JSON object"),
        (b"{}\n", "needs \"cmd\""),
        (b"{\"cmd\":7}\n", "as a string"),
        (b"{\"cmd\":\"fly\"}\n", "unknown command"),
        (b"{\"cmd\":\"state\",\"seat\":9}\n", "no seat 9"),
        (b"{\"cmd\":\"state\",\"seat\":\"one\"}\n", "seat number"),
        (b"{\"cmd\":\"state\",\"colour\":1}\n", "unknown field"),
        (b"{\"cmd\":\"act\"}\n", "needs \"action\""),
        (b"{\"cmd\":\"act\",\"action\":\"go\"}\n", "JSON object"),
        (b"{\"cmd\":\"act\",\"action\":{\"play\":\"mile7\"}}\n", "unknown card"),
        (b"{\"cmd\":\"act\",\"action\":{\"play\":\"go\"},\"seat\":1}\n", "not seat 1's turn"),
        (b"{\"cmd\":\"new\",\"players\":7,\"seed\":1}\n", "2 to 6 players"),
        (b"{\"cmd\":\"new\",\"players\":\"two\",\"seed\":1}\n", "whole number"),
        (b"{\"cmd\":\"new\",\"players\":2.5,\"seed\":1}\n", "whole number"),
        (b"{\"cmd\":\"new\",\"players\":2,\"seed\":-1}\n", "seed"),
        (b"{\"cmd\":\"new\",\"players\":2,\"seed\":1e40}\n", "seed"),
        (b"{\"cmd\":\"new\",\"players\":2}\n", "needs \"seed\""),
        (b"{\"cmd\":\"new\",\"players\":3,\"partners\":true,\"seed\":1}\n", "partners"),
        (b"{\"cmd\":\"new\",\"players\":2,\"partners\":\"yes\",\"seed\":1}\n", "true or false"),
        (b"{\"cmd\":\"new\",\"rules\":\"chess\",\"players\":2,\"seed\":1}\n", "unknown rules"),
        (b"{\"cmd\":\"new\",\"players\":2,\"seed\":1,\"deck\":[\"puncture\",\"puncture\",\"puncture\"]}\n", "only 2"),
        (b"{\"cmd\":\"new\",\"players\":2,\"seed\":1,\"deck\":\"go\"}\n", "list of cards"),
        (b"\xff\xfe\n", "UTF-8"),
    ];
    for (line, needle) in cases {
        let error = e.refused(line);
        assert!(
            error.contains(needle),
            "{:?}: expected {needle:?} in {error:?}",
            String::from_utf8_lossy(line)
        );
    }
    // A card not in hand, and an illegal play, in this game.
    let hand: Vec<String> = before["seats"][0]["hand"]
        .as_array()
        .expect("hand")
        .iter()
        .filter_map(|c| c.as_str().map(str::to_owned))
        .collect();
    let missing = [
        "go", "country", "mile1", "mile3", "mile5", "mile10", "puncture", "gasoline",
    ]
    .into_iter()
    .find(|c| !hand.iter().any(|h| h == c))
    .expect("a card not in hand");
    let error =
        e.refused(format!("{}\n", json!({"cmd":"act","action":{"discard":missing}})).as_bytes());
    assert!(error.contains("do not hold"), "{error}");
    // A huge line is refused unread.
    let mut huge = vec![b'x'; 200_000];
    huge.push(b'\n');
    let error = e.refused(&huge);
    assert!(error.contains("longer than"), "{error}");
    assert_eq!(e.state(), before, "nothing changed");
    // And the session still works.
    e.ok(json!({"cmd":"legal"}));
    let status = e.finish();
    assert!(status.success());
}

#[test]
fn quit_ends_the_process_with_status_zero() {
    let mut e = Engine::start();
    let answer = e.send(json!({"cmd":"quit"}));
    assert_eq!(answer["ok"], true);
    let status = e.child.wait().expect("wait");
    assert!(status.success());
}

#[test]
fn end_of_input_ends_the_process_with_status_zero() {
    let e = Engine::start();
    assert!(e.finish().success());
}

#[test]
fn a_whole_game_can_be_played_through_the_protocol() {
    let mut e = Engine::start();
    e.ok(json!({"cmd":"new","players":3,"seed":77}));
    let mut turns = 0;
    loop {
        let legal = e.ok(json!({"cmd":"legal"}));
        let actions = legal["actions"].as_array().expect("actions").clone();
        if actions.is_empty() {
            break;
        }
        // Prefer mile plays, then other plays, so the race ends.
        let choice = actions
            .iter()
            .find(|a| {
                a["play"]
                    .as_str()
                    .is_some_and(|c| c.starts_with("mile") && c != "mile10")
            })
            .or_else(|| {
                actions
                    .iter()
                    .find(|a| a.get("play").is_some() && a["play"] != "city_limits")
            })
            .unwrap_or(&actions[0])
            .clone();
        e.ok(json!({"cmd":"act","action":choice}));
        turns += 1;
        assert!(turns < 3000, "the game should end");
    }
    let state = e.state();
    assert!(state["winner"].is_u64(), "{state}");
    assert_eq!(state["turn"], turns);
}
