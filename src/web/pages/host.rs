//! The host console: entries, the seating of round 1, the signal, the tables, the close with
//! its movers and ties, corrections, and links to every printout.

use std::collections::BTreeMap;

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::start::number as parse;
use super::view::{self, Named, RoundView};
use super::{Layout, PageError, PageResult, fragment, page, read, redirect, write};
use crate::app::events::{self, EventRecord};
use crate::app::rounds::{self, CardAuthor, CorrectionRequest, SeatRequest, Signal, TableAt};
use crate::app::{App, AppError, AppResult, report};
use crate::db::Conn;
use crate::tournament::{self, EntryId, Members, MoverDecision, PaperCard, Remainder};
use crate::web::limits;
use crate::web::live::{Hub, Topic};
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host", web::get().to(console))
        .route("/events/{event}/login", web::get().to(login_page))
        .route("/events/{event}/login", web::post().to(login))
        .route("/events/{event}/logout", web::post().to(logout))
        .route("/events/{event}/host/entries", web::post().to(add_entry))
        .route("/events/{event}/host/bots", web::post().to(add_bot))
        .route(
            "/events/{event}/host/entries/{entry}/rename",
            web::post().to(rename),
        )
        .route(
            "/events/{event}/host/entries/{entry}/withdraw",
            web::post().to(withdraw),
        )
        .route(
            "/events/{event}/host/players/{player}/link",
            web::post().to(new_link),
        )
        .route(
            "/events/{event}/host/players/{player}/release",
            web::post().to(release),
        )
        .route("/events/{event}/host/join-keys", web::post().to(join_keys))
        .route("/events/{event}/host/token", web::post().to(host_token))
        .route("/events/{event}/host/seat", web::post().to(seat))
        .route(
            "/events/{event}/host/rounds/{round}/signal",
            web::post().to(signal),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/mode",
            web::post().to(table_mode),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/mover",
            web::post().to(mover),
        )
        .route(
            "/events/{event}/host/rounds/{round}/tables/{table}/scores",
            web::post().to(scores),
        )
        .route(
            "/events/{event}/host/rounds/{round}/close",
            web::post().to(close),
        )
        .route("/events/{event}/host/corrections", web::post().to(correct))
        .route("/events/{event}/host/finish", web::post().to(finish))
        .route(
            "/events/{event}/host/password",
            web::post().to(set_password),
        )
        .route("/events/{event}/host/views", web::post().to(set_views));
}

/// An entry as the console lists it.
struct EntryLine {
    id: EntryId,
    /// Id, name, and whether someone holds the seat.
    players: Vec<(i64, String, bool)>,
    bot: bool,
    bot_level: String,
    withdrawn: bool,
    joined_round: i32,
}

