//! Picking a seat by QR code: a table's code (or the event's, from the projector) opens the
//! free seats its key may pick; the pick makes the seat this browser's, and its page is then
//! the seat page by session (`/seat`). A browser holds one picked seat at a time (a new pick
//! gives the old one back), and the seat's own link, once opened, takes the seat back from
//! the picker (`app::seat::hold_by_link`); both pages say so.

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::{Layout, PageResult, page, redirect, run};
use crate::app::App;
use crate::app::seat::{self, PickFrom};
use crate::web::live::{Hub, Topic};
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/table/{table}", web::get().to(table_pick))
        .route("/events/{event}/join", web::get().to(join_pick))
        .route("/events/{event}/pick", web::post().to(pick));
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
    let list = run(&app, move |app| {
        seat::free_seats_for(app, event, from, &checked, held)
    })
    .await?;
    let lang = visitor.lang();
    let (title, heading, table) = match from {
        PickFrom::Table(n) => (
            lang.msg("pick-table-title").arg("table", n).text(),
            lang.msg("pick-table-heading").arg("table", n).text(),
            Some(n),
        ),
        PickFrom::Event => (lang.t("pick-find-title"), lang.t("pick-find-heading"), None),
    };
    let layout = Layout::new(title, &visitor).for_event(event, &list.event_name, &visitor);
    page(&PickPage {
        layout,
        event,
        key,
        table,
        heading,
        players: list.free,
        held: list.held,
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
