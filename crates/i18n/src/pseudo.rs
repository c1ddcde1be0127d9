//! The pseudo-language of the tests (`en-XA`): its accents, and the finder of visible text
//! that no message said.

use std::borrow::Cow;

use super::{CLOSE, OPEN};

/// The pseudo-language's text: every ASCII letter of a message's own words accented, markup
/// (`<...>`) and entities (`&...;`) left alone.
pub(super) fn accented(text: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(text.len() * 2);
    let (mut in_tag, mut in_entity) = (false, false);
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            '&' => in_entity = true,
            ';' => in_entity = false,
            _ => {}
        }
        let plain = in_tag || in_entity;
        out.push(match c {
            'a' if !plain => 'á',
            'e' if !plain => 'é',
            'i' if !plain => 'ï',
            'o' if !plain => 'ö',
            'u' if !plain => 'ü',
            'A' if !plain => 'Å',
            'E' if !plain => 'É',
            'O' if !plain => 'Ö',
            'n' if !plain => 'ñ',
            'c' if !plain => 'ç',
            other => other,
        });
    }
    Cow::Owned(out)
}

/// description, the script's words in data-muted/data-unmuted), less what lies between the
/// markers and less `data` (what people typed: names, the event's name), and any piece that
/// still holds a letter. Empty when the page is wholly translated. For the tests of every
/// converted page.
pub fn untranslated(html: &str, data: &[&str]) -> Vec<String> {
    // Text nodes, in order (a message with markup spans several), and attribute values (each
    // a message of its own), each flagged so.
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        pieces.push((rest[..open].to_owned(), false));
        rest = &rest[open..];
        // Comments, scripts and styles say nothing to a reader.
        let skip_to = |end: &str, rest: &str| rest.find(end).map_or(rest.len(), |i| i + end.len());
        if rest.starts_with("<!--") {
            rest = &rest[skip_to("-->", rest)..];
            continue;
        }
        if rest.starts_with("<script") {
            rest = &rest[skip_to("</script>", rest)..];
            continue;
        }
        if rest.starts_with("<style") {
            rest = &rest[skip_to("</style>", rest)..];
            continue;
        }
        let close = skip_to(">", rest);
        let tag = &rest[..close];
        let described = tag.contains("name=\"description\"");
        for attribute in [
            "title",
            "aria-label",
            "alt",
            "placeholder",
            "data-muted",
            "data-unmuted",
            "data-say-minute",
            "data-say-stop",
            "data-say-sound-on",
            "data-say-your-turn",
            "data-say-play-anyway",
            "data-say-unsent",
            "data-say-unsent-note",
            "data-say-moved-on",
        ]
        .into_iter()
        .chain(described.then_some("content"))
        {
            let needle = format!(" {attribute}=\"");
            if let Some(at) = tag.find(&needle) {
                let value = &tag[at + needle.len()..];
                pieces.push((
                    value[..value.find('"').unwrap_or(value.len())].to_owned(),
                    true,
                ));
            }
        }
        rest = &rest[close..];
    }
    pieces.push((rest.to_owned(), false));
    let mut text_depth = 0usize;
    pieces
        .into_iter()
        .filter_map(|(piece, attribute)| {
            let text = unescape(&piece);
            // What lies between markers (nested or not) is a message's.
            let mut outside = String::new();
            let mut own_depth = 0usize;
            let depth = if attribute {
                &mut own_depth
            } else {
                &mut text_depth
            };
            for c in text.chars() {
                match c {
                    OPEN => *depth += 1,
                    CLOSE => *depth = depth.saturating_sub(1),
                    c if *depth == 0 => outside.push(c),
                    _ => {}
                }
            }
            for typed in data {
                outside = outside.replace(typed, " ");
            }
            outside
                .chars()
                .any(char::is_alphabetic)
                .then(|| outside.trim().to_owned())
        })
        .collect()
}

/// HTML's escapes undone (those askama writes, and `&nbsp;`).
fn unescape(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}
