//! The pages people use: start, host console, projector, seat, standings, print. Every page is
//! rendered on the server and works without JavaScript (forms post and redirect); the project's
//! own small script adds live updates, the running clock and the projector's sounds.

mod assets;
mod chart;
mod compact;
mod field;
mod host;
mod language;
mod paper_card;
mod pick;
mod print;
pub mod refusal;
mod replay;
pub(crate) mod screen;
pub(crate) mod seat;
mod series;
pub(crate) mod series_host;
mod start;
pub mod view;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, LOCATION};
use actix_web::{HttpResponse, ResponseError, web};
use askama::Template;
use serde::Deserialize;

pub use super::run;
use super::session::{Flash, Visitor};
use crate::app::{App, AppError, AppResult};
use crate::i18n::Lang;

/// Registers the pages' routes.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // The seat's page first: a router tries the routes in the order they are listed, and a
    // seat's moves and stream are most of what a party asks. No other page's path matches one
    // of these patterns (a seat's season, `/seat/{token}/season`, is a segment longer), so the
    // order changes no answer.
    seat::routes(cfg);
    cfg.app_data(form_config())
        .route("/favicon.ico", web::get().to(favicon));
    for (path, css) in PAPERS {
        cfg.route(
            path,
            web::get().to(move || async move { static_file("text/css; charset=utf-8", css) }),
        );
    }
    // After the fixed names above: `/static/{file}` answers the hashed ones.
    assets::routes(cfg);
    start::routes(cfg);
    language::routes(cfg);
    host::routes(cfg);
    pick::routes(cfg);
    screen::routes(cfg);
    print::routes(cfg);
    replay::routes(cfg);
    series::routes(cfg);
    series_host::routes(cfg);
}

/// A console's query: `?token=` once, when its host link is opened.
#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// A console form's CSRF token, and the rest of its fields (for the consoles' extractors).
#[derive(Deserialize)]
struct WithCsrf<T> {
    #[serde(default)]
    csrf: String,
    #[serde(flatten)]
    fields: T,
}

/// What every page's frame needs.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub title: String,
    pub csrf: String,
    pub flash: Option<Flash>,
    /// The event the page belongs to, for the navigation.
    pub event: Option<(i64, String)>,
    /// The visitor hosts that event (the navigation shows the console).
    pub host: bool,
    /// The URL of the page's live-update stream.
    pub live: Option<String>,
    pub body_class: &'static str,
    /// Reload the page every this many seconds when scripts are off.
    pub refresh: Option<u32>,
    /// `?key=...` on the links of a private event's view opened with the viewer key, so that
    /// the key travels with every link the page makes; empty otherwise.
    pub view_query: String,
    /// The reader's language: the page's words and `<html lang>`.
    pub lang: Lang,
    /// Where the language chooser comes back to: this page's path and query ("/" for none).
    pub here: String,
    /// The page reads in the event's language (the console, the projector, the printed
    /// pages): the reader's chooser does not change it, so it is not offered.
    pub event_language: bool,
}

impl Layout {
    pub fn new(title: impl Into<String>, visitor: &Visitor) -> Layout {
        Layout {
            title: title.into(),
            csrf: visitor.csrf(),
            flash: visitor.take_flash(),
            lang: visitor.lang(),
            here: visitor.here().to_owned(),
            ..Layout::default()
        }
    }

    pub fn for_event(mut self, id: i64, name: &str, visitor: &Visitor) -> Layout {
        self.event = Some((id, name.to_owned()));
        self.host = visitor.is_host(id);
        self
    }

    /// The event's name, once it is read (for a page made [`Layout::for_event`] before).
    #[must_use]
    pub fn named(mut self, name: &str) -> Layout {
        if let Some((_, known)) = &mut self.event {
            name.clone_into(known);
        }
        self
    }

    /// The page read in the event's language rather than the reader's: the console, the
    /// projector and the printed pages. The pseudo-language of the tests stays.
    #[must_use]
    pub fn in_language(mut self, event_language: Lang) -> Layout {
        self.lang = event_page_lang(self.lang, event_language);
        self.event_language = true;
        self
    }

    /// The page's title, the message `id` in the page's language.
    #[must_use]
    pub fn titled(mut self, id: &str) -> Layout {
        self.title = self.lang.t(id);
        self
    }

