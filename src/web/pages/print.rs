//! Printouts, with print CSS for A4 and Letter: the final standings with prizes, the seating
//! chart of a round, paper score cards, and table tents with a QR code to the table's page; the
//! printed standings carry a QR code to the replays of the finished deals.

use std::ops::Range;
use std::sync::Arc;

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::screen::StandingsTable;
use super::view::{self, RoundView};
use super::{Layout, PageResult, drawn, fragment, host_or_login, page, render, run};
use crate::app::{App, AppError, AppResult, replay, report, rounds};
use crate::i18n::{Lang, Said};
use crate::web::address::base_url;
use crate::web::kept::{Found, KeptKey, digest};
use crate::web::live::Hub;
use crate::web::qr::{draw_qr, qr_svg};
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

/// The whole evening's record, read for the host of this browser and written out (CSV or
/// JSON, thousands of lines for a big party) off the async threads.
async fn host_report(
    app: &web::Data<App>,
    visitor: &Visitor,
    id: i64,
    write: impl FnOnce(&report::EventReport) -> AppResult<String> + Send + 'static,
) -> Result<Result<String, actix_web::HttpResponse>, super::PageError> {
    let host = match host_or_login(visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(Err(*to_login)),
    };
    Ok(Ok(
        run(app, move |app| write(&report::export(app, &host)?)).await?
    ))
}

/// The standings as CSV, as the API's export gives them.
async fn standings_csv(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    match host_report(&app, &visitor, id, report::standings_csv).await? {
        Ok(csv) => Ok(download(
            id,
            "standings.csv",
            "text/csv; charset=utf-8",
            csv,
        )),
        Err(to_login) => Ok(to_login),
    }
}

/// JSON written out for a download.
fn json_text(value: &impl serde::Serialize) -> AppResult<String> {
    serde_json::to_string_pretty(value)
        .map_err(|e| AppError::Internal(format!("writing JSON: {e}")))
}

/// The standings as JSON.
async fn standings_json(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    let written = host_report(&app, &visitor, id, |report| {
        json_text(&serde_json::json!({
            "event": report.event,
            "standings": report.standings,
        }))
    })
    .await?;
    match written {
        Ok(json) => Ok(download(id, "standings.json", "application/json", json)),
        Err(to_login) => Ok(to_login),
    }
}

/// The whole evening as JSON: settings, every round and table, standings, corrections.
async fn event_json(app: web::Data<App>, visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let id = path.into_inner();
    match host_report(&app, &visitor, id, json_text).await? {
        Ok(json) => Ok(download(id, "event.json", "application/json", json)),
        Err(to_login) => Ok(to_login),
    }
}

// ---------------------------------------------------------------- printouts in pages

/// A printout of many tables or members comes in pages of at most this many: a page of QR
/// codes is drawn in tens of milliseconds and weighs well under a megabyte, where a whole
/// big party's took seconds and tens of megabytes.
pub const PER_PAGE: usize = 50;

/// Which page of a printout in pages this is, and the links to the others.
pub(super) struct Paged {
    /// The page (from 1) and the number of pages.
    pub page: u32,
    pub pages: u32,
    /// The things (tables or members) on it, from 0, of how many.
    pub range: Range<usize>,
    pub total: usize,
    /// The printout's address with its query but the page, ending in `?` or `&`.
    link: String,
    /// The heading's message: "print-page-tables" or "print-page-members".
    words: &'static str,
}

impl Paged {
    /// Page `asked` (from 1; the first when not given) of a printout of `total` things, whose
    /// address (the page aside) is `link`. A page past the last is refused in words.
    pub fn of(
        total: usize,
        asked: Option<u32>,
        link: String,
        words: &'static str,
    ) -> AppResult<Paged> {
        let pages = u32::try_from(total.div_ceil(PER_PAGE).max(1)).unwrap_or(u32::MAX);
        let page = asked.unwrap_or(1);
        if page == 0 || page > pages {
            return Err(AppError::not_found(
                Said::new("refused-print-page")
                    .number("page", page)
                    .number("pages", pages),
            ));
        }
        let start = (page as usize - 1) * PER_PAGE;
        Ok(Paged {
            page,
            pages,
            range: start..total.min(start + PER_PAGE),
            total,
            link,
            words,
        })
    }

    /// The page's heading, "Page 2 of 30 (tables 51 to 100 of 1,500)", when there is more
    /// than one.
    pub fn heading(&self, lang: &Lang) -> Option<String> {
        (self.pages > 1).then(|| {
            lang.msg(self.words)
                .arg("page", self.page)
                .arg("pages", self.pages)
                .arg("first", self.range.start + 1)
                .arg("last", self.range.end)
                .arg("total", self.total)
                .text()
        })
    }

    fn href(&self, page: u32) -> String {
        format!("{}page={page}", self.link)
    }

    pub fn previous(&self) -> Option<String> {
        (self.page > 1).then(|| self.href(self.page - 1))
    }

