//! What the API reads and answers about a series (a club's season of evenings).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A new series (a season, a league of evenings), or a change to one.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeriesInput {
    /// The series' name (1 to 200 characters).
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    /// How evenings add up: "total" (every evening), "best" (each person's best
    /// `count_best` evenings) or "average" (per evening attended). Left out: "best" when
    /// `count_best` is given, else "total".
    #[serde(default)]
    pub count: Option<String>,
    /// With "best": how many evenings count (1 to 500).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 500)]
    pub count_best: Option<i64>,
    /// The prizes given beyond places; left out: none.
    #[serde(default)]
    pub prizes: Option<PrizesInput>,
}

/// The prizes a series gives beyond places, each per evening or per season: "booby"
/// (lowest score), "most_rounds_won", "best_round" (best single round), "most_tables"
/// (most tables visited) and, per season only, "perfect_attendance".
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrizesInput {
    /// Given every evening of the series.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub evening: Vec<String>,
    /// Given over the season.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub season: Vec<String>,
}

/// A change of a series: its name or how it counts. A best N may not exceed the evenings
/// already held.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeriesChange {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[serde(default)]
    pub count: Option<String>,
    #[serde(default)]
    #[schema(minimum = 1, maximum = 500)]
    pub count_best: Option<i64>,
    /// The prizes, replacing those chosen before (both lists).
    #[serde(default)]
    pub prizes: Option<PrizesInput>,
}

/// A series: its id, name, counting and prizes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesOut {
    pub id: i64,
    pub name: String,
    /// "total", "best" or "average".
    pub count: String,
    /// With "best": how many evenings count.
    pub count_best: Option<u32>,
    /// The prizes chosen, as the words of [`PrizesInput`].
    pub prizes: PrizesInput,
}

/// A new series, with its host token (shown only now).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesCreated {
    pub ok: bool,
    pub series: SeriesOut,
    /// Send it as `Authorization: Bearer` to make evenings in the series and to tell who is
    /// who. Shown only now.
    pub host_token: String,
    /// The series' console in a browser: opening it signs the browser in as the series'
    /// host. It holds the token: shown only now.
    pub host_link: String,
}

/// A series after a change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesUpdated {
    pub ok: bool,
    pub series: SeriesOut,
}

/// One evening of a series.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesEveningOut {
    pub event: i64,
    pub name: String,
    /// setup, running or finished.
    pub status: String,
    pub closed: bool,
    pub date: chrono::DateTime<chrono::Utc>,
    /// The evening's views are private: its people, scores and prizes are left out of the
    /// season's public standings.
    pub private: bool,
    /// The evening's prizes: per prize, `prize`, the `names` taking it (several when tied)
    /// and the `value` it was won with.
    #[schema(value_type = Vec<Object>)]
    pub awards: Vec<crate::tournament::Award>,
}

/// The season's standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesStandingsOut {
    pub ok: bool,
    pub series: SeriesOut,
    pub evenings: Vec<SeriesEveningOut>,
    /// Per person: `name`, `place`, `evenings`, `total`, `counted` and per evening
    /// `scores`, `places` and `counts` (see docs/api.md).
    #[schema(value_type = Vec<Object>)]
    pub standings: Vec<crate::tournament::SeriesStanding>,
    /// The season's prizes, as each evening's `awards`.
    #[schema(value_type = Vec<Object>)]
    pub awards: Vec<crate::tournament::Award>,
}

/// One person's result at one evening, in a season's JSON export.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesResultOut {
    /// The name as typed that evening.
    pub name: String,
    pub place: u32,
    pub total: u64,
    /// The score of each round played at a table (null: a bye, a missed round or one after
    /// withdrawing).
    pub rounds: Vec<Option<u32>>,
    pub rounds_won: u32,
    pub tables: u32,
    pub withdrawn: bool,
}

/// One evening of a season's JSON export, with everyone's result.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesEveningExport {
    #[serde(flatten)]
    pub evening: SeriesEveningOut,
    pub results: Vec<SeriesResultOut>,
}

/// A season as JSON: the series, every evening's results and prizes, the standings and the
/// season's prizes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesExportOut {
    pub ok: bool,
    pub series: SeriesOut,
    pub evenings: Vec<SeriesEveningExport>,
    #[schema(value_type = Vec<Object>)]
    pub standings: Vec<crate::tournament::SeriesStanding>,
    #[schema(value_type = Vec<Object>)]
    pub awards: Vec<crate::tournament::Award>,
}

/// An evening made without the series, taken into it: its host token proves the evening's
/// host agrees (the series' host token, as Bearer, proves the series' host does).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttachInput {
    pub host_token: String,
}

/// Two names that are one person: `name` counts as `with`, under `with`'s name.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkInput {
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[schema(min_length = 1, max_length = 200)]
    pub with: String,
}

/// Splits people apart. With `name` alone: a linked name is its own person again. With
/// `player` (a seat of one of the series' evenings) and `name`: that seat is the person named
/// `name` (made if new), so one name can be two people.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SplitInput {
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(minimum = 1)]
    pub player: Option<i64>,
}

/// One person of a series.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesPersonOut {
    pub name: String,
    pub evenings: u32,
    /// Other names linked to this person.
    pub also: Vec<String>,
}

/// A series' people, for its host.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeriesPeopleOut {
    pub ok: bool,
    pub people: Vec<SeriesPersonOut>,
}
