//! Who the browser is: a signed, encrypted, HttpOnly, SameSite=Lax session cookie holding the
//! events this browser hosts, the player it plays as (after picking a seat from a table's QR
//! code), a CSRF token for its forms, and a one-time message for the next page. Beside it, the
//! reader's language: the `lang` cookie the language chooser sets, else the browser's
//! `Accept-Language`.

use futures_util::future::LocalBoxFuture;

use actix_session::{Session, SessionExt};
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::app::series::{SeriesProof, SeriesSession};
use crate::app::tokens::{new_token, same_hash};
use crate::app::{App, AppError, AppResult, HostKey, ViewerKey, events};
use crate::i18n::Lang;

/// The cookie that keeps the language a guest chose (see `pages::language`).
pub const LANG_COOKIE: &str = "lang";

const HOSTS: &str = "hosts";
const PLAYER: &str = "player";
const CSRF: &str = "csrf";
const FLASH: &str = "flash";
const CARD_DRAFT: &str = "card_draft";
const SERIES: &str = "series";

/// The key that signs and encrypts session cookies: the server's secret, kept in a file
/// beside the database (never in it), so a restarted server still knows its hosts and players.
pub fn load_key() -> Key {
    Key::from(crate::app::secret::get())
}

/// The session middleware.
pub fn middleware(
    key: Key,
) -> actix_session::SessionMiddleware<actix_session::storage::CookieSessionStore> {
    actix_session::SessionMiddleware::builder(
        actix_session::storage::CookieSessionStore::default(),
        key,
    )
    .cookie_name("touring".into())
    .cookie_http_only(true)
    .cookie_same_site(SameSite::Lax)
    .cookie_secure(false)
    .build()
}

/// The longest message a flash keeps, in bytes. The session cookie carries it to the next
/// page, and a cookie holds about 4 KB once encrypted, beside the session's other contents: a
/// longer message would make the answer fail. Messages are written to be far shorter (a
/// refused guest list names its first problems and counts the rest); this only makes sure.
pub const FLASH_MAX: usize = 1500;

/// A message cut to [`FLASH_MAX`] bytes at a character's boundary, ending in "…" when cut.
fn fitted(text: String) -> String {
    if text.len() <= FLASH_MAX {
        return text;
    }
    log::warn!(
        "a message for the next page was {} bytes long: cut to {FLASH_MAX}",
        text.len()
    );
    let mut end = FLASH_MAX - '…'.len_utf8();
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// A message shown once on the next page.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Flash {
    /// ok, error or info.
    pub kind: String,
    pub text: String,
    /// A secret link to show once (the host link, a new seat link).
    #[serde(default)]
    pub link: Option<String>,
    /// Show the link's QR code too, for a guest to scan from the host's screen.
    #[serde(default)]
    pub qr: bool,
}

/// A score card the server refused: what was typed in each field and the problems, kept in
/// the session until that card goes in (or another is refused), so that its form shows them
/// again after the redirect and on every redraw of the page.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDraft {
    /// Which form it came from (the console's "round/table/side", the seat's "seat/round").
    pub form: String,
    /// What was typed, by row.
    pub typed: std::collections::BTreeMap<String, String>,
    /// Each problem under its row ("" for the card as a whole).
    pub problems: Vec<(String, String)>,
    /// How many hands the form shows (one more than typed after "Add a hand").
    #[serde(default)]
    pub hands: usize,
}

impl CardDraft {
    /// What was typed in a row's field ("" if nothing).
    pub fn typed(&self, row: &str) -> Option<&str> {
        self.typed.get(row).map(String::as_str)
    }

    /// The problem with a row ("" for the card as a whole), if any: several are joined.
    pub fn problem(&self, row: &str) -> Option<String> {
        let found: Vec<&str> = self
            .problems
            .iter()
            .filter(|(r, _)| r == row)
            .map(|(_, m)| m.as_str())
            .collect();
        (!found.is_empty()).then(|| found.join("; "))
    }
}

/// The browser's session, the reader's language and the page asked for (its path and query,
/// for the language chooser to come back to; "/" after a form).
pub struct Visitor(pub Session, Lang, String);

/// The language a request is read in: the chooser's cookie, else the browser's preference.
pub fn lang_of(req: &HttpRequest) -> Lang {
    req.cookie(LANG_COOKIE)
        .and_then(|c| Lang::from_tag(c.value()))
        .unwrap_or_else(|| crate::web::error::lang_of_client(req))
}

impl FromRequest for Visitor {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Visitor, actix_web::Error>>;

