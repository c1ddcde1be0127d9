//! A player's view of the evening, from their seat link: where to sit, the time left, and the
//! game at their table as their seat may see it (their own hand, nobody else's).

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::deals::DealAt;
use super::events::{self, EventRecord};
use super::play::{self, DIGITAL, LoadedDeal, Move};
use super::rounds::{self, RoundRecord};
use super::tokens::{hash_token, looks_like_token};
use super::turn_clock;
use super::{App, AppError, AppResult};
use crate::db::models::{self, Player};
use crate::db::{Conn, queries};
use crate::engine::{Action, Event, Seat, View};
use crate::i18n::{Lang, Said};
use crate::tournament::{ClockState, EntryId, MoverDecision};

/// The refusal every unknown seat link gets.
pub fn seat_refusal() -> AppError {
    AppError::Forbidden(
        "that seat link is not valid (it may have been renewed); ask the host for your link".into(),
    )
}

/// A player found by their seat link.
#[derive(Debug, Clone)]
pub struct SeatHolder {
    pub player: Player,
    pub entry: models::Entry,
    pub event: EventRecord,
}

/// Finds the player a seat link belongs to.
pub fn holder(conn: &mut Conn, token: &str) -> AppResult<SeatHolder> {
    if !looks_like_token(token) {
        return Err(seat_refusal());
    }
    let player =
        queries::player_by_token_hash(conn, &hash_token(token))?.ok_or_else(seat_refusal)?;
    holder_of(conn, player)
}

/// Finds a player by id (a bot's seat, which the program plays).
pub fn holder_by_player(conn: &mut Conn, player: i64) -> AppResult<SeatHolder> {
    let player = queries::player(conn, player)?.ok_or_else(seat_refusal)?;
    holder_of(conn, player)
}

/// Finds a player by id and seat epoch (a browser that picked its seat from a QR code): a
/// seat the host has released or renewed since the pick is refused.
pub fn holder_by_pick(conn: &mut Conn, player: i64, epoch: i32) -> AppResult<SeatHolder> {
    let player = queries::player(conn, player)?
        .filter(|p| p.epoch == epoch)
        .ok_or_else(seat_refusal)?;
    holder_of(conn, player)
}

fn holder_of(conn: &mut Conn, player: Player) -> AppResult<SeatHolder> {
    let entry = queries::entry(conn, player.entry_id)?.ok_or_else(seat_refusal)?;
    let event = events::load(conn, entry.event_id)?;
    Ok(SeatHolder {
        player,
        entry,
        event,
    })
}

/// How a seat is named in a request: by its link's token, or by the player (and the seat's
/// epoch) a browser picked.
#[derive(Debug, Clone)]
pub enum SeatKey {
    Token(String),
    Player(i64, i32),
}

impl SeatKey {
    pub fn holder(&self, conn: &mut Conn) -> AppResult<SeatHolder> {
        match self {
            SeatKey::Token(token) => holder(conn, token),
            SeatKey::Player(player, epoch) => holder_by_pick(conn, *player, *epoch),
        }
    }
}

/// Whoever opens a seat link first holds the seat: from then on nobody can pick it from a QR
/// code. Answers nothing for a link that is not valid (the page refuses it on its own).
pub fn claim_by_token(conn: &mut Conn, token: &str) -> AppResult<()> {
    if looks_like_token(token) {
        queries::claim_player_by_token_hash(conn, &hash_token(token))?;
    }
    Ok(())
}

/// A seat a guest may pick from a QR code: free, a person's (not a bot's), and at the table
/// whose key the guest holds (any table with the event's key, the projector's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickFrom {
    Event,
    Table(i32),
}

/// The players whose seats can be picked with this key now: id and name.
pub fn free_seats(
    conn: &mut Conn,
    event: &EventRecord,
    from: PickFrom,
    key: &str,
) -> AppResult<Vec<(i64, String)>> {
    check_pick_key(event, from, key)?;
    let entries = match from {
        PickFrom::Event => events::entries(conn, event.id())?
            .into_iter()
            .filter(|e| e.entry.is_active() && !e.row.is_bot)
            .map(|e| e.row.id)
            .collect(),
        PickFrom::Table(number) => match rounds::latest(conn, event)? {
            Some(round) => match rounds::table_of(conn, &round, number) {
                Ok(table) => queries::entries_of_table(conn, table.id)?
                    .into_iter()
                    .map(|te| te.entry_id)
                    .collect(),
                Err(_) => Vec::new(),
            },
            None => Vec::new(),
        },
    };
    let mut free = Vec::new();
    for entry in entries {
        if queries::entry(conn, entry)?.is_some_and(|e| e.is_bot) {
            continue;
        }
        for p in queries::players_of_entry(conn, entry)? {
            if !p.claimed {
                free.push((p.id, p.name));
            }
        }
    }
    Ok(free)
}

fn check_pick_key(event: &EventRecord, from: PickFrom, key: &str) -> AppResult<()> {
    let expected = match from {
        PickFrom::Event => event.join_key(),
        PickFrom::Table(number) => event.table_key(number),
    };
    if super::tokens::same_hash(&expected, key) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "this QR code's link is not complete or no longer valid: scan the code again, or ask the host for your seat link".into(),
        ))
    }
}

