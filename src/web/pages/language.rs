//! The language chooser at the foot of every page: a form (no script needed) that keeps the
//! guest's choice in the `lang` cookie and goes back to the page it was on. Until a guest
//! chooses, pages follow the browser's `Accept-Language`.

use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::{PageResult, redirect};
use crate::i18n::Lang;
use crate::web::session::{LANG_COOKIE, Visitor};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/language", web::post().to(choose));
}

#[derive(Deserialize)]
struct LanguageForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    lang: String,
    /// The page the chooser was on (a path of this site; anything else goes to the front page).
    #[serde(default)]
    back: String,
}

/// A path of this site to go back to: `back` when it is one ("/..." but not "//..." nor
/// "/\..."), else the front page.
pub fn local_path(back: &str) -> &str {
    let local = back.starts_with('/')
        && !back.starts_with("//")
        && !back.starts_with("/\\")
        && !back.chars().any(char::is_control);
    if local { back } else { "/" }
}

async fn choose(visitor: Visitor, form: web::Form<LanguageForm>) -> PageResult {
    let form = form.into_inner();
    visitor.check_csrf(&form.csrf)?;
    let back = local_path(&form.back);
    let Some(lang) = Lang::from_tag(&form.lang) else {
        visitor.flash(
            "error",
            visitor
                .lang()
                .msg("language-unknown")
                .arg("lang", form.lang.chars().take(20).collect::<String>())
                .text(),
        );
        return Ok(redirect(back));
    };
    let cookie = Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .max_age(Duration::days(365))
        .same_site(SameSite::Lax)
        .http_only(true)
        .finish();
    let mut answer: HttpResponse = redirect(back);
    answer
        .add_cookie(&cookie)
        .map_err(|e| crate::app::AppError::Internal(format!("cannot set the cookie: {e}")))?;
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn the_chooser_goes_back_only_to_a_page_of_this_site() {
        assert_eq!(local_path("/seat/abc?x=1"), "/seat/abc?x=1");
        assert_eq!(local_path("//evil.example/"), "/");
        assert_eq!(local_path("/\\evil.example/"), "/");
        assert_eq!(local_path("https://evil.example/"), "/");
        assert_eq!(local_path(""), "/");
        assert_eq!(local_path("/a\r\nSet-Cookie: x"), "/");
    }
}
