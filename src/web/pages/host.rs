//! The host console: entries, the seating of round 1, the signal, the tables, the close with
//! its movers and ties, corrections, and links to every printout.

use std::collections::BTreeMap;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use askama::Template;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::start::number as parse;
use super::view::{self, Named, RoundView};
use super::{Layout, PageError, PageResult, fragment, host_or_login, page, redirect, run};
use crate::app::console::{self, RoundPanel as PanelData};
use crate::app::events::{self, EventRecord};
use crate::app::rounds::RoundState;
use crate::app::rounds::{self, CorrectionRequest, SeatRequest, Signal, TableAt};
use crate::app::{App, AppError, AppResult, HostKey, passwords, report};
use crate::tournament::{self, EntryId, Members, PaperCard, Remainder};
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
        let host = HostKey::token(id, token);
        let epoch = run(&app, move |app| events::open_console(app, &host)).await?;
        visitor.add_host(id, epoch);
        return Ok(redirect(&format!("/events/{id}/host")));
    }
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let mut layout = Layout::new("Host console", &visitor);
    let data = run(&app, move |app| console::console(app, &host)).await?;
    let console = build_console(data, layout.csrf.clone())?;
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

/// The console's view model, from what the use case read.
fn build_console(data: console::Console, csrf: String) -> AppResult<Console> {
    let event = data.panel.board.event.clone();
    let entries: Vec<EntryLine> = data
        .panel
        .board
        .entries
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
    let options = data
        .seating_options
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
        .collect();
    let latest = data.panel.board.round.as_ref().map(|r| (r.number, r.state));
    let panel = fragment(&round_panel(data.panel, csrf))?;
    let correctable = entries.iter().map(|e| (e.name(), e.id)).collect();
    let active = entries.iter().filter(|e| !e.withdrawn).count();
    let next_step = match (latest, active) {
        (_, _) if event.is_finished() => {
            "The evening is over: print the final standings and give the prizes.".to_owned()
        }
        (None, n) if n < 2 => "Add the guests: one line each (or each partnership).".to_owned(),
        (None, _) => "When everyone is in, choose how to seat round 1 and seat it.".to_owned(),
        (Some((number, RoundState::Seated)), _) => format!(
            "Round {number} is seated: send everyone to their tables, then give the signal."
        ),
        (Some((_, RoundState::Closed)), _) => "Seat the next round.".to_owned(),
        (Some((number, _)), _) => format!("Round {number} is under way."),
    };
    Ok(Console {
        layout: Layout::default(),
        summary: summary(&event),
        partners: event.settings.table_size.partners(),
        has_password: event.row.host_password_hash.is_some(),
        private_views: event.row.private_views,
        event,
        entries,
        can_seat: data.can_seat,
        options,
        panel,
        corrections: data.corrections,
        closed_rounds: data.closed_rounds,
        correctable,
        next_step,
    })
}

