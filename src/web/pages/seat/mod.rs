//! A player's phone: where to sit and with whom, the time left, and the table's game (their own
//! hand, every side's piles, whose turn) with the legal moves as buttons. Opened from a seat
//! link, or from a table's QR code and a pick of name.

mod stream;

use stream::live;

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::paper_card::{
    ADD_HAND, HandRow, card_draft, card_with_one_more_hand, hand_rows, hands_total, typed_card,
};
use super::{Layout, PageError, PageResult, fragment, page, redirect, run};
use crate::app::rounds::RoundState;
use crate::app::seat::{self, DealInfo, SeatCard, SeatKey, SeatState};
use crate::app::{App, AppError, AppResult};
use crate::engine::{ScoreSheet, ScoreUnit};
use crate::i18n::Lang;
use crate::tournament::PaperHands;
use crate::web::boards;
use crate::web::live::{Hub, Topic};
use crate::web::session::{CardDraft, Visitor};

pub fn routes(cfg: &mut web::ServiceConfig) {
    // Each page of a seat answers at two addresses: the seat's own link (`/seat/{token}…`) and
    // the session of a phone that picked its seat by QR code (`/seat…`). One handler serves
    // both: [`ThisSeat`] says which seat the request is for.
    cfg.route("/seat/{token}", web::get().to(show))
        .route("/seat/{token}/move", web::post().to(play))
        .route("/seat/{token}/card", web::post().to(card))
        .route("/seat/{token}/live", web::get().to(live))
        .route("/seat", web::get().to(show))
        .route("/seat-move", web::post().to(play))
        .route("/seat-card", web::post().to(card))
        .route("/seat-live", web::get().to(live));
}

/// The board: the part of the seat page that live updates redraw.
#[derive(Template)]
#[template(path = "fragments/seat_board.html")]
pub struct Board<'a> {
    /// The reader's language.
    pub lang: Lang,
    pub csrf: &'a str,
    /// Where the move and card forms post.
    pub post_card: &'a str,
    /// What the use case read (borrowed: a live stream draws its kept board again after every
    /// move at the table, and copying it each time was a measurable share of a busy party).
    pub state: &'a SeatState,
    /// The game part of the board, drawn by the rule set's board module.
    pub game: Option<String>,
    /// Score cards at a paper table, one per side.
    pub cards: Vec<CardLine<'a>>,
    /// The table's score card.
    pub sheet: &'a ScoreSheet,
    /// "mi" or "pts".
    pub unit: &'static str,
    /// The seat's own score card as this browser typed it, when it was refused.
    pub draft: Option<&'a CardDraft>,
}

/// A paper score card, as the seat page shows it.
pub struct CardLine<'a> {
    pub side: usize,
    pub names: &'a str,
    /// Each hand's row labels and counts, and its score, once the side has entered its card.
    pub counts: Option<Vec<super::view::HandLine>>,
    pub score: Option<u32>,
    pub confirmed: bool,
    /// The version of the card as shown, which its confirmation names.
    pub version: &'a str,
    pub mine: bool,
    /// The card's counts by row, once it is in.
    pub entered: Option<&'a PaperHands>,
}

