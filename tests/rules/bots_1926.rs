//! Bots: they play only legal actions, follow their rules of thumb, decide from their own
//! seat's view only, repeat themselves when given a playout budget, and beat weaker bots.
//!
//! Nothing here measures time: strength is counted in races won, with fixed playout budgets.

use crate::common::bots::wins;
use crate::common::games::{after_random_turns, configs};
use touring::bots::touring1926::{Bot, RandomBot, ShrewdBot, SteadyBot, shrewd::Params};
use touring::bots::{self, Budget, Level, bot_rng};
use touring::engine::touring1926::State;
use touring::engine::touring1926::{Action, Card, Event, Speed, Status};
use touring::engine::{ActionList, Config, Game, NoEvents, Rules, RulesId};
use touring::selfplay;

/// An action of Touring (1926), from the rule set's own type or the engine's enum.
struct Played(Action);

impl From<Action> for Played {
    fn from(action: Action) -> Played {
        Played(action)
    }
}

impl From<touring::engine::Action> for Played {
    fn from(action: touring::engine::Action) -> Played {
        match action {
            touring::engine::Action::Touring1926(action) => Played(action),
            other => panic!("these tests play Touring (1926), not {other:?}"),
        }
    }
}

/// A small search budget: enough to exercise the search, quick in the test profile.
const SMALL: Budget = Budget::Playouts(12);

fn is_legal(game: &State, action: impl Into<Played>) -> bool {
    let Played(action) = action.into();
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    legal.contains(&action)
}

#[test]
fn the_quick_bots_play_only_legal_actions_over_whole_games() {
    for config in configs(RulesId::Touring1926) {
        for seed in 0..6u64 {
            let mut game = State::new_game(config, seed, &[]).expect("game");
            let mut rng = bot_rng(seed);
            while !game.is_over() && game.turn() < 1500 {
                let seat = game.to_move();
                let observation = game.observe(seat);
                let action = if (usize::from(seat) + seed as usize).is_multiple_of(2) {
                    SteadyBot.act(&observation, &mut rng)
                } else {
                    RandomBot.act(&observation, &mut rng)
                }
                .expect("action");
                assert!(is_legal(&game, action), "{config:?}: {action}");
                game.apply(action, &mut NoEvents).expect("legal");
            }
        }
    }
}

#[test]
fn a_bot_says_nothing_when_it_is_not_its_turn() {
    let game: State = after_random_turns(
        Config::new(RulesId::Touring1926, 3, None).expect("config"),
        4,
        10,
    );
    let idle = (game.to_move() + 1) % 3;
    let observation = game.observe(idle);
    let mut rng = bot_rng(1);
    assert_eq!(RandomBot.act(&observation, &mut rng), None);
    assert_eq!(SteadyBot.act(&observation, &mut rng), None);
    assert_eq!(ShrewdBot::new(SMALL).act(&observation, &mut rng), None);
    let err = bots::choose(
        Level::Steady,
        &Game::Touring1926(game.clone()),
        idle,
        1,
        SMALL,
    );
    assert!(
        matches!(err, Err(bots::BotError::NotYourTurn { .. })),
        "{err:?}"
    );
    let err = bots::choose(Level::Steady, &Game::Touring1926(game), 7, 1, SMALL);
    assert!(
        matches!(err, Err(bots::BotError::NoSuchSeat { .. })),
        "{err:?}"
    );
}

#[test]
fn steady_never_speeds() {
    let mut tens_played = 0;
    for config in configs(RulesId::Touring1926) {
        for seed in 0..12u64 {
            let mut game = State::new_game(config, seed, &[]).expect("game");
            let mut rng = bot_rng(seed);
            while !game.is_over() && game.turn() < 1500 {
                let seat = game.to_move();
                let steady = seat % 2 == 0;
                let action = if steady {
                    SteadyBot.act(&game.observe(seat), &mut rng)
                } else {
                    RandomBot.act(&game.observe(seat), &mut rng)
                }
                .expect("action");
                let speed = game.speed();
                let mut events = Vec::new();
                game.apply(action, &mut events).expect("legal");
                if steady {
                    assert!(
                        !events.iter().any(|e| matches!(e, Event::Speeding { .. })),
                        "{config:?} seed {seed}: steady sped"
                    );
                    if action == Action::play(Card::Mile10) {
                        assert_eq!(speed, Speed::Country);
                        tens_played += 1;
                    }
                }
            }
        }
    }
    assert!(tens_played > 50, "steady does play 10s: {tens_played}");
}

/// A deck that deals `hands[seat]` (five cards each, one at a time from seat 0) and then
/// `draws` in turn order from seat 0.
fn stacked(hands: &[[Card; 5]], draws: &[Card]) -> Vec<Card> {
    let mut deck = Vec::new();
    for round in 0..5 {
        for hand in hands {
            deck.push(hand[round]);
        }
    }
    deck.extend_from_slice(draws);
    deck
}

