//! What a player can do in a hand of Mille Bornes, and its JSON form.
//!
//! ```json
//! {"play":"roll"}
//! {"play":"d100"}
//! {"play":"stop","target":1}
//! {"discard":"d200"}
//! {"coup_fourre":true}   {"pass":true}          (a coup fourré may be called)
//! {"extend":true}        {"extend":false}       (a side reached exactly 700)
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::cards::Card;
use crate::Side;
use crate::json::{
    action_object, card_action, card_from_json, describe, one_entry, target_from_json,
};

/// One decision: a turn's play or discard, or an answer at a decision point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card. `target` is the side attacked, for hazards only.
    Play { card: Card, target: Option<Side> },
    /// Discard a card: it is out of play for the rest of the hand.
    Discard { card: Card },
    /// Call Coup Fourré with the safety that matches the hazard just played on one's side.
    CoupFourre,
    /// Let the chance of a coup fourré go by.
    Pass,
    /// At exactly 700 miles: go on to 1000 (`true`) or stop the hand here (`false`).
    Extend(bool),
}

crate::targeted_actions!(Action<Card>);

impl Action {
    /// The card the action uses, if it uses one.
    pub const fn card(&self) -> Option<Card> {
        match *self {
            Action::Play { card, .. } | Action::Discard { card } => Some(card),
            _ => None,
        }
    }

    /// Reads an action from its JSON form, with a message a person can act on when it is wrong.
    pub fn from_json(value: &Value) -> Result<Action, String> {
        let object = action_object(
            value,
            r#"{"play":"roll"}, {"discard":"d25"} or {"coup_fourre":true}"#,
            &["play", "discard", "target", "coup_fourre", "pass", "extend"],
            r#""play" (with "target" for a hazard), "discard", "coup_fourre", "pass" or "extend""#,
        )?;
        let kinds = ["play", "discard", "coup_fourre", "pass", "extend"]
            .iter()
            .filter(|k| object.contains_key(**k))
            .count();
        if kinds > 1 {
            return Err(
                "an action does one thing: play, discard, coup_fourre, pass or extend".into(),
            );
        }
        if object.contains_key("target") && !object.contains_key("play") {
            return Err("only a played hazard has a \"target\"".into());
        }
        let flag = |key: &str| -> Result<bool, String> {
            match object.get(key) {
                Some(Value::Bool(b)) => Ok(*b),
                Some(other) => Err(format!(
                    "\"{key}\" is true or false, not {}",
                    describe(other)
                )),
                None => Ok(false),
            }
        };
        if object.contains_key("coup_fourre") {
            return if flag("coup_fourre")? {
                Ok(Action::CoupFourre)
            } else {
                Err("to let a coup fourré go by, send {\"pass\":true}".into())
            };
        }
        if object.contains_key("pass") {
            return if flag("pass")? {
                Ok(Action::Pass)
            } else {
                Err("\"pass\" is sent as {\"pass\":true}".into())
            };
        }
        if object.contains_key("extend") {
            return Ok(Action::Extend(flag("extend")?));
        }
        match (object.get("play"), object.get("discard")) {
            (None, Some(card)) => Ok(Action::Discard {
                card: card_from_json(card)?,
            }),
            (Some(card), None) => Ok(Action::Play {
                card: card_from_json(card)?,
                target: target_from_json(object)?,
            }),
            _ => Err(
                "an action needs \"play\" or \"discard\" with a card, e.g. {\"play\":\"roll\"}, or a decision such as {\"pass\":true}"
                    .into(),
            ),
        }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Action::Discard { card } => write!(f, "discard {}", card.name()),
            Action::Play {
                card,
                target: Some(side),
            } => write!(f, "play {} on side {side}", card.name()),
            Action::Play { card, .. } => write!(f, "play {}", card.name()),
            Action::CoupFourre => f.write_str("call Coup Fourré"),
            Action::Pass => f.write_str("pass"),
            Action::Extend(true) => f.write_str("extend the trip to 1000 miles"),
            Action::Extend(false) => f.write_str("stop at 700 miles"),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Action::Discard { card } => one_entry(serializer, "discard", &card),
            Action::Play { card, target } => {
                card_action(serializer, "play", &card, target, 0)?.end()
            }
            Action::CoupFourre => one_entry(serializer, "coup_fourre", &true),
            Action::Pass => one_entry(serializer, "pass", &true),
            Action::Extend(extend) => one_entry(serializer, "extend", &extend),
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
            Action::play(Card::Roll),
            Action::play(Card::D200),
            Action::discard(Card::RightOfWay),
            Action::attack(Card::Stop, 1),
            Action::attack(Card::SpeedLimit, 2),
            Action::CoupFourre,
            Action::Pass,
            Action::Extend(true),
            Action::Extend(false),
        ];
        crate::json::check_json(&actions, &[]);
        assert_eq!(
            Action::attack(Card::Accident, 1).to_json(),
            json!({"play":"accident","target":1})
        );
        assert_eq!(Action::CoupFourre.to_json(), json!({"coup_fourre":true}));
        assert_eq!(Action::Extend(false).to_json(), json!({"extend":false}));
    }

    #[test]
    fn malformed_actions_are_explained() {
        let cases = [
            (json!("roll"), "JSON object"),
            (json!({}), "needs \"play\" or \"discard\""),
            (json!({"play":"roll","discard":"roll"}), "does one thing"),
            (json!({"play":"mile5"}), "unknown card"),
            (json!({"play":25}), "named by a string"),
            (json!({"play":"stop","target":-1}), "number of the side"),
            (json!({"discard":"roll","target":1}), "\"target\""),
            (json!({"coup_fourre":false}), "pass"),
            (json!({"coup_fourre":"yes"}), "true or false"),
            (json!({"pass":false}), "{\"pass\":true}"),
            (json!({"extend":1}), "true or false"),
            (json!({"pass":true,"extend":true}), "does one thing"),
            (json!({"play":"stop","take":["d25"]}), "unknown field"),
        ];
        crate::json::check_json::<Action>(&[], &cases);
    }
}