    /// The QR code (inline SVG) of the message's link, when the message asks for one.
    pub fn flash_qr(&self) -> Option<String> {
        let flash = self.flash.as_ref().filter(|f| f.qr)?;
        flash.link.as_deref().map(crate::web::qr::qr_svg)
    }

    /// Where the language chooser comes back to.
    pub fn back(&self) -> &str {
        language::local_path(&self.here)
    }

    /// The languages of the chooser: each one's tag, its name in its own words, and whether
    /// the page is in it.
    pub fn languages(&self) -> Vec<(&'static str, String, bool)> {
        Lang::offered()
            .map(|lang| {
                let name = lang.own_name();
                let name = if self.lang == Lang::PSEUDO {
                    format!("{}{name}{}", crate::i18n::OPEN, crate::i18n::CLOSE)
                } else {
                    name
                };
                (lang.code(), name, lang == self.lang)
            })
            .collect()
    }

    /// The page script's own words (what it announces and writes), in the page's language:
    /// `data-say-KEY` attributes of the body, which `static/touring.js` reads.
    pub fn script_words(&self) -> Vec<(&'static str, String)> {
        SCRIPT_WORDS
            .iter()
            .map(|(key, id)| (*key, self.lang.t(id)))
            .collect()
    }

    /// The style sheet's address, its name carrying a hash of its content (see `assets`).
    pub fn style_url(&self) -> String {
        assets::style_url()
    }

    /// The script's address, its name carrying a hash of its content.
    pub fn script_url(&self) -> String {
        assets::script_url()
    }
}

/// The language of a page read in the event's language (the console, the projector, the
/// printed pages) for a reader in `reader`'s: the event's, but the pseudo-language of the
/// tests stays.
pub fn event_page_lang(reader: Lang, event_language: Lang) -> Lang {
    if reader == Lang::PSEUDO {
        reader
    } else {
        event_language
    }
}

/// The page script's words: its key (`data-say-KEY`) and message.
pub const SCRIPT_WORDS: &[(&str, &str)] = &[
    ("minute", "script-minute-left"),
    ("stop", "script-time-up"),
    ("sound-on", "script-sound-on"),
    ("your-turn", "script-your-turn"),
    ("play-anyway", "script-play-anyway"),
    ("unsent", "script-unsent"),
    ("unsent-note", "script-unsent-note"),
    ("moved-on", "script-moved-on"),
];

/// Renders a page.
pub fn page(template: &impl Template) -> Result<HttpResponse, PageError> {
    Ok(html_page(render(template)?))
}

/// Renders a template to its HTML.
pub fn render(template: &impl Template) -> AppResult<String> {
    template
        .render()
        .map_err(|e| AppError::Internal(format!("a page could not be drawn: {e}")))
}

/// A page's answer, from its HTML.
pub fn html_page(html: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((CACHE_CONTROL, "no-store"))
        .body(html)
}

/// Draws a page off the async threads, as [`run`] runs a use case: `draw` reads what the page
/// needs and builds it, and it is rendered there too. A big page (a season of thousands of
/// people, a round of a thousand tables, QR codes) takes milliseconds to seconds to draw, and
/// the two async threads carry every move of the party (issue 49).
pub async fn drawn<T: Template>(
    app: &web::Data<App>,
    draw: impl FnOnce(&App) -> AppResult<T> + Send + 'static,
) -> PageResult {
    let html = run(app, move |app| render(&draw(app)?)).await?;
    Ok(html_page(html))
}

/// Renders a fragment of a page (for live updates) to a string, on one line
/// ([`compact::OneLine`]).
pub fn fragment(template: &impl Template) -> AppResult<String> {
    // Live regions are drawn over and over (a seat's board six times a move at its table):
    // the buffer starts as large as a seat's board, instead of growing three or four times on
    // the way there. It is written on one line as it is drawn.
    let mut line = compact::OneLine::with_capacity(LIVE_REGION_BYTES);
    template
        .render_into(&mut line)
        .map_err(|e| AppError::Internal(format!("a page could not be drawn: {e}")))?;
    Ok(line.finish())
}

/// What a live region's drawing starts with room for: a seat's board, with its hand and moves,
/// is 5 to 9 KB.
pub const LIVE_REGION_BYTES: usize = 12 * 1024;

