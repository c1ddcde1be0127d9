//! The projector (the round, the clock, the seating, the live standings and a QR code to join),
//! the standings page, and the live streams of those and of the host console.

use std::time::Duration;

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::view::{self, RoundView, StandingsView};
use super::{Layout, PageError, PageResult, fragment, page, run};
use crate::app::events::{self, EventRecord};
use crate::app::report::{self, Screen};
use crate::app::{App, AppError, AppResult, ViewerKey, console};
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

/// The pages' words for a private view opened without its key (the use case refuses it).
fn private_page(error: AppError) -> AppError {
    match error {
        AppError::Forbidden(_) => AppError::Forbidden(
            "the host keeps this page private: open it from the host's console, or with the viewer link".into(),
        ),
        _ => error,
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

fn screen_regions(screen: &Screen) -> AppResult<Vec<(&'static str, String)>> {
    let round = view::board_view(&screen.board);
    Ok(vec![
        (
            "screen-clock",
            fragment(&ScreenClock {
                round: round.clone(),
                finished: screen.board.event.is_finished(),
            })?,
        ),
        ("screen-seating", fragment(&ScreenSeating { round })?),
        (
            "screen-standings",
            fragment(&StandingsTable {
                standings: view::standings_view(&screen.standings),
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
    let viewer = visitor.viewer_key(id, query.into_inner().key);
    let screen = run(&app, move |app| report::screen(app, &viewer))
        .await
        .map_err(private_page)?;
    let regions = screen_regions(&screen)?;
    let event = screen.board.event;
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
    let viewer = visitor.viewer_key(id, query.into_inner().key);
    let (event, standings) = run(&app, move |app| report::live_standings(app, &viewer))
        .await
        .map_err(private_page)?;
    let standings = view::standings_view(&standings);
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

/// Checks a reader's access before a live stream opens (each redraw checks it again).
async fn live_access(app: &web::Data<App>, viewer: &ViewerKey) -> Result<(), PageError> {
    let viewer = viewer.clone();
    run(app, move |app| events::view_event(app, &viewer).map(drop))
        .await
        .map_err(|e| private_page(e).into())
}

async fn screen_live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<ViewQuery>,
) -> Result<impl actix_web::Responder, PageError> {
    let id = path.into_inner();
    let viewer = visitor.viewer_key(id, query.into_inner().key);
    live_access(&app, &viewer).await?;
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::from_millis(500),
        move |n| n.event == id,
        move |app| screen_regions(&report::screen(app, &viewer)?),
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
    let viewer = visitor.viewer_key(id, query.into_inner().key);
    live_access(&app, &viewer).await?;
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::from_millis(1000),
        move |n| n.event == id,
        move |app| {
            let (_, standings) = report::live_standings(app, &viewer)?;
            Ok(vec![(
                "standings",
                fragment(&StandingsTable {
                    standings: view::standings_view(&standings),
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
    let Some(host) = visitor.host_key(id) else {
        return Err(events::host_refusal().into());
    };
    let csrf = visitor.csrf();
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::from_millis(400),
        move |n| n.event == id,
        move |app| {
            let panel = console::round_panel(app, &host)?;
            let panel = super::host::round_panel(panel, csrf.clone());
            Ok(vec![("round-panel", fragment(&panel)?)])
        },
    ))
}