/// Picks a free seat with a QR code's key and holds it: answers the player and the seat's
/// epoch for the browser's session. A seat someone holds is refused: only the host can
/// release it.
pub fn pick(
    conn: &mut Conn,
    event: &EventRecord,
    from: PickFrom,
    key: &str,
    player: i64,
) -> AppResult<(i64, i32)> {
    let free = free_seats(conn, event, from, key)?;
    if !free.iter().any(|(id, _)| *id == player) {
        return Err(AppError::Forbidden(
            "that seat is not free here: it is taken (if it is yours, ask the host to release it) or sits at another table".into(),
        ));
    }
    let row = queries::player(conn, player)?.ok_or_else(seat_refusal)?;
    queries::set_player_claim(conn, row.id, true, row.epoch)?;
    Ok((row.id, row.epoch))
}

/// Someone at the player's table.
#[derive(Debug, Clone, Serialize)]
pub struct Tablemate {
    pub entry: EntryId,
    pub names: Vec<String>,
    pub bot: bool,
    /// The entry's side at the table (what a paper score card is entered for).
    pub table_side: usize,
    /// The side this entry plays in the current deal.
    pub side: Option<u8>,
    /// The seats of this entry in the current deal.
    pub seats: Vec<Seat>,
    /// Miles so far this round (all deals).
    pub round_miles: u32,
    pub you: bool,
}

/// The round as a player needs it.
#[derive(Debug, Clone, Serialize)]
pub struct RoundInfo {
    pub number: u32,
    /// seated, running, paused, over or closed.
    pub state: rounds::RoundState,
    /// Milliseconds left in a timed round.
    pub left_ms: Option<i64>,
    pub ends_at: Option<DateTime<Utc>>,
}

/// The current deal at the player's table, as their seat sees it.
#[derive(Debug, Clone, Serialize)]
pub struct DealInfo {
    /// Deals at this table this round, counted from 1.
    pub number: i32,
    /// The player's seat.
    pub seat: Seat,
    /// How many actions have been played: send this back with a move.
    pub actions: u32,
    pub your_turn: bool,
    pub view: View,
    /// The moves the player may make now (empty unless it is their turn and the clock runs).
    pub legal: Vec<Action>,
    /// For each legal move, what it throws away of the side's own miles, if it does: the page
    /// asks before playing it.
    #[serde(skip)]
    pub warnings: Vec<Option<String>>,
    /// What happened lately at the table, as this seat may see it (newest last).
    pub recent: Vec<Event>,
    /// While the table waits for a decision out of turn: how long it still waits.
    pub wait: Option<WaitInfo>,
    /// The moves of the recent actions that were played for their seats (the turn clock, or
    /// a bot the host handed the seat to).
    pub stand_ins: Vec<turn_clock::StandInNote>,
    /// The turn clock, when it runs: whose turn and how long it still has.
    pub turn: Option<turn_clock::TurnInfo>,
}

/// The table waits for a decision out of turn (Mille Bornes). After a hazard every seat sees
/// the same wait, with the same time left, whether or not a seat may call Coup Fourré; only
/// the seat that may call it sees the decision (and `deciding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WaitInfo {
    /// Milliseconds until the wait is over and the table goes on (0 when it is due).
    pub left_ms: i64,
    /// The whole wait in seconds: after a hazard the event's Coup Fourré window, the same for
    /// every table and every hazard.
    pub seconds: i64,
    /// Whether this seat decides (its choices are in `legal`).
    pub deciding: bool,
    /// Whether the table waits after a hazard (hidden decision) rather than for an open one.
    pub after_hazard: bool,
}

/// Everything the seat page and the seat API show.
#[derive(Debug, Clone, Serialize)]
pub struct SeatState {
    pub event: i64,
    pub event_name: String,
    pub player: i64,
    pub name: String,
    pub entry: EntryId,
    pub round: Option<RoundInfo>,
    /// The table number this round, if the player sits at one.
    pub table: Option<u32>,
    /// digital or paper.
    pub mode: Option<String>,
    /// The player sits out this round.
    pub bye: bool,
    pub tablemates: Vec<Tablemate>,
    pub deal: Option<DealInfo>,
    /// At a paper table, every side's score card as it stands (so that a confirmation is
    /// never blind: it names the `version` it saw).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<SeatCardLine>,
    /// One sentence: what to do now (in English; the pages say `said` in the reader's
    /// language, and the API in its client's `Accept-Language`).
    pub message: String,
    /// The message as messages to say (locales/*/seat-messages.ftl).
    #[serde(skip)]
    pub said: Vec<Said>,
}

impl SeatState {
    /// Tells the seat what to do now: the messages, and their English for the API.
    fn tell(&mut self, said: Vec<Said>) {
        self.message = Lang::ENGLISH.say_all(&said);
        self.said = said;
    }
}

/// What the player sees now.
pub fn state(conn: &mut Conn, token: &str, now: DateTime<Utc>) -> AppResult<SeatState> {
    let holder = holder(conn, token)?;
    state_of(conn, &holder, now)
}

/// What a known player sees now.
pub fn state_of(conn: &mut Conn, holder: &SeatHolder, now: DateTime<Utc>) -> AppResult<SeatState> {
    state_with(conn, holder, now, None).map(|(state, _)| state)
}

