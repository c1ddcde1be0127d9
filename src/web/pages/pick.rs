//! Picking a seat by QR code: a table's code (or the event's, from the projector) opens the
//! free seats its key may pick; the pick makes the seat this browser's, and its page is then
//! the seat page by session (`/seat`). A browser holds one picked seat at a time (a new pick
//! gives the old one back), and the seat's own link, once opened, takes the seat back from
//! the picker (`app::seat::hold_by_link`); both pages say so.
//!
//! The wall's join page also lets a guest check in (`app::seat::check_in`) while the host
//! allows it and the next seating is not made: the guest types their name (and a partner's),
//! becomes an entry of the evening and this browser holds the new seat as a pick does, so its
//! seat page (live) shows the table once the round is seated. A refused check-in shows the
//! join page again with the reason and the names as typed.

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::{Layout, PageError, PageResult, page, redirect, run};
use crate::app::seat::{self, CheckIn, CheckInForm, OwnCheckIn, PickFrom};
use crate::app::{App, AppError};
use crate::web::live::{Hub, Topic};
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/table/{table}", web::get().to(table_pick))
        .route("/events/{event}/join", web::get().to(join_pick))
        .route("/events/{event}/pick", web::post().to(pick))
        .route("/events/{event}/check-in", web::post().to(check_in))
        .route(
            "/events/{event}/check-in/undo",
            web::post().to(undo_check_in),
        );
}

#[derive(Template)]
#[template(path = "pick.html")]
pub(super) struct PickPage {
    pub(super) layout: Layout,
    pub(super) event: i64,
    pub(super) key: String,
    /// The table whose key this is (None: the event's key, from the projector).
    pub(super) table: Option<i32>,
    pub(super) heading: String,
    pub(super) players: Vec<(i64, String)>,
    /// The name of the seat this browser already holds in this event.
    pub(super) held: Option<String>,
    /// The wall's page, and the host allows check-in and has not made the next seating.
    pub(super) may_check_in: bool,
    /// The wall's page, and the host has not allowed check-in.
    pub(super) check_in_off: bool,
    /// A check-in names two (a partnership).
    pub(super) partners: bool,
    /// This browser's own check-in.
    pub(super) own: Option<OwnCheckIn>,
    /// Why the check-in just sent was refused, and the names as typed.
    pub(super) refused: Option<String>,
    pub(super) typed: (String, String),
}

/// The check-in part of the wall's join page.
struct JoinParts {
    check_in: CheckIn,
    partners: bool,
    own: Option<OwnCheckIn>,
    refused: Option<String>,
    typed: (String, String),
}

impl JoinParts {
    /// The join page as read, with the reason a check-in was refused and the names as typed
    /// (none on a plain load): the free seats, and the check-in's part.
    fn of(
        join: seat::JoinPage,
        refused: Option<String>,
        typed: (String, String),
    ) -> (seat::PickList, JoinParts) {
        let parts = JoinParts {
            check_in: join.check_in,
            partners: join.partners,
            own: join.own,
            refused,
            typed,
        };
        (join.list, parts)
    }
}

#[derive(Deserialize)]
struct KeyQuery {
    #[serde(default)]
    key: String,
}

/// The pick page: the free seats this key may pick.
async fn pick_page(
    app: web::Data<App>,
    visitor: Visitor,
    event: i64,
    from: PickFrom,
    key: String,
) -> PageResult {
    let checked = key.clone();
    let held = visitor.player();
    let (list, parts) = match from {
        PickFrom::Table(_) => {
            let list = run(&app, move |app| {
                seat::free_seats_for(app, event, from, &checked, held)
            })
            .await?;
            (list, None)
        }
        PickFrom::Event => {
            let join = run(&app, move |app| seat::join_page(app, event, &checked, held)).await?;
            let (list, parts) = JoinParts::of(join, None, Default::default());
            (list, Some(parts))
        }
    };
    draw_pick_page(&visitor, event, from, key, list, parts)
}

/// Draws the pick page (`parts`: the wall's check-in, on the event's key only).
fn draw_pick_page(
    visitor: &Visitor,
    event: i64,
    from: PickFrom,
    key: String,
    list: seat::PickList,
    parts: Option<JoinParts>,
) -> PageResult {
    let lang = visitor.lang();
    let (title, heading, table) = match from {
        PickFrom::Table(n) => (
            lang.msg("pick-table-title").arg("table", n).text(),
            lang.msg("pick-table-heading").arg("table", n).text(),
            Some(n),
        ),
        PickFrom::Event => (lang.t("pick-find-title"), lang.t("pick-find-heading"), None),
    };
    let layout = Layout::new(title, visitor).for_event(event, &list.event_name, visitor);
    let parts = parts.unwrap_or(JoinParts {
        check_in: CheckIn::Seated,
        partners: false,
        own: None,
        refused: None,
        typed: Default::default(),
    });
    // One check-in per browser: a browser that holds a seat here is not offered another.
    let holds_one = list.held.is_some() || parts.own.is_some();
    page(&PickPage {
        layout,
        event,
        key,
        table,
        heading,
        players: list.free,
        held: list.held,
        may_check_in: table.is_none() && parts.check_in == CheckIn::Open && !holds_one,
        check_in_off: table.is_none() && parts.check_in == CheckIn::Off,
        partners: parts.partners,
        own: parts.own,
        refused: parts.refused,
        typed: parts.typed,
    })
}

