//! Who the browser is: a signed, encrypted, HttpOnly, SameSite=Lax session cookie holding the
//! events this browser hosts, the player it plays as (after picking a seat from a table's QR
//! code), a CSRF token for its forms, and a one-time message for the next page.

use std::future::{Ready, ready};

use actix_session::{Session, SessionExt};
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::app::tokens::{new_token, same_hash};
use crate::app::{App, AppError, AppResult};
use crate::db::queries;

const HOSTS: &str = "hosts";
const PLAYER: &str = "player";
const CSRF: &str = "csrf";
const FLASH: &str = "flash";

/// The key that signs and encrypts session cookies: made once and kept in the database, so a
/// restarted server still knows its hosts and players.
pub fn load_key(app: &App) -> AppResult<Key> {
    app.write(|conn| {
        let hex = match queries::server_key(conn, "session")? {
            Some(hex) => hex,
            None => {
                let hex: String = (0..4).map(|_| new_token()).collect();
                queries::insert_server_key(conn, "session", &hex)?;
                hex
            }
        };
        let bytes: Vec<u8> = (0..hex.len() / 2)
            .filter_map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
            .collect();
        Key::try_from(bytes.as_slice())
            .map_err(|e| AppError::Internal(format!("the stored session key is not usable: {e}")))
    })
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

/// A message shown once on the next page.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Flash {
    /// ok, error or info.
    pub kind: String,
    pub text: String,
    /// A secret link to show once (the host link, a new seat link).
    #[serde(default)]
    pub link: Option<String>,
}

/// The browser's session.
pub struct Visitor(pub Session);

impl FromRequest for Visitor {
    type Error = actix_web::Error;
    type Future = Ready<Result<Visitor, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Visitor(req.get_session())))
    }
}

impl Visitor {
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
            _ => Err(AppError::Forbidden(
                "this form has expired (or came from another site): reload the page and try again"
                    .into(),
            )),
        }
    }

    pub fn hosted(&self) -> Vec<i64> {
        self.0
            .get::<Vec<i64>>(HOSTS)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Does this browser host the event?
    pub fn is_host(&self, event: i64) -> bool {
        self.hosted().contains(&event)
    }

    /// Remembers that this browser hosts the event (after the host link or password).
    pub fn add_host(&self, event: i64) {
        let mut hosts = self.hosted();
        if !hosts.contains(&event) {
            hosts.push(event);
            // A new privilege: a new session id, so a planted cookie cannot ride along.
            self.0.renew();
            let _ = self.0.insert(HOSTS, hosts);
        }
    }

    /// Forgets that this browser hosts the event.
    pub fn remove_host(&self, event: i64) {
        let hosts: Vec<i64> = self.hosted().into_iter().filter(|&e| e != event).collect();
        let _ = self.0.insert(HOSTS, hosts);
    }

    /// The player this browser picked from a table's or the projector's QR code.
    pub fn player(&self) -> Option<i64> {
        self.0.get::<i64>(PLAYER).ok().flatten()
    }

    pub fn set_player(&self, player: i64) {
        self.0.renew();
        let _ = self.0.insert(PLAYER, player);
    }

    /// Leaves a message for the next page.
    pub fn flash(&self, kind: &str, text: impl Into<String>) {
        let _ = self.0.insert(
            FLASH,
            Flash {
                kind: kind.into(),
                text: text.into(),
                link: None,
            },
        );
    }

    /// Leaves a message with a secret link for the next page.
    pub fn flash_link(&self, text: impl Into<String>, link: String) {
        let _ = self.0.insert(
            FLASH,
            Flash {
                kind: "info".into(),
                text: text.into(),
                link: Some(link),
            },
        );
    }

    /// Takes the message left for this page.
    pub fn take_flash(&self) -> Option<Flash> {
        self.0.remove_as::<Flash>(FLASH).and_then(Result::ok)
    }
}