/// What a move at a seat's table may change of what the seat sees, and what it needs to draw
/// that again without reading anything else: the rest of the seat's state (the round, the
/// table, who sits there) stays as it was until the event itself changes.
#[derive(Debug, Clone)]
pub struct DealFrame {
    /// The round's table.
    table: i64,
    /// The deal shown (its game's id).
    game: i64,
    player: i64,
    /// Whether the clock runs, so that moves are offered.
    playing: bool,
    round: RoundRecord,
    round_state: rounds::RoundState,
    unit: &'static str,
    /// How the last round went (between rounds), or the evening (after the last).
    news: Option<Said>,
    finale: Option<Vec<Said>>,
    /// Each tablemate's players, in the order of the state's tablemates.
    players: Vec<Vec<i64>>,
    /// What each entry scored in the round's other deals.
    earlier: std::collections::BTreeMap<EntryId, u32>,
    /// The event's turn clock (seconds a turn).
    turn_seconds: Option<u32>,
    /// A round to points (Mille Bornes' whole game) at this digital table: its points.
    game_to: Option<u32>,
}

impl DealFrame {
    /// Draws the deal's part of the state: the deal as the seat sees it, who plays which
    /// side, the round's miles, and the sentence saying what to do.
    fn apply(&self, state: &mut SeatState, deal: Option<&LoadedDeal>, now: DateTime<Utc>) {
        let current = deal.map(LoadedDeal::miles);
        for (mate, players) in state.tablemates.iter_mut().zip(&self.players) {
            mate.side = deal
                .and_then(|d| d.seats.sides.iter().position(|&e| e == mate.entry))
                .map(|s| s as u8);
            mate.seats = deal
                .map(|d| players.iter().filter_map(|&p| d.seats.seat_of(p)).collect())
                .unwrap_or_default();
            let in_deal: u32 = current
                .iter()
                .flat_map(|m| m.sides.iter().zip(&m.miles))
                .filter(|(e, _)| **e == mate.entry)
                .map(|(_, miles)| *miles)
                .sum();
            mate.round_miles = self
                .earlier
                .get(&mate.entry)
                .copied()
                .unwrap_or(0)
                .saturating_add(in_deal);
        }
        let now = now.naive_utc();
        state.deal = deal.and_then(|d| {
            let turn = self
                .playing
                .then(|| turn_clock::turn_info(d, &self.round, self.turn_seconds, now))
                .flatten();
            deal_info(d, self.player, self.playing, now, turn)
        });
        let said = match &self.finale {
            Some(finale) => finale.clone(),
            None => {
                let said = message(state, &self.round, self.round_state, self.unit);
                let said: Vec<Said> = match self.game_to {
                    Some(points) => game_sheet(state, points, said),
                    None => said.into_iter().collect(),
                };
                self.news.iter().cloned().chain(said).collect()
            }
        };
        state.tell(said);
    }
}

/// In a round to points (Mille Bornes' whole game), the score sheet of the game so far after
/// the seat's message, or, once its last hand is over and a side has won, the winner named.
fn game_sheet(state: &SeatState, points: u32, message: Option<Said>) -> Vec<Said> {
    // "you 1200, Ann & Bob 900": each side's line, joined by the language's comma.
    let sheet = state
        .tablemates
        .iter()
        .map(|mate| {
            if mate.you {
                Said::new("seat-game-sheet-you").number("points", mate.round_miles)
            } else {
                Said::new("seat-game-sheet-side")
                    .text("name", mate.names.join(" & "))
                    .number("points", mate.round_miles)
            }
        })
        .reduce(|list, line| {
            Said::new("seat-game-sheet-list")
                .said("first", list)
                .said("next", line)
        })
        .unwrap_or_else(|| Said::new("seat-game-sheet-empty"));
    let totals: Vec<u32> = state.tablemates.iter().map(|m| m.round_miles).collect();
    let hand_over = state.deal.as_ref().is_none_or(|d| d.view.is_over());
    match crate::engine::mille_bornes::match_winner(&totals)
        .filter(|_| hand_over)
        .and_then(|side| state.tablemates.get(usize::from(side)))
    {
        Some(winner) if winner.you => vec![
            Said::new("seat-game-won-you")
                .number("points", points)
                .said("sheet", sheet),
        ],
        Some(winner) => vec![
            Said::new("seat-game-won")
                .text("winner", winner.names.join(" & "))
                .number("points", points)
                .said("sheet", sheet),
        ],
        None => message
            .into_iter()
            .chain([Said::new("seat-game-so-far")
                .number("points", points)
                .said("sheet", sheet)])
            .collect(),
    }
}

/// Where a player sits, as a move has just read it (the round, its clock and the table), so
/// that the answer does not read it again.
struct Seated {
    round: RoundRecord,
    reading: crate::tournament::ClockReading,
    table: models::RoundTable,
    deal: LoadedDeal,
}