/// The round panel of the console, for the page and for live updates.
pub fn round_panel(data: PanelData, csrf: String) -> RoundPanel {
    let event = &data.board.event;
    let names = view::names(&data.board.entries);
    let round = data
        .board
        .round
        .as_ref()
        .map(|r| view::round_view(r, &names));
    let mut closing = Vec::new();
    let mut closing_problem = None;
    match (&data.closing, &data.board.round) {
        (Some(Ok(preview)), Some(picture)) => {
            let choices: BTreeMap<u32, EntryId> = picture
                .tables
                .iter()
                .filter_map(|t| Some((u32::try_from(t.number).ok()?, t.host_choice?)))
                .collect();
            for outcome in &preview.tables {
                let tied = match &outcome.decision {
                    tournament::MoverDecision::MostMiles => &[][..],
                    tournament::MoverDecision::Cut { tied, .. }
                    | tournament::MoverDecision::Host { tied, .. } => &tied[..],
                };
                closing.push(ClosingLine {
                    table: outcome.table,
                    mover: view::named(&names, outcome.mover).name,
                    decision: view::decision_text(&outcome.decision, &names),
                    tied: tied
                        .iter()
                        .filter_map(|id| names.get(id).cloned())
                        .collect(),
                    chosen: choices.get(&outcome.table).copied(),
                });
            }
        }
        (Some(Err(problem)), _) => closing_problem = Some(problem.clone()),
        _ => {}
    }
    let more_rounds = match event.settings.length {
        tournament::EventLength::Rounds { rounds } => {
            round.as_ref().is_none_or(|r| r.number < rounds)
        }
        tournament::EventLength::TimeLimit { .. } => true,
    };
    RoundPanel {
        csrf,
        event: event.id(),
        round,
        closing,
        closing_problem,
        finished: event.is_finished(),
        more_rounds,
        sheets: view::Sheets::of(&event.settings),
    }
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
    let stored = run(&app, move |app| passwords::password_hash(app, id)).await?;
    let Ok(ok) = passwords::verify(stored, password).await else {
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
        let epoch = run(&app, move |app| events::current_host_epoch(app, id)).await?;
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
    if let Some(host) = visitor.host_key(id) {
        // On the server too: a copy of this cookie no longer opens the console.
        run(&app, move |app| events::sign_out(app, &host)).await?;
    }
    visitor.remove_host(id);
    visitor.flash("ok", "You have left the console on this device.");
    Ok(redirect("/"))
}

// ---------------------------------------------------------------- forms

/// A form of the console, taken apart once for every handler: the visitor must host the
/// event named in the address (otherwise they are sent to the sign-in page) and the form must
/// carry this browser's CSRF token. `fields` are the form's other fields.
pub struct HostForm<T> {
    pub fields: T,
    pub host: HostKey,
    pub visitor: Visitor,
    app: web::Data<App>,
    hub: web::Data<Hub>,
}

/// A form's CSRF token, and the rest of its fields.
#[derive(Deserialize)]
struct WithCsrf<T> {
    #[serde(default)]
    csrf: String,
    #[serde(flatten)]
    fields: T,
}

/// A form with no fields but its CSRF token.
#[derive(Deserialize)]
pub struct NoFields {}

impl<T: DeserializeOwned + 'static> FromRequest for HostForm<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<HostForm<T>, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let visitor = Visitor::from_request(req, payload);
        let form = web::Form::<WithCsrf<T>>::from_request(req, payload);
        let event = req
            .match_info()
            .get("event")
            .and_then(|e| e.parse::<i64>().ok());
        let app = req.app_data::<web::Data<App>>().cloned();
        let hub = req.app_data::<web::Data<Hub>>().cloned();
        Box::pin(async move {
            let visitor = visitor.await?;
            let form = form.await?.into_inner();
            let (Some(event), Some(app), Some(hub)) = (event, app, hub) else {
                return Err(PageError(AppError::Internal(
                    "a console form outside an event's address".into(),
                ))
                .into());
            };
            let host = match host_or_login(&visitor, event) {
                Ok(host) => host,
                Err(to_login) => {
                    return Err(
                        actix_web::error::InternalError::from_response("", *to_login).into(),
                    );
                }
            };
            visitor.check_csrf(&form.csrf).map_err(PageError)?;
            Ok(HostForm {
                fields: form.fields,
                host,
                visitor,
                app,
                hub,
            })
        })
    }
}

impl<T: Send + 'static> HostForm<T> {
    /// Runs the form's use case and answers its result (for forms that answer more than a
    /// message).
    pub async fn run<R: Send + 'static>(
        &self,
        use_case: impl FnOnce(&App, &HostKey) -> AppResult<R> + Send + 'static,
    ) -> Result<R, PageError> {
        let host = self.host.clone();
        run(&self.app, move |app| use_case(app, &host)).await
    }

    /// Runs the form's use case with its fields, tells the live pages, and goes back to the
    /// console at `anchor` with the use case's message (or its refusal, in words).
    pub async fn apply(
        self,
        anchor: &str,
        use_case: impl FnOnce(&App, &HostKey, T) -> AppResult<String> + Send + 'static,
    ) -> PageResult {
        let HostForm {
            fields,
            host,
            visitor,
            app,
            hub,
        } = self;
        let event = host.event;
        let result = run(&app, move |app| use_case(app, &host, fields)).await;
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
}

