//! Events and their entries: create and configure an evening, add, rename and withdraw entries,
//! and check the host's secret.

use chrono::NaiveDateTime;
use serde::Serialize;

use super::tokens::{hash_token, looks_like_token, new_token, same_hash};
use super::{App, AppError, AppResult, HostKey, HostProof, ViewerKey};
use crate::db::models::{self, NewEntry, NewEvent, NewPlayer};
use crate::db::{Conn, queries};
use crate::tournament::{self, EntryId, Members, MissedRounds, Settings};

/// Event status: entries are added and the first round seated.
pub const SETUP: &str = "setup";
/// Event status: at least one round has started.
pub const RUNNING: &str = "running";
/// Event status: the last round is closed; the standings are final.
pub const FINISHED: &str = "finished";

/// The answer every refused host secret gets, whether or not the event exists, so that a
/// wrong guess tells nothing.
pub fn host_refusal() -> AppError {
    AppError::Forbidden(
        "that host link or password is not valid for this event; open the host link you were given when the event was created".into(),
    )
}

/// An event with its settings read.
#[derive(Debug, Clone)]
pub struct EventRecord {
    pub row: models::Event,
    pub settings: Settings,
}

impl EventRecord {
    pub fn id(&self) -> i64 {
        self.row.id
    }

    /// The last round is closed: the results are in. They stay provisional (scores can still
    /// be corrected) until the host closes the evening ([`EventRecord::is_closed`]).
    pub fn is_finished(&self) -> bool {
        self.row.status == FINISHED
    }

    /// The host closed the evening: the results and prizes are final, no score changes.
    pub fn is_closed(&self) -> bool {
        self.row.closed_at.is_some()
    }

    /// The evening is over but the host has not closed it: its results are provisional.
    pub fn is_provisional(&self) -> bool {
        self.is_finished() && !self.is_closed()
    }

    /// The event's join key: the projector's QR code, which picks a free seat.
    pub fn join_key(&self) -> String {
        super::secret::join_key(self.id(), self.row.join_epoch, None)
    }

    /// The join key of one table's tent: it picks a free seat at that table only.
    pub fn table_key(&self, table: i32) -> String {
        super::secret::join_key(self.id(), self.row.join_epoch, Some(table))
    }

    /// Is this the event's join key?
    pub fn is_join_key(&self, key: &str) -> bool {
        same_hash(&self.join_key(), key)
    }

    /// The viewer key of private views: it reads the projector and the standings and picks
    /// no seat. New join keys leave it as it is, and a new viewer link leaves the join keys.
    pub fn viewer_key(&self) -> String {
        super::secret::viewer_key(self.id(), self.row.view_epoch)
    }

    /// Is this the event's viewer key?
    pub fn is_viewer_key(&self, key: &str) -> bool {
        same_hash(&self.viewer_key(), key)
    }
}

/// A person in an entry, with the token of their seat link when it was just made.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerLink {
    pub player: i64,
    pub name: String,
    /// Shown once, when the entry is created or the link is renewed.
    pub token: String,
}

/// Reads an event and its settings.
pub fn load(conn: &mut Conn, id: i64) -> AppResult<EventRecord> {
    let row = queries::event(conn, id)?
        .ok_or_else(|| AppError::not_found(format!("there is no event {id}")))?;
    let settings: Settings = serde_json::from_str(&row.settings)?;
    Ok(EventRecord { row, settings })
}

/// Reads an event for its host: a missing event and a wrong proof get the same refusal.
pub fn load_as_host(conn: &mut Conn, host: &HostKey) -> AppResult<EventRecord> {
    let event = match load(conn, host.event) {
        Ok(event) => event,
        Err(AppError::NotFound(_)) => return Err(host_refusal()),
        Err(other) => return Err(other),
    };
    if is_host(&event.row, &host.proof) {
        Ok(event)
    } else {
        Err(host_refusal())
    }
}

