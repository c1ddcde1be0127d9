//! The `rounds` tag: seating, the signal, the clock, the close, and each table's mover and mode.

use actix_web::{HttpRequest, get, post, put, web};

use super::dto::*;
use super::{Answer, Host, Json, change, created, host, ok, run, viewer};
use crate::app::App;
use crate::app::rounds::{self, RoundOverview, SeatRequest, Signal};
use crate::tournament;
use crate::web::error::ErrorBody;

/// A round with its clock and its tables.
fn round_json(overview: RoundOverview) -> RoundOut {
    RoundOut {
        ok: true,
        round: overview.round.number(),
        state: overview.round.stage.to_string(),
        clock: overview.clock,
        seating: overview.seating.map(|r| SeatingOut {
            tables: r.tables,
            byes: r.byes,
        }),
        missing_scores: overview.missing,
        warning: None,
    }
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Ways to seat round 1, the proposal first", body = SeatingOptions),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 422, description = "Too few entries", body = ErrorBody),
    ))]
#[get("/events/{event}/seating")]
pub(super) async fn seating_options(app: web::Data<App>, Host(host): Host) -> Answer {
    let plans = run(&app, move |app| rounds::seating_options(app, &host)).await?;
    let options = plans
        .into_iter()
        .map(|(plan, description)| SeatingOption { plan, description })
        .collect();
    ok(SeatingOptions { ok: true, options })
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = SeatInput,
    security(("host" = [])),
    responses(
        (status = 201, description = "Round 1 seated", body = RoundOut),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Round 1 has started already, or the entries kept changing while it was seated", body = ErrorBody),
        (status = 422, description = "Cannot seat these entries so", body = ErrorBody),
        (status = 429, description = "Seated again as often as a minute allows", body = ErrorBody),
    ))]
#[post("/events/{event}/rounds")]
pub(super) async fn seat_round(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<SeatInput>,
) -> Answer {
    let input = input.into_inner();
    let request = SeatRequest {
        remainder: input.remainder.map(|r| match r {
            RemainderInput::MixedTables => tournament::Remainder::MixedTables,
            RemainderInput::Byes => tournament::Remainder::Byes,
            RemainderInput::Bots => tournament::Remainder::Bots,
        }),
        order: input.order,
        listed_order: false,
        paper_tables: input.paper_tables,
        all_paper: input.all_paper,
    };
    let (overview, warning) = change(&app, &req, path.into_inner(), move |app, host| {
        rounds::seat_round(app, host, &request)
    })
    .await?;
    created(RoundOut {
        warning,
        ..round_json(overview)
    })
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "The round: clock, tables, who sits where, miles so far", body = RoundOut),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
    ))]
#[get("/events/{event}/rounds/{round}")]
pub(super) async fn get_round(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
) -> Answer {
    let (event, number) = path.into_inner();
    let key = viewer(&req, event);
    let overview = run(&app, move |app| rounds::round_overview(app, &key, number)).await?;
    ok(round_json(overview))
}

async fn give_signal(
    app: web::Data<App>,
    req: HttpRequest,
    event: i64,
    number: i32,
    signal: Signal,
) -> Answer {
    let overview = change(&app, &req, event, move |app, host| {
        rounds::give_signal(app, host, number, signal)
    })
    .await?;
    ok(round_json(overview))
}

macro_rules! signal_handler {
    ($name:ident, $path:literal, $signal:expr, $what:literal) => {
        #[utoipa::path(tag = "rounds",
            params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
            security(("host" = [])),
            responses(
                (status = 200, description = $what, body = RoundOut),
                (status = 403, description = "Not the host", body = ErrorBody),
                (status = 404, description = "No such round", body = ErrorBody),
                (status = 409, description = "Not possible in the round's state", body = ErrorBody),
            ))]
        #[post($path)]
        pub(super) async fn $name(app: web::Data<App>, req: HttpRequest, path: web::Path<(i64, i32)>) -> Answer {
            let (event, number) = path.into_inner();
            give_signal(app, req, event, number, $signal).await
        }
    };
}

signal_handler!(
    start_round,
    "/events/{event}/rounds/{round}/start",
    Signal::Start,
    "The signal: every table starts"
);
signal_handler!(
    pause_round,
    "/events/{event}/rounds/{round}/pause",
    Signal::Pause,
    "Paused: moves wait"
);
signal_handler!(
    resume_round,
    "/events/{event}/rounds/{round}/resume",
    Signal::Resume,
    "Resumed"
);
signal_handler!(
    stop_round,
    "/events/{event}/rounds/{round}/stop",
    Signal::Stop,
    "The stop signal: every game freezes"
);

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
    request_body = ExtendInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "More time", body = RoundOut),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Not possible in the round's state", body = ErrorBody),
    ))]
#[post("/events/{event}/rounds/{round}/extend")]
pub(super) async fn extend_round(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
    input: Json<ExtendInput>,
) -> Answer {
    let (event, number) = path.into_inner();
    let seconds = input.seconds;
    give_signal(app, req, event, number, Signal::Extend { seconds }).await
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
    security(("host" = [])),
    responses(
        (status = 200, description = "What closing would do now: movers, cuts for ties, next seating", body = ClosingOut),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Scores missing", body = ErrorBody),
    ))]
#[get("/events/{event}/rounds/{round}/closing")]
pub(super) async fn preview_close(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
) -> Answer {
    let (event, number) = path.into_inner();
    let host = host(&req, event);
    let closing = run(&app, move |app| rounds::preview_close(app, &host, number)).await?;
    ok(ClosingOut { ok: true, closing })
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Closed: scores recorded, movers moved, next round seated or the evening finished", body = CloseOut),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "Still being played, scores missing, or already closed", body = ErrorBody),
    ))]
#[post("/events/{event}/rounds/{round}/close")]
pub(super) async fn close_round(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
) -> Answer {
    let (event, number) = path.into_inner();
    let summary = change(&app, &req, event, move |app, host| {
        rounds::close(app, host, number)
    })
    .await?;
    ok(CloseOut {
        ok: true,
        close: summary,
    })
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number")),
    request_body = MoverInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The host's choice among tied entries is kept for the close", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "The round is closed", body = ErrorBody),
        (status = 422, description = "Not an entry of that table", body = ErrorBody),
    ))]
#[put("/events/{event}/rounds/{round}/tables/{table}/mover")]
pub(super) async fn choose_mover(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32)>,
    input: Json<MoverInput>,
) -> Answer {
    let (event, number, table) = path.into_inner();
    let entry = input.entry;
    change(&app, &req, event, move |app, host| {
        rounds::choose_mover(app, host, number, table, entry)
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "rounds",
    params(("event" = i64, Path, description = "The event's id"), ("round" = i32, Path, description = "The round's number"), ("table" = i32, Path, description = "The table's number")),
    request_body = ModeInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The table plays with real cards, or on phones", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "The round has started", body = ErrorBody),
    ))]
#[put("/events/{event}/rounds/{round}/tables/{table}/mode")]
pub(super) async fn set_mode(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i32, i32)>,
    input: Json<ModeInput>,
) -> Answer {
    let (event, number, table) = path.into_inner();
    let paper = input.paper;
    change(&app, &req, event, move |app, host| {
        rounds::set_table_mode(app, host, number, table, paper)
    })
    .await?;
    ok(Done::YES)
}