impl EntryLine {
    fn name(&self) -> String {
        self.players
            .iter()
            .map(|(_, n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    fn first(&self) -> String {
        self.players
            .first()
            .map(|p| p.1.clone())
            .unwrap_or_default()
    }

    fn second(&self) -> String {
        self.players.get(1).map(|p| p.1.clone()).unwrap_or_default()
    }
}

/// A seating option for round 1.
struct SeatOption {
    value: &'static str,
    description: String,
    proposal: bool,
}

/// What closing would do at one table.
struct ClosingLine {
    table: u32,
    mover: String,
    decision: String,
    tied: Vec<Named>,
    chosen: Option<EntryId>,
}

impl ClosingLine {
    fn is_chosen(&self, id: impl std::borrow::Borrow<EntryId>) -> bool {
        self.chosen == Some(*id.borrow())
    }
}

/// The round panel: the clock, the signal buttons, the tables, and the close.
#[derive(Template)]
#[template(path = "fragments/host_round.html")]
pub struct RoundPanel {
    csrf: String,
    event: i64,
    round: Option<RoundView>,
    closing: Vec<ClosingLine>,
    closing_problem: Option<String>,
    finished: bool,
    more_rounds: bool,
    sheets: view::Sheets,
}

impl RoundPanel {
    fn piles_hint(&self) -> String {
        format!(
            "The score card's count for each line, in {}",
            self.sheets.unit()
        )
    }
}

#[derive(Template)]
#[template(path = "host.html")]
struct Console {
    layout: Layout,
    event: EventRecord,
    entries: Vec<EntryLine>,
    partners: bool,
    can_seat: bool,
    options: Vec<SeatOption>,
    panel: String,
    corrections: Vec<report::CorrectionReport>,
    closed_rounds: Vec<u32>,
    correctable: Vec<(String, EntryId)>,
    has_password: bool,
    private_views: bool,
    summary: String,
    next_step: String,
}

/// Checks that the visitor hosts the event; otherwise answers with the way to the login page.
fn require_host(visitor: &Visitor, event: i64) -> Result<(), Box<HttpResponse>> {
    if visitor.is_host(event) {
        Ok(())
    } else {
        Err(Box::new(redirect(&format!("/events/{event}/login"))))
    }
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn console(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<TokenQuery>,
) -> PageResult {
    let id = path.into_inner();
    if let Some(token) = query.into_inner().token {
        let epoch = read(&app, move |_, conn| {
            Ok(events::load_as_host(conn, id, &token)
                .ok()
                .map(|e| e.row.host_epoch))
        })
        .await?;
        let Some(epoch) = epoch else {
            return Err(events::host_refusal().into());
        };
        visitor.add_host(id, epoch);
        return Ok(redirect(&format!("/events/{id}/host")));
    }
    if let Err(to_login) = require_host(&visitor, id) {
        return Ok(*to_login);
    }
    let mut layout = Layout::new("Host console", &visitor);
    let csrf = layout.csrf.clone();
    let console = read(&app, move |app, conn| {
        let event = events::load(conn, id)?;
        build_console(app, conn, event, csrf)
    })
    .await?;
    layout = layout.for_event(id, &console.event.settings.name, &visitor);
    layout.live = Some(format!("/events/{id}/live/console"));
    page(&Console { layout, ..console })
}

fn summary(event: &EventRecord) -> String {
    let s = &event.settings;
    let players = s.table_size.players();
    let table = if s.table_size.partners() {
        format!("{players} at a table in partnerships")
    } else {
        format!("{players} at a table")
    };
    let round = match s.round {
        tournament::RoundKind::Timed { seconds } => {
            if seconds % 60 == 0 {
                format!("{}-minute rounds", seconds / 60)
            } else {
                format!(
                    "rounds of {}",
                    crate::web::pages::clock_text(Some(i64::from(seconds) * 1000))
                )
            }
        }
        tournament::RoundKind::Games { games } => {
            format!(
                "rounds of {games} game{}",
                if games == 1 { "" } else { "s" }
            )
        }
    };
    let length = match s.length {
        tournament::EventLength::Rounds { rounds } => format!("{rounds} rounds"),
        tournament::EventLength::TimeLimit { seconds } => {
            format!("{} minutes in all", seconds.div_ceil(60))
        }
    };
    format!(
        "{table}, {round}, {length}, {} prize{}",
        s.prizes,
        if s.prizes == 1 { "" } else { "s" }
    )
}

fn build_console(
    app: &App,
    conn: &mut Conn,
    event: EventRecord,
    csrf: String,
) -> AppResult<Console> {
    let records = events::entries(conn, event.id())?;
    let entries: Vec<EntryLine> = records
        .iter()
        .map(|e| EntryLine {
            id: e.id(),
            players: e
                .players
                .iter()
                .map(|p| (p.id, p.name.clone(), p.claimed))
                .collect(),
            bot: e.row.is_bot,
            bot_level: e.row.bot_level.clone().unwrap_or_default(),
            withdrawn: e.row.withdrawn_round.is_some(),
            joined_round: e.row.joined_round,
        })
        .collect();
    let latest = rounds::latest(conn, &event)?;
    let can_seat = !event.is_finished()
        && latest
            .as_ref()
            .is_none_or(|r| r.number() == 1 && r.is_seated());
    let options = if can_seat {
        match rounds::seating_options(conn, &event) {
            Ok(plans) => plans
                .iter()
                .enumerate()
                .map(|(i, plan)| SeatOption {
                    value: match plan.remainder {
                        Remainder::MixedTables => "mixed_tables",
                        Remainder::Byes => "byes",
                        Remainder::Bots => "bots",
                    },
                    description: plan.describe(event.settings.table_size),
                    proposal: i == 0,
                })
                .collect(),
            Err(_) => Vec::new(),
        }
    } else {
        Vec::new()
    };
    let panel = fragment(&round_panel(app, conn, &event, csrf)?)?;
    let report = report::report(conn, &event)?;
    let closed_rounds: Vec<u32> = report
        .rounds
        .iter()
        .filter(|r| r.state == rounds::CLOSED)
        .map(|r| r.round)
        .collect();
    let correctable = entries.iter().map(|e| (e.name(), e.id)).collect();
    let active = entries.iter().filter(|e| !e.withdrawn).count();
    let next_step = match (&latest, active) {
        (_, _) if event.is_finished() => {
            "The evening is over: print the final standings and give the prizes.".to_owned()
        }
        (None, n) if n < 2 => "Add the guests: one line each (or each partnership).".to_owned(),
        (None, _) => "When everyone is in, choose how to seat round 1 and seat it.".to_owned(),
        (Some(r), _) if r.is_seated() => format!(
            "Round {} is seated: send everyone to their tables, then give the signal.",
            r.number()
        ),
        (Some(r), _) if r.is_closed() => "Seat the next round.".to_owned(),
        (Some(r), _) => format!("Round {} is under way.", r.number()),
    };
    Ok(Console {
        layout: Layout::default(),
        summary: summary(&event),
        partners: event.settings.table_size.partners(),
        has_password: event.row.host_password_hash.is_some(),
        private_views: event.row.private_views,
        event,
        entries,
        can_seat,
        options,
        panel,
        corrections: report.corrections,
        closed_rounds,
        correctable,
        next_step,
    })
}

/// The round panel of the console, for the page and for live updates.
pub fn round_panel(
    app: &App,
    conn: &mut Conn,
    event: &EventRecord,
    csrf: String,
) -> AppResult<RoundPanel> {
    let names = view::names(conn, event)?;
    let latest = rounds::latest(conn, event)?;
    let round = match &latest {
        Some(r) => Some(view::round_view(app, conn, event, r, &names)?),
        None => None,
    };
    let mut closing = Vec::new();
    let mut closing_problem = None;
    if let (Some(record), Some(view)) = (&latest, &round)
        && view.is("over")
    {
        match rounds::preview_close(conn, event, record) {
            Ok(preview) => {
                let choices: BTreeMap<u32, EntryId> =
                    crate::db::queries::tables_of_round(conn, record.row.id)?
                        .into_iter()
                        .filter_map(|t| Some((u32::try_from(t.number).ok()?, t.host_choice?)))
                        .collect();
                for outcome in &preview.tables {
                    let name = |id: EntryId| {
                        names
                            .get(&id)
                            .map_or_else(|| format!("entry {id}"), |n| n.name.clone())
                    };
                    let (decision, tied) = match &outcome.decision {
                        MoverDecision::MostMiles => ("most miles".to_owned(), Vec::new()),
                        MoverDecision::Cut { tied, drawn } => (
                            format!("tied: cut for it, {} drawn", name(*drawn)),
                            tied.clone(),
                        ),
                        MoverDecision::Host { tied, drawn } => {
                            (format!("tied: your choice, {}", name(*drawn)), tied.clone())
                        }
                    };
                    closing.push(ClosingLine {
                        table: outcome.table,
                        mover: name(outcome.mover),
                        decision,
                        tied: tied
                            .iter()
                            .filter_map(|id| names.get(id).cloned())
                            .collect(),
                        chosen: choices.get(&outcome.table).copied(),
                    });
                }
            }
            Err(error) => closing_problem = Some(error.to_string()),
        }
    }
    let more_rounds = match event.settings.length {
        tournament::EventLength::Rounds { rounds } => {
            latest.as_ref().is_none_or(|r| r.number() < rounds)
        }
        tournament::EventLength::TimeLimit { .. } => true,
    };
    Ok(RoundPanel {
        csrf,
        event: event.id(),
        round,
        closing,
        closing_problem,
        finished: event.is_finished(),
        more_rounds,
        sheets: view::Sheets::of(&event.settings),
    })
}

// ---------------------------------------------------------------- login

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    layout: Layout,
    event: i64,
}

async fn login_page(visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let event = path.into_inner();
    page(&LoginPage {
        layout: Layout::new("Host sign-in", &visitor),
        event,
    })
}

#[derive(Deserialize)]
struct LoginForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    password: String,
}

async fn login(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<LoginForm>,
) -> PageResult {
    let id = path.into_inner();
    visitor.check_csrf(&form.csrf)?;
    // Wrong passwords are counted per device and per event, and each past the first few makes
    // the next try wait longer; argon2 runs on its own small pool.
    let guards = req.app_data::<web::Data<limits::Guards>>().cloned();
    let client = guards.as_ref().map(|g| g.client(&req));
    if let (Some(guards), Some(client)) = (&guards, client)
        && let Some(wait) = guards.sign_in_wait(client, id)
    {
        return Ok(limits::too_many(
            &req,
            wait,
            "Too many wrong passwords for this console (the host link still opens it)",
        ));
    }
    let password = form.into_inner().password;
    let stored = read(&app, move |_, conn| {
        crate::app::passwords::stored_hash(conn, id)
    })
    .await?;
    let Ok(ok) = crate::app::passwords::verify(stored, password).await else {
        return Ok(limits::too_many(
            &req,
            std::time::Duration::from_secs(1),
            "The server is checking many passwords at the moment",
        ));
    };
    if let (Some(guards), Some(client)) = (&guards, client) {
        if ok {
            guards.sign_in_succeeded(client);
        } else {
            guards.sign_in_failed(client, id);
        }
    }
    if ok {
        let epoch = read(&app, move |_, conn| events::host_epoch(conn, id)).await?;
        visitor.add_host(id, epoch);
        Ok(redirect(&format!("/events/{id}/host")))
    } else {
        visitor.flash("error", events::host_refusal().to_string());
        Ok(redirect(&format!("/events/{id}/login")))
    }
}

async fn logout(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let id = path.into_inner();
    visitor.check_csrf(&form.csrf)?;
    if visitor.is_host(id) {
        // On the server too: a copy of this cookie no longer opens the console.
        write(&app, move |_, conn| events::end_host_sessions(conn, id)).await?;
    }
    visitor.remove_host(id);
    visitor.flash("ok", "You have left the console on this device.");
    Ok(redirect("/"))
}

// ---------------------------------------------------------------- forms

/// Runs a console form: checks the host and the CSRF token, runs the use case in one
/// transaction, tells the live pages, and goes back to the console with a message.
async fn host_form(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    event: i64,
    csrf: &str,
    anchor: &str,
    f: impl FnOnce(&App, &mut Conn, &EventRecord) -> AppResult<String> + Send + 'static,
) -> PageResult {
    if let Err(to_login) = require_host(&visitor, event) {
        return Ok(*to_login);
    }
    visitor.check_csrf(csrf)?;
    let result = write(&app, move |app, conn| {
        let record = events::load(conn, event)?;
        f(app, conn, &record)
    })
    .await;
    match result {
        Ok(message) => {
            hub.publish(event, Topic::Event);
            if !message.is_empty() {
                visitor.flash("ok", message);
            }
        }
        Err(PageError(AppError::Internal(e))) => return Err(PageError(AppError::Internal(e))),
        Err(PageError(error)) => visitor.flash("error", error.to_string()),
    }
    Ok(redirect(&format!("/events/{event}/host#{anchor}")))
}

#[derive(Deserialize)]
struct EntryForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    partner: String,
}

impl EntryForm {
    fn members(&self, partners: bool) -> AppResult<Members> {
        let invalid = |e: tournament::NameError| AppError::invalid(e.to_string());
        if partners {
            Members::partners(&self.name, &self.partner).map_err(invalid)
        } else {
            Members::player(&self.name).map_err(invalid)
        }
    }
}

async fn add_entry(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<EntryForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    let cap = limits::max_entries(&req);
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "entries",
        move |app, conn, event| {
            events::check_room(conn, event, cap)?;
            let members = form.members(event.settings.table_size.partners())?;
            let name = members.display();
            events::add_entry(conn, event, members, None, app.now_naive())?;
            Ok(format!("{name} added."))
        },
    )
    .await
}

