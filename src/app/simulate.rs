//! A whole event played by bots through the same use cases and storage as a real evening:
//! `touring simulate`, and the benchmarks built on it.

use chrono::Duration;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::Serialize;

use super::events;
use super::play::{self, DIGITAL, Move};
use super::report::{self, EventReport};
use super::rounds::{self, SeatRequest, Signal};
use super::{App, AppError, AppResult, ManualClock};
use crate::db::queries;
use crate::engine::shuffle::derive_seed;
use crate::tournament::{EventLength, Members, Remainder, RoundKind, Settings, TableSize};

/// What to simulate.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The rules every table plays.
    pub rules: crate::engine::RulesId,
    /// Entries: players, or partnerships with tables of 4 or 6.
    pub entries: u32,
    pub table_size: u8,
    pub rounds: u32,
    /// Turns each table plays in a round (across deals, when a race ends early).
    pub round_turns: u32,
    pub seed: u64,
    /// How numbers that don't fill whole tables are seated.
    pub remainder: Remainder,
}

/// Timings of a simulation's parts, in seconds.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Timings {
    pub setup: f64,
    pub playing: f64,
    pub closing: f64,
    pub total: f64,
    pub actions: u64,
}

/// Plays a whole event. The app should use a [`ManualClock`]: the rounds last a number of
/// turns, not a time, and the clock is moved forward by a round's length after each.
pub fn run(app: &App, clock: &ManualClock, options: &Options) -> AppResult<(EventReport, Timings)> {
    let start = std::time::Instant::now();
    let mut timings = Timings::default();
    let table_size =
        TableSize::from_players(options.table_size).map_err(|e| AppError::invalid(e.said()))?;
    let mut settings = Settings::new("Simulated evening", options.seed);
    settings.rules = options.rules;
    settings.table_size = table_size;
    settings.round = RoundKind::Timed { seconds: 600 };
    settings.length = EventLength::Rounds {
        rounds: options.rounds,
    };
    settings.remainder = options.remainder;
    let event_id = app.write(|conn| {
        let (event, _) = events::create(conn, settings.clone(), app.now_naive())?;
        for n in 1..=options.entries {
            let members = if table_size.partners() {
                Members::partners(&format!("Player {n}a"), &format!("Player {n}b"))
            } else {
                Members::player(&format!("Player {n}"))
            }
            .map_err(|e| AppError::Internal(e.to_string()))?;
            events::add_entry_in(conn, &event, members, None, app.now_naive())?;
        }
        rounds::seat_first(conn, &event, &SeatRequest::default(), app.now_naive())?;
        Ok(event.id())
    })?;
    timings.setup = start.elapsed().as_secs_f64();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(derive_seed(options.seed, 0xB075));
    for number in 1..=options.rounds as i32 {
        let playing = std::time::Instant::now();
        let event = app.read(|conn| events::load(conn, event_id))?;
        app.write(|conn| {
            rounds::signal_in(conn, &event, number, Signal::Start, app.now()).map(|_| ())
        })?;
        timings.actions += play_round(app, &event, number, options.round_turns, &mut rng)?;
        clock.advance(Duration::seconds(60));
        app.write(|conn| {
            rounds::signal_in(conn, &event, number, Signal::Stop, app.now()).map(|_| ())
        })?;
        timings.playing += playing.elapsed().as_secs_f64();
        let closing = std::time::Instant::now();
        let summary = app.write(|conn| rounds::close_in(conn, &event, number, app.now()))?;
        timings.closing += closing.elapsed().as_secs_f64();
        clock.advance(Duration::seconds(60));
        if summary.finished {
            break;
        }
    }
    let event = app.read(|conn| events::load(conn, event_id))?;
    let report = app.read(|conn| report::report(conn, &event))?;
    timings.total = start.elapsed().as_secs_f64();
    Ok((report, timings))
}

/// Bots play `turns` turns at every digital table of a round; returns the actions played.
pub fn play_round(
    app: &App,
    event: &events::EventRecord,
    number: i32,
    turns: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> AppResult<u64> {
    let round = app.read(|conn| rounds::load(conn, event, number))?;
    let tables = app.read(|conn| Ok(queries::tables_of_round(conn, round.row.id)?))?;
    let mut actions = 0;
    for table in tables.iter().filter(|t| t.mode == DIGITAL) {
        actions += app.write(|conn| {
            let mut deal = play::current_deal(conn, table.id)?
                .ok_or_else(|| AppError::Internal("a digital table without a deal".into()))?;
            let mut played = 0;
            for _ in 0..turns {
                let Some(action) = deal.game.random_action(rng) else {
                    break;
                };
                let seat = deal.game.to_move();
                let seen = deal.actions;
                // A decision the table waits for (Mille Bornes after a hazard): a pass is the
                // table's answer when the wait is over, played at that time.
                let outcome = match deal.timed_decision() {
                    Some((decision, due))
                        if decision.seat.is_none() || action == decision.on_timeout =>
                    {
                        play::apply_timeout(conn, (event, &round.row, table), deal, seen, due)?
                    }
                    _ => play::apply_move(
                        conn,
                        (event, &round.row, table),
                        deal,
                        Move { seat, seen, action },
                        app.now_naive(),
                    )?,
                };
                deal = outcome.deal;
                played += 1;
                if deal.is_over() {
                    break;
                }
            }
            Ok(played)
        })?;
    }
    Ok(actions)
}
