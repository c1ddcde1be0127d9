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

// ---------------------------------------------------------------- Touring (1937-1958)

#[test]
fn touring_1958_new_gives_its_own_state_fields() {
    let mut e = Engine::start();
    let answer = e.ok(
        json!({"cmd":"new","rules":"touring-1958","players":2,"seed":42,
        "deck":["go","mile25"]}),
    );
    let state = &answer["state"];
    assert_eq!(state["rules"], "touring-1958");
    assert_eq!(state["draw_pile"], 99 - 11);
    assert_eq!(state["discard"], 0);
    assert_eq!(state["discard_top"], Value::Null);
    assert_eq!(state["trip"], 590);
    assert_eq!(state["winner"], Value::Null);
    assert!(
        state["seats"][0]["hand"]
            .as_array()
            .expect("hand")
            .contains(&json!("go"))
    );
    let side = &state["sides"][0];
    assert_eq!(side["status"], "not_started");
    assert_eq!(side["needs"], json!(["go"]));
    assert_eq!(side["go_top"], Value::Null);
    assert_eq!(side["go_pile"], 0);
    assert_eq!(side["freeway_top"], Value::Null);
    assert_eq!(side["freeway_pile"], 0);
    assert_eq!(
        side["piles"],
        json!({"mile25":0,"mile35":0,"mile50":0,"mile75":0})
    );
    assert_eq!(
        side["quota"],
        json!({"mile25":8,"mile35":4,"mile50":2,"mile75":2})
    );
    assert_eq!(side["miles"], 0);
    let short = e.ok(json!({"cmd":"new","rules":"touring-1958","players":6,"seed":1}));
    assert_eq!(short["state"]["trip"], 295);
    assert_eq!(short["state"]["partners"], true);
    let solo =
        e.ok(json!({"cmd":"new","rules":"touring-1958","players":6,"partners":false,"seed":1}));
    assert_eq!(solo["state"]["draw_pile"], 198 - 31, "two packs");
    assert!(e.finish().success());
}

#[test]
fn touring_1958_delays_speeding_and_the_face_up_discard_go_through_the_protocol() {
    let mut e = Engine::start();
    // Seat 0: Stop to Refuel, Go, 50 and two 25s; seat 1: Go and four 25s.
    e.ok(
        json!({"cmd":"new","rules":"touring-1958","players":2,"seed":3,"deck":[
        "stop_to_refuel","go","go","mile25","mile50","mile25","mile25","mile25","mile25","mile25",
        "mile35","mile35","mile35","mile35"]}),
    );
    let answer = e.ok(json!({"cmd":"act","action":{"play":"go"}}));
    assert_eq!(
        answer["events"][0],
        json!({"event":"played","seat":0,"side":0,"card":"go"})
    );
    e.ok(json!({"cmd":"act","action":{"play":"go"}}));
    let legal = e.ok(json!({"cmd":"legal"}));
    let actions = legal["actions"].as_array().expect("actions");
    assert!(
        actions.contains(&json!({"play":"stop_to_refuel","target":1})),
        "{legal}"
    );
    assert!(
        actions.contains(&json!({"play":"mile50"})),
        "speeding is a legal play"
    );
    let answer = e.ok(json!({"cmd":"act","action":{"play":"mile50"}}));
    assert_eq!(
        answer["events"][0],
        json!({"event":"speeding","seat":0,"side":0,"card":"mile50"})
    );
    assert_eq!(answer["state"]["discard_top"], "mile50");
    e.ok(json!({"cmd":"act","action":{"discard":"mile25"}}));
    let answer = e.ok(json!({"cmd":"act","action":{"play":"stop_to_refuel","target":1}}));
    assert_eq!(
        answer["events"][0],
        json!({"event":"delayed","by":0,"side":1,"card":"stop_to_refuel","taken":null})
    );
    let side = &answer["state"]["sides"][1];
    assert_eq!(side["status"], "delayed");
    assert_eq!(side["needs"], json!(["gasoline", "go"]));
    assert_eq!(side["go_top"], "stop_to_refuel");
    let refused = e.refused(b"{\"cmd\":\"act\",\"action\":{\"play\":\"mile25\"}}\n");
    assert!(refused.contains("play Gasoline first"), "{refused}");
    let refused = e.refused(b"{\"cmd\":\"act\",\"action\":{\"play\":\"mile5\"}}\n");
    assert!(
        refused.contains("mile25"),
        "the 1958 cards are listed: {refused}"
    );
    assert!(e.finish().success());
}

#[test]
fn touring_1958_refuses_five_players_with_a_sentence() {
    let mut e = Engine::start();
    let error =
        e.refused(b"{\"cmd\":\"new\",\"rules\":\"touring-1958\",\"players\":5,\"seed\":1}\n");
    assert!(error.contains("2, 3, 4 or 6 players"), "{error}");
    assert!(e.finish().success());
}

