//! What a seat sees now: the round and its clock, its table and tablemates, and the deal as its
//! seat may see it.

use super::{
    Opened, SeatCardLine, SeatHolder, SeatKey, final_place, handed_message, hold_by_link, holder,
    last_round_news, message, paper_cards,
};
use crate::app::play::{DIGITAL, LoadedDeal};
use crate::app::rounds::RoundRecord;
use crate::app::{App, AppResult, Tx, play, rounds, turn_clock};
use crate::db::{models, queries};
use crate::engine::{Action, Event, RulesId, Seat, View};
use crate::i18n::{Lang, Said};
use crate::tournament::{ClockState, EntryId};
use chrono::{DateTime, Utc};
use serde::Serialize;

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
    /// Once the evening is over: the guest's place, total and who came first, which the seat
    /// page shows instead of the frozen game (the API says it in `message`).
    #[serde(skip)]
    pub result: Option<FinalResult>,
}

/// A guest's result once the evening is over, as the seat page shows it: only what the
/// standings show everyone (places, totals and names), nothing of any hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalResult {
    /// The guest's place (`None`: withdrawn before playing, not ranked).
    pub place: Option<u32>,
    /// Another entry shares the place.
    pub shared: bool,
    /// How many entries are ranked.
    pub of: u32,
    pub total: u64,
    pub unit: crate::engine::ScoreUnit,
    /// The names in first place (several when it is shared).
    pub winners: Vec<String>,
    /// The guest is in first place.
    pub you_won: bool,
    /// The host has not closed the evening yet: the standings may still change.
    pub provisional: bool,
}

impl SeatState {
    /// Tells the seat what to do now: the messages, and their English for the API.
    pub(super) fn tell(&mut self, said: Vec<Said>) {
        self.message = Lang::ENGLISH.say_all(&said);
        self.said = said;
    }
}

/// What the player sees now.
pub fn state(tx: &mut Tx, token: &str, now: DateTime<Utc>) -> AppResult<SeatState> {
    let holder = holder(tx, token)?;
    state_of(tx, &holder, now)
}

/// What a known player sees now.
pub fn state_of(tx: &mut Tx, holder: &SeatHolder, now: DateTime<Utc>) -> AppResult<SeatState> {
    state_with(tx, holder, now, None).map(|(state, _)| state)
}

/// What a move at a seat's table may change of what the seat sees, and what it needs to draw
/// that again without reading anything else: the rest of the seat's state (the round, the
/// table, who sits there) stays as it was until the event itself changes.
#[derive(Debug, Clone)]
pub struct DealFrame {
    /// The round's table.
    pub(super) table: i64,
    /// The deal shown (its game's id).
    pub(super) game: i64,
    pub(super) player: i64,
    /// Whether the clock runs, so that moves are offered.
    pub(super) playing: bool,
    pub(super) round: RoundRecord,
    pub(super) round_state: rounds::RoundState,
    pub(super) unit: &'static str,
    /// How the last round went (between rounds), or the evening (after the last).
    pub(super) news: Option<Said>,
    pub(super) finale: Option<Vec<Said>>,
    /// Each tablemate's players, in the order of the state's tablemates.
    pub(super) players: Vec<Vec<i64>>,
    /// What each entry scored in the round's other deals.
    pub(super) earlier: std::collections::BTreeMap<EntryId, u32>,
    /// The event's turn clock (seconds a turn).
    pub(super) turn_seconds: Option<u32>,
    /// A round to points (a rule set's whole game of many hands, Mille Bornes') at this
    /// digital table: its points, and the rules that say who has won it.
    pub(super) game_to: Option<(u32, RulesId)>,
    /// A bot plays the seat (a bot's seat, or one the host handed to a stand-in): no move is
    /// offered, and while the round is played this is what the seat is told.
    pub(super) bot_plays: Option<Said>,
}

impl DealFrame {
    /// Draws the deal's part of the state: the deal as the seat sees it, who plays which
    /// side, the round's miles, and the sentence saying what to do.
    pub(super) fn apply(
        &self,
        state: &mut SeatState,
        deal: Option<&LoadedDeal>,
        now: DateTime<Utc>,
    ) {
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
            // A seat a bot plays is offered no move.
            let offered = self.playing && self.bot_plays.is_none();
            deal_info(d, self.player, offered, now, turn)
        });
        let said = match (&self.finale, &self.bot_plays) {
            (Some(finale), _) => finale.clone(),
            (None, Some(bot)) if self.playing => {
                // Who plays the seat instead of what to do; a game to points still shows its
                // score sheet (a guest whose seat a stand-in plays follows the game).
                let said: Vec<Said> = match self.game_to {
                    Some(game) => game_sheet(state, game, Some(bot.clone())),
                    None => vec![bot.clone()],
                };
                self.news.iter().cloned().chain(said).collect()
            }
            _ => {
                let said = message(state, &self.round, self.round_state, self.unit);
                let said: Vec<Said> = match self.game_to {
                    Some(game) => game_sheet(state, game, said),
                    None => said.into_iter().collect(),
                };
                self.news.iter().cloned().chain(said).collect()
            }
        };
        state.tell(said);
    }
}

