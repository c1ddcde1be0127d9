//! The series' console, for its host: make an evening in the series, tell who is who (link
//! two names, split one off), choose the counting and the club prizes, see every evening and
//! the whole season, download the exports and print the members' cards. Like an evening's
//! console, the host link (`/series/{id}/host?token=…`) opens it in a browser, whose session
//! keeps the token's stored hash (never the token); every form carries the CSRF token.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use askama::Template;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use std::sync::Arc;

use super::print::{Paged, kept_page};
use super::series::SeasonView;
use super::start::{EventForm, FieldErrors};
use super::{
    Layout, PageError, PageResult, TokenQuery, WithCsrf, drawn, redirect, render, run, tell_refusal,
};
use crate::app::series::{self, PersonOut, SeriesProof, SeriesSession};
use crate::app::{App, AppError, AppResult};
use crate::i18n::Lang;
use crate::tournament::{ClubPrize, Counting, PrizeChoice};
use crate::web::address::base_url;
use crate::web::kept::digest;
use crate::web::live::Hub;
use crate::web::qr::draw_qr;
use crate::web::session::Visitor;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/series", web::post().to(create))
        .route("/series/{series}/host", web::get().to(console))
        .route(
            "/series/{series}/host/evenings",
            web::post().to(make_evening),
        )
        .route("/series/{series}/host/attach", web::post().to(attach))
        .route("/series/{series}/host/detach", web::post().to(detach))
        .route("/series/{series}/host/link", web::post().to(link))
        .route("/series/{series}/host/split", web::post().to(split))
        .route("/series/{series}/host/seat", web::post().to(split_seat))
        .route("/series/{series}/host/settings", web::post().to(settings))
        .route("/series/{series}/host/cards", web::get().to(cards))
        .route("/series/{series}/host/token", web::post().to(new_token))
        .route("/series/{series}/logout", web::post().to(logout));
}

/// A browser that does not host the series: the page says how to open the console.
fn not_host() -> PageError {
    PageError(AppError::Forbidden(crate::i18n::Said::new(
        "refused-series-host-page",
    )))
}

/// The visitor's proof of hosting the series, after the form's CSRF token is checked.
fn host_of(visitor: &Visitor, id: i64, csrf: &str) -> Result<SeriesProof, PageError> {
    let proof = visitor.series_proof(id).ok_or_else(not_host)?;
    visitor.check_csrf(csrf)?;
    Ok(proof)
}

/// Back to the console at `anchor`, with the use case's message or its refusal in words.
fn back<R>(visitor: &Visitor, id: i64, anchor: &str, done: AppResult<R>, ok: &str) -> PageResult {
    match done {
        Ok(_) => visitor.flash("ok", ok.to_owned()),
        Err(error) => tell_refusal(visitor, error)?,
    }
    Ok(redirect(&format!("/series/{id}/host#{anchor}")))
}

/// The ritual of the console's forms that change the series (as `HostForm` is an evening's
/// console's): the visitor must host the series and the form carry this browser's CSRF
/// token; then the use case runs with the host's proof, and the host goes back to the
/// console at `anchor` with the message `ok` or the refusal in words.
async fn apply<R: Send + 'static>(
    app: &web::Data<App>,
    visitor: &Visitor,
    (id, csrf): (i64, &str),
    anchor: &str,
    ok: &str,
    use_case: impl FnOnce(&App, &SeriesProof) -> AppResult<R> + Send + 'static,
) -> PageResult {
    let proof = host_of(visitor, id, csrf)?;
    let done = run(app, move |app| use_case(app, &proof)).await;
    back(visitor, id, anchor, done, ok)
}

/// A form of the series console that changes the series, taken apart once for every handler
/// (as `HostForm` is for an evening's console): the visitor must host the series of the
/// address and the form carry this browser's CSRF token. `fields` are the form's other fields.
struct SeriesForm<T> {
    id: i64,
    fields: T,
    proof: SeriesProof,
    visitor: Visitor,
    app: web::Data<App>,
}

