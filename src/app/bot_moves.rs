//! Bots at digital tables: which bot seats have a move to make, and the move, played through
//! the same use case as a person's move (so it is stored, checked against the clock and the
//! table's latest state, and seen by everyone like any other move).
//!
//! A bot decides from its seat's view only: [`choose`] replays the deal to rebuild what the seat
//! saw go into the deadwood, then hands the bot the seat's observation, never the game.

use chrono::{DateTime, NaiveDateTime, Utc};

use super::deals::DealAt;
use super::events::{self, EventRecord};
use super::leases::Held;
use super::play::{self, DIGITAL, LoadedDeal};
use super::rounds::{self, RoundRecord, STARTED};
use super::seat::{self, MoveRequest, TableRef};
use super::turn_clock::{self, StandIn};
use super::{App, AppError, AppResult, Tx};
use crate::bots::{self, Budget, Level};
use crate::db::{Conn, queries};
use crate::engine::shuffle::derive_seed;

/// A bot seat whose turn it is at a digital table of a running round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BotTurn {
    pub event: i64,
    pub table: i64,
    /// The deal (a `games` row).
    pub game: i64,
    /// How many actions of the deal were played when the turn was seen.
    pub actions: u32,
    /// The bot's player.
    pub player: i64,
    pub level: Level,
}

/// The level stored for a bot entry; steady when none (or an unknown one) is stored.
pub fn level_of(stored: Option<&str>) -> Level {
    stored
        .and_then(|name| name.parse::<Level>().ok())
        .unwrap_or(Level::Steady)
}

/// A table whose wait for an out-of-turn decision is over (Mille Bornes' coup fourré, or the
/// same wait after any hazard, or an Extension nobody answered): the server plays the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeUp {
    pub event: i64,
    pub table: i64,
    /// The deal (a `games` row).
    pub game: i64,
    /// How many actions of the deal were played when the wait was seen to be over.
    pub actions: u32,
}

/// What the server has to play at the tables now: bot turns and decisions whose time is up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Waiting {
    pub bots: Vec<BotTurn>,
    pub timeouts: Vec<TimeUp>,
    /// Seats whose turn ran out on the turn clock, or that the host handed to a bot.
    pub stand_ins: Vec<StandInTurn>,
}

/// Every bot seat, in every event, whose turn it is now, and every table whose wait for a
/// decision is over: the round's clock runs and is in time, the table is digital and its deal
/// is not over.
pub fn waiting(tx: &mut Tx, now: DateTime<Utc>) -> AppResult<Waiting> {
    waiting_in(tx, now, &Held::All)
}

/// What [`waiting`] answers, in the events `held` only (those whose timed work this instance
/// does: see [`super::leases`]).
pub fn waiting_in(tx: &mut Tx, now: DateTime<Utc>, held: &Held) -> AppResult<Waiting> {
    let mut turns = Vec::new();
    let mut timeouts = Vec::new();
    let mut stand_ins = Vec::new();
    for row in queries::rounds_in_state(tx, STARTED)? {
        if !held.keeps(row.event_id) {
            continue;
        }
        // A table needs looking at only if a bot sits there or it may wait for a decision.
        let bots: std::collections::HashSet<i64> = queries::bot_entries_of_event(tx, row.event_id)?
            .into_iter()
            .collect();
        let event = events::load(tx, row.event_id)?;
        let waits = event.settings.rules.has_timed_decisions();
        let handed = turn_clock::handed_players(tx, row.event_id)?;
        // With the turn clock on, or a seat handed to a bot, any table may have a turn to play.
        let every_table = event.settings.turn_seconds.is_some() || !handed.is_empty();
        if bots.is_empty() && !waits && !every_table {
            continue;
        }
        let pauses = queries::pauses_of_round(tx, row.id)?;
        let round = RoundRecord::new(row, pauses)?;
        if rounds::check_in_time(tx, &event, &round, now).is_err() {
            continue;
        }
        // (The round's seating is read only if a bot sits somewhere: with the turn clock on,
        // a party of a thousand tables was reading six thousand rows four times a second.)
        let mut with_bots = std::collections::HashSet::new();
        if !bots.is_empty() {
            for seated in queries::entries_of_round(tx, round.row.id)? {
                if bots.contains(&seated.entry_id) {
                    with_bots.insert(seated.table_id);
                }
            }
        }
        // Every deal in play of the round at once (the replays kept in memory, not copied):
        // a table's current deal is its last, and a won one has no turn to play, so the won
        // ones are not even read (a long evening's many).
        let mut current: std::collections::HashMap<i64, crate::db::models::GameRow> =
            std::collections::HashMap::new();
        for game in queries::open_games_of_round(tx, round.row.id)? {
            current.insert(game.table_id, game);
        }
        let looked_at: Vec<_> = queries::tables_of_round(tx, round.row.id)?
            .into_iter()
            .filter(|t| t.mode == DIGITAL && (waits || every_table || with_bots.contains(&t.id)))
            .filter_map(|t| current.remove(&t.id))
            .collect();
        let in_play = crate::app::deals::deals_in_play(tx, &looked_at)?;
        for game in &looked_at {
            let Some(deal) = in_play.get(&game.id) else {
                continue;
            };
            let table = game.table_id;
            if let Some((_, due)) = deal.timed_decision()
                && due <= now.naive_utc()
            {
                timeouts.push(TimeUp {
                    event: event.id(),
                    table,
                    game: deal.row.id,
                    actions: deal.actions,
                });
            } else if let Some(turn) = with_bots
                .contains(&table)
                .then(|| bot_to_move(tx, deal, event.id(), table))
                .transpose()?
                .flatten()
            {
                // (Only a table where a bot sits may have a bot to move.)
                turns.push(turn);
            } else if let Some(due) =
                stand_in_to_move(deal, &round, &event, table, &handed, now.naive_utc())
            {
                stand_ins.push(due);
            }
        }
    }
    Ok(Waiting {
        bots: turns,
        timeouts,
        stand_ins,
    })
}

