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
use crate::Side;
use crate::json::{
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

crate::targeted_actions!(Action<Card>);

impl Action {
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
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
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
            Action::Discard { card } => write!(f, "discard {}", card.name()),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Action::Discard { card } => card_action(serializer, "discard", &card, None, 0)?.end(),
            Action::Play { card, target } => {
                card_action(serializer, "play", &card, target, 0)?.end()
            }
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
        let burning_oil = Action::attack(Card::BurningOil, 1);
        assert_eq!(
            burning_oil.to_string(),
            "play Burning Oil on side 1, taking a 75 Miles card"
        );
        let actions = [
            Action::attack(Card::PopulatedArea, 1),
            Action::discard(Card::Wrecker),
            Action::attack(Card::BurningOil, 2),
            Action::play(Card::Go),
            Action::play(Card::Mile75),
        ];
        crate::json::check_json(&actions, &[]);
        assert_eq!(
            Action::attack(Card::StopToRefuel, 1).to_json(),
            json!({"play":"stop_to_refuel","target":1})
        );
    }

    #[test]
    fn malformed_actions_are_explained() {
        let cases = [
            (
                json!({"play":"burning_oil","take":["mile75"]}),
                "unknown field",
            ),
            (json!({"discard":"go","target":1}), "no \"target\""),
            (json!({"play":"stop_to_refuel","target":9}), "no side 9"),
            (
                json!({"play":"stop_to_refuel","target":-1}),
                "number of the side",
            ),
            (json!({"play":25}), "named by a string"),
            (json!({"play":"mile5"}), "unknown card"),
            (json!({"play":"go","discard":"go"}), "not both"),
            (json!({}), "needs \"play\" or \"discard\""),
            (json!("go"), "JSON object"),
        ];
        crate::json::check_json::<Action>(&[], &cases);
    }
}
