//! What the bots of every rule set must do alike, written once and run for each rule set of the
//! engine's registry: play only legal actions at every table, decide from their own seat's view
//! only, and repeat themselves when given a playout budget.

use crate::common::games::{Hidden, after_random_turns, configs, for_every_rule_set};
use touring::bots::{self, Budget, Level, bot_rng};

/// A small search budget: enough to exercise the search, quick in the test profile.
const SMALL: Budget = Budget::Playouts(12);

/// The longest a bots' game runs here, in turns after the random start.
const TURNS: u32 = 300;

#[test]
fn every_bot_plays_only_legal_actions_at_every_table() {
    fn at_every_table<R: Hidden>() {
        for config in configs(R::RULES) {
            for seed in 0..3u64 {
                // Every level at the table, changing seats with the seed; every seat remembers
                // what it saw from the deal on.
                let mut players: Vec<R::Player> = (0..config.players)
                    .map(|seat| {
                        R::player(Level::ALL[(usize::from(seat) + seed as usize) % 3], SMALL)
                    })
                    .collect();
                let mut memory = R::memory(config.players);
                let mut game = R::new_game(config, seed, &[]).expect("game");
                let mut rng = bot_rng(seed);
                while !game.is_over() && game.turn() < 20 * seed as u32 {
                    let action = game.random_action(&mut rng).expect("action");
                    game.apply(action, &mut memory).expect("legal");
                }
                let start = game.turn();
                while !game.is_over() && game.turn() < start + TURNS {
                    let seat = game.to_move();
                    let action = game
                        .act(&mut players[usize::from(seat)], &memory, seat, &mut rng)
                        .expect("a bot always has an action on its turn");
                    assert!(
                        game.is_legal(action),
                        "{config:?} seed {seed}: {action} is not legal"
                    );
                    game.apply(action, &mut memory).expect("legal");
                }
            }
        }
    }
    for_every_rule_set!(at_every_table);
}

#[test]
fn a_bot_decides_from_its_own_seat_only() {
    // Two games that look the same from the seat to move but hide different cards: every bot,
    // given the same seed, makes the same choice in both.
    fn from_its_own_seat<R: Hidden>() {
        let mut rng = bot_rng(99);
        let mut differing = 0;
        for (i, config) in configs(R::RULES).into_iter().enumerate() {
            for seed in 0..4u64 {
                let real: R =
                    after_random_turns(config, seed + 10 * i as u64, 5 + 15 * seed as u32);
                if real.is_over() {
                    continue;
                }
                let seat = real.to_move();
                let observation = real.observe(seat);
                let other = R::determinize(&observation, &mut rng);
                assert_eq!(other.observe(seat), observation, "same view from the seat");
                let hidden_differs = (0..config.players).filter(|&s| s != seat).any(|s| {
                    R::kinds()
                        .iter()
                        .any(|&c| real.held(s, c) != other.held(s, c))
                });
                differing += usize::from(hidden_differs);
                for level in Level::ALL {
                    let a = bots::choose(level, &real.clone().into_game(), seat, 7, SMALL);
                    let b = bots::choose(level, &other.clone().into_game(), seat, 7, SMALL);
                    assert_eq!(a, b, "{level} saw a hidden card ({config:?})");
                    let action = R::own_action(a.expect("an action")).expect("its own action");
                    assert!(real.is_legal(action));
                }
            }
        }
        assert!(
            differing > 10,
            "{:?}: the hidden deals did differ: {differing}",
            R::RULES
        );
    }
    for_every_rule_set!(from_its_own_seat);
}

#[test]
fn shrewd_with_a_playout_budget_repeats_itself() {
    fn repeats<R: Hidden>() {
        let configs = configs(R::RULES);
        for seed in 0..6u64 {
            let config = configs[seed as usize % configs.len()];
            let game = after_random_turns::<R>(config, seed, 30).into_game();
            if game.is_over() {
                continue;
            }
            let seat = game.to_move();
            let first = bots::choose(Level::Shrewd, &game, seat, seed, Budget::Playouts(40));
            let again = bots::choose(Level::Shrewd, &game, seat, seed, Budget::Playouts(40));
            assert_eq!(first, again);
        }
    }
    for_every_rule_set!(repeats);
}
