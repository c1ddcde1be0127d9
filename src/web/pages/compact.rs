//! A page's live regions on one line.
//!
//! A region is drawn from an indented template: a seat's board was some 160 lines, 7 KB, of
//! which a tenth was indentation. Sent over server-sent events, each line is sent as a `data:`
//! line of its own (another kilobyte), and the connection's write buffer, which actix keeps at
//! its largest for as long as the page stays open, grew past 8 KB for the larger boards, at six
//! thousand open pages. A run of white space that holds a line break is, to a browser, one
//! space (the regions hold no `<pre>` and no `<textarea>`, where it would not be: see the test
//! below), so it is sent as one. The template writes straight through [`OneLine`], so a region
//! is drawn once, already on one line.

/// Whether a byte is white space a template indents with (ASCII only: the no-break spaces
/// French puts before a colon are text).
fn indent(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// Whether a byte belongs to a run of white space (an indentation or a line break).
fn blank(byte: u8) -> bool {
    indent(byte) || byte == b'\n'
}

/// `html` with every run of white space that holds a line break made one space, so that it is
/// one line; a run at the very start or end is dropped.
#[cfg(test)]
pub(super) fn one_line(html: &str) -> String {
    use std::fmt::Write;
    let mut line = OneLine::with_capacity(html.len());
    // Writing to a String does not fail.
    let _ = line.write_str(html);
    line.finish()
}

/// A run of white space not yet closed: where it began in the output, and whether it holds a
/// line break (then it becomes one space when it closes, or nothing at the very start or end).
/// A run without a line break is written as it is, so that it stays if no line break comes.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: usize,
    line_break: bool,
}

/// Writes a region on one line as a template draws it, piece by piece, into the string that
/// is sent: the same text as drawing it whole and then making it one line, without drawing it
/// twice. Every run of white space that holds a line break becomes one space; a run at the very
/// start or end is dropped. Cuts fall on ASCII bytes only, so every piece copied is whole text.
#[derive(Debug)]
pub(super) struct OneLine {
    out: String,
    /// The run the last piece ended in, if it ended in white space.
    run: Option<Run>,
}

impl OneLine {
    pub(super) fn with_capacity(bytes: usize) -> OneLine {
        OneLine {
            out: String::with_capacity(bytes),
            run: None,
        }
    }

    /// The region on one line.
    pub(super) fn finish(mut self) -> String {
        if let Some(run) = self.run
            && run.line_break
        {
            self.out.truncate(run.start);
        }
        self.out
    }

    /// Ends a run before the text that follows it.
    fn close(&mut self, run: Run) {
        if run.line_break {
            self.out.truncate(run.start);
            if run.start > 0 {
                self.out.push(' ');
            }
        }
    }
}

impl std::fmt::Write for OneLine {
    fn write_str(&mut self, piece: &str) -> std::fmt::Result {
        let bytes = piece.as_bytes();
        // The piece not yet written starts at `from`.
        let mut from = 0;
        if let Some(mut run) = self.run.take() {
            // The last piece ended in white space: this one may go on with it.
            while from < bytes.len() && blank(bytes[from]) {
                if bytes[from] == b'\n' && !run.line_break {
                    // What went before in this run is dropped with it when it closes.
                    run.line_break = true;
                }
                from += 1;
            }
            if !run.line_break {
                self.out.push_str(&piece[..from]);
            }
            if from == bytes.len() {
                self.run = Some(run);
                return Ok(());
            }
            self.close(run);
        }
        while let Some(found) = memchr::memchr(b'\n', &bytes[from..]) {
            let line_break = from + found;
            let mut end = line_break;
            while end > from && indent(bytes[end - 1]) {
                end -= 1;
            }
            self.out.push_str(&piece[from..end]);
            let run = Run {
                start: self.out.len(),
                line_break: true,
            };
            from = line_break + 1;
            while from < bytes.len() && blank(bytes[from]) {
                from += 1;
            }
            if from == bytes.len() {
                self.run = Some(run);
                return Ok(());
            }
            self.close(run);
        }
        self.out.push_str(&piece[from..]);
        // White space at the piece's end may go on in the next piece (and hold a line break).
        let trailing = bytes[from..]
            .iter()
            .rev()
            .take_while(|byte| indent(**byte))
            .count();
        if trailing > 0 {
            self.run = Some(Run {
                start: self.out.len() - trailing,
                line_break: false,
            });
        }
        Ok(())
    }
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

    /// The same text by its definition, run by run: a maximal run of white space holding a line
    /// break is one space, or nothing at the very start or end; anything else stays.
    fn by_runs(html: &str) -> String {
        let mut out = String::new();
        let mut rest = html;
        while !rest.is_empty() {
            let run = rest.bytes().take_while(|b| blank(*b)).count();
            if run == 0 {
                let text = rest.bytes().take_while(|b| !blank(*b)).count();
                out.push_str(&rest[..text]);
                rest = &rest[text..];
                continue;
            }
            let (blanks, after) = rest.split_at(run);
            if !blanks.contains('\n') {
                out.push_str(blanks);
            } else if !out.is_empty() && !after.is_empty() {
                out.push(' ');
            }
            rest = after;
        }
        out
    }

    proptest::proptest! {
        /// However a template cuts its text into pieces, the region written through
        /// [`OneLine`] is the region made one line by its definition.
        #[test]
        fn a_region_written_in_pieces_is_the_same_one_line(
            html in "[ \t\r\na<>é\u{a0}]{0,40}",
            cuts in proptest::collection::vec(0usize..40, 0..6),
        ) {
            use std::fmt::Write;
            let mut cuts: Vec<usize> = cuts
                .into_iter()
                .filter(|c| *c <= html.len() && html.is_char_boundary(*c))
                .collect();
            cuts.sort_unstable();
            let mut line = OneLine::with_capacity(0);
            let mut from = 0;
            for cut in cuts.into_iter().chain([html.len()]) {
                line.write_str(&html[from..cut]).expect("written");
                from = cut;
            }
            proptest::prop_assert_eq!(line.finish(), by_runs(&html));
        }
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