/// What a seat a bot plays is told instead of what to do (see [`bot_plays`]).
fn bot_plays_message(holder: &SeatHolder) -> Option<Said> {
    if holder.entry.is_bot {
        Some(Said::new("seat-msg-bot-seat"))
    } else if holder.player.stand_in {
        Some(Said::new("seat-msg-stand-in"))
    } else {
        None
    }
}

/// In a round to points (a rule set's whole game of many hands), the score sheet of the game
/// so far after the seat's message, or, once its last hand is over and a side has won (as the
/// rules say), the winner named.
pub(super) fn game_sheet(
    state: &SeatState,
    (points, rules): (u32, RulesId),
    message: Option<Said>,
) -> Vec<Said> {
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
    match rules
        .match_winner(&totals)
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
pub(super) struct Seated {
    pub(super) round: RoundRecord,
    pub(super) reading: crate::tournament::ClockReading,
    pub(super) table: models::RoundTable,
    pub(super) deal: LoadedDeal,
}

/// What a known player sees now; after a move, given where they sit and their table's deal as
/// the move left it ([`Seated`]), so that neither is read again. At a digital table also what
/// a move there may change ([`DealFrame`]).
pub(super) fn state_with(
    tx: &mut Tx,
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
        result: None,
    };
    let (round, reading, mut known) = match seated {
        Some(Seated {
            round,
            reading,
            table,
            deal,
        }) => (round, reading, Some((table, deal))),
        None => {
            let Some(round) = rounds::latest(tx, event)? else {
                state.tell(vec![Said::new("seat-msg-not-seated-yet")]);
                return Ok((state, None));
            };
            let reading = rounds::reading(tx, event, &round, now)?;
            (round, reading, None)
        }
    };
    let round_state = rounds::RoundState::of(&round, reading.state);
    // After the last round: the guest's place, score and prize. Between rounds (the next one
    // seated, not started): how the last one went and where the guest goes.
    let finale = if event.is_finished() {
        final_place(tx, event, holder.entry.id)?.map(|(said, result)| {
            state.result = Some(result);
            said
        })
    } else {
        None
    };
    let news = if round_state == rounds::RoundState::Seated {
        last_round_news(tx, event, &round, holder.entry.id)?
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
        None => queries::table_of_entry(tx, round.row.id, holder.entry.id)?,
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
            vec![handed_message(tx, to, holder.entry.withdrawn_round)?]
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
        _ if table.mode == DIGITAL => play::current_deal(tx, table.id)?,
        _ => None,
    };
    let mut players: Vec<Vec<i64>> = Vec::new();
    for (te, bot, player) in queries::seated_players(tx, table.id)? {
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
    let mut earlier = if table.mode == DIGITAL {
        // The table's entries in side order, as the tablemates were just read.
        let entries: Vec<EntryId> = state.tablemates.iter().map(|m| m.entry).collect();
        play::table_miles(tx, &table, &entries, deal.as_ref())?
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
                Some((points, event.settings.rules))
            }
            _ => None,
        },
        bot_plays: bot_plays_message(holder),
    };
    // (The cards first: the seat's message says whether its own is in.)
    if table.mode == play::PAPER {
        state.cards = paper_cards(tx, &state, table.id)?;
    }
    frame.apply(&mut state, deal.as_ref(), now);
    Ok((state, deal.is_some().then_some(frame)))
}

pub(super) fn deal_info(
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

/// Opens a seat link: the first to open it holds the seat (it can no longer be picked, and a
/// browser that had picked it holds it no longer: see [`hold_by_link`]), and gets where to
/// sit, the time left and the game as this seat sees it.
pub fn open_seat(app: &App, token: &str) -> AppResult<(SeatState, Opened)> {
    app.write(|conn| {
        let (holder, opened) = hold_by_link(conn, token)?;
        Ok((state_of(conn, &holder, app.now())?, opened))
    })
}

/// A seat's state, read only.
pub fn seat_state(app: &App, key: &SeatKey) -> AppResult<SeatState> {
    app.read(|conn| {
        let holder = key.holder(conn)?;
        state_of(conn, &holder, app.now())
    })
}
