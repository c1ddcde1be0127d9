//! Helpers for the Mille Bornes tests: stacked decks and checked actions.
#![allow(dead_code)]

use touring::engine::mille_bornes::options::WithOptions;
use touring::engine::mille_bornes::{Action, Card, Event, State};
use touring::engine::{Config, Rules, RulesId};

#[allow(unused_imports)]
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

/// A deck order that deals `hands[seat]` to each seat (six cards each, dealt one at a time from
/// seat 0) and then gives `draws` in the order the cards are drawn, seat 0's first.
pub fn stack(hands: &[&[Card]], draws: &[Card]) -> Vec<Card> {
    let mut deck = Vec::new();
    for round in 0..6 {
        for hand in hands {
            deck.push(hand[round]);
        }
    }
    deck.extend_from_slice(draws);
    deck
}

/// A hand with stacked hands and draws.
pub fn game_with(config: Config, hands: &[&[Card]], draws: &[Card]) -> State {
    State::new_game(config, 7, &stack(hands, draws)).expect("stackable deck")
}

/// A hand of `players` with stacked hands and draws.
pub fn game(players: u8, hands: &[&[Card]], draws: &[Card]) -> State {
    game_with(config(players), hands, draws)
}

/// A two-player hand with stacked hands and draws.
pub fn duel(hand0: [Card; 6], hand1: [Card; 6], draws: &[Card]) -> State {
    game(2, &[&hand0, &hand1], draws)
}

/// Applies an action that must be legal, returning its events.
pub fn act(state: &mut State, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    assert!(
        state.is_legal(action),
        "{action} should be legal for seat {}",
        state.to_move()
    );
    state
        .apply(action, &mut events)
        .unwrap_or_else(|e| panic!("{action} refused: {e}"));
    events
}

/// Applies an action that must be refused, checking that nothing changed.
pub fn refuse(state: &mut State, action: Action) -> String {
    let before = state.clone();
    assert!(
        !state.is_legal(action),
        "{action} should not be listed as legal"
    );
    let error = state
        .apply(action, &mut Vec::new())
        .expect_err("the action should be refused");
    assert!(*state == before, "a refused action changed the game");
    error.to_string()
}

pub fn play(card: Card) -> Action {
    Action::play(card)
}

pub fn on(card: Card, target: u8) -> Action {
    Action::attack(card, target)
}

pub fn discard(card: Card) -> Action {
    Action::discard(card)
}

/// The seat to move discards a card of this kind.
pub fn toss(state: &mut State, card: Card) {
    act(state, discard(card));
}

/// The cards a seat holds.
pub fn hand_of(state: &State, seat: u8) -> Vec<Card> {
    state
        .view(Some(seat))
        .own_hand()
        .map(<[Card]>::to_vec)
        .unwrap_or_default()
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