/// What a known player sees now; after a move, given where they sit and their table's deal as
/// the move left it ([`Seated`]), so that neither is read again. At a digital table also what
/// a move there may change ([`DealFrame`]).
fn state_with(
    conn: &mut Conn,
    holder: &SeatHolder,
    now: DateTime<Utc>,
    seated: Option<Seated>,
) -> AppResult<(SeatState, Option<DealFrame>)> {
    let event = &holder.event;
    let mut state = SeatState {
        event: event.id(),
        event_name: event.settings.name.clone(),
        player: holder.player.id,
        name: holder.player.name.clone(),
        entry: holder.entry.id,
        round: None,
        table: None,
        mode: None,
        bye: false,
        tablemates: Vec::new(),
        deal: None,
        cards: Vec::new(),
        message: String::new(),
        said: Vec::new(),
    };
    let (round, reading, mut known) = match seated {
        Some(Seated {
            round,
            reading,
            table,
            deal,
        }) => (round, reading, Some((table, deal))),
        None => {
            let Some(round) = rounds::latest(conn, event)? else {
                state.tell(vec![Said::new("seat-msg-not-seated-yet")]);
                return Ok((state, None));
            };
            let reading = rounds::reading(conn, event, &round, now)?;
            (round, reading, None)
        }
    };
    let round_state = rounds::RoundState::of(&round, reading.state);
    // After the last round: the guest's place, score and prize. Between rounds (the next one
    // seated, not started): how the last one went and where the guest goes.
    let finale = if event.is_finished() {
        final_place(conn, event, holder.entry.id)?
    } else {
        None
    };
    let news = if round_state == rounds::RoundState::Seated {
        last_round_news(conn, event, &round, holder.entry.id)?
    } else {
        None
    };
    state.round = Some(RoundInfo {
        number: round.number(),
        state: round_state,
        left_ms: reading.left_ms,
        ends_at: reading.planned_end,
    });
    let table = match known.as_ref() {
        Some((table, _)) => Some(table.clone()),
        None => queries::table_of_entry(conn, round.row.id, holder.entry.id)?,
    };
    let Some(table) = table else {
        let byes: Vec<EntryId> = serde_json::from_str(&round.row.byes)?;
        state.bye = byes.contains(&holder.entry.id);
        let said = if let Some(finale) = finale {
            finale
        } else if state.bye {
            let bye = Said::new("seat-msg-bye").number("round", round.number());
            news.into_iter().chain([bye]).collect()
        } else if let Some(to) = holder.player.handed_to {
            vec![handed_message(conn, to, holder.entry.withdrawn_round)?]
        } else if holder.entry.withdrawn_round.is_some() {
            vec![Said::new("seat-msg-withdrawn")]
        } else {
            vec![Said::new("seat-msg-not-seated").number("round", round.number())]
        };
        state.tell(said);
        return Ok((state, None));
    };
    state.table = u32::try_from(table.number).ok();
    state.mode = Some(table.mode.clone());
    let deal = match known.take() {
        Some((_, deal)) if deal.row.table_id == table.id => Some(deal),
        _ if table.mode == DIGITAL => play::current_deal(conn, table.id)?,
        _ => None,
    };
    let mut earlier = if table.mode == DIGITAL {
        play::table_miles(conn, &table, deal.as_ref())?
    } else {
        Default::default()
    };
    if let Some(deal) = &deal {
        let current = deal.miles();
        for (entry, miles) in current.sides.iter().zip(&current.miles) {
            if let Some(total) = earlier.get_mut(entry) {
                *total = total.saturating_sub(*miles);
            }
        }
    }
    let mut players: Vec<Vec<i64>> = Vec::new();
    for (te, bot, player) in queries::seated_players(conn, table.id)? {
        match state.tablemates.last_mut() {
            Some(mate) if mate.entry == te.entry_id => {
                mate.names.push(player.name);
                if let Some(ids) = players.last_mut() {
                    ids.push(player.id);
                }
            }
            _ => {
                players.push(vec![player.id]);
                state.tablemates.push(Tablemate {
                    entry: te.entry_id,
                    names: vec![player.name],
                    bot,
                    table_side: usize::try_from(te.side).unwrap_or(0),
                    side: None,
                    seats: Vec::new(),
                    round_miles: 0,
                    you: te.entry_id == holder.entry.id,
                });
            }
        }
    }
    let frame = DealFrame {
        table: table.id,
        game: deal.as_ref().map_or(0, |d| d.row.id),
        player: holder.player.id,
        playing: reading.state == ClockState::Running && reading.in_time && !round.is_closed(),
        round,
        round_state,
        unit: event.settings.rules.unit().word(),
        news,
        finale,
        players,
        earlier,
        turn_seconds: event.settings.turn_seconds,
        game_to: match event.settings.round {
            crate::tournament::RoundKind::Points { points } if table.mode == DIGITAL => {
                Some(points)
            }
            _ => None,
        },
    };
    // (The cards first: the seat's message says whether its own is in.)
    if table.mode == play::PAPER {
        state.cards = paper_cards(conn, &state, table.id)?;
    }
    frame.apply(&mut state, deal.as_ref(), now);
    Ok((state, deal.is_some().then_some(frame)))
}

/// Every side's paper score card at a table, as a seat sees it.
fn paper_cards(conn: &mut Conn, state: &SeatState, table: i64) -> AppResult<Vec<SeatCardLine>> {
    let stored = queries::paper_scores_of_table(conn, table)?;
    let mut cards = Vec::with_capacity(state.tablemates.len());
    for mate in &state.tablemates {
        let card = stored.iter().find(|c| c.side as usize == mate.table_side);
        let hands: Option<crate::tournament::PaperHands> = match card {
            Some(c) => Some(serde_json::from_str(&c.counts)?),
            None => None,
        };
        cards.push(SeatCardLine {
            side: mate.table_side,
            names: mate.names.join(" & "),
            card: hands.as_ref().map(|h| h.hand(0)),
            hands,
            version: card.map(|c| rounds::card_version(&c.counts)),
            confirmed: card.is_some_and(|c| c.confirmed_at.is_some()),
            by_host: card.is_some_and(|c| c.entered_by == "host"),
            mine: mate.you,
        });
    }
    Ok(cards)
}

