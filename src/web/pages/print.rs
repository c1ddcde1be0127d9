//! Printouts, with print CSS for A4 and Letter: the final standings with prizes, the seating
//! chart of a round, paper score cards, and table tents with a QR code to the table's page; the
//! printed standings carry a QR code to the replays of the finished deals.

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::screen::{StandingsTable, base_url, qr_svg};
use super::view::{self, RoundView};
use super::{Layout, PageResult, fragment, host_or_login, page, run};
use crate::app::{App, AppError, replay, report, rounds};
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/print", web::get().to(index))
        .route("/events/{event}/print/standings", web::get().to(standings))
        .route("/events/{event}/print/seating", web::get().to(seating))
        .route("/events/{event}/print/cards", web::get().to(cards))
        .route("/events/{event}/print/tents", web::get().to(tents));
}

#[derive(Deserialize)]
struct PrintQuery {
    /// a4 or letter.
    #[serde(default)]
    paper: String,
    /// The round (default: the latest).
    #[serde(default)]
    round: Option<i32>,
}

impl PrintQuery {
    fn page_size(&self) -> &'static str {
        if self.paper.eq_ignore_ascii_case("letter") {
            "letter"
        } else {
            "A4"
        }
    }
}

#[derive(Template)]
#[template(path = "print/index.html")]
struct IndexPage {
    layout: Layout,
    event: i64,
    rounds: Vec<u32>,
}

async fn index(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let (event, rounds) = run(&app, move |app| rounds::round_numbers(app, &host)).await?;
    page(&IndexPage {
        layout: Layout::new("Print", &visitor).for_event(id, &event.settings.name, &visitor),
        event: id,
        rounds,
    })
}

#[derive(Template)]
#[template(path = "print/standings.html")]
struct StandingsPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    table: String,
    is_final: bool,
    /// Over but not closed by the host: the results may still be corrected.
    provisional: bool,
    prizes: Vec<(String, String)>,
    /// The link to the replays of the finished deals and its QR code, when there are any.
    replays: Option<(String, String)>,
}

async fn standings(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let id = path.into_inner();
    // Private standings are printed from the host's console only (not with the viewer key).
    let viewer = visitor.viewer_key(id, String::new());
    let reader = viewer.clone();
    let (event, standings) = run(&app, move |app| report::live_standings(app, &viewer))
        .await
        .map_err(|error| match error {
            AppError::Forbidden(_) => AppError::Forbidden(
                "the host keeps the standings private: print them from the host's console".into(),
            ),
            _ => error,
        })?;
    let standings = view::standings_view(&standings);
    let prizes = standings
        .rows
        .iter()
        .filter_map(|r| r.prize.map(|p| (view::ordinal(&p), r.name.clone())))
        .collect();
    let is_final = standings.is_final;
    let provisional = standings.provisional;
    let table = fragment(&StandingsTable {
        standings,
        compact: false,
        unit: super::screen::unit_of(&event),
        round: None,
    })?;
    let (_, deals) = run(&app, move |app| replay::finished_deals(app, &reader)).await?;
    let replays = (!deals.is_empty()).then(|| {
        let url = super::replay::replays_url(&event, &base_url(&req));
        (qr_svg(&url), url)
    });
    page(&StandingsPrint {
        layout: Layout::new("Standings", &visitor).for_event(id, &event.settings.name, &visitor),
        page_size: query.page_size(),
        name: event.settings.name,
        table,
        is_final,
        provisional,
        prizes,
        replays,
    })
}

#[derive(Template)]
#[template(path = "print/seating.html")]
struct SeatingPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    round: Option<RoundView>,
}

async fn seating(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let id = path.into_inner();
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let wanted = query.round;
    let board = run(&app, move |app| rounds::round_board(app, &host, wanted)).await?;
    let round = view::board_view(&board);
    let name = board.event.settings.name;
    page(&SeatingPrint {
        layout: Layout::new("Seating chart", &visitor).for_event(id, &name, &visitor),
        page_size: query.page_size(),
        name,
        round,
    })
}

#[derive(Template)]
#[template(path = "print/cards.html")]
struct CardsPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    round: Option<RoundView>,
    sheets: view::Sheets,
}

async fn cards(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let id = path.into_inner();
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let wanted = query.round;
    let board = run(&app, move |app| rounds::round_board(app, &host, wanted)).await?;
    // Only tables played with real cards need score cards; phones keep their own score.
    let round = view::board_view(&board).map(|mut round| {
        round.tables.retain(|t| t.paper);
        round
    });
    let sheets = view::Sheets::of(&board.event.settings);
    let name = board.event.settings.name;
    page(&CardsPrint {
        layout: Layout::new("Score cards", &visitor).for_event(id, &name, &visitor),
        page_size: query.page_size(),
        name,
        round,
        sheets,
    })
}

#[derive(Template)]
#[template(path = "print/tents.html")]
struct TentsPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    tents: Vec<(i32, String, String)>,
}

async fn tents(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let id = path.into_inner();
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let base = base_url(&req);
    let (event, tables) = run(&app, move |app| rounds::table_keys(app, &host)).await?;
    let name = event.settings.name;
    let tents = tables
        .into_iter()
        .map(|(n, key)| {
            let url = format!("{base}/events/{id}/table/{n}?key={key}");
            (n, qr_svg(&url), url)
        })
        .collect();
    page(&TentsPrint {
        layout: Layout::new("Table tents", &visitor).for_event(id, &name, &visitor),
        page_size: query.page_size(),
        name,
        tents,
    })
}