/// Loads an event for a reader: with private views on, only the host or the viewer key opens
/// it (the join key picks seats; it reads nothing more than a seat shows).
pub fn load_as_viewer(conn: &mut Conn, viewer: &ViewerKey) -> AppResult<EventRecord> {
    let event = load(conn, viewer.event)?;
    if !event.row.private_views
        || event.is_viewer_key(&viewer.key)
        || viewer.host.as_ref().is_some_and(|h| is_host(&event.row, h))
    {
        Ok(event)
    } else {
        Err(viewer_refusal())
    }
}

/// The refusal of a private view without its key.
pub fn viewer_refusal() -> AppError {
    AppError::Forbidden(
        "the host keeps this event private: add the viewer key (?key=...) or the host's token"
            .into(),
    )
}

/// Does this proof open the event as its host: its host token, or a session opened in its
/// current host epoch?
pub fn is_host(event: &models::Event, proof: &HostProof) -> bool {
    match proof {
        HostProof::Token(token) => is_host_secret(event, token),
        HostProof::Session(epoch) => event.host_epoch == *epoch,
    }
}

/// Does this secret (a host token) open the event?
pub fn is_host_secret(event: &models::Event, token: &str) -> bool {
    looks_like_token(token) && same_hash(&hash_token(token), &event.host_token_hash)
}

/// Creates an event from checked settings. Returns it with the host's token (shown once).
pub fn create(
    conn: &mut Conn,
    settings: Settings,
    now: NaiveDateTime,
) -> AppResult<(EventRecord, String)> {
    let settings = checked(settings)?;
    let token = new_token();
    let json = serde_json::to_string(&settings)?;
    let row = queries::insert_event(
        conn,
        &NewEvent {
            name: &settings.name,
            rules: settings.rules.id(),
            settings: &json,
            seed: settings.seed as i64,
            host_token_hash: &hash_token(&token),
            status: SETUP,
            created_at: now,
            updated_at: now,
            join_key: "",
            series_id: None,
        },
    )?;
    Ok((EventRecord { row, settings }, token))
}

/// Checks settings, joining every problem into one message.
pub fn checked(settings: Settings) -> AppResult<Settings> {
    settings.checked().map_err(|errors| {
        AppError::invalid(
            errors
                .0
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        )
    })
}

/// Changes the settings. Before the first round starts anything may change (as long as the
/// entries still fit); afterwards only the name, the prizes, the round length, the turn clock
/// and the length of the evening.
pub fn update_settings(
    conn: &mut Conn,
    event: &EventRecord,
    new: Settings,
    now: NaiveDateTime,
) -> AppResult<EventRecord> {
    let new = checked(new)?;
    let old = &event.settings;
    // The language is the pages', not the game's: it may change at any time, even after the
    // evening (for the printed standings).
    let mut only_language = old.clone();
    only_language.language = new.language;
    if event.is_finished() && only_language != new {
        return Err(AppError::conflict(
            "the event is over; its settings can no longer change (only its language, for the printed pages)",
        ));
    }
    if event.row.status != SETUP {
        let mut allowed = only_language;
        allowed.name = new.name.clone();
        allowed.prizes = new.prizes;
        allowed.length = new.length;
        allowed.round = new.round;
        allowed.turn_seconds = new.turn_seconds;
        if allowed != new {
            return Err(AppError::conflict(
                "the evening has started: only the name, the prizes, the round length, the turn clock, the length of the evening and its language can still change",
            ));
        }
    }
    if new.table_size.partners() != old.table_size.partners()
        && !queries::entries_of_event(conn, event.id())?.is_empty()
    {
        return Err(AppError::conflict(
            "entries are already in: switching between partnerships and single players would not fit them; withdraw them first or keep the table size",
        ));
    }
    let json = serde_json::to_string(&new)?;
    queries::update_event_settings(conn, event.id(), &new.name, &json, now)?;
    load(conn, event.id())
}

/// The round an entry added now first plays: the next one to be seated.
fn joining_round(conn: &mut Conn, event_id: i64) -> AppResult<i32> {
    Ok(match queries::latest_round(conn, event_id)? {
        None => 1,
        Some(round) if round.started_at.is_none() && round.number == 1 => 1,
        Some(round) => round.number + 1,
    })
}

