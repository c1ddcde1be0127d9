//! The projector (the round, the clock, the seating, the live standings and a QR code to join),
//! the standings page, and the live streams of those.

use std::time::Duration;

use actix_web::{HttpRequest, web};
use askama::Template;

use super::chart;
use super::view::{self, RoundView, StandingsView};
use super::{Layout, PageError, PageResult, fragment, run};
use crate::app::events::{self, EventRecord};
use crate::app::report::{self, Screen};
use crate::app::rounds::RoundState;
use crate::app::{App, AppError, AppResult, ViewerKey};
use crate::i18n::Lang;
use crate::web::address::base_url;
use crate::web::kept::Found;
use crate::web::live::{Audience, Hub};
use crate::web::session::Reader;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/screen", web::get().to(screen))
        .route("/events/{event}/standings", web::get().to(standings))
        .route("/events/{event}/live/screen", web::get().to(screen_live))
        .route(
            "/events/{event}/live/standings",
            web::get().to(standings_live),
        );
}

/// The pages' words for a private view opened without its key (the use case refuses it).
pub(super) fn private_page(error: AppError) -> AppError {
    match error {
        AppError::Forbidden(_) => {
            AppError::Forbidden(crate::i18n::Said::new("refused-private-page"))
        }
        _ => error,
    }
}

/// What a private view's links carry: the viewer key, unless the visitor is the host.
pub(super) fn view_query(event: &EventRecord, hosts: bool) -> String {
    if event.row.private_views && !hosts {
        format!("?key={}", event.viewer_key())
    } else {
        String::new()
    }
}

/// The projector's head: the round, its state (a PAUSED banner, the break) and the clock.
#[derive(Template)]
#[template(path = "fragments/screen_clock.html")]
struct ScreenClock {
    lang: Lang,
    round: Option<RoundView>,
    finished: bool,
    /// Over but not closed by the host: the winners shown are provisional.
    provisional: bool,
    unit: &'static str,
}

/// The projector's main area: the seating of the round, or the winners once the evening is over.
#[derive(Template)]
#[template(path = "fragments/screen_seating.html")]
struct ScreenSeating {
    lang: Lang,
    round: Option<RoundView>,
    finished: bool,
    unit: &'static str,
    /// The winners' screen: the prizes (or the first places when no prize is given).
    winners: Vec<view::StandingRow>,
    /// The winners' chart, drawn as SVG.
    chart: String,
    /// The club prizes of the evening's series, in words.
    club: Vec<String>,
}

impl ScreenSeating {
    /// Denser columns for bigger rounds, so that every table fits without script.
    fn density(&self) -> &'static str {
        match self
            .round
            .as_ref()
            .map_or(0, |r| r.tables.len() + usize::from(!r.byes.is_empty()))
        {
            0..=6 => "few",
            7..=12 => "some",
            13..=20 => "many",
            _ => "most",
        }
    }
}

/// The standings table (projector, standings page, print).
#[derive(Template)]
#[template(path = "fragments/standings_table.html")]
pub struct StandingsTable {
    /// The event's language (every reader of the drawing shares it).
    pub lang: Lang,
    pub standings: StandingsView,
    /// The projector's short table (place, name, total, rounds won), paged by the script.
    pub compact: bool,
    /// "miles" or "points".
    pub unit: &'static str,
    /// The round the projector shows and its state, for the footnote.
    pub round: Option<(u32, RoundState)>,
}

impl StandingsTable {
    /// The line under the table, following the round's state.
    fn footnote(&self) -> Option<String> {
        let (lang, unit) = (self.lang, self.unit);
        if self.standings.is_final {
            return None;
        }
        let closed = self.standings.rounds.len() - usize::from(self.standings.live_round.is_some());
        let state = self.round.map(|(_, state)| state);
        let live = |id| lang.msg(id).arg("unit", unit);
        let text = match (self.standings.live_round, state) {
            (Some(r), Some(RoundState::Paused)) => {
                Some(live("standings-live-paused").arg("round", r))
            }
            (Some(r), Some(RoundState::Over)) => Some(live("standings-live-over").arg("round", r)),
            (Some(r), _) => Some(live("standings-live-playing").arg("round", r)),
            (None, _) if closed > 0 => Some(lang.msg("standings-after-round").arg("round", closed)),
            (None, _) => None,
        };
        let mut said: Vec<String> = text.map(|m| m.text()).into_iter().collect();
        if closed == 0 {
            said.push(lang.t("standings-prizes-later"));
        }
        (!said.is_empty()).then(|| said.join(" "))
    }
}

/// The word for scores in this event's game ("miles" or "points").
pub fn unit_of(event: &EventRecord) -> &'static str {
    view::Sheets::of(&event.settings).unit()
}

