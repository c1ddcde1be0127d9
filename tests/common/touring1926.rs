//! Helpers for the Touring 1926 tests: stacked decks and checked actions.

use touring::engine::touring1926::{Action, Card, Take};
use touring::engine::{Config, Game, Rules, touring1926::State};

pub use super::games::{act, refuse, stacked};

super::games::hand_helpers!();

/// A 1926 game with stacked hands and draws.
pub fn game(players: u8, partners: Option<bool>, hands: &[&[Card]], draws: &[Card]) -> State {
    let config = Config::new(touring::engine::RulesId::Touring1926, players, partners)
        .expect("valid configuration");
    stacked(config, hands, draws)
}

/// A two-player game with stacked hands and draws.
pub fn duel(hand0: [Card; 5], hand1: [Card; 5], draws: &[Card]) -> State {
    game(2, None, &[&hand0, &hand1], draws)
}

pub fn delay(card: Card, target: u8, mile5: u8, mile10: u8) -> Action {
    Action::delay(card, target, Take { mile5, mile10 })
}

/// Plays a whole game with `Game` and returns it.
pub fn any_game(players: u8, seed: u64) -> Game {
    Game::new(
        Config::new(touring::engine::RulesId::Touring1926, players, None).expect("config"),
        seed,
        &[],
    )
    .expect("game")
}

pub use Card::*;
