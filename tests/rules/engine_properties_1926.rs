//! Property tests over thousands of random games of 2 to 6 players, with and without partners:
//! the invariants at the end of the rulings hold in every state, every listed action is
//! accepted, every other action is refused without changing anything, views hide what they
//! must, and the same seed and actions give the same game.

use crate::common::games::configs;
use proptest::prelude::*;
use touring::engine::shuffle::rng_from_seed;
use touring::engine::touring1926::State;
use touring::engine::touring1926::{Action, Card, Event, Take};
use touring::engine::{ActionList, Config, Game, NoEvents, Rules, RulesId, Side};

/// Every action that could be written down, legal or not.
fn every_action(sides: u8) -> Vec<Action> {
    let mut all = Vec::new();
    for card in Card::ALL {
        all.push(Action::discard(card));
        all.push(Action::play(card));
        if card.is_delay() {
            for target in 0..sides + 1 {
                all.push(Action::Play {
                    card,
                    target: Some(target),
                    take: None,
                });
                for mile5 in 0..=2 {
                    for mile10 in 0..=2 {
                        all.push(Action::delay(card, target, Take { mile5, mile10 }));
                    }
                }
            }
        }
    }
    all
}

fn check_invariants(g: &State, drew_last: bool) {
    let config = g.config();
    // Every card of the pack is somewhere, exactly once.
    assert_eq!(g.census(), g.pack());
    // No pile above its quota; miles are the sum of the piles; a winner has every pile full.
    for side in 0..config.sides() {
        let piles = g.piles(side);
        for (n, q) in piles.iter().zip(g.quota()) {
            assert!(*n <= q, "pile above quota: {piles:?}");
        }
        let miles: u32 = piles
            .iter()
            .zip(Card::MILES)
            .map(|(&n, c)| u32::from(n) * c.miles())
            .sum();
        assert_eq!(g.miles(side), miles);
        assert_eq!(g.winner() == Some(side), piles == g.quota());
    }
    // Hands: five between turns, six for the seat to move once it has drawn.
    for (seat, size) in g.hand_sizes().enumerate() {
        let expected = if seat == usize::from(g.to_move()) && drew_last && !g.is_over() {
            6
        } else {
            5
        };
        assert!(size <= 6);
        if !g.is_over() {
            assert_eq!(size, expected, "seat {seat}");
        }
    }
}

fn check_views(g: &State) {
    let config = g.config();
    for viewer in 0..config.players {
        let view = g.view(Some(viewer));
        for seat in &view.seats {
            assert_eq!(
                seat.hand.is_some(),
                seat.seat == viewer,
                "only the viewer's hand"
            );
        }
        let json = serde_json::to_string(&view).expect("json");
        assert!(!json.contains("draw_order"));
    }
}

fn check_actions(g: &State, everything: &[Action]) {
    let mut legal = ActionList::new();
    g.legal_actions(&mut legal);
    assert_eq!(g.legal_count() as usize, legal.len());
    for (i, action) in legal.iter().enumerate() {
        assert_eq!(g.nth_legal(i as u32), Some(*action), "sampler order");
        let mut copy = g.clone();
        copy.apply(*action, &mut NoEvents)
            .unwrap_or_else(|e| panic!("listed action {action} refused: {e}"));
    }
    assert_eq!(g.nth_legal(legal.len() as u32), None);
    let unique: std::collections::HashSet<_> = legal.iter().collect();
    assert_eq!(unique.len(), legal.len(), "no action listed twice");
    for action in everything {
        if legal.contains(action) {
            continue;
        }
        let mut copy = g.clone();
        let result = copy.apply(*action, &mut NoEvents);
        match action {
            // Without a target or take, a delay resolves to a listed one (the defaults).
            Action::Play {
                card,
                target,
                take: None,
            } if card.is_delay() && result.is_ok() => {
                let _ = target;
            }
            _ => {
                assert!(result.is_err(), "unlisted action {action} accepted");
                assert!(copy == *g, "refused {action} changed the game");
            }
        }
    }
}

/// Plays a random game, checking everything on the way. Returns the actions played.
fn play_checked(
    config: Config,
    seed: u64,
    pick_seed: u64,
    max_turns: u32,
    deep: u32,
) -> Vec<Action> {
    let mut g = State::new_game(config, seed, &[]).expect("game");
    let everything = every_action(config.sides());
    let mut rng = rng_from_seed(pick_seed);
    let mut actions = Vec::new();
    check_invariants(&g, true);
    while !g.is_over() && g.turn() < max_turns {
        if g.turn() % deep == 0 {
            check_actions(&g, &everything);
            check_views(&g);
        }
        let action = g.random_action(&mut rng).expect("a legal action");
        let mut events = Vec::new();
        g.apply(action, &mut events).expect("legal");
        actions.push(action);
        let drew = events.iter().any(|e| matches!(e, Event::Drew { .. }));
        check_invariants(&g, drew);
    }
    if g.is_over() {
        let mut legal = ActionList::new();
        g.legal_actions(&mut legal);
        assert!(legal.is_empty());
    }
    actions
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_card_is_accounted_for_and_every_listed_action_is_legal(
        config_index in 0usize..7,
        seed in any::<u64>(),
        pick in any::<u64>(),
    ) {
        let config = configs(RulesId::Touring1926)[config_index];
        play_checked(config, seed, pick, 600, 7);
    }

    #[test]
    fn the_same_seed_and_actions_give_the_same_game(
        config_index in 0usize..7,
        seed in any::<u64>(),
        pick in any::<u64>(),
    ) {
        let config = configs(RulesId::Touring1926)[config_index];
        let actions = play_checked(config, seed, pick, 400, 1000);
        let a = Game::replay(config, seed, actions.iter().copied().map(touring::engine::Action::from)).expect("replay");
        let b = Game::replay(config, seed, actions.iter().copied().map(touring::engine::Action::from)).expect("replay");
        prop_assert_eq!(a.view(None), b.view(None));
        // Replaying a prefix and then the rest gives the same as replaying all.
        let half = actions.len() / 2;
        let mut c = Game::replay(config, seed, actions[..half].iter().copied().map(touring::engine::Action::from)).expect("replay");
        for &action in &actions[half..] {
            c.apply(action.into(), &mut NoEvents).expect("legal");
        }
        prop_assert_eq!(a.view(None), c.view(None));
    }
}

/// Thousands of complete games with the fast path only, checking the invariants at the end.
#[test]
fn thousands_of_complete_random_games_keep_the_invariants() {
    let mut games = 0;
    for config in configs(RulesId::Touring1926) {
        for seed in 0..400u64 {
            let mut g = State::new_game(config, seed, &[]).expect("game");
            let mut rng = rng_from_seed(seed ^ 0xABCD);
            while !g.is_over() && g.turn() < 3000 {
                let action = g.random_action(&mut rng).expect("action");
                g.apply(action, &mut NoEvents).expect("legal");
            }
            assert_eq!(g.census(), g.pack());
            let sides: Vec<Side> = (0..config.sides()).collect();
            for side in sides {
                assert!(g.miles(side) <= g.view(None).race);
            }
            games += 1;
        }
    }
    assert_eq!(games, 7 * 400);
}
