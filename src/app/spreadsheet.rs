//! CSV for people: the standings a host opens in a spreadsheet. Its headings and yes/no are
//! in a language's words, and it follows that language's spreadsheet conventions (its
//! `csv-separator`: a French spreadsheet splits on `;`, as its decimal mark is the comma).
//! Every file starts with a UTF-8 byte-order mark, so that a spreadsheet reads "Benoît" as
//! UTF-8 in any language. A cell holding the separator, a quote or a line break is quoted
//! (quotes doubled), and a cell a spreadsheet would read as a formula is made text. The
//! scores are whole numbers, so no cell has a decimal mark.

use super::standings::spreadsheet_safe;
use super::{AppError, AppResult};
use crate::i18n::Lang;

/// The byte-order mark that starts every CSV for people.
pub const BYTE_ORDER_MARK: char = '\u{feff}';

/// A CSV being written for people reading `lang`.
pub struct Spreadsheet {
    lang: Lang,
    writer: csv::Writer<Vec<u8>>,
}

impl Spreadsheet {
    pub fn new(lang: Lang) -> Spreadsheet {
        Spreadsheet {
            lang,
            writer: csv::WriterBuilder::new()
                .delimiter(separator(lang))
                .from_writer(Vec::new()),
        }
    }

    /// The message `id` in the file's language (a heading).
    pub fn words(&self, id: &str) -> String {
        self.lang.t(id)
    }

    /// A round's heading, "round 2".
    pub fn round(&self, round: usize) -> String {
        self.lang.msg("csv-round").arg("round", round).text()
    }

    /// Yes or no, in the file's language.
    pub fn yes_no(&self, yes: bool) -> String {
        self.lang.t(if yes { "csv-yes" } else { "csv-no" })
    }

    /// Text people typed (a name), made safe from a spreadsheet's formulas.
    pub fn text(cell: &str) -> String {
        spreadsheet_safe(cell)
    }

    /// One line of cells.
    pub fn line(&mut self, cells: &[String]) -> AppResult<()> {
        self.writer.write_record(cells).map_err(written)
    }

    /// The file, byte-order mark first.
    pub fn finish(self) -> AppResult<String> {
        let bytes = self
            .writer
            .into_inner()
            .map_err(|e| AppError::Internal(format!("writing CSV: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|e| AppError::Internal(format!("writing CSV: {e}")))?;
        Ok(format!("{BYTE_ORDER_MARK}{text}"))
    }
}

fn written(e: csv::Error) -> AppError {
    AppError::Internal(format!("writing CSV: {e}"))
}

/// The separator of a language's spreadsheets: its message `csv-separator` (`,` or `;`).
pub fn separator(lang: Lang) -> u8 {
    lang.t("csv-separator")
        .bytes()
        .find(|b| matches!(b, b',' | b';' | b'\t'))
        .unwrap_or(b',')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name with the separator, a quote, a line break or a formula's first sign comes back
    /// whole from a CSV reader using the language's separator.
    #[test]
    fn a_name_with_a_separator_quote_or_line_break_stays_one_cell() {
        let names = [
            "Benoît; \"le grand\"",
            "Ann, Bob",
            "two\nlines",
            "=1+1",
            "Élodie",
        ];
        for lang in [Lang::ENGLISH, Lang::from_tag("fr").expect("French")] {
            let mut sheet = Spreadsheet::new(lang);
            for name in names {
                sheet
                    .line(&[Spreadsheet::text(name), "1".into()])
                    .expect("a line");
            }
            let text = sheet.finish().expect("the file");
            let body = text
                .strip_prefix(BYTE_ORDER_MARK)
                .expect("a byte-order mark first");
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .delimiter(separator(lang))
                .from_reader(body.as_bytes());
            let read: Vec<String> = reader
                .records()
                .map(|r| r.expect("a record")[0].to_owned())
                .collect();
            let expected: Vec<String> = names.iter().map(|n| spreadsheet_safe(n)).collect();
            assert_eq!(read, expected, "{}: {text}", lang.code());
        }
        assert_eq!(separator(Lang::from_tag("fr").expect("French")), b';');
        assert_eq!(separator(Lang::ENGLISH), b',');
    }
}
