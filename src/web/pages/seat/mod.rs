//! A player's phone: where to sit and with whom, the time left, and the table's game (their own
//! hand, every side's piles, whose turn) with the legal moves as buttons. Opened from a seat
//! link, or from a table's QR code and a pick of name.

mod stream;

use stream::live;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::host::{
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
use crate::web::live::{self, Audience, Hub, Topic};
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
pub struct Board {
    /// The reader's language.
    pub lang: Lang,
    pub csrf: String,
    /// Where the move and card forms post.
    pub post_card: String,
    pub state: SeatState,
    /// The game part of the board, drawn by the rule set's board module.
    pub game: Option<String>,
    /// Score cards at a paper table, one per side.
    pub cards: Vec<CardLine>,
    /// The table's score card.
    pub sheet: ScoreSheet,
    /// "mi" or "pts".
    pub unit: &'static str,
    /// The seat's own score card as this browser typed it, when it was refused.
    pub draft: Option<CardDraft>,
}

/// A paper score card, as the seat page shows it.
pub struct CardLine {
    pub side: usize,
    pub names: String,
    /// Each hand's row labels and counts, and its score, once the side has entered its card.
    pub counts: Option<Vec<super::view::HandLine>>,
    pub score: Option<u32>,
    pub confirmed: bool,
    /// The version of the card as shown, which its confirmation names.
    pub version: String,
    pub mine: bool,
    /// The card's counts by row, once it is in.
    pub entered: Option<PaperHands>,
}

impl Board {
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
        self.deal().is_some_and(|d| d.your_turn)
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

    fn table_miles(&self) -> Vec<(String, u32, bool)> {
        self.state
            .tablemates
            .iter()
            .map(|t| (t.names.join(" & "), t.round_miles, t.you))
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
        hand_rows(
            "my-",
            &self.sheet,
            self.draft.as_ref(),
            line.entered.as_ref(),
        )
    }

    /// The seat's own card's total as typed.
    fn my_total(&self, line: &CardLine) -> Option<u32> {
        hands_total(&self.my_hands(line))
    }

    /// Why the refused card's count in `row` was wrong ("" for the card as a whole).
    fn field_problem(&self, row: &str) -> Option<String> {
        self.draft.as_ref().and_then(|d| d.problem(row))
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
fn board(
    lang: Lang,
    data: seat::SeatBoard,
    csrf: String,
    (post_move, post_card): (String, String),
    draft: Option<&CardDraft>,
) -> AppResult<Board> {
    let seat::SeatBoard {
        mut state, sheet, ..
    } = data;
    let cards = std::mem::take(&mut state.cards)
        .into_iter()
        .map(|line| CardLine {
            side: line.side,
            names: line.names,
            score: line.hands.as_ref().map(|c| c.score(&sheet)),
            counts: line.hands.as_ref().map(|c| {
                c.0.iter()
                    .enumerate()
                    .map(|(i, hand)| {
                        let counts = sheet
                            .rows
                            .iter()
                            .map(|r| (r.label, hand.count(r.id)))
                            .collect();
                        (i + 1, counts, hand.score(&sheet))
                    })
                    .collect()
            }),
            entered: line.hands,
            confirmed: line.confirmed,
            version: line.version.unwrap_or_default(),
            mine: line.mine,
        })
        .collect();
    let game = match &state.deal {
        Some(deal) => Some(
            boards::render(&boards::Context {
                lang,
                deal,
                tablemates: &state.tablemates,
                csrf: &csrf,
                post_move: &post_move,
            })
            .map_err(|e| AppError::Internal(format!("the board cannot be drawn: {e}")))?,
        ),
        None => None,
    };
    let form = seat_card_form(state.round.as_ref().map_or(0, |r| r.number));
    let draft = draft.filter(|d| d.form == form).cloned();
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

/// The seat page. The first to open a seat's link holds the seat: it can no longer be picked.
async fn show(app: web::Data<App>, visitor: Visitor, seat: ThisSeat) -> PageResult {
    let key = seat.key(&visitor)?;
    let probe = key.clone();
    let data = run(&app, move |app| seat::page_board(app, &probe)).await?;
    show_board(&visitor, &key, data)
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
    let board = board(
        visitor.lang(),
        data,
        layout.csrf.clone(),
        (post_move, post_card),
        draft.as_ref(),
    )?;
    layout.title = format!("{} · {}", board.state.name, board.state.event_name);
    layout.event = Some((board.state.event, board.state.event_name.clone()));
    layout.live = Some(live);
    let html = fragment(&board)?;
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
        let seen = super::start::number(&form.seen, "the move's position")?;
        let value: serde_json::Value = serde_json::from_str(&form.action)
            .map_err(|_| AppError::invalid("that move could not be read; reload the page"))?;
        Ok((seen, value))
    })();
    let (seen, value) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            visitor.flash("error", error.to_string());
            return Ok(redirect(&back));
        }
    };
    let confirmed = !form.confirmed.is_empty();
    let result = run(&app, move |app| {
        seat::play_page_move(app, &key, (seen, confirmed), &value)
    })
    .await;
    match result {
        Ok(table) => {
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
                .arg("message", message)
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
        super::start::number(&form.side, "the side").map(|side| SeatCard::Confirm {
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
                let draft = card_draft(seat_card_form(at.round), &form.rows, &refusal);
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
mod tests {
    use std::sync::Arc;

    use super::super::pick::PickPage;
    use super::*;
    use crate::app::{ManualClock, bot_moves};
    use crate::engine::RulesId;
    use crate::i18n::{self, OPEN};
    use crate::tournament::{EventLength, RoundKind, Settings, TableSize};

    const NAMES: [&str; 2] = ["Ann", "Bob"];
    const EVENT: &str = "Club night";

    /// An app on a database of its own with one Mille Bornes table of two playing round 1;
    /// answers its clock, the event and the seats' keys.
    fn mille_bornes_table(dir: &std::path::Path) -> (App, Arc<ManualClock>, i64, Vec<SeatKey>) {
        table_of(dir, RulesId::MilleBornes)
    }

    /// An app on a database of its own with one table of two playing round 1 of `rules`;
    /// answers its clock, the event and the seats' keys.
    fn table_of(
        dir: &std::path::Path,
        rules: RulesId,
    ) -> (App, Arc<ManualClock>, i64, Vec<SeatKey>) {
        let mut settings = Settings::new(EVENT, 1926);
        settings.rules = rules;
        settings.table_size = TableSize::Two;
        settings.round = RoundKind::Timed { seconds: 3600 };
        settings.length = EventLength::Rounds { rounds: 1 };
        crate::app::testing::round_one_in_play(dir, settings, &NAMES)
    }

    /// The seat page of `key` as a phone reading `lang` gets it, and the seat's message in
    /// English (the API's).
    fn seat_page(app: &App, key: &SeatKey, lang: Lang) -> (String, String) {
        let data = seat::seat_board(app, key).expect("the seat's board");
        let board = board(
            lang,
            data,
            "csrf".into(),
            ("/seat-move".into(), "/seat-card".into()),
            None,
        )
        .expect("the board");
        let message = board.state.message.clone();
        let layout = Layout {
            title: format!("{} · {}", board.state.name, board.state.event_name),
            csrf: "csrf".into(),
            event: Some((board.state.event, board.state.event_name.clone())),
            lang,
            here: "/seat".into(),
            ..Layout::default()
        };
        let html = SeatPage {
            layout,
            board: fragment(&board).expect("the board's html"),
            // The link to a series' season, so that its words are checked too.
            season: Some("/seat-season".into()),
        }
        .render()
        .expect("the page");
        (html, message)
    }

    /// Plays a legal move of any seat that has one (the `pick`th, counted round its legal
    /// moves), or ends the table's wait; answers whether the deal went on.
    fn one_move(app: &App, clock: &ManualClock, keys: &[SeatKey], pick: usize) -> bool {
        for key in keys {
            let data = seat::seat_board(app, key).expect("the seat's board");
            let Some(deal) = data.state.deal.filter(|d| !d.view.is_over()) else {
                continue;
            };
            let count = deal.legal.len().max(1);
            if let Some(action) = deal.legal.get(pick % count) {
                seat::play_move(app, key, (deal.actions, true), &action.to_json())
                    .expect("a legal move");
                return true;
            }
        }
        clock.advance(chrono::Duration::seconds(30));
        let due = bot_moves::waiting_turns(app).expect("the waits");
        for timeout in &due.timeouts {
            bot_moves::end_wait(app, timeout).expect("the wait ends");
        }
        !due.timeouts.is_empty()
    }

    /// The pseudo-language test of the guest's path: the pick page and the seat page of a
    /// Mille Bornes table, move after move from both seats, show no visible word that no
    /// message said (names and the event's name excepted), the seat's message included.
    #[test]
    fn pseudo_language_every_word_of_the_pick_and_seat_pages_comes_from_a_message() {
        let dir = tempfile::tempdir().expect("a folder");
        let (app, clock, event, keys) = mille_bornes_table(dir.path());
        let pick = PickPage {
            layout: Layout {
                title: Lang::PSEUDO.msg("pick-table-title").arg("table", 1).text(),
                csrf: "csrf".into(),
                event: Some((event, EVENT.into())),
                lang: Lang::PSEUDO,
                here: "/events/1/join?key=k".into(),
                ..Layout::default()
            },
            event,
            key: "k".into(),
            table: Some(1),
            heading: Lang::PSEUDO
                .msg("pick-table-heading")
                .arg("table", 1)
                .text(),
            players: vec![(1, "Ann".into()), (2, "Bob".into())],
            held: Some("Cy".into()),
        }
        .render()
        .expect("the pick page");
        assert!(pick.contains("<html lang=\"en-XA\">"), "{pick}");
        let left = i18n::untranslated(&pick, &["Ann", "Bob", "Cy", EVENT]);
        assert!(left.is_empty(), "untranslated on the pick page: {left:?}");

        every_seat_page_word_comes_from_a_message(&app, &clock, &keys, 60, |_| 0);
    }

    /// Renders every seat's page in the pseudo-language, move after move (`pick` chooses the
    /// move of each step: see [`one_move`]), and fails on any visible word that no message
    /// said (names and the event's name excepted), the seat's message included.
    fn every_seat_page_word_comes_from_a_message(
        app: &App,
        clock: &ManualClock,
        keys: &[SeatKey],
        steps: usize,
        pick: impl Fn(usize) -> usize,
    ) {
        let mut lately = false;
        for step in 0..steps {
            for key in keys {
                let (html, message) = seat_page(app, key, Lang::PSEUDO);
                assert!(!message.is_empty() && !message.contains(OPEN), "{message}");
                let mut data = vec![EVENT];
                data.extend(NAMES);
                let left = i18n::untranslated(&html, &data);
                assert!(
                    left.is_empty(),
                    "untranslated on the seat page: {left:?}\n{html}"
                );
                lately |= html.contains("class=\"log\"");
            }
            if !one_move(app, clock, keys, pick(step)) {
                break;
            }
        }
        assert!(lately, "the pages showed the recent moves");
    }

    /// The pseudo-language test of the Touring boards: a Touring (1926) and a Touring
    /// (1937-1958) seat page, move after move (varied, so that delays, speeding and discards
    /// come up), show no visible word that no message said.
    #[test]
    fn pseudo_language_every_word_of_the_touring_seat_pages_comes_from_a_message() {
        for rules in [RulesId::Touring1926, RulesId::Touring1958] {
            let dir = tempfile::tempdir().expect("a folder");
            let (app, clock, _, keys) = table_of(dir.path(), rules);
            every_seat_page_word_comes_from_a_message(&app, &clock, &keys, 80, |step| step * 7);
        }
    }

    /// A Touring board read in French names the cards by their French names (docs/rules.md)
    /// and offers its moves in French, while the same seat read in English keeps the English.
    #[test]
    fn a_touring_board_read_in_french_says_the_french_card_names_and_moves() {
        use crate::web::boards::touring1926::card_name;
        let dir = tempfile::tempdir().expect("a folder");
        let (app, _clock, _, keys) = table_of(dir.path(), RulesId::Touring1926);
        let french = Lang::from_tag("fr").expect("French");
        let (key, hand) = keys
            .iter()
            .find_map(|key| {
                let deal = seat::seat_board(&app, key).ok()?.state.deal?;
                let crate::engine::View::Touring1926(view) = &deal.view else {
                    return None;
                };
                deal.your_turn
                    .then(|| (key, view.own_hand().map(<[_]>::to_vec)))
            })
            .expect("a seat to play");
        // A card whose French name is not its English one (and needs no escaping).
        let card = hand
            .unwrap_or_default()
            .into_iter()
            .find(|&c| card_name(french, c) != c.name() && !card_name(french, c).contains('\''))
            .expect("a card with a French name of its own");
        let (english_page, _) = seat_page(&app, key, Lang::ENGLISH);
        let (french_page, _) = seat_page(&app, key, french);
        let discard = format!("Défausser {}", card_name(french, card));
        assert!(french_page.contains(&discard), "{discard}: {french_page}");
        assert!(!french_page.contains("Discard "), "{french_page}");
        assert!(!french_page.contains("Go to start"), "{french_page}");
        assert!(french_page.contains("En route"), "{french_page}");
        assert!(
            english_page.contains(&format!("Discard {}", card.name())),
            "{english_page}"
        );
        assert!(english_page.contains("needs Go to start"), "{english_page}");
    }

    /// Two guests at one table read the same board in two languages: the French phone says
    /// the French box's names.
    #[test]
    fn two_guests_at_one_table_read_the_same_board_in_two_languages() {
        let dir = tempfile::tempdir().expect("a folder");
        let (app, _clock, _, keys) = mille_bornes_table(dir.path());
        let french = Lang::from_tag("fr").expect("French");
        let (english_page, _) = seat_page(&app, &keys[0], Lang::ENGLISH);
        let (french_page, _) = seat_page(&app, &keys[1], french);
        assert!(english_page.contains("<html lang=\"en\">"));
        assert!(english_page.contains("Skip to your hand"), "{english_page}");
        assert!(english_page.contains("Draw pile:"), "{english_page}");
        assert!(french_page.contains("<html lang=\"fr\">"));
        assert!(french_page.contains("Aller à votre main"), "{french_page}");
        assert!(french_page.contains("Pioche\u{a0}:"), "{french_page}");
        assert!(french_page.contains("Pile de bataille"), "{french_page}");
        // The seat's message too, while the API keeps it in English.
        let (_, english_message) = seat_page(&app, &keys[1], french);
        assert!(
            english_message.starts_with("Choose a card") || english_message.starts_with("Waiting"),
            "{english_message}"
        );
        assert!(
            french_page.contains("Choisissez une carte")
                || french_page.contains("En attente des coups"),
            "{french_page}"
        );
        assert!(!french_page.contains("Battle pile"), "{french_page}");
        assert!(!french_page.contains(OPEN));
        // The chooser: both languages, the page's own marked as current.
        assert!(
            french_page.contains("action=\"/language\""),
            "{french_page}"
        );
        assert!(french_page.contains(">English</button>"), "{french_page}");
        assert!(
            french_page.contains("lang=\"fr\" class=\"link\" aria-describedby=\"language-label\" aria-current=\"true\">Français</button>"),
            "{french_page}"
        );
    }

    #[test]
    fn mille_bornes_in_french_uses_the_boxs_names() {
        use crate::engine::mille_bornes::Card;
        let french = Lang::from_tag("fr").expect("French");
        let name = |card| boards::mille_bornes::card_name(french, card);
        assert_eq!(name(Card::Stop), "Feu rouge");
        assert_eq!(name(Card::Roll), "Feu vert");
        assert_eq!(name(Card::SpeedLimit), "Limite de vitesse");
        assert_eq!(name(Card::EndOfLimit), "Fin de limite de vitesse");
        assert_eq!(name(Card::OutOfGas), "Panne d'essence");
        assert_eq!(name(Card::Gasoline), "Essence");
        assert_eq!(name(Card::FlatTire), "Crevaison");
        assert_eq!(name(Card::SpareTire), "Roue de secours");
        assert_eq!(name(Card::Accident), "Accident");
        assert_eq!(name(Card::Repairs), "Réparations");
        assert_eq!(name(Card::RightOfWay), "Véhicule prioritaire");
        assert_eq!(name(Card::ExtraTank), "Citerne d'essence");
        assert_eq!(name(Card::PunctureProof), "Increvable");
        assert_eq!(name(Card::DrivingAce), "As du volant");
        assert_eq!(name(Card::D200), "200 bornes");
        use crate::engine::CardKind;
        for &card in Card::all() {
            assert_eq!(
                boards::mille_bornes::card_name(Lang::ENGLISH, card),
                card.name(),
                "English keeps the engine's names"
            );
        }
    }
}