/// Refuses a new entry when the event already holds `cap` entries (the server's
/// `--max-entries`; withdrawn entries count, since they stay in the standings).
pub fn check_room(conn: &mut Conn, event: &EventRecord, cap: Option<usize>) -> AppResult<()> {
    let Some(cap) = cap else {
        return Ok(());
    };
    if queries::entries_of_event(conn, event.id())?.len() >= cap {
        return Err(AppError::conflict(format!(
            "this event already has {cap} entries, the most this server takes; \
             the server's --max-entries setting allows more"
        )));
    }
    Ok(())
}

/// Refuses names that another player of the event already has (compared by
/// [`tournament::name_key`]: case, spacing and invisible characters aside), and a partnership
/// of two equal names: tents, boards and standings could not tell them apart.
fn check_unique_names(
    conn: &mut Conn,
    event: &EventRecord,
    names: &[String],
    except_entry: Option<i64>,
) -> AppResult<()> {
    if let [a, b] = names
        && tournament::name_key(a) == tournament::name_key(b)
    {
        return Err(AppError::invalid(format!(
            "both partners are called \"{a}\": add an initial or a surname to tell them apart"
        )));
    }
    let taken: std::collections::HashSet<String> = queries::players_of_event(conn, event.id())?
        .iter()
        .filter(|p| Some(p.entry_id) != except_entry)
        .map(|p| tournament::name_key(&p.name))
        .collect();
    if let Some(name) = names
        .iter()
        .find(|name| taken.contains(&tournament::name_key(name)))
    {
        return Err(AppError::invalid(format!(
            "there is already a player called \"{name}\" in this event: add an initial or a surname (\"{name} B.\") so that the tents, the boards and the standings tell them apart"
        )));
    }
    Ok(())
}

/// Adds an entry (a player or a partnership, or a labelled bot). Returns the entry and the
/// seat links of its players (the tokens are shown only now). A person's name must not be
/// another player's of the event (bots are numbered apart).
pub fn add_entry_in(
    conn: &mut Conn,
    event: &EventRecord,
    members: Members,
    bot_level: Option<&str>,
    now: NaiveDateTime,
) -> AppResult<(models::Entry, Vec<PlayerLink>)> {
    add_entry_with(conn, event, members, bot_level, MissedRounds::Zero, now)
}

/// [`add_entry_in`] with the host's choice of what a late entry scores for each round it
/// missed (0 or the round's average).
pub fn add_entry_with(
    conn: &mut Conn,
    event: &EventRecord,
    members: Members,
    bot_level: Option<&str>,
    missed: MissedRounds,
    now: NaiveDateTime,
) -> AppResult<(models::Entry, Vec<PlayerLink>)> {
    if event.is_finished() {
        return Err(AppError::conflict("the event is over; no more entries"));
    }
    tournament::check_entry(&event.settings, &members)
        .map_err(|e| AppError::invalid(e.to_string()))?;
    let names = members.names().to_vec();
    if bot_level.is_none() {
        check_unique_names(conn, event, &names, None)?;
    }
    let position = queries::next_entry_position(conn, event.id())?;
    let joined_round = joining_round(conn, event.id())?;
    let entry = queries::insert_entry(
        conn,
        &NewEntry {
            event_id: event.id(),
            position,
            is_bot: bot_level.is_some(),
            bot_level,
            joined_round,
            created_at: now,
            missed_rounds: missed_word(missed),
        },
    )?;
    let mut links = Vec::new();
    for (member, name) in names.into_iter().enumerate() {
        let token = new_token();
        let player = queries::insert_player(
            conn,
            &NewPlayer {
                entry_id: entry.id,
                member: member as i32,
                name: &name,
                token_hash: &hash_token(&token),
            },
        )?;
        links.push(PlayerLink {
            player: player.id,
            name,
            token,
        });
    }
    Ok((entry, links))
}

