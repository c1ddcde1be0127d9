//! Reading JSON input with messages a person can act on: shared by every rule set's actions,
//! the protocol and the web layer.
//!
//! An action of every rule set is a JSON object with a verb (`"play"`, `"discard"`, ...) and
//! perhaps a `"target"` side: [`action_object`], [`play_or_discard`] and [`target_from_json`]
//! read what they share, [`card_action`] and [`one_entry`] write it, and
//! [`rule_action!`](crate::rule_action) reads an action of any rule set through serde too.
//! Each rule set's `action.rs` keeps its own verbs, examples and checks.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::{Map, Value};

use super::{Seat, Side};

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

/// The object an action's JSON must be, refusing anything else and any field but `fields`.
/// The messages show `examples` of an action and say what an action has (`fields_help`).
pub fn action_object<'a>(
    value: &'a Value,
    examples: &str,
    fields: &[&str],
    fields_help: &str,
) -> Result<&'a Map<String, Value>, String> {
    let Some(object) = value.as_object() else {
        return Err(format!(
            "an action is a JSON object such as {examples}, not {}",
            describe(value)
        ));
    };
    match object.keys().find(|key| !fields.contains(&key.as_str())) {
        Some(key) => Err(format!(
            "unknown field \"{key}\" in the action; an action has {fields_help}"
        )),
        None => Ok(object),
    }
}

/// The card an action plays or discards: its JSON value, not yet read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayOrDiscard<'a> {
    Play(&'a Value),
    Discard(&'a Value),
}

/// Which of `"play"` and `"discard"` an action has: exactly one of them.
pub fn play_or_discard(object: &Map<String, Value>) -> Result<PlayOrDiscard<'_>, String> {
    match (object.get("play"), object.get("discard")) {
        (Some(card), None) => Ok(PlayOrDiscard::Play(card)),
        (None, Some(card)) => Ok(PlayOrDiscard::Discard(card)),
        (Some(_), Some(_)) => Err("an action either plays or discards a card, not both".into()),
        (None, None) => Err(
            "an action needs \"play\" or \"discard\" with a card, e.g. {\"play\":\"go\"}".into(),
        ),
    }
}

/// The side an action's `"target"` names; none when it is missing or `null`.
pub fn target_from_json(object: &Map<String, Value>) -> Result<Option<Side>, String> {
    match object.get("target") {
        None | Some(Value::Null) => Ok(None),
        Some(value) => side_from_json(value).map(Some),
    }
}

/// Starts the JSON object of a play or a discard: `{"play": card, "target": side}`, without
/// `"target"` when there is none, and room for `more` entries the caller adds before `end`.
pub fn card_action<S: Serializer, C: Serialize>(
    serializer: S,
    verb: &'static str,
    card: &C,
    target: Option<Side>,
    more: usize,
) -> Result<S::SerializeMap, S::Error> {
    let mut map = serializer.serialize_map(Some(1 + usize::from(target.is_some()) + more))?;
    map.serialize_entry(verb, card)?;
    if let Some(target) = target {
        map.serialize_entry("target", &target)?;
    }
    Ok(map)
}

/// The JSON object of an action that is one entry (`{"pass": true}`).
pub fn one_entry<S: Serializer, V: Serialize>(
    serializer: S,
    key: &'static str,
    value: &V,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry(key, value)?;
    map.end()
}

/// A JSON value read with every object's keys told apart, and the first key that stood twice
/// in one object (at any depth), if any: `serde_json::Value` alone would silently keep the
/// last (`{"cmd":"new","cmd":"quit"}` would quit). The protocol and the API refuse a value
/// with a repeated key; reading it never fails on one, so that the refusal can name the key
/// in the reader's words.
#[derive(Debug, Clone, PartialEq)]
pub struct Strict {
    pub value: Value,
    /// The first key found twice in one object.
    pub repeated: Option<String>,
}

