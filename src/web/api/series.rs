//! The `series` tag: a season or league of evenings, its standings and its people.

use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};

use super::dto::*;
use super::{Answer, Json, bearer, created, ok, ok_written, run};
use crate::app::series::{self, SeriesProof, SeriesRecord};
use crate::app::{App, AppError, HostKey};
use crate::tournament::{Counting, PrizeChoice};
use crate::web::error::ErrorBody;

fn series_json(series: &SeriesRecord) -> SeriesOut {
    SeriesOut {
        id: series.id(),
        name: series.row.name.clone(),
        count: series.counting.word().to_owned(),
        count_best: series.counting.best(),
        prizes: PrizesInput {
            evening: words(&series.prizes.evening),
            season: words(&series.prizes.season),
        },
    }
}

fn words(prizes: &[crate::tournament::ClubPrize]) -> Vec<String> {
    prizes.iter().map(|p| p.word().to_owned()).collect()
}

fn prizes(input: Option<PrizesInput>) -> Result<Option<PrizeChoice>, AppError> {
    input
        .map(|p| PrizeChoice::parse(&p.evening, &p.season))
        .transpose()
        .map_err(|e| AppError::invalid(e.said()))
}

fn counting(count: Option<&str>, count_best: Option<i64>) -> Result<Counting, AppError> {
    Counting::parse(count, count_best).map_err(|e| AppError::invalid(e.said()))
}

fn token(req: &HttpRequest) -> SeriesProof {
    SeriesProof::Token(bearer(req).unwrap_or_default())
}

#[utoipa::path(tag = "series",
    request_body = SeriesInput,
    responses(
        (status = 201, description = "The series and its host token (shown only now)", body = SeriesCreated),
        (status = 422, description = "A name or a counting that does not fit", body = ErrorBody),
    ))]
#[post("/series")]
pub(super) async fn create_series(app: web::Data<App>, input: Json<SeriesInput>) -> Answer {
    let input = input.into_inner();
    let counting = counting(input.count.as_deref(), input.count_best)?;
    let prizes = prizes(input.prizes)?.unwrap_or_default();
    let (series, token) = run(&app, move |app| {
        series::create_series(app, &input.name, counting, prizes)
    })
    .await?;
    created(SeriesCreated {
        ok: true,
        series: series_json(&series),
        host_link: format!("/series/{}/host?token={token}", series.id()),
        host_token: token,
    })
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    request_body = SeriesChange,
    security(("host" = [])),
    responses(
        (status = 200, description = "The series after the change", body = SeriesUpdated),
        (status = 403, description = "Not the series' host token", body = ErrorBody),
        (status = 422, description = "A name or a counting that does not fit (a best N above the evenings held)", body = ErrorBody),
    ))]
#[patch("/series/{series}")]
pub(super) async fn update_series(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<SeriesChange>,
) -> Answer {
    let input = input.into_inner();
    let counting = if input.count.is_some() || input.count_best.is_some() {
        Some(counting(input.count.as_deref(), input.count_best)?)
    } else {
        None
    };
    let change = series::SeriesChange {
        prizes: prizes(input.prizes)?,
        name: input.name,
        counting,
    };
    let token = token(&req);
    let id = path.into_inner();
    let series = run(&app, move |app| {
        series::update_series(app, id, &token, change)
    })
    .await?;
    ok(SeriesUpdated {
        ok: true,
        series: series_json(&series),
    })
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "A new series token (shown only now): the old one stops working, every console session ends, and every member card made before is refused (print the cards again)", body = HostToken),
        (status = 403, description = "Not the series' host token", body = ErrorBody),
    ))]
#[post("/series/{series}/host-token")]
pub(super) async fn rotate_host_token(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Answer {
    let (id, token) = (path.into_inner(), token(&req));
    let (token, _) = run(&app, move |app| series::rotate_host_token(app, id, &token)).await?;
    ok(HostToken {
        ok: true,
        host_link: format!("/series/{id}/host?token={token}"),
        host_token: token,
    })
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    responses(
        (status = 200, description = "The season's standings and its evenings", body = SeriesStandingsOut),
        (status = 404, description = "No such series", body = ErrorBody),
    ))]
#[get("/series/{series}/standings")]
pub(super) async fn standings(app: web::Data<App>, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    ok_written(&app, move |app| {
        let standings = series::standings(app, id)?;
        Ok(SeriesStandingsOut {
            ok: true,
            series: series_json(&standings.series),
            evenings: standings.evenings.into_iter().map(evening_json).collect(),
            standings: standings.standings,
            awards: standings.awards,
        })
    })
    .await
}

fn evening_json(e: series::EveningSummary) -> SeriesEveningOut {
    SeriesEveningOut {
        event: e.event,
        name: e.name,
        status: e.status,
        closed: e.closed,
        date: e.date,
        private: e.private,
        awards: e.awards,
    }
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    responses(
        (status = 200, description = "The season as JSON: every evening's results and prizes, the standings and the season's prizes", body = SeriesExportOut),
        (status = 404, description = "No such series", body = ErrorBody),
    ))]