fn screen_regions(screen: &Screen, base: &str) -> AppResult<Vec<(&'static str, String)>> {
    let mut regions = shared_regions(screen)?;
    regions.push(("screen-join", screen_join(&screen.board.event, base)?));
    Ok(regions)
}

/// The projector's regions but its QR code: the same for every reader whatever address they
/// asked for.
fn shared_regions(screen: &Screen) -> AppResult<Vec<(&'static str, String)>> {
    let round = view::board_view(&screen.board);
    let event = &screen.board.event;
    let lang = event.settings.language;
    let finished = event.is_finished();
    let unit = unit_of(event);
    let standings = view::standings_view(&screen.standings);
    let (winners, chart) = if finished {
        let prized: Vec<view::StandingRow> = standings
            .rows
            .iter()
            .filter(|r| r.prize.is_some())
            .cloned()
            .collect();
        let winners = if prized.is_empty() {
            standings
                .rows
                .iter()
                .filter(|r| r.ranked && r.place <= 3)
                .cloned()
                .collect()
        } else {
            prized
        };
        let chart = fragment(&chart::score_chart(&screen.standings, unit, lang))?;
        (winners, chart)
    } else {
        (Vec::new(), String::new())
    };
    let state = round.as_ref().map(|r| (r.number, r.state));
    Ok(vec![
        (
            "screen-clock",
            fragment(&ScreenClock {
                lang,
                round: round.clone(),
                finished,
                provisional: event.is_provisional(),
                unit,
            })?,
        ),
        (
            "screen-seating",
            fragment(&ScreenSeating {
                lang,
                round,
                finished,
                unit,
                winners,
                chart,
                club: screen
                    .club_prizes
                    .iter()
                    .map(|award| lang.say(&award.said()))
                    .collect(),
            })?,
        ),
        (
            "screen-standings",
            fragment(&StandingsTable {
                lang,
                standings,
                compact: true,
                unit,
                round: state,
            })?,
        ),
    ])
}

/// The projector's QR code: to join during the evening, to the final standings after it.
#[derive(Template)]
#[template(path = "fragments/screen_join.html")]
struct ScreenJoin {
    lang: Lang,
    finished: bool,
    provisional: bool,
    url: String,
    qr: String,
}

fn screen_join(event: &EventRecord, base: &str) -> AppResult<String> {
    let id = event.id();
    let finished = event.is_finished();
    let url = if finished {
        let key = if event.row.private_views {
            format!("?key={}", event.viewer_key())
        } else {
            String::new()
        };
        format!("{base}/events/{id}/standings{key}")
    } else {
        format!("{base}/events/{id}/join?key={}", event.join_key())
    };
    fragment(&ScreenJoin {
        lang: event.settings.language,
        finished,
        provisional: event.is_provisional(),
        qr: crate::web::qr::qr_svg(&url),
        url,
    })
}

#[derive(Template)]
#[template(path = "screen.html")]
struct ScreenPage {
    layout: Layout,
    name: String,
    clock: String,
    seating: String,
    standings: String,
    join: String,
}

async fn screen(
    reader: Reader,
    req: HttpRequest,
    app: web::Data<App>,
    hub: web::Data<Hub>,
) -> PageResult {
    let (id, hosts) = (reader.id, reader.hosts);
    let (viewer, visitor) = (reader.viewer, reader.visitor);
    // Every GET of an unchanged event shares one drawing (see web::kept).
    let following = hub.follow(id).await;
    let drawing = hub.kept().screen.drawing(
        ("screen", id, 0),
        "screen",
        || hub.version(id),
        Some(Box::new(following)),
        run(&app, {
            let viewer = viewer.clone();
            move |app| {
                let screen = report::screen(app, &viewer)?;
                let ticking = view::board_view(&screen.board)
                    .is_some_and(|round| round.ticking_ms().is_some());
                Ok((
                    screen.board.event.clone(),
                    shared_regions(&screen)?,
                    ticking,
                ))
            }
        }),
    );
    let (event, regions) = drawn_for(&app, drawing.await, viewer).await?;
    let mut layout = Layout::new("", &visitor).in_language(event.settings.language);
    layout.title = layout
        .lang
        .msg("wall-title")
        .arg("event", &event.settings.name)
        .text();
    layout.body_class = "screen";
    layout.refresh = Some(10);
    layout.view_query = view_query(&event, hosts);
    layout.live = Some(format!("/events/{id}/live/screen{}", layout.view_query));
    let base = base_url(&req);
    // The page (hundreds of kilobytes for a big round) is put together off the async threads.
    super::drawn(&app, move |_| {
        let region = |name: &str| {
            regions
                .iter()
                .find(|(id, _)| *id == name)
                .map(|(_, html)| html.clone())
                .unwrap_or_default()
        };
        Ok(ScreenPage {
            name: event.settings.name.clone(),
            clock: region("screen-clock"),
            seating: region("screen-seating"),
            standings: region("screen-standings"),
            join: screen_join(&event, &base)?,
            layout,
        })
    })
    .await
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    layout: Layout,
    event: i64,
    table: String,
}

