//! Rows as Rust values: one struct to read each table and one to insert into it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::*;

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = events)]
pub struct Event {
    pub id: i64,
    pub name: String,
    pub rules: String,
    pub settings: String,
    pub seed: i64,
    pub host_token_hash: String,
    pub host_password_hash: Option<String>,
    pub status: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// Empty: the join keys are derived from the server's secret and `join_epoch`.
    pub join_key: String,
    pub private_views: bool,
    /// Bumped by logout and a new host token: every host session of an older one ends.
    pub host_epoch: i32,
    /// Bumped when the host rotates the join keys.
    pub join_epoch: i32,
    /// When the host closed the evening (its results final); `None` while it is open or
    /// over but provisional.
    pub closed_at: Option<NaiveDateTime>,
    /// Bumped when the host makes a new viewer link.
    pub view_epoch: i32,
    /// The series (season, league) the evening belongs to.
    pub series_id: Option<i64>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = events)]
pub struct NewEvent<'a> {
    pub name: &'a str,
    pub rules: &'a str,
    pub settings: &'a str,
    pub seed: i64,
    pub host_token_hash: &'a str,
    pub status: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub join_key: &'a str,
    pub series_id: Option<i64>,
}

/// A series: a season or league of evenings, added up.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = series)]
pub struct Series {
    pub id: i64,
    pub name: String,
    /// "total", "best" or "average".
    pub counting: String,
    /// With "best": how many evenings count.
    pub count_best: Option<i32>,
    pub host_token_hash: String,
    pub created_at: NaiveDateTime,
    /// The prizes each evening awards, comma separated ("booby,best_round").
    pub evening_prizes: String,
    /// The prizes awarded over the season, comma separated.
    pub season_prizes: String,
    /// The console's sessions open in this epoch only (a logout or a new token moves it on).
    pub host_epoch: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = series)]
pub struct NewSeries<'a> {
    pub name: &'a str,
    pub counting: &'a str,
    pub count_best: Option<i32>,
    pub host_token_hash: &'a str,
    pub created_at: NaiveDateTime,
    pub evening_prizes: &'a str,
    pub season_prizes: &'a str,
}

/// A person of a series, stored once the host links, splits or picks them.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = series_people)]
pub struct SeriesPerson {
    pub id: i64,
    pub series_id: i64,
    pub name: String,
    /// Linked: this person counts as that one.
    pub same_as: Option<i64>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = series_people)]
pub struct NewSeriesPerson<'a> {
    pub series_id: i64,
    pub name: &'a str,
    pub created_at: NaiveDateTime,
}

/// A seat of an evening the host said is a given person of its series.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = series_seats)]
pub struct SeriesSeat {
    pub player_id: i64,
    pub person_id: i64,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = entries, belongs_to(Event))]
pub struct Entry {
    pub id: i64,
    pub event_id: i64,
    pub position: i32,
    pub is_bot: bool,
    pub bot_level: Option<String>,
    pub joined_round: i32,
    /// For a withdrawn entry, the first round it no longer plays (it keeps the rounds before).
    pub withdrawn_round: Option<i32>,
    pub created_at: NaiveDateTime,
    /// What a late entry scores for each round it missed: `zero` or `round_average`.
    pub missed_rounds: String,
    /// A guest checked in themselves from the wall's QR code (the host did not type them).
    pub checked_in: bool,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = entries)]
pub struct NewEntry<'a> {
    pub event_id: i64,
    pub position: i32,
    pub is_bot: bool,
    pub bot_level: Option<&'a str>,
    pub joined_round: i32,
    pub created_at: NaiveDateTime,
    pub missed_rounds: &'a str,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = players, belongs_to(Entry))]
pub struct Player {
    pub id: i64,
    pub entry_id: i64,
    pub member: i32,
    pub name: String,
    pub token_hash: String,
    /// Someone opened this seat (its link, or a pick): nobody else may pick it.
    pub claimed: bool,
    /// Bumped when the host releases the seat or renews its link: older sessions end.
    pub epoch: i32,
    /// The host handed the seat to a bot: the table's steady bot plays its turns.
    pub stand_in: bool,
    /// The host handed the seat to a late arrival in the middle of a round: the player who
    /// took it over. This player's link no longer plays.
    pub handed_to: Option<i64>,
    /// A browser picked the seat from a QR code and holds it (not the seat's own link): the
    /// guest's link, once opened, takes it back.
    pub picked: bool,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = players)]
pub struct NewPlayer<'a> {
    pub entry_id: i64,
    pub member: i32,
    pub name: &'a str,
    pub token_hash: &'a str,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = rounds, belongs_to(Event))]
