//! An evening of Mille Bornes through the JSON API of a real server: phones at one table, real
//! cards at another and a bot filling a seat. The phones wait the same few seconds after every
//! hazard whoever holds a safety, the paper table's score sheet is checked row against row,
//! and the rounds close on points.

use crate::common;

use common::api::{Dice, Host, close_round_one_and_read_table, seat, send_move, table_of};
use common::server::Server;
use serde_json::{Value, json};

/// A legal action of a seat that is not a hazard (a hazard names a target side).
fn calm_action(state: &Value, dice: &mut Dice) -> Option<Value> {
    let legal: Vec<&Value> = state["deal"]["legal"]
        .as_array()?
        .iter()
        .filter(|a| a.get("target").is_none())
        .collect();
    (!legal.is_empty()).then(|| legal[dice.below(legal.len())].clone())
}

fn hazard_action(state: &Value) -> Option<Value> {
    state["deal"]["legal"]
        .as_array()?
        .iter()
        .find(|a| a.get("target").is_some())
        .cloned()
}

/// Waits until the table's wait is over (the server passes for whoever might call).
fn sit_out_the_wait(server: &Server, token: &str) -> Value {
    let left = seat(server, token)["deal"]["wait"]["left_ms"]
        .as_u64()
        .unwrap_or(0);
    std::thread::sleep(std::time::Duration::from_millis(left + 100));
    for _ in 0..60 {
        let state = seat(server, token);
        if state["deal"]["wait"].is_null() {
            return state;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("the wait after the hazard never ended");
}

#[test]
fn an_evening_of_mille_bornes_plays_on_phones_paper_and_with_a_bot() {
    let server = Server::start_with(&["--bot-delay-ms", "20"]);
    let host = Host::create(
        &server,
        json!({"name": "Mille Night", "rules": "mille-bornes", "table_size": 2,
               "round": {"kind": "timed", "seconds": 600},
               "length": {"kind": "rounds", "rounds": 2}, "prizes": 1, "seed": 1000}),
    );
    let tokens = host.add_players(&server, &["Ann", "Bob", "Cy", "Di", "Ed"]);
    host.ok(
        &server,
        "/rounds",
        json!({"remainder": "bots", "paper_tables": [1]}),
    );
    host.ok(&server, "/rounds/1/start", json!({}));

    // Two people face each other on their phones at one table: a hand of Mille Bornes.
    let pair: Vec<String> = tokens
        .iter()
        .filter(|t| {
            let state = seat(&server, t);
            !state["deal"].is_null()
                && state["tablemates"]
                    .as_array()
                    .is_some_and(|mates| mates.iter().all(|m| m["bot"] != true))
        })
        .cloned()
        .collect();
    assert_eq!(pair.len(), 2, "one table of two people");
    let view = &seat(&server, &pair[0])["deal"]["view"];
    assert_eq!(view["rules"], "mille-bornes", "{view}");
    assert_eq!(view["target"], 700);
    assert!(view["sides"][0].get("points").is_some(), "{view}");

    // Calm moves until someone can play a hazard; then the hazard.
    let mut dice = Dice::new(1000);
    let mut hazard = None;
    'play: for _ in 0..200 {
        for token in &pair {
            let state = seat(&server, token);
            if state["deal"]["your_turn"] != true {
                continue;
            }
            if let Some(action) = hazard_action(&state) {
                hazard = Some((token.clone(), state["deal"]["actions"].clone(), action));
                break 'play;
            }
            let action = calm_action(&state, &mut dice).expect("a calm move");
            let (status, answer) = send_move(&server, token, &state["deal"]["actions"], &action);
            assert_eq!(status, 200, "{action}: {answer}");
        }
    }
    let (by, seen, action) = hazard.expect("a hazard comes up in a few turns");
    let (status, answer) = send_move(&server, &by, &seen, &action);
    assert_eq!(status, 200, "{action}: {answer}");

    // The table waits: both phones see the same wait; only a holder of the safety decides.
    let other = pair.iter().find(|t| **t != by).expect("the other seat");
    let mine = seat(&server, &by);
    let theirs = seat(&server, other);
    for state in [&mine, &theirs] {
        assert_eq!(state["deal"]["wait"]["after_hazard"], true, "{state}");
        assert!(state["deal"]["wait"]["left_ms"].as_u64() <= Some(5000));
    }
    assert_eq!(mine["deal"]["wait"]["deciding"], false);
    // The banner names the decision: the holder's asks, every other seat's says the table waits
    // in the same words whoever holds the safety; nobody reads "Choose a card".
    for state in [&mine, &theirs] {
        let expected = if state["deal"]["wait"]["deciding"] == true {
            "Coup Fourré?"
        } else {
            "The table waits for a possible Coup Fourré:"
        };
        assert_eq!(state["message"], expected, "{state}");
    }
    assert_eq!(mine["deal"]["your_turn"], false);
    assert_eq!(mine["deal"]["legal"], json!([]));
    let actions = mine["deal"]["actions"].clone();
    let (status, answer) = send_move(&server, &by, &actions, &json!({"discard": "d25"}));
    assert_eq!(status, 422, "{answer}");
    let said = answer["error"].as_str().unwrap_or("").to_owned();
    assert!(
        said.contains("waits a few seconds after every hazard"),
        "{said}"
    );
    if theirs["deal"]["wait"]["deciding"] == true {
        // The holder lets it go: noted, and nothing moves before the wait is over.
        let (status, _) = send_move(&server, other, &actions, &json!({"pass": true}));
        assert_eq!(status, 200);
        assert_eq!(seat(&server, other)["deal"]["actions"], actions);
    } else {
        let (status, answer) = send_move(&server, other, &actions, &json!({"discard": "d25"}));
        assert_eq!(status, 422, "{answer}");
        assert_eq!(
            answer["error"].as_str().map(|s| s.contains("waits")),
            Some(true)
        );
    }
    let after = sit_out_the_wait(&server, other);
    assert_eq!(
        after["deal"]["actions"].as_u64(),
        actions.as_u64().map(|n| n + 1),
        "the table's pass ends the wait"
    );
    assert_eq!(
        after["deal"]["your_turn"], true,
        "the hazard's target plays next"
    );

    // The paper table enters the rows of the printed score sheet; they are checked together.
    let round = host.get(&server, "/rounds/1");
    assert_eq!(table_of(&round, 1)["mode"], "paper");
    let (status, answer) = host.post(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"miles": 300, "safe_trip": 1}}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or("")
            .contains("bonus for completing the trip"),
        "{answer}"
    );
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"miles": 700, "safeties": 1, "trip": 1, "safe_trip": 1}}),
    );
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 1, "counts": {"miles": 300}}),
    );

    // The phones' hand is cut short by the signal: its points so far count (miles, safeties,
    // coups fourrés; no trip bonus).
    let state = seat(&server, &pair[0]);
    let pair_table = state["table"].as_u64().expect("the pair's table");
    let cut_short: u64 = state["deal"]["view"]["sides"]
        .as_array()
        .expect("sides")
        .iter()
        .map(|side| side["points"].as_u64().expect("points"))
        .sum();
    let points = close_round_one_and_read_table(&server, &host, 1);
    let round = host.get(&server, "/rounds/1");
    let phones: u64 = table_of(&round, pair_table)["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["miles"].as_u64().expect("points"))
        .sum();
    assert_eq!(phones, cut_short, "the hand cut short scores as it stood");
    assert_eq!(points, vec![700 + 100 + 400 + 300, 300]);
}