/// A table of the event's latest round whose clock runs and is in time, with its current deal.
pub struct TableNow {
    pub event: events::EventRecord,
    pub round: RoundRecord,
    pub table: crate::db::models::RoundTable,
    pub deal: LoadedDeal,
}

/// The table as it stands now, if it is in the event's latest round, that round is in time,
/// and its current deal is still `game` (else the server has nothing to play there).
pub fn table_now(
    tx: &mut Tx,
    event: i64,
    table: i64,
    game: i64,
    now: DateTime<Utc>,
) -> AppResult<Option<TableNow>> {
    let event = events::load(tx, event)?;
    let Some(round) = rounds::latest(tx, &event)? else {
        return Ok(None);
    };
    let table = queries::table(tx, table)?;
    if table.round_id != round.row.id || rounds::check_in_time(tx, &event, &round, now).is_err() {
        return Ok(None);
    }
    let Some(deal) = play::current_deal(tx, table.id)? else {
        return Ok(None);
    };
    if deal.row.id != game {
        return Ok(None);
    }
    Ok(Some(TableNow {
        event,
        round,
        table,
        deal,
    }))
}

/// A table, as [`play_at_table_now`] hands it to the move it plays: its event, round and row.
type TablePlace<'a> = (
    &'a events::EventRecord,
    &'a RoundRecord,
    &'a crate::db::models::RoundTable,
);

/// Plays a move the server chose at a table as it stands now ([`table_now`]): `play` plays it
/// (given the table and its current deal), or answers `None` when there is nothing to play
/// after all. Answers the table that changed.
fn play_at_table_now(
    tx: &mut Tx,
    (event, table, game): (i64, i64, i64),
    now: DateTime<Utc>,
    play: impl FnOnce(
        &mut Tx,
        TablePlace<'_>,
        LoadedDeal,
    ) -> AppResult<Option<AppResult<play::MoveOutcome>>>,
) -> AppResult<Option<TableRef>> {
    let Some(TableNow {
        event,
        round,
        table,
        deal,
    }) = table_now(tx, event, table, game, now)?
    else {
        return Ok(None);
    };
    match play(tx, (&event, &round, &table), deal)? {
        Some(played) => changed_table(&event, &round, &table, played),
        None => Ok(None),
    }
}

/// Plays the answer of a decision whose time is up, if the table has not moved on since it was
/// seen. Returns the table that changed.
pub fn play_timeout(tx: &mut Tx, due: &TimeUp, now: DateTime<Utc>) -> AppResult<Option<TableRef>> {
    let at = (due.event, due.table, due.game);
    play_at_table_now(tx, at, now, |tx, (event, round, table), deal| {
        Ok(Some(play::apply_timeout(
            tx,
            (event, &round.row, table),
            deal,
            due.actions,
            now.naive_utc(),
        )))
    })
}

