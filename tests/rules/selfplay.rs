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
    assert!(s.get("bots").is_none(), "random play names no bots: {s}");
}

#[test]
fn selfplay_is_reproducible_and_counts_long_games_as_unfinished() {
    let args = [
        "--players",
        "3",
        "--games",
        "50",
        "--seed",
        "9",
        "--max-turns",
        "100",
    ];
    let (a, b) = (selfplay(&args), selfplay(&args));
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
        refused(&args);
    }
}

/// Runs selfplay with arguments it must refuse, and checks that it says why.
fn refused(args: &[&str]) {
    let output = Command::new(env!("CARGO_BIN_EXE_touring"))
        .arg("selfplay")
        .args(args)
        .output()
        .expect("run");
    assert!(!output.status.success(), "{args:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.len() > 20, "{args:?}: {err}");
}

fn bot_wins(s: &Value) -> Vec<u64> {
    s["bots"]
        .as_array()
        .expect("bots")
        .iter()
        .map(|b| b["wins"].as_u64().expect("wins"))
        .collect()
}

#[test]
fn selfplay_with_bots_reports_each_bots_wins() {
    let s = selfplay(&["--bots", "steady,random", "--games", "40", "--seed", "3"]);
    let bots = s["bots"].as_array().expect("bots");
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["name"], "steady");
    assert_eq!(bots[1]["name"], "random");
    let wins = bot_wins(&s);
    let unfinished = s["unfinished"].as_u64().expect("unfinished");
    assert_eq!(wins.iter().sum::<u64>() + unfinished, 40, "{s}");
    assert!(wins[0] > wins[1], "steady beats random: {s}");
    // The bots change seats every game, so each side is played by both.
    let sides: Vec<u64> = s["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert!(sides.iter().all(|&w| w > 0), "{s}");
}

#[test]
fn selfplay_with_a_playout_budget_is_the_same_on_any_number_of_threads() {
    let run = |threads: &str| {
        selfplay(&[
            "--bots",
            "shrewd,steady",
            "--playouts",
            "8",
            "--games",
            "6",
            "--seed",
            "2",
            "--threads",
            threads,
        ])
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one["bots"], two["bots"]);
    assert_eq!(one["decisions"], two["decisions"]);
    assert_eq!(one["playouts"], 8);
    assert_eq!(two["threads"], 2);
}

#[test]
fn selfplay_seats_bots_per_side_or_per_seat() {
    let partners = selfplay(&["--players", "4", "--bots", "steady,random", "--games", "10"]);
    assert_eq!(partners["bots"].as_array().expect("bots").len(), 2);
    let three = selfplay(&[
        "--players",
        "3",
        "--bots",
        "steady,random,random",
        "--games",
        "12",
    ]);
    let wins = bot_wins(&three);
    assert_eq!(wins.len(), 3);
    assert!(wins[0] > wins[1] + wins[2], "{three}");
    let everyone = selfplay(&["--players", "5", "--bots", "steady", "--games", "5"]);
    assert_eq!(
        bot_wins(&everyone)[0],
        everyone["finished"].as_u64().expect("finished")
    );
}

#[test]
fn selfplay_refuses_unknown_bots_and_wrong_counts() {
    for args in [
        vec!["--bots", "clever,random"],
        vec!["--bots", "steady,random,random"],
        vec![
            "--bots",
            "shrewd,steady",
            "--think-ms",
            "5",
            "--playouts",
            "3",
        ],
        vec!["--bots", "shrewd,steady", "--playouts", "0"],
    ] {
        refused(&args);
    }
}
