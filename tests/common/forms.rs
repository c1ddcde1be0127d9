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

/// The elements of a page whose opening tag starts with `open` (`<div class="card `), each
/// whole: from its opening tag to its matching closing tag.
pub fn elements<'a>(html: &'a str, open: &str) -> Vec<&'a str> {
    let name: String = open
        .trim_start_matches('<')
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    let (opening, closing) = (format!("<{name}"), format!("</{name}>"));
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = html[from..].find(open).map(|i| from + i) {
        // Count the same elements opened inside it until its own closing tag.
        let mut depth = 0usize;
        let mut cursor = at;
        let end = loop {
            let next_open = html[cursor + 1..].find(&opening).map(|i| cursor + 1 + i);
            let next_close = html[cursor + 1..]
                .find(&closing)
                .map(|i| cursor + 1 + i)
                .unwrap_or_else(|| panic!("{open} is closed: {html}"));
            match next_open {
                Some(o) if o < next_close => {
                    depth += 1;
                    cursor = o;
                }
                _ if depth == 0 => break next_close + closing.len(),
                _ => {
                    depth -= 1;
                    cursor = next_close;
                }
            }
        };
        found.push(&html[at..end]);
        from = end;
    }
    found
}

/// What a screen reader says of some HTML: its text, without what is hidden from it
/// (`aria-hidden="true"`, the `hidden` attribute, scripts), entities decoded, each element's
/// text apart and white space collapsed.
pub fn spoken(html: &str) -> String {
    const VOID: [&str; 8] = ["br", "hr", "img", "input", "link", "meta", "source", "wbr"];
    let mut said = String::new();
    // The open elements, and whether each hides what it holds.
    let mut open: Vec<(String, bool)> = Vec::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        if !open.iter().any(|(_, hidden)| *hidden) {
            said.push_str(&rest[..lt]);
        }
        let gt = lt + rest[lt..].find('>').expect("a tag's end");
        let tag = &rest[lt + 1..gt];
        rest = &rest[gt + 1..];
        said.push(' ');
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            if let Some(at) = open.iter().rposition(|(n, _)| *n == name) {
                open.truncate(at);
            }
            continue;
        }
        if tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        let name: String = tag
            .split(|c: char| c.is_whitespace())
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if VOID.contains(&name.as_str()) {
            continue;
        }
        let hidden = tag.contains("aria-hidden=\"true\"")
            || tag.split_whitespace().any(|word| word == "hidden")
            || matches!(name.as_str(), "script" | "style" | "template");
        open.push((name, hidden));
    }
    if !open.iter().any(|(_, hidden)| *hidden) {
        said.push_str(rest);
    }
    html_escape::decode_html_entities(&said)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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