#[derive(Deserialize)]
struct BotForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    level: String,
}

async fn add_bot(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<BotForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    let cap = limits::max_entries(&req);
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "entries",
        move |app, conn, event| {
            let level = match form.level.as_str() {
                "random" => "random",
                "shrewd" => "shrewd",
                _ => "steady",
            };
            events::check_room(conn, event, cap)?;
            events::add_bots(conn, event, 1, level, app.now_naive())?;
            Ok(format!(
                "A {level} bot joined, labelled as a bot everywhere."
            ))
        },
    )
    .await
}

async fn rename(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i64)>,
    form: web::Form<EntryForm>,
) -> PageResult {
    let (event, entry) = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "entries",
        move |_, conn, event| {
            let members = form.members(event.settings.table_size.partners())?;
            let name = members.display();
            events::rename_entry(conn, event, entry, members)?;
            Ok(format!("Renamed to {name}."))
        },
    )
    .await
}

async fn withdraw(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i64)>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let (event, entry) = path.into_inner();
    host_form(
        app,
        hub,
        visitor,
        event,
        &form.csrf,
        "entries",
        move |_, conn, event| {
            events::withdraw_entry(conn, event, entry)?;
            Ok("Withdrawn: the entry keeps its miles and is not seated again.".into())
        },
    )
    .await
}

