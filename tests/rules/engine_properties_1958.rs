//! Properties of Touring (1937-1958) over thousands of random games at every table: every card
//! is always somewhere, no pile goes past its quota, hands hold five between turns, every
//! listed action is accepted, and a view never shows another seat's hand.

use crate::common::games::configs;
use touring::engine::shuffle::rng_from_seed;
use touring::engine::touring1958::State;
use touring::engine::{ActionList, NoEvents, RuleEvent, Rules, RulesId};

/// Checks every invariant of a state between turns.
fn check(game: &State, context: &str) {
    assert_eq!(
        game.census(),
        game.pack(),
        "{context}: every card is somewhere"
    );
    let config = game.config();
    let quota = game.quota();
    for side in 0..config.sides() {
        let piles = game.piles(side);
        for p in 0..4 {
            assert!(
                piles[p] <= quota[p],
                "{context}: side {side} pile {p} past quota"
            );
        }
    }
    if !game.is_over() {
        for (seat, size) in game.hand_sizes().enumerate() {
            let expected = if seat as u8 == game.to_move() { 6 } else { 5 };
            assert_eq!(size, expected, "{context}: seat {seat}'s hand");
        }
    }
}

#[test]
fn random_games_keep_every_invariant_at_every_table() {
    let mut rng = rng_from_seed(2026);
    let mut finished = 0;
    let mut games = 0;
    let mut list = ActionList::new();
    for config in configs(RulesId::Touring1958) {
        for seed in 0..500u64 {
            games += 1;
            let mut game = State::new_game(config, seed, &[]).expect("game");
            check(&game, "after the deal");
            while !game.is_over() && game.turn() < 3000 {
                game.legal_actions(&mut list);
                assert!(!list.is_empty(), "a discard is always possible");
                assert_eq!(game.legal_count() as usize, list.len());
                for (i, &action) in list.iter().enumerate() {
                    assert_eq!(game.nth_legal(i as u32), Some(action));
                }
                if game.turn() % 7 == 0 {
                    for &action in &list {
                        let mut copy = game.clone();
                        copy.apply(action, &mut NoEvents)
                            .unwrap_or_else(|e| panic!("{config:?} seed {seed}: {action}: {e}"));
                    }
                }
                let action = game.random_action(&mut rng).expect("action");
                assert!(list.contains(&action));
                let mut events = Vec::new();
                game.apply(action, &mut events).expect("legal");
                let context = format!("{config:?} seed {seed} turn {}", game.turn());
                check(&game, &context);
                if game.turn() % 11 == 0 {
                    let viewer = game.to_move();
                    let view = game.view(Some(viewer));
                    for seat in &view.seats {
                        assert_eq!(seat.hand.is_some(), seat.seat == viewer, "{context}");
                    }
                    for event in events {
                        let seen = event.seen_by(Some(viewer));
                        if let touring::engine::touring1958::Event::Drew { seat, card } = seen {
                            assert_eq!(card.is_some(), seat == viewer, "{context}");
                        }
                    }
                }
            }
            if let Some(side) = game.winner() {
                finished += 1;
                assert_eq!(
                    game.piles(side),
                    game.quota(),
                    "the winner has the exact trip"
                );
            }
        }
    }
    // Random play is slow to finish a trip at big tables; most games still do.
    assert!(finished * 2 > games, "{finished} of {games} games finished");
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    for config in configs(RulesId::Touring1958) {
        let mut a = State::new_game(config, 5, &[]).expect("game");
        let mut b = State::new_game(config, 5, &[]).expect("game");
        let mut rng = rng_from_seed(1);
        while !a.is_over() && a.turn() < 500 {
            let action = a.random_action(&mut rng).expect("action");
            a.apply(action, &mut NoEvents).expect("legal");
            b.apply(action, &mut NoEvents).expect("legal");
            assert_eq!(a, b);
        }
    }
}
