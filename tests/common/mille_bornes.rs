//! Helpers for the Mille Bornes tests: stacked decks and checked actions.

use touring::engine::mille_bornes::options::WithOptions;
use touring::engine::mille_bornes::{Action, Card, State};
use touring::engine::{Config, Rules, RulesId};

pub use Card::*;

/// A configuration that must be valid (partners as the rules have them).
pub fn config(players: u8) -> Config {
    Config::new(RulesId::MilleBornes, players, None).expect("valid configuration")
}

/// The same with the 1988 "hazard on a hazard" option.
pub fn config_1988(players: u8) -> Config {
    config(players)
        .with_hazard_on_hazard(true)
        .expect("Mille Bornes has the option")
}

pub use super::games::{act, refuse, stacked};

super::games::hand_helpers!();

/// A hand with stacked hands and draws.
pub fn game_with(config: Config, hands: &[&[Card]], draws: &[Card]) -> State {
    stacked(config, hands, draws)
}

/// A hand of `players` with stacked hands and draws.
pub fn game(players: u8, hands: &[&[Card]], draws: &[Card]) -> State {
    game_with(config(players), hands, draws)
}

/// A two-player hand with stacked hands and draws.
pub fn duel(hand0: [Card; 6], hand1: [Card; 6], draws: &[Card]) -> State {
    game(2, &[&hand0, &hand1], draws)
}

pub fn on(card: Card, target: u8) -> Action {
    Action::attack(card, target)
}

/// The seat to move discards a card of this kind.
pub fn toss(state: &mut State, card: Card) {
    act(state, discard(card));
}

/// Plays every remaining turn by discarding the first card in hand, deciding nothing.
pub fn discard_out(state: &mut State) {
    while !state.is_over() {
        if state.coup_fourre_seat().is_some() {
            act(state, Action::Pass);
            continue;
        }
        if state.extension_seat().is_some() {
            act(state, Action::Extend(false));
            continue;
        }
        let card = hand_of(state, state.to_move())[0];
        act(state, discard(card));
    }
}