/// How the round before `round` went for an entry, once it was closed: "You won table 2 with 31
/// miles: move to table 3." or "You scored 24 miles at table 2. You stay at table 2." (in the
/// rule set's score word). `None` in round 1, or for an entry that did not play it.
fn last_round_news(
    conn: &mut Conn,
    event: &EventRecord,
    round: &RoundRecord,
    entry: EntryId,
) -> AppResult<Option<Said>> {
    let Some(previous) = queries::round(conn, event.id(), round.row.number - 1)? else {
        return Ok(None);
    };
    let Some(closing) = previous.closing.as_deref() else {
        return Ok(None);
    };
    let closing: crate::tournament::Closing = serde_json::from_str(closing)?;
    let unit = event.settings.rules.unit().word();
    let scored = |n: u32| {
        Said::new("score-in-unit")
            .number("score", n)
            .text("unit", unit)
    };
    let now_at = queries::table_of_entry(conn, round.row.id, entry)?.map(|t| t.number);
    if let Some(won) = closing.tables.iter().find(|t| t.mover == entry) {
        let onward = match now_at {
            Some(table) if u32::try_from(table).ok() == Some(won.table) => {
                Said::new("news-onward-stay").number("table", table)
            }
            Some(table) => Said::new("news-onward-move").number("table", table),
            None => Said::new("news-onward-bye"),
        };
        let id = match won.decision {
            MoverDecision::MostMiles => "news-won-most",
            MoverDecision::Cut { .. } => "news-won-cut",
            MoverDecision::Host { .. } => "news-won-host",
        };
        return Ok(Some(
            Said::new(id)
                .number("table", won.table)
                .said("score", scored(won.most))
                .said("onward", onward),
        ));
    }
    let score = closing.miles.get(&entry).copied().unwrap_or(0);
    let Some(was_at) = queries::table_of_entry(conn, previous.id, entry)?.map(|t| t.number) else {
        return Ok(closing
            .byes
            .iter()
            .any(|b| b.entry == entry)
            .then(|| Said::new("news-bye-scored").said("score", scored(score))));
    };
    let next = match now_at {
        Some(table) if table == was_at => Said::new("news-next-stay").number("table", table),
        Some(table) => Said::new("news-next-move").number("table", table),
        None => Said::new("news-next-bye"),
    };
    Ok(Some(
        Said::new("news-scored")
            .said("score", scored(score))
            .number("table", was_at)
            .said("next", next),
    ))
}

/// An entry's place, score and prize once the evening is over: "The evening is over: you
/// finished 2nd of 8 with 87 miles and take the 1st prize."
fn final_place(
    conn: &mut Conn,
    event: &EventRecord,
    entry: EntryId,
) -> AppResult<Option<Vec<Said>>> {
    let standings = super::report::standings(conn, event)?;
    let Some(row) = standings.rows.iter().find(|r| r.entry == entry) else {
        return Ok(None);
    };
    if !row.ranked {
        return Ok(Some(vec![Said::new("finale-unranked")]));
    }
    let of = standings.rows.iter().filter(|r| r.ranked).count();
    let shared = standings
        .rows
        .iter()
        .filter(|r| r.place == row.place)
        .count()
        > 1;
    let place = Said::new(if shared { "place-joint" } else { "place" }).number("place", row.place);
    let score = Said::new("score-in-unit")
        .number("score", row.total)
        .text("unit", standings.unit.word());
    let finished = match row.prize {
        Some(prize) => {
            Said::new("finale-prize").said("prize", Said::new("place").number("place", prize))
        }
        None => Said::new("finale-place"),
    }
    .said("place", place)
    .number("of", of)
    .said("score", score);
    let mut said = vec![finished];
    // Until the host closes the evening the results may still be corrected.
    if standings.provisional {
        said.push(Said::new("finale-provisional"));
    }
    Ok(Some(said))
}

fn deal_info(
    deal: &LoadedDeal,
    player: i64,
    playing: bool,
    now: chrono::NaiveDateTime,
    turn: Option<turn_clock::TurnInfo>,
) -> Option<DealInfo> {
    let seat = deal.seats.seat_of(player)?;
    let decision = deal.timed_decision();
    // While the table waits for a decision, it is the deciding seat's turn and nobody else's
    // (after a hazard nobody can answer, nobody's: the wait must look the same).
    let your_turn = !deal.game.is_over()
        && match decision {
            Some((decision, _)) => decision.seat == Some(seat),
            None => deal.game.to_move() == seat,
        };
    let wait = decision.map(|(decision, due)| WaitInfo {
        left_ms: (due - now).num_milliseconds().max(0),
        seconds: (due - deal.last_at).num_seconds(),
        deciding: decision.seat == Some(seat),
        after_hazard: decision.hidden,
    });
    let legal = if your_turn && playing {
        deal.game.legal()
    } else {
        Vec::new()
    };
    let warnings = legal.iter().map(|&a| deal.game.warning(a)).collect();
    Some(DealInfo {
        number: deal.row.number,
        seat,
        actions: deal.actions,
        your_turn,
        view: deal.game.view(Some(seat)),
        legal,
        warnings,
        recent: deal.recent_events(8, Some(seat)),
        wait,
        stand_ins: turn_clock::recent_notes(deal, 8),
        turn,
    })
}

