//! Guests who check themselves in: with the wall's QR code (the event's join key), a guest
//! types their name (and their partner's) and becomes an entry of the evening, placed in the
//! next seating, as if the host had typed it. The host allows it (`Settings::self_check_in`),
//! the names are checked as the console checks them, the event's entries cap bounds it, and a
//! browser checks in once: it then holds the new seat as a pick does, and may take its own
//! check-in back until the seating is made.

use super::holder::{
    PickFrom, PickList, Picked, check_pick_key, give_back_pick, holder_by_pick, pick_list_in,
};
use crate::app::events::{self, EventRecord};
use crate::app::{App, AppError, AppResult, rounds};
use crate::db::{Conn, queries};
use crate::i18n::Said;
use crate::tournament::MissedRounds;

/// Whether a guest may check in from the wall's QR code now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckIn {
    /// The host allows it and the next seating is not made yet.
    Open,
    /// The host has not allowed it: guests ask the host.
    Off,
    /// The next round is seated (or the evening is over): guests pick their name, or ask.
    Seated,
}

/// Whether guests may check in to this event now.
pub fn check_in_state(conn: &mut Conn, event: &EventRecord) -> AppResult<CheckIn> {
    if event.is_finished() {
        return Ok(CheckIn::Seated);
    }
    if !event.settings.self_check_in {
        return Ok(CheckIn::Off);
    }
    Ok(match rounds::latest(conn, event)? {
        Some(round) if !round.is_closed() => CheckIn::Seated,
        _ => CheckIn::Open,
    })
}

/// The refusal of a check-in (or of taking one back) when check-in is not open.
fn not_open(state: CheckIn) -> AppError {
    AppError::conflict(Said::new(match state {
        CheckIn::Off => "refused-check-in-off",
        CheckIn::Open | CheckIn::Seated => "refused-check-in-seated",
    }))
}

/// What a guest typed on the join page to check in.
#[derive(Debug, Clone)]
pub struct CheckInForm {
    /// The event's join key, from the wall's QR code.
    pub key: String,
    pub name: String,
    /// The partner's name, where the game is played in partnerships.
    pub partner: String,
}

/// Checks a guest in: a new entry of the evening with the names typed, checked as the
/// console checks them (the same function), within the server's entries cap (`cap`). The
/// browser (holding `held` from an earlier pick, if any) then holds the first name's seat, as
/// a pick does; the partner picks theirs from the join page. A browser that already holds a
/// seat of this event is refused: one check-in per browser.
pub fn check_in(
    app: &App,
    event: i64,
    form: &CheckInForm,
    held: Option<(i64, i32)>,
    cap: Option<usize>,
) -> AppResult<Picked> {
    let now = app.now_naive();
    app.write(|conn| {
        let record = events::load(conn, event)?;
        check_pick_key(&record, PickFrom::Event, &form.key)?;
        let state = check_in_state(conn, &record)?;
        if state != CheckIn::Open {
            return Err(not_open(state));
        }
        if let Some((player, epoch)) = held
            && let Ok(holder) = holder_by_pick(conn, player, epoch)
            && holder.event.id() == event
        {
            return Err(AppError::conflict(
                Said::new("refused-check-in-once").text("name", holder.player.name),
            ));
        }
        // The server's cap, said to a guest: the evening is full, the host decides.
        events::check_room(conn, &record, cap).map_err(|refused| match refused {
            AppError::Conflict(_) => AppError::conflict(
                Said::new("refused-check-in-full").number("cap", cap.unwrap_or_default()),
            ),
            other => other,
        })?;
        let members = events::typed_members(&record.settings, &form.name, &form.partner)?;
        // A refused check-in rolls the whole transaction back: a seat held elsewhere stays.
        let gave_back = give_back_pick(conn, held)?;
        let (entry, links) =
            events::add_entry_with(conn, &record, members, None, MissedRounds::Zero, now)?;
        queries::mark_checked_in(conn, entry.id)?;
        let first = links
            .first()
            .ok_or_else(|| AppError::Internal("a checked-in entry without players".into()))?;
        queries::pick_player(conn, first.player)?;
        let row = queries::player(conn, first.player)?
            .ok_or_else(|| AppError::Internal("the checked-in player is missing".into()))?;
        Ok(Picked {
            player: row.id,
            epoch: row.epoch,
            gave_back,
        })
    })
}

/// What a browser's own check-in is, on the join page.
#[derive(Debug, Clone)]
pub struct OwnCheckIn {
    /// The names checked in ("Ann", or "Ann & Bob").
    pub names: String,
    /// It may still be taken back: the seating is not made.
    pub may_undo: bool,
}

/// The check-in this browser made in this event (`held`: the player and epoch its session
/// keeps), if the seat it holds is one a guest checked in.
pub fn own_check_in(
    conn: &mut Conn,
    event: &EventRecord,
    held: Option<(i64, i32)>,
) -> AppResult<Option<OwnCheckIn>> {
    let Some((player, epoch)) = held else {
        return Ok(None);
    };
    let Ok(holder) = holder_by_pick(conn, player, epoch) else {
        return Ok(None);
    };
    if holder.event.id() != event.id() || !holder.entry.checked_in {
        return Ok(None);
    }
    let names = queries::players_of_entry(conn, holder.entry.id)?
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(" & ");
    Ok(Some(OwnCheckIn {
        names,
        may_undo: check_in_state(conn, event)? == CheckIn::Open,
    }))
}

/// Takes back the check-in this browser made (`held`, its session's seat), before the
/// seating: the entry is removed as the console's "remove" does. Answers the names removed.
pub fn undo_check_in(app: &App, event: i64, held: Option<(i64, i32)>) -> AppResult<String> {
    app.write(|conn| {
        let record = events::load(conn, event)?;
        let own = own_check_in(conn, &record, held)?
            .ok_or_else(|| AppError::forbidden(Said::new("refused-check-in-not-yours")))?;
        if !own.may_undo {
            return Err(not_open(check_in_state(conn, &record)?));
        }
        let Some((player, epoch)) = held else {
            return Err(AppError::forbidden(Said::new("refused-check-in-not-yours")));
        };
        let holder = holder_by_pick(conn, player, epoch)?;
        Ok(events::remove_entry_in(conn, &record, holder.entry.id)?.name)
    })
}

/// What the wall's join page shows, read at once.
#[derive(Debug, Clone)]
pub struct JoinPage {
    /// The free seats the event's key opens, and the seat this browser holds.
    pub list: PickList,
    /// Whether a guest may check in now.
    pub check_in: CheckIn,
    /// This browser's own check-in, if the seat it holds is one.
    pub own: Option<OwnCheckIn>,
    /// The game is played in partnerships: a check-in names two.
    pub partners: bool,
}

/// The wall's join page for a browser holding `held` (its session's seat, if any).
pub fn join_page(
    app: &App,
    event: i64,
    key: &str,
    held: Option<(i64, i32)>,
) -> AppResult<JoinPage> {
    app.read(|conn| {
        let record = events::load(conn, event)?;
        Ok(JoinPage {
            list: pick_list_in(conn, &record, PickFrom::Event, key, held)?,
            check_in: check_in_state(conn, &record)?,
            own: own_check_in(conn, &record, held)?,
            partners: record.settings.table_size.partners(),
        })
    })
}