/// Adds `count` labelled bots, numbered after the bots already in.
pub fn add_bots(
    conn: &mut Conn,
    event: &EventRecord,
    count: usize,
    level: &str,
    now: NaiveDateTime,
) -> AppResult<Vec<EntryId>> {
    let existing = queries::entries_of_event(conn, event.id())?
        .iter()
        .filter(|e| e.is_bot)
        .count();
    let mut ids = Vec::new();
    for n in 0..count {
        let members = Members::for_bot(event.settings.table_size, (existing + n + 1) as u32);
        let (entry, _) = add_entry_in(conn, event, members, Some(level), now)?;
        ids.push(entry.id);
    }
    Ok(ids)
}

/// An entry of the event, or a not-found refusal.
pub fn entry_of(conn: &mut Conn, event: &EventRecord, entry_id: i64) -> AppResult<models::Entry> {
    queries::entry(conn, entry_id)?
        .filter(|e| e.event_id == event.id())
        .ok_or_else(|| AppError::not_found(format!("this event has no entry {entry_id}")))
}

/// Renames the players of an entry (one name, or two for a partnership).
pub fn rename_entry_in(
    conn: &mut Conn,
    event: &EventRecord,
    entry_id: i64,
    members: Members,
) -> AppResult<()> {
    let entry = entry_of(conn, event, entry_id)?;
    tournament::check_entry(&event.settings, &members)
        .map_err(|e| AppError::invalid(e.to_string()))?;
    let names = members.names().to_vec();
    if !entry.is_bot {
        check_unique_names(conn, event, &names, Some(entry.id))?;
    }
    for (player, name) in queries::players_of_entry(conn, entry.id)?
        .iter()
        .zip(&names)
    {
        queries::rename_player(conn, player.id, name)?;
    }
    Ok(())
}

/// Withdraws an entry: it keeps what it scored before and plays no more rounds. If it sits
/// at a table of a round being played, its seat is filled at the next seating; if the movement
/// has seated it in the next round, not started yet, that round is seated again without it.
/// The round stored is the first it no longer plays: the round being played or seated now, or
/// the next after a closed one.
pub fn withdraw_entry_in(conn: &mut Conn, event: &EventRecord, entry_id: i64) -> AppResult<()> {
    let entry = entry_of(conn, event, entry_id)?;
    if entry.withdrawn_round.is_some() {
        return Err(AppError::conflict("that entry has already withdrawn"));
    }
    let round = match queries::latest_round(conn, event.id())? {
        None => 1,
        Some(r) if r.state == super::rounds::CLOSED => r.number + 1,
        Some(r) => r.number,
    };
    queries::withdraw_entry(conn, entry.id, round)?;
    Ok(())
}

/// The word stored for a late entry's choice.
fn missed_word(missed: MissedRounds) -> &'static str {
    match missed {
        MissedRounds::Zero => "zero",
        MissedRounds::RoundAverage => "round_average",
    }
}

/// What removing an entry did.
#[derive(Debug, Clone)]
pub struct Removed {
    /// The entry's name, for the message.
    pub name: String,
    /// Round 1 was seated with the entry and not started: it was unseated, to be seated again.
    pub unseated_round_one: bool,
}

/// Removes an entry added by mistake, outright, before it has played: it sits in no round,
/// or only in round 1 before its signal (which is then unseated, to be seated again). An
/// entry seated in a round that has started, or seated by the movement, stays in the record:
/// it can be withdrawn instead.
pub fn remove_entry_in(conn: &mut Conn, event: &EventRecord, entry_id: i64) -> AppResult<Removed> {
    let entry = entry_of(conn, event, entry_id)?;
    let players = queries::players_of_entry(conn, entry.id)?;
    let name = players
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(" & ");
    // A partnership's names take "are".
    let is = if players.len() > 1 { "are" } else { "is" };
    let mut round_one = None;
    for round in queries::rounds_of_event(conn, event.id())? {
        let byes: Vec<EntryId> = serde_json::from_str(&round.byes)?;
        let seated = byes.contains(&entry.id)
            || queries::entries_of_round(conn, round.id)?
                .iter()
                .any(|te| te.entry_id == entry.id);
        if !seated {
            continue;
        }
        if round.number == 1 && round.started_at.is_none() {
            round_one = Some(round.id);
        } else {
            return Err(AppError::conflict(format!(
                "{name} {is} seated in round {}, so they stay in the record: withdraw them instead (they keep whatever they scored and are not seated again)",
                round.number
            )));
        }
    }
    if let Some(round) = round_one {
        queries::delete_round(conn, round)?;
    }
    queries::delete_entry(conn, entry.id)?;
    Ok(Removed {
        name,
        unseated_round_one: round_one.is_some(),
    })
}

