//! An event's entries: add (people and bots), rename, remove, list them, and their players'
//! seat links.

use super::EventRecord;
use crate::app::tokens::{hash_token, new_token};
use crate::app::{App, AppError, AppResult, HostKey, ViewerKey};
use crate::db::models::{NewEntry, NewPlayer};
use crate::db::{Conn, models, queries};
use crate::tournament;
use crate::tournament::{EntryId, Members, MissedRounds, Settings};
use chrono::NaiveDateTime;
use serde::Serialize;

/// A person in an entry, with the token of their seat link when it was just made.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerLink {
    pub player: i64,
    pub name: String,
    /// Shown once, when the entry is created or the link is renewed.
    pub token: String,
}

/// The round an entry added now first plays: the next one to be seated.
pub(super) fn joining_round(conn: &mut Conn, event_id: i64) -> AppResult<i32> {
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
        return Err(AppError::conflict(
            crate::i18n::Said::new("refused-entries-cap").number("cap", cap),
        ));
    }
    Ok(())
}

/// The names a person typed for an entry (the console's form, a guest's check-in), read under
/// the event's settings: one name, or two where the game is played in partnerships. Each name
/// is cleaned and checked (length, control characters) by [`tournament::Members`].
pub fn typed_members(settings: &Settings, name: &str, partner: &str) -> AppResult<Members> {
    let invalid = |e: tournament::NameError| AppError::invalid(e.said());
    if settings.table_size.partners() {
        Members::partners(name, partner).map_err(invalid)
    } else {
        Members::player(name).map_err(invalid)
    }
}

/// Refuses names that another player of the event already has (compared by
/// [`tournament::name_key`]: case, spacing and invisible characters aside), and a partnership
/// of two equal names: tents, boards and standings could not tell them apart.
pub(super) fn check_unique_names(
    conn: &mut Conn,
    event: &EventRecord,
    names: &[String],
    except_entry: Option<i64>,
) -> AppResult<()> {
    if let [a, b] = names
        && tournament::name_key(a) == tournament::name_key(b)
    {
        return Err(AppError::invalid(
            crate::i18n::Said::new("refused-partners-same-name").text("name", a.clone()),
        ));
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
        return Err(AppError::invalid(
            crate::i18n::Said::new("refused-name-taken").text("name", name.clone()),
        ));
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
        return Err(AppError::conflict(crate::i18n::Said::new(
            "refused-event-over-entries",
        )));
    }
    tournament::check_entry(&event.settings, &members).map_err(|e| AppError::invalid(e.said()))?;
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
        .ok_or_else(|| {
            AppError::not_found(
                crate::i18n::Said::new("refused-no-such-entry").text("entry", entry_id.to_string()),
            )
        })
}

/// Renames the players of an entry (one name, or two for a partnership).
pub fn rename_entry_in(
    conn: &mut Conn,
    event: &EventRecord,
    entry_id: i64,
    members: Members,
) -> AppResult<()> {
    let entry = entry_of(conn, event, entry_id)?;
    tournament::check_entry(&event.settings, &members).map_err(|e| AppError::invalid(e.said()))?;
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

/// The word stored for a late entry's choice.
pub(super) fn missed_word(missed: MissedRounds) -> &'static str {
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
            return Err(AppError::conflict(
                crate::i18n::Said::new("refused-entry-seated")
                    .text("names", name)
                    .number("count", players.len())
                    .number("round", round.number),
            ));
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
pub(super) fn player_of(
    conn: &mut Conn,
    event: &EventRecord,
    player_id: i64,
) -> AppResult<models::Player> {
    queries::players_of_event(conn, event.id())?
        .into_iter()
        .find(|p| p.id == player_id)
        .ok_or_else(|| {
            AppError::not_found(
                crate::i18n::Said::new("refused-no-such-player")
                    .text("player", player_id.to_string()),
            )
        })
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
    queries::free_player(conn, player.id)?;
    Ok(())
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
        Some(other) => Err(AppError::invalid(
            crate::i18n::Said::new("refused-no-bot-level")
                .text("level", crate::engine::json::truncate(other, 20)),
        )),
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
