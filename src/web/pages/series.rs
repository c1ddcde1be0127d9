//! A series' public page: the season's standings (printable, with a QR code to them) and its
//! list of evenings. Anyone with the address reads it, like an evening's standings page.
//! And a guest's own page of the season, from their seat link or their member card.

use actix_web::{HttpRequest, web};
use askama::Template;

use super::seat::ThisSeat;
use super::{Layout, PageResult, drawn};
use crate::app::App;
use crate::app::series::{self, EveningSummary, SeriesStandings};
use crate::i18n::Lang;
use crate::tournament::{Award, Counting, SeriesStanding};
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
    pub(super) evenings: String,
    pub(super) counted: String,
    pub(super) total: String,
    /// Per evening: the score, marked when it does not count.
    pub(super) scores: Vec<(String, bool)>,
}

#[derive(Template)]
#[template(path = "series.html")]
struct SeriesPage {
    layout: Layout,
    season: SeasonView,
    /// Private evenings, whose people the public season leaves out.
    private: usize,
    url: String,
    qr: String,
}

/// A season as its public page and its console show it, in the reader's language.
pub(super) struct SeasonView {
    pub(super) name: String,
    /// What the places go by, in words.
    pub(super) counting: String,
    pub(super) evenings: Vec<EveningView>,
    /// The evenings' names, the standings' columns.
    pub(super) columns: Vec<String>,
    pub(super) lines: Vec<Line>,
    /// The season's club prizes, in words.
    pub(super) awards: Vec<String>,
}

impl SeasonView {
    pub(super) fn of(season: &SeriesStandings, lang: Lang) -> SeasonView {
        let average = season.series.counting == Counting::Average;
        SeasonView {
            name: season.series.row.name.clone(),
            counting: counting_words(season.series.counting, lang),
            evenings: season
                .evenings
                .iter()
                .map(|e| EveningView::of(e, lang))
                .collect(),
            columns: season.evenings.iter().map(|e| e.name.clone()).collect(),
            lines: season
                .standings
                .iter()
                .map(|s| line(s, average, lang))
                .collect(),
            awards: awards_text(&season.awards, lang),
        }
    }
}

/// What the places go by, in words.
pub(super) fn counting_words(counting: Counting, lang: Lang) -> String {
    match counting {
        Counting::Total => lang.t("series-counting-total"),
        Counting::Best { n } => lang.msg("series-counting-best").arg("count", n).text(),
        Counting::Average => lang.t("series-counting-average"),
    }
}

/// The counted figure as shown: an average with two decimals, in the reader's conventions.
fn counted_text(value: f64, average: bool, lang: Lang) -> String {
    if average {
        let text = format!("{value:.2}");
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, "00"));
        let whole = whole
            .parse::<i64>()
            .map_or_else(|_| whole.to_owned(), |n| lang.number(n));
        lang.msg("series-decimal")
            .arg("whole", whole)
            .arg("fraction", fraction)
            .text()
    } else {
        #[allow(clippy::cast_possible_truncation)]
        lang.number(value.round() as i64)
    }
}

/// A date as the reader writes it ("2026-11-26", "26/11/2026").
pub(super) fn date_text(date: &impl chrono::Datelike, lang: Lang) -> String {
    lang.msg("series-date")
        .arg("year", date.year().to_string())
        .arg("month", format!("{:02}", date.month()))
        .arg("day", format!("{:02}", date.day()))
        .text()
}

/// An evening as a series' pages list it, its words in the reader's language.
pub(super) struct EveningView {
    pub(super) event: i64,
    pub(super) name: String,
    pub(super) date: String,
    pub(super) private: bool,
    pub(super) state: Stand,
    pub(super) awards: Vec<String>,
}

impl EveningView {
    pub(super) fn of(summary: &EveningSummary, lang: Lang) -> EveningView {
        EveningView {
            event: summary.event,
            name: summary.name.clone(),
            date: date_text(&summary.date, lang),
            private: summary.private,
            state: Stand::of(summary.closed, &summary.status),
            awards: awards_text(&summary.awards, lang),
        }
    }

    /// The evening may still be taken out of its series: it is not closed.
    pub(super) fn can_move(&self) -> bool {
        self.state != Stand::Final
    }
}

/// Where an evening stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stand {
    Final,
    Provisional,
    Running,
    NotStarted,
}

impl Stand {
    pub(super) fn of(closed: bool, status: &str) -> Stand {
        if closed {
            Stand::Final
        } else if status == crate::app::events::FINISHED {
            Stand::Provisional
        } else if status == "running" {
            Stand::Running
        } else {
            Stand::NotStarted
        }
    }

    /// Its words on the public season: "(final)".
    pub(super) fn public_id(self) -> &'static str {
        match self {
            Stand::Final => "series-evening-final",
            Stand::Provisional => "series-evening-provisional",
            Stand::Running => "series-evening-running",
            Stand::NotStarted => "series-evening-not-started",
        }
    }

    /// Its words on a guest's page (none once final): "· provisional".
    pub(super) fn guest_id(self) -> Option<&'static str> {
        match self {
            Stand::Final => None,
            Stand::Provisional => Some("series-guest-state-provisional"),
            Stand::Running => Some("series-guest-state-running"),
            Stand::NotStarted => Some("series-guest-state-not-started"),
        }
    }

    /// Its word on the series' console: "final".
    pub(super) fn console_id(self) -> &'static str {
        match self {
            Stand::Final => "series-state-final",
            Stand::Provisional => "series-state-provisional",
            Stand::Running => "series-state-running",
            Stand::NotStarted => "series-state-not-started",
        }
    }
}