/// The seat's message for the round's state; `unit` is the score word ("miles", "points").
fn message(
    state: &SeatState,
    round: &RoundRecord,
    round_state: rounds::RoundState,
    unit: &str,
) -> Option<Said> {
    let table = state.table?;
    let others: Vec<String> = state
        .tablemates
        .iter()
        .filter(|t| !t.you)
        .map(|t| t.names.join(" & "))
        .collect();
    // A message naming the table, with the tablemates ("...-with") when there are any.
    let at_table = |alone: &'static str, with: &'static str| {
        let said = if others.is_empty() {
            Said::new(alone)
        } else {
            Said::new(with).names("others", others.clone())
        };
        said.number("round", round.number()).number("table", table)
    };
    let over = |id| {
        Said::new(id)
            .number("round", round.number())
            .text("unit", unit)
    };
    use rounds::RoundState;
    Some(match round_state {
        RoundState::Seated => at_table("seat-msg-sit-at", "seat-msg-sit-at-with"),
        RoundState::Paused => Said::new("seat-msg-paused"),
        // At a paper table the miles are recorded once the side's card is in and confirmed
        // (or the host has closed the round).
        RoundState::Over if state.mode.as_deref() == Some(play::PAPER) => {
            match state.cards.iter().find(|c| c.mine) {
                Some(card) if card.card.is_some() && card.confirmed => over("seat-msg-recorded"),
                Some(card) if card.card.is_some() => over("seat-msg-paper-card-in"),
                _ => over("seat-msg-paper-count"),
            }
        }
        RoundState::Over | RoundState::Closed => over("seat-msg-recorded"),
        _ if state.mode.as_deref() == Some(play::PAPER) => {
            at_table("seat-msg-paper-table", "seat-msg-paper-table-with")
        }
        _ => match &state.deal {
            Some(deal) if deal.view.is_over() => Said::new("seat-msg-deal-over"),
            // A decision out of turn is named (the page adds the seconds left). After a hazard
            // every seat but the holder reads the same words, whoever holds the safety.
            Some(DealInfo {
                wait: Some(wait), ..
            }) => Said::new(match (wait.after_hazard, wait.deciding) {
                (true, true) => "seat-msg-coup-fourre",
                (true, false) => "seat-msg-coup-fourre-wait",
                (false, true) => "seat-msg-extension",
                (false, false) => "seat-msg-extension-wait",
            }),
            // The board's heading already says "Your turn".
            Some(deal) if deal.your_turn => Said::new("seat-msg-your-turn"),
            Some(_) => Said::new("seat-msg-waiting"),
            None => at_table("seat-msg-at-table", "seat-msg-at-table-with"),
        },
    })
}

/// A move as it came in: how many actions the player had seen, and the action.
#[derive(Debug, Clone, Copy)]
pub struct MoveRequest {
    pub seen: u32,
    pub action: Action,
    /// The player confirmed a move that throws away its own side's miles
    /// ([`Game::warning`](crate::engine::Game::warning)). The seat page asks first; bots and
    /// programs playing through the API have read the legal moves and need not.
    pub confirmed: bool,
}

/// What a move answers: its events (as the player may see them) and the new state.
#[derive(Debug, Clone, Serialize)]
pub struct MoveAnswer {
    pub events: Vec<Event>,
    pub state: SeatState,
}

/// Plays a move sent as JSON (`{"play":"go"}`), read under the rules the event plays.
pub fn play_json_move(
    conn: &mut Conn,
    holder: &SeatHolder,
    (seen, confirmed): (u32, bool),
    action: &serde_json::Value,
    now: DateTime<Utc>,
) -> AppResult<(MoveAnswer, TableRef)> {
    let action =
        Action::from_json(holder.event.settings.rules, action).map_err(AppError::Invalid)?;
    let request = MoveRequest {
        seen,
        action,
        confirmed,
    };
    play_move_as(conn, holder, request, now)
}

/// Plays a move for a known player. Refusals: the clock ("time is up", "not started",
/// "paused"), a stale view ("the table moved on"), or the rules (the engine's sentence).
pub fn play_move_as(
    conn: &mut Conn,
    holder: &SeatHolder,
    request: MoveRequest,
    now: DateTime<Utc>,
) -> AppResult<(MoveAnswer, TableRef)> {
    let event = &holder.event;
    if let Some(to) = holder.player.handed_to {
        return Err(handed_refusal(conn, to)?);
    }
    let round = rounds::latest(conn, event)?
        .ok_or_else(|| AppError::conflict("no round has been seated yet"))?;
    let table = queries::table_of_entry(conn, round.row.id, holder.entry.id)?
        .ok_or_else(|| AppError::conflict("you do not sit at a table this round"))?;
    if table.mode != DIGITAL {
        return Err(AppError::conflict(
            "your table plays with real cards: enter the score card at the end of the round",
        ));
    }
    let reading = rounds::check_in_time(conn, event, &round, now)?;
    let deal = play::current_deal(conn, table.id)?
        .ok_or_else(|| AppError::Internal("a digital table without a deal".into()))?;
    let seat = deal.seats.seat_of(holder.player.id).ok_or_else(|| {
        AppError::Internal("a player at a table without a seat in its deal".into())
    })?;
    // A move that throws away the side's own miles is played only once confirmed (unless the
    // table moved on: then the player is shown the new state instead).
    if !request.confirmed
        && request.seen == deal.actions
        && deal.game.to_move() == seat
        && let Some(warning) = deal.game.warning(request.action)
    {
        return Err(AppError::Invalid(unconfirmed(&warning)));
    }
    let outcome = play::apply_move(
        conn,
        (event, &round.row, &table),
        deal,
        Move {
            seat,
            seen: request.seen,
            action: request.action,
        },
        now.naive_utc(),
    )?;
    let events = outcome.events;
    let changed = outcome.changed;
    let at = DealAt::of(&outcome.deal);
    // A round by games is over once its last table's last deal is won: read the clock again.
    let reading = if outcome.finished {
        rounds::reading(conn, event, &round, now)?
    } else {
        reading
    };
    let seated = Seated {
        round: round.clone(),
        reading,
        table: table.clone(),
        deal: outcome.deal,
    };
    let (state, _) = state_with(conn, holder, now, Some(seated))?;
    Ok((
        MoveAnswer { events, state },
        TableRef {
            event: event.id(),
            round: round.row.id,
            table: table.id,
            changed,
            deal: Some(at),
        },
    ))
}

