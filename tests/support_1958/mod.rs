//! Helpers for the Touring (1937-1958) tests: stacked decks and checked actions.
#![allow(dead_code)]

use touring::engine::touring1958::{Action, Card, Event, State};
use touring::engine::{Config, Rules, RulesId};

#[allow(unused_imports)]
pub use Card::*;

/// A configuration that must be valid.
pub fn config(players: u8, partners: Option<bool>) -> Config {
    Config::new(RulesId::Touring1958, players, partners).expect("valid configuration")
}

/// A deck order that deals `hands[seat]` to each seat (five cards each, dealt one at a time
/// from seat 0) and then gives `draws` to the seats in turn order, starting with seat 0.
pub fn stack(hands: &[&[Card]], draws: &[Card]) -> Vec<Card> {
    let mut deck = Vec::new();
    for round in 0..5 {
        for hand in hands {
            deck.push(hand[round]);
        }
    }
    deck.extend_from_slice(draws);
    deck
}

/// A game with stacked hands and draws.
pub fn game(players: u8, partners: Option<bool>, hands: &[&[Card]], draws: &[Card]) -> State {
    State::new_game(config(players, partners), 7, &stack(hands, draws)).expect("stackable deck")
}

/// A two-player game with stacked hands and draws.
pub fn duel(hand0: [Card; 5], hand1: [Card; 5], draws: &[Card]) -> State {
    game(2, None, &[&hand0, &hand1], draws)
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

/// The cards the seat to move holds.
pub fn hand(state: &State) -> Vec<Card> {
    state
        .view(Some(state.to_move()))
        .own_hand()
        .map(<[Card]>::to_vec)
        .unwrap_or_default()
}

/// The seat to move discards a card of a kind not in `keep`.
pub fn discard_other(state: &mut State, keep: &[Card]) -> Card {
    let card = hand(state)
        .into_iter()
        .find(|c| !keep.contains(c))
        .expect("a card to spare");
    act(state, discard(card));
    card
}

/// The seat to move discards its first card.
pub fn pass(state: &mut State) -> Card {
    discard_other(state, &[])
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
