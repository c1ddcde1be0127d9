//! The bots of Touring (1937-1958): only legal actions, their rules of thumb, decisions from
//! their own seat's view only, repeatable with a playout budget, and steady beats random.

mod support_1958;
mod support_bots;

use support_1958::*;
use support_bots::wins;
use touring::bots::touring1958::{Bot, SteadyBot};
use touring::bots::{self, Budget, Level, bot_rng};
use touring::engine::touring1958::{Action, Card, State};
use touring::engine::{ActionList, Config, Game, NoEvents, Rules, RulesId, Seat};
use touring::selfplay;

fn configs() -> Vec<Config> {
    let mut all = Vec::new();
    for players in [2u8, 3, 4, 6] {
        for partners in [false, true] {
            if let Ok(config) = Config::new(RulesId::Touring1958, players, Some(partners)) {
                all.push(config);
            }
        }
    }
    all
}

/// A small search budget: enough to exercise the search, quick in the test profile.
const SMALL: Budget = Budget::Playouts(12);

/// The game after `turns` random turns (or its end).
fn after_random_turns(config: Config, seed: u64, turns: u32) -> State {
    let mut game = State::new_game(config, seed, &[]).expect("game");
    let mut rng = bot_rng(seed);
    while !game.is_over() && game.turn() < turns {
        let action = game.random_action(&mut rng).expect("action");
        game.apply(action, &mut NoEvents).expect("legal");
    }
    game
}

fn is_legal(game: &State, action: Action) -> bool {
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    legal.contains(&action)
}

#[test]
fn every_bot_plays_only_legal_actions_at_every_table() {
    for config in configs() {
        for seed in 0..2u64 {
            let mut players: Vec<Box<dyn Bot>> = (0..config.players)
                .map(|seat| {
                    touring::bots::touring1958::new_bot(
                        Level::ALL[(usize::from(seat) + seed as usize) % 3],
                        SMALL,
                    )
                })
                .collect();
            let mut game = after_random_turns(config, seed, 40 * seed as u32);
            let mut rng = bot_rng(seed);
            let start = game.turn();
            while !game.is_over() && game.turn() < start + 60 {
                let seat = game.to_move();
                let action = players[usize::from(seat)]
                    .act(&game.observe(seat), &mut rng)
                    .expect("a bot always has an action on its turn");
                assert!(is_legal(&game, action), "{config:?}: {action} is not legal");
                game.apply(action, &mut NoEvents).expect("legal");
            }
        }
    }
}

#[test]
fn steady_plays_go_then_freeway_then_never_speeds() {
    let mut game = duel(
        [Go, Freeway, Mile50, Mile25, Mile25],
        [Wrecker; 5],
        &[Mile75, Gasoline, Mile35, Gasoline, Mile25, Gasoline],
    );
    let mut rng = bot_rng(1);
    let action = SteadyBot.act(&game.observe(0), &mut rng).expect("action");
    assert_eq!(action, Action::play(Go));
    act(&mut game, action);
    pass(&mut game);
    let action = SteadyBot.act(&game.observe(0), &mut rng).expect("action");
    assert_eq!(action, Action::play(Freeway), "Freeway before miles");
    act(&mut game, action);
    pass(&mut game);
    let action = SteadyBot.act(&game.observe(0), &mut rng).expect("action");
    assert_eq!(
        action,
        Action::play(Mile75),
        "the biggest mileage that fits"
    );
}

#[test]
fn steady_delays_a_running_opponent() {
    let mut game = duel(
        [MissedTheCurve, Mile25, Mile25, Mile25, Mile25],
        [Go, Mile25, Mile25, Mile25, Mile25],
        &[Mile35, Mile35, Mile35],
    );
    discard_other(&mut game, &[MissedTheCurve]);
    act(&mut game, play(Go));
    let action = SteadyBot
        .act(&game.observe(0), &mut bot_rng(1))
        .expect("action");
    assert_eq!(action, Action::attack(MissedTheCurve, 1));
}

