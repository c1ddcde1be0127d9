//! What the API answers about events, entries, rounds, scores, replays and seats.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::tournament;

//
// What the API answers, with its OpenAPI schemas. Parts that are the engine's or the
// tournament's own JSON (settings, clocks, plans, reports, a seat's view) are named as objects
// (or lists of objects); the fields around them are spelled out.

/// A plain yes: the change is made.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Done {
    /// Always true (a refusal is an `ErrorBody`).
    pub ok: bool,
}

impl Done {
    pub const YES: Done = Done { ok: true };
}

/// An event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventOut {
    pub id: i64,
    pub name: String,
    /// setup, running or finished.
    pub status: String,
    /// The host closed the evening: its results and prizes are final. While the status is
    /// finished and this is false, the results are provisional (scores can still be
    /// corrected).
    pub closed: bool,
    /// The settings (the public face of an event leaves out the seed).
    #[schema(value_type = Object)]
    pub settings: serde_json::Value,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The series the evening belongs to, if any.
    pub series: Option<i64>,
}

/// A new event, with its host token (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventCreated {
    pub ok: bool,
    pub event: EventOut,
    pub host_token: String,
    pub host_link: String,
}

/// An event as a reader sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventView {
    pub ok: bool,
    pub event: EventOut,
    /// Entries still playing.
    pub entries: usize,
    /// The current (or last) round; null before the first is seated.
    pub round: Option<RoundNowOut>,
}

/// The current round of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundNowOut {
    pub number: u32,
    /// seated, started or closed.
    pub state: String,
    #[schema(value_type = Object)]
    pub clock: tournament::ClockReading,
}

/// An event after a change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventUpdated {
    pub ok: bool,
    pub event: EventOut,
}

/// New join keys.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JoinKeys {
    pub ok: bool,
    pub join_key: String,
    pub join_link: String,
}

/// A new viewer key for the private views.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ViewerKeyOut {
    pub ok: bool,
    /// Reads the projector, the standings and the replays of a private event; picks no seat.
    pub viewer_key: String,
    pub viewer_link: String,
}

/// A new host token (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HostToken {
    pub ok: bool,
    pub host_token: String,
    pub host_link: String,
}

/// An entry: a player, a partnership or a bot.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryOut {
    pub id: i64,
    pub names: Vec<String>,
    pub players: Vec<i64>,
    pub bot: bool,
    /// random, steady or shrewd for a bot; null for people.
    pub bot_level: Option<String>,
    pub withdrawn: bool,
    pub joined_round: i32,
    /// What the entry scores for each round before `joined_round`: "zero" or "round_average".
    pub missed_rounds: String,
    /// A guest checked this entry in from the wall's QR code (the host did not add it).
    pub checked_in: bool,
}

/// Every entry of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntriesOut {
    pub ok: bool,
    pub entries: Vec<EntryOut>,
}

/// A player's seat link (the token is shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LinkOut {
    pub player: i64,
    pub name: String,
    pub token: String,
    pub link: String,
}

/// A new entry and its players' seat links.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntryAdded {
    pub ok: bool,
    pub entry: EntryOut,
    pub links: Vec<LinkOut>,
}

/// A renewed seat link.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LinkRenewed {
    pub ok: bool,
    pub player: i64,
    pub name: String,
    pub token: String,
    pub link: String,
}

/// A way to seat round 1.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatingOption {
    #[schema(value_type = Object)]
    pub plan: tournament::SeatingPlan,
    pub description: String,
}

/// Ways to seat round 1, the proposal first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatingOptions {
    pub ok: bool,
    pub options: Vec<SeatingOption>,
}

/// Who sits where in a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatingOut {
    #[schema(value_type = Vec<Object>)]
    pub tables: Vec<crate::app::report::TableReport>,
    #[schema(value_type = Vec<Object>)]
    pub byes: Vec<crate::app::report::ByeReport>,
}