impl Board<'_> {
    fn deal(&self) -> Option<&DealInfo> {
        self.state.deal.as_ref()
    }

    /// What to do now, in the reader's language.
    fn message(&self) -> String {
        if self.state.said.is_empty() {
            return self.state.message.clone();
        }
        self.lang.say_all(&self.state.said)
    }

    fn your_turn(&self) -> bool {
        self.state.result.is_none() && self.deal().is_some_and(|d| d.your_turn)
    }

    /// Once the evening is over, the guest's result: where it is drawn, the game is not.
    fn result(&self) -> Option<&seat::FinalResult> {
        self.state.result.as_ref()
    }

    /// The guest's place in words ("2nd of 8", "joint 2nd of 8").
    fn result_place(&self, result: &seat::FinalResult) -> Option<String> {
        let place = result.place?;
        let said = crate::i18n::Said::new(if result.shared {
            "place-joint"
        } else {
            "place"
        })
        .number("place", place);
        Some(
            self.lang
                .msg("seat-result-place-of")
                .arg("place", self.lang.say(&said))
                .arg("of", result.of)
                .text(),
        )
    }

    /// The guest's total in the evening's unit ("87 miles", "1,200 points").
    fn result_total(&self, result: &seat::FinalResult) -> String {
        self.lang.say(
            &crate::i18n::Said::new("score-in-unit")
                .number("score", result.total)
                .text("unit", result.unit.word()),
        )
    }

    /// Who came first: the names, the guest's own marked.
    fn result_winners(&self, result: &seat::FinalResult) -> String {
        let id = if result.you_won {
            "seat-result-first-you"
        } else {
            "seat-result-first-names"
        };
        self.lang
            .say(&crate::i18n::Said::new(id).names("names", result.winners.clone()))
    }

    /// While the table waits for a decision (Mille Bornes) and the message names it: the
    /// milliseconds and whole seconds left, for the banner's countdown.
    fn wait_left(&self) -> Option<(i64, i64)> {
        let running = self
            .state
            .round
            .as_ref()
            .is_some_and(|r| r.state == RoundState::Running);
        if !running || self.is_paper() {
            return None;
        }
        let deal = self.deal().filter(|d| !d.view.is_over())?;
        let wait = deal.wait?;
        Some((wait.left_ms, (wait.left_ms + 999) / 1000))
    }

    /// While the turn clock runs at a digital table: whose turn (in words), and the
    /// milliseconds and whole seconds it still has, for the line under the banner.
    fn turn_left(&self) -> Option<(String, i64, i64)> {
        if self.is_paper() || self.wait_left().is_some() {
            return None;
        }
        let deal = self.deal().filter(|d| !d.view.is_over())?;
        let turn = deal.turn?;
        let whose = if deal.your_turn {
            self.lang.t("seat-turn-yours")
        } else {
            match self
                .state
                .tablemates
                .iter()
                .find(|t| t.seats.contains(&turn.seat))
            {
                Some(t) => self
                    .lang
                    .msg("seat-turn-of")
                    .arg("name", t.names.join(" & "))
                    .text(),
                None => self.lang.t("seat-turn-of-this-seat"),
            }
        };
        Some((whose, turn.left_ms, (turn.left_ms + 999) / 1000))
    }

    fn clock(&self) -> String {
        match &self.state.round {
            Some(round) if round.state == RoundState::Running => super::clock_text(round.left_ms),
            Some(round) if round.state == RoundState::Paused => self
                .lang
                .msg("clock-paused")
                .arg("clock", super::clock_text(round.left_ms))
                .text(),
            Some(round) if round.state == RoundState::Seated => self.lang.t("clock-ready"),
            Some(_) => self.lang.t("clock-time"),
            None => String::new(),
        }
    }

    fn ticking_ms(&self) -> Option<i64> {
        self.state
            .round
            .as_ref()
            .filter(|r| r.state == RoundState::Running)
            .and_then(|r| r.left_ms)
    }

    /// The round's state word, for the clock's class ("" before a round is seated).
    fn round_state(&self) -> &'static str {
        self.state.round.as_ref().map_or("", |r| r.state.as_str())
    }

    /// The score's unit in words ("mi", "pts").
    fn unit_word(&self) -> String {
        self.lang.t(if self.unit == "mi" {
            "unit-mi"
        } else {
            "unit-pts"
        })
    }

    fn frozen(&self) -> bool {
        self.state
            .round
            .as_ref()
            .is_some_and(|r| matches!(r.state, RoundState::Over | RoundState::Closed))
    }

    /// Each side at the table: its names, its score this round (at a paper table its card's,
    /// once another side or the host has confirmed it; `None` until then) and whether it is
    /// the reader's.
    fn table_miles(&self) -> Vec<(String, Option<u32>, bool)> {
        self.state
            .tablemates
            .iter()
            .map(|t| {
                let score = if self.is_paper() {
                    self.cards
                        .iter()
                        .find(|c| c.side == t.table_side && c.confirmed)
                        .and_then(|c| c.score)
                } else {
                    Some(t.round_miles)
                };
                (t.names.join(" & "), score, t.you)
            })
            .collect()
    }

    /// Has the round's start signal been given (score cards are taken from then on)?
    fn started(&self) -> bool {
        self.state
            .round
            .as_ref()
            .is_some_and(|r| r.state != RoundState::Seated)
    }

    fn is_paper(&self) -> bool {
        self.state.mode.as_deref() == Some(crate::app::play::PAPER)
    }

    /// The rows of the seat's own card form, one per hand, as typed or as entered.
    fn my_hands(&self, line: &CardLine) -> Vec<HandRow> {
        hand_rows(self.lang, "my-", self.sheet, self.draft, line.entered)
    }

    /// The seat's own card's total as typed.
    fn my_total(&self, line: &CardLine) -> Option<u32> {
        hands_total(&self.my_hands(line))
    }

    /// Why the refused card's count in `row` was wrong ("" for the card as a whole).
    fn field_problem(&self, row: &str) -> Option<String> {
        self.draft.and_then(|d| d.problem(row))
    }
}

