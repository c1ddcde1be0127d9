//! Properties of the Mille Bornes engine over thousands of random hands: every card is always
//! somewhere, the score rows add up, no hazard ever lands on a side that has its safety, six
//! cards are in hand after every completed turn while the draw pile lasts, refused actions
//! change nothing, and the views show a seat only its own hand.

use touring::engine::mille_bornes::options::WithOptions;
use touring::engine::mille_bornes::{Action, Card, Event, State};
use touring::engine::shuffle::{derive_seed, rng_from_seed};
use touring::engine::{ActionList, Config, Rules, RulesId};

fn configs() -> Vec<Config> {
    let mut all = Vec::new();
    for players in [2u8, 3, 4, 6] {
        let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
        all.push(config);
        all.push(config.with_hazard_on_hazard(true).expect("option"));
    }
    all
}

/// Plays one random hand, checking every property after every action.
fn check_hand(config: Config, seed: u64) -> State {
    let mut game = State::new_game(config, seed, &[]).expect("game");
    let mut rng = rng_from_seed(derive_seed(seed, 99));
    let mut list = ActionList::new();
    let pack = game.pack();
    while !game.is_over() {
        assert!(game.turn() < 2000, "a hand ends");
        game.legal_actions(&mut list);
        assert!(!list.is_empty(), "a seat to move always has an action");
        let action = game.random_action(&mut rng).expect("action");
        assert!(list.contains(&action));
        let seat = game.to_move();
        let mut events = Vec::new();
        game.apply(action, &mut events).expect("legal");
        assert_eq!(game.census(), pack, "every card is somewhere");
        for event in &events {
            if let Event::Hazard { side, card, .. } = *event {
                let safety = card.safety().expect("a hazard has a safety");
                let cancelled_at_once = events.contains(&Event::Cancelled { side, card });
                assert!(
                    !game.has_safety(side, safety) || cancelled_at_once,
                    "{card} landed on side {side}, which has {safety}"
                );
            }
        }
        // A plain turn that hands over to the next seat: six left, and the next seat drew.
        let plain = matches!(action, Action::Play { .. } | Action::Discard { .. })
            && game.to_move() != seat
            && game.coup_fourre_seat().is_none()
            && game.extension_seat().is_none()
            && !game.is_over();
        if plain && game.draw_pile_len() > 0 {
            assert_eq!(game.hand_size(seat), 6, "six in hand after the turn");
            assert_eq!(game.hand_size(game.to_move()), 7, "the next seat has drawn");
        }
        // Distance never passes the trip, and never more than two 200s.
        for side in 0..config.sides() {
            assert!(game.miles(side) <= game.target());
            assert!(game.two_hundreds(side) <= 2);
        }
        // A refused action changes nothing.
        let before = game.clone();
        let _ = game.apply(Action::discard(Card::RightOfWay), &mut Vec::new());
        if before.held(before.to_move(), Card::RightOfWay) == 0 {
            assert_eq!(game, before);
        } else {
            game = before;
        }
    }
    game
}

#[test]
fn thousands_of_random_hands_keep_every_card_and_every_rule() {
    for config in configs() {
        for seed in 0..400 {
            let game = check_hand(config, seed);
            assert!(game.is_over());
            // The score rows add up, and a finished hand's score is the engine's score.
            for side in 0..config.sides() {
                let s = game.hand_score(side);
                let rows = s.miles
                    + s.safeties
                    + s.all_safeties
                    + s.coup_fourre
                    + s.trip
                    + s.delayed_action
                    + s.safe_trip
                    + s.shut_out
                    + s.extension;
                assert_eq!(rows, s.total);
                assert_eq!(game.score(side), s.total);
                assert_eq!(s.miles, game.miles(side));
                assert_eq!(s.trip > 0, game.completed_by() == Some(side));
                if game.completed_by() == Some(side) {
                    assert_eq!(game.miles(side), game.target());
                }
            }
            // The extension bonus goes to the caller or to each of the others, never both.
            if let Some(caller) = game.extension() {
                let by_caller = game.hand_score(caller).extension;
                for side in (0..config.sides()).filter(|&s| s != caller) {
                    assert_ne!(by_caller, game.hand_score(side).extension);
                }
            }
        }
    }
}

#[test]
fn views_show_a_seat_only_its_own_hand_and_never_who_may_call_a_coup_fourre() {
    for config in configs() {
        for seed in 0..60 {
            let mut game = State::new_game(config, seed, &[]).expect("game");
            let mut rng = rng_from_seed(seed);
            while !game.is_over() {
                for seat in 0..config.players {
                    let view = game.view(Some(seat));
                    for other in &view.seats {
                        assert_eq!(other.hand.is_some(), other.seat == seat);
                    }
                    if let Some(holder) = game.coup_fourre_seat()
                        && holder != seat
                    {
                        assert_eq!(view.pending, None, "seat {seat} would learn the holder");
                    }
                    assert_eq!(game.observe(seat).is_my_turn(), game.to_move() == seat);
                }
                let action = game.random_action(&mut rng).expect("action");
                game.apply(action, &mut touring::engine::NoEvents)
                    .expect("legal");
            }
        }
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_hand() {
    for config in configs() {
        let a = check_hand(config, 5);
        let b = check_hand(config, 5);
        assert_eq!(a, b);
    }
}