/// A round: its clock, who sits where, and the score cards still missing.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundOut {
    pub ok: bool,
    pub round: u32,
    /// seated, started or closed.
    pub state: String,
    #[schema(value_type = Object)]
    pub clock: tournament::ClockReading,
    /// Null when the round has no tables in the report yet.
    pub seating: Option<SeatingOut>,
    #[schema(value_type = Vec<Object>)]
    pub missing_scores: Vec<crate::app::rounds::MissingScores>,
    /// Seating round 1 with a plan that is unfair (a table of three in rounds by games, or
    /// where tables wait for the signal): why. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// What closing a round would do now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClosingOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub closing: tournament::Closing,
}

/// What closing a round did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CloseOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub close: crate::app::rounds::CloseSummary,
}

/// A correction made.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CorrectionOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub correction: crate::app::rounds::CorrectionOutcome,
}

/// Every correction of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CorrectionsOut {
    pub ok: bool,
    #[schema(value_type = Vec<Object>)]
    pub corrections: Vec<crate::app::report::CorrectionReport>,
}

/// The standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StandingsOut {
    pub ok: bool,
    /// The host closed the evening: these are the final standings.
    #[serde(rename = "final")]
    #[schema(rename = "final")]
    pub is_final: bool,
    /// The evening is over but the host has not closed it: the standings are provisional
    /// and scores can still be corrected.
    pub provisional: bool,
    /// A round being played whose miles so far are counted in; null when none.
    pub live_round: Option<u32>,
    #[schema(value_type = Vec<Object>)]
    pub standings: Vec<crate::app::report::StandingReport>,
}

/// The step of a replay (the viewer key of a private event is read as for every public read).
#[derive(Debug, Deserialize)]
pub struct StepQuery {
    #[serde(default)]
    pub step: Option<u32>,
}

/// The finished deals of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplaysOut {
    pub ok: bool,
    /// Round, table and deal numbers, whether the deal was cut at the signal, and each side's
    /// entry, names, bot flag, score and whether it won, in the deal's side order.
    #[schema(value_type = Vec<Object>)]
    pub deals: Vec<crate::app::replay::FinishedDeal>,
}

/// A finished deal replayed to a step.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayOut {
    pub ok: bool,
    pub round: u32,
    pub table: u32,
    pub deal: u32,
    /// The actions replayed: 0 is the deal as dealt.
    pub step: u32,
    /// The deal's actions: the last step.
    pub steps: u32,
    /// The seat that played the step's action; null at step 0.
    pub mover: Option<u8>,
    /// Who played the step's action for its seat: "clock" (its turn ran out on the turn
    /// clock) or "bot" (the host handed the seat to a bot); null for the seat's own move.
    #[schema(value_type = Option<String>)]
    pub played_by: Option<crate::app::turn_clock::StandIn>,
    /// What the step's action did, as a referee saw it (the rule set's events).
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<crate::engine::Event>,
    /// Every seat in seat order: its player's name and the deal as that seat saw it (as in
    /// a seat's state, with no legal moves).
    #[schema(value_type = Vec<Object>)]
    pub seats: Vec<crate::app::replay::SeatAtStep>,
    /// Each side's entry, names, score at the end and whether it won.
    #[schema(value_type = Vec<Object>)]
    pub sides: Vec<crate::app::replay::SideResult>,
    /// Cut at the round's signal rather than played to its end: nobody won it, and its miles
    /// are those the cut counted.
    pub cut: bool,
}

/// A seat's state: where to sit, the time left, and the game as this seat sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatOut {
    pub ok: bool,
    #[schema(value_type = Object)]
    pub seat: crate::app::seat::SeatState,
}

/// A move played: its events and the seat's new state (`seat`), or, when the request asked
/// for a minimal answer (`Prefer: return=minimal`), only where the deal stands (`deal`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MoveOut {
    pub ok: bool,
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<crate::engine::Event>,
    /// The seat's state after the move (left out of a minimal answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub seat: Option<crate::app::seat::SeatState>,
    /// A minimal answer's only news: the deal's `number` and its `actions` (the `seen` of the
    /// seat's next move), as the seat's state would say them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub deal: Option<crate::app::seat::DealPosition>,
}