/// What the page of a seat handed to a late arrival says.
fn handed_message(conn: &mut Conn, to: i64, round: Option<i32>) -> AppResult<Said> {
    let name = super::handover::successor_name(conn, to)?;
    Ok(match round {
        Some(round) => Said::new("seat-msg-handed-in-round")
            .text("name", name)
            .number("round", round),
        None => Said::new("seat-msg-handed").text("name", name),
    })
}

/// The refusal of a move sent from a seat handed to a late arrival.
fn handed_refusal(conn: &mut Conn, to: i64) -> AppResult<AppError> {
    let name = super::handover::successor_name(conn, to)?;
    Ok(AppError::conflict(format!(
        "the host gave your seat to {name}: this link no longer plays; ask the host if that is a mistake"
    )))
}

/// The refusal of a dangerous move sent without its confirmation.
pub fn unconfirmed(warning: &str) -> String {
    let mut first = warning.chars();
    let warning = first
        .next()
        .map(|c| c.to_uppercase().chain(first).collect::<String>())
        .unwrap_or_default();
    format!(
        "{warning}. That move was not played: tick \"Yes, I mean it\" beside it and play it again \
         to play it anyway."
    )
}

/// Which table a move was played at, for live updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRef {
    pub event: i64,
    pub round: i64,
    pub table: i64,
    /// Whether the table changed. A coup fourré let go is only noted until the table's wait is
    /// over, and no page may be told of it (see `play::apply_move`).
    pub changed: bool,
    /// Where the table's deal stands after the move.
    pub deal: Option<DealAt>,
}

// ---------------------------------------------------------------- use cases, one transaction each

/// Opens a seat link: the first to open it holds the seat (it can no longer be picked), and
/// gets where to sit, the time left and the game as this seat sees it.
pub fn open_seat(app: &App, token: &str) -> AppResult<SeatState> {
    app.write(|conn| {
        claim_by_token(conn, token)?;
        state(conn, token, app.now())
    })
}

/// A seat's state, read only.
pub fn seat_state(app: &App, key: &SeatKey) -> AppResult<SeatState> {
    app.read(|conn| {
        let holder = key.holder(conn)?;
        state_of(conn, &holder, app.now())
    })
}

/// Plays a move sent as JSON (`{"play":"go"}`) from a seat.
///
/// `confirmed`: the player confirmed a move that throws away its own side's miles (see
/// [`MoveRequest::confirmed`]).
pub fn play_move(
    app: &App,
    key: &SeatKey,
    (seen, confirmed): (u32, bool),
    action: &serde_json::Value,
) -> AppResult<(MoveAnswer, TableRef)> {
    let played = app.write(|conn| {
        let holder = key.holder(conn)?;
        play_json_move(conn, &holder, (seen, confirmed), action, app.now())
    })?;
    // Counted once committed (a write may run more than once).
    crate::metrics::get().moves.inc();
    Ok(played)
}

/// A side's paper score card as a seat sees it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatCardLine {
    pub side: usize,
    pub names: String,
    /// The counts of the first hand, once the side has entered its card (kept for clients
    /// that knew a card of one hand; `hands` holds every hand).
    pub card: Option<crate::tournament::PaperCard>,
    /// The counts of every hand of the round, in order, once the side has entered its card.
    pub hands: Option<crate::tournament::PaperHands>,
    /// What a confirmation of this card names: a digest of its counts, which changes with
    /// them.
    pub version: Option<String>,
    pub confirmed: bool,
    /// The host entered it (so only the host changes it).
    pub by_host: bool,
    pub mine: bool,
}

/// Everything a seat's board shows: the seat's state (at a paper table with every side's
/// card), its table's score sheet, and the table it sits at (for live updates).
#[derive(Debug, Clone)]
pub struct SeatBoard {
    pub state: SeatState,
    pub sheet: crate::engine::ScoreSheet,
    /// The id of the seat's table this round, if it sits at one.
    pub table: Option<i64>,
    /// The series the evening belongs to, if any (the seat page links to the guest's season).
    pub series: Option<i64>,
}

/// A seat's board, read in one transaction.
pub fn seat_board(app: &App, key: &SeatKey) -> AppResult<SeatBoard> {
    app.read(|conn| {
        let holder = key.holder(conn)?;
        board_of(conn, &holder, app.now()).map(|(board, _)| board)
    })
}

/// A seat's board as a live stream keeps it: the board, and what a move at its table may change
/// of it ([`DealFrame`]), so that the stream draws the next move from the deal alone.
#[derive(Debug, Clone)]
pub struct KeptBoard {
    pub board: SeatBoard,
    frame: Option<DealFrame>,
}