#[test]
fn coup_fourre_seconds_out_of_range_is_refused_with_words() {
    use touring::engine::RulesId;
    use touring::engine::mille_bornes::options::Options;
    use touring::tournament::Settings;
    let window = |seconds: u32| Options {
        coup_fourre_seconds: seconds,
        ..Options::default()
    };
    let mille_bornes = |seconds: u32| {
        let mut settings = Settings::new("Mille Night", 1);
        settings.rules = RulesId::MilleBornes;
        settings.options = window(seconds).into();
        settings.checked()
    };
    for seconds in [0, 4, 16, 60] {
        let problems = mille_bornes(seconds).expect_err("refused").to_string();
        assert!(
            problems.contains("from 5 to 15 seconds") && problems.contains(&seconds.to_string()),
            "{seconds}: {problems}"
        );
    }
    for seconds in [5, 10, 15] {
        let settings = mille_bornes(seconds).expect("allowed");
        assert_eq!(settings.options, window(seconds).into());
    }
    // Another game has no Coup Fourré: Mille Bornes' options are refused there.
    let mut touring = Settings::new("Touring Night", 1);
    touring.options = window(10).into();
    let problems = touring.checked().expect_err("refused").to_string();
    assert!(problems.contains("those of Mille Bornes"), "{problems}");
}

