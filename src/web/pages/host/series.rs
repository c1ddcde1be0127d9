//! The console's series: the evening taken into a club's series, or out of it, with the
//! series' host link. Hosting the evening alone is not enough: a helper given the evening's
//! host link cannot move it into or out of the club's season without the series' own link.

use actix_web::web;
use serde::Deserialize;

use super::form::HostForm;
use crate::app::AppError;
use crate::app::series::{self, SeriesProof};
use crate::i18n::Said;
use crate::web::pages::PageResult;
use crate::web::pages::series_host::host_link;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host/series", web::post().to(change_series));
}

#[derive(Deserialize)]
struct SeriesForm {
    /// The series' host link (`…/series/3/host?token=…`).
    #[serde(default)]
    link: String,
    /// "out" takes the evening out of the series; anything else takes it in.
    #[serde(default)]
    change: String,
}

async fn change_series(form: HostForm<SeriesForm>) -> PageResult {
    form.apply("series", move |app, host, form| {
        let (id, token) = host_link(&form.link, "series")
            .and_then(|(id, token)| Some((id, token?)))
            .ok_or_else(|| AppError::invalid(Said::new("refused-series-link")))?;
        let proof = SeriesProof::Token(token);
        if form.change == "out" {
            let name = series::detach_evening(app, id, &proof, host.event, Some(host))?;
            Ok(Said::new("host-series-left").text("series", name))
        } else {
            let name = series::attach_evening(app, id, &proof, host)?;
            Ok(Said::new("host-series-joined").text("series", name))
        }
    })
    .await
}