/// The table a move the server played there changed; a move the table had moved on from
/// meanwhile (stale) changed nothing.
pub(super) fn changed_table(
    event: &events::EventRecord,
    round: &RoundRecord,
    table: &crate::db::models::RoundTable,
    played: AppResult<play::MoveOutcome>,
) -> AppResult<Option<TableRef>> {
    match played {
        Ok(outcome) => Ok(Some(TableRef {
            event: event.id(),
            round: round.row.id,
            table: table.id,
            changed: true,
            deal: Some(DealAt::of(&outcome.deal)),
        })),
        Err(AppError::Stale(_)) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The bot whose turn it is in a deal, if the seat to move is a bot's.
fn bot_to_move(
    conn: &mut Conn,
    deal: &LoadedDeal,
    event: i64,
    table: i64,
) -> AppResult<Option<BotTurn>> {
    if deal.is_over() {
        return Ok(None);
    }
    // While the table waits for a decision, only the deciding seat may act; when nobody
    // decides (the wait after a hazard nobody can answer), the server ends the wait.
    if let Some((decision, _)) = deal.timed_decision()
        && decision.seat.is_none()
    {
        return Ok(None);
    }
    let seat = deal.game.to_move();
    let Some(&player) = deal.seats.players.get(usize::from(seat)) else {
        return Ok(None);
    };
    let Some(player_row) = queries::player(conn, player)? else {
        return Ok(None);
    };
    let Some(entry) = queries::entry(conn, player_row.entry_id)? else {
        return Ok(None);
    };
    if !entry.is_bot {
        return Ok(None);
    }
    Ok(Some(BotTurn {
        event,
        table,
        game: deal.row.id,
        actions: deal.actions,
        player,
        level: level_of(entry.bot_level.as_deref()),
    }))
}

/// The action the bot of `turn` plays, or `None` when the table has moved on since the turn was
/// seen. Reads only; the search runs outside any write transaction.
pub fn choose(
    tx: &mut Tx,
    turn: &BotTurn,
    budget: Budget,
) -> AppResult<Option<crate::engine::Action>> {
    let Some(deal) = play::current_deal(tx, turn.table)? else {
        return Ok(None);
    };
    if deal.row.id != turn.game || deal.actions != turn.actions || deal.is_over() {
        return Ok(None);
    }
    let Some(seat) = deal.seats.seat_of(turn.player) else {
        return Ok(None);
    };
    if deal.game.to_move() != seat {
        return Ok(None);
    }
    // The bot's own randomness: from the deal's id and the move number, never the deal's seed
    // (which decides the hidden cards).
    let seed = derive_seed(turn.game as u64, u64::from(turn.actions));
    bots::choose_in_deal(
        turn.level,
        deal.game.config(),
        deal.row.seed as u64,
        &play::deal_history(tx, &deal)?,
        seat,
        seed,
        budget,
    )
    .map(Some)
    .map_err(|e| AppError::Internal(format!("the bot could not move: {e}")))
}

/// Plays a bot's chosen action as its seat, through the seat's move use case. A refusal
/// because the table moved on or the time is up is not an error: the bot simply did not move.
pub fn play(
    tx: &mut Tx,
    turn: &BotTurn,
    action: crate::engine::Action,
    now: DateTime<Utc>,
) -> AppResult<Option<TableRef>> {
    let holder = seat::holder_by_player(tx, turn.player)?;
    if !holder.entry.is_bot {
        return Err(AppError::forbidden(crate::i18n::Said::new(
            "refused-bot-seat-only",
        )));
    }
    let request = MoveRequest {
        seen: turn.actions,
        action,
        confirmed: true,
    };
    // A bot's move has no answer: only its table is kept, for the notice.
    match seat::play_move_as(tx, &holder, request, now) {
        Ok(played) => Ok(Some(played.table)),
        Err(AppError::Stale(_) | AppError::TimeUp | AppError::Conflict(_)) => Ok(None),
        Err(other) => Err(other),
    }
}

// ---------------------------------------------------------------- use cases

/// Every bot seat whose turn it is now, in the events whose timed work this instance does,
/// read in one transaction.
pub fn waiting_turns(app: &App) -> AppResult<Waiting> {
    let held = app.leases().held();
    app.read(|conn| waiting_in(conn, app.now(), &held))
}

/// Ends a table's wait whose time is up (see [`play_timeout`]), in its own write transaction.
pub fn end_wait(app: &App, due: &TimeUp) -> AppResult<Option<TableRef>> {
    app.write(|conn| play_timeout(conn, due, app.now()))
}

/// Takes a bot's turn: chooses its action in a read transaction (the search holds no lock),
/// then plays it in a write transaction, which refuses it quietly if the table moved on in
/// between. Answers the table that changed, if the bot moved.
pub fn take_turn(app: &App, turn: &BotTurn, budget: Budget) -> AppResult<Option<TableRef>> {
    let Some(action) = app.read(|conn| choose(conn, turn, budget))? else {
        return Ok(None);
    };
    let played = app.write(|conn| play(conn, turn, action, app.now()))?;
    if played.is_some() {
        crate::metrics::get().moves.inc();
    }
    Ok(played)
}

// ---------------------------------------------------------------- stand-ins

/// A seat's turn that the server plays for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StandInTurn {
    /// The turn, as a bot's turn (the steady bot of the seat's player).
    pub turn: BotTurn,
    pub by: StandIn,
}

/// The turn a stand-in plays in a deal now, if any: the seat to move was handed to a bot, or
/// its turn ran out on the turn clock. The caller has checked that the round is in time.
pub fn stand_in_to_move(
    deal: &LoadedDeal,
    round: &RoundRecord,
    event: &EventRecord,
    table: i64,
    handed: &std::collections::HashSet<i64>,
    now: NaiveDateTime,
) -> Option<StandInTurn> {
    if deal.is_over() || deal.timed_decision().is_some() {
        return None;
    }
    let player = *deal.seats.players.get(usize::from(deal.game.to_move()))?;
    let by = if handed.contains(&player) {
        StandIn::Bot
    } else if turn_clock::turn_due(deal, round, event.settings.turn_seconds)
        .is_some_and(|due| due <= now)
    {
        StandIn::Clock
    } else {
        return None;
    };
    Some(StandInTurn {
        turn: BotTurn {
            event: event.id(),
            table,
            game: deal.row.id,
            actions: deal.actions,
            player,
            level: Level::Steady,
        },
        by,
    })
}

/// Plays a stand-in's chosen action for its seat, if the table has not moved on, the round is
/// in time, and the stand-in may still play (the turn ran out; the seat is still handed to a
/// bot). Answers the table that changed.
pub fn play_stand_in(
    tx: &mut Tx,
    due: &StandInTurn,
    action: crate::engine::Action,
    now: DateTime<Utc>,
) -> AppResult<Option<TableRef>> {
    let turn = &due.turn;
    let at = (turn.event, turn.table, turn.game);
    play_at_table_now(tx, at, now, |tx, (event, round, table), deal| {
        if deal.actions != turn.actions {
            return Ok(None);
        }
        let handed = turn_clock::handed_players(tx, event.id())?;
        if stand_in_to_move(&deal, round, event, table.id, &handed, now.naive_utc()) != Some(*due) {
            return Ok(None);
        }
        let seat = deal.game.to_move();
        Ok(Some(play::apply_for_seat(
            tx,
            (event, &round.row, table),
            deal,
            seat,
            action,
            now.naive_utc(),
            due.by,
        )))
    })
}

/// Takes a stand-in's turn: chooses the steady bot's action from the seat's view in a read
/// transaction, then plays it in a write transaction (refused quietly if the table moved on).
pub fn take_stand_in_turn(
    app: &App,
    due: &StandInTurn,
    budget: Budget,
) -> AppResult<Option<TableRef>> {
    let Some(action) = app.read(|conn| choose(conn, &due.turn, budget))? else {
        return Ok(None);
    };
    let played = app.write(|conn| play_stand_in(conn, due, action, app.now()))?;
    if played.is_some() {
        crate::metrics::get().moves.inc();
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{RoundKind, Settings, TableSize};

    /// The bot task asks four times a second for the deals of every running round: it reads
    /// the deals still in play, not every deal won before them (a long evening's many).
    #[test]
    fn the_bot_task_reads_only_the_deals_still_in_play() {
        let dir = tempfile::tempdir().expect("a directory");
        let mut settings = Settings::new("Club night", 1926);
        settings.table_size = TableSize::Two;
        settings.round = RoundKind::Timed { seconds: 3600 };
        let names = ["Ann", "Bob", "Cy", "Di"];
        let (app, ..) = crate::app::testing::round_one_in_play(dir.path(), settings, &names);
        app.write(|tx| {
            let round = queries::rounds_in_state(tx, STARTED)?
                .pop()
                .expect("round 1 running");
            let ids = |games: Vec<crate::db::models::GameRow>| -> Vec<i64> {
                games.into_iter().map(|g| g.id).collect()
            };
            let dealt = ids(queries::games_of_round(tx, round.id)?);
            assert_eq!(dealt.len(), 2, "a deal at each of the two tables");
            assert_eq!(ids(queries::open_games_of_round(tx, round.id)?), dealt);
            queries::finish_game(tx, dealt[0], Some(0), "[50,0]", app.now_naive())?;
            assert_eq!(ids(queries::open_games_of_round(tx, round.id)?), [dealt[1]]);
            assert_eq!(ids(queries::games_of_round(tx, round.id)?), dealt);
            Ok(())
        })
        .expect("read");
    }
}
