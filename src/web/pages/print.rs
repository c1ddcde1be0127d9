//! Printouts, with print CSS for A4 and Letter: the final standings with prizes, the seating
//! chart of a round, paper score cards, and table tents with a QR code to the table's page; the
//! printed standings carry a QR code to the replays of the finished deals.

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::screen::{StandingsTable, qr_svg};
use super::view::{self, RoundView};
use super::{Layout, PageResult, fragment, host_or_login, page, run};
use crate::app::{App, AppError, replay, report, rounds};
use crate::web::address::base_url;
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/print", web::get().to(index))
        .route("/events/{event}/print/standings", web::get().to(standings))
        .route("/events/{event}/print/seating", web::get().to(seating))
        .route("/events/{event}/print/cards", web::get().to(cards))
        .route("/events/{event}/print/tents", web::get().to(tents))
        .route(
            "/events/{event}/print/standings.csv",
            web::get().to(standings_csv),
        )
        .route(
            "/events/{event}/print/standings.json",
            web::get().to(standings_json),
        )
        .route(
            "/events/{event}/print/event.json",
            web::get().to(event_json),
        );
}

// ---------------------------------------------------------------- downloads for the host

/// A file the host's browser downloads (never kept by a cache: it is the host's).
fn download(id: i64, name: &str, content_type: &str, body: String) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"touring-event-{id}-{name}\""),
        ))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(body)
}

/// The whole evening's record, read for the host of this browser.
async fn host_report(
    app: &web::Data<App>,
    visitor: &Visitor,
    id: i64,
) -> Result<Result<report::EventReport, actix_web::HttpResponse>, super::PageError> {
    let host = match host_or_login(visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(Err(*to_login)),
    };
    Ok(Ok(run(app, move |app| report::export(app, &host)).await?))
}

/// The standings as CSV, as the API's export gives them.
async fn standings_csv(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    let report = match host_report(&app, &visitor, id).await? {
        Ok(report) => report,
        Err(to_login) => return Ok(to_login),
    };
    let csv = report::standings_csv(&report)?;
    Ok(download(
        id,
        "standings.csv",
        "text/csv; charset=utf-8",
        csv,
    ))
}

/// The standings as JSON.
async fn standings_json(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    let report = match host_report(&app, &visitor, id).await? {
        Ok(report) => report,
        Err(to_login) => return Ok(to_login),
    };
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "event": report.event,
        "standings": report.standings,
    }))
    .map_err(|e| AppError::Internal(format!("writing JSON: {e}")))?;
    Ok(download(id, "standings.json", "application/json", json))
}

/// The whole evening as JSON: settings, every round and table, standings, corrections.
async fn event_json(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    let report = match host_report(&app, &visitor, id).await? {
        Ok(report) => report,
        Err(to_login) => return Ok(to_login),
    };
    let json = serde_json::to_string_pretty(&report)
        .map_err(|e| AppError::Internal(format!("writing JSON: {e}")))?;
    Ok(download(id, "event.json", "application/json", json))
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
        layout: Layout::new("", &visitor)
            .for_event(id, &event.settings.name, &visitor)
            .in_language(event.settings.language)
            .titled("print-title"),
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
    prizes: Vec<(u32, String)>,
    /// The club prizes of the evening's series, in words.
    club: Vec<String>,
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
            AppError::Forbidden(_) => {
                AppError::Forbidden(crate::i18n::Said::new("refused-private-standings"))
            }
            _ => error,
        })?;
    let standings = view::standings_view(&standings);
    let prizes = standings
        .rows
        .iter()
        .filter_map(|r| r.prize.map(|p| (p, r.name.clone())))
        .collect();
    let is_final = standings.is_final;
    let provisional = standings.provisional;
    let table = fragment(&StandingsTable {
        lang: event.settings.language,
        standings,
        compact: false,
        unit: super::screen::unit_of(&event),
        round: None,
    })?;
    let layout = Layout::new("", &visitor)
        .for_event(id, &event.settings.name, &visitor)
        .in_language(event.settings.language)
        .titled("standings-title");
    let prizes_reader = reader.clone();
    let club = run(&app, move |app| report::club_prizes(app, &prizes_reader))
        .await?
        .iter()
        .map(|award| layout.lang.say(&award.said()))
        .collect();
    let (_, deals) = run(&app, move |app| replay::finished_deals(app, &reader)).await?;
    let replays = (!deals.is_empty()).then(|| {
        let url = super::replay::replays_url(&event, &base_url(&req));
        (qr_svg(&url), url)
    });
    page(&StandingsPrint {
        layout,
        page_size: query.page_size(),
        name: event.settings.name,
        table,
        is_final,
        provisional,
        prizes,
        club,
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
    let language = board.event.settings.language;
    let name = board.event.settings.name;
    page(&SeatingPrint {
        layout: Layout::new("", &visitor)
            .for_event(id, &name, &visitor)
            .in_language(language)
            .titled("print-title-seating"),
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

impl CardsPrint {
    /// "many" when a card has a row per hand played, else "one" (for the card's words).
    fn hands_word(&self) -> &'static str {
        if self.sheets.printed_hands() > 1 {
            "many"
        } else {
            "one"
        }
    }
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
    let language = board.event.settings.language;
    let name = board.event.settings.name;
    page(&CardsPrint {
        layout: Layout::new("", &visitor)
            .for_event(id, &name, &visitor)
            .in_language(language)
            .titled("print-title-cards"),
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
    let language = event.settings.language;
    let name = event.settings.name;
    let tents = tables
        .into_iter()
        .map(|(n, key)| {
            let url = format!("{base}/events/{id}/table/{n}?key={key}");
            (n, qr_svg(&url), url)
        })
        .collect();
    page(&TentsPrint {
        layout: Layout::new("", &visitor)
            .for_event(id, &name, &visitor)
            .in_language(language)
            .titled("print-title-tents"),
        page_size: query.page_size(),
        name,
        tents,
    })
}