#[get("/series/{series}/export.json")]
pub(super) async fn export_json(app: web::Data<App>, path: web::Path<i64>) -> Answer {
    let id = path.into_inner();
    ok_written(&app, move |app| {
        let season = series::standings(app, id)?;
        let evenings = season
            .evenings
            .into_iter()
            .zip(season.results)
            .map(|(summary, evening)| SeriesEveningExport {
                evening: evening_json(summary),
                results: evening
                    .appearances
                    .into_iter()
                    .map(|a| SeriesResultOut {
                        name: a.name,
                        place: a.place,
                        total: a.total,
                        rounds: a.rounds,
                        rounds_won: a.rounds_won,
                        tables: a.tables,
                        withdrawn: a.withdrawn,
                    })
                    .collect(),
            })
            .collect();
        Ok(SeriesExportOut {
            ok: true,
            series: series_json(&season.series),
            evenings,
            standings: season.standings,
            awards: season.awards,
        })
    })
    .await
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    security(("host" = [])),
    responses(
        (status = 200, description = "Everyone who came, with the names linked to them", body = SeriesPeopleOut),
        (status = 403, description = "Not the series' host token", body = ErrorBody),
    ))]
#[get("/series/{series}/people")]
pub(super) async fn people(app: web::Data<App>, req: HttpRequest, path: web::Path<i64>) -> Answer {
    let (id, token) = (path.into_inner(), token(&req));
    let people = run(&app, move |app| series::people(app, id, &token)).await?;
    ok(SeriesPeopleOut {
        ok: true,
        people: people
            .into_iter()
            .map(|p| SeriesPersonOut {
                name: p.name,
                evenings: p.evenings,
                also: p.also,
            })
            .collect(),
    })
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    request_body = LinkInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The two names are one person now", body = Done),
        (status = 403, description = "Not the series' host token", body = ErrorBody),
        (status = 422, description = "A person linked to themselves, or two names already one person", body = ErrorBody),
    ))]
#[post("/series/{series}/people/link")]
pub(super) async fn link(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<LinkInput>,
) -> Answer {
    let (id, token, input) = (path.into_inner(), token(&req), input.into_inner());
    run(&app, move |app| {
        series::link(app, id, &token, &input.name, &input.with)
    })
    .await?;
    ok(Done { ok: true })
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    request_body = SplitInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "Split: the name (or the seat) is its own person", body = Done),
        (status = 403, description = "Not the series' host token", body = ErrorBody),
        (status = 404, description = "The seat is not in one of the series' evenings", body = ErrorBody),
        (status = 422, description = "A name that is not linked, or nobody's", body = ErrorBody),
    ))]
#[post("/series/{series}/people/split")]
pub(super) async fn split(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
    input: Json<SplitInput>,
) -> Answer {
    let (id, token, input) = (path.into_inner(), token(&req), input.into_inner());
    run(&app, move |app| match input.player {
        Some(player) => series::give_seat(app, id, &token, player, &input.name),
        None => series::unlink(app, id, &token, &input.name),
    })
    .await?;
    ok(Done { ok: true })
}

#[utoipa::path(tag = "series",
    params(("series" = i64, Path, description = "The series' id")),
    responses(
        (status = 200, description = "The season's standings as CSV: place, name, evenings, each evening's score (in brackets when not counted), total, counted", content_type = "text/csv", body = String),
        (status = 404, description = "No such series", body = ErrorBody),
    ))]
#[get("/series/{series}/export.csv")]
pub(super) async fn export_csv(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<i64>,
) -> Answer {
    let id = path.into_inner();
    // A series has no language of its own: the file is in the reader's.
    let lang = crate::web::error::lang_of_client(&req);
    let csv = run(&app, move |app| {
        series::standings(app, id).and_then(|season| series::standings_csv(&season, lang))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"touring-series-{id}.csv\""),
        ))
        .body(csv))
}

#[utoipa::path(tag = "series",
    params(
        ("series" = i64, Path, description = "The series' id"),
        ("event" = i64, Path, description = "The evening's id"),
    ),
    request_body = AttachInput,
    security(("host" = [])),
    responses(
        (status = 200, description = "The evening is in the series (it was, or it is now)", body = Done),
        (status = 403, description = "Not the series' host token, or not the evening's host token", body = ErrorBody),
        (status = 409, description = "The evening is closed, or in another series", body = ErrorBody),
    ))]
#[put("/series/{series}/evenings/{event}")]
pub(super) async fn attach_evening(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    input: Json<AttachInput>,
) -> Answer {
    let ((id, event), token, input) = (path.into_inner(), token(&req), input.into_inner());
    let host = HostKey::token(event, input.host_token);
    run(&app, move |app| {
        series::attach_evening(app, id, &token, &host)
    })
    .await?;
    ok(Done { ok: true })
}

#[utoipa::path(tag = "series",
    params(
        ("series" = i64, Path, description = "The series' id"),
        ("event" = i64, Path, description = "The evening's id"),
    ),
    security(("host" = [])),
    responses(
        (status = 200, description = "The evening is out of the series", body = Done),
        (status = 403, description = "Not the series' host token", body = ErrorBody),
        (status = 404, description = "No such evening in the series", body = ErrorBody),
        (status = 409, description = "The evening is closed", body = ErrorBody),
    ))]
#[delete("/series/{series}/evenings/{event}")]
pub(super) async fn detach_evening(
    app: web::Data<App>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> Answer {
    let ((id, event), token) = (path.into_inner(), token(&req));
    run(&app, move |app| {
        series::detach_evening(app, id, &token, event, None)
    })
    .await?;
    ok(Done { ok: true })
}
