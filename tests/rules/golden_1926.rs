//! Golden tests: the deal and the reshuffles of a few seeds are pinned, so that a stored game
//! replays identically after any change of dependency or platform. If one of these fails, a
//! change broke every stored game: do not update the expected values, fix the change.

use crate::common;

use common::touring1926::*;
use touring::engine::touring1926::State;
use touring::engine::touring1926::{Card, Event};
use touring::engine::{Config, Rules};

fn ids(cards: &[Card]) -> String {
    cards.iter().map(|c| c.id()).collect::<Vec<_>>().join(" ")
}

fn deal(players: u8, seed: u64) -> Vec<String> {
    let g = State::new_game(
        Config::new(touring::engine::RulesId::Touring1926, players, None).expect("config"),
        seed,
        &[],
    )
    .expect("game");
    g.view(None)
        .seats
        .iter()
        .map(|s| ids(s.hand.as_deref().unwrap_or_default()))
        .collect()
}

/// The cards drawn in the first `turns` turns of a game where every seat discards its first card.
fn draws(seed: u64, turns: usize) -> String {
    let mut g = State::new_game(
        Config::new(touring::engine::RulesId::Touring1926, 2, None).expect("config"),
        seed,
        &[],
    )
    .expect("game");
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

#[test]
fn golden_deals_are_pinned() {
    let expected: [((u8, u64), [&str; 2]); 4] = [
        (
            (2, 0),
            [
                "country country mile1 mile1 mile3 mile5",
                "collision mile1 mile3 mile5 mile10",
            ],
        ),
        (
            (2, 1),
            [
                "go go country gasoline mile1 mile5",
                "country mile1 mile5 mile5 mile10",
            ],
        ),
        (
            (2, 42),
            [
                "gasoline mile1 mile1 mile1 mile1 mile10",
                "city_limits hauled_in hauled_in mile1 mile10",
            ],
        ),
        (
            (2, u64::MAX),
            [
                "hauled_in hauled_in mile1 mile1 mile3 mile3",
                "go hauled_in out_of_gasoline gasoline puncture",
            ],
        ),
    ];
    for ((players, seed), hands) in expected {
        assert_eq!(deal(players, seed), hands, "seed {seed}");
    }
    assert_eq!(
        deal(4, 7),
        [
            "city_limits hauled_in hauled_in puncture mile5 mile10",
            "mile1 mile1 mile3 mile3 mile5",
            "out_of_gasoline mile1 mile1 mile3 mile10",
            "puncture mile1 mile3 mile5 mile10",
        ]
    );
    assert_eq!(
        deal(3, 3),
        [
            "collision gasoline gasoline mile10 mile10 mile10",
            "hauled_in gasoline puncture mile5 mile10",
            "go go mile1 mile5 mile10",
        ]
    );
}

#[test]
fn golden_draws_and_reshuffles_are_pinned() {
    // 200 turns of discards: the first 90 draws come from the deal's pack, the rest from
    // reshuffles of the deadwood.
    assert_eq!(draws(42, 200), GOLDEN_DRAWS_SEED_42);
}

#[test]
fn golden_random_game_is_pinned() {
    // A whole game with moves picked by the seeded stream: the same seed and the same actions
    // give the same game.
    let mut g = State::new_game(
        Config::new(touring::engine::RulesId::Touring1926, 2, None).expect("config"),
        99,
        &[],
    )
    .expect("game");
    let mut rng = touring::engine::shuffle::rng_from_seed(5);
    while !g.is_over() && g.turn() < 5000 {
        let action = g.random_action(&mut rng).expect("an action");
        g.apply(action, &mut touring::engine::NoEvents)
            .expect("legal");
    }
    assert_eq!(
        (g.turn(), g.winner(), g.miles(0), g.miles(1), g.reshuffles()),
        (2916, Some(1), 0, 50, 37)
    );
}

const GOLDEN_DRAWS_SEED_42: &str = "mile1 mile1 mile3 mile5 go country mile10 collision gasoline mile5 out_of_gasoline mile5 gasoline country hauled_in go go mile10 mile1 go mile10 gasoline mile3 mile3 mile1 gasoline hauled_in out_of_gasoline puncture hauled_in hauled_in mile5 mile3 mile10 go mile10 country mile1 go mile10 country mile3 mile3 gasoline gasoline go mile5 go go mile3 city_limits collision mile1 go mile1 mile3 go mile5 mile5 mile1 city_limits mile1 mile10 mile1 gasoline mile5 go collision hauled_in go puncture mile5 out_of_gasoline mile10 mile1 mile1 mile3 country mile5 go hauled_in mile1 mile10 mile10 mile1 go mile3 city_limits mile1 city_limits gasoline mile1 mile5 gasoline hauled_in hauled_in mile1 city_limits mile3 mile1 go mile5 mile3 out_of_gasoline out_of_gasoline country mile3 country mile1 mile1 gasoline gasoline hauled_in collision mile3 city_limits hauled_in collision go out_of_gasoline mile1 go country go gasoline city_limits mile1 mile1 mile1 mile3 mile3 puncture mile1 mile1 mile3 mile10 country go gasoline go mile1 hauled_in mile3 go mile1 puncture gasoline go mile5 mile1 mile5 mile1 go mile5 mile1 go mile1 go hauled_in go mile5 mile10 hauled_in mile1 mile5 collision go mile3 mile5 hauled_in mile1 go gasoline mile1 mile5 mile5 mile3 country go mile1 go gasoline mile3 gasoline mile1 hauled_in mile1 mile1 out_of_gasoline mile1 go mile1 mile5 mile1 collision mile1 mile1 mile5 mile1 city_limits";
