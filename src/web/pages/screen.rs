//! The projector (the round, the clock, the seating, the live standings and a QR code to join),
//! the standings page, and the live streams of those and of the host console.

use std::time::Duration;

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::view::{self, RoundView, StandingsView};
use super::{Layout, PageError, PageResult, fragment, page, read};
use crate::app::events::{self, EventRecord};
use crate::app::{App, AppError, AppResult, rounds};
use crate::db::Conn;
use crate::web::live::Hub;
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/screen", web::get().to(screen))
        .route("/events/{event}/standings", web::get().to(standings))
        .route("/events/{event}/live/screen", web::get().to(screen_live))
        .route(
            "/events/{event}/live/standings",
            web::get().to(standings_live),
        )
        .route("/events/{event}/live/console", web::get().to(console_live));
}

/// A QR code as inline SVG (our own drawing of the qrcode crate's matrix).
pub fn qr_svg(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

/// The address guests' phones use to reach this server, from the request.
pub fn base_url(req: &HttpRequest) -> String {
    let info = req.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

#[derive(Deserialize)]
pub struct ViewQuery {
    #[serde(default)]
    pub key: String,
}

/// Private views need the host's browser or the viewer key.
fn check_view(event: &EventRecord, visitor_hosts: bool, key: &str) -> AppResult<()> {
    if !event.row.private_views || visitor_hosts || event.is_join_key(key) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "the host keeps this page private: open it from the host's console, or with the viewer link".into(),
        ))
    }
}

/// What a private view's links carry: the viewer key, unless the visitor is the host.
fn view_query(event: &EventRecord, hosts: bool) -> String {
    if event.row.private_views && !hosts {
        format!("?key={}", event.join_key())
    } else {
        String::new()
    }
}

/// The projector's round line and clock.
#[derive(Template)]
#[template(path = "fragments/screen_clock.html")]
struct ScreenClock {
    round: Option<RoundView>,
    finished: bool,
}

/// The projector's seating.
#[derive(Template)]
#[template(path = "fragments/screen_seating.html")]
struct ScreenSeating {
    round: Option<RoundView>,
}

/// The standings table (projector, standings page).
#[derive(Template)]
#[template(path = "fragments/standings_table.html")]
pub struct StandingsTable {
    pub standings: StandingsView,
    /// Show at most this many lines (the projector), with the rest summarised.
    pub limit: Option<usize>,
    pub compact: bool,
}

impl StandingsTable {
    fn rows(&self) -> &[view::StandingRow] {
        let rows = &self.standings.rows;
        match self.limit {
            Some(n) if rows.len() > n => &rows[..n],
            _ => rows,
        }
    }

    fn hidden(&self) -> usize {
        self.standings.rows.len() - self.rows().len()
    }
}

fn screen_regions(
    app: &App,
    conn: &mut Conn,
    event: &EventRecord,
) -> AppResult<Vec<(&'static str, String)>> {
    let names = view::names(conn, event)?;
    let round = match rounds::latest(conn, event)? {
        Some(r) => Some(view::round_view(app, conn, event, &r, &names)?),
        None => None,
    };
    let standings = view::standings_view(conn, event, &names)?;
    Ok(vec![
        (
            "screen-clock",
            fragment(&ScreenClock {
                round: round.clone(),
                finished: event.is_finished(),
            })?,
        ),
        ("screen-seating", fragment(&ScreenSeating { round })?),
        (
            "screen-standings",
            fragment(&StandingsTable {
                standings,
                limit: Some(12),
                compact: true,
            })?,
        ),
    ])
}

#[derive(Template)]
#[template(path = "screen.html")]
struct ScreenPage {
    layout: Layout,
    name: String,
    clock: String,
    seating: String,
    standings: String,
    join_url: String,
    qr: String,
}

