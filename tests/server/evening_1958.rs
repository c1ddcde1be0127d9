//! An evening of Touring (1937-1958) through the JSON API of a real server: phones at one
//! table, real cards at another and a bot filling a seat; the rounds close on miles, the paper
//! table's card counts 25-, 35-, 50- and 75-mile cards, and the standings follow.

use crate::common;

use common::api::{Dice, Host, close_round_one_and_read_table, seat, send_move, table_of};
use common::server::Server;
use serde_json::json;

/// Plays up to `moves` random legal moves at the digital tables.
fn play_some(server: &Server, tokens: &[String], dice: &mut Dice, moves: usize) -> usize {
    let mut played = 0;
    for _ in 0..moves * 4 {
        for token in tokens {
            if played == moves {
                return played;
            }
            let state = seat(server, token);
            if state["deal"]["your_turn"] != true {
                continue;
            }
            let Some(action) = dice.pick(&state) else {
                continue;
            };
            let (status, answer) = send_move(server, token, &state["deal"]["actions"], &action);
            assert_eq!(status, 200, "{action}: {answer}");
            played += 1;
        }
    }
    played
}

#[test]
fn an_evening_of_touring_1958_plays_on_phones_paper_and_with_a_bot() {
    let server = Server::start_with(&["--bot-delay-ms", "20"]);
    let host = Host::create(
        &server,
        json!({"name": "Trip Night", "rules": "touring-1958", "table_size": 2,
               "round": {"kind": "timed", "seconds": 600},
               "length": {"kind": "rounds", "rounds": 2}, "prizes": 1, "seed": 58}),
    );
    let event = host.get(&server, "");
    assert_eq!(
        event["event"]["settings"]["rules"], "touring-1958",
        "{event}"
    );
    let tokens = host.add_players(&server, &["Ann", "Bob", "Cy", "Di", "Ed"]);
    let seated = host.ok(
        &server,
        "/rounds",
        json!({"remainder": "bots", "paper_tables": [1]}),
    );
    assert_eq!(seated["round"], 1, "{seated}");
    host.ok(&server, "/rounds/1/start", json!({}));

    // The phones see the 1958 game: the trip, the Freeway piles and the face-up discard pile.
    let digital: Vec<String> = tokens
        .iter()
        .filter(|t| !seat(&server, t)["deal"].is_null())
        .cloned()
        .collect();
    assert!(!digital.is_empty());
    let view = &seat(&server, &digital[0])["deal"]["view"];
    assert_eq!(view["rules"], "touring-1958", "{view}");
    assert_eq!(view["trip"], 590);
    assert!(view["sides"][0].get("freeway_top").is_some(), "{view}");
    assert_eq!(view["sides"][0]["quota"]["mile25"], 8);
    let mut dice = Dice::new(58);
    assert!(play_some(&server, &digital, &mut dice, 30) >= 20);

    // The bot plays its seat at the third table: its opponent's deal moves on past one action.
    let with_bot = digital
        .iter()
        .find(|t| {
            seat(&server, t)["tablemates"]
                .as_array()
                .is_some_and(|mates| mates.iter().any(|m| m["bot"] == true))
        })
        .expect("a player at the bot's table")
        .clone();
    let mut moved = false;
    for _ in 0..100 {
        play_some(&server, std::slice::from_ref(&with_bot), &mut dice, 1);
        if seat(&server, &with_bot)["deal"]["actions"].as_u64() >= Some(4) {
            moved = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(moved, "the bot never played its seat");

    // The paper table counts its mileage piles; a card beyond a quota is refused.
    let round = host.get(&server, "/rounds/1");
    let paper = table_of(&round, 1);
    assert_eq!(paper["mode"], "paper", "{paper}");
    let (status, answer) = host.post(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"mile75": 3}}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap_or("").contains("75-mile"),
        "{answer}"
    );
    let (status, answer) = host.post(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"mile1": 3}}),
    );
    assert_eq!(status, 422, "a 1926 row on a 1958 card: {answer}");
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 0, "counts": {"mile25": 3, "mile35": 1, "mile75": 1}}),
    );
    host.ok(
        &server,
        "/rounds/1/tables/1/scores",
        json!({"side": 1, "counts": {"mile25": 2}}),
    );

    let miles = close_round_one_and_read_table(&server, &host, 1);
    assert_eq!(miles, vec![3 * 25 + 35 + 75, 50]);

    let standings = host.get(&server, "/standings");
    let rows = standings["standings"]["rows"]
        .as_array()
        .or_else(|| standings["standings"].as_array())
        .cloned()
        .unwrap_or_default();
    assert!(rows.len() >= 5, "{standings}");
}