#[test]
fn steady_plays_go_when_it_can_and_is_not_started() {
    use Card::*;
    // Seat 0 also holds a delay, Country and miles: Go still comes first.
    let config = Config::new(RulesId::Touring1926, 2, None).expect("config");
    let deck = stacked(
        &[
            [Collision, Country, Mile5, Go, Mile1],
            [Mile1, Mile3, Mile5, Mile10, HauledIn],
        ],
        &[Mile10],
    );
    let game = State::new_game(config, 3, &deck).expect("game");
    let mut rng = bot_rng(1);
    assert_eq!(
        SteadyBot.act(&game.observe(0), &mut rng),
        Some(Action::play(Go))
    );
    // And in every state of many random games where it could.
    let mut checked = 0;
    for config in configs(RulesId::Touring1926) {
        for seed in 0..10u64 {
            let mut game = State::new_game(config, seed, &[]).expect("game");
            while !game.is_over() && game.turn() < 300 {
                let seat = game.to_move();
                let observation = game.observe(seat);
                let action = SteadyBot.act(&observation, &mut rng).expect("action");
                let side = game.side_of(seat);
                if game.status(side) == Status::NotStarted && game.held(seat, Go) > 0 {
                    assert_eq!(action, Action::play(Go), "{config:?} seed {seed}");
                    checked += 1;
                }
                let random = game.random_action(&mut rng).expect("action");
                game.apply(random, &mut NoEvents).expect("legal");
            }
        }
    }
    assert!(checked > 100, "{checked} states checked");
}

#[test]
fn steady_delays_a_running_opponent_and_keeps_what_it_needs() {
    use Card::*;
    let config = Config::new(RulesId::Touring1926, 2, None).expect("config");
    // Seat 0 starts; seat 1 starts; seat 0 then holds a Collision against a running opponent.
    let deck = stacked(
        &[
            [Go, Collision, Mile1, Mile1, HauledIn],
            [Go, Mile1, Mile3, Mile5, Mile1],
        ],
        &[Mile3, Mile3, Mile1],
    );
    let mut game = State::new_game(config, 5, &deck).expect("game");
    let mut rng = bot_rng(1);
    for _ in 0..2 {
        let seat = game.to_move();
        let action = SteadyBot
            .act(&game.observe(seat), &mut rng)
            .expect("action");
        assert_eq!(action, Action::play(Go));
        game.apply(action, &mut NoEvents).expect("legal");
    }
    let action = SteadyBot.act(&game.observe(0), &mut rng).expect("action");
    assert!(
        matches!(
            action,
            Action::Play {
                card: Collision,
                target: Some(1),
                ..
            }
        ),
        "{action}"
    );
}

#[test]
fn a_time_budget_still_gives_a_legal_action() {
    let game: State = after_random_turns(
        Config::new(RulesId::Touring1926, 2, None).expect("config"),
        8,
        20,
    );
    let seat = game.to_move();
    let action = bots::choose(
        Level::Shrewd,
        &Game::Touring1926(game.clone()),
        seat,
        1,
        Budget::Time(std::time::Duration::from_millis(5)),
    )
    .expect("action");
    assert!(is_legal(&game, action));
}

fn duel(bots: [Level; 2], games: u64, budget: Budget) -> selfplay::Summary {
    crate::common::bots::duel_summary(RulesId::Touring1926, bots, games, 1, budget)
}

#[test]
fn steady_beats_random() {
    let summary = duel([Level::Steady, Level::Random], 200, SMALL);
    let w = wins(&summary);
    assert!(w[0] >= 190, "steady {} random {}", w[0], w[1]);
}

#[test]
fn shrewd_with_a_small_budget_beats_random() {
    let summary = duel([Level::Shrewd, Level::Random], 20, SMALL);
    let w = wins(&summary);
    assert!(w[0] >= 19, "shrewd {} random {}", w[0], w[1]);
}

#[test]
fn the_search_scores_the_side_nearer_the_finish_higher() {
    use Card::*;
    let config = Config::new(RulesId::Touring1926, 2, None).expect("config");
    let deck = stacked(&[[Go; 5], [Mile1; 5]], &[Go]);
    let mut game = State::new_game(config, 2, &deck).expect("game");
    let params = Params::default();
    let before = touring::bots::touring1926::shrewd::score(&game, 0, params);
    game.apply(Action::play(Go), &mut NoEvents).expect("Go");
    let after = touring::bots::touring1926::shrewd::score(&game, 0, params);
    assert!(after > before, "started: {after} > not started: {before}");
    assert!(
        after > 0.5 && after < 1.0,
        "an unfinished race scores below a win: {after}"
    );
    let theirs = touring::bots::touring1926::shrewd::score(&game, 1, params);
    assert!(
        (after + theirs - 1.0).abs() < 1e-9,
        "two sides share the score"
    );
}

