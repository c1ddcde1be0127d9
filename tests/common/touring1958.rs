//! Helpers for the Touring (1937-1958) tests: stacked decks and checked actions.

use touring::engine::touring1958::{Action, Card, State};
use touring::engine::{Config, Rules, RulesId};

pub use Card::*;

/// A configuration that must be valid.
pub fn config(players: u8, partners: Option<bool>) -> Config {
    Config::new(RulesId::Touring1958, players, partners).expect("valid configuration")
}

pub use super::games::{act, refuse, stacked};

super::games::hand_helpers!();

/// A game with stacked hands and draws.
pub fn game(players: u8, partners: Option<bool>, hands: &[&[Card]], draws: &[Card]) -> State {
    stacked(config(players, partners), hands, draws)
}

/// A two-player game with stacked hands and draws.
pub fn duel(hand0: [Card; 5], hand1: [Card; 5], draws: &[Card]) -> State {
    game(2, None, &[&hand0, &hand1], draws)
}

pub fn on(card: Card, target: u8) -> Action {
    Action::attack(card, target)
}

/// Cards alternating between two seats' draws, seat 0 first.
pub fn interleave(seat0: &[Card], seat1: &[Card]) -> Vec<Card> {
    let mut out = Vec::new();
    for i in 0..seat0.len().max(seat1.len()) {
        out.extend(seat0.get(i));
        out.extend(seat1.get(i));
    }
    out
}