/// A player of the event whose name (compared by [`tournament::name_key`]) is among `names`:
/// their name as entered, and the first free name like the one typed ("Ann 2"); or `None`.
pub fn taken_name_in(
    conn: &mut Conn,
    event: &EventRecord,
    names: &[String],
) -> AppResult<Option<(String, String)>> {
    let taken: std::collections::HashMap<String, String> =
        queries::players_of_event(conn, event.id())?
            .into_iter()
            .map(|p| (tournament::name_key(&p.name), p.name))
            .collect();
    let Some((typed, theirs)) = names
        .iter()
        .find_map(|name| Some((name.trim(), taken.get(&tournament::name_key(name))?)))
    else {
        return Ok(None);
    };
    let suggestion = (2..)
        .map(|n| format!("{typed} {n}"))
        .find(|candidate| !taken.contains_key(&tournament::name_key(candidate)))
        .unwrap_or_default();
    Ok(Some((theirs.clone(), suggestion)))
}

/// What the console's "link for X" did.
#[derive(Debug, Clone)]
pub enum Renewal {
    /// The seat's link is working (someone opened it, or picked the seat): nothing was
    /// changed; the host is asked before it is replaced.
    AskFirst { name: String },
    /// The new link (the old one stopped working).
    Done(PlayerLink),
}

/// One player of the event, or a clear refusal.
fn player_of(conn: &mut Conn, event: &EventRecord, player_id: i64) -> AppResult<models::Player> {
    queries::players_of_event(conn, event.id())?
        .into_iter()
        .find(|p| p.id == player_id)
        .ok_or_else(|| AppError::not_found(format!("this event has no player {player_id}")))
}

/// Makes a new seat link for a player (the old one stops working).
pub fn renew_link_in(
    conn: &mut Conn,
    event: &EventRecord,
    player_id: i64,
) -> AppResult<PlayerLink> {
    let player = player_of(conn, event, player_id)?;
    let token = new_token();
    queries::set_player_token(conn, player.id, &hash_token(&token))?;
    Ok(PlayerLink {
        player: player.id,
        name: player.name,
        token,
    })
}

/// Frees a player's seat: every session on it ends (its link still works) and the seat can
/// be picked again from its table's QR code, by the player or whoever the host lets in.
pub fn release_seat_in(conn: &mut Conn, event: &EventRecord, player_id: i64) -> AppResult<()> {
    let player = player_of(conn, event, player_id)?;
    queries::set_player_claim(conn, player.id, false, player.epoch.wrapping_add(1))?;
    Ok(())
}

/// New join keys for the projector and every table tent (print them again); the old ones
/// stop working. Seats already picked are kept, and so is the viewer link.
pub fn rotate_join_keys_in(conn: &mut Conn, event: &EventRecord) -> AppResult<()> {
    queries::bump_join_epoch(conn, event.id())?;
    Ok(())
}

/// A new viewer key for the private views; the old viewer link stops working. The join keys
/// stay as they are.
pub fn rotate_viewer_key_in(conn: &mut Conn, event: &EventRecord) -> AppResult<()> {
    queries::bump_view_epoch(conn, event.id())?;
    Ok(())
}

/// A new host token (shown once): the old one stops working and every host session ends.
pub fn rotate_host_token_in(conn: &mut Conn, event: &EventRecord) -> AppResult<String> {
    let token = new_token();
    queries::bump_host_epoch(conn, event.id(), Some(&hash_token(&token)))?;
    Ok(token)
}

