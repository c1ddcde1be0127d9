//! Seat slips: every guest's own link in one place. The console lists what the slips are for;
//! a form (with its CSRF token) makes new links for the guests who have not opened their seat
//! yet and answers the printable slips at once (the links are shown only there), on A4 or, with
//! `?paper=letter` on the form's address, Letter.

use actix_web::{HttpRequest, web};
use askama::Template;

use super::form::{HostForm, NoFields};
use crate::app::{App, slips};
use crate::web::pages::print::PaperQuery;
use crate::web::pages::{Layout, PageResult, drawn};
use crate::web::qr::draw_qr;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host/slips", web::post().to(print_slips));
}

/// One slip as printed: the guest, their table, their link and its QR code.
struct SlipLine {
    name: String,
    table: Option<i32>,
    url: String,
    qr: String,
}

#[derive(Template)]
#[template(path = "print/slips.html")]
struct SlipsPrint {
    layout: Layout,
    page_size: &'static str,
    name: String,
    slips: Vec<SlipLine>,
}

/// Makes the slips (new links for every guest whose seat nobody opened) and shows them to print.
/// Their QR codes (one per guest, hundreds at a big party) are drawn off the async threads.
async fn print_slips(
    app: web::Data<App>,
    req: HttpRequest,
    paper: web::Query<PaperQuery>,
    form: HostForm<NoFields>,
) -> PageResult {
    let page_size = paper.page_size();
    let id = form.host.event;
    let (event, slips) = form.run(slips::make_slips).await?;
    form.tell_live();
    let base = crate::web::address::base_url(&req);
    let language = event.settings.language;
    let name = event.settings.name;
    let layout = Layout::new("", &form.visitor)
        .for_event(id, &name, &form.visitor)
        .in_language(language)
        .titled("print-title-slips");
    let mut response = drawn(&app, move |_| {
        let slips = slips
            .into_iter()
            .map(|slip| {
                let url = format!("{base}/seat/{}", slip.token);
                SlipLine {
                    name: slip.name,
                    table: slip.table,
                    qr: draw_qr(&url),
                    url,
                }
            })
            .collect();
        Ok(SlipsPrint {
            layout,
            page_size,
            name,
            slips,
        })
    })
    .await?;
    // The links are secrets: no cache keeps this page.
    response.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-store"),
    );
    Ok(response)
}
