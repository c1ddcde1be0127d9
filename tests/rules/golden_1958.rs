//! Golden tests for Touring (1937-1958): the deal order and the first draws of a few seeds are
//! pinned, so that a stored game replays identically after any change. If one of these fails,
//! a change broke every stored game: do not update the expected values, fix the change.

use crate::common::touring1958::*;
use touring::engine::Rules;
use touring::engine::touring1958::{Card, Event, State};

fn ids(cards: &[Card]) -> String {
    cards.iter().map(|c| c.id()).collect::<Vec<_>>().join(" ")
}

fn deal(players: u8, partners: bool, seed: u64) -> Vec<String> {
    let g = State::new_game(config(players, Some(partners)), seed, &[]).expect("game");
    g.view(None)
        .seats
        .iter()
        .map(|s| ids(s.hand.as_deref().unwrap_or_default()))
        .collect()
}

/// The cards drawn in the first `turns` turns of a game where every seat discards its first card.
fn draws(seed: u64, turns: usize) -> String {
    let mut g = State::new_game(config(2, None), seed, &[]).expect("game");
    let mut drawn = Vec::new();
    for _ in 0..turns {
        let card = hand(&g)[0];
        for event in act(&mut g, discard(card)) {
            if let Event::Drew {
                card: Some(card), ..
            } = event
            {
                drawn.push(card);
            }
        }
    }
    ids(&drawn)
}

/// Players, partners, seed.
type Table = (u8, bool, u64);

#[test]
fn golden_deals_are_pinned() {
    let expected: [(Table, &[&str]); 3] = [
        ((2, false, 0), &GOLDEN_2_0),
        ((3, false, 1), &GOLDEN_3_1),
        ((6, false, 2), &GOLDEN_6_2),
    ];
    for ((players, partners, seed), hands) in expected {
        assert_eq!(
            deal(players, partners, seed),
            hands,
            "{players} players, seed {seed}"
        );
    }
}

#[test]
fn golden_draws_are_pinned() {
    assert_eq!(draws(5, 8), GOLDEN_DRAWS_5);
}

const GOLDEN_2_0: [&str; 2] = [
    "wrecker mile25 mile25 mile50 mile50 mile75",
    "freeway gasoline missed_the_curve mile25 mile25",
];
const GOLDEN_3_1: [&str; 3] = [
    "wrecker mile25 mile25 mile50 mile75 mile75",
    "freeway mile35 mile50 mile50 mile75",
    "go populated_area brake_adjustment mile25 mile35",
];
const GOLDEN_6_2: [&str; 6] = [
    "go go populated_area wrecker wrecker brake_adjustment",
    "go freeway missed_the_curve broken_spring mile35",
    "wrecker burning_oil mile35 mile50 mile75",
    "stop_to_refuel missed_the_curve mile25 mile25 mile25",
    "go gasoline gasoline missed_the_curve mile75",
    "mile25 mile25 mile25 mile25 mile75",
];
const GOLDEN_DRAWS_5: &str = "mile75 mile35 mile75 mile75 mile25 freeway go go";
