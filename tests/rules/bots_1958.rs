//! The bots of Touring (1937-1958): only legal actions, their rules of thumb, decisions from
//! their own seat's view only, repeatable with a playout budget, and steady beats random.

use crate::common::bots::wins;
use crate::common::touring1958::*;
use touring::bots::touring1958::{Bot, SteadyBot};
use touring::bots::{self, Budget, Level, bot_rng};
use touring::engine::touring1958::Action;
use touring::engine::{Config, Game, NoEvents, RulesId};
use touring::selfplay;

/// A small search budget: enough to exercise the search, quick in the test profile.
const SMALL: Budget = Budget::Playouts(12);

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
    crate::common::bots::duel_summary(RulesId::Touring1958, bots, games, 1, budget)
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