    pub fn next(&self) -> Option<String> {
        (self.page < self.pages).then(|| self.href(self.page + 1))
    }

    /// Whether this is the last page (where what follows the tables goes).
    pub fn is_last(&self) -> bool {
        self.page == self.pages
    }
}

/// A page of a printout, drawn off the async threads and kept while what it shows is the
/// same (`shows`: a digest of every input of the drawing, the language and the address in its
/// links among them): GETs of an unchanged page draw it once, and GETs that come while it is
/// being drawn wait for that drawing.
pub(super) async fn kept_page(
    app: &web::Data<App>,
    hub: &Hub,
    key: KeptKey,
    shows: u64,
    draw: impl FnOnce() -> AppResult<String> + Send + 'static,
) -> AppResult<Arc<String>> {
    let drawing = run(app, move |_| draw().map(|drawing| ((), drawing, false)));
    Ok(
        match hub
            .kept()
            .printed
            .drawing(key, key.0, || Some(shows), None, drawing)
            .await?
        {
            Found::Kept(drawing) | Found::Drawn(drawing, ()) => drawing,
        },
    )
}

#[derive(Deserialize)]
struct PrintQuery {
    /// a4 or letter.
    #[serde(default)]
    paper: String,
    /// The round (default: the latest).
    #[serde(default)]
    round: Option<i32>,
    /// The page of a printout in pages (default: the first).
    #[serde(default)]
    page: Option<u32>,
}

/// The paper a printout's `?paper=` asks for: "letter", else "A4".
pub(super) fn page_size(paper: &str) -> &'static str {
    if paper.eq_ignore_ascii_case("letter") {
        "letter"
    } else {
        "A4"
    }
}

/// A printout's `?paper=a4|letter`, alone (the seat slips', whose form posts).
#[derive(Deserialize)]
pub(super) struct PaperQuery {
    #[serde(default)]
    paper: String,
}

impl PaperQuery {
    pub(super) fn page_size(&self) -> &'static str {
        page_size(&self.paper)
    }
}

impl PrintQuery {
    fn page_size(&self) -> &'static str {
        page_size(&self.paper)
    }

    /// The printout's address with this paper and `round`, ending where its page goes.
    fn link(&self, event: i64, printout: &str, round: Option<u32>) -> String {
        let mut link = format!("/events/{event}/print/{printout}?");
        if self.page_size() == "letter" {
            link.push_str("paper=letter&");
        }
        if let Some(round) = round {
            link.push_str(&format!("round={round}&"));
        }
        link
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
    let layout = Layout::new("", &visitor).for_event(id, "", &visitor);
    let base = base_url(&req);
    let page_size = query.page_size();
    // Read and drawn off the async threads: thousands of rows and a QR code.
    drawn(&app, move |app| {
        let (event, standings) =
            report::live_standings(app, &viewer).map_err(|error| match error {
                AppError::Forbidden(_) => {
                    AppError::Forbidden(Said::new("refused-private-standings"))
                }
                _ => error,
            })?;
        let club = report::club_prizes(app, &viewer)?;
        let (_, deals) = replay::finished_deals(app, &viewer)?;
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
        let layout = layout
            .named(&event.settings.name)
            .in_language(event.settings.language)
            .titled("standings-title");
        let club = club
            .iter()
            .map(|award| layout.lang.say(&award.said()))
            .collect();
        let replays = (!deals.is_empty()).then(|| {
            let url = super::replay::replays_url(&event, &base);
            (qr_svg(&url), url)
        });
        Ok(StandingsPrint {
            layout,
            page_size,
            name: event.settings.name,
            table,
            is_final,
            provisional,
            prizes,
            club,
            replays,
        })
    })
    .await
}

/// What the round's printouts (the seating chart, the score cards) print alike: the page's
/// frame named after the event, the event's name, and the round's tables on the page asked for.
struct RoundPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    round: Option<RoundView>,
    paged: Paged,
}

/// The seating chart: every table of the round (its templates read the fields of
/// [`RoundPrint`] through `Deref`).
#[derive(Template)]
#[template(path = "print/seating.html")]
struct SeatingPrint(RoundPrint);

impl std::ops::Deref for SeatingPrint {
    type Target = RoundPrint;

    fn deref(&self) -> &RoundPrint {
        &self.0
    }
}

/// The round's tables on the page asked for (and its byes on the last page): the page, and
/// the round as it is printed there.
fn round_page(
    round: Option<RoundView>,
    query: &PrintQuery,
    event: i64,
    printout: &str,
) -> AppResult<(Option<RoundView>, Paged)> {
    let link = query.link(event, printout, round.as_ref().map(|r| r.number));
    let paged = Paged::of(
        round.as_ref().map_or(0, |r| r.tables.len()),
        query.page,
        link,
        "print-page-tables",
    )?;
    let round = round.map(|mut round| {
        round.tables = round.tables.drain(paged.range.clone()).collect();
        if !paged.is_last() {
            round.byes.clear();
        }
        round
    });
    Ok((round, paged))
}

