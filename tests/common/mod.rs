//! Helpers shared by the integration tests.
#![allow(dead_code)]

use touring::engine::touring1926::{Action, Card, Event, Take};
use touring::engine::{Config, Game, Rules, touring1926::State};

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

/// A 1926 game with stacked hands and draws.
pub fn game(players: u8, partners: Option<bool>, hands: &[&[Card]], draws: &[Card]) -> State {
    let config = Config::new(touring::engine::RulesId::Touring1926, players, partners)
        .expect("valid configuration");
    State::new_game(config, 7, &stack(hands, draws)).expect("stackable deck")
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

pub fn discard(card: Card) -> Action {
    Action::discard(card)
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

pub mod api;
pub mod app;
pub mod demo;
pub mod forms;
pub mod server;

#[allow(unused_imports)]
pub use Card::*;

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

/// The seat to move discards whatever it likes (its first card).
pub fn pass(state: &mut State) -> Card {
    discard_other(state, &[])
}
