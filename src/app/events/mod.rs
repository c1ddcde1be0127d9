//! Events: create and configure an evening, its keys and the host's sessions, and check the
//! host's secret; its entries (add, rename, remove, their seat links) in [`entries`].
//! Withdrawing an entry reseats a round, so it is a round's use case (`rounds::withdraw_entry`).

mod entries;

pub use entries::*;

use std::sync::{Arc, LazyLock};

use chrono::NaiveDateTime;

use super::tokens::{hash_token, looks_like_token, new_token, same_hash};
use super::{App, AppError, AppResult, HostKey, HostProof, ViewerKey};
use crate::cache::Cache;
use crate::db::models::{self, NewEvent};
use crate::db::{Conn, queries};
use crate::tournament::Settings;

/// Event status: entries are added and the first round seated.
pub const SETUP: &str = "setup";
/// Event status: at least one round has started.
pub const RUNNING: &str = "running";
/// Event status: the last round is closed; the standings are final.
pub const FINISHED: &str = "finished";

/// The answer every refused host secret gets, whether or not the event exists, so that a
/// wrong guess tells nothing.
pub fn host_refusal() -> AppError {
    AppError::Forbidden(crate::i18n::Said::new("refused-host"))
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

/// Reads an event and its settings.
pub fn load(conn: &mut Conn, id: i64) -> AppResult<EventRecord> {
    let row = queries::event(conn, id)?.ok_or_else(|| {
        AppError::not_found(
            crate::i18n::Said::new("refused-no-such-event").text("event", id.to_string()),
        )
    })?;
    record(row)
}

/// An event read with something else (a seat's holder): its row and its settings.
pub fn record(row: models::Event) -> AppResult<EventRecord> {
    let settings = parsed_settings(&row)?;
    Ok(EventRecord { row, settings })
}

/// The settings an event's row stores, parsed: once per text, then copied. A seat's every move
/// and every page read their event, and parsing its settings (JSON read twice, the second time
/// through a `Value`, for the rule set's options) was a fortieth of the server's time at a busy
/// party. A kept parse is used only for the very text it was parsed from, so a change to the
/// settings is read at once, whichever instance or database stored it. A server runs a few
/// parties at once: 256 events' settings are kept.
static PARSED: LazyLock<Cache<i64, Arc<(String, Settings)>>> =
    LazyLock::new(|| Cache::new("event_settings", 256));

/// The settings of `row`, parsed (see [`PARSED`]).
fn parsed_settings(row: &models::Event) -> AppResult<Settings> {
    if let Some(parsed) = PARSED.get_if(&row.id, |parsed| parsed.0 == row.settings) {
        return Ok(parsed.1.clone());
    }
    let settings: Settings = serde_json::from_str(&row.settings)?;
    PARSED.insert(row.id, Arc::new((row.settings.clone(), settings.clone())));
    Ok(settings)
}

/// Makes the kept settings (so `/metrics` lists them from the start).
pub fn start() {
    LazyLock::force(&PARSED);
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
    AppError::Forbidden(crate::i18n::Said::new("refused-private-event"))
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
    settings
        .checked()
        .map_err(|errors| AppError::invalid(errors.said()))
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
        return Err(AppError::conflict(crate::i18n::Said::new(
            "refused-settings-event-over",
        )));
    }
    if event.row.status != SETUP {
        let mut allowed = only_language;
        allowed.name = new.name.clone();
        allowed.prizes = new.prizes;
        allowed.length = new.length;
        allowed.round = new.round;
        allowed.turn_seconds = new.turn_seconds;
        allowed.self_check_in = new.self_check_in;
        if allowed != new {
            return Err(AppError::conflict(crate::i18n::Said::new(
                "refused-settings-started",
            )));
        }
    }
    if new.table_size.partners() != old.table_size.partners()
        && !queries::entries_of_event(conn, event.id())?.is_empty()
    {
        return Err(AppError::conflict(crate::i18n::Said::new(
            "refused-settings-entries-in",
        )));
    }
    let json = serde_json::to_string(&new)?;
    queries::update_event_settings(conn, event.id(), &new.name, &json, now)?;
    load(conn, event.id())
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

/// The event's language: the console's, the projector's and the printed pages'.
pub fn language(app: &App, host: &HostKey) -> AppResult<crate::i18n::Lang> {
    app.read_as_host(host, |_, event| Ok(event.settings.language))
}

/// The event's settings, as they are now.
pub fn settings(app: &App, host: &HostKey) -> AppResult<Settings> {
    app.read_as_host(host, |_, event| Ok(event.settings.clone()))
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
