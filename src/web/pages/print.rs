//! Printouts, with print CSS for A4 and Letter: the final standings with prizes, the seating
//! chart of a round, paper score cards, and table tents with a QR code to the table's page.

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::screen::{StandingsTable, base_url, qr_svg};
use super::view::{self, RoundView};
use super::{Layout, PageResult, fragment, page, read, redirect};
use crate::app::{App, AppError, events, rounds};
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
    if !visitor.is_host(id) {
        return Ok(redirect(&format!("/events/{id}/login")));
    }
    let (name, rounds) = read(&app, move |_, conn| {
        let event = events::load(conn, id)?;
        let rounds = crate::db::queries::rounds_of_event(conn, id)?
            .iter()
            .map(|r| r.number as u32)
            .collect();
        Ok((event.settings.name, rounds))
    })
    .await?;
    page(&IndexPage {
        layout: Layout::new("Print", &visitor).for_event(id, &name, &visitor),
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
    prizes: Vec<(String, String)>,
}

async fn standings(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let id = path.into_inner();
    let hosts = visitor.is_host(id);
    let (event, standings) = read(&app, move |_, conn| {
        let event = events::load(conn, id)?;
        if event.row.private_views && !hosts {
            return Err(AppError::Forbidden(
                "the host keeps the standings private: print them from the host's console".into(),
            ));
        }
        let names = view::names(conn, &event)?;
        Ok((event.clone(), view::standings_view(conn, &event, &names)?))
    })
    .await?;
    let prizes = standings
        .rows
        .iter()
        .filter_map(|r| r.prize.map(|p| (view::ordinal(&p), r.name.clone())))
        .collect();
    let is_final = standings.is_final;
    let table = fragment(&StandingsTable {
        standings,
        limit: None,
        compact: false,
    })?;
    page(&StandingsPrint {
        layout: Layout::new("Standings", &visitor).for_event(id, &event.settings.name, &visitor),
        page_size: query.page_size(),
        name: event.settings.name,
        table,
        is_final,
        prizes,
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

/// The round a printout is for: the one asked for, or the latest.
fn chosen_round(
    conn: &mut crate::db::Conn,
    event: &events::EventRecord,
    round: Option<i32>,
) -> crate::app::AppResult<Option<rounds::RoundRecord>> {
    match round {
        Some(n) => rounds::load(conn, event, n).map(Some),
        None => rounds::latest(conn, event),
    }
}

async fn seating(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let id = path.into_inner();
    if !visitor.is_host(id) {
        return Ok(redirect(&format!("/events/{id}/login")));
    }
    let wanted = query.round;
    let (name, round) = read(&app, move |app, conn| {
        let event = events::load(conn, id)?;
        let names = view::names(conn, &event)?;
        let round = match chosen_round(conn, &event, wanted)? {
            Some(r) => Some(view::round_view(app, conn, &event, &r, &names)?),
            None => None,
        };
        Ok((event.settings.name, round))
    })
    .await?;
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
    if !visitor.is_host(id) {
        return Ok(redirect(&format!("/events/{id}/login")));
    }
    let wanted = query.round;
    let (name, round, sheets) = read(&app, move |app, conn| {
        let event = events::load(conn, id)?;
        let names = view::names(conn, &event)?;
        let round = match chosen_round(conn, &event, wanted)? {
            Some(r) => Some(view::round_view(app, conn, &event, &r, &names)?),
            None => None,
        };
        let sheets = view::Sheets::of(&event.settings);
        Ok((event.settings.name, round, sheets))
    })
    .await?;
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
    if !visitor.is_host(id) {
        return Ok(redirect(&format!("/events/{id}/login")));
    }
    let base = base_url(&req);
    let (name, tables) = read(&app, move |_, conn| {
        let event = events::load(conn, id)?;
        let mut numbers: Vec<i32> = Vec::new();
        for round in crate::db::queries::rounds_of_event(conn, id)? {
            for table in crate::db::queries::tables_of_round(conn, round.id)? {
                if !numbers.contains(&table.number) {
                    numbers.push(table.number);
                }
            }
        }
        numbers.sort_unstable();
        if numbers.is_empty() {
            // Before the seating: one tent per table the entries will fill.
            let active = events::entries(conn, id)?
                .iter()
                .filter(|e| e.entry.is_active())
                .count();
            let tables = active / event.settings.entries_per_table().max(1);
            numbers = (1..=tables.max(1) as i32).collect();
        }
        let keyed: Vec<(i32, String)> = numbers
            .into_iter()
            .map(|n| (n, event.table_key(n)))
            .collect();
        Ok((event.settings.name.clone(), keyed))
    })
    .await?;
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