    /// The session, with every host right and seat it names checked against the database: a
    /// right the host has since ended (logout, a new host token) or a seat since released or
    /// renewed is dropped, so a copy of an old cookie opens nothing.
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let here = if req.method() == actix_web::http::Method::GET {
            req.uri()
                .path_and_query()
                .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned())
        } else {
            "/".to_owned()
        };
        let visitor = Visitor(req.get_session(), lang_of(req), here);
        let app = req.app_data::<actix_web::web::Data<App>>().cloned();
        Box::pin(async move {
            let hosts = visitor.hosted_epochs();
            let player = visitor.player_epoch();
            let (Some(app), true) = (app, !hosts.is_empty() || player.is_some()) else {
                return Ok(visitor);
            };
            let asked = hosts.clone();
            let checked = super::run_logged(
                &app,
                "session: cannot check the host rights and the seat",
                move |app| events::open_sessions(app, &asked, player),
            )
            .await;
            // A database that cannot answer now opens nothing (the page says why on its own).
            let (live, seat) = checked.map_or((Vec::new(), None), |open| (open.hosts, open.seat));
            let (stale_hosts, stale_seat) = (hosts.len() != live.len(), player != seat);
            if stale_hosts {
                let _ = visitor.0.insert(HOSTS, live);
            }
            if stale_seat {
                visitor.0.remove(PLAYER);
            }
            Ok(visitor)
        })
    }
}

/// The key of a private view, as a public page's address carries it (`?key=`).
#[derive(Deserialize)]
struct ViewQuery {
    #[serde(default)]
    key: String,
}

/// Who reads one event's public page, as the request says: the event of the address, the
/// visitor (and whether they host the event) and the key of a private view (`?key=`). The use
/// case checks the key; this only gathers it.
pub struct Reader {
    pub id: i64,
    pub hosts: bool,
    pub viewer: ViewerKey,
    pub visitor: Visitor,
}

impl FromRequest for Reader {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Reader, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let visitor = Visitor::from_request(req, payload);
        let path = actix_web::web::Path::<i64>::extract(req);
        let query = actix_web::web::Query::<ViewQuery>::extract(req);
        Box::pin(async move {
            let visitor = visitor.await?;
            let id = path.await?.into_inner();
            let key = query.await?.into_inner().key;
            Ok(Reader {
                id,
                hosts: visitor.is_host(id),
                viewer: visitor.viewer_key(id, key),
                visitor,
            })
        })
    }
}

impl Visitor {
    /// The reader's language.
    pub fn lang(&self) -> Lang {
        self.1
    }

    /// The page asked for, path and query ("/" after a form).
    pub fn here(&self) -> &str {
        &self.2
    }

    /// The CSRF token of this browser's forms (made on first use).
    pub fn csrf(&self) -> String {
        if let Ok(Some(token)) = self.0.get::<String>(CSRF) {
            return token;
        }
        let token = new_token();
        let _ = self.0.insert(CSRF, &token);
        token
    }

    /// Refuses a form whose CSRF token is missing or is not this browser's.
    pub fn check_csrf(&self, presented: &str) -> AppResult<()> {
        match self.0.get::<String>(CSRF) {
            Ok(Some(token)) if same_hash(&token, presented) => Ok(()),
            _ => Err(AppError::Forbidden(crate::i18n::Said::new(
                "refused-form-expired",
            ))),
        }
    }