async fn new_link(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<(i64, i64)>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let (event, player) = path.into_inner();
    if let Err(to_login) = require_host(&visitor, event) {
        return Ok(*to_login);
    }
    visitor.check_csrf(&form.csrf)?;
    let link = write(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        events::renew_link(conn, &record, player)
    })
    .await?;
    let info = req.connection_info();
    visitor.flash_link(
        format!(
            "The seat link of {} (shown only now; any older link of theirs stops working). Send it to them, or let them scan it:",
            link.name
        ),
        format!("{}://{}/seat/{}", info.scheme(), info.host(), link.token),
    );
    Ok(redirect(&format!("/events/{event}/host#entries")))
}

async fn release(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i64)>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let (event, player) = path.into_inner();
    host_form(
        app,
        hub,
        visitor,
        event,
        &form.csrf,
        "entries",
        move |_, conn, event| {
            events::release_seat(conn, event, player)?;
            Ok("The seat is free: whoever had it is signed out, and it can be picked again from its table's QR code.".into())
        },
    )
    .await
}

async fn join_keys(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let event = path.into_inner();
    host_form(
        app,
        hub,
        visitor,
        event,
        &form.csrf,
        "access",
        move |_, conn, event| {
            events::rotate_join_keys(conn, event)?;
            Ok("New join keys: the old QR codes and viewer link stop working. Print the table tents again.".into())
        },
    )
    .await
}