/// The seat page's name for its card form in round `round`, which a refused card's draft
/// carries.
fn seat_card_form(round: impl std::fmt::Display) -> String {
    format!("seat/{round}")
}

#[derive(Template)]
#[template(path = "seat.html")]
struct SeatPage {
    layout: Layout,
    board: String,
    /// The guest's own page of the season, when the evening is in a series.
    season: Option<String>,
}

/// Draws a seat's board from what the use case read.
fn board<'a>(
    lang: Lang,
    data: &'a seat::SeatBoard,
    csrf: &'a str,
    (post_move, post_card): (&str, &'a str),
    draft: Option<&'a CardDraft>,
    memo: Option<&boards::RecentMemo>,
    sent: Option<&crate::web::parts::SentParts>,
) -> AppResult<Board<'a>> {
    let seat::SeatBoard { state, sheet, .. } = data;
    let cards = state
        .cards
        .iter()
        .map(|line| CardLine {
            side: line.side,
            names: &line.names,
            score: line.hands.as_ref().map(|c| c.score(sheet)),
            counts: line.hands.as_ref().map(|c| {
                c.0.iter()
                    .enumerate()
                    .map(|(i, hand)| {
                        let counts = sheet
                            .rows
                            .iter()
                            .map(|r| (super::view::row_label(lang, r), hand.count(r.id)))
                            .collect();
                        (i + 1, counts, hand.score(sheet))
                    })
                    .collect()
            }),
            entered: line.hands.as_ref(),
            confirmed: line.confirmed,
            version: line.version.as_deref().unwrap_or_default(),
            mine: line.mine,
        })
        .collect();
    // Once the evening is over its result is shown instead of the frozen game.
    let game = match state.deal.as_ref().filter(|_| state.result.is_none()) {
        Some(deal) => Some(
            boards::render(&boards::Context {
                lang,
                deal,
                tablemates: &state.tablemates,
                csrf,
                post_move,
                memo,
                sent,
            })
            .map_err(|e| AppError::Internal(format!("the board cannot be drawn: {e}")))?,
        ),
        None => None,
    };
    let form = seat_card_form(state.round.as_ref().map_or(0, |r| r.number));
    let draft = draft.filter(|d| d.form == form);
    Ok(Board {
        lang,
        draft,
        csrf,
        post_card,
        state,
        game,
        cards,
        unit: match sheet.unit {
            ScoreUnit::Miles => "mi",
            ScoreUnit::Points => "pts",
        },
        sheet,
    })
}

/// A seat's board as its region's HTML, with its parts sealed (see [`crate::web::parts`]).
fn board_html(board: &Board) -> AppResult<String> {
    let mut html = fragment(board)?;
    crate::web::parts::seal(&mut html);
    Ok(html)
}

/// The seat a request is for, as its address says: the seat link's token when the address
/// carries one, else the seat this browser's session picked (checked by [`Visitor`] against
/// the database, so this extractor reads nothing itself).
pub(super) struct ThisSeat(Option<String>);

impl actix_web::FromRequest for ThisSeat {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<ThisSeat, actix_web::Error>>;

