//! `touring selfplay` through the real binary: one JSON object with the promised fields.

use std::process::Command;

use serde_json::Value;

fn selfplay(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_touring"))
        .arg("selfplay")
        .args(args)
        .output()
        .expect("run touring selfplay");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn selfplay_prints_one_summary_with_every_field() {
    let s = selfplay(&[
        "--rules",
        "touring-1926",
        "--players",
        "2",
        "--games",
        "200",
        "--seed",
        "1",
    ]);
    for field in [
        "games",
        "decisions",
        "reshuffles",
        "wins",
        "mean_miles",
        "mean_turns",
        "seconds",
        "decisions_per_second",
        "unfinished",
    ] {
        assert!(s.get(field).is_some(), "missing {field}: {s}");
    }
    assert_eq!(s["games"], 200);
    let wins: u64 = s["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .filter_map(Value::as_u64)
        .sum();
    let unfinished = s["unfinished"].as_u64().expect("unfinished");
    assert_eq!(wins + unfinished, 200, "every game is won or unfinished");
    assert!(s["decisions"].as_u64().expect("decisions") > 200 * 50);
    assert_eq!(s["mean_miles"].as_array().expect("miles").len(), 2);
}

#[test]
fn selfplay_is_reproducible_and_counts_long_games_as_unfinished() {
    let a = selfplay(&[
        "--players",
        "3",
        "--games",
        "50",
        "--seed",
        "9",
        "--max-turns",
        "100",
    ]);
    let b = selfplay(&[
        "--players",
        "3",
        "--games",
        "50",
        "--seed",
        "9",
        "--max-turns",
        "100",
    ]);
    assert_eq!(a["decisions"], b["decisions"]);
    assert_eq!(a["wins"], b["wins"]);
    assert!(a["unfinished"].as_u64().expect("unfinished") > 25, "{a}");
    assert!(a["mean_turns"].as_f64().expect("turns") <= 100.0);
}

#[test]
fn selfplay_partners_have_one_entry_per_side() {
    let s = selfplay(&["--players", "6", "--games", "20"]);
    assert_eq!(s["partners"], true);
    assert_eq!(s["wins"].as_array().expect("wins").len(), 3);
}

#[test]
fn selfplay_refuses_bad_arguments_with_a_message() {
    for args in [
        vec!["--players", "9"],
        vec!["--rules", "chess"],
        vec!["--players", "3", "--partners", "true"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_touring"))
            .arg("selfplay")
            .args(&args)
            .output()
            .expect("run");
        assert!(!output.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.len() > 20, "{args:?}: {err}");
    }
}