/// Draws a round's printout for its host: the round's tables that `keep` keeps, on the page
/// asked for, in the page `print` makes of them (given the event's settings); the page's
/// title is the message `title`.
async fn round_printout<T: Template + Send + 'static>(
    (app, visitor, id, query): (web::Data<App>, Visitor, i64, PrintQuery),
    (printout, title): (&'static str, &'static str),
    keep: fn(&view::TableView) -> bool,
    print: impl FnOnce(RoundPrint, &crate::tournament::Settings) -> T + Send + 'static,
) -> PageResult {
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let layout = Layout::new("", &visitor).for_event(id, "", &visitor);
    drawn(&app, move |app| {
        let board = rounds::round_board(app, &host, query.round)?;
        let round = view::board_view(&board).map(|mut round| {
            round.tables.retain(keep);
            round
        });
        let (round, paged) = round_page(round, &query, id, printout)?;
        let settings = board.event.settings;
        let page = RoundPrint {
            layout: layout
                .named(&settings.name)
                .in_language(settings.language)
                .titled(title),
            page_size: query.page_size(),
            name: settings.name.clone(),
            round,
            paged,
        };
        Ok(print(page, &settings))
    })
    .await
}

async fn seating(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<PrintQuery>,
) -> PageResult {
    let asked = (app, visitor, path.into_inner(), query.into_inner());
    let every_table = |_: &view::TableView| true;
    round_printout(
        asked,
        ("seating", "print-title-seating"),
        every_table,
        |page, _| SeatingPrint(page),
    )
    .await
}

/// The score cards: one per table played with real cards (its template reads the fields of
/// [`RoundPrint`] through `Deref`).
#[derive(Template)]
#[template(path = "print/cards.html")]
struct CardsPrint {
    page: RoundPrint,
    sheets: view::Sheets,
}

impl std::ops::Deref for CardsPrint {
    type Target = RoundPrint;

    fn deref(&self) -> &RoundPrint {
        &self.page
    }
}

/// The most columns a score card prints across an upright page: at 9 pt, the longest word of a
/// column's heading ("(100 chacune)", "Milestones") needs some 16 mm of the 182 mm between an
/// A4 page's margins.
const UPRIGHT_COLUMNS: usize = 9;

impl CardsPrint {
    /// "-landscape" when a card has more columns than an upright page holds (Mille Bornes'
    /// sheet): the cards then print across the paper (the style sheet's name ends so).
    fn across(&self) -> &'static str {
        if self.sheets.columns() > UPRIGHT_COLUMNS {
            "-landscape"
        } else {
            ""
        }
    }

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
    let asked = (app, visitor, path.into_inner(), query.into_inner());
    // Only tables played with real cards need score cards; phones keep their own score.
    let paper = |table: &view::TableView| table.paper;
    round_printout(
        asked,
        ("cards", "print-title-cards"),
        paper,
        |page, settings| CardsPrint {
            page,
            sheets: view::Sheets::of(settings),
        },
    )
    .await
}

/// One page of table tents, without the page's frame: what GETs of the page share.
#[derive(Template)]
#[template(path = "print/tents_page.html")]
struct TentsPart {
    lang: Lang,
    name: String,
    tents: Vec<(i32, String, String)>,
}

#[derive(Template)]
#[template(path = "print/tents.html")]
struct TentsPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    paged: Paged,
    /// The page's tents, drawn.
    tents: Arc<String>,
}

async fn tents(
    app: web::Data<App>,
    hub: web::Data<Hub>,
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
    let query = query.into_inner();
    let (event, mut tables) = run(&app, move |app| rounds::table_keys(app, &host)).await?;
    let paged = Paged::of(
        tables.len(),
        query.page,
        query.link(id, "tents", None),
        "print-page-tables",
    )?;
    let tables: Vec<(i32, String)> = tables.drain(paged.range.clone()).collect();
    let layout = Layout::new("", &visitor)
        .for_event(id, &event.settings.name, &visitor)
        .in_language(event.settings.language)
        .titled("print-title-tents");
    let (lang, name) = (layout.lang, event.settings.name);
    let shows = digest(&(lang.code(), &base, &name, &tables));
    let part_name = name.clone();
    let drawing = kept_page(&app, &hub, ("tents", id, paged.page), shows, move || {
        let tents = tables
            .into_iter()
            .map(|(n, key)| {
                let url = format!("{base}/events/{id}/table/{n}?key={key}");
                (n, draw_qr(&url), url)
            })
            .collect();
        render(&TentsPart {
            lang,
            name: part_name,
            tents,
        })
    })
    .await?;
    drawn(&app, move |_| {
        Ok(TentsPrint {
            layout,
            page_size: query.page_size(),
            name,
            paged,
            tents: drawing,
        })
    })
    .await
}