async fn screen(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<ViewQuery>,
) -> PageResult {
    let id = path.into_inner();
    let hosts = visitor.is_host(id);
    let key = query.into_inner().key;
    let (event, regions) = read(&app, move |app, conn| {
        let event = events::load(conn, id)?;
        check_view(&event, hosts, &key)?;
        let regions = screen_regions(app, conn, &event)?;
        Ok((event, regions))
    })
    .await?;
    let region = |name: &str| {
        regions
            .iter()
            .find(|(id, _)| *id == name)
            .map(|(_, html)| html.clone())
            .unwrap_or_default()
    };
    let join_url = format!(
        "{}/events/{id}/join?key={}",
        base_url(&req),
        event.join_key()
    );
    let mut layout = Layout::new(format!("{} · projector", event.settings.name), &visitor);
    layout.body_class = "screen";
    layout.refresh = Some(10);
    layout.view_query = view_query(&event, hosts);
    layout.live = Some(format!("/events/{id}/live/screen{}", layout.view_query));
    page(&ScreenPage {
        layout,
        name: event.settings.name.clone(),
        clock: region("screen-clock"),
        seating: region("screen-seating"),
        standings: region("screen-standings"),
        qr: qr_svg(&join_url),
        join_url,
    })
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    layout: Layout,
    event: i64,
    table: String,
    is_final: bool,
}

async fn standings(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<ViewQuery>,
) -> PageResult {
    let id = path.into_inner();
    let hosts = visitor.is_host(id);
    let key = query.into_inner().key;
    let (event, standings) = read(&app, move |_, conn| {
        let event = events::load(conn, id)?;
        check_view(&event, hosts, &key)?;
        let names = view::names(conn, &event)?;
        let standings = view::standings_view(conn, &event, &names)?;
        Ok((event, standings))
    })
    .await?;
    let is_final = standings.is_final;
    let table = fragment(&StandingsTable {
        standings,
        limit: None,
        compact: false,
    })?;
    let mut layout =
        Layout::new("Standings", &visitor).for_event(id, &event.settings.name, &visitor);
    layout.refresh = (!is_final).then_some(30);
    layout.view_query = view_query(&event, hosts);
    layout.live = (!is_final).then(|| format!("/events/{id}/live/standings{}", layout.view_query));
    page(&StandingsPage {
        layout,
        event: id,
        table,
        is_final,
    })
}

/// Checks access for a live stream and returns the event's id.
async fn live_access(
    app: &web::Data<App>,
    id: i64,
    hosts: bool,
    key: String,
) -> Result<(), PageError> {
    read(app, move |_, conn| {
        let event = events::load(conn, id)?;
        check_view(&event, hosts, &key)
    })
    .await
}

async fn screen_live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<ViewQuery>,
) -> Result<impl actix_web::Responder, PageError> {
    let id = path.into_inner();
    live_access(&app, id, visitor.is_host(id), query.into_inner().key).await?;
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::from_millis(500),
        move |n| n.event == id,
        move |app, conn| {
            let event = events::load(conn, id)?;
            screen_regions(app, conn, &event)
        },
    ))
}

async fn standings_live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<ViewQuery>,
) -> Result<impl actix_web::Responder, PageError> {
    let id = path.into_inner();
    live_access(&app, id, visitor.is_host(id), query.into_inner().key).await?;
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::from_millis(1000),
        move |n| n.event == id,
        move |_, conn| {
            let event = events::load(conn, id)?;
            let names = view::names(conn, &event)?;
            let standings = view::standings_view(conn, &event, &names)?;
            Ok(vec![(
                "standings",
                fragment(&StandingsTable {
                    standings,
                    limit: None,
                    compact: false,
                })?,
            )])
        },
    ))
}

async fn console_live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
) -> Result<impl actix_web::Responder, PageError> {
    let id = path.into_inner();
    if !visitor.is_host(id) {
        return Err(events::host_refusal().into());
    }
    let csrf = visitor.csrf();
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::from_millis(400),
        move |n| n.event == id,
        move |app, conn| {
            let event = events::load(conn, id)?;
            let panel = super::host::round_panel(app, conn, &event, csrf.clone())?;
            Ok(vec![("round-panel", fragment(&panel)?)])
        },
    ))
}
