//! The `entries` tag: players and partnerships, their seat links and seats.

use actix_web::{HttpRequest, delete, get, patch, post, web};

use super::dto::*;
use super::{Answer, Json, Reader, change, created, ok, run};
use crate::app::events::{self, EntryRecord, PlayerLink};
use crate::app::{App, rounds};
use crate::web::error::ErrorBody;

fn entry_out(e: &EntryRecord) -> EntryOut {
    EntryOut {
        id: e.id(),
        names: e.players.iter().map(|p| p.name.clone()).collect(),
        players: e.players.iter().map(|p| p.id).collect(),
        bot: e.row.is_bot,
        bot_level: e.row.bot_level.clone(),
        withdrawn: e.row.withdrawn_round.is_some(),
        joined_round: e.row.joined_round,
        missed_rounds: e.row.missed_rounds.clone(),
        checked_in: e.row.checked_in,
    }
}

fn link_out(link: &PlayerLink) -> LinkOut {
    LinkOut {
        player: link.player,
        name: link.name.clone(),
        token: link.token.clone(),
        link: format!("/seat/{}", link.token),
    }
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("key" = Option<String>, Query, description = "The viewer key, when the host keeps the event private")),
    responses(
        (status = 200, description = "Every entry, in the host's order", body = EntriesOut),
        (status = 403, description = "The event is private and the viewer key is missing or wrong", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ))]
#[get("/events/{event}/entries")]
pub(super) async fn list_entries(app: web::Data<App>, Reader(key): Reader) -> Answer {
    let list = run(&app, move |app| events::list_entries(app, &key)).await?;
    let list: Vec<EntryOut> = list.iter().map(entry_out).collect();
    ok(EntriesOut {
        ok: true,
        entries: list,
    })
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id")),
    request_body = EntryInput,
    security(("host" = [])),
    responses(
        (status = 201, description = "The entry and its players' seat links (shown only now)", body = EntryAdded),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 409, description = "The event is over, or holds as many entries as the server takes", body = ErrorBody),
        (status = 422, description = "Names that don't fit, or a `missed_rounds` that is neither \"zero\" nor \"round_average\"", body = ErrorBody),
    ))]
#[post("/events/{event}/entries")]
pub(super) async fn add_entry(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<EntryInput>,
) -> Answer {
    let input = input.into_inner();
    let cap = crate::web::limits::max_entries(&req);
    let (entry, links) = change(&app, &req, path.into_inner(), move |app, host| {
        let missed = input.missed_rounds.map(Into::into).unwrap_or_default();
        events::add_entry(
            app,
            host,
            cap,
            |_| input.members(),
            input.bot.as_deref(),
            missed,
        )
    })
    .await?;
    created(EntryAdded {
        ok: true,
        entry: entry_out(&entry),
        links: links.iter().map(link_out).collect(),
    })
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("entry" = i64, Path, description = "The entry's id")),
    request_body = RenameInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "Renamed", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such entry", body = ErrorBody),
        (status = 422, description = "Names that don't fit", body = ErrorBody),
    ))]
#[patch("/events/{event}/entries/{entry}")]
pub(super) async fn rename_entry(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    input: Json<RenameInput>,
) -> Answer {
    let (event, entry) = path.into_inner();
    let names = input.into_inner().names;
    change(&app, &req, event, move |app, host| {
        events::rename_entry(app, host, entry, |_| {
            EntryInput {
                names: names.clone(),
                bot: None,
                missed_rounds: None,
            }
            .members()
        })
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("entry" = i64, Path, description = "The entry's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Withdrawn: keeps its scores, not seated again", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such entry", body = ErrorBody),
        (status = 409, description = "Already withdrawn", body = ErrorBody),
    ))]
#[delete("/events/{event}/entries/{entry}")]
pub(super) async fn withdraw_entry(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Answer {
    let (event, entry) = path.into_inner();
    change(&app, &req, event, move |app, host| {
        rounds::withdraw_entry(app, host, entry)
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("player" = i64, Path, description = "The player's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "A new seat link (the old one stops working)", body = LinkRenewed),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such player", body = ErrorBody),
    ))]
#[post("/events/{event}/players/{player}/link")]
pub(super) async fn renew_link(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Answer {
    let (event, player) = path.into_inner();
    let link = change(&app, &req, event, move |app, host| {
        events::renew_link(app, host, player)
    })
    .await?;
    let link = link_out(&link);
    ok(LinkRenewed {
        ok: true,
        player: link.player,
        name: link.name,
        token: link.token,
        link: link.link,
    })
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("player" = i64, Path, description = "The player's id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "The seat is free: every session on it ended, and it can be picked again from its table's QR code (its link still works)", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such player", body = ErrorBody),
    ))]
#[post("/events/{event}/players/{player}/release")]
pub(super) async fn release_seat(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Answer {
    let (event, player) = path.into_inner();
    change(&app, &req, event, move |app, host| {
        events::release_seat(app, host, player)
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("player" = i64, Path, description = "The player's id")),
    request_body = StandInInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The seat is handed to a bot (its turns are played by the table's steady bot, labelled so) or back to its player", body = Done),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such player", body = ErrorBody),
        (status = 409, description = "The event is over", body = ErrorBody),
    ))]
#[post("/events/{event}/players/{player}/stand-in")]
pub(super) async fn hand_seat(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    input: Json<StandInInput>,
) -> Answer {
    let (event, player) = path.into_inner();
    let to_bot = input.into_inner().bot;
    change(&app, &req, event, move |app, host| {
        crate::app::turn_clock::hand_seat(app, host, player, to_bot)
    })
    .await?;
    ok(Done::YES)
}

#[utoipa::path(tag = "entries",
    params(("event" = i64, Path, description = "The event's id"), ("player" = i64, Path, description = "The player who left, in the middle of a round")),
    request_body = HandOverInput,
    security(("host" = [])),
    responses(
        (status = 201, description = "The seat is the late guest's: a new entry that takes over the seat's hand and score this round (the guest who left is withdrawn, and their link no longer plays), with the late guest's seat link (shown only now)", body = HandedOver),
        (status = 403, description = "Not the host", body = ErrorBody),
        (status = 404, description = "No such player", body = ErrorBody),
        (status = 409, description = "No round is being played, the player sits out this round or has withdrawn, the event is played in partnerships, or it holds as many entries as the server takes", body = ErrorBody),
        (status = 422, description = "A name that doesn't fit, or taken by another guest", body = ErrorBody),
    ))]
#[post("/events/{event}/players/{player}/hand-over")]
pub(super) async fn hand_over(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    input: Json<HandOverInput>,
) -> Answer {
    let (event, player) = path.into_inner();
    let input = input.into_inner();
    let cap = crate::web::limits::max_entries(&req);
    let handed = change(&app, &req, event, move |app, host| {
        let missed = input.missed_rounds.map(Into::into).unwrap_or_default();
        crate::app::handover::hand_to_late_arrival(app, host, cap, player, &input.name, missed)
    })
    .await?;
    created(HandedOver {
        ok: true,
        entry: handed.entry,
        round: handed.round,
        table: handed.table,
        link: link_out(&handed.link),
    })
}