/// Sends the browser to another page after a form (303: the next request is a GET).
pub fn redirect(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, to))
        .finish()
}

/// A page that could not be shown: an HTML page with the reason and a way back.
#[derive(Debug)]
pub struct PageError(pub AppError);

impl From<AppError> for PageError {
    fn from(error: AppError) -> PageError {
        PageError(error)
    }
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    layout: Layout,
    status: u16,
    heading: &'a str,
    message: String,
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        super::error::status_of(&self.0)
    }

    fn error_response(&self) -> HttpResponse {
        if matches!(self.0, AppError::Internal(_)) {
            log::error!("{}", self.0);
        }
        self.page_in(Lang::ENGLISH)
    }
}

impl PageError {
    /// The error's page in `lang`, its reason too.
    pub fn page_in(&self, lang: Lang) -> HttpResponse {
        self.page_saying(lang, self.0.said_in(lang))
    }

    /// The error's page in `lang`, its reason said by `message` (already in `lang`).
    pub fn page_saying(&self, lang: Lang, message: String) -> HttpResponse {
        let status = self.status_code();
        let heading = lang.t(match self.0 {
            AppError::NotFound(_) => "error-not-found",
            AppError::Forbidden(_) => "error-forbidden",
            AppError::Invalid(_) => "error-invalid",
            AppError::Conflict(_) | AppError::Stale(_) | AppError::TimeUp => "error-not-now",
            AppError::Internal(_) => "error-internal",
        });
        let page = ErrorPage {
            layout: Layout {
                title: heading.clone(),
                lang,
                ..Layout::default()
            },
            status: status.as_u16(),
            heading: &heading,
            message,
        };
        let body = page
            .render()
            .unwrap_or_else(|_| format!("{heading}: {}", self.0));
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body)
    }
}

/// An error drawn again in the reader's language: an error's own answer
/// ([`ResponseError::error_response`]) knows no request, so it is drawn in English first. A
/// page follows the reader's chosen language, the API's `error` the client's `Accept-Language`.
pub async fn errors_in_readers_language(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    let response = next.call(req).await?.map_into_boxed_body();
    let Some(error) = response.response().error() else {
        return Ok(response);
    };
    let again = if let Some(error) = error.as_error::<PageError>() {
        let lang = super::session::lang_of(response.request());
        (lang != Lang::ENGLISH).then(|| error.page_in(lang))
    } else if let Some(error) = error.as_error::<crate::web::error::ApiError>() {
        let lang = crate::web::error::lang_of_client(response.request());
        (lang != Lang::ENGLISH).then(|| error.answer_in(lang))
    } else {
        None
    };
    Ok(match again {
        Some(page) => response.into_response(page),
        None => response,
    })
}

/// The result of a page handler.
pub type PageResult = Result<HttpResponse, PageError>;

/// After a form: a refusal is told on the page the form goes back to; only a failure of ours
/// shows the error page instead.
pub fn tell_refusal(visitor: &Visitor, error: AppError) -> Result<(), PageError> {
    match error {
        AppError::Internal(_) => Err(PageError(error)),
        refusal => {
            visitor.flash("error", refusal.said_in(visitor.lang()));
            Ok(())
        }
    }
}

/// The visitor's host credential for the event (the use case checks it again); a visitor who
/// does not host the event is sent to the sign-in page instead.
pub fn host_or_login(
    visitor: &Visitor,
    event: i64,
) -> Result<crate::app::HostKey, Box<HttpResponse>> {
    visitor
        .host_key(event)
        .ok_or_else(|| Box::new(redirect(&format!("/events/{event}/login"))))
}

/// Every form carries this field.
#[derive(Debug, Deserialize)]
pub struct CsrfOnly {
    #[serde(default)]
    pub csrf: String,
}

fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(64 * 1024)
        .error_handler(|err, req| {
            let message = match &err {
                actix_web::error::UrlencodedError::Payload(e)
                    if crate::web::limits::is_body_timeout(e) =>
                {
                    crate::i18n::Said::new("refused-form-too-slow")
                }
                actix_web::error::UrlencodedError::Overflow { .. } => {
                    crate::i18n::Said::new("refused-form-too-large")
                }
                actix_web::error::UrlencodedError::Parse(_) => {
                    crate::i18n::Said::new("refused-form-unreadable")
                }
                other => crate::i18n::Said::new("refused-form-does-not-fit")
                    .text("problem", other.to_string()),
            };
            let status = match &err {
                actix_web::error::UrlencodedError::Overflow { .. } => StatusCode::PAYLOAD_TOO_LARGE,
                actix_web::error::UrlencodedError::Payload(e)
                    if crate::web::limits::is_body_timeout(e) =>
                {
                    StatusCode::REQUEST_TIMEOUT
                }
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            let page = PageError(AppError::invalid(message));
            let mut response = page.page_in(super::session::lang_of(req));
            *response.status_mut() = status;
            actix_web::error::InternalError::from_response(err, response).into()
        })
}

/// The paper a printout asks for: a style sheet of its own for each size, upright or across
/// (the pages' CSP allows linked style sheets only), linked as
/// `/static/page-{a4|letter}[-landscape].css`.
const PAPERS: [(&str, &str); 4] = [
    ("/static/page-a4.css", "@page { size: A4; }\n"),
    ("/static/page-letter.css", "@page { size: letter; }\n"),
    (
        "/static/page-a4-landscape.css",
        "@page { size: A4 landscape; }\n",
    ),
    (
        "/static/page-letter-landscape.css",
        "@page { size: letter landscape; }\n",
    ),
];

async fn favicon() -> HttpResponse {
    static_file("image/svg+xml", include_str!("../../../static/favicon.svg"))
}