    /// The events this browser hosts, with the host epoch each was opened in.
    fn hosted_epochs(&self) -> Vec<(i64, i32)> {
        self.0
            .get::<Vec<(i64, i32)>>(HOSTS)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    pub fn hosted(&self) -> Vec<i64> {
        self.hosted_epochs().into_iter().map(|(e, _)| e).collect()
    }

    /// Does this browser host the event?
    pub fn is_host(&self, event: i64) -> bool {
        self.hosted().contains(&event)
    }

    /// The host's credential of this browser for the event, if it hosts it: the use case
    /// checks it again inside its transaction.
    pub fn host_key(&self, event: i64) -> Option<HostKey> {
        self.hosted_epochs()
            .into_iter()
            .find(|&(e, _)| e == event)
            .map(|(_, epoch)| HostKey::session(event, epoch))
    }

    /// A reader's credential for the event: this browser's host session, if any, and the
    /// viewer key it came with.
    pub fn viewer_key(&self, event: i64, key: String) -> ViewerKey {
        ViewerKey {
            event,
            host: self.host_key(event).map(|h| h.proof),
            key,
        }
    }

    /// Remembers that this browser hosts the event (after the host link or password), in the
    /// event's current host epoch.
    pub fn add_host(&self, event: i64, epoch: i32) {
        let mut hosts = self.hosted_epochs();
        hosts.retain(|&(e, _)| e != event);
        hosts.push((event, epoch));
        // A new privilege: a new session id, so a planted cookie cannot ride along.
        self.0.renew();
        let _ = self.0.insert(HOSTS, hosts);
    }

    /// Forgets that this browser hosts the event.
    pub fn remove_host(&self, event: i64) {
        let mut hosts = self.hosted_epochs();
        hosts.retain(|&(e, _)| e != event);
        let _ = self.0.insert(HOSTS, hosts);
    }

    /// The series this browser hosts, each with the stored hash of the series' token it was
    /// opened with and the series' host epoch then (the use case checks both against the
    /// series' own each time). A cookie from before the epoch was kept holds nothing here.
    fn series_hosted(&self) -> Vec<(i64, String, i32)> {
        self.0
            .get::<Vec<(i64, String, i32)>>(SERIES)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// This browser's proof of hosting the series, if it does.
    pub fn series_proof(&self, series: i64) -> Option<SeriesProof> {
        self.series_hosted()
            .into_iter()
            .find(|(s, ..)| *s == series)
            .map(|(_, hash, epoch)| SeriesProof::Session(SeriesSession { hash, epoch }))
    }

    /// Remembers that this browser hosts the series (after its host link, or a new token).
    pub fn add_series_host(&self, series: i64, session: SeriesSession) {
        let mut hosted = self.series_hosted();
        hosted.retain(|(s, ..)| *s != series);
        hosted.push((series, session.hash, session.epoch));
        self.0.renew();
        let _ = self.0.insert(SERIES, hosted);
    }

    /// Forgets that this browser hosts the series.
    pub fn remove_series_host(&self, series: i64) {
        let mut hosted = self.series_hosted();
        hosted.retain(|(s, ..)| *s != series);
        let _ = self.0.insert(SERIES, hosted);
    }

    fn player_epoch(&self) -> Option<(i64, i32)> {
        self.0.get::<(i64, i32)>(PLAYER).ok().flatten()
    }

    /// The seat this browser picked from a table's or the projector's QR code, with the seat's
    /// epoch at the pick.
    pub fn player(&self) -> Option<(i64, i32)> {
        self.player_epoch()
    }

    /// This browser holds no picked seat any more (a guest took their own check-in back).
    pub fn forget_player(&self) {
        self.0.remove(PLAYER);
    }

    pub fn set_player(&self, player: i64, epoch: i32) {
        self.0.renew();
        let _ = self.0.insert(PLAYER, (player, epoch));
    }

    /// Leaves a message for the next page.
    pub fn flash(&self, kind: &str, text: impl Into<String>) {
        let _ = self.0.insert(
            FLASH,
            Flash {
                kind: kind.into(),
                text: fitted(text.into()),
                link: None,
                qr: false,
            },
        );
    }

    /// Leaves a message with a secret link for the next page.
    pub fn flash_link(&self, text: impl Into<String>, link: String) {
        self.flash_secret(text.into(), link, false);
    }

    /// Leaves a message with a secret link and its QR code for the next page (a seat link,
    /// for the guest to scan from the host's screen).
    pub fn flash_link_with_qr(&self, text: impl Into<String>, link: String) {
        self.flash_secret(text.into(), link, true);
    }

    fn flash_secret(&self, text: String, link: String, qr: bool) {
        let _ = self.0.insert(
            FLASH,
            Flash {
                kind: "info".into(),
                text: fitted(text),
                link: Some(link),
                qr,
            },
        );
    }

    /// Keeps a refused score card for its form.
    pub fn keep_card_draft(&self, draft: &CardDraft) {
        let _ = self.0.insert(CARD_DRAFT, draft);
    }

    /// The refused score card kept for its form, if any (it stays until dropped).
    pub fn card_draft(&self) -> Option<CardDraft> {
        self.0.get::<CardDraft>(CARD_DRAFT).ok().flatten()
    }

    /// Forgets the refused score card (its card went in).
    pub fn drop_card_draft(&self) {
        self.0.remove(CARD_DRAFT);
    }

    /// Takes the message left for this page.
    pub fn take_flash(&self) -> Option<Flash> {
        self.0.remove_as::<Flash>(FLASH).and_then(Result::ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_too_long_for_the_cookie_is_cut_at_a_character() {
        let short = "4 entries added.".to_owned();
        assert_eq!(fitted(short.clone()), short);
        // Two-byte letters, so that the cut falls inside one unless it looks for a boundary.
        let long = "é".repeat(FLASH_MAX);
        let cut = fitted(long);
        assert!(cut.len() <= FLASH_MAX, "{}", cut.len());
        assert!(cut.ends_with("é…"), "{cut}");
    }
}
