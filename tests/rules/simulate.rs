//! `touring simulate` through the real binary: a whole event in the documented JSON shape.

use std::process::Command;

use serde_json::Value;

fn simulate(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_touring"))
        .arg("simulate")
        .args(args)
        .output()
        .expect("run touring simulate");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn simulate_prints_the_event_its_rounds_and_the_standings() {
    let s = simulate(&[
        "--entries",
        "16",
        "--table-size",
        "2",
        "--rounds",
        "4",
        "--round-turns",
        "60",
        "--seed",
        "3",
    ]);
    assert_eq!(s["event"]["table_size"], 2);
    let rounds = s["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 4);
    for (i, round) in rounds.iter().enumerate() {
        assert_eq!(round["round"], i + 1);
        let tables = round["tables"].as_array().expect("tables");
        assert_eq!(tables.len(), 8);
        for (t, table) in tables.iter().enumerate() {
            assert_eq!(table["table"], t + 1, "tables count from 1");
            let entries = table["entries"].as_array().expect("entries");
            assert_eq!(entries.len(), 2);
            let best = entries.iter().filter_map(|e| e["miles"].as_u64()).max();
            let mover = entries
                .iter()
                .find(|e| e["entry"] == table["progresses"])
                .expect("mover sat there");
            assert_eq!(
                mover["miles"].as_u64(),
                best,
                "the mover had the most miles"
            );
            assert!(table["tie_drawn"].is_boolean());
            assert!(entries[0]["names"].is_array());
        }
        assert_eq!(round["byes"], serde_json::json!([]));
    }
    let standings = s["standings"].as_array().expect("standings");
    assert_eq!(standings.len(), 16);
    assert_eq!(standings[0]["place"], 1);
    assert_eq!(standings[0]["prize"], 1);
    assert!(standings[15]["prize"].is_null(), "only three prizes");
    let total: u64 = standings
        .iter()
        .map(|s| s["rounds_won"].as_u64().unwrap_or(0))
        .sum();
    let strict_wins = rounds
        .iter()
        .flat_map(|r| r["tables"].as_array().cloned().unwrap_or_default())
        .filter(|t| t["tie_drawn"] == false)
        .count() as u64;
    assert_eq!(
        total, strict_wins,
        "one round won per table per round, except where a tie was cut for"
    );
}

#[test]
fn simulate_with_byes_lists_who_sat_out_and_partnerships_count_as_entries() {
    let s = simulate(&[
        "--entries",
        "7",
        "--rounds",
        "3",
        "--round-turns",
        "20",
        "--remainder",
        "byes",
    ]);
    for round in s["rounds"].as_array().expect("rounds") {
        assert_eq!(round["byes"].as_array().map(Vec::len), Some(1), "{round}");
        assert_eq!(round["tables"].as_array().map(Vec::len), Some(3));
    }
    let s = simulate(&[
        "--entries",
        "4",
        "--table-size",
        "4",
        "--rounds",
        "2",
        "--round-turns",
        "30",
    ]);
    let table = &s["rounds"][0]["tables"][0];
    assert_eq!(table["entries"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        table["entries"][0]["names"].as_array().map(Vec::len),
        Some(2),
        "partners"
    );
    assert_eq!(s["standings"].as_array().map(Vec::len), Some(4));
}

#[test]
fn simulate_is_reproducible_from_its_seed() {
    let args = [
        "--entries",
        "8",
        "--rounds",
        "2",
        "--round-turns",
        "40",
        "--seed",
        "11",
    ];
    let (a, b) = (simulate(&args), simulate(&args));
    assert_eq!(a["standings"], b["standings"]);
    assert_eq!(a["rounds"][1]["tables"], b["rounds"][1]["tables"]);
}

#[test]
fn simulate_plays_mille_bornes_in_points_through_the_waits_after_hazards() {
    let s = simulate(&[
        "--rules",
        "mille-bornes",
        "--entries",
        "4",
        "--rounds",
        "2",
        "--round-turns",
        "200",
        "--seed",
        "5",
    ]);
    let rounds = s["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 2);
    let points: u64 = rounds
        .iter()
        .flat_map(|r| r["tables"].as_array().cloned().unwrap_or_default())
        .flat_map(|t| t["entries"].as_array().cloned().unwrap_or_default())
        .filter_map(|e| e["miles"].as_u64())
        .sum();
    assert!(points > 0, "hands were played and scored: {s}");
}
