//! Messages that are only text and variables ("Deal { $deal }: { $whose }"), said without
//! Fluent's resolver. Most of what a seat's board says is such a message, six boards a move;
//! the resolver's scope, its tracking of placeables and the string it grows were most of what
//! translation cost a busy party. A message with anything more (a plural, a function, a
//! reference to another message), or missing a variable, goes through Fluent as before, and the
//! two ways write the same text (`tests.rs` compares them on every message).

use std::fmt::{self, Write};

use fluent_bundle::{FluentArgs, FluentValue};
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};

use super::numbers::grouped;

/// How a flat message places its variables.
pub(super) struct Placing<'a> {
    /// The language's digit grouping ("" for none).
    pub separator: &'a str,
    /// Whether text variables are escaped for HTML (a message holding markup).
    pub escaped: bool,
}

/// Writes `pattern` to `out` if it is flat and every variable it places is given: answers
/// `None`, having written nothing, when Fluent must say it.
pub(super) fn write(
    pattern: &Pattern<&str>,
    args: Option<&FluentArgs>,
    placing: &Placing,
    out: &mut impl Write,
) -> Option<fmt::Result> {
    let placed = |element: &PatternElement<&str>| match element {
        PatternElement::TextElement { .. } => true,
        PatternElement::Placeable {
            expression: Expression::Inline(InlineExpression::VariableReference { id }),
        } => args.and_then(|a| a.get(id.name)).is_some_and(sayable),
        PatternElement::Placeable { .. } => false,
    };
    if !pattern.elements.iter().all(placed) {
        return None;
    }
    Some(
        pattern
            .elements
            .iter()
            .try_for_each(|element| match element {
                PatternElement::TextElement { value } => out.write_str(value),
                PatternElement::Placeable {
                    expression: Expression::Inline(InlineExpression::VariableReference { id }),
                } => match args.and_then(|a| a.get(id.name)) {
                    Some(value) => place(value, placing, out),
                    None => Ok(()),
                },
                PatternElement::Placeable { .. } => Ok(()),
            }),
    )
}

/// Whether this side says `value` as Fluent would: text, and whole numbers (which the bundles'
/// formatter writes in the language's grouping); anything else is left to Fluent.
fn sayable(value: &FluentValue) -> bool {
    match value {
        FluentValue::String(_) => true,
        FluentValue::Number(n) => whole(n.value) && n.options.minimum_fraction_digits.is_none(),
        _ => false,
    }
}

fn whole(value: f64) -> bool {
    value.fract() == 0.0 && value.abs() < 1e15
}

fn place(value: &FluentValue, placing: &Placing, out: &mut impl Write) -> fmt::Result {
    match value {
        FluentValue::String(text) if placing.escaped => super::write_escaped(text, out),
        FluentValue::String(text) => out.write_str(text),
        #[allow(clippy::cast_possible_truncation)]
        FluentValue::Number(n) => out.write_str(&grouped(n.value as i64, placing.separator)),
        _ => Ok(()),
    }
}