pub struct Round {
    pub id: i64,
    pub event_id: i64,
    pub number: i32,
    pub state: String,
    pub length_seconds: Option<i32>,
    pub extended_seconds: i32,
    pub started_at: Option<NaiveDateTime>,
    pub stopped_at: Option<NaiveDateTime>,
    pub closed_at: Option<NaiveDateTime>,
    pub byes: String,
    /// The tournament's closing of the round (movers, cuts, next seating), as JSON.
    pub closing: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = rounds)]
pub struct NewRound<'a> {
    pub event_id: i64,
    pub number: i32,
    pub state: &'a str,
    pub length_seconds: Option<i32>,
    pub extended_seconds: i32,
    pub byes: &'a str,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = pauses, belongs_to(Round))]
pub struct Pause {
    pub id: i64,
    pub round_id: i64,
    pub paused_at: NaiveDateTime,
    pub resumed_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = round_tables, belongs_to(Round))]
pub struct RoundTable {
    pub id: i64,
    pub round_id: i64,
    pub number: i32,
    pub mode: String,
    pub host_choice: Option<i64>,
    pub progresses: Option<i64>,
    pub tie: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = round_tables)]
pub struct NewRoundTable<'a> {
    pub round_id: i64,
    pub number: i32,
    pub mode: &'a str,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = table_entries, belongs_to(RoundTable, foreign_key = table_id))]
pub struct TableEntry {
    pub id: i64,
    pub table_id: i64,
    pub entry_id: i64,
    pub side: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = table_entries)]
pub struct NewTableEntry {
    pub table_id: i64,
    pub entry_id: i64,
    pub side: i32,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = games, belongs_to(RoundTable, foreign_key = table_id))]
pub struct GameRow {
    pub id: i64,
    pub table_id: i64,
    pub number: i32,
    pub rules: String,
    pub players: i32,
    pub partners: bool,
    pub seed: i64,
    pub seats: String,
    pub started_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    pub winner_side: Option<i32>,
    /// A finished deal's score per side, as a JSON list.
    pub scores: Option<String>,
    /// The table's options as a JSON object (see `engine::TableOptions`); none for none.
    pub options: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame<'a> {
    pub table_id: i64,
    pub number: i32,
    pub rules: &'a str,
    pub players: i32,
    pub partners: bool,
    pub seed: i64,
    pub seats: &'a str,
    pub started_at: NaiveDateTime,
    pub options: Option<&'a str>,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = actions, belongs_to(GameRow, foreign_key = game_id))]
pub struct ActionRow {
    pub id: i64,
    pub game_id: i64,
    pub number: i32,
    pub seat: i32,
    pub action: String,
    pub created_at: NaiveDateTime,
    /// Who played it for the seat: "clock" (the seat's turn ran out) or "bot" (the host
    /// handed the seat to a bot); `None` for the seat's own move or the table's.
    pub played_by: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = actions)]
pub struct NewAction<'a> {
    pub game_id: i64,
    pub number: i32,
    pub seat: i32,
    pub action: &'a str,
    pub created_at: NaiveDateTime,
    pub played_by: Option<&'a str>,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = scores, belongs_to(Round))]
pub struct Score {
    pub id: i64,
    pub round_id: i64,
    pub entry_id: i64,
    pub miles: i32,
    pub source: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = scores)]
pub struct NewScore<'a> {
    pub round_id: i64,
    pub entry_id: i64,
    pub miles: i32,
    pub source: &'a str,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = paper_scores, belongs_to(RoundTable, foreign_key = table_id))]
pub struct PaperScore {
    pub id: i64,
    pub table_id: i64,
    pub side: i32,
    pub entered_by: String,
    pub entered_at: NaiveDateTime,
    pub confirmed_by: Option<String>,
    pub confirmed_at: Option<NaiveDateTime>,
    /// Counts per row of the rule set's score sheet, as a JSON object.
    pub counts: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = paper_scores)]
pub struct NewPaperScore<'a> {
    pub table_id: i64,
    pub side: i32,
    pub counts: &'a str,
    pub entered_by: &'a str,
    pub entered_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Associations)]
#[diesel(table_name = corrections, belongs_to(Event))]
pub struct Correction {
    pub id: i64,
    pub event_id: i64,
    pub round_id: i64,
    pub entry_id: i64,
    pub old_miles: i32,
    pub new_miles: i32,
    pub reason: String,
    pub made_by: String,
    pub made_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = corrections)]
pub struct NewCorrection<'a> {
    pub event_id: i64,
    pub round_id: i64,
    pub entry_id: i64,
    pub old_miles: i32,
    pub new_miles: i32,
    pub reason: &'a str,
    pub made_by: &'a str,
    pub made_at: NaiveDateTime,
}