async fn standings(app: web::Data<App>, hub: web::Data<Hub>, reader: Reader) -> PageResult {
    let (id, hosts) = (reader.id, reader.hosts);
    let (viewer, visitor) = (reader.viewer, reader.visitor);
    // Every GET of an unchanged event in one language shares one drawing (see web::kept): a
    // guest's standings are in the guest's language.
    let lang = visitor.lang();
    let following = hub.follow(id).await;
    let drawing = hub.kept().standings.drawing(
        (lang.code(), id, 0),
        "standings",
        || hub.version(id),
        Some(Box::new(following)),
        // Read and drawn off the async threads: a table of thousands of rows.
        run(&app, {
            let viewer = viewer.clone();
            move |app| {
                let (event, standings) = report::live_standings(app, &viewer)?;
                let standings = view::standings_view(&standings);
                let is_final = standings.is_final;
                let provisional = standings.provisional;
                let table = fragment(&StandingsTable {
                    lang,
                    standings,
                    compact: false,
                    unit: unit_of(&event),
                    round: None,
                })?;
                Ok((event, (table, is_final, provisional), false))
            }
        }),
    );
    let (event, drawn) = drawn_for(&app, drawing.await, viewer).await?;
    let (_, is_final, provisional) = *drawn;
    let title = lang.t(if is_final {
        "standings-title-final"
    } else if provisional {
        "standings-title-provisional"
    } else {
        "standings-title"
    });
    let mut layout = Layout::new(title, &visitor).for_event(id, &event.settings.name, &visitor);
    layout.refresh = (!is_final).then_some(30);
    layout.view_query = view_query(&event, hosts);
    layout.live = (!is_final).then(|| format!("/events/{id}/live/standings{}", layout.view_query));
    super::drawn(&app, move |_| {
        Ok(StandingsPage {
            layout,
            event: id,
            table: drawn.0.clone(),
        })
    })
    .await
}

/// The event and the drawing a GET of a public page shows: with a drawing kept, only the
/// reader's access is read (without holding the others up); a new drawing read the event.
async fn drawn_for<V>(
    app: &web::Data<App>,
    found: AppResult<Found<V, EventRecord>>,
    viewer: ViewerKey,
) -> Result<(EventRecord, std::sync::Arc<V>), PageError> {
    match found.map_err(private_page)? {
        Found::Kept(drawing) => {
            let event = run(app, move |app| events::view_event(app, &viewer))
                .await
                .map_err(private_page)?;
            Ok((event, drawing))
        }
        Found::Drawn(drawing, event) => Ok((event, drawing)),
    }
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
    req: HttpRequest,
    hub: web::Data<Hub>,
    reader: Reader,
) -> Result<impl actix_web::Responder, PageError> {
    let (id, viewer) = (reader.id, reader.viewer);
    live_access(&app, &viewer).await?;
    let base = base_url(&req);
    // Every projector of the event (with the same address in its QR code) shows the same
    // picture: they redraw together and share one drawing.
    let slot = hub.drawings().slot(("screen", id, base.clone()));
    let allowed = viewer.clone();
    Ok(super::shared_live_stream(
        app,
        hub.listen(Audience::Event(id)),
        Duration::from_millis(500),
        slot,
        move |app| events::view_event(app, &allowed).map(drop),
        move |app| screen_regions(&report::screen(app, &viewer)?, &base),
    ))
}

async fn standings_live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    reader: Reader,
) -> Result<impl actix_web::Responder, PageError> {
    let (id, viewer, visitor) = (reader.id, reader.viewer, reader.visitor);
    live_access(&app, &viewer).await?;
    // Every guest's standings page in one language shows the same table: they share one
    // drawing.
    let lang = visitor.lang();
    let slot = hub
        .drawings()
        .slot(("standings", id, lang.code().to_owned()));
    let allowed = viewer.clone();
    Ok(super::shared_live_stream(
        app,
        hub.listen(Audience::Event(id)),
        Duration::from_millis(1000),
        slot,
        move |app| events::view_event(app, &allowed).map(drop),
        move |app| {
            let (event, standings) = report::live_standings(app, &viewer)?;
            Ok(vec![(
                "standings",
                fragment(&StandingsTable {
                    lang,
                    standings: view::standings_view(&standings),
                    compact: false,
                    unit: unit_of(&event),
                    round: None,
                })?,
            )])
        },
    ))
}
