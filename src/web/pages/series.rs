//! A series' public page: the season's standings (printable, with a QR code to them) and its
//! list of evenings. Anyone with the address reads it, like an evening's standings page.
//! And a guest's own page of the season, from their seat link or their member card.

use actix_web::{HttpRequest, web};
use askama::Template;

use super::seat::ThisSeat;
use super::{Layout, PageResult, page, run};
use crate::app::App;
use crate::app::series::{self, EveningSummary, GuestEvening};
use crate::tournament::{Award, Counting, SeriesStanding, counted, ordinal};
use crate::web::address::base_url;
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/series/{series}", web::get().to(standings))
        .route("/series/{series}/member/{key}", web::get().to(member))
        .route("/seat/{token}/season", web::get().to(seat_season))
        .route("/seat-season", web::get().to(seat_season));
}

/// One line of the season's table, ready to show.
pub(super) struct Line {
    pub(super) place: String,
    pub(super) name: String,
    pub(super) evenings: u32,
    pub(super) counted: String,
    pub(super) total: u64,
    /// Per evening: the score, marked when it does not count.
    pub(super) scores: Vec<(String, bool)>,
}

#[derive(Template)]
#[template(path = "series.html")]
struct SeriesPage {
    layout: Layout,
    name: String,
    counting: String,
    evenings: Vec<EveningSummary>,
    /// The evenings' names, the table's columns.
    columns: Vec<String>,
    /// Private evenings, whose people the public season leaves out.
    private: usize,
    /// The season's club prizes.
    awards: Vec<Award>,
    lines: Vec<Line>,
    url: String,
    qr: String,
}

/// What the places go by, in words.
pub(super) fn counting_words(counting: Counting) -> String {
    match counting {
        Counting::Total => "Every evening counts.".to_owned(),
        Counting::Best { n } => {
            format!(
                "Each person's best {} count.",
                counted(u64::from(n), "evening", "evenings")
            )
        }
        Counting::Average => "The average per evening attended counts.".to_owned(),
    }
}

/// The counted figure as shown: an average with two decimals.
fn counted_text(value: f64, average: bool) -> String {
    if average {
        format!("{value:.2}")
    } else {
        format!("{value}")
    }
}

pub(super) fn line(standing: &SeriesStanding, average: bool) -> Line {
    Line {
        place: ordinal(standing.place),
        name: standing.name.clone(),
        evenings: standing.evenings,
        counted: counted_text(standing.counted, average),
        total: standing.total,
        scores: standing
            .scores
            .iter()
            .zip(&standing.counts)
            .map(|(score, &counts)| match score {
                Some(s) => (s.to_string(), counts),
                None => ("–".to_owned(), true),
            })
            .collect(),
    }
}

async fn standings(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
) -> PageResult {
    let id = path.into_inner();
    let season = run(&app, move |app| series::standings(app, id)).await?;
    let average = season.series.counting == Counting::Average;
    let url = format!("{}/series/{id}", base_url(&req));
    page(&SeriesPage {
        layout: Layout::new(season.series.row.name.clone(), &visitor),
        name: season.series.row.name.clone(),
        counting: counting_words(season.series.counting),
        lines: season.standings.iter().map(|s| line(s, average)).collect(),
        private: season.evenings.iter().filter(|e| e.private).count(),
        columns: season.evenings.iter().map(|e| e.name.clone()).collect(),
        evenings: season.evenings,
        awards: season.awards,
        qr: super::screen::qr_svg(&url),
        url,
    })
}

/// One evening on a guest's own page.
struct GuestLine {
    evening: GuestEvening,
    place: String,
    /// Each round's score ("–" for a round not played at a table).
    rounds: Vec<String>,
}

#[derive(Template)]
#[template(path = "series_guest.html")]
struct GuestPage {
    layout: Layout,
    id: i64,
    series: String,
    name: String,
    counting: String,
    /// "2nd of 14", when the guest is in the standings.
    standing: Option<String>,
    counted: String,
    evenings_attended: u32,
    evenings: Vec<GuestLine>,
    prizes: Vec<Award>,
}

fn guest_page(visitor: &Visitor, guest: series::GuestSeason) -> PageResult {
    let average = guest.series.counting == Counting::Average;
    let id = guest.series.id();
    let mut layout = Layout::new(
        format!("{}: {}", guest.name, guest.series.row.name),
        visitor,
    );
    layout.body_class = "guest-season";
    page(&GuestPage {
        layout,
        id,
        series: guest.series.row.name.clone(),
        name: guest.name,
        counting: counting_words(guest.series.counting),
        standing: guest
            .standing
            .as_ref()
            .map(|s| format!("{} of {}", ordinal(s.place), guest.people)),
        counted: guest
            .standing
            .as_ref()
            .map(|s| counted_text(s.counted, average))
            .unwrap_or_default(),
        evenings_attended: guest.standing.as_ref().map_or(0, |s| s.evenings),
        evenings: guest
            .evenings
            .into_iter()
            .map(|evening| GuestLine {
                place: evening
                    .result
                    .as_ref()
                    .map(|r| ordinal(r.place))
                    .unwrap_or_default(),
                rounds: evening
                    .result
                    .as_ref()
                    .map(|r| {
                        r.rounds
                            .iter()
                            .map(|s| s.map_or_else(|| "–".to_owned(), |s| s.to_string()))
                            .collect()
                    })
                    .unwrap_or_default(),
                evening,
            })
            .collect(),
        prizes: guest.prizes,
    })
}

/// A guest's own page from their member card.
async fn member(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<(i64, String)>,
) -> PageResult {
    let (id, key) = path.into_inner();
    let guest = run(&app, move |app| series::guest_by_card(app, id, &key)).await?;
    guest_page(&visitor, guest)
}

/// A guest's own page from their seat link (or the seat this browser picked).
async fn seat_season(app: web::Data<App>, visitor: Visitor, seat: ThisSeat) -> PageResult {
    let key = seat.key(&visitor)?;
    let guest = run(&app, move |app| series::guest_by_seat(app, &key)).await?;
    guest_page(&visitor, guest)
}