async fn table_pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<(i64, i32)>,
    query: web::Query<KeyQuery>,
) -> PageResult {
    let (event, number) = path.into_inner();
    let key = query.into_inner().key;
    pick_page(app, visitor, event, PickFrom::Table(number), key).await
}

async fn join_pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<KeyQuery>,
) -> PageResult {
    let event = path.into_inner();
    let key = query.into_inner().key;
    pick_page(app, visitor, event, PickFrom::Event, key).await
}

#[derive(Deserialize)]
struct PickForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    key: String,
    #[serde(default)]
    player: String,
    /// The table whose key this is; empty for the event's key.
    #[serde(default)]
    table: String,
}

/// Picks a free seat: it is this browser's until the host releases it, the seat's own link is
/// opened, or this browser picks another (the seat it held before is given back, and its open
/// pages are told).
async fn pick(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<PickForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    visitor.check_csrf(&form.csrf)?;
    let player: i64 = super::field::number(&form.player, "refused-field-player")?;
    let from = if form.table.trim().is_empty() {
        PickFrom::Event
    } else {
        PickFrom::Table(super::field::number(&form.table, "refused-field-table")?)
    };
    let held = visitor.player();
    let picked = run(&app, move |app| {
        seat::pick_seat(app, event, from, &form.key, (player, held))
    })
    .await?;
    visitor.set_player(picked.player, picked.epoch);
    if let Some(gave_back) = picked.gave_back {
        hub.publish(gave_back, Topic::Event);
    }
    Ok(redirect("/seat"))
}

#[derive(Deserialize)]
struct CheckInFields {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    key: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    partner: String,
}

/// A guest checks in from the wall's join page: they become an entry of the evening and this
/// browser holds their seat, whose page shows the table once the round is seated. A refusal
/// (check-in off, a name taken or not valid, the evening full, a browser that already checked
/// in) shows the join page again with the reason and the names as typed.
async fn check_in(
    req: actix_web::HttpRequest,
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<CheckInFields>,
) -> PageResult {
    let event = path.into_inner();
    let fields = form.into_inner();
    visitor.check_csrf(&fields.csrf)?;
    let cap = crate::web::limits::max_entries(&req);
    let held = visitor.player();
    let typed = CheckInForm {
        key: fields.key.clone(),
        name: fields.name.clone(),
        partner: fields.partner.clone(),
    };
    match run(&app, move |app| {
        seat::check_in(app, event, &typed, held, cap)
    })
    .await
    {
        Ok(picked) => {
            visitor.set_player(picked.player, picked.epoch);
            if let Some(gave_back) = picked.gave_back {
                hub.publish(gave_back, Topic::Event);
            }
            // The console lists the new entry at once.
            hub.publish(event, Topic::Event);
            let lang = visitor.lang();
            visitor.flash("ok", lang.t("check-in-done"));
            Ok(redirect("/seat"))
        }
        Err(AppError::Internal(detail)) => Err(PageError(AppError::Internal(detail))),
        Err(refused) => {
            let status = crate::web::error::status_of(&refused);
            let reason = refused.said_in(visitor.lang());
            let key = fields.key.clone();
            let join = run(&app, move |app| seat::join_page(app, event, &key, held)).await?;
            let (list, parts) = JoinParts::of(join, Some(reason), (fields.name, fields.partner));
            let mut answer = draw_pick_page(
                &visitor,
                event,
                PickFrom::Event,
                fields.key,
                list,
                Some(parts),
            )?;
            *answer.status_mut() = status;
            Ok(answer)
        }
    }
}

#[derive(Deserialize)]
struct UndoFields {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    key: String,
}

/// A guest takes back their own check-in before the seating: the entry goes, this browser's
/// session holds no seat, and the join page says so.
async fn undo_check_in(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<UndoFields>,
) -> PageResult {
    let event = path.into_inner();
    let fields = form.into_inner();
    visitor.check_csrf(&fields.csrf)?;
    let held = visitor.player();
    // The key is hex digits: anything else typed into the form stays out of the address.
    let key: String = fields
        .key
        .chars()
        .filter(char::is_ascii_hexdigit)
        .take(64)
        .collect();
    let back = format!("/events/{event}/join?key={key}");
    match run(&app, move |app| seat::undo_check_in(app, event, held)).await {
        Ok(names) => {
            visitor.forget_player();
            hub.publish(event, Topic::Event);
            let lang = visitor.lang();
            visitor.flash(
                "ok",
                lang.msg("check-in-undone")
                    .arg("names", names.as_str())
                    .text(),
            );
        }
        Err(refused) => super::tell_refusal(&visitor, refused)?,
    }
    Ok(redirect(&back))
}