#[test]
fn a_whole_touring_1958_game_can_be_played_through_the_protocol() {
    let mut e = Engine::start();
    e.ok(json!({"cmd":"new","rules":"touring-1958","players":3,"seed":77}));
    let mut turns = 0;
    loop {
        let legal = e.ok(json!({"cmd":"legal"}));
        let actions = legal["actions"].as_array().expect("actions").clone();
        if actions.is_empty() {
            break;
        }
        // Go, Freeway and mileage first (never speeding), then anything played, so the trip ends.
        let state = e.state();
        let side = state["to_move"].as_u64().unwrap_or(0) as usize % 3;
        let freeway = state["sides"][side]["freeway_top"] == "freeway";
        let rank = |a: &Value| match a["play"].as_str() {
            Some("go" | "gasoline" | "wrecker") => 0,
            Some("mile50" | "mile75") if freeway => 1,
            Some("mile25" | "mile35") => 1,
            Some("freeway") => 2,
            Some("mile50" | "mile75") => 9,
            Some(_) => 3,
            None => 4,
        };
        let choice = actions
            .iter()
            .min_by_key(|a| rank(a))
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

#[test]
fn mille_bornes_new_gives_its_own_state_fields() {
    let mut e = Engine::start();
    let answer = e.ok(json!({"cmd":"new","rules":"mille-bornes","players":2,"seed":42}));
    let state = &answer["state"];
    assert_eq!(state["rules"], "mille-bornes");
    assert_eq!(state["target"], 700);
    assert_eq!(state["draw_pile"], 101 - 13);
    assert_eq!(state["discard"], 0);
    assert_eq!(state["pending"], Value::Null);
    assert_eq!(state["extension"], Value::Null);
    assert_eq!(state["over"], false);
    assert_eq!(state["completed_by"], Value::Null);
    assert_eq!(state["hazard_on_hazard"], false);
    assert_eq!(state["seats"][0]["hand"].as_array().map(Vec::len), Some(7));
    let side = &state["sides"][0];
    for field in [
        "battle_top",
        "battle_pile",
        "speed_top",
        "speed_pile",
        "safeties",
        "coups_fourres",
        "distance",
        "two_hundreds",
        "distance_cards",
        "can_move",
        "limited",
    ] {
        assert!(side.get(field).is_some(), "sides[0].{field} in {side}");
    }
    let four = e.ok(json!({"cmd":"new","rules":"mille-bornes","players":4,"seed":1}));
    assert_eq!(four["state"]["target"], 1000);
    let option = e.ok(
        json!({"cmd":"new","rules":"mille-bornes","players":3,"seed":1,
        "hazard_on_hazard":true}),
    );
    assert_eq!(option["state"]["hazard_on_hazard"], true);
    let error = e.refused(
        b"{\"cmd\":\"new\",\"rules\":\"touring-1926\",\"players\":2,\"seed\":1,\"hazard_on_hazard\":true}\n",
    );
    assert!(error.contains("no option"), "{error}");
    let error = e.refused(
        b"{\"cmd\":\"new\",\"rules\":\"mille-bornes\",\"players\":4,\"partners\":false,\"seed\":1}\n",
    );
    assert!(error.contains("each for himself"), "{error}");
    assert!(e.finish().success());
}

#[test]
fn a_rule_sets_options_are_given_as_options_in_new() {
    let mut e = Engine::start();
    let answer = e.ok(
        json!({"cmd":"new","rules":"mille-bornes","players":2,"seed":1,
        "options":{"hazard_on_hazard":true}}),
    );
    assert_eq!(answer["state"]["hazard_on_hazard"], true);
    let answer =
        e.ok(json!({"cmd":"new","rules":"touring-1926","players":2,"seed":1,"options":{}}));
    assert_eq!(answer["state"]["rules"], "touring-1926");
    // As before "options": another game's option at its default changes nothing.
    e.ok(json!({"cmd":"new","rules":"touring-1926","players":2,"seed":1,"hazard_on_hazard":false}));
    let error = e.refused(
        b"{\"cmd\":\"new\",\"rules\":\"touring-1958\",\"players\":2,\"seed\":1,\"options\":{\"hazard_on_hazard\":true}}\n",
    );
    assert!(
        error.contains("Mille Bornes") && error.contains("no options"),
        "{error}"
    );
    let error = e.refused(
        b"{\"cmd\":\"new\",\"rules\":\"mille-bornes\",\"players\":2,\"seed\":1,\"options\":{\"colour\":1}}\n",
    );
    assert!(error.contains("unknown option \"colour\""), "{error}");
    let error = e.refused(
        b"{\"cmd\":\"new\",\"rules\":\"mille-bornes\",\"players\":2,\"seed\":1,\"options\":{\"hazard_on_hazard\":1}}\n",
    );
    assert!(error.contains("true or false"), "{error}");
    let error = e.refused(
        b"{\"cmd\":\"new\",\"rules\":\"mille-bornes\",\"players\":2,\"seed\":1,\"options\":true}\n",
    );
    assert!(error.contains("\"options\" is an object"), "{error}");
    assert!(e.finish().success());
}

#[test]
fn mille_bornes_coup_fourre_goes_through_the_protocol() {
    let mut e = Engine::start();
    e.ok(
        json!({"cmd":"new","rules":"mille-bornes","players":2,"seed":3,"deck":[
        "roll","accident","driving_ace","d50","d100","d50","d25","d50","d25","d50","d25","d50"]}),
    );
    e.ok(json!({"cmd":"act","action":{"play":"roll"}}));
    let answer = e.ok(json!({"cmd":"act","action":{"play":"accident","target":0}}));
    assert_eq!(
        answer["state"]["pending"],
        json!({"kind":"coup_fourre","seat":0})
    );
    assert_eq!(answer["state"]["to_move"], 0);
    let seat1 = e.ok(json!({"cmd":"state","seat":1}))["state"].clone();
    assert_eq!(
        seat1["pending"],
        Value::Null,
        "seat 1 is not told who holds it"
    );
    let legal = e.ok(json!({"cmd":"legal"}));
    assert_eq!(
        legal["actions"],
        json!([{"coup_fourre":true},{"pass":true}])
    );
    let answer = e.ok(json!({"cmd":"act","action":{"coup_fourre":true}}));
    assert_eq!(
        answer["events"][0],
        json!({"event":"coup_fourre","seat":0,"side":0,"card":"driving_ace"})
    );
    let side = &answer["state"]["sides"][0];
    assert_eq!(side["coups_fourres"], json!(["driving_ace"]));
    assert_eq!(side["battle_top"], "roll");
    assert!(e.finish().success());
}

#[test]
fn a_whole_mille_bornes_hand_can_be_played_through_the_protocol() {
    let mut e = Engine::start();
    e.ok(json!({"cmd":"new","rules":"mille-bornes","players":4,"seed":77}));
    let mut turns = 0;
    loop {
        let legal = e.ok(json!({"cmd":"legal"}));
        let actions = legal["actions"].as_array().expect("actions").clone();
        if actions.is_empty() {
            break;
        }
        // The first listed action: a play when there is one, a call, an extension.
        e.ok(json!({"cmd":"act","action":actions[0]}));
        turns += 1;
        assert!(turns < 500, "the hand should end");
    }
    let state = e.state();
    assert_eq!(state["over"], true, "{state}");
    let score = state["score"].as_array().expect("a score per side");
    assert_eq!(score.len(), 2);
    for row in score {
        assert!(row["total"].is_u64(), "{row}");
    }
    assert_eq!(state["turn"], turns);
}

#[test]
fn a_line_of_exactly_the_limit_plus_its_newline_is_accepted() {
    let mut e = Engine::start();
    // A command padded with spaces inside the object to exactly 65,536 bytes; the newline
    // comes on top and does not count against the limit.
    let command = br#"{"cmd":"new","players":2,"seed":9}"#;
    let mut line = command[..command.len() - 1].to_vec();
    line.resize(64 * 1024 - 1, b' ');
    line.push(b'}');
    assert_eq!(line.len(), 65_536);
    line.push(b'\n');
    let answer = e.raw(&line);
    assert_eq!(answer["ok"], true, "{answer}");
    // One byte more is too long.
    let mut longer = command[..command.len() - 1].to_vec();
    longer.resize(64 * 1024, b' ');
    longer.extend_from_slice(b"}\n");
    let error = e.refused(&longer);
    assert!(error.contains("longer than"), "{error}");
    assert!(e.finish().success());
}

#[test]
fn a_repeated_key_is_refused_instead_of_taking_the_last() {
    let mut e = Engine::start();
    let error = e.refused(b"{\"cmd\":\"new\",\"cmd\":\"quit\"}\n");
    assert!(error.contains("\"cmd\" stands twice"), "{error}");
    // The session did not quit: it still answers.
    e.ok(json!({"cmd":"new","players":2,"seed":9}));
    let before = e.state();
    // A repeated key inside a nested object is refused too, and changes nothing.
    let error =
        e.refused(b"{\"cmd\":\"act\",\"action\":{\"discard\":\"go\",\"discard\":\"mile1\"}}\n");
    assert!(error.contains("\"discard\" stands twice"), "{error}");
    assert_eq!(e.state(), before, "nothing changed");
    assert!(e.finish().success());
}