async fn host_token(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let event = path.into_inner();
    if let Err(to_login) = require_host(&visitor, event) {
        return Ok(*to_login);
    }
    visitor.check_csrf(&form.csrf)?;
    let (token, epoch) = write(&app, move |_, conn| {
        let record = events::load(conn, event)?;
        let token = events::rotate_host_token(conn, &record)?;
        Ok((token, events::host_epoch(conn, event)?))
    })
    .await?;
    visitor.add_host(event, epoch);
    let info = req.connection_info();
    visitor.flash_link(
        "Your new host link (shown only now; the old one stops working and other host devices are signed out):",
        format!(
            "{}://{}/events/{event}/host?token={token}",
            info.scheme(),
            info.host()
        ),
    );
    Ok(redirect(&format!("/events/{event}/host#access")))
}

#[derive(Deserialize)]
struct SeatForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    remainder: String,
    #[serde(default)]
    order: String,
    #[serde(default)]
    paper: String,
}

async fn seat(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<SeatForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "round",
        move |app, conn, event| {
            let order = if form.order == "host" {
                Some(
                    events::entries(conn, event.id())?
                        .iter()
                        .filter(|e| e.entry.is_active())
                        .map(|e| e.id())
                        .collect(),
                )
            } else {
                None
            };
            let request = SeatRequest {
                remainder: match form.remainder.as_str() {
                    "mixed_tables" => Some(Remainder::MixedTables),
                    "byes" => Some(Remainder::Byes),
                    "bots" => Some(Remainder::Bots),
                    _ => None,
                },
                order,
                paper_tables: Vec::new(),
                all_paper: form.paper == "all",
            };
            let round = rounds::seat_first(conn, event, &request, app.now_naive())?;
            Ok(format!(
                "Round {} is seated. Send everyone to their tables, then give the signal.",
                round.number()
            ))
        },
    )
    .await
}