/// A place in the standings ("2nd", "2e").
pub(super) fn place_text(place: u32, lang: Lang) -> String {
    lang.msg("place").arg("place", place).text()
}

/// Prizes given, each in words, in the reader's language.
pub(super) fn awards_text(awards: &[Award], lang: Lang) -> Vec<String> {
    awards.iter().map(|a| lang.say(&a.said())).collect()
}

pub(super) fn line(standing: &SeriesStanding, average: bool, lang: Lang) -> Line {
    Line {
        place: place_text(standing.place, lang),
        name: standing.name.clone(),
        evenings: lang.number(standing.evenings),
        counted: counted_text(standing.counted, average, lang),
        total: lang.number(standing.total),
        scores: standing
            .scores
            .iter()
            .zip(&standing.counts)
            .map(|(score, &counts)| match score {
                Some(s) => (lang.number(*s), counts),
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
    let url = format!("{}/series/{id}", base_url(&req));
    let layout = Layout::new("", &visitor);
    // Read and drawn off the async threads: a season of thousands of people.
    drawn(&app, move |app| {
        let season = series::standings(app, id)?;
        let mut layout = layout;
        layout.title = season.series.row.name.clone();
        let lang = layout.lang;
        Ok(SeriesPage {
            layout,
            season: SeasonView::of(&season, lang),
            private: season.evenings.iter().filter(|e| e.private).count(),
            qr: crate::web::qr::qr_svg(&url),
            url,
        })
    })
    .await
}

/// One evening on a guest's own page.
struct GuestLine {
    name: String,
    date: String,
    state: Stand,
    /// Their place and score, when they came.
    result: Option<(String, String)>,
    /// Each round's score ("–" for a round not played at a table).
    rounds: Vec<String>,
    /// The evening's prizes they took, in words.
    prizes: Vec<String>,
}

#[derive(Template)]
#[template(path = "series_guest.html")]
struct GuestPage {
    layout: Layout,
    /// The series' public season.
    href: String,
    series: String,
    name: String,
    counting: String,
    /// "2nd of 14", when the guest is in the standings.
    standing: Option<String>,
    counted: String,
    evenings_attended: u32,
    evenings: Vec<GuestLine>,
    prizes: Vec<String>,
}

fn guest_page(mut layout: Layout, guest: series::GuestSeason) -> GuestPage {
    let average = guest.series.counting == Counting::Average;
    let id = guest.series.id();
    let lang = layout.lang;
    layout.title = lang
        .msg("series-guest-title")
        .arg("name", guest.name.as_str())
        .arg("series", guest.series.row.name.as_str())
        .text();
    layout.body_class = "guest-season";
    let own_prizes = |awards: &[Award]| -> Vec<String> {
        awards
            .iter()
            .map(|a| lang.say(&a.said_without_names()))
            .collect()
    };
    GuestPage {
        layout,
        href: format!("/series/{id}"),
        series: guest.series.row.name.clone(),
        name: guest.name,
        counting: counting_words(guest.series.counting, lang),
        standing: guest.standing.as_ref().map(|s| {
            lang.msg("series-guest-standing")
                .arg("place", s.place)
                .arg("people", guest.people)
                .text()
        }),
        counted: guest
            .standing
            .as_ref()
            .map(|s| counted_text(s.counted, average, lang))
            .unwrap_or_default(),
        evenings_attended: guest.standing.as_ref().map_or(0, |s| s.evenings),
        prizes: own_prizes(&guest.prizes),
        evenings: guest
            .evenings
            .iter()
            .map(|evening| GuestLine {
                name: evening.name.clone(),
                date: date_text(&evening.date, lang),
                state: Stand::of(evening.closed, &evening.status),
                result: evening
                    .result
                    .as_ref()
                    .map(|r| (place_text(r.place, lang), lang.number(r.total))),
                rounds: evening
                    .result
                    .as_ref()
                    .map(|r| {
                        r.rounds
                            .iter()
                            .map(|s| s.map_or_else(|| "–".to_owned(), |s| lang.number(s)))
                            .collect()
                    })
                    .unwrap_or_default(),
                prizes: own_prizes(&evening.prizes),
            })
            .collect(),
    }
}

/// A guest's own page from their member card.
async fn member(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<(i64, String)>,
) -> PageResult {
    let (id, key) = path.into_inner();
    let layout = Layout::new("", &visitor);
    drawn(&app, move |app| {
        Ok(guest_page(layout, series::guest_by_card(app, id, &key)?))
    })
    .await
}

/// A guest's own page from their seat link (or the seat this browser picked).
async fn seat_season(app: web::Data<App>, visitor: Visitor, seat: ThisSeat) -> PageResult {
    let key = seat.key(&visitor)?;
    let layout = Layout::new("", &visitor);
    drawn(&app, move |app| {
        Ok(guest_page(layout, series::guest_by_seat(app, &key)?))
    })
    .await
}