#[test]
fn an_event_stored_before_options_were_the_rule_sets_own_still_loads_with_its_options() {
    use diesel::prelude::*;
    use touring::app::events;
    use touring::engine::mille_bornes::options::{self, Options};
    use touring::engine::{RuleOptions, RulesId};
    use touring::tournament::Settings;
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("old.sqlite");
    let app = common::app::app_on(&path);
    let mut settings = Settings::new("Old Mille Night", 1);
    settings.rules = RulesId::MilleBornes;
    let event = app
        .write(|conn| Ok(events::create(conn, settings.clone(), app.now_naive())?.0))
        .expect("an event");
    // Its settings as they were stored then: the options were fields of the settings.
    let mut old = serde_json::to_value(&event.settings).expect("settings as JSON");
    let fields = old.as_object_mut().expect("an object");
    fields.remove("options");
    fields.insert("hazard_on_hazard".into(), json!(true));
    fields.insert("coup_fourre_seconds".into(), json!(9));
    let mut raw =
        diesel::sqlite::SqliteConnection::establish(&path.to_string_lossy()).expect("the database");
    diesel::sql_query("UPDATE events SET settings = ? WHERE id = ?")
        .bind::<diesel::sql_types::Text, _>(old.to_string())
        .bind::<diesel::sql_types::BigInt, _>(event.id())
        .execute(&mut raw)
        .expect("the old settings stored");
    let loaded = app
        .read(|conn| events::load(conn, event.id()))
        .expect("the old event loads");
    let expected = Options {
        hazard_on_hazard: true,
        coup_fourre_seconds: 9,
        ..Options::default()
    };
    assert_eq!(loaded.settings.options, expected.into());
    // Its tables play them, waiting after every hazard as a party table does.
    let config = loaded.settings.table_config(2).expect("a table");
    assert_eq!(options::of(&config), expected.at_party_table());
    // And a Touring event of then, which stored the Coup Fourré's default too, loads as well.
    let mut touring = serde_json::to_value(Settings::new("Old Touring Night", 1)).expect("json");
    let fields = touring.as_object_mut().expect("an object");
    fields.remove("options");
    fields.insert("coup_fourre_seconds".into(), json!(5));
    let read: Settings = serde_json::from_value(touring).expect("old Touring settings");
    assert_eq!(
        read.options,
        touring::engine::Options::default_for(RulesId::Touring1926)
    );
}

