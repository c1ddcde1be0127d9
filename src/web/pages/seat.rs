//! A player's phone: where to sit and with whom, the time left, and the table's game (their own
//! hand, every side's piles, whose turn) with the legal moves as buttons. Opened from a seat
//! link, or from a table's QR code and a pick of name.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::host::card_piles;
use super::{Layout, PageError, PageResult, fragment, page, read, redirect, write};
use crate::app::rounds::{self, CardAuthor, TableAt};
use crate::app::seat::{self, DealInfo, MoveRequest, SeatKey, SeatState, Tablemate};
use crate::app::{App, AppError, AppResult, events};
use crate::db::queries;
use crate::engine::{Action, Card, Event, SideView, Status};
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

/// How a card looks.
pub struct Face {
    pub class: &'static str,
    pub kind: &'static str,
    pub name: &'static str,
    pub value: &'static str,
}

/// The face of a card.
pub fn face(card: &Card) -> Face {
    let (class, kind, value) = match card {
        Card::Go => ("go", "Go", ""),
        Card::CityLimits | Card::Country => ("speed-card", "Speed", ""),
        Card::Collision | Card::OutOfGasoline => ("delay", "Delay · 1 hour", ""),
        Card::Puncture => ("delay", "Delay · 2 hours", ""),
        Card::HauledIn | Card::Gasoline => ("remedy", "Remedy", ""),
        Card::Mile1 => ("mile", "Miles", "1"),
        Card::Mile3 => ("mile", "Miles", "3"),
        Card::Mile5 => ("mile", "Miles", "5"),
        Card::Mile10 => ("mile", "Miles", "10"),
    };
    Face {
        class,
        kind,
        name: if value.is_empty() { card.name() } else { "" },
        value,
    }
}

/// The board: the part of the seat page that live updates redraw.
#[derive(Template)]
#[template(path = "fragments/seat_board.html")]
pub struct Board {
    pub csrf: String,
    /// Where the move and card forms post.
    pub post_move: String,
    pub post_card: String,
    pub state: SeatState,
    /// Score cards at a paper table: (side, names, counts, confirmed, mine).
    pub cards: Vec<CardLine>,
}

/// A paper score card, as the seat page shows it.
pub struct CardLine {
    pub side: usize,
    pub names: String,
    pub counts: Option<[i32; 4]>,
    pub miles: Option<u32>,
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

    /// The names playing a side of the current deal.
    fn side_names(&self, side: &SideView) -> String {
        self.state
            .tablemates
            .iter()
            .find(|t| t.side == Some(side.side))
            .map_or_else(|| format!("side {}", side.side), |t| t.names.join(" & "))
    }

    fn mate_of_side(&self, side: u8) -> Option<&Tablemate> {
        self.state.tablemates.iter().find(|t| t.side == Some(side))
    }

    fn is_mine(&self, side: &SideView) -> bool {
        self.mate_of_side(side.side).is_some_and(|t| t.you)
    }

    fn is_to_move(&self, side: &SideView) -> bool {
        self.to_move_side() == Some(side.side)
    }

    fn to_move_side(&self) -> Option<u8> {
        let deal = self.deal()?;
        if deal.view.is_over() {
            return None;
        }
        deal.view.side_of(deal.view.to_move)
    }

    fn whose_turn(&self) -> String {
        let Some(deal) = self.deal() else {
            return String::new();
        };
        if let Some(winner) = deal.view.winner {
            return match self.mate_of_side(winner) {
                Some(t) if t.you => "You won this race!".into(),
                Some(t) => format!("{} won this race.", t.names.join(" & ")),
                None => "The race is over.".into(),
            };
        }
        if deal.your_turn {
            return "Your turn.".into();
        }
        let seat = deal.view.to_move;
        let name = self
            .state
            .tablemates
            .iter()
            .find(|t| t.seats.contains(&seat))
            .map(|t| t.names.join(" & "))
            .unwrap_or_else(|| format!("seat {seat}"));
        format!("{name} to play.")
    }