#[derive(Deserialize)]
struct SignalForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    signal: String,
    #[serde(default)]
    minutes: String,
}

async fn signal(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i32)>,
    form: web::Form<SignalForm>,
) -> PageResult {
    let (event, number) = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "round",
        move |app, conn, event| {
            let (signal, said) = match form.signal.as_str() {
                "start" => (Signal::Start, "The signal is given: play!".to_owned()),
                "pause" => (Signal::Pause, "Paused.".to_owned()),
                "resume" => (Signal::Resume, "Play resumes.".to_owned()),
                "stop" => (
                    Signal::Stop,
                    "Stop! Every game is frozen and its miles count.".to_owned(),
                ),
                "extend" => {
                    let minutes: u32 = parse(&form.minutes, "the extra minutes")?;
                    (
                        Signal::Extend {
                            seconds: minutes.saturating_mul(60),
                        },
                        format!(
                            "{minutes} more minute{}.",
                            if minutes == 1 { "" } else { "s" }
                        ),
                    )
                }
                other => {
                    return Err(AppError::invalid(format!(
                        "there is no signal \"{}\"",
                        crate::engine::json::truncate(other, 20)
                    )));
                }
            };
            rounds::signal(conn, event, number, signal, app.now())?;
            Ok(said)
        },
    )
    .await
}

#[derive(Deserialize)]
struct ModeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    paper: String,
}

async fn table_mode(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i32, i32)>,
    form: web::Form<ModeForm>,
) -> PageResult {
    let (event, number, table) = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "round",
        move |app, conn, event| {
            let paper = form.paper == "true";
            rounds::set_table_mode(conn, event, number, table, paper, app.now_naive())?;
            Ok(if paper {
                format!("Table {table} plays with real cards.")
            } else {
                format!("Table {table} plays on phones.")
            })
        },
    )
    .await
}

#[derive(Deserialize)]
struct MoverForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    entry: String,
}

async fn mover(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i32, i32)>,
    form: web::Form<MoverForm>,
) -> PageResult {
    let (event, number, table) = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "round",
        move |_, conn, event| {
            let entry = if form.entry.is_empty() || form.entry == "cut" {
                None
            } else {
                Some(parse::<i64>(&form.entry, "the entry")?)
            };
            rounds::choose_mover(conn, event, number, table, entry)?;
            Ok(match entry {
                Some(_) => format!("Your choice moves on from table {table}."),
                None => format!("Table {table}: the cut decides."),
            })
        },
    )
    .await
}

#[derive(Deserialize)]
struct ScoresForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    side: String,
    /// One field per row of the score sheet, named `row_<row>`.
    #[serde(flatten)]
    rows: BTreeMap<String, String>,
}

/// The prefix of a score card form's row fields (`row_mile5`).
pub const ROW_FIELD: &str = "row_";

/// The counts of a score card form: its `row_<row>` fields, an empty one counting zero.
pub fn card_counts(fields: &BTreeMap<String, String>) -> AppResult<PaperCard> {
    let mut card = PaperCard::default();
    for (name, text) in fields {
        let Some(row) = name.strip_prefix(ROW_FIELD) else {
            continue;
        };
        if !text.trim().is_empty() {
            let count: u32 = parse(
                text,
                &format!(
                    "the count of \"{}\"",
                    crate::engine::json::truncate(row, 20)
                ),
            )?;
            card.0.insert(row.to_owned(), count);
        }
    }
    Ok(card)
}