#[test]
fn the_coup_fourre_window_is_the_hosts_choice_the_same_for_every_table_and_every_hazard() {
    let server = Server::start_with(&["--bot-delay-ms", "20"]);
    let host = Host::create(
        &server,
        json!({"name": "Slow hands", "rules": "mille-bornes", "table_size": 2,
               "round": {"kind": "timed", "seconds": 600}, "options": {"coup_fourre_seconds": 7},
               "length": {"kind": "rounds", "rounds": 1}, "seed": 25}),
    );
    assert_eq!(
        host.get(&server, "")["event"]["settings"]["options"]["coup_fourre_seconds"],
        7
    );
    let tokens = host.add_players(&server, &["Ann", "Bob", "Cy", "Di"]);
    host.ok(&server, "/rounds", json!({}));
    host.ok(&server, "/rounds/1/start", json!({}));
    // Once round 1 has started the window no longer changes: every table keeps the same (the
    // option given beside the settings, as before "options", is still read as one).
    let (status, answer) = server.send(
        reqwest::Method::PATCH,
        &host.path(""),
        Some(&host.token),
        &json!({"name": "Slow hands", "coup_fourre_seconds": 12}),
    );
    assert_eq!(status, 409, "{answer}");

    // Both tables play until each has seen two hazards; after every one, every seat of its
    // table waits the event's 7 seconds.
    let mut dice = Dice::new(25);
    let mut hazards: std::collections::BTreeMap<u64, u32> = Default::default();
    for _ in 0..2000 {
        if hazards.len() == 2 && hazards.values().all(|&n| n >= 2) {
            break;
        }
        let mut moved = false;
        for token in &tokens {
            let state = seat(&server, token);
            if state["deal"]["your_turn"] != true || !state["deal"]["wait"].is_null() {
                continue;
            }
            let table = state["table"].as_u64().expect("a table");
            let seen = &state["deal"]["actions"];
            let done = hazards.get(&table).copied().unwrap_or(0);
            if let Some(action) = hazard_action(&state).filter(|_| done < 2) {
                let (status, answer) = send_move(&server, token, seen, &action);
                assert_eq!(status, 200, "{action}: {answer}");
                *hazards.entry(table).or_default() += 1;
                for mate in &tokens {
                    let other = seat(&server, mate);
                    if other["table"].as_u64() == Some(table) {
                        let wait = &other["deal"]["wait"];
                        assert_eq!(wait["after_hazard"], true, "{other}");
                        assert_eq!(wait["seconds"], 7, "{other}");
                        assert!(wait["left_ms"].as_u64() <= Some(7000), "{other}");
                    }
                }
            } else if let Some(action) = calm_action(&state, &mut dice) {
                let (status, answer) = send_move(&server, token, seen, &action);
                assert_eq!(status, 200, "{action}: {answer}");
            }
            moved = true;
        }
        if !moved {
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }
    assert_eq!(hazards.len(), 2, "both tables played hazards: {hazards:?}");
    assert!(hazards.values().all(|&n| n >= 2), "{hazards:?}");
}

#[test]
fn coup_fourre_seconds_out_of_range_is_refused_with_words_by_the_api_and_the_start_page() {
    use common::forms::{client, field, page, refused_form};
    let server = Server::start();
    for seconds in [4, 16] {
        let (status, answer) = server.post(
            "/api/v1/events",
            None,
            &json!({"name": "Hasty", "rules": "mille-bornes", "coup_fourre_seconds": seconds}),
        );
        assert_eq!(status, 422, "{answer}");
        let words = answer.to_string();
        assert!(words.contains("5 to 15 seconds"), "{words}");
    }
    let (status, answer) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Touring", "coup_fourre_seconds": 10}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer.to_string().contains("Mille Bornes setting"),
        "{answer}"
    );
    // The start page says it beside the field.
    let browser = client();
    let start = page(&server, &browser, "/");
    assert!(start.contains("id=\"coup_fourre_seconds\""), "{start}");
    let csrf = field(&start, "csrf");
    let html = refused_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Too slow"),
            ("rules", "mille-bornes"),
            ("coup_fourre_seconds", "20"),
        ],
    );
    assert!(html.contains("id=\"coup_fourre_seconds-error\""), "{html}");
    assert!(html.contains("5 to 15 seconds, not 20"), "{html}");
    // A window in range is the event's, and the console says it.
    let to = common::forms::post_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Patient"),
            ("rules", "mille-bornes"),
            ("coup_fourre_seconds", "12"),
        ],
    );
    let console = page(&server, &browser, &to);
    assert!(
        console.contains("12 s for a Coup Fourré after every hazard"),
        "{console}"
    );
}

#[test]
fn the_start_page_shows_each_games_options_under_its_name_and_reads_only_the_chosen_games() {
    use common::forms::{client, field, page, post_form};
    let server = Server::start();
    let browser = client();
    let start = page(&server, &browser, "/");
    // Without the script every game's options show, each in a fieldset that names its game.
    assert!(start.contains("data-for-rules=\"mille-bornes\""), "{start}");
    assert!(
        start.contains("<legend>Mille Bornes options</legend>"),
        "{start}"
    );
    assert!(start.contains("id=\"hazard_on_hazard\""), "{start}");
    let csrf = field(&start, "csrf");
    // Another game is chosen: Mille Bornes' fields, even out of range, are not read.
    let to = post_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Touring, boxes ticked"),
            ("rules", "touring-1926"),
            ("hazard_on_hazard", "on"),
            ("coup_fourre_seconds", "99"),
        ],
    );
    let console = page(&server, &browser, &to);
    assert!(!console.contains("Coup Fourré"), "{console}");
    // Mille Bornes chosen: its options are the event's, and the console says them.
    let to = post_form(
        &server,
        &browser,
        "/events",
        &[
            ("csrf", csrf.as_str()),
            ("name", "Mille, 1988 rules"),
            ("rules", "mille-bornes"),
            ("hazard_on_hazard", "on"),
            ("coup_fourre_seconds", "8"),
        ],
    );
    let console = page(&server, &browser, &to);
    assert!(console.contains("a hazard may go on a hazard"), "{console}");
    assert!(
        console.contains("8 s for a Coup Fourré after every hazard"),
        "{console}"
    );
}
