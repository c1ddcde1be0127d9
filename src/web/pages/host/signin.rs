//! Signing in with the host's password, and signing out.

use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use crate::app::events;
use crate::app::{App, passwords};
use crate::web::limits;
use crate::web::pages::refusal;
use crate::web::pages::{Layout, PageResult, page, redirect, run};
use crate::web::session::Visitor;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/login", web::get().to(login_page))
        .route("/events/{event}/login", web::post().to(login))
        .route("/events/{event}/logout", web::post().to(logout));
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    layout: Layout,
    event: i64,
}

async fn login_page(visitor: Visitor, path: web::Path<i64>) -> PageResult {
    let event = path.into_inner();
    page(&LoginPage {
        layout: Layout::new("", &visitor).titled("login-title"),
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
    // Wrong passwords are counted per device on each event and per event, and each past the
    // first few makes the next try wait longer; argon2 runs on its own small pool.
    let guards = req.app_data::<web::Data<limits::Guards>>().cloned();
    let client = guards.as_ref().map(|g| g.client(&req));
    if let (Some(guards), Some(client)) = (&guards, client)
        && let Some(wait) = guards.sign_in_wait(client, id)
    {
        return Ok(refusal::too_many(
            &req,
            wait,
            "Too many wrong passwords for this console (the host link still opens it)",
        ));
    }
    let password = form.into_inner().password;
    let stored = run(&app, move |app| passwords::password_hash(app, id)).await?;
    let Ok(ok) = passwords::verify(stored, password).await else {
        return Ok(refusal::too_many(
            &req,
            std::time::Duration::from_secs(1),
            "The server is checking many passwords at the moment",
        ));
    };
    if let (Some(guards), Some(client)) = (&guards, client) {
        if ok {
            guards.sign_in_succeeded(client, id);
        } else {
            guards.sign_in_failed(client, id);
        }
    }
    if ok {
        let epoch = run(&app, move |app| events::current_host_epoch(app, id)).await?;
        visitor.add_host(id, epoch);
        Ok(redirect(&format!("/events/{id}/host")))
    } else {
        // The same words as every refused host secret's, in the reader's language.
        visitor.flash("error", visitor.lang().t("login-refused"));
        Ok(redirect(&format!("/events/{id}/login")))
    }
}

async fn logout(
    app: web::Data<App>,
    visitor: Visitor,
    path: web::Path<i64>,
    form: web::Form<crate::web::pages::CsrfOnly>,
) -> PageResult {
    let id = path.into_inner();
    visitor.check_csrf(&form.csrf)?;
    if let Some(host) = visitor.host_key(id) {
        // On the server too: a copy of this cookie no longer opens the console.
        run(&app, move |app| events::sign_out(app, &host)).await?;
    }
    visitor.remove_host(id);
    visitor.flash("ok", visitor.lang().t("login-left"));
    Ok(redirect("/"))
}