/// Ends every host session of the event (a logout): a copy of the cookie opens nothing.
pub fn end_host_sessions(conn: &mut Conn, event: i64) -> AppResult<()> {
    queries::bump_host_epoch(conn, event, None)?;
    Ok(())
}

/// The event's host epoch (what a new host session is opened in).
pub fn host_epoch(conn: &mut Conn, event: i64) -> AppResult<i32> {
    Ok(load(conn, event)?.row.host_epoch)
}

/// An entry as the tournament logic sees it, with its players.
#[derive(Debug, Clone)]
pub struct EntryRecord {
    pub entry: tournament::Entry,
    pub row: models::Entry,
    pub players: Vec<models::Player>,
}

impl EntryRecord {
    pub fn id(&self) -> EntryId {
        self.row.id
    }
}

/// Every entry of the event, in the host's order.
pub fn entries(conn: &mut Conn, event_id: i64) -> AppResult<Vec<EntryRecord>> {
    let rows = queries::entries_of_event(conn, event_id)?;
    let mut players = queries::players_of_event(conn, event_id)?;
    players.sort_by_key(|p| (p.entry_id, p.member));
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        // The entry's players, found in the sorted list (not by a scan per entry: a party of
        // a thousand entries would compare a million pairs at every redraw of the projector).
        let from = players.partition_point(|p| p.entry_id < row.id);
        let to = players.partition_point(|p| p.entry_id <= row.id);
        let mine = &players[from..to];
        let members = match mine {
            [one] => Members::Player {
                name: one.name.clone(),
            },
            [a, b] => Members::Partners {
                names: [a.name.clone(), b.name.clone()],
            },
            _ => {
                return Err(AppError::Internal(format!(
                    "entry {} has {} players stored",
                    row.id,
                    mine.len()
                )));
            }
        };
        let entry = tournament::Entry {
            id: row.id,
            members,
            bot: row.is_bot,
            withdrawn: row.withdrawn_round.is_some(),
            joined_round: u32::try_from(row.joined_round).unwrap_or(1),
            // A word this version does not know reads as the default, 0.
            missed_rounds: MissedRounds::parse(&row.missed_rounds).unwrap_or_default(),
            withdrawn_from: row.withdrawn_round.and_then(|r| u32::try_from(r).ok()),
        };
        out.push(EntryRecord {
            entry,
            row,
            players: mine.to_vec(),
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------- use cases, one transaction each

/// The seed of a new event: the one asked for, or a random one. Every deal is drawn from it.
pub fn new_seed(asked: Option<u64>) -> u64 {
    asked.unwrap_or_else(rand::random)
}

/// Creates an event. Returns it with the host's token (shown once).
pub fn create_event(app: &App, settings: Settings) -> AppResult<(EventRecord, String)> {
    let now = app.now_naive();
    app.write(|conn| create(conn, settings.clone(), now))
}

/// The round now being played (or the last one), with its clock.
#[derive(Debug, Clone)]
pub struct RoundNow {
    pub round: super::rounds::RoundRecord,
    pub clock: tournament::ClockReading,
}

/// An event as a reader sees it: the event, its current round and how many entries play.
#[derive(Debug, Clone)]
pub struct EventOverview {
    pub event: EventRecord,
    pub round: Option<RoundNow>,
    pub active_entries: usize,
}

/// An event, its current round and the number of entries still playing.
pub fn event_overview(app: &App, viewer: &ViewerKey) -> AppResult<EventOverview> {
    app.read_as_viewer(viewer, |conn, event| {
        let round = match super::rounds::latest(conn, event)? {
            Some(round) => {
                let clock = super::rounds::reading(conn, event, &round, app.now())?;
                Some(RoundNow { round, clock })
            }
            None => None,
        };
        let active_entries = entries(conn, event.id())?
            .iter()
            .filter(|e| e.entry.is_active())
            .count();
        Ok(EventOverview {
            event: event.clone(),
            round,
            active_entries,
        })
    })
}

/// Changes an event's settings: `change` gets the current ones and gives the new.
pub fn update_event(
    app: &App,
    host: &HostKey,
    mut change: impl FnMut(Settings) -> AppResult<Settings>,
) -> AppResult<EventRecord> {
    let now = app.now_naive();
    app.write_as_host(host, |conn, event| {
        let settings = change(event.settings.clone())?;
        update_settings(conn, event, settings, now)
    })
}

/// Every entry of an event, in the host's order, for a reader.
pub fn list_entries(app: &App, viewer: &ViewerKey) -> AppResult<Vec<EntryRecord>> {
    app.read_as_viewer(viewer, |conn, event| entries(conn, event.id()))
}

/// The bot levels an entry may have.
pub fn bot_level(level: Option<&str>) -> AppResult<Option<&'static str>> {
    match level {
        None => Ok(None),
        Some("random") => Ok(Some("random")),
        Some("steady") => Ok(Some("steady")),
        Some("shrewd") => Ok(Some("shrewd")),
        Some(other) => Err(AppError::invalid(format!(
            "there is no bot level \"{}\": choose random, steady or shrewd",
            crate::engine::json::truncate(other, 20)
        ))),
    }
}

/// Adds an entry when the event has room (`cap` is the server's limit); `members` reads the
/// names under the event's settings. Returns the entry and its players' seat links (the
/// tokens are shown only now).
pub fn add_entry(
    app: &App,
    host: &HostKey,
    cap: Option<usize>,
    mut members: impl FnMut(&Settings) -> AppResult<Members>,
    bot: Option<&str>,
    missed: MissedRounds,
) -> AppResult<(EntryRecord, Vec<PlayerLink>)> {
    let now = app.now_naive();
    app.write_as_host(host, |conn, event| {
        check_room(conn, event, cap)?;
        let members = members(&event.settings)?;
        let level = bot_level(bot)?;
        let (entry, links) = add_entry_with(conn, event, members, level, missed, now)?;
        let record = entries(conn, event.id())?
            .into_iter()
            .find(|e| e.id() == entry.id)
            .ok_or_else(|| AppError::Internal("the new entry is missing".into()))?;
        Ok((record, links))
    })
}

/// Adds one labelled bot of this level (random, steady or shrewd) when the event has room,
/// numbered after the bots already in.
pub fn add_bot(app: &App, host: &HostKey, cap: Option<usize>, level: &str) -> AppResult<()> {
    let now = app.now_naive();
    app.write_as_host(host, |conn, event| {
        check_room(conn, event, cap)?;
        add_bots(conn, event, 1, level, now)?;
        Ok(())
    })
}

/// Renames the players of an entry; `members` reads the names under the event's settings.
pub fn rename_entry(
    app: &App,
    host: &HostKey,
    entry: i64,
    mut members: impl FnMut(&Settings) -> AppResult<Members>,
) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        rename_entry_in(conn, event, entry, members(&event.settings)?)
    })
}