impl<T: DeserializeOwned + 'static> FromRequest for SeriesForm<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<SeriesForm<T>, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let visitor = Visitor::from_request(req, payload);
        let path = web::Path::<i64>::extract(req);
        let form = web::Form::<WithCsrf<T>>::from_request(req, payload);
        let app = req.app_data::<web::Data<App>>().cloned();
        Box::pin(async move {
            let visitor = visitor.await?;
            let id = path.await?.into_inner();
            let WithCsrf { csrf, fields } = form.await?.into_inner();
            let proof = host_of(&visitor, id, &csrf)?;
            let app = app.ok_or_else(|| {
                PageError(AppError::Internal(
                    "a series console form without the server's state".into(),
                ))
            })?;
            Ok(SeriesForm {
                id,
                fields,
                proof,
                visitor,
                app,
            })
        })
    }
}

impl<T: Send + 'static> SeriesForm<T> {
    /// Runs `use_case` with the series, the host's proof and the form's fields, then goes back
    /// to the console at `anchor` with the message `ok` says (in the reader's language) or the
    /// refusal in words.
    async fn apply<R: Send + 'static>(
        self,
        anchor: &str,
        ok: impl FnOnce(Lang, &T) -> String,
        use_case: impl FnOnce(&App, i64, &SeriesProof, T) -> AppResult<R> + Send + 'static,
    ) -> PageResult {
        let SeriesForm {
            id,
            fields,
            proof,
            visitor,
            app,
        } = self;
        let said = ok(visitor.lang(), &fields);
        let done = run(&app, move |app| use_case(app, id, &proof, fields)).await;
        back(&visitor, id, anchor, done, &said)
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CreateForm {
    csrf: String,
    name: String,
}

/// Makes a series from the start page: every evening counts and no club prize, until the
/// host chooses otherwise on its console.
async fn create(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    form: web::Form<CreateForm>,
) -> PageResult {
    let form = form.into_inner();
    visitor.check_csrf(&form.csrf)?;
    let name = form.name;
    let made = run(&app, move |app| {
        series::create_series(app, &name, Counting::Total, PrizeChoice::default())
    })
    .await;
    let (series, token) = match made {
        Ok(made) => made,
        Err(error) => {
            tell_refusal(&visitor, error)?;
            return Ok(redirect("/#series"));
        }
    };
    let id = series.id();
    visitor.add_series_host(id, SeriesSession::of(&series.row));
    visitor.flash_link(
        visitor.lang().t("series-ready"),
        format!("{}/series/{id}/host?token={token}", base_url(&req)),
    );
    Ok(redirect(&format!("/series/{id}/host")))
}

#[derive(Template)]
#[template(path = "series_host.html")]
struct ConsolePage {
    layout: Layout,
    id: i64,
    season: SeasonView,
    /// The counting's word and best N, for the settings form.
    count: &'static str,
    best: String,
    evening_prizes: Vec<(&'static str, String, bool)>,
    season_prizes: Vec<(&'static str, String, bool)>,
    people: Vec<PersonOut>,
    /// The next evening's settings (the last evening's, or what the host typed) and the
    /// problems found with what was typed.
    form: EventForm,
    errors: FieldErrors,
}

async fn console(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<TokenQuery>,
) -> PageResult {
    let id = path.into_inner();
    if let Some(token) = query.into_inner().token {
        let session = run(&app, move |app| series::open_console(app, id, &token)).await?;
        visitor.add_series_host(id, session);
        return Ok(redirect(&format!("/series/{id}/host")));
    }
    let proof = visitor.series_proof(id).ok_or_else(not_host)?;
    draw_console(&app, &visitor, id, proof, None).await
}

/// The console's page; `typed` is a new evening's form sent with problems, shown again with
/// each problem under its field (otherwise the form starts from the last evening's settings,
/// or a new evening's in the reader's language).
async fn draw_console(
    app: &web::Data<App>,
    visitor: &Visitor,
    id: i64,
    proof: SeriesProof,
    typed: Option<(EventForm, FieldErrors)>,
) -> PageResult {
    let lang = visitor.lang();
    let layout = Layout::new("", visitor);
    // Read and drawn off the async threads: a season of thousands of people.
    drawn(app, move |app| {
        let data = series::console(app, id, &proof)?;
        let season = data.season;
        let chosen = |list: &[ClubPrize], seasonal: bool| {
            ClubPrize::ALL
                .iter()
                .filter(|p| seasonal || **p != ClubPrize::PerfectAttendance)
                .map(|p| (p.word(), lang.say(&p.name()), list.contains(p)))
                .collect()
        };
        let (form, errors) = typed.unwrap_or_else(|| {
            let form = match &data.last_settings {
                Some(last) => EventForm::like(last),
                None => EventForm {
                    language: lang.code().to_owned(),
                    ..EventForm::default()
                },
            };
            (form, FieldErrors::default())
        });
        let mut layout = layout;
        if !errors.0.is_empty() {
            // Problems with fields are shown beside them; the flash says how many.
            layout.flash = Some(crate::web::session::Flash {
                kind: "error".into(),
                text: lang
                    .msg("start-settings-to-change")
                    .arg("count", errors.0.len())
                    .text(),
                link: None,
                qr: false,
            });
        }
        layout.title = lang
            .msg("series-console-title")
            .arg("series", season.series.row.name.as_str())
            .text();
        Ok(ConsolePage {
            layout,
            id,
            season: SeasonView::of(&season, lang),
            count: season.series.counting.word(),
            best: season
                .series
                .counting
                .best()
                .map(|n| n.to_string())
                .unwrap_or_default(),
            evening_prizes: chosen(&season.series.prizes.evening, false),
            season_prizes: chosen(&season.series.prizes.season, true),
            people: data.people,
            form,
            errors,
        })
    })
    .await
}

/// Makes an evening in the series with the settings of the form the start page has (the
/// last evening's, as the console offers them) and opens its console in this browser (the
/// evening has its own host link, shown once, for a helper who runs it without holding the
/// season). A form with problems is shown again, each problem under its field.
async fn make_evening(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<EventForm>,
) -> PageResult {
    let id = path.into_inner();
    let mut form = form.into_inner();
    let proof = host_of(&visitor, id, &form.csrf)?;
    if form.language.trim().is_empty() {
        visitor.lang().code().clone_into(&mut form.language);
    }
    let settings = match form.checked_settings(visitor.lang()) {
        Ok(settings) => settings,
        Err(errors) => {
            let mut page = draw_console(&app, &visitor, id, proof, Some((form, errors))).await?;
            *page.status_mut() = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
            return Ok(page);
        }
    };
    let made = run(&app, move |app| {
        series::create_event_in_series(app, settings, id, &proof)
    })
    .await;
    match made {
        Ok((event, token)) => {
            let evening = event.id();
            visitor.add_host(evening, event.row.host_epoch);
            // Said in the evening's language, which its console reads in.
            let lang = super::event_page_lang(visitor.lang(), event.settings.language);
            visitor.flash_link(
                lang.t("series-evening-made"),
                format!("{}/events/{evening}/host?token={token}", base_url(&req)),
            );
            Ok(redirect(&format!("/events/{evening}/host")))
        }
        Err(error) => back(&visitor, id, "new-evening", Err::<(), _>(error), ""),
    }
}

/// The event or series and the token of a host link as pasted (`…/events/12/host?token=…`,
/// `…/series/3/host?token=…`, with or without the address before it); the token is `None`
/// in a link without one (`/events/12/host`).
pub(crate) fn host_link(text: &str, room: &str) -> Option<(i64, Option<String>)> {
    let text = text.trim();
    let marker = format!("/{room}/");
    let rest = &text[text.find(&marker)? + marker.len()..];
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let id = rest[..digits].parse().ok()?;
    let rest = &rest[digits..];
    if !(rest.is_empty() || rest.starts_with("/host")) {
        return None;
    }
    let token = rest
        .split_once("token=")
        .map(|(_, token)| {
            token
                .split(['&', '#'])
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .filter(|token| !token.is_empty());
    Some((id, token))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct AttachForm {
    /// The evening's host link, or its console's address in a browser that hosts it.
    link: String,
}

/// Takes an existing evening into the series: the evening's host link proves it may be (or,
/// without its token, this browser's console of the evening).
async fn attach(form: SeriesForm<AttachForm>) -> PageResult {
    let evening = host_link(&form.fields.link, "events").and_then(|(event, token)| match token {
        Some(token) => Some(crate::app::HostKey::token(event, token)),
        None => form.visitor.host_key(event),
    });
    form.apply(
        "evenings",
        |lang, _| lang.t("series-evening-attached"),
        move |app, id, proof, _| {
            let evening = evening.ok_or_else(|| {
                AppError::invalid(crate::i18n::Said::new("refused-series-evening-link"))
            })?;
            series::attach_evening(app, id, proof, &evening)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct DetachForm {
    event: String,
}

/// Takes an evening not yet closed out of the series; the evening itself stays as it is.
async fn detach(form: SeriesForm<DetachForm>) -> PageResult {
    form.apply(
        "evenings",
        |lang, _| lang.t("series-evening-detached"),
        |app, id, proof, fields| {
            let event = super::field::number::<i64>(&fields.event, "refused-field-evening")?;
            series::detach_evening(app, id, proof, event, None)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct LinkForm {
    name: String,
    with: String,
}

/// Two names are one person: `name` counts as `with`.
async fn link(form: SeriesForm<LinkForm>) -> PageResult {
    form.apply(
        "people",
        |lang, fields| {
            let said = lang.msg("series-linked").arg("name", fields.name.trim());
            said.arg("with", fields.with.trim()).text()
        },
        |app, id, proof, fields| series::link(app, id, proof, &fields.name, &fields.with),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SplitForm {
    name: String,
}

/// A linked name is its own person again.
async fn split(form: SeriesForm<SplitForm>) -> PageResult {
    form.apply(
        "people",
        |lang, fields| {
            lang.msg("series-split")
                .arg("name", fields.name.trim())
                .text()
        },
        |app, id, proof, fields| series::unlink(app, id, proof, &fields.name),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SeatForm {
    player: String,
    name: String,
}

/// One name that is two people: a seat of one evening is the person named in the form (made
/// if new).
async fn split_seat(form: SeriesForm<SeatForm>) -> PageResult {
    form.apply(
        "people",
        |lang, fields| {
            let said = lang.msg("series-seat-given");
            said.arg("name", fields.name.trim()).text()
        },
        |app, id, proof, fields| {
            let player = super::field::number::<i64>(&fields.player, "refused-field-seat")?;
            series::give_seat(app, id, proof, player, &fields.name)
        },
    )
    .await
}

/// The counting and the prizes, read from the settings form: `count`, `count_best`, and one
/// `evening` or `season` field per prize ticked.
fn read_settings(fields: &[(String, String)]) -> AppResult<series::SeriesChange> {
    let value = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
            .unwrap_or_default()
    };
    let words = |name: &str| -> Vec<String> {
        fields
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .collect()
    };
    let best = match value("count") {
        "best" => Some(super::field::number::<i64>(
            value("count_best"),
            "refused-field-best-evenings",
        )?),
        _ => None,
    };
    let counting =
        Counting::parse(Some(value("count")), best).map_err(|e| AppError::invalid(e.said()))?;
    let prizes = PrizeChoice::parse(&words("evening"), &words("season"))
        .map_err(|e| AppError::invalid(e.said()))?;
    Ok(series::SeriesChange {
        name: None,
        counting: Some(counting),
        prizes: Some(prizes),
    })
}

/// Changes the counting and the prizes; a best N above the evenings held is refused and
/// nothing changes.
async fn settings(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<Vec<(String, String)>>,
) -> PageResult {
    let id = path.into_inner();
    let fields = form.into_inner();
    let csrf = fields
        .iter()
        .find(|(n, _)| n == "csrf")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let said = visitor.lang().t("series-settings-saved");
    apply(
        &app,
        &visitor,
        (id, &csrf),
        "settings",
        &said,
        move |app, proof| series::update_series(app, id, proof, read_settings(&fields)?),
    )
    .await
}

/// One page of the members' cards, without the page's frame: what GETs of the page share.
#[derive(Template)]
#[template(path = "print/members_page.html")]
struct CardsPart {
    lang: Lang,
    name: String,
    /// Each member's name, their page's address and its QR code.
    cards: Vec<(String, String, String)>,
}

#[derive(Template)]
#[template(path = "print/members.html")]
struct CardsPrint {
    layout: Layout,
    id: i64,
    name: String,
    paged: Paged,
    /// "A4" or "letter".
    page_size: &'static str,
    /// The page's cards, drawn.
    cards: Arc<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CardsQuery {
    /// The page of cards (default: the first).
    page: Option<u32>,
    /// a4 or letter, as the evenings' printouts take it.
    paper: String,
}

/// The members' cards, one per person of the season, to print and hand out: each QR code
/// opens that member's own page. They come in pages of at most `print::PER_PAGE` cards, each
/// drawn off the async threads and kept while its cards are the same.
async fn cards(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<CardsQuery>,
) -> PageResult {
    let id = path.into_inner();
    let proof = visitor.series_proof(id).ok_or_else(not_host)?;
    let (name, mut cards) = run(&app, move |app| series::member_cards(app, id, &proof)).await?;
    let page_size = super::print::page_size(&query.paper);
    let paper = if page_size == "letter" {
        "paper=letter&"
    } else {
        ""
    };
    let paged = Paged::of(
        cards.len(),
        query.page,
        format!("/series/{id}/host/cards?{paper}"),
        "print-page-members",
    )?;
    let cards: Vec<(String, String)> = cards
        .drain(paged.range.clone())
        .map(|card| (card.name, card.key))
        .collect();
    let layout = Layout::new("", &visitor).titled("members-title");
    let base = base_url(&req);
    let lang = layout.lang;
    let shows = digest(&(lang.code(), &base, &name, &cards));
    let part_name = name.clone();
    let drawing = kept_page(&app, &hub, ("members", id, paged.page), shows, move || {
        let cards = cards
            .into_iter()
            .map(|(member, key)| {
                let url = format!("{base}/series/{id}/member/{key}");
                (member, draw_qr(&url), url)
            })
            .collect();
        render(&CardsPart {
            lang,
            name: part_name,
            cards,
        })
    })
    .await?;
    drawn(&app, move |_| {
        Ok(CardsPrint {
            layout,
            id,
            name,
            paged,
            page_size,
            cards: drawing,
        })
    })
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NewTokenForm {
    csrf: String,
    /// The box the host ticks to say the printed member cards will stop opening.
    sure: String,
}

/// A new series token, for a host link that got out: the old link, every other browser's
/// console and every printed member card stop opening. This browser stays on the console and
/// is shown the new host link once, with the word that the cards must be printed again.
async fn new_token(
    app: web::Data<App>,
    req: HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<NewTokenForm>,
) -> PageResult {
    let id = path.into_inner();
    let form = form.into_inner();
    let proof = host_of(&visitor, id, &form.csrf)?;
    if form.sure != "yes" {
        visitor.flash("error", visitor.lang().t("series-token-not-sure"));
        return Ok(redirect(&format!("/series/{id}/host#access")));
    }
    let (token, session) = run(&app, move |app| series::rotate_host_token(app, id, &proof)).await?;
    visitor.add_series_host(id, session);
    visitor.flash_link(
        visitor.lang().t("series-token-renewed"),
        format!("{}/series/{id}/host?token={token}", base_url(&req)),
    );
    Ok(redirect(&format!("/series/{id}/host#access")))
}

/// Leaves the series' console, on this device and on the server: a copy of this browser's
/// cookie, saved before, no longer opens it (nor does any other browser's console, as an
/// evening's logout does). The host link still opens it again.
async fn logout(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<super::CsrfOnly>,
) -> PageResult {
    let id = path.into_inner();
    visitor.check_csrf(&form.csrf)?;
    if let Some(proof) = visitor.series_proof(id) {
        match run(&app, move |app| series::sign_out(app, id, &proof)).await {
            // A session already ended (by a new token, or a logout elsewhere) has nothing left
            // to end.
            Ok(()) | Err(AppError::Forbidden(_)) => {}
            Err(other) => return Err(other.into()),
        }
    }
    visitor.remove_series_host(id);
    visitor.flash("ok", visitor.lang().t("series-left"));
    Ok(redirect("/"))
}
