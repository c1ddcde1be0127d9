//! A form's fields read as what they hold: a whole number, or a refusal that names the field
//! and what was typed. Every page's form reads its numbers here.

use crate::app::AppError;
use crate::i18n::Said;

/// Reads a whole number from a form field, saying which field was wrong: `what` is the message
/// that names the field (`refused-field-*`).
pub fn number<T: std::str::FromStr>(text: &str, what: &'static str) -> Result<T, AppError> {
    text.trim().parse().map_err(|_| {
        AppError::invalid(
            Said::new("refused-not-whole-number")
                .said("what", Said::new(what))
                .text("text", crate::engine::json::truncate(text.trim(), 20)),
        )
    })
}
