//! Reading JSON input with messages a person can act on: shared by every rule set's actions,
//! the protocol and the web layer.

use serde_json::Value;

use super::Seat;

/// A short description of a JSON value for error messages.
pub fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string \"{}\"", truncate(s, 40)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// At most `max` characters of a string, marked when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut}…")
    }
}

/// The seat a JSON seat number names, if it is one.
pub fn seat_from_json(value: &Value, players: u8) -> Result<Seat, String> {
    match value.as_u64() {
        Some(n) if n < u64::from(players) => Ok(n as Seat),
        Some(n) => Err(format!(
            "there is no seat {n}: this game has seats 0 to {}",
            players.saturating_sub(1)
        )),
        None => Err(format!(
            "\"seat\" is a seat number such as 0, not {}",
            describe(value)
        )),
    }
}

/// The card of a rule set a JSON string names.
pub fn card_from_json<C: super::CardKind>(value: &Value) -> Result<C, String> {
    match value {
        Value::String(id) => C::from_id(id).ok_or_else(|| {
            format!(
                "unknown card \"{}\"; the cards are {}",
                truncate(id, 40),
                C::id_list()
            )
        }),
        other => Err(format!(
            "a card is named by a string such as \"go\", not {}",
            describe(other)
        )),
    }
}

/// The side a JSON `target` names.
pub fn side_from_json(value: &Value) -> Result<super::Side, String> {
    match value.as_u64() {
        Some(n) if n < 6 => Ok(n as super::Side),
        Some(n) => Err(format!("there is no side {n}; sides are numbered from 0")),
        None => Err(format!(
            "\"target\" is the number of the side to play on, such as 1, not {}",
            describe(value)
        )),
    }
}