fn static_file(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header((CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

/// What a page's stream sends after a change: its regions, each sent as an event named after
/// the region's element id, and (a seat's page) the table whose moves it now follows.
pub struct Redraw {
    pub regions: Vec<(&'static str, String)>,
    pub table: Option<i64>,
    /// This is the stream's last drawing: the page may no longer see what it showed (a seat
    /// the host took back), so the stream ends after sending it.
    pub last: bool,
}

impl Redraw {
    /// Regions of an event-wide page (it follows no table).
    pub fn regions(regions: Vec<(&'static str, String)>) -> AppResult<Redraw> {
        Ok(Redraw {
            regions,
            table: None,
            last: false,
        })
    }
}

/// A server-sent event stream for one page: after every change the listener hears (gathered
/// as `gather` says), `render` draws the page's regions, told what changed, and each region is
/// sent as an event. The first drawing (of everything) is sent at once, so a page that
/// (re)connects is up to date. `quick` may draw a change from memory alone, on the stream's own
/// thread (it must not wait for anything); when it answers `None`, `render` runs where use
/// cases do.
pub fn live_stream<Q, F>(
    app: web::Data<App>,
    listener: crate::web::live::Listener,
    gather: crate::web::live::Gather,
    quick: Q,
    render: F,
) -> impl actix_web::Responder
where
    Q: Fn(&App, &crate::web::live::Change) -> Option<Redraw> + 'static,
    F: Fn(&App, &crate::web::live::Change) -> AppResult<Redraw> + Send + Sync + Clone + 'static,
{
    stream_of(
        app,
        listener,
        move || gather,
        move |app, change| {
            let quickly = quick(&app, &change);
            let render = render.clone();
            async move {
                match quickly {
                    Some(redraw) => Some(redraw),
                    None => redrawn(&app, move |app| render(app, &change)).await,
                }
            }
        },
    )
}

/// A live stream for a page that many streams show alike (an event's projectors, its standings
/// pages): they share the drawings kept in `slot` (see [`crate::web::live::Drawings`]). While
/// one stream draws, the others wait for its drawing without holding a thread; each checks
/// with `allowed` that it may still see the page before it sends a drawing it did not make.
/// They gather changes together for `period`, or longer when the page takes long to draw
/// ([`crate::web::live::DrawingSlot::period`]).
pub fn shared_live_stream<A, D>(
    app: web::Data<App>,
    listener: crate::web::live::Listener,
    period: std::time::Duration,
    slot: std::sync::Arc<crate::web::live::DrawingSlot>,
    allowed: A,
    draw: D,
) -> impl actix_web::Responder
where
    A: Fn(&App) -> AppResult<()> + Send + Sync + Clone + 'static,
    D: Fn(&App) -> AppResult<Vec<(&'static str, String)>> + Send + Sync + Clone + 'static,
{
    let paced = slot.clone();
    let gather = move || crate::web::live::Gather::Together(paced.period(period));
    stream_of(app, listener, gather, move |app, change| {
        let (slot, allowed, draw) = (slot.clone(), allowed.clone(), draw.clone());
        async move {
            let mut kept = slot.drawing.clone().lock_owned().await;
            redrawn(&app, move |app| {
                let regions = crate::web::live::shared_drawing(
                    &slot,
                    &mut kept,
                    &change,
                    || allowed(app),
                    || draw(app),
                )?;
                Redraw::regions(regions)
            })
            .await
        }
    })
}

/// A redraw where use cases run. A page whose redraw fails keeps what it shows and tries again
/// at the next change; the reason is logged (never the page's address, which may hold a
/// token).
async fn redrawn(
    app: &web::Data<App>,
    draw: impl FnOnce(&App) -> AppResult<Redraw> + Send + 'static,
) -> Option<Redraw> {
    crate::web::run_logged(app, "live stream: cannot redraw a page", draw).await
}

/// The server-sent event that tells a page to reconnect a little later: the server is stopping
/// (a restart, an upgrade). static/touring.js knows it.
pub const RECONNECT: &str = "reconnect";

/// The server-sent events of a page: its first drawing, then `redraw` after each change the
/// listener hears, each region sent as an event.
fn stream_of<G, R, Fut>(
    app: web::Data<App>,
    listener: crate::web::live::Listener,
    gather: G,
    redraw: R,
) -> impl actix_web::Responder
where
    G: Fn() -> crate::web::live::Gather + 'static,
    R: Fn(web::Data<App>, crate::web::live::Change) -> Fut + 'static,
    Fut: std::future::Future<Output = Option<Redraw>> + 'static,
{
    use actix_web_lab::sse;
    use futures_util::StreamExt;
    let first = crate::web::live::Change::everything_now();
    let open = crate::metrics::StreamOpen::new();
    let closing = listener.closing();
    let updates = futures_util::stream::unfold(
        (app, listener, (gather, redraw), Some(first), open, closing, false),
        move |(app, mut listener, (gather, redraw), first, open, mut closing, ended)| async move {
            // The server is stopping: the page is told to reconnect (to the server that comes
            // back), and the stream ends so that the server can finish.
            let reconnect = || {
                let event =
                    sse::Event::Data(sse::Data::new("the server is restarting").event(RECONNECT));
                futures_util::stream::iter(vec![event])
            };
            if ended {
                return None;
            }
            let change = match first {
                _ if closing.now() => None,
                Some(first) => Some(first),
                None => tokio::select! {
                    change = crate::web::live::next_change(&mut listener, gather()) => Some(change?),
                    () = closing.wait() => None,
                },
            };
            let Some(change) = change else {
                return Some((
                    reconnect(),
                    (app, listener, (gather, redraw), None, open, closing, true),
                ));
            };
            let (regions, last) = match redraw(app.clone(), change).await {
                Some(redraw) => {
                    listener.follow_table(redraw.table);
                    (redraw.regions, redraw.last)
                }
                None => (Vec::new(), false),
            };
            let events: Vec<sse::Event> = regions
                .into_iter()
                .map(|(id, html)| sse::Event::Data(sse::Data::new(html).event(id)))
                .collect();
            Some((
                futures_util::stream::iter(events),
                (app, listener, (gather, redraw), None, open, closing, last),
            ))
        },
    )
    .flatten();
    // A seat's stream carries its hand: no cache keeps it (the stream's own header says only
    // no-cache, which lets a cache store it).
    actix_web::Responder::customize(
        sse::Sse::from_infallible_stream(updates)
            .with_keep_alive(std::time::Duration::from_secs(15))
            .with_retry_duration(std::time::Duration::from_secs(3)),
    )
    .insert_header((CACHE_CONTROL, "no-store"))
}

/// Minutes and seconds of a number of milliseconds ("4:07").
pub fn clock_text(ms: Option<i64>) -> String {
    match ms {
        Some(ms) => {
            let total = (ms.max(0) + 999) / 1000;
            format!("{}:{:02}", total / 60, total % 60)
        }
        None => "–".into(),
    }
}