impl Strict {
    /// What to say of a repeated key, in English (the protocol's words).
    pub fn repeated_words(key: &str) -> String {
        format!(
            "the key \"{}\" stands twice in one object; send each key once",
            truncate(key, 40)
        )
    }
}

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl StrictVisitor {
    fn plain<E>(value: Value) -> Result<Strict, E> {
        Ok(Strict {
            value,
            repeated: None,
        })
    }
}

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Strict, E> {
        Self::plain(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Strict, E> {
        Self::plain(Value::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Strict, E> {
        Self::plain(Value::from(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Strict, E> {
        Self::plain(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Strict, E> {
        Self::plain(Value::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Strict, E> {
        Self::plain(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Strict, E> {
        Self::plain(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        let mut repeated = None;
        while let Some(item) = seq.next_element::<Strict>()? {
            repeated = repeated.or(item.repeated);
            items.push(item.value);
        }
        Ok(Strict {
            value: Value::Array(items),
            repeated,
        })
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut object = Map::new();
        let mut repeated = None;
        while let Some(key) = map.next_key::<String>()? {
            let item = map.next_value::<Strict>()?;
            repeated = repeated.or(item.repeated);
            if object.contains_key(&key) {
                repeated = repeated.or(Some(key));
            } else {
                object.insert(key, item.value);
            }
        }
        Ok(Strict {
            value: Value::Object(object),
            repeated,
        })
    }
}

/// Makes a rule set's `Action`, which has `fn from_json(&Value) -> Result<Action, String>`, a
/// [`RuleAction`](crate::RuleAction), reads it through serde with the same
/// messages, and writes its JSON form (`to_json`).
#[macro_export]
macro_rules! rule_action {
    ($action:ident) => {
        impl $action {
            /// The JSON form.
            pub fn to_json(&self) -> ::serde_json::Value {
                ::serde_json::to_value(self).unwrap_or(::serde_json::Value::Null)
            }

            /// The JSON form as text, written straight from the action (the same text as
            /// `to_json().to_string()`, without building the value: a board writes one for
            /// each move it offers, at every move).
            pub fn to_json_text(&self) -> String {
                ::serde_json::to_string(self).unwrap_or_else(|_| "null".to_owned())
            }
        }

        impl $crate::RuleAction for $action {
            fn from_json(value: &::serde_json::Value) -> Result<$action, String> {
                $action::from_json(value)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $action {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let value =
                    <::serde_json::Value as ::serde::Deserialize>::deserialize(deserializer)?;
                $action::from_json(&value).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}

/// Writes the constructors of a rule set's `Action` whose plays are `Play { card, target }`:
/// `play` a card on one's own side, `attack` another side with one, and `discard` one.
#[macro_export]
macro_rules! targeted_actions {
    ($action:ident<$card:ident>) => {
        impl $action {
            /// Play a card on one's own side.
            pub const fn play(card: $card) -> $action {
                $action::Play { card, target: None }
            }

            /// Play a card on another side.
            pub const fn attack(card: $card, target: $crate::Side) -> $action {
                $action::Play {
                    card,
                    target: Some(target),
                }
            }

            /// Discard a card.
            pub const fn discard(card: $card) -> $action {
                $action::Discard { card }
            }
        }
    };
}

/// Checks a rule set's actions against their JSON form: each of `actions` reads back from the
/// JSON it writes, and each of `malformed` is refused with a message that holds its needle.
#[cfg(test)]
pub(crate) fn check_json<A: crate::RuleAction>(actions: &[A], malformed: &[(Value, &str)]) {
    for &action in actions {
        let json = serde_json::to_value(action).expect("json");
        assert_eq!(A::from_json(&json), Ok(action), "{json}");
        // The text written straight from the action is the value's.
        let text = serde_json::to_string(&action).expect("json text");
        assert_eq!(text, json.to_string());
    }
    for (value, needle) in malformed {
        let err = A::from_json(value).expect_err("should be refused");
        assert!(err.contains(needle), "{value}: {err}");
    }
}
