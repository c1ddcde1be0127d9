//! A player's phone: where to sit and with whom, the time left, and the table's game (their own
//! hand, every side's piles, whose turn) with the legal moves as buttons. Opened from a seat
//! link, or from a table's QR code and a pick of name.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::host::card_counts;
use super::{Layout, PageError, PageResult, fragment, page, read, redirect, write};
use crate::app::rounds::{self, CardAuthor, TableAt};
use crate::app::seat::{self, DealInfo, PickFrom, SeatKey, SeatState};
use crate::app::{App, AppError, AppResult, events};
use crate::db::queries;
use crate::engine::{ScoreUnit, SheetRow};
use crate::tournament::PaperCard;
use crate::web::boards;
use crate::web::live::{self, Hub, Topic};
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/seat/{token}", web::get().to(seat_by_token))
        .route("/seat/{token}/move", web::post().to(move_by_token))
        .route("/seat/{token}/card", web::post().to(card_by_token))
        .route("/seat/{token}/live", web::get().to(live_by_token))
        .route("/seat", web::get().to(seat_by_session))
        .route("/seat-move", web::post().to(move_by_session))
        .route("/seat-card", web::post().to(card_by_session))
        .route("/seat-live", web::get().to(live_by_session))
        .route("/events/{event}/table/{table}", web::get().to(table_pick))
        .route("/events/{event}/join", web::get().to(join_pick))
        .route("/events/{event}/pick", web::post().to(pick));
}

/// The board: the part of the seat page that live updates redraw.
#[derive(Template)]
#[template(path = "fragments/seat_board.html")]
pub struct Board {
    pub csrf: String,
    /// Where the move and card forms post.
    pub post_card: String,
    pub state: SeatState,
    /// The game part of the board, drawn by the rule set's board module.
    pub game: Option<String>,
    /// Score cards at a paper table, one per side.
    pub cards: Vec<CardLine>,
    /// The rows of the table's score card.
    pub rows: Vec<SheetRow>,
    /// "mi" or "pts".
    pub unit: &'static str,
}

/// A paper score card, as the seat page shows it.
pub struct CardLine {
    pub side: usize,
    pub names: String,
    /// Each row's label and count, once the side has entered its card.
    pub counts: Option<Vec<(&'static str, u32)>>,
    pub score: Option<u32>,
    pub confirmed: bool,
    pub mine: bool,
}

impl Board {
    fn deal(&self) -> Option<&DealInfo> {
        self.state.deal.as_ref()
    }

    fn your_turn(&self) -> bool {
        self.deal().is_some_and(|d| d.your_turn)
    }

    fn clock(&self) -> String {
        match &self.state.round {
            Some(round) if round.state == "running" => super::clock_text(round.left_ms),
            Some(round) if round.state == "paused" => {
                format!("{} (paused)", super::clock_text(round.left_ms))
            }
            Some(round) if round.state == "seated" => "Ready".into(),
            Some(_) => "Time".into(),
            None => String::new(),
        }
    }

    fn ticking_ms(&self) -> Option<i64> {
        self.state
            .round
            .as_ref()
            .filter(|r| r.state == "running")
            .and_then(|r| r.left_ms)
    }

    fn round_state(&self) -> &str {
        self.state.round.as_ref().map_or("", |r| r.state.as_str())
    }

    fn frozen(&self) -> bool {
        matches!(self.round_state(), "over" | "closed")
    }

    fn table_miles(&self) -> Vec<(String, u32, bool)> {
        self.state
            .tablemates
            .iter()
            .map(|t| (t.names.join(" & "), t.round_miles, t.you))
            .collect()
    }

