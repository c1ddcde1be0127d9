//! Replays: the list of an event's finished deals, and one deal step by step with the board as
//! each seat saw it (drawn by the rule set's own board module, without moves). Plain links move
//! between steps; the script adds the arrow keys.

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::screen::{private_page, unit_of, view_query};
use super::{Layout, PageResult, drawn};
use crate::app::events::EventRecord;
use crate::app::replay::{self, DealRef, FinishedDeal, Replay, SideResult};
use crate::app::seat::{DealInfo, Tablemate};
use crate::app::turn_clock::StandIn;
use crate::app::{App, AppError};
use crate::i18n::Lang;
use crate::web::boards;
use crate::web::session::{Reader, Visitor};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/replays", web::get().to(list))
        .route(
            "/events/{event}/replays/{round}/{table}/{deal}",
            web::get().to(show),
        );
}

/// Where a reader finds the replays of an event: with the viewer key when the event is
/// private (as the projector's link to the final standings), for a printout or a QR code.
pub fn replays_url(event: &EventRecord, base: &str) -> String {
    let key = if event.row.private_views {
        format!("?key={}", event.viewer_key())
    } else {
        String::new()
    };
    format!("{base}/events/{}/replays{key}", event.id())
}

#[derive(Deserialize)]
struct ReplayQuery {
    #[serde(default)]
    key: String,
    #[serde(default)]
    step: Option<String>,
}

/// One side's result in words: "Ann 40 mi".
fn result_line(side: &SideResult, unit: &str, lang: Lang) -> String {
    lang.msg("replay-side")
        .arg("names", side.names.join(" & "))
        .arg("score", lang.number(side.score))
        .arg("unit", unit)
        .text()
}

#[derive(Template)]
#[template(path = "replays.html")]
struct ListPage {
    layout: Layout,
    deals: Vec<FinishedDeal>,
    event: i64,
    unit: &'static str,
}

impl ListPage {
    fn side_text(&self, side: &SideResult) -> String {
        result_line(side, self.unit, self.layout.lang)
    }

    fn href(&self, at: &DealRef) -> String {
        format!(
            "/events/{}/replays/{}/{}/{}{}",
            self.event, at.round, at.table, at.deal, self.layout.view_query
        )
    }
}

/// `&key=...` for links that carry a query already, from the layout's `?key=...`.
fn key_param(view_query: &str) -> String {
    view_query.replacen('?', "&", 1)
}

async fn list(app: web::Data<App>, reader: Reader) -> PageResult {
    let (id, hosts) = (reader.id, reader.hosts);
    let (viewer, visitor) = (reader.viewer, reader.visitor);
    let layout = Layout::new("", &visitor)
        .titled("replays-title")
        .for_event(id, "", &visitor);
    // Read and drawn off the async threads: every finished deal of a big party.
    drawn(&app, move |app| {
        let (event, deals) = replay::finished_deals(app, &viewer).map_err(private_page)?;
        let mut layout = layout.named(&event.settings.name);
        layout.view_query = view_query(&event, hosts);
        Ok(ListPage {
            layout,
            deals,
            event: id,
            unit: unit_of(&event),
        })
    })
    .await
}

/// A seat's board at the step, drawn as the seat saw it.
struct SeatBoard {
    heading: String,
    board: String,
}

#[derive(Template)]
#[template(path = "replay.html")]
struct ReplayPage {
    layout: Layout,
    replay: Replay,
    boards: Vec<SeatBoard>,
    /// The replay's address without its query.
    path: String,
    /// "&key=..." or "".
    key: String,
    /// The viewer key itself, for the step form ("" when the links need none).
    view_key: String,
    unit: &'static str,
}

impl ReplayPage {
    fn step_href(&self, step: u32) -> String {
        format!("{}?step={step}{}", self.path, self.key)
    }

    /// The links to the first, previous, next and last steps, where there is one to go to.
    fn first_href(&self) -> Option<String> {
        (self.replay.step > 0).then(|| self.step_href(0))
    }

    fn previous_href(&self) -> Option<String> {
        (self.replay.step > 0).then(|| self.step_href(self.replay.step - 1))
    }

    fn next_href(&self) -> Option<String> {
        (self.replay.step < self.replay.steps).then(|| self.step_href(self.replay.step + 1))
    }

    fn last_href(&self) -> Option<String> {
        (self.replay.step < self.replay.steps).then(|| self.step_href(self.replay.steps))
    }

    fn list_href(&self) -> String {
        format!(
            "/events/{}/replays{}",
            self.replay.event.id(),
            self.layout.view_query
        )
    }

    fn side_text(&self, side: &SideResult) -> String {
        result_line(side, self.unit, self.layout.lang)
    }

    /// What the step was, in words: the deal as dealt, or what the move did ("Ann played
    /// Flat Tire on Bob."), who played it for the seat if not its player, and whether it was
    /// the last.
    fn step_text(&self) -> String {
        let replay = &self.replay;
        let lang = self.layout.lang;
        if replay.step == 0 {
            return lang.t("replay-dealt");
        }
        let mover = replay
            .mover
            .and_then(|seat| replay.seats.get(usize::from(seat)))
            .map(|s| s.name.clone());
        let words = step_words(replay, lang).join(" ");
        let mut text = match (words.is_empty(), mover) {
            (false, _) => words,
            (true, Some(name)) => lang.msg("replay-move-of").arg("name", name).text(),
            (true, None) => lang.t("replay-table-move"),
        };
        if let Some(by) = replay.played_by {
            text.push(' ');
            text.push_str(&lang.t(match by {
                StandIn::Clock => "replay-by-clock",
                StandIn::Bot => "replay-by-bot",
            }));
        }
        if replay.step == replay.steps {
            text.push(' ');
            text.push_str(&lang.t(if replay.cut {
                "replay-last-before-signal"
            } else {
                "replay-last-of-deal"
            }));
        }
        text
    }

