//! What a player can do on a turn, and its JSON form.
//!
//! ```json
//! {"play":"mile5"}
//! {"play":"collision","target":1,"take":["mile10"]}
//! {"discard":"mile1"}
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::cards::Card;
use crate::Side;
use crate::json::{
    PlayOrDiscard, action_object, card_action, card_from_json, describe, play_or_discard,
    target_from_json,
};

/// The cards a delay removes from its target's 5- and 10-mile piles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Take {
    /// How many 5-mile cards.
    pub mile5: u8,
    /// How many 10-mile cards.
    pub mile10: u8,
}

impl Take {
    /// Miles removed.
    #[inline]
    pub const fn miles(self) -> u32 {
        self.mile5 as u32 * 5 + self.mile10 as u32 * 10
    }

    /// Cards removed.
    #[inline]
    pub const fn cards(self) -> u8 {
        self.mile5 + self.mile10
    }

    /// The cards as a list, tens first (the JSON form).
    pub fn card_list(self) -> Vec<Card> {
        let mut cards = vec![Card::Mile10; usize::from(self.mile10)];
        cards.extend(std::iter::repeat_n(Card::Mile5, usize::from(self.mile5)));
        cards
    }

    /// Reads a list of cards; anything but 5- and 10-mile cards is refused.
    pub fn from_cards(cards: &[Card]) -> Result<Take, String> {
        let mut take = Take::default();
        for &card in cards {
            match card {
                Card::Mile5 => take.mile5 = take.mile5.saturating_add(1),
                Card::Mile10 => take.mile10 = take.mile10.saturating_add(1),
                other => {
                    return Err(format!(
                        "a delay can only take 5-mile and 10-mile cards, not {}",
                        other.id()
                    ));
                }
            }
        }
        Ok(take)
    }
}

impl Serialize for Take {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.card_list().serialize(serializer)
    }
}

/// One decision on a turn: play a card or discard one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card. `target` and `take` are for delay cards only.
    Play {
        card: Card,
        target: Option<Side>,
        take: Option<Take>,
    },
    /// Discard a card face down on the deadwood.
    Discard { card: Card },
}

impl Action {
    /// Play a card that needs no target.
    pub const fn play(card: Card) -> Action {
        Action::Play {
            card,
            target: None,
            take: None,
        }
    }

    /// Play a delay card on a side, taking the given cards.
    pub const fn delay(card: Card, target: Side, take: Take) -> Action {
        Action::Play {
            card,
            target: Some(target),
            take: Some(take),
        }
    }

    /// Discard a card.
    pub const fn discard(card: Card) -> Action {
        Action::Discard { card }
    }

    /// Reads an action from its JSON form, with a message a person can act on when it is wrong.
    pub fn from_json(value: &Value) -> Result<Action, String> {
        let object = action_object(
            value,
            r#"{"play":"go"} or {"discard":"mile1"}"#,
            &["play", "discard", "target", "take"],
            r#""play" or "discard", and for delays "target" and "take""#,
        )?;
        match play_or_discard(object)? {
            PlayOrDiscard::Discard(card) => {
                if object.contains_key("target") || object.contains_key("take") {
                    return Err("a discard has no \"target\" or \"take\"".into());
                }
                Ok(Action::Discard {
                    card: card_from_json(card)?,
                })
            }
            PlayOrDiscard::Play(card) => {
                let card = card_from_json(card)?;
                let target = target_from_json(object)?;
                let take = match object.get("take") {
                    None | Some(Value::Null) => None,
                    Some(Value::Array(items)) => {
                        let cards = items
                            .iter()
                            .map(card_from_json)
                            .collect::<Result<Vec<_>, _>>()?;
                        if cards.len() > 4 {
                            return Err("a delay takes at most four cards".into());
                        }
                        Some(Take::from_cards(&cards)?)
                    }
                    Some(other) => {
                        return Err(format!(
                            "\"take\" is a list of cards such as [\"mile10\"], not {}",
                            describe(other)
                        ));
                    }
                };
                Ok(Action::Play { card, target, take })
            }
        }
    }

    /// The card the action uses.
    pub const fn card(&self) -> Card {
        match *self {
            Action::Play { card, .. } | Action::Discard { card } => card,
        }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Action::Play {
                card, target: None, ..
            } => write!(f, "play {}", card.name()),
            Action::Play {
                card,
                target: Some(side),
                take,
            } => {
                write!(f, "play {} on side {side}", card.name())?;
                match take {
                    Some(t) if t.cards() > 0 => {
                        let names: Vec<&str> = t.card_list().iter().map(|c| c.name()).collect();
                        write!(f, ", taking {}", names.join(" and "))
                    }
                    _ => Ok(()),
                }
            }
            Action::Discard { card } => write!(f, "discard {}", card.name()),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Action::Discard { card } => card_action(serializer, "discard", &card, None, 0)?.end(),
            Action::Play { card, target, take } => {
                let more = usize::from(take.is_some());
                let mut map = card_action(serializer, "play", &card, target, more)?;
                if let Some(take) = take {
                    map.serialize_entry("take", &take)?;
                }
                map.end()
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
        assert_eq!(
            Action::delay(
                Card::Collision,
                1,
                Take {
                    mile5: 0,
                    mile10: 1
                }
            )
            .to_json(),
            json!({"play":"collision","target":1,"take":["mile10"]})
        );
        let actions = [
            Action::play(Card::Go),
            Action::discard(Card::Mile1),
            Action::delay(
                Card::Puncture,
                1,
                Take {
                    mile5: 2,
                    mile10: 0,
                },
            ),
        ];
        crate::json::check_json(&actions, &[]);
    }

    #[test]
    fn malformed_actions_are_explained() {
        let cases = [
            (json!({"play":"mile2"}), "unknown card"),
            (json!({"play":5}), "named by a string"),
            (
                json!({"play":"collision","target":-1}),
                "number of the side",
            ),
            (json!({"play":"collision","target":9}), "no side 9"),
            (json!({"play":"collision","take":"mile5"}), "list of cards"),
            (
                json!({"play":"collision","take":["go"]}),
                "only take 5-mile",
            ),
            (json!({"discard":"go","target":1}), "no \"target\""),
            (json!({"play":"go","speed":1}), "unknown field"),
            (json!("go"), "JSON object"),
            (json!({}), "needs \"play\" or \"discard\""),
            (json!({"play":"go","discard":"go"}), "not both"),
        ];
        crate::json::check_json::<Action>(&[], &cases);
    }
}