    fn status_text(&self, side: &SideView) -> String {
        match side.status {
            Status::Running => "running".into(),
            Status::NotStarted => "needs Go to start".into(),
            Status::Delayed => format!(
                "delayed: needs {}",
                side.needs
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", then ")
            ),
        }
    }

    fn status_class(&self, side: &SideView) -> &'static str {
        match side.status {
            Status::Running => "running",
            Status::NotStarted => "not_started",
            Status::Delayed => "delayed",
        }
    }

    fn percent(&self, side: &SideView) -> u32 {
        let race = self.deal().map_or(50, |d| d.view.race.max(1));
        (side.miles * 100 / race).min(100)
    }

    fn hand(&self) -> Vec<Card> {
        self.deal()
            .and_then(|d| d.view.own_hand().map(<[Card]>::to_vec))
            .unwrap_or_default()
    }

    /// The legal moves, plays first, each with its label and JSON.
    fn moves(&self) -> Vec<(String, String, bool)> {
        let Some(deal) = self.deal() else {
            return Vec::new();
        };
        deal.legal
            .iter()
            .map(|action| {
                (
                    self.label(action),
                    action.to_json().to_string(),
                    matches!(action, Action::Discard { .. }),
                )
            })
            .collect()
    }

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        match *action {
            Action::Discard { card } => format!("Discard {}", card.name()),
            Action::Play {
                card,
                target: Some(side),
                take,
            } => {
                let who = self
                    .mate_of_side(side)
                    .map_or_else(|| format!("side {side}"), |t| t.names.join(" & "));
                let taking = match take {
                    Some(t) if t.cards() > 0 => format!(
                        ", taking {}",
                        t.card_list()
                            .iter()
                            .map(|c| c.name())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                    _ => String::new(),
                };
                format!("{} on {who}{taking}", card.name())
            }
            Action::Play {
                card: Card::Mile10, ..
            } => {
                let city = self
                    .deal()
                    .is_some_and(|d| d.view.speed == crate::engine::Speed::City);
                if city {
                    "Play 10 Miles (speeding! you lose all your miles)".into()
                } else {
                    "Play 10 Miles".into()
                }
            }
            Action::Play { card, .. } => format!("Play {}", card.name()),
        }
    }

    /// The recent events in words.
    fn recent(&self) -> Vec<String> {
        let Some(deal) = self.deal() else {
            return Vec::new();
        };
        let who = |seat: u8| -> String {
            self.state
                .tablemates
                .iter()
                .find(|t| t.seats.contains(&seat))
                .map(|t| {
                    if t.you && deal.seat == seat {
                        "You".to_owned()
                    } else {
                        t.names.join(" & ")
                    }
                })
                .unwrap_or_else(|| format!("Seat {seat}"))
        };
        let side = |side: u8| -> String {
            self.mate_of_side(side)
                .map_or_else(|| format!("side {side}"), |t| t.names.join(" & "))
        };
        deal.recent
            .iter()
            .filter_map(|event| match *event {
                Event::Drew { seat, card } if seat == deal.seat => {
                    card.map(|c| format!("You drew {}.", c.name()))
                }
                Event::Drew { .. } => None,
                Event::Played { seat, card, .. } => {
                    Some(format!("{} played {}.", who(seat), card.name()))
                }
                Event::Discarded { seat, card } => Some(match card {
                    Some(c) => format!("{} discarded {}.", who(seat), c.name()),
                    None => format!("{} discarded a card.", who(seat)),
                }),
                Event::Delayed {
                    by,
                    side: s,
                    card,
                    taken,
                } => Some(format!(
                    "{} played {} on {}{}.",
                    who(by),
                    card.name(),
                    side(s),
                    if taken.cards() > 0 {
                        format!(
                            ", taking {}",
                            taken
                                .card_list()
                                .iter()
                                .map(|c| c.name())
                                .collect::<Vec<_>>()
                                .join(" and ")
                        )
                    } else {
                        String::new()
                    }
                )),
                Event::Speeding {
                    side: s, forfeited, ..
                } => Some(format!(
                    "{} played a 10 within City Limits: speeding! {forfeited} miles lost.",
                    side(s)
                )),
                Event::Reshuffled { draw_pile } => {
                    Some(format!("The pack was reshuffled: {draw_pile} cards."))
                }
                Event::Won { side: s } => Some(format!("{} won the race!", side(s))),
            })
            .collect()
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
    if state.mode.as_deref() == Some(crate::app::play::PAPER)
        && let Some(round) = rounds::latest(conn, &holder.event)?
        && let Some(table) = queries::table_of_entry(conn, round.row.id, holder.entry.id)?
    {
        let stored = queries::paper_scores_of_table(conn, table.id)?;
        for mate in &state.tablemates {
            let card = stored.iter().find(|c| c.side as usize == mate.table_side);
            cards.push(CardLine {
                side: mate.table_side,
                names: mate.names.join(" & "),
                counts: card.map(|c| [c.mile1, c.mile3, c.mile5, c.mile10]),
                miles: card
                    .map(|c| (c.mile1 + 3 * c.mile3 + 5 * c.mile5 + 10 * c.mile10).max(0) as u32),
                confirmed: card.is_some_and(|c| c.confirmed_at.is_some()),
                mine: mate.you,
            });
        }
    }
    Ok(Board {
        csrf,
        post_move,
        post_card,
        state,
        cards,
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
        SeatKey::Player(_) => (
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
    show(app, visitor, SeatKey::Token(path.into_inner())).await
}

fn session_key(visitor: &Visitor) -> Result<SeatKey, PageError> {
    visitor
        .player()
        .map(SeatKey::Player)
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
    let parsed = (|| -> AppResult<MoveRequest> {
        let seen = super::start::number(&form.seen, "the move's position")?;
        let value: serde_json::Value = serde_json::from_str(&form.action)
            .map_err(|_| AppError::invalid("that move could not be read; reload the page"))?;
        let action = Action::from_json(&value).map_err(AppError::Invalid)?;
        Ok(MoveRequest { seen, action })
    })();
    let request = match parsed {
        Ok(request) => request,
        Err(error) => {
            visitor.flash("error", error.to_string());
            return Ok(redirect(&back));
        }
    };
    let result = write(&app, move |app, conn| {
        let holder = key.holder(conn)?;
        seat::play_move_as(conn, &holder, request, app.now())
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
    #[serde(default)]
    ones: String,
    #[serde(default)]
    threes: String,
    #[serde(default)]
    fives: String,
    #[serde(default)]
    tens: String,
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
            let piles = card_piles(&form.ones, &form.threes, &form.fives, &form.tens)?;
            rounds::enter_paper(
                conn,
                &holder.event,
                at,
                (mine, piles),
                CardAuthor::Side(mine),
                app.now_naive(),
            )?;
            Ok((
                holder.event.id(),
                format!(
                    "Your card is in: {} miles. Another side confirms it.",
                    piles.miles()
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
    heading: String,
    players: Vec<(i64, String)>,
}

#[derive(Deserialize)]
struct KeyQuery {
    #[serde(default)]
    key: String,
}

/// Checks the join key printed in the QR codes.
fn check_join_key(event: &events::EventRecord, key: &str) -> AppResult<()> {
    if crate::app::tokens::same_hash(&event.row.join_key, key) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "this QR code's link is not complete: scan the code again, or ask the host for your seat link".into(),
        ))
    }
}

async fn table_pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<(i64, i32)>,
    query: web::Query<KeyQuery>,
) -> PageResult {
    let (event, number) = path.into_inner();
    let key = query.into_inner().key;
    let checked = key.clone();
    let (name, players) = read(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        check_join_key(&record, &checked)?;
        let mut players = Vec::new();
        if let Some(round) = rounds::latest(conn, &record)?
            && let Ok(table) = rounds::table_of(conn, &round, number)
        {
            for te in queries::entries_of_table(conn, table.id)? {
                for p in queries::players_of_entry(conn, te.entry_id)? {
                    players.push((p.id, p.name));
                }
            }
        }
        Ok((record.settings.name, players))
    })
    .await?;
    let layout = Layout::new(format!("Table {number}"), &visitor).for_event(event, &name, &visitor);
    page(&PickPage {
        layout,
        event,
        key,
        heading: format!("Table {number}: who are you?"),
        players,
    })
}

async fn join_pick(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<KeyQuery>,
) -> PageResult {
    let event = path.into_inner();
    let key = query.into_inner().key;
    let checked = key.clone();
    let (name, players) = read(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        check_join_key(&record, &checked)?;
        let players = events::entries(conn, event)?
            .into_iter()
            .filter(|e| e.entry.is_active() && !e.row.is_bot)
            .flat_map(|e| e.players.into_iter().map(|p| (p.id, p.name)))
            .collect();
        Ok((record.settings.name, players))
    })
    .await?;
    let layout = Layout::new("Find your seat", &visitor).for_event(event, &name, &visitor);
    page(&PickPage {
        layout,
        event,
        key,
        heading: "Find your seat: who are you?".into(),
        players,
    })
}

#[derive(Deserialize)]
struct PickForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    key: String,
    #[serde(default)]
    player: String,
}

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
    read(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        check_join_key(&record, &form.key)?;
        let holder = seat::holder_by_player(conn, player)?;
        if holder.event.id() != event {
            return Err(seat::seat_refusal());
        }
        Ok(())
    })
    .await?;
    visitor.set_player(player);
    Ok(redirect("/seat"))
}