    fn from_request(req: &actix_web::HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(ThisSeat(
            req.match_info().get("token").map(str::to_owned),
        )))
    }
}

impl ThisSeat {
    /// The seat's key: its link's token, or the session's seat (refused when it has none).
    pub(super) fn key(self, visitor: &Visitor) -> Result<SeatKey, PageError> {
        match self.0 {
            Some(token) => Ok(SeatKey::Token(token)),
            None => visitor
                .player()
                .map(|(player, epoch)| SeatKey::Player(player, epoch))
                .ok_or_else(|| PageError(seat::seat_refusal())),
        }
    }
}

fn key_urls(key: &SeatKey) -> (String, String, String, String) {
    match key {
        SeatKey::Token(token) => (
            format!("/seat/{token}"),
            format!("/seat/{token}/move"),
            format!("/seat/{token}/card"),
            format!("/seat/{token}/live"),
        ),
        SeatKey::Player(..) => (
            "/seat".into(),
            "/seat-move".into(),
            "/seat-card".into(),
            "/seat-live".into(),
        ),
    }
}

/// The seat page. The first to open a seat's link holds the seat: it can no longer be picked,
/// and a phone that had picked it holds it no longer (this page says so, and that phone's
/// open page is told at once).
async fn show(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    seat: ThisSeat,
) -> PageResult {
    let key = seat.key(&visitor)?;
    let probe = key.clone();
    let moved = hub.clone();
    // The board a move from this page has just left, if its table has not moved on since (as
    // far as this instance knows); else read.
    let (data, opened) = run(&app, move |app| {
        moved.kept().moved_boards.page_board(app, &probe)
    })
    .await?;
    tell_pick_ended(&hub, &visitor, data.state.event, opened);
    show_board(&visitor, &key, data)
}

/// When opening a seat's link took the seat back from a phone that had picked it: the event's
/// pages are woken (the picker's page checks its seat again and is told it was taken back),
/// and the link's page says what happened.
fn tell_pick_ended(hub: &Hub, visitor: &Visitor, event: i64, opened: seat::Opened) {
    if opened.ended_pick {
        hub.publish(event, Topic::Event);
        visitor.flash("info", visitor.lang().t("seat-pick-ended"));
    }
}

/// The seat page around a board the use case read.
fn show_board(visitor: &Visitor, key: &SeatKey, data: seat::SeatBoard) -> PageResult {
    let mut layout = Layout::new(visitor.lang().t("seat-title"), visitor);
    let (back, post_move, post_card, live) = key_urls(key);
    let season = data.series.map(|_| match key {
        SeatKey::Token(_) => format!("{back}/season"),
        SeatKey::Player(..) => "/seat-season".to_owned(),
    });
    let draft = visitor.card_draft();
    let csrf = layout.csrf.clone();
    let board = board(
        visitor.lang(),
        &data,
        &csrf,
        (&post_move, &post_card),
        draft.as_ref(),
        None,
        None,
    )?;
    layout.title = format!("{} · {}", board.state.name, board.state.event_name);
    layout.event = Some((board.state.event, board.state.event_name.clone()));
    layout.live = Some(live);
    let html = board_html(&board)?;
    page(&SeatPage {
        layout,
        board: html,
        season,
    })
}

#[derive(Deserialize)]
struct MoveForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    seen: String,
    #[serde(default)]
    action: String,
    /// Present (the box "Yes, I mean it" ticked) when the player confirmed a move that throws
    /// away its side's own miles.
    #[serde(default)]
    confirmed: String,
}

