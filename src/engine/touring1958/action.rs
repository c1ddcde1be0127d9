//! What a player can do on a turn of Touring (1937-1958), and its JSON form.
//!
//! ```json
//! {"play":"mile25"}
//! {"play":"populated_area","target":1}
//! {"play":"burning_oil","target":1}
//! {"discard":"wrecker"}
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::cards::Card;
use crate::engine::Side;
use crate::engine::json::{
    PlayOrDiscard, action_object, card_action, card_from_json, play_or_discard, target_from_json,
};

/// One decision on a turn: play a card or discard one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card. `target` is the side attacked, for Populated Area and the delays only.
    Play { card: Card, target: Option<Side> },
    /// Discard a card face up on the discard pile.
    Discard { card: Card },
}

impl Action {
    /// Play a card on one's own side.
    pub const fn play(card: Card) -> Action {
        Action::Play { card, target: None }
    }

    /// Play Populated Area or a delay on another side.
    pub const fn attack(card: Card, target: Side) -> Action {
        Action::Play {
            card,
            target: Some(target),
        }
    }

    /// Discard a card.
    pub const fn discard(card: Card) -> Action {
        Action::Discard { card }
    }

    /// The card the action uses.
    pub const fn card(&self) -> Card {
        match *self {
            Action::Play { card, .. } | Action::Discard { card } => card,
        }
    }

    /// Reads an action from its JSON form, with a message a person can act on when it is wrong.
    pub fn from_json(value: &Value) -> Result<Action, String> {
        let object = action_object(
            value,
            r#"{"play":"go"} or {"discard":"mile25"}"#,
            &["play", "discard", "target"],
            r#""play" or "discard", and for Populated Area and delays "target""#,
        )?;
        match play_or_discard(object)? {
            PlayOrDiscard::Discard(card) => {
                if object.contains_key("target") {
                    return Err("a discard has no \"target\"".into());
                }
                Ok(Action::Discard {
                    card: card_from_json(card)?,
                })
            }
            PlayOrDiscard::Play(card) => Ok(Action::Play {
                card: card_from_json(card)?,
                target: target_from_json(object)?,
            }),
        }
    }

    /// The JSON form.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Action::Discard { card } => write!(f, "discard {}", card.name()),
            Action::Play {
                card,
                target: Some(side),
            } => match card.takes() {
                Some(taken) => write!(
                    f,
                    "play {} on side {side}, taking a {} card",
                    card.name(),
                    taken.name()
                ),
                None => write!(f, "play {} on side {side}", card.name()),
            },
            Action::Play { card, .. } => write!(f, "play {}", card.name()),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Action::Discard { card } => card_action(serializer, "discard", &card, None, 0)?.end(),
            Action::Play { card, target } => card_action(serializer, "play", &card, target, 0)?.end(),
        }
    }
}

crate::rule_action!(Action);

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn actions_round_trip_through_json() {
        let actions = [
            Action::play(Card::Go),
            Action::play(Card::Mile75),
            Action::discard(Card::Wrecker),
            Action::attack(Card::PopulatedArea, 1),
            Action::attack(Card::BurningOil, 2),
        ];
        for action in actions {
            let json = action.to_json();
            assert_eq!(Action::from_json(&json), Ok(action), "{json}");
        }
        assert_eq!(
            Action::attack(Card::StopToRefuel, 1).to_json(),
            json!({"play":"stop_to_refuel","target":1})
        );
        assert_eq!(
            Action::attack(Card::BurningOil, 1).to_string(),
            "play Burning Oil on side 1, taking a 75 Miles card"
        );
    }

    #[test]
    fn malformed_actions_are_explained() {
        let cases = [
            (json!("go"), "JSON object"),
            (json!({}), "needs \"play\" or \"discard\""),
            (json!({"play":"go","discard":"go"}), "not both"),
            (json!({"play":"mile5"}), "unknown card"),
            (json!({"play":25}), "named by a string"),
            (
                json!({"play":"stop_to_refuel","target":-1}),
                "number of the side",
            ),
            (json!({"play":"stop_to_refuel","target":9}), "no side 9"),
            (json!({"discard":"go","target":1}), "no \"target\""),
            (
                json!({"play":"burning_oil","take":["mile75"]}),
                "unknown field",
            ),
        ];
        for (value, needle) in cases {
            let err = Action::from_json(&value).expect_err("should be refused");
            assert!(err.contains(needle), "{value}: {err}");
        }
    }
}