/// Withdraws an entry: it keeps its scores and is not seated again.
pub fn withdraw_entry(app: &App, host: &HostKey, entry: i64) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        withdraw_entry_in(conn, event, entry)?;
        super::rounds::reseat_without_in(conn, event, entry, app.now())?;
        Ok(())
    })
}

/// Removes an entry added by mistake, before it has played.
pub fn remove_entry(app: &App, host: &HostKey, entry: i64) -> AppResult<Removed> {
    app.write_as_host(host, |conn, event| remove_entry_in(conn, event, entry))
}

/// A name among `names` that a player of the event already has, and a free one to suggest.
pub fn taken_name(
    app: &App,
    host: &HostKey,
    names: &[String],
) -> AppResult<Option<(String, String)>> {
    app.read_as_host(host, |conn, event| taken_name_in(conn, event, names))
}

/// A new seat link for a player (the old one stops working).
pub fn renew_link(app: &App, host: &HostKey, player: i64) -> AppResult<PlayerLink> {
    app.write_as_host(host, |conn, event| renew_link_in(conn, event, player))
}

/// The console's "link for X": a new seat link, unless the seat's link is working (someone
/// opened it or picked the seat) and the host has not `confirmed` replacing it.
pub fn renew_link_asking(
    app: &App,
    host: &HostKey,
    player: i64,
    confirmed: bool,
) -> AppResult<Renewal> {
    app.write_as_host(host, |conn, event| {
        let row = player_of(conn, event, player)?;
        if row.claimed && !confirmed {
            return Ok(Renewal::AskFirst { name: row.name });
        }
        renew_link_in(conn, event, player).map(Renewal::Done)
    })
}