/// A seat's board for its live stream, read in one transaction.
pub fn kept_board(app: &App, key: &SeatKey) -> AppResult<KeptBoard> {
    app.read(|conn| {
        let holder = key.holder(conn)?;
        let (board, frame) = board_of(conn, &holder, app.now())?;
        Ok(KeptBoard { board, frame })
    })
}

/// A kept board after moves at its table, drawn from the replay this instance keeps when it is
/// at least as recent as a move's notice said (`at`): reads nothing, so a live stream may call
/// it on its own thread. `None` when no such replay is kept, or the deal is another one.
pub fn board_told(app: &App, kept: &KeptBoard, at: DealAt) -> Option<KeptBoard> {
    let frame = kept.frame.as_ref()?;
    if at.game != frame.game {
        return None;
    }
    let deal = app.deals().at_least(at)?;
    Some(redrawn(kept, frame, &deal, app.now()))
}

/// A kept board after moves at its table: the same board with the table's deal as it stands,
/// drawn from the deal alone. When the move's notice said where the deal stands (`at`) and
/// this instance keeps that replay (or a later one), nothing is read; otherwise the table's
/// latest deal is read (the kept replay and the actions stored since). `None` when that is not
/// enough and the stream must read the whole board again: the deal was won and another dealt,
/// or the board shows no deal.
pub fn board_after_moves(
    app: &App,
    kept: &KeptBoard,
    at: Option<DealAt>,
) -> AppResult<Option<KeptBoard>> {
    let Some(frame) = &kept.frame else {
        return Ok(None);
    };
    if let Some(at) = at {
        if at.game != frame.game {
            return Ok(None);
        }
        if let Some(board) = board_told(app, kept, at) {
            return Ok(Some(board));
        }
    }
    let read = app.read(
        |conn| match queries::latest_game_of_table(conn, frame.table)? {
            Some(row) if row.id == frame.game => play::load_deal(conn, row).map(Some),
            _ => Ok(None),
        },
    )?;
    Ok(read.map(|deal| redrawn(kept, frame, &deal, app.now())))
}

/// The kept board with `deal` drawn in.
fn redrawn(
    kept: &KeptBoard,
    frame: &DealFrame,
    deal: &LoadedDeal,
    now: DateTime<Utc>,
) -> KeptBoard {
    let mut board = kept.board.clone();
    frame.apply(&mut board.state, Some(deal), now);
    if let Some(round) = &mut board.state.round
        && round.state == rounds::RoundState::Running
        && let Some(end) = round.ends_at
    {
        round.left_ms = Some((end - now).num_milliseconds().max(0));
    }
    KeptBoard {
        board,
        frame: Some(frame.clone()),
    }
}

/// Opens a seat link and reads its board, in one transaction: the first to open the link
/// holds the seat (it can no longer be picked from a QR code).
pub fn open_seat_board(app: &App, token: &str) -> AppResult<SeatBoard> {
    app.write(|conn| {
        claim_by_token(conn, token)?;
        let holder = holder(conn, token)?;
        board_of(conn, &holder, app.now()).map(|(board, _)| board)
    })
}

fn board_of(
    conn: &mut Conn,
    holder: &SeatHolder,
    now: DateTime<Utc>,
) -> AppResult<(SeatBoard, Option<DealFrame>)> {
    let (state, frame) = state_with(conn, holder, now, None)?;
    let sheet = holder
        .event
        .settings
        .table_config(state.tablemates.len().max(2))
        .map(|config| config.rules.score_sheet(config))
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let table = match rounds::latest(conn, &holder.event)? {
        Some(round) => queries::table_of_entry(conn, round.row.id, holder.entry.id)?,
        None => None,
    };
    Ok((
        SeatBoard {
            state,
            sheet,
            table: table.map(|t| t.id),
            series: holder.event.row.series_id,
        },
        frame,
    ))
}

/// The event a seat belongs to.
pub fn event_of_seat(app: &App, key: &SeatKey) -> AppResult<i64> {
    app.read(|conn| Ok(key.holder(conn)?.event.id()))
}

/// What a guest who opens a QR code's join page may pick.
#[derive(Debug, Clone)]
pub struct PickList {
    /// The event's name.
    pub event_name: String,
    /// The free seats this key opens: the player and their name.
    pub free: Vec<(i64, String)>,
    /// The name of the seat this browser already holds in this event, if it does (a guest
    /// who scans the code again, or reopens the page, goes back to it).
    pub held: Option<String>,
}

/// The free seats a guest may pick with this key (of a table, or the event's), and the seat
/// this browser already holds here (`held`: the player and epoch its session keeps).
pub fn free_seats_for(
    app: &App,
    event: i64,
    from: PickFrom,
    key: &str,
    held: Option<(i64, i32)>,
) -> AppResult<PickList> {
    app.read(|conn| {
        let record = events::load(conn, event)?;
        let free = free_seats(conn, &record, from, key)?;
        let held = match held {
            Some((player, epoch)) => match holder_by_pick(conn, player, epoch) {
                Ok(holder) if holder.event.id() == event => Some(holder.player.name),
                _ => None,
            },
            None => None,
        };
        Ok(PickList {
            event_name: record.settings.name,
            free,
            held,
        })
    })
}

/// Picks a free seat. Returns the player and the seat's epoch for the browser's session.
pub fn pick_seat(
    app: &App,
    event: i64,
    from: PickFrom,
    key: &str,
    player: i64,
) -> AppResult<(i64, i32)> {
    app.write(|conn| {
        let record = events::load(conn, event)?;
        pick(conn, &record, from, key, player)
    })
}