async fn scores(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i32, i32)>,
    form: web::Form<ScoresForm>,
) -> PageResult {
    let (event, number, table) = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "round",
        move |app, conn, event| {
            let side: usize = super::start::number(&form.side, "the side")?;
            let card = card_counts(&form.rows)?;
            let (score, unit) = rounds::enter_paper(
                conn,
                event,
                TableAt {
                    round: number,
                    table,
                },
                (side, card),
                CardAuthor::Host,
                app.now_naive(),
            )?;
            Ok(format!(
                "Table {table}: the card is in ({score} {}) and confirmed.",
                unit.word()
            ))
        },
    )
    .await
}

async fn close(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<(i64, i32)>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let (event, number) = path.into_inner();
    host_form(app, hub, visitor, event, &form.csrf, "round", move |app, conn, event| {
        let summary = rounds::close(conn, event, number, app.now())?;
        Ok(match (summary.next_round, summary.finished_because) {
            (Some(next), _) => format!(
                "Round {number} is closed and the winners have moved on. Round {next} is seated."
            ),
            (None, Some(why)) => format!("Round {number} is closed. The evening is over: {why}"),
            (None, None) => format!("Round {number} is closed."),
        })
    })
    .await
}

#[derive(Deserialize)]
struct CorrectionForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    entry: String,
    #[serde(default)]
    miles: String,
    #[serde(default)]
    reason: String,
}

async fn correct(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<CorrectionForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "corrections",
        move |app, conn, event| {
            let request = CorrectionRequest {
                round: parse(&form.round, "the round")?,
                entry: parse(&form.entry, "the entry")?,
                miles: parse(&form.miles, "the miles")?,
                reason: form.reason,
            };
            let outcome = rounds::correct(conn, event, &request, "host", app.now())?;
            let mut said = format!(
                "Round {}: {} → {} miles.",
                request.round,
                outcome
                    .old
                    .map_or_else(|| "none".to_owned(), |m| m.to_string()),
                outcome.new
            );
            if !outcome.changed_tables.is_empty() {
                said.push_str(" The movement changed");
                if outcome.reseated {
                    said.push_str(" and the next round was seated again");
                }
                said.push('.');
            }
            Ok(said)
        },
    )
    .await
}

async fn finish(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let event = path.into_inner();
    host_form(
        app,
        hub,
        visitor,
        event,
        &form.csrf,
        "round",
        move |app, conn, event| {
            rounds::finish_event(conn, event, app.now())?;
            Ok("The evening is over. The standings are final.".into())
        },
    )
    .await
}

#[derive(Deserialize)]
struct PasswordForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    password: String,
}

async fn set_password(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<PasswordForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    if let Err(to_login) = require_host(&visitor, event) {
        return Ok(*to_login);
    }
    visitor.check_csrf(&form.csrf)?;
    let removed = form.password.is_empty();
    // Hashed on the pool before the transaction, so argon2 never holds the write lock.
    let hash = match crate::app::passwords::hash_new_password(form.password).await {
        Ok(Ok(hash)) => hash,
        Ok(Err(error)) => {
            visitor.flash("error", error.to_string());
            return Ok(redirect(&format!("/events/{event}/host#access")));
        }
        Err(_busy) => {
            return Ok(limits::too_many(
                &req,
                std::time::Duration::from_secs(1),
                "The server is checking many passwords at the moment",
            ));
        }
    };
    host_form(
        app,
        hub,
        visitor,
        event,
        &form.csrf,
        "access",
        move |_, conn, event| {
            crate::app::passwords::store_host_password(conn, event, hash.as_deref())?;
            Ok(if removed {
                "The password is removed: only the host link opens the console.".into()
            } else {
                "Password set: with it, the console opens from any device at /events/ID/login."
                    .replace("ID", &event.id().to_string())
            })
        },
    )
    .await
}

#[derive(Deserialize)]
struct ViewsForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    private: String,
}

async fn set_views(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<ViewsForm>,
) -> PageResult {
    let event = path.into_inner();
    let form = form.into_inner();
    let csrf = form.csrf.clone();
    host_form(
        app,
        hub,
        visitor,
        event,
        &csrf,
        "access",
        move |_, conn, event| {
            let private = form.private == "true";
            crate::db::queries::set_private_views(conn, event.id(), private)?;
            Ok(if private {
                "The projector and standings now need the viewer link (see below).".into()
            } else {
                "The projector and standings are open to anyone with the address.".into()
            })
        },
    )
    .await
}