/// Frees a seat: every session on it ends and it can be picked again.
pub fn release_seat(app: &App, host: &HostKey, player: i64) -> AppResult<()> {
    app.write_as_host(host, |conn, event| release_seat_in(conn, event, player))
}

/// New join keys for the event and its tables. Returns the event with its new keys.
pub fn rotate_join_keys(app: &App, host: &HostKey) -> AppResult<EventRecord> {
    app.write_as_host(host, |conn, event| {
        rotate_join_keys_in(conn, event)?;
        load(conn, event.id())
    })
}

/// A new viewer key for the event's private views. Returns the event with its new key.
pub fn rotate_viewer_key(app: &App, host: &HostKey) -> AppResult<EventRecord> {
    app.write_as_host(host, |conn, event| {
        rotate_viewer_key_in(conn, event)?;
        load(conn, event.id())
    })
}

/// A new host token (shown only now): the old one stops working and every host session
/// ends. Returns the token and the new host epoch (the session of the host who asked).
pub fn rotate_host_token(app: &App, host: &HostKey) -> AppResult<(String, i32)> {
    app.write_as_host(host, |conn, event| {
        let token = rotate_host_token_in(conn, event)?;
        Ok((token, host_epoch(conn, event.id())?))
    })
}

/// Opens the console with the host link: the host epoch a session opened now is in.
pub fn open_console(app: &App, host: &HostKey) -> AppResult<i32> {
    app.read_as_host(host, |_, event| Ok(event.row.host_epoch))
}

/// The host epoch of an event now, for a session opened with the host's password (checked
/// by the caller).
pub fn current_host_epoch(app: &App, event: i64) -> AppResult<i32> {
    app.read(|conn| host_epoch(conn, event))
}

/// Signs the host out everywhere: every host session of the event ends.
pub fn sign_out(app: &App, host: &HostKey) -> AppResult<()> {
    app.write_as_host(host, |conn, event| end_host_sessions(conn, event.id()))
}

/// An event for a reader, checked: with private views on, the host or the viewer key.
pub fn view_event(app: &App, viewer: &ViewerKey) -> AppResult<EventRecord> {
    app.read_as_viewer(viewer, |_, event| Ok(event.clone()))
}

/// What a browser's session still opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenSessions {
    /// The host sessions (event, host epoch) whose event is still in that epoch.
    pub hosts: Vec<(i64, i32)>,
    /// The picked seat (player, seat epoch), if the seat is still in that epoch.
    pub seat: Option<(i64, i32)>,
}

/// What a browser's session still opens of the host sessions and the seat it holds: what the
/// host ended since (a logout, a new host token, a released or renewed seat) opens nothing.
pub fn open_sessions(
    app: &App,
    hosts: &[(i64, i32)],
    seat: Option<(i64, i32)>,
) -> AppResult<OpenSessions> {
    app.read(|conn| {
        let mut live = Vec::new();
        for &(event, epoch) in hosts {
            if queries::event(conn, event)?.is_some_and(|e| e.host_epoch == epoch) {
                live.push((event, epoch));
            }
        }
        let seat = match seat {
            Some((player, epoch)) => queries::player(conn, player)?
                .filter(|p| p.epoch == epoch)
                .map(|_| (player, epoch)),
            None => None,
        };
        Ok(OpenSessions { hosts: live, seat })
    })
}

/// Keeps the event's public pages for the viewer key's holders only, or opens them.
pub fn set_private_views(app: &App, host: &HostKey, private: bool) -> AppResult<()> {
    app.write_as_host(host, |conn, event| {
        queries::set_private_views(conn, event.id(), private)?;
        Ok(())
    })
}
