//! Numbers in the reader's conventions: "5000" in English, "5 000" in French.

use fluent_bundle::FluentValue;
use unic_langid::LanguageIdentifier;

use super::LANGUAGES;

/// How a language writes numbers, found by its tag (fluent's cache keeps one per bundle).
struct Grouping(&'static str);

impl intl_memoizer::Memoizable for Grouping {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Grouping, ()> {
        let tag = lang.language.as_str();
        let separator = LANGUAGES
            .iter()
            .find(|(t, _)| *t == tag)
            .map_or("", |(_, separator)| separator);
        Ok(Grouping(separator))
    }
}

/// A whole number placed in a message, written as its language writes it.
pub(super) fn number_in_conventions(
    value: &FluentValue,
    intls: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let whole = number.value.fract() == 0.0 && number.value.abs() < 1e15;
    if !whole || number.options.minimum_fraction_digits.is_some() {
        return None;
    }
    let separator = intls.with_try_get::<Grouping, _, _>((), |g| g.0).ok()?;
    #[allow(clippy::cast_possible_truncation)]
    Some(grouped(number.value as i64, separator))
}

/// `n` with its digits grouped by thousands with `separator` ("" for none).
pub(super) fn grouped(n: i64, separator: &str) -> String {
    let digits = n.unsigned_abs().to_string();
    if separator.is_empty() || digits.len() < 4 {
        return n.to_string();
    }
    let mut out = String::with_capacity(digits.len() + 8);
    if n < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(digit);
    }
    out
}
