//! A browser without script for the page tests: a cookie jar, no automatic redirects (so a
//! test sees the 303s), and the pages' forms.

use reqwest::blocking::{Client, Response};
use reqwest::redirect::Policy;

use super::server::Server;

/// A browser of its own: a cookie jar, no automatic redirects.
pub fn client() -> Client {
    Client::builder()
        .cookie_store(true)
        .redirect(Policy::none())
        .build()
        .expect("client")
}

/// A browser of its own whose `Accept-Language` asks for `lang`.
pub fn client_speaking(lang: &str) -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::ACCEPT_LANGUAGE,
        reqwest::header::HeaderValue::from_str(lang).expect("a language tag"),
    );
    Client::builder()
        .cookie_store(true)
        .redirect(Policy::none())
        .default_headers(headers)
        .build()
        .expect("client")
}

/// GETs a page that must answer 200.
pub fn page(server: &Server, client: &Client, path: &str) -> String {
    let response = client.get(server.url(path)).send().expect("GET");
    assert_eq!(response.status().as_u16(), 200, "GET {path}");
    response.text().expect("body")
}

/// Posts a form that must redirect; answers where to.
pub fn post_form(server: &Server, client: &Client, path: &str, form: &[(&str, &str)]) -> String {
    let response = client
        .post(server.url(path))
        .form(form)
        .send()
        .expect("POST");
    assert_eq!(response.status().as_u16(), 303, "POST {path} redirects");
    location(&response)
}

/// Posts a form that must be refused (422, the page again with its problems); answers the page.
pub fn refused_form(server: &Server, client: &Client, path: &str, form: &[(&str, &str)]) -> String {
    let response = client
        .post(server.url(path))
        .form(form)
        .send()
        .expect("POST");
    assert_eq!(response.status().as_u16(), 422, "POST {path} is refused");
    response.text().expect("page")
}

/// Where a response redirects to (empty when it does not).
pub fn location(response: &Response) -> String {
    response
        .headers()
        .get("location")
        .and_then(|l| l.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// The value of the first field `name` on a page.
pub fn field(html: &str, name: &str) -> String {
    html.split(&format!("name=\"{name}\" value=\""))
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("a field {name} on the page"))
        .to_owned()
}

/// The input with this id, as the page has it.
pub fn input<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("an input {id} on the page"));
    let from = html[..start].rfind("<input").expect("an input tag");
    let end = start + html[start..].find('>').expect("the tag's end");
    &html[from..=end]
}

/// The join key in the projector's QR code of `event` (it opens every free seat of the event,
/// and its check-in).
pub fn join_key(server: &Server, event: i64) -> String {
    let screen = page(server, &client(), &format!("/events/{event}/screen"));
    screen
        .split("/join?key=")
        .nth(1)
        .and_then(|rest| rest.split(['"', '<', '&']).next())
        .expect("the join key in the projector's link")
        .to_owned()
}
