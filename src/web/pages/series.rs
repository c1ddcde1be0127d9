//! A series' public page: the season's standings (printable, with a QR code to them) and its
//! list of evenings. Anyone with the address reads it, like an evening's standings page.

use actix_web::{HttpRequest, web};
use askama::Template;

use super::{Layout, PageResult, page, run};
use crate::app::App;
use crate::app::series::{self, EveningSummary};
use crate::tournament::{Award, SeriesStanding, ordinal};
use crate::web::address::base_url;
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/series/{series}", web::get().to(standings));
}

/// One line of the season's table, ready to show.
struct Line {
    place: String,
    name: String,
    evenings: u32,
    counted: String,
    total: u64,
    /// Per evening: the score, marked when it does not count.
    scores: Vec<(String, bool)>,
}

#[derive(Template)]
#[template(path = "series.html")]
struct SeriesPage {
    layout: Layout,
    name: String,
    counting: String,
    evenings: Vec<EveningSummary>,
    /// The season's club prizes.
    awards: Vec<Award>,
    lines: Vec<Line>,
    url: String,
    qr: String,
}

fn line(standing: &SeriesStanding, average: bool) -> Line {
    Line {
        place: ordinal(standing.place),
        name: standing.name.clone(),
        evenings: standing.evenings,
        counted: if average {
            format!("{:.2}", standing.counted)
        } else {
            format!("{}", standing.counted)
        },
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
    let counting = match season.series.counting {
        crate::tournament::Counting::Total => "Every evening counts.".to_owned(),
        crate::tournament::Counting::Best { n } => {
            format!(
                "Each person's best {} count.",
                crate::tournament::counted(u64::from(n), "evening", "evenings")
            )
        }
        crate::tournament::Counting::Average => {
            "The average per evening attended counts.".to_owned()
        }
    };
    let average = season.series.counting == crate::tournament::Counting::Average;
    let url = format!("{}/series/{id}", base_url(&req));
    page(&SeriesPage {
        layout: Layout::new(season.series.row.name.clone(), &visitor),
        name: season.series.row.name.clone(),
        counting,
        lines: season.standings.iter().map(|s| line(s, average)).collect(),
        evenings: season.evenings,
        awards: season.awards,
        qr: super::screen::qr_svg(&url),
        url,
    })
}