#[test]
fn a_bot_decides_from_its_own_seat_only() {
    // Two games that look the same from the seat to move but hide different cards: every
    // bot, given the same seed, makes the same choice in both.
    let mut rng = bot_rng(99);
    let mut differing = 0;
    for (i, config) in configs().into_iter().enumerate() {
        for seed in 0..3u64 {
            let real = after_random_turns(config, seed + 10 * i as u64, 15 + 20 * seed as u32);
            if real.is_over() {
                continue;
            }
            let seat: Seat = real.to_move();
            let observation = real.observe(seat);
            let other = observation.determinize(&mut rng);
            assert_eq!(other.observe(seat), observation, "same view from the seat");
            let hidden_differs = (0..config.players).filter(|&s| s != seat).any(|s| {
                Card::ALL
                    .iter()
                    .any(|&c| real.held(s, c) != other.held(s, c))
            });
            differing += usize::from(hidden_differs);
            for level in Level::ALL {
                let a = bots::choose(level, &Game::Touring1958(real.clone()), seat, 7, SMALL);
                let b = bots::choose(level, &Game::Touring1958(other.clone()), seat, 7, SMALL);
                assert_eq!(a, b, "{level} saw a hidden card ({config:?})");
                let Ok(touring::engine::Action::Touring1958(action)) = a else {
                    panic!("a 1958 action: {a:?}");
                };
                assert!(is_legal(&real, action));
            }
        }
    }
    assert!(differing > 10, "the hidden deals did differ: {differing}");
}

#[test]
fn shrewd_with_a_playout_budget_repeats_itself() {
    for seed in 0..4u64 {
        let players = [2, 3, 4][(seed % 3) as usize];
        let config = Config::new(RulesId::Touring1958, players, None).expect("config");
        let game = Game::Touring1958(after_random_turns(config, seed, 30));
        let seat = game.to_move();
        let first = bots::choose(Level::Shrewd, &game, seat, seed, Budget::Playouts(40));
        let again = bots::choose(Level::Shrewd, &game, seat, seed, Budget::Playouts(40));
        assert_eq!(first, again);
    }
}

#[test]
fn a_bot_replays_a_stored_deal_and_chooses_for_the_seat_to_move() {
    let config = Config::new(RulesId::Touring1958, 2, None).expect("config");
    let mut game = Game::new(config, 4, &[]).expect("game");
    let mut history = Vec::new();
    let mut rng = bot_rng(4);
    for _ in 0..10 {
        let action = game.random_action(&mut rng).expect("action");
        game.apply(action, &mut NoEvents).expect("legal");
        history.push(action);
    }
    let seat = game.to_move();
    let chosen =
        bots::choose_in_deal(Level::Steady, config, 4, &history, seat, 1, SMALL).expect("action");
    assert_eq!(
        chosen,
        bots::choose(Level::Steady, &game, seat, 1, SMALL).expect("action")
    );
    assert!(game.legal().contains(&chosen));
}

fn duel_summary(bots: [Level; 2], games: u64, budget: Budget) -> selfplay::Summary {
    support_bots::duel_summary(RulesId::Touring1958, bots, games, 1, budget)
}

#[test]
fn steady_beats_random_in_at_least_95_percent_of_finished_races() {
    let summary = duel_summary([Level::Steady, Level::Random], 400, SMALL);
    let w = wins(&summary);
    assert!(summary.finished >= 380, "{summary:?}");
    assert!(
        w[0] * 100 >= summary.finished * 95,
        "steady won {} of {} finished races",
        w[0],
        summary.finished
    );
}

#[test]
fn shrewd_with_a_small_budget_beats_random() {
    let summary = duel_summary([Level::Shrewd, Level::Random], 20, Budget::Playouts(24));
    let w = wins(&summary);
    assert!(w[0] >= 18, "shrewd won {w:?} of {}", summary.finished);
}