    /// The deal's score rows at its last step, for rule sets whose score is more than the
    /// miles: each row's label (`replay-row-<id>`) and points by side, the total last.
    fn score_rows(&self) -> Option<Vec<(String, Vec<String>)>> {
        let rows = self.replay.hand_scores.as_ref()?;
        let lang = self.layout.lang;
        Some(
            rows.iter()
                .map(|row| {
                    (
                        lang.t(&format!("replay-row-{}", row.id)),
                        row.points.iter().map(|&p| lang.number(p)).collect(),
                    )
                })
                .collect(),
        )
    }

    /// The sides' names, for the score rows' heading.
    fn side_names(&self) -> Vec<String> {
        self.replay
            .sides
            .iter()
            .map(|s| s.names.join(" & "))
            .collect()
    }
}

/// What the step's move did, in the words of the boards' "Lately", as a referee tells it
/// (nobody is "you"; hidden cards stay unsaid, as a draw).
fn step_words(replay: &Replay, lang: Lang) -> Vec<String> {
    let Some(first) = replay.seats.first() else {
        return Vec::new();
    };
    // (A seat nobody sits in: no draw is told as "You drew".)
    let deal = DealInfo {
        seat: crate::engine::Seat::MAX,
        recent: replay.events.clone(),
        stand_ins: Vec::new(),
        ..first.deal.clone()
    };
    boards::recent_words(&boards::Context {
        lang,
        deal: &deal,
        tablemates: &replay.tablemates,
        csrf: "",
        post_move: "",
        memo: None,
        sent: None,
    })
}

/// A number in the replay's address, or a clear refusal.
fn number_in_address(what: &str, text: &str) -> Result<u32, AppError> {
    text.parse().map_err(|_| {
        let id = match what {
            "round" => "refused-replay-round-not-number",
            "table" => "refused-replay-table-not-number",
            _ => "refused-replay-deal-not-number",
        };
        AppError::invalid(
            crate::i18n::Said::new(id).text("text", crate::engine::json::truncate(text, 20)),
        )
    })
}

/// The step asked for: 0 (as dealt) when none is given.
fn step_asked(text: Option<&str>) -> Result<u32, AppError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(0),
        Some(text) => text.parse().map_err(|_| {
            AppError::invalid(
                crate::i18n::Said::new("refused-replay-step-not-number")
                    .text("text", crate::engine::json::truncate(text, 20)),
            )
        }),
    }
}

/// The table as `seat` saw it: its side is "you".
fn as_seen_by(tablemates: &[Tablemate], seat: u8) -> Vec<Tablemate> {
    tablemates
        .iter()
        .map(|t| Tablemate {
            you: t.seats.contains(&seat),
            ..t.clone()
        })
        .collect()
}

async fn show(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<(i64, String, String, String)>,
    query: web::Query<ReplayQuery>,
) -> PageResult {
    let (id, round, table, deal) = path.into_inner();
    let at = DealRef {
        round: number_in_address("round", &round)?,
        table: number_in_address("table", &table)?,
        deal: number_in_address("deal", &deal)?,
    };
    let ReplayQuery { key, step } = query.into_inner();
    let step = step_asked(step.as_deref())?;
    let hosts = visitor.is_host(id);
    let viewer = visitor.viewer_key(id, key);
    let lang = visitor.lang();
    let layout = Layout::new(
        lang.msg("replay-title")
            .arg("round", at.round)
            .arg("table", at.table)
            .arg("deal", at.deal)
            .text(),
        &visitor,
    )
    .for_event(id, "", &visitor);
    // Replayed and drawn off the async threads: a board per seat.
    drawn(&app, move |app| {
        let replay = replay::replay(app, &viewer, at, step).map_err(private_page)?;
        let boards = replay
            .seats
            .iter()
            .map(|seat| {
                let tablemates = as_seen_by(&replay.tablemates, seat.seat);
                let mut board = boards::render(&boards::Context {
                    lang,
                    deal: &seat.deal,
                    tablemates: &tablemates,
                    csrf: "",
                    post_move: "",
                    memo: None,
                    sent: None,
                })
                .map_err(|e| AppError::Internal(format!("the board cannot be drawn: {e}")))?;
                crate::web::parts::seal(&mut board);
                Ok(SeatBoard {
                    heading: lang
                        .msg("replay-as-seen")
                        .arg("name", seat.name.as_str())
                        .text(),
                    board,
                })
            })
            .collect::<Result<Vec<_>, AppError>>()?;
        let event = &replay.event;
        let mut layout = layout.named(&event.settings.name);
        layout.view_query = view_query(event, hosts);
        Ok(ReplayPage {
            path: format!("/events/{id}/replays/{}/{}/{}", at.round, at.table, at.deal),
            key: key_param(&layout.view_query),
            view_key: layout
                .view_query
                .strip_prefix("?key=")
                .unwrap_or_default()
                .to_owned(),
            unit: unit_of(event),
            layout,
            boards,
            replay,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_that_is_not_a_number_is_refused_with_what_to_do() {
        assert_eq!(step_asked(None).ok(), Some(0));
        assert_eq!(step_asked(Some(" ")).ok(), Some(0));
        assert_eq!(step_asked(Some("12")).ok(), Some(12));
        let refusal = step_asked(Some("-1")).expect_err("refused").to_string();
        assert!(
            refusal.contains("first, previous, next and last"),
            "{refusal}"
        );
        let refusal = number_in_address("table", "x")
            .expect_err("refused")
            .to_string();
        assert!(refusal.contains("list of replays"), "{refusal}");
    }
}