#[derive(Deserialize)]
struct EntryForm {
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

async fn add_entry(req: HttpRequest, form: HostForm<EntryForm>) -> PageResult {
    let cap = limits::max_entries(&req);
    form.apply("entries", move |app, host, form| {
        let (entry, _) = events::add_entry(
            app,
            host,
            cap,
            |settings| form.members(settings.table_size.partners()),
            None,
        )?;
        Ok(format!("{} added.", entry.entry.name()))
    })
    .await
}

#[derive(Deserialize)]
struct BotForm {
    #[serde(default)]
    level: String,
}

async fn add_bot(req: HttpRequest, form: HostForm<BotForm>) -> PageResult {
    let cap = limits::max_entries(&req);
    form.apply("entries", move |app, host, form| {
        let level = match form.level.as_str() {
            "random" => "random",
            "shrewd" => "shrewd",
            _ => "steady",
        };
        events::add_bot(app, host, cap, level)?;
        Ok(format!(
            "A {level} bot joined, labelled as a bot everywhere."
        ))
    })
    .await
}

async fn rename(path: web::Path<(i64, i64)>, form: HostForm<EntryForm>) -> PageResult {
    let (_, entry) = path.into_inner();
    form.apply("entries", move |app, host, form| {
        let mut name = String::new();
        events::rename_entry(app, host, entry, |settings| {
            let members = form.members(settings.table_size.partners())?;
            name = members.display();
            Ok(members)
        })?;
        Ok(format!("Renamed to {name}."))
    })
    .await
}

async fn withdraw(path: web::Path<(i64, i64)>, form: HostForm<NoFields>) -> PageResult {
    let (_, entry) = path.into_inner();
    form.apply("entries", move |app, host, _| {
        events::withdraw_entry(app, host, entry)?;
        Ok("Withdrawn: the entry keeps its miles and is not seated again.".into())
    })
    .await
}

async fn new_link(
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    form: HostForm<NoFields>,
) -> PageResult {
    let (event, player) = path.into_inner();
    let link = form
        .run(move |app, host| events::renew_link(app, host, player))
        .await?;
    let info = req.connection_info();
    form.visitor.flash_link(
        format!(
            "The seat link of {} (shown only now; any older link of theirs stops working). Send it to them, or let them scan it:",
            link.name
        ),
        format!("{}://{}/seat/{}", info.scheme(), info.host(), link.token),
    );
    Ok(redirect(&format!("/events/{event}/host#entries")))
}

async fn release(path: web::Path<(i64, i64)>, form: HostForm<NoFields>) -> PageResult {
    let (_, player) = path.into_inner();
    form.apply("entries", move |app, host, _| {
        events::release_seat(app, host, player)?;
        Ok("The seat is free: whoever had it is signed out, and it can be picked again from its table's QR code.".into())
    })
    .await
}

async fn join_keys(form: HostForm<NoFields>) -> PageResult {
    form.apply("access", move |app, host, _| {
        events::rotate_join_keys(app, host)?;
        Ok("New join keys: the old QR codes and viewer link stop working. Print the table tents again.".into())
    })
    .await
}

async fn host_token(req: HttpRequest, form: HostForm<NoFields>) -> PageResult {
    let event = form.host.event;
    let (token, epoch) = form.run(events::rotate_host_token).await?;
    form.visitor.add_host(event, epoch);
    let info = req.connection_info();
    form.visitor.flash_link(
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
    remainder: String,
    #[serde(default)]
    order: String,
    #[serde(default)]
    paper: String,
}

async fn seat(form: HostForm<SeatForm>) -> PageResult {
    form.apply("round", move |app, host, form| {
        let request = SeatRequest {
            remainder: match form.remainder.as_str() {
                "mixed_tables" => Some(Remainder::MixedTables),
                "byes" => Some(Remainder::Byes),
                "bots" => Some(Remainder::Bots),
                _ => None,
            },
            order: None,
            listed_order: form.order == "host",
            paper_tables: Vec::new(),
            all_paper: form.paper == "all",
        };
        let round = rounds::seat_first_round(app, host, &request)?;
        Ok(format!(
            "Round {} is seated. Send everyone to their tables, then give the signal.",
            round.number()
        ))
    })
    .await
}

#[derive(Deserialize)]
struct SignalForm {
    #[serde(default)]
    signal: String,
    #[serde(default)]
    minutes: String,
}

async fn signal(path: web::Path<(i64, i32)>, form: HostForm<SignalForm>) -> PageResult {
    let (_, number) = path.into_inner();
    form.apply("round", move |app, host, form| {
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
        rounds::signal(app, host, number, signal)?;
        Ok(said)
    })
    .await
}

#[derive(Deserialize)]
struct ModeForm {
    #[serde(default)]
    paper: String,
}

async fn table_mode(path: web::Path<(i64, i32, i32)>, form: HostForm<ModeForm>) -> PageResult {
    let (_, number, table) = path.into_inner();
    form.apply("round", move |app, host, form| {
        let paper = form.paper == "true";
        rounds::set_table_mode(app, host, number, table, paper)?;
        Ok(if paper {
            format!("Table {table} plays with real cards.")
        } else {
            format!("Table {table} plays on phones.")
        })
    })
    .await
}

#[derive(Deserialize)]
struct MoverForm {
    #[serde(default)]
    entry: String,
}

async fn mover(path: web::Path<(i64, i32, i32)>, form: HostForm<MoverForm>) -> PageResult {
    let (_, number, table) = path.into_inner();
    form.apply("round", move |app, host, form| {
        let entry = if form.entry.is_empty() || form.entry == "cut" {
            None
        } else {
            Some(parse::<i64>(&form.entry, "the entry")?)
        };
        rounds::choose_mover(app, host, number, table, entry)?;
        Ok(match entry {
            Some(_) => format!("Your choice moves on from table {table}."),
            None => format!("Table {table}: the cut decides."),
        })
    })
    .await
}

#[derive(Deserialize)]
struct ScoresForm {
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

async fn scores(path: web::Path<(i64, i32, i32)>, form: HostForm<ScoresForm>) -> PageResult {
    let (_, number, table) = path.into_inner();
    form.apply("round", move |app, host, form| {
        let side: usize = parse(&form.side, "the side")?;
        let card = card_counts(&form.rows)?;
        let at = TableAt {
            round: number,
            table,
        };
        let (score, unit) = rounds::enter_paper_as_host(app, host, at, side, card)?;
        Ok(format!(
            "Table {table}: the card is in ({score} {}) and confirmed.",
            unit.word()
        ))
    })
    .await
}

async fn close(path: web::Path<(i64, i32)>, form: HostForm<NoFields>) -> PageResult {
    let (_, number) = path.into_inner();
    form.apply("round", move |app, host, _| {
        let summary = rounds::close(app, host, number)?;
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
    round: String,
    #[serde(default)]
    entry: String,
    #[serde(default)]
    miles: String,
    #[serde(default)]
    reason: String,
}

async fn correct(form: HostForm<CorrectionForm>) -> PageResult {
    form.apply("corrections", move |app, host, form| {
        let request = CorrectionRequest {
            round: parse(&form.round, "the round")?,
            entry: parse(&form.entry, "the entry")?,
            miles: parse(&form.miles, "the miles")?,
            reason: form.reason,
        };
        let outcome = rounds::correct(app, host, &request)?;
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
    })
    .await
}

async fn finish(form: HostForm<NoFields>) -> PageResult {
    form.apply("round", move |app, host, _| {
        rounds::finish_event(app, host)?;
        Ok("The evening is over. The standings are final.".into())
    })
    .await
}

#[derive(Deserialize)]
struct PasswordForm {
    #[serde(default)]
    password: String,
}

async fn set_password(req: HttpRequest, mut form: HostForm<PasswordForm>) -> PageResult {
    let event = form.host.event;
    let password = std::mem::take(&mut form.fields.password);
    let removed = password.is_empty();
    // Hashed on the pool before the transaction, so argon2 never holds the write lock.
    let hash = match passwords::hash_new_password(password).await {
        Ok(Ok(hash)) => hash,
        Ok(Err(error)) => {
            form.visitor.flash("error", error.to_string());
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
    form.apply("access", move |app, host, _| {
        passwords::set_host_password(app, host, hash.as_deref())?;
        Ok(if removed {
            "The password is removed: only the host link opens the console.".into()
        } else {
            "Password set: with it, the console opens from any device at /events/ID/login."
                .replace("ID", &event.to_string())
        })
    })
    .await
}

#[derive(Deserialize)]
struct ViewsForm {
    #[serde(default)]
    private: String,
}

async fn set_views(form: HostForm<ViewsForm>) -> PageResult {
    form.apply("access", move |app, host, form| {
        let private = form.private == "true";
        events::set_private_views(app, host, private)?;
        Ok(if private {
            "The projector and standings now need the viewer link (see below).".into()
        } else {
            "The projector and standings are open to anyone with the address.".into()
        })
    })
    .await
}
