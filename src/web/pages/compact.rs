//! A page's live regions on one line.
//!
//! A region is drawn from an indented template: a seat's board was some 160 lines, 7 KB, of
//! which a tenth was indentation. Sent over server-sent events, each line is sent as a `data:`
//! line of its own (another kilobyte), and the connection's write buffer, which actix keeps at
//! its largest for as long as the page stays open, grew past 8 KB for the larger boards, at six
//! thousand open pages. A run of white space that holds a line break is, to a browser, one
//! space (the regions hold no `<pre>` and no `<textarea>`, where it would not be: see the test
//! below), so it is sent as one.

/// Whether a byte is white space a template indents with (ASCII only: the no-break spaces
/// French puts before a colon are text).
fn indent(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// `html` with every run of white space that holds a line break made one space, so that it is
/// one line; a run at the very start or end is dropped. Cuts fall on ASCII bytes only, so every
/// piece copied is whole text.
pub(super) fn one_line(html: &str) -> String {
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len());
    // The text not yet copied starts at `from`.
    let mut from = 0;
    for line_break in memchr::memchr_iter(b'\n', bytes) {
        if line_break < from {
            // A line break of a run already made one space.
            continue;
        }
        let mut end = line_break;
        while end > from && indent(bytes[end - 1]) {
            end -= 1;
        }
        out.push_str(&html[from..end]);
        let mut next = line_break + 1;
        while next < bytes.len() && (indent(bytes[next]) || bytes[next] == b'\n') {
            next += 1;
        }
        if !out.is_empty() && next < bytes.len() {
            out.push(' ');
        }
        from = next;
    }
    out.push_str(&html[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each run of white space holding a line break is one space, and nothing else changes:
    /// spaces within a line, text, and the no-break spaces of French typography stay.
    #[test]
    fn a_live_region_is_sent_on_one_line_and_reads_the_same() {
        assert_eq!(
            one_line(
                "\n  <div class=\"side\">\n    <h3>Ann</h3>\n\n    <span>5</span> <b>mi</b>\n  </div>\n"
            ),
            "<div class=\"side\"> <h3>Ann</h3> <span>5</span> <b>mi</b> </div>"
        );
        // White space without a line break is left as it is, and so is text.
        assert_eq!(one_line("<p>a  b\tc</p>"), "<p>a  b\tc</p>");
        // A no-break space (French typography) is text, not indentation.
        assert_eq!(
            one_line("<p>Donne 2\u{202f}: Ann</p>\n\u{a0}<p>x</p>"),
            "<p>Donne 2\u{202f}: Ann</p> \u{a0}<p>x</p>"
        );
        assert_eq!(one_line(""), "");
        assert_eq!(one_line("\n \n"), "");
        assert_eq!(one_line("x\r\n  y"), "x y");
    }

    /// The templates a live region is drawn from hold nothing whose white space a browser keeps
    /// (`<pre>`, `<textarea>`), nor a script or a style, so one line reads as the lines did.
    #[test]
    fn the_templates_of_live_regions_hold_no_text_whose_line_breaks_count() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut read = 0;
        for folder in ["fragments", "boards"] {
            let entries = std::fs::read_dir(root.join(folder)).expect("the templates' folder");
            for entry in entries {
                let path = entry.expect("a template").path();
                let text = std::fs::read_to_string(&path).expect("a template's text");
                for kept in ["<pre", "<textarea", "<script", "<style", "white-space"] {
                    assert!(
                        !text.contains(kept),
                        "{} holds {kept}: its line breaks would be lost on one line",
                        path.display()
                    );
                }
                read += 1;
            }
        }
        assert!(read > 10, "only {read} templates read");
    }
}
