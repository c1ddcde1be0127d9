//! The console's choice of the event's language: the projector's, the printed pages' and the
//! console's own (each guest's phone reads in its own).

use actix_web::web;
use serde::Deserialize;

use super::form::HostForm;
use crate::app::events;
use crate::i18n::{Lang, Said};
use crate::web::pages::PageResult;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/events/{event}/host/language",
        web::post().to(set_language),
    );
}

#[derive(Deserialize)]
struct LanguageForm {
    /// The language's tag: "en", "fr".
    #[serde(default)]
    language: String,
}

async fn set_language(form: HostForm<LanguageForm>) -> PageResult {
    form.apply("language", move |app, host, form| {
        let language = Lang::of_setting(&form.language)
            .map_err(|_| crate::web::api::dto::unknown_language(&form.language))?;
        events::update_event(app, host, |mut settings| {
            settings.language = language;
            Ok(settings)
        })?;
        // Said in the new language (the console now reads in it), the language's own name too,
        // as a sentence writes it ("en français").
        Ok(
            Said::new("event-language-set")
                .said("language", Said::new("language-name-in-sentence")),
        )
    })
    .await
}
