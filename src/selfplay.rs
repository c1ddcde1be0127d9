//! Self-play: complete games between bots, summarised. It is the engine's speed test too:
//! the search bots play thousands of games per move, so every nanosecond here is strength.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::Serialize;

use crate::engine::shuffle::derive_seed;
use crate::engine::{Config, IllegalAction, NoEvents, Rules, RulesId, touring1926};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub config: Config,
    pub games: u64,
    pub seed: u64,
    /// A game still running after this many turns ends as unfinished.
    pub max_turns: u32,
}

/// The summary printed by `touring selfplay`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub rules: RulesId,
    pub players: u8,
    pub partners: bool,
    pub seed: u64,
    pub games: u64,
    pub finished: u64,
    pub unfinished: u64,
    /// Play or discard choices made, over all games.
    pub decisions: u64,
    pub reshuffles: u64,
    /// Races won, per side.
    pub wins: Vec<u64>,
    /// Miles at the end of a game, per side, averaged over all games.
    pub mean_miles: Vec<f64>,
    pub mean_turns: f64,
    pub seconds: f64,
    pub decisions_per_second: f64,
}

/// Plays the games with uniformly random bots.
pub fn run(options: &Options) -> Result<Summary, IllegalAction> {
    match options.config.rules {
        RulesId::Touring1926 => run_with::<touring1926::State>(options),
    }
}

fn run_with<R: Rules>(options: &Options) -> Result<Summary, IllegalAction> {
    let sides = usize::from(options.config.sides());
    let mut wins = vec![0u64; sides];
    let mut miles = vec![0u64; sides];
    let (mut decisions, mut reshuffles, mut turns, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for game_number in 0..options.games {
        let seed = derive_seed(options.seed, game_number);
        let Ok(mut game) = R::new_game(options.config, seed, &[]) else {
            break;
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(derive_seed(seed, u64::MAX));
        while game.turn() < options.max_turns {
            let Some(action) = game.random_action(&mut rng) else {
                break;
            };
            game.apply(action, &mut NoEvents)?;
        }
        decisions += u64::from(game.turn());
        reshuffles += u64::from(game.reshuffles());
        turns += u64::from(game.turn());
        match game.winner() {
            Some(side) => wins[usize::from(side)] += 1,
            None => unfinished += 1,
        }
        for (side, total) in miles.iter_mut().enumerate() {
            *total += u64::from(game.miles(side as u8));
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = options.games.max(1) as f64;
    Ok(Summary {
        rules: options.config.rules,
        players: options.config.players,
        partners: options.config.partners,
        seed: options.seed,
        games: options.games,
        finished: options.games - unfinished,
        unfinished,
        decisions,
        reshuffles,
        wins,
        mean_miles: miles.iter().map(|&m| m as f64 / games).collect(),
        mean_turns: turns as f64 / games,
        seconds,
        decisions_per_second: if seconds > 0.0 {
            decisions as f64 / seconds
        } else {
            0.0
        },
    })
}
