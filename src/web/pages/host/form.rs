//! The ritual every console form shares, done once: the visitor must host the event (or is
//! sent to the sign-in page), the form must carry the browser's CSRF token; then the form's
//! use case runs, the live pages are told, and the host goes back to the console with a message.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use askama::Template;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::app::{App, AppError, AppResult, HostKey, events};
use crate::i18n::{Lang, Said};
use crate::web::live::{Hub, Topic};
use crate::web::pages::{
    Layout, PageError, PageResult, WithCsrf, host_or_login, page, redirect, run,
};
use crate::web::session::Visitor;

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
            // An address with no event number (`/events/x/host/...`) is a stranger's, or a
            // mistyped link: a page that says so, not a failure of ours.
            let Some(event) = event else {
                return Err(
                    PageError(AppError::not_found(Said::new("refused-console-address"))).into(),
                );
            };
            let visitor = visitor.await?;
            let form = form.await?.into_inner();
            let (Some(app), Some(hub)) = (app, hub) else {
                return Err(PageError(AppError::Internal(
                    "a console form without the server's state".into(),
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

/// A question the console asks before a change that cannot be undone (or may be a
/// mistake): a page of its own with one form, so it works without script. The form posts
/// the same fields again to the same address, with `confirm=yes`.
pub struct Question {
    pub heading: String,
    pub question: String,
    /// The form's address: the one that asked.
    pub action: String,
    /// The fields to send again (what was typed), besides the CSRF token.
    pub fields: Vec<(String, String)>,
    /// Fields the host may change before going ahead: name, label, value.
    pub inputs: Vec<(String, String, String)>,
    /// The words of the button that goes ahead, and of the way back.
    pub yes: String,
    pub no: String,
}

#[derive(Template)]
#[template(path = "confirm.html")]
struct ConfirmPage {
    layout: Layout,
    heading: String,
    question: String,
    action: String,
    fields: Vec<(String, String)>,
    inputs: Vec<(String, String, String)>,
    yes: String,
    no: String,
    back: String,
}

/// A form's `confirm` field: "yes" once the host answered the [`Question`].
#[derive(Deserialize)]
pub struct Confirmed {
    #[serde(default)]
    confirm: String,
}

impl Confirmed {
    pub fn yes(&self) -> bool {
        self.confirm == "yes"
    }
}

impl<T: Send + 'static> HostForm<T> {
    /// Asks the host a [`Question`] before going ahead; the way back leads to the console at
    /// `anchor`.
    pub fn ask(&self, question: Question, anchor: &str) -> PageResult {
        let event = self.host.event;
        page(&ConfirmPage {
            layout: Layout::new(question.heading.clone(), &self.visitor),
            heading: question.heading,
            question: question.question,
            action: question.action,
            fields: question.fields,
            inputs: question.inputs,
            yes: question.yes,
            no: question.no,
            back: format!("/events/{event}/host#{anchor}"),
        })
    }

    /// Runs the form's use case and answers its result (for forms that answer more than a
    /// message).
    pub async fn run<R: Send + 'static>(
        &self,
        use_case: impl FnOnce(&App, &HostKey) -> AppResult<R> + Send + 'static,
    ) -> Result<R, PageError> {
        let host = self.host.clone();
        Ok(run(&self.app, move |app| use_case(app, &host)).await?)
    }

    /// The console's language: the event's (the pseudo-language of the tests stays).
    pub async fn lang(&self) -> Result<Lang, PageError> {
        let event = self.run(events::language).await?;
        Ok(crate::web::pages::event_page_lang(
            self.visitor.lang(),
            event,
        ))
    }

    /// Tells the live pages that the event changed (after a use case run by [`Self::run`]).
    pub fn tell_live(&self) {
        self.hub.publish(self.host.event, Topic::Event);
    }

    /// Runs the form's use case with its fields, tells the live pages, and goes back to the
    /// console at `anchor` with the use case's message (or its refusal, in words). The
    /// message is said in the console's language, the event's as it is after the use case.
    pub async fn apply(
        self,
        anchor: &str,
        use_case: impl FnOnce(&App, &HostKey, T) -> AppResult<Said> + Send + 'static,
    ) -> PageResult {
        let HostForm {
            fields,
            host,
            visitor,
            app,
            hub,
        } = self;
        let event = host.event;
        let reader = visitor.lang();
        // The answer or the refusal, said in the console's language; a failure of ours
        // shows the error page.
        let result = run(&app, move |app| {
            let outcome = use_case(app, &host, fields);
            if let Err(AppError::Internal(_)) = outcome {
                return outcome.map(|_| Ok(String::new()));
            }
            let lang = events::language(app, &host).map_or(reader, |event| {
                crate::web::pages::event_page_lang(reader, event)
            });
            Ok(outcome
                .map(|said| lang.say(&said))
                .map_err(|refusal| refusal.said_in(lang)))
        })
        .await?;
        match result {
            Ok(message) => {
                hub.publish(event, Topic::Event);
                visitor.flash("ok", message);
            }
            Err(refusal) => visitor.flash("error", refusal),
        }
        Ok(redirect(&format!("/events/{event}/host#{anchor}")))
    }
}
