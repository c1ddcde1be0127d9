//! The page's own static files (style sheet and script), embedded in the binary and served
//! under names that carry a hash of their content (`/static/style.0123456789abcdef.css`):
//! such an answer never changes, so browsers keep it for a year without asking again
//! (`immutable`), and an upgrade that changes a file changes its name. The plain names
//! (`/static/style.css`) still answer, cached for an hour, for pages an older version sent.

use std::sync::LazyLock;

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpResponse, web};
use sha2::{Digest, Sha256};

/// An embedded file: its plain name, its type and its content.
struct Asset {
    stem: &'static str,
    extension: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: [Asset; 2] = [
    Asset {
        stem: "style",
        extension: "css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../../static/style.css"),
    },
    Asset {
        stem: "touring",
        extension: "js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../static/touring.js"),
    },
];

/// How long the browser keeps a file under its hashed name, and under its plain name.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
pub const SHORT: &str = "public, max-age=3600";

/// Each asset's hashed file name (`style.0123456789abcdef.css`), computed once at start.
static HASHED: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|asset| {
            let digest = Sha256::digest(asset.body.as_bytes());
            let hash: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
            format!("{}.{hash}.{}", asset.stem, asset.extension)
        })
        .collect()
});

/// The address of the style sheet under its hashed name.
pub fn style_url() -> String {
    format!("/static/{}", HASHED[0])
}

/// The address of the script under its hashed name.
pub fn script_url() -> String {
    format!("/static/{}", HASHED[1])
}

/// Registers the files under their hashed and plain names.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/static/style.css", web::get().to(style))
        .route("/static/touring.js", web::get().to(script))
        .route("/static/{file}", web::get().to(hashed));
}

async fn style() -> HttpResponse {
    answer(&ASSETS[0], SHORT)
}

async fn script() -> HttpResponse {
    answer(&ASSETS[1], SHORT)
}

/// A file by its hashed name. An older hash (a page from before an upgrade) gets today's file,
/// cached briefly; an unknown name is not found.
async fn hashed(file: web::Path<String>) -> HttpResponse {
    let file = file.into_inner();
    if let Some(i) = HASHED.iter().position(|name| *name == file) {
        return answer(&ASSETS[i], IMMUTABLE);
    }
    let older = ASSETS.iter().find(|asset| {
        file.strip_prefix(asset.stem)
            .and_then(|rest| rest.strip_prefix('.'))
            .and_then(|rest| rest.strip_suffix(asset.extension))
            .and_then(|hash| hash.strip_suffix('.'))
            .is_some_and(|hash| !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit()))
    });
    match older {
        Some(asset) => answer(asset, SHORT),
        None => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("No such file. The page's files are /static/style.css and /static/touring.js.\n"),
    }
}

fn answer(asset: &Asset, cache: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, asset.content_type))
        .insert_header((CACHE_CONTROL, cache))
        .body(asset.body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_carry_a_hash_of_the_content() {
        let style = style_url();
        assert!(
            style.starts_with("/static/style.") && style.ends_with(".css"),
            "{style}"
        );
        let hash = &style["/static/style.".len()..style.len() - ".css".len()];
        assert_eq!(hash.len(), 16);
        let digest = Sha256::digest(ASSETS[0].body.as_bytes());
        let expected: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
        assert_eq!(hash, expected);
        assert_ne!(style_url(), script_url());
    }
}