    fn is_paper(&self) -> bool {
        self.state.mode.as_deref() == Some(crate::app::play::PAPER)
    }
}

#[derive(Template)]
#[template(path = "seat.html")]
struct SeatPage {
    layout: Layout,
    board: String,
}

/// Builds the board for a seat.
fn board(
    app: &App,
    conn: &mut crate::db::Conn,
    key: &SeatKey,
    csrf: String,
    (post_move, post_card): (String, String),
) -> AppResult<Board> {
    let holder = key.holder(conn)?;
    let state = seat::state_of(conn, &holder, app.now())?;
    let mut cards = Vec::new();
    let sheet = holder
        .event
        .settings
        .table_config(state.tablemates.len().max(2))
        .map(|config| config.rules.score_sheet(config))
        .map_err(|e| AppError::Internal(e.to_string()))?;
    if state.mode.as_deref() == Some(crate::app::play::PAPER)
        && let Some(round) = rounds::latest(conn, &holder.event)?
        && let Some(table) = queries::table_of_entry(conn, round.row.id, holder.entry.id)?
    {
        let stored = queries::paper_scores_of_table(conn, table.id)?;
        for mate in &state.tablemates {
            let card = stored.iter().find(|c| c.side as usize == mate.table_side);
            let counts = match card {
                Some(c) => Some(serde_json::from_str::<PaperCard>(&c.counts)?),
                None => None,
            };
            cards.push(CardLine {
                side: mate.table_side,
                names: mate.names.join(" & "),
                score: counts.as_ref().map(|c| c.score(&sheet)),
                counts: counts.map(|c| {
                    sheet
                        .rows
                        .iter()
                        .map(|r| (r.label, c.count(r.id)))
                        .collect()
                }),
                confirmed: card.is_some_and(|c| c.confirmed_at.is_some()),
                mine: mate.you,
            });
        }
    }
    let game = match &state.deal {
        Some(deal) => Some(
            boards::render(&boards::Context {
                deal,
                tablemates: &state.tablemates,
                csrf: &csrf,
                post_move: &post_move,
            })
            .map_err(|e| AppError::Internal(format!("the board cannot be drawn: {e}")))?,
        ),
        None => None,
    };
    Ok(Board {
        csrf,
        post_card,
        state,
        game,
        cards,
        unit: match sheet.unit {
            ScoreUnit::Miles => "mi",
            ScoreUnit::Points => "pts",
        },
        rows: sheet.rows,
    })
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

async fn show(app: web::Data<App>, visitor: Visitor, key: SeatKey) -> PageResult {
    let mut layout = Layout::new("Your seat", &visitor);
    let csrf = layout.csrf.clone();
    let (_, post_move, post_card, live) = key_urls(&key);
    let board = read(&app, move |app, conn| {
        board(app, conn, &key, csrf, (post_move, post_card))
    })
    .await?;
    layout.title = format!("{} · {}", board.state.name, board.state.event_name);
    layout.event = Some((board.state.event, board.state.event_name.clone()));
    layout.live = Some(live);
    let html = fragment(&board)?;
    page(&SeatPage {
        layout,
        board: html,
    })
}

async fn seat_by_token(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<String>,
) -> PageResult {
    let token = path.into_inner();
    // The first to open a seat's link holds the seat: it can no longer be picked.
    let claim = token.clone();
    write(&app, move |_, conn| seat::claim_by_token(conn, &claim)).await?;
    show(app, visitor, SeatKey::Token(token)).await
}

fn session_key(visitor: &Visitor) -> Result<SeatKey, PageError> {
    visitor
        .player()
        .map(|(player, epoch)| SeatKey::Player(player, epoch))
        .ok_or_else(|| PageError(seat::seat_refusal()))
}

async fn seat_by_session(app: web::Data<App>, visitor: Visitor) -> PageResult {
    let key = session_key(&visitor)?;
    show(app, visitor, key).await
}

#[derive(Deserialize)]
struct MoveForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    seen: String,
    #[serde(default)]
    action: String,
}

async fn play(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    key: SeatKey,
    form: MoveForm,
) -> PageResult {
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
    let result = write(&app, move |app, conn| {
        let holder = key.holder(conn)?;
        seat::play_json_move(conn, &holder, seen, &value, app.now())
    })
    .await;
    match result {
        Ok((_, table)) => hub.publish(table.event, Topic::Table(table.table)),
        Err(PageError(AppError::Stale(message))) => {
            visitor.flash("info", format!("{message} Look again and choose."))
        }
        Err(PageError(AppError::Internal(e))) => return Err(PageError(AppError::Internal(e))),
        Err(PageError(error)) => visitor.flash("error", error.to_string()),
    }
    Ok(redirect(&back))
}

async fn move_by_token(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<String>,
    form: web::Form<MoveForm>,
) -> PageResult {
    play(
        app,
        hub,
        visitor,
        SeatKey::Token(path.into_inner()),
        form.into_inner(),
    )
    .await
}

async fn move_by_session(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    form: web::Form<MoveForm>,
) -> PageResult {
    let key = session_key(&visitor)?;
    play(app, hub, visitor, key, form.into_inner()).await
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
    /// One field per row of the score sheet, named `row_<row>`.
    #[serde(flatten)]
    rows: std::collections::BTreeMap<String, String>,
}

async fn card(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    key: SeatKey,
    form: CardForm,
) -> PageResult {
    let (back, ..) = key_urls(&key);
    visitor.check_csrf(&form.csrf)?;
    let result = write(&app, move |app, conn| {
        let holder = key.holder(conn)?;
        let round = rounds::latest(conn, &holder.event)?
            .ok_or_else(|| AppError::conflict("no round has been seated yet"))?;
        let table = queries::table_of_entry(conn, round.row.id, holder.entry.id)?
            .ok_or_else(|| AppError::conflict("you do not sit at a table this round"))?;
        let mine = queries::entries_of_table(conn, table.id)?
            .iter()
            .find(|te| te.entry_id == holder.entry.id)
            .map(|te| te.side as usize)
            .ok_or_else(|| AppError::Internal("a seated entry without a side".into()))?;
        let at = TableAt {
            round: round.row.number,
            table: table.number,
        };
        if form.what == "confirm" {
            let side = super::start::number(&form.side, "the side")?;
            rounds::confirm_paper(
                conn,
                &holder.event,
                at,
                side,
                CardAuthor::Side(mine),
                app.now_naive(),
            )?;
            Ok((holder.event.id(), "Confirmed. Thank you.".to_owned()))
        } else {
            let card = card_counts(&form.rows)?;
            let (score, unit) = rounds::enter_paper(
                conn,
                &holder.event,
                at,
                (mine, card),
                CardAuthor::Side(mine),
                app.now_naive(),
            )?;
            Ok((
                holder.event.id(),
                format!(
                    "Your card is in: {score} {}. Another side confirms it.",
                    unit.word()
                ),
            ))
        }
    })
    .await;
    match result {
        Ok((event, message)) => {
            hub.publish(event, Topic::Event);
            visitor.flash("ok", message);
        }
        Err(PageError(AppError::Internal(e))) => return Err(PageError(AppError::Internal(e))),
        Err(PageError(error)) => visitor.flash("error", error.to_string()),
    }
    Ok(redirect(&back))
}

async fn card_by_token(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<String>,
    form: web::Form<CardForm>,
) -> PageResult {
    card(
        app,
        hub,
        visitor,
        SeatKey::Token(path.into_inner()),
        form.into_inner(),
    )
    .await
}

async fn card_by_session(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    form: web::Form<CardForm>,
) -> PageResult {
    let key = session_key(&visitor)?;
    card(app, hub, visitor, key, form.into_inner()).await
}

// ---------------------------------------------------------------- live updates

/// The seat's stream: a new board whenever the event changes (a move at any table of the
/// event wakes it; the board is cheap to draw and a seat cannot know its table in advance
/// across rounds).
async fn live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    key: SeatKey,
) -> Result<impl actix_web::Responder, PageError> {
    let csrf = visitor.csrf();
    let (_, post_move, post_card, _) = key_urls(&key);
    let probe = key.clone();
    let event = read(&app, move |_, conn| Ok(probe.holder(conn)?.event.id())).await?;
    // The seat's table changes from round to round: the drawing keeps it up to date, and
    // moves at other tables do not wake this stream.
    let table = Arc::new(AtomicI64::new(-1));
    let watched = table.clone();
    let wanted = move |notice: &live::Notice| {
        notice.event == event
            && match notice.topic {
                Topic::Event => true,
                Topic::Table(t) => {
                    let mine = watched.load(Ordering::Relaxed);
                    mine < 0 || mine == t
                }
            }
    };
    Ok(super::live_stream(
        app,
        hub.subscribe(),
        Duration::ZERO,
        wanted,
        move |app, conn| {
            let holder = key.holder(conn)?;
            let current = match rounds::latest(conn, &holder.event)? {
                Some(round) => {
                    queries::table_of_entry(conn, round.row.id, holder.entry.id)?.map(|t| t.id)
                }
                None => None,
            };
            table.store(current.unwrap_or(-1), Ordering::Relaxed);
            let board = board(
                app,
                conn,
                &key,
                csrf.clone(),
                (post_move.clone(), post_card.clone()),
            )?;
            Ok(vec![("board", fragment(&board)?)])
        },
    ))
}