type Policy = Box<
    dyn FnMut(
        &touring::bots::touring1926::Observation,
        &mut touring::bots::BotRng,
    ) -> touring::engine::touring1926::Action,
>;

/// Plays `games` two-player games between two policies on two threads, swapping seats.
fn exp_match(
    games: u64,
    make_a: impl Fn() -> Policy + Sync,
    make_b: impl Fn() -> Policy + Sync,
) -> (u64, u64) {
    let config = Config::new(RulesId::Touring1926, 2, None).expect("config");
    let results: Vec<(u64, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2u64)
            .map(|t| {
                let (make_a, make_b) = (&make_a, &make_b);
                scope.spawn(move || {
                    let (mut a, mut b) = (make_a(), make_b());
                    let (mut wa, mut wb) = (0, 0);
                    let mut rng = bot_rng(77 + t);
                    for g in (t..games).step_by(2) {
                        let mut game = State::new_game(config, 1000 + g / 2, &[]).expect("game");
                        let a_seat = (g % 2) as u8;
                        while !game.is_over() && game.turn() < 2000 {
                            let seat = game.to_move();
                            let obs = game.observe(seat);
                            let action = if seat == a_seat {
                                a(&obs, &mut rng)
                            } else {
                                b(&obs, &mut rng)
                            };
                            game.apply(action, &mut NoEvents).expect("legal");
                        }
                        match game.winner() {
                            Some(s) if s == a_seat => wa += 1,
                            Some(_) => wb += 1,
                            None => {}
                        }
                    }
                    (wa, wb)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    results
        .iter()
        .fold((0, 0), |(a, b), &(x, y)| (a + x, b + y))
}

fn style_policy(style: touring::bots::touring1926::steady::Style) -> Policy {
    Box::new(move |obs, _| {
        let mut legal = touring::engine::ActionList::new();
        obs.legal_actions(&mut legal);
        touring::bots::touring1926::steady::choose_with(obs, &legal, style).expect("action")
    })
}

#[test]
#[ignore = "a tuning experiment, 20,000 games a trial by default; .ci/run runs it small (EXP_GAMES=4)"]
fn exp_tune() {
    use touring::bots::touring1926::steady::Style;
    let games: u64 = std::env::var("EXP_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20000);
    let eval = |style: Style| {
        let (a, b) = exp_match(
            games,
            || style_policy(style),
            || style_policy(Style::STEADY),
        );
        100.0 * a as f64 / (a + b) as f64
    };
    type Knob = (&'static str, fn(&mut Style, i32), &'static [i32]);
    let knobs: &[Knob] = &[
        ("small_first", |s, v| s.small_first = v != 0, &[0, 1]),
        (
            "country_contested",
            |s, v| s.country_contested = v,
            &[-200, 150, 700],
        ),
        (
            "city_contested",
            |s, v| s.city_contested = v,
            &[100, 250, 700],
        ),
        ("second_go", |s, v| s.second_go = v, &[5, 20, 45]),
        ("remedy", |s, v| s.remedy = v, &[25, 50, 80, 120]),
        ("second_remedy", |s, v| s.second_remedy = v, &[4, 20, 45]),
        ("delay", |s, v| s.delay = v, &[35, 70, 120]),
        ("mile", |s, v| s.mile = v, &[30, 40, 55]),
        ("scarcity", |s, v| s.scarcity = v, &[0, 20, 40]),
        ("country", |s, v| s.country = v, &[15, 35, 60]),
        ("city", |s, v| s.city = v, &[10, 30, 60]),
        ("first_go", |s, v| s.first_go = v, &[40, 60, 90]),
        ("country_free", |s, v| s.country_free = v, &[200, 700]),
        ("robbable", |s, v| s.robbable = v, &[0, 6, 20]),
        ("city_in_city", |s, v| s.city_in_city = v, &[2, 10, 30]),
        ("country_later", |s, v| s.country_later = v, &[5, 15, 35]),
    ];
    let mut best = Style::STEADY;
    if std::env::var("EXP_FROM_TUNED").is_ok() {
        best = Style::TUNED;
    }
    let mut best_score = eval(best);
    for pass in 0..3 {
        for (name, set, values) in knobs {
            for &v in *values {
                let mut style = best;
                set(&mut style, v);
                if style == best {
                    continue;
                }
                let score = eval(style);
                println!("pass {pass} {name}={v}: {score:.2}% (best {best_score:.2}%)");
                if score > best_score + 0.3 {
                    best = style;
                    best_score = score;
                    println!("  -> accepted");
                }
            }
        }
        println!("after pass {pass}: {best:?} {best_score:.2}%");
    }
}
