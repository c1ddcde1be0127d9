//! The console's sentences made from the event's facts, in the console's language: the
//! settings' summary, the seating plans on offer and why one is unfair. (The API keeps the
//! tournament's English words for the same facts.)

use crate::app::events::EventRecord;
use crate::i18n::{Lang, Said};
use crate::tournament::{self, ByeScore, EventLength, RoundKind, SeatingPlan, Settings};

/// The evening's settings in one line: "2 at a table, 10-minute rounds, 2 rounds, 2 prizes;
/// a bye scores the round's average; a turn clock of 60 s".
pub fn summary(lang: Lang, event: &EventRecord) -> String {
    let s = &event.settings;
    let players = s.table_size.players();
    let table = lang
        .msg(if s.table_size.partners() {
            "host-summary-table-partners"
        } else {
            "host-summary-table"
        })
        .arg("players", players)
        .text();
    let round = match s.round {
        RoundKind::Timed { seconds } if seconds % 60 == 0 => lang
            .msg("host-summary-minute-rounds")
            .arg("minutes", seconds / 60)
            .text(),
        RoundKind::Timed { seconds } => lang
            .msg("host-summary-rounds-of")
            .arg(
                "clock",
                crate::web::pages::clock_text(Some(i64::from(seconds) * 1000)),
            )
            .text(),
        RoundKind::Points { points } => lang
            .msg("host-summary-rounds-to-points")
            .arg("points", lang.number(points))
            .text(),
        RoundKind::Games { games } => lang
            .msg("host-summary-rounds-of-games")
            .arg("games", games)
            .text(),
    };
    let length = match s.length {
        EventLength::Rounds { rounds } => lang.msg("rounds").arg("count", rounds).text(),
        EventLength::TimeLimit { seconds } => lang
            .msg("host-summary-minutes-in-all")
            .arg("minutes", seconds.div_ceil(60))
            .text(),
    };
    let turn = match s.turn_seconds {
        Some(seconds) => lang
            .msg("host-summary-turn-clock")
            .arg("seconds", seconds)
            .text(),
        None => lang.t("host-summary-no-turn-clock"),
    };
    let mut said = lang
        .msg("host-summary")
        .arg("table", table)
        .arg("round", round)
        .arg("length", length)
        .arg(
            "prizes",
            lang.msg("host-summary-prizes")
                .arg("prizes", s.prizes)
                .text(),
        )
        .arg(
            "bye",
            lang.t(match s.bye_score {
                ByeScore::RoundAverage => "host-summary-bye-average",
                ByeScore::Zero => "host-summary-bye-zero",
            }),
        )
        .arg("turn", turn)
        .text();
    // The rule set's options, in its words.
    for more in options_words(lang, s) {
        said = lang
            .msg("host-summary-more")
            .arg("summary", said)
            .arg("more", more)
            .text();
    }
    said
}

/// The rule set's options, in words (each rule set says which of its own to tell).
fn options_words(lang: Lang, settings: &Settings) -> Vec<String> {
    settings
        .options
        .describe()
        .into_iter()
        .map(|words| match words.number {
            Some((name, value)) => lang.msg(words.id).arg(name, value).text(),
            None => lang.t(words.id),
        })
        .collect()
}

/// A table of `entries` entries in this event: "2 players", "6 players (three
/// partnerships)", "3 players (the 3-player race of 30 miles)".
fn table_said(settings: &Settings, entries: usize) -> Said {
    let players = entries * usize::from(settings.table_size.players_per_entry());
    if settings.table_size.partners() {
        return Said::new("host-plan-partnerships")
            .number("players", players)
            .number("count", entries);
    }
    if entries == 3 {
        match settings.table_config(entries) {
            Ok(config) if settings.rules == crate::engine::RulesId::MilleBornes => {
                return Said::new("host-plan-trip-of-three")
                    .number("players", players)
                    .number("miles", crate::engine::mille_bornes::trip(config));
            }
            Ok(_) => {
                return Said::new("host-plan-race-of-three")
                    .number("players", players)
                    .number("miles", settings.race_miles(entries));
            }
            Err(_) => {}
        }
    }
    Said::new("host-plan-players").number("players", players)
}

/// A seating plan in words: "3 tables of 2 players and 1 table of 3 players (...)", "...;
/// 1 entry sits out each round (a bye), in turn".
pub fn plan(lang: Lang, plan: &SeatingPlan, settings: &Settings) -> String {
    let mut groups: Vec<(usize, usize)> = Vec::new();
    for &size in &plan.tables {
        match groups.last_mut() {
            Some((s, count)) if *s == size => *count += 1,
            _ => groups.push((size, 1)),
        }
    }
    let mut text = groups
        .iter()
        .map(|&(size, count)| {
            lang.msg("host-plan-tables")
                .arg("count", count)
                .arg("table", lang.say(&table_said(settings, size)))
                .text()
        })
        .reduce(|first, last| {
            lang.msg("host-plan-and")
                .arg("first", first)
                .arg("last", last)
                .text()
        })
        .unwrap_or_default();
    // Byes and bots, each said after the plan so far when there are any.
    for (id, count) in [("host-plan-byes", plan.byes), ("host-plan-bots", plan.bots)] {
        if count > 0 {
            text = lang.msg(id).arg("plan", text).arg("count", count).text();
        }
    }
    text
}

/// Why a plan is unfair, when it is, in `lang`.
pub fn plan_warning(lang: Lang, plan: &SeatingPlan, settings: &Settings) -> Option<String> {
    plan_warning_said(plan, settings).map(|said| lang.say(&said))
}

/// Why a plan is unfair, when it is, to say in any language.
pub fn plan_warning_said(plan: &SeatingPlan, settings: &Settings) -> Option<Said> {
    let uneven = tournament::unevenness(settings, &plan.tables)?;
    let how = if uneven.theirs == uneven.usual {
        let word = |n: usize| if n == 3 { "three" } else { "two" };
        Said::new("host-plan-unfair-shared")
            .number("theirs", uneven.theirs)
            .text("unit", uneven.unit)
            .text("sides", word(uneven.size))
            .text("others", word(uneven.usual_size))
    } else {
        Said::new("host-plan-unfair-shorter")
            .number("theirs", uneven.theirs)
            .number("usual", uneven.usual)
            .text("unit", uneven.unit)
    };
    let why = match uneven.round {
        RoundKind::Games { .. } => "games",
        RoundKind::Points { .. } => "points",
        RoundKind::Timed { .. } => "timed",
    };
    Some(
        Said::new("host-plan-unfair")
            .text("why", why)
            .number("table", uneven.table)
            .said("size", table_said(settings, uneven.size))
            .said("how", how),
    )
}