async fn live_by_token(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<String>,
) -> Result<impl actix_web::Responder, PageError> {
    live(app, hub, visitor, SeatKey::Token(path.into_inner())).await
}

async fn live_by_session(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
) -> Result<impl actix_web::Responder, PageError> {
    let key = session_key(&visitor)?;
    live(app, hub, visitor, key).await
}

// ---------------------------------------------------------------- picking a seat by QR code

#[derive(Template)]
#[template(path = "pick.html")]
struct PickPage {
    layout: Layout,
    event: i64,
    key: String,
    /// The table whose key this is (None: the event's key, from the projector).
    table: Option<i32>,
    heading: String,
    players: Vec<(i64, String)>,
}

#[derive(Deserialize)]
struct KeyQuery {
    #[serde(default)]
    key: String,
}

/// The pick page: the free seats this key may pick.
async fn pick_page(
    app: web::Data<App>,
    visitor: Visitor,
    event: i64,
    from: PickFrom,
    key: String,
) -> PageResult {
    let checked = key.clone();
    let (name, players) = read(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        let players = seat::free_seats(conn, &record, from, &checked)?;
        Ok((record.settings.name, players))
    })
    .await?;
    let (title, heading, table) = match from {
        PickFrom::Table(n) => (
            format!("Table {n}"),
            format!("Table {n}: who are you?"),
            Some(n),
        ),
        PickFrom::Event => (
            "Find your seat".to_owned(),
            "Find your seat: who are you?".to_owned(),
            None,
        ),
    };
    let layout = Layout::new(title, &visitor).for_event(event, &name, &visitor);
    page(&PickPage {
        layout,
        event,
        key,
        table,
        heading,
        players,
    })
}

async fn table_pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<(i64, i32)>,
    query: web::Query<KeyQuery>,
) -> PageResult {
    let (event, number) = path.into_inner();
    let key = query.into_inner().key;
    pick_page(app, visitor, event, PickFrom::Table(number), key).await
}

async fn join_pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<KeyQuery>,
) -> PageResult {
    let event = path.into_inner();
    let key = query.into_inner().key;
    pick_page(app, visitor, event, PickFrom::Event, key).await
}

#[derive(Deserialize)]
struct PickForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    key: String,
    #[serde(default)]
    player: String,
    /// The table whose key this is; empty for the event's key.
    #[serde(default)]
    table: String,
}

/// Picks a free seat: it is this browser's until the host releases it.
async fn pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<PickForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    visitor.check_csrf(&form.csrf)?;
    let player: i64 = super::start::number(&form.player, "the player")?;
    let from = if form.table.trim().is_empty() {
        PickFrom::Event
    } else {
        PickFrom::Table(super::start::number(&form.table, "the table")?)
    };
    let (player, epoch) = write(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        seat::pick(conn, &record, from, &form.key, player)
    })
    .await?;
    visitor.set_player(player, epoch);
    Ok(redirect("/seat"))
}
