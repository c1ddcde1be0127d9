//! The console's access settings: join keys, the host link, the password, private views.

use actix_web::{HttpRequest, web};
use serde::Deserialize;

use super::form::{HostForm, NoFields};
use crate::app::events;
use crate::app::passwords;
use crate::i18n::Said;
use crate::web::pages::refusal;
use crate::web::pages::{PageResult, redirect};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host/join-keys", web::post().to(join_keys))
        .route("/events/{event}/host/token", web::post().to(host_token))
        .route(
            "/events/{event}/host/password",
            web::post().to(set_password),
        )
        .route("/events/{event}/host/views", web::post().to(set_views))
        .route(
            "/events/{event}/host/viewer-key",
            web::post().to(viewer_key),
        );
}

async fn join_keys(form: HostForm<NoFields>) -> PageResult {
    form.apply("access", move |app, host, _| {
        events::rotate_join_keys(app, host)?;
        Ok(Said::new("host-said-join-keys"))
    })
    .await
}

async fn viewer_key(form: HostForm<NoFields>) -> PageResult {
    form.apply("access", move |app, host, _| {
        events::rotate_viewer_key(app, host)?;
        Ok(Said::new("host-said-viewer-key"))
    })
    .await
}

async fn host_token(req: HttpRequest, form: HostForm<NoFields>) -> PageResult {
    let event = form.host.event;
    let (token, epoch) = form.run(events::rotate_host_token).await?;
    form.visitor.add_host(event, epoch);
    let base = crate::web::address::base_url(&req);
    let lang = form.lang().await?;
    form.visitor.flash_link(
        lang.t("host-said-host-link"),
        format!("{base}/events/{event}/host?token={token}"),
    );
    Ok(redirect(&format!("/events/{event}/host#access")))
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
            form.visitor
                .flash("error", error.said_in(form.visitor.lang()));
            return Ok(redirect(&format!("/events/{event}/host#access")));
        }
        Err(_busy) => {
            return Ok(refusal::too_many(
                &req,
                std::time::Duration::from_secs(1),
                "The server is checking many passwords at the moment",
            ));
        }
    };
    form.apply("access", move |app, host, _| {
        passwords::set_host_password(app, host, hash.as_deref())?;
        Ok(if removed {
            Said::new("host-said-password-removed")
        } else {
            Said::new("host-said-password-set").text("event", event.to_string())
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
        Ok(Said::new(if private {
            "host-said-views-private"
        } else {
            "host-said-views-public"
        }))
    })
    .await
}
