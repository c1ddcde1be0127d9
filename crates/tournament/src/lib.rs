//! Progressive events: settings, entries, seating, movement, scores, corrections, standings
//! and the round clock. Pure: no I/O, no clock, no database, no global state.
//!
//! The storage and web layers hold the event's data and call these functions with it; every
//! function here takes what it needs as arguments (the current time included) and returns a
//! value or a typed error whose message tells the host what was wrong and what to do. The only
//! randomness is drawn from the event's seed through [`touring_engine::shuffle`], so the first
//! seating and every "cut for it" come out the same every time they are computed.
//!
//! A typical evening, in calls:
//!
//! 1. [`Settings::checked`] the host's form; [`Members::player`] / [`Members::partners`] and
//!    [`check_entry`] each entry.
//! 2. [`seating_options`] shows the host how the entries can be seated ([`propose`] gives the
//!    program's proposal); the app creates the bot entries the chosen plan asks for; then
//!    [`seat_first_round`] seats round 1 by a draw or in the host's order.
//! 3. [`RoundClock`] runs the round; [`may_start_round`] says whether another round may start.
//! 4. Scores come in per table ([`sum_games`], [`paper_scores`]); [`close_round`] finds the
//!    movers (cutting for ties, or taking the host's choice) and moves them.
//! 5. [`prepare_next_round`] takes withdrawals and late entries into the moved seating.
//! 6. [`check_correction`] / [`correct`] guard a change of score, and [`reclose`] recomputes
//!    a closed round's movement after one.
//! 7. [`standings`] places everyone and awards the prizes.
//!
//! docs/progressive.md states every rule and ruling with the test that checks it.

mod clock;
mod club_prizes;
mod corrections;
mod entry;
mod movement;
mod names;
mod paper;
mod plan;
mod roster;
mod scores;
mod seating;
mod seeds;
mod series;
mod settings;
mod standings;

/// An entry's id: the database's id of the entry row.
pub type EntryId = i64;

pub use clock::{
    ClockError, ClockReading, ClockState, LimitReached, MAX_EXTENSION_SECS, Pause, RoundClock,
    event_deadline, has_deadline, may_start_round,
};
pub use club_prizes::{Award, ClubPrize, PrizeChoice, evening_awards, season_awards};
pub use corrections::{
    Correction, CorrectionEffect, CorrectionError, DroppedChoice, Reclosed, RoundPhase,
    check_correction, correct, keep_bye_corrections, reclose,
};
pub use entry::{
    Entry, EntryError, MAX_GUEST_LINES, Members, MissedRounds, check_entry, guest_list,
    guest_list_quote,
};
pub use movement::{
    ByeResult, CloseError, Closing, Destination, MoverDecision, TableOutcome, close_round, cut_for,
    move_entries,
};
pub use names::{MAX_NAME_CHARS, NameError, clean_name, name_key, sort_key};
pub use paper::{
    PaperCard, PaperErrors, PaperHands, PaperProblem, paper_round_scores, paper_scores,
    problems_said,
};
pub use plan::{SeatingPlan, Unevenness, plan_for, propose, seating_options, unevenness};
pub use roster::{NextSeating, SeatChange, prepare_next_round};
pub use scores::{GameMiles, ScoreError, bye_miles, check_miles, sum_games, table_done};
pub use seating::{
    FirstSeating, Place, Seating, SeatingError, Table, draw_order, seat_first_round,
};
pub use seeds::game_seed;
pub use series::{
    Appearance, Counting, Evening, MAX_BEST, People, Person, SeriesError, SeriesStanding, Who,
    series_standings,
};
pub use settings::{
    AfterRace, ByeScore, DEFAULT_GAMES, DEFAULT_LIMIT_SECS, DEFAULT_PRIZES, DEFAULT_ROUND_SECS,
    DEFAULT_ROUNDS, DEFAULT_TURN_SECS, EventLength, GAME_POINTS, MAX_GAMES, MAX_LIMIT_SECS,
    MAX_PRIZES, MAX_ROUND_SECS, MAX_ROUNDS, MAX_TURN_SECS, MIN_GAMES, MIN_LIMIT_SECS,
    MIN_ROUND_SECS, MIN_ROUNDS, MIN_TURN_SECS, Remainder, RoundKind, Settings, SettingsError,
    SettingsErrors, TableSize,
};
pub use standings::{RoundResult, Standing, counted, ordinal, standings};

/// Formats a number of seconds for people: "90 s", "10 min", "1 h 30 min".
pub(crate) fn describe_secs(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(format!("{s} s"));
    }
    parts.join(" ")
}

/// Lists entry ids for messages: "#3, #7 and #12".
pub(crate) fn list_ids(ids: &[EntryId]) -> String {
    let words: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
    match words.split_last() {
        None => String::from("nobody"),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A refusal of the engine, said in the reader's language: the engine words it as a message id
/// and its variables ([`touring_engine::Worded`]), which are the app's messages too. (Here, the
/// lowest room that sees both the engine and the languages.)
pub fn said(words: touring_engine::RefusalWords) -> touring_i18n::Said {
    use touring_engine::WordArg;
    use touring_i18n::SaidArg;
    let args = words.args.into_iter().map(|(name, value)| {
        let value = match value {
            WordArg::Number(n) => SaidArg::Number(n),
            WordArg::Text(text) => SaidArg::Text(text),
            WordArg::Words(inner) => SaidArg::Said(Box::new(said(*inner))),
        };
        (name, value)
    });
    touring_i18n::Said {
        id: words.id,
        args: args.collect(),
    }
}