async fn play(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    seat: ThisSeat,
    form: web::Form<MoveForm>,
) -> PageResult {
    let key = seat.key(&visitor)?;
    let form = form.into_inner();
    let (back, ..) = key_urls(&key);
    visitor.check_csrf(&form.csrf)?;
    let parsed = (|| -> AppResult<(u32, serde_json::Value)> {
        let seen = super::field::number(&form.seen, "refused-field-move-position")?;
        // A key given twice is unreadable too, never taken as its last value.
        match serde_json::from_str::<crate::engine::json::Strict>(&form.action) {
            Ok(crate::engine::json::Strict {
                value,
                repeated: None,
            }) => Ok((seen, value)),
            _ => Err(AppError::invalid(crate::i18n::Said::new(
                "refused-move-form-unreadable",
            ))),
        }
    })();
    let (seen, value) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            visitor.flash("error", error.said_in(visitor.lang()));
            return Ok(redirect(&back));
        }
    };
    let confirmed = !form.confirmed.is_empty();
    let result = seat::play_page_move(&app, key.clone(), (seen, confirmed), value).await;
    match result {
        Ok((board, table, opened)) => {
            hub.kept().moved_boards.keep(&app, &key, board, table.deal);
            // The picker's page is told before the move's notice, which it would draw.
            tell_pick_ended(&hub, &visitor, table.event, opened);
            if !table.changed {
                visitor.flash("info", visitor.lang().t("seat-let-it-go-noted"));
            }
            hub.publish_move(&table);
        }
        Err(AppError::Stale(message)) => visitor.flash(
            "info",
            visitor
                .lang()
                .msg("seat-stale-move")
                .arg(
                    "message",
                    crate::i18n::as_sentence(&visitor.lang().say(&message)),
                )
                .text(),
        ),
        Err(error) => super::tell_refusal(&visitor, error)?,
    }
    Ok(redirect(&back))
}

#[derive(Deserialize)]
struct CardForm {
    #[serde(default)]
    csrf: String,
    /// "enter" (own side's card) or "confirm" (another side's).
    #[serde(default)]
    what: String,
    #[serde(default)]
    side: String,
    /// The version of the card a confirmation confirms, as the page showed it.
    #[serde(default)]
    seen: String,
    /// One field per row of the score sheet, named `row_<row>`.
    #[serde(flatten)]
    rows: std::collections::BTreeMap<String, String>,
}

async fn card(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    seat: ThisSeat,
    form: web::Form<CardForm>,
) -> PageResult {
    let key = seat.key(&visitor)?;
    let form = form.into_inner();
    let (back, ..) = key_urls(&key);
    visitor.check_csrf(&form.csrf)?;
    if form.what != "confirm" && form.rows.contains_key(ADD_HAND) {
        let round = run(&app, {
            let key = key.clone();
            move |app| seat::seat_state(app, &key)
        })
        .await?
        .round
        .map_or(0, |r| r.number);
        let draft = card_with_one_more_hand(seat_card_form(round), &form.rows);
        visitor.keep_card_draft(&draft);
        return Ok(redirect(&format!("{back}#my-card")));
    }
    let what = if form.what == "confirm" {
        super::field::number(&form.side, "refused-field-side").map(|side| SeatCard::Confirm {
            side,
            seen: Some(form.seen.clone()),
        })
    } else {
        Ok(SeatCard::Enter {
            side: None,
            card: typed_card(&form.rows),
        })
    };
    let result = async {
        let what = what?;
        let outcome = match run(&app, move |app| seat::submit_paper_card(app, &key, what)).await? {
            Ok(outcome) => outcome,
            Err((at, refusal)) => {
                let draft = card_draft(
                    seat_card_form(at.round),
                    &form.rows,
                    &refusal,
                    visitor.lang(),
                );
                visitor.keep_card_draft(&draft);
                return Ok(None);
            }
        };
        visitor.drop_card_draft();
        let lang = visitor.lang();
        let message = match outcome.score {
            Some((score, unit)) => lang
                .msg(match unit {
                    ScoreUnit::Miles => "seat-card-in-miles",
                    ScoreUnit::Points => "seat-card-in-points",
                })
                .arg("score", score)
                .text(),
            None => lang.t("seat-card-confirmed"),
        };
        Ok::<_, AppError>(Some((outcome.event, message)))
    }
    .await;
    match result {
        Ok(Some((event, message))) => {
            hub.publish(event, Topic::Event);
            visitor.flash("ok", message);
        }
        Ok(None) => visitor.flash("error", visitor.lang().t("seat-card-refused")),
        Err(error) => super::tell_refusal(&visitor, error)?,
    }
    Ok(redirect(&back))
}

#[cfg(test)]
pub(crate) mod tests;
