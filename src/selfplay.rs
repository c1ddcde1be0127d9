//! Self-play: complete games between bots, summarised. It is the engine's speed test too:
//! the search bots play thousands of games per move, so every nanosecond here is strength.
//!
//! Without bots named, every seat plays uniformly random moves on the engine's fast path (the
//! figure `scripts/bench-engine.sh` measures). With bots named ([`run_bots`]), each seat is
//! played by a [`Bot`] that sees only its own seat, the bots change seats every game so that
//! nobody keeps the first move, and the games are spread over threads. Every game's deal and
//! every bot's random stream come from the seed and the game's number, so with a playout budget
//! the summary is the same whatever the number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::Serialize;

use crate::bots::{self, BotRules, Budget, Level, bot_rng};
use crate::engine::shuffle::derive_seed;
use crate::engine::{Config, NoEvents, Rules, RulesId, Seat, SetupError, Side};

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
    /// With bots: each bot's races won, in the order they were named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bots: Option<Vec<BotResult>>,
    /// With bots: the search bot's time per move, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
    /// With bots: the search bot's playouts per move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playouts: Option<u32>,
    /// With bots: the threads the games were spread over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
}

/// One named bot's results.
#[derive(Clone, Debug, Serialize)]
pub struct BotResult {
    pub name: Level,
    /// Races won by the side this bot played (counted once per race).
    pub wins: u64,
    /// The miles of its side at the end of a game, averaged over all games.
    pub mean_miles: f64,
}

/// Which bots play, and how.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// One bot per side, one per seat, or one for every seat.
    pub bots: Vec<Level>,
    /// The search bot's budget per move.
    pub budget: Budget,
    /// Threads to spread the games over (at least one).
    pub threads: usize,
}

/// Why bot self-play could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotPlayError {
    #[error(
        "name one bot per side ({sides}), one per seat ({players}) or one for every seat, not {named}"
    )]
    BotCount {
        named: usize,
        sides: u8,
        players: u8,
    },
    #[error("cannot set up a game: {0}")]
    Setup(SetupError),
    #[error("a {bot} bot played an illegal action: {error}")]
    Illegal { bot: Level, error: String },
    #[error("a {bot} bot had no action on its turn")]
    NoAction { bot: Level },
}

/// Plays the games with uniformly random bots. An error means the engine refused its own
/// legal action: a bug, reported in words.
pub fn run(options: &Options) -> Result<Summary, String> {
    struct Random<'a>(&'a Options);
    impl bots::Visitor for Random<'_> {
        type Output = Result<Summary, String>;
        fn visit<R: BotRules>(self) -> Self::Output {
            run_with::<R>(self.0)
        }
    }
    bots::visit(options.config.rules, Random(options))
}

fn run_with<R: Rules>(options: &Options) -> Result<Summary, String> {
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
            game.apply(action, &mut NoEvents)
                .map_err(|e| e.to_string())?;
        }
        decisions += u64::from(game.turn());
        reshuffles += u64::from(game.reshuffles());
        turns += u64::from(game.turn());
        match game.winner() {
            Some(side) => wins[usize::from(side)] += 1,
            None => unfinished += 1,
        }
        for (side, total) in miles.iter_mut().enumerate() {
            *total += u64::from(game.score(side as u8));
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
        bots: None,
        think_ms: None,
        playouts: None,
        threads: None,
    })
}

/// The outcome of one bot game.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    unfinished: u64,
    decisions: u64,
    reshuffles: u64,
    wins: [u64; 6],
    miles: [u64; 6],
    bot_wins: [u64; 6],
    bot_miles: [u64; 6],
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.unfinished += other.unfinished;
        self.decisions += other.decisions;
        self.reshuffles += other.reshuffles;
        for i in 0..6 {
            self.wins[i] += other.wins[i];
            self.miles[i] += other.miles[i];
            self.bot_wins[i] += other.bot_wins[i];
            self.bot_miles[i] += other.bot_miles[i];
        }
    }
}

/// Which named bot plays each seat in game `game_number`: the bots move round one side (or one
/// seat) every game, so over the games each sits in every place equally often.
fn seating(config: Config, named: usize, game_number: u64) -> [usize; 6] {
    let mut seats = [0; 6];
    for seat in 0..config.players {
        seats[usize::from(seat)] = if named == 1 {
            0
        } else if named == usize::from(config.sides()) {
            let sides = u64::from(config.sides());
            let side = u64::from(config.side_of(seat));
            ((side + sides - game_number % sides) % sides) as usize
        } else {
            let players = u64::from(config.players);
            ((u64::from(seat) + players - game_number % players) % players) as usize
        };
    }
    seats
}

/// Plays the games between the named bots and summarises them.
pub fn run_bots(options: &Options, bots: &BotOptions) -> Result<Summary, BotPlayError> {
    let config = options.config;
    let named = bots.bots.len();
    if named != 1 && named != usize::from(config.sides()) && named != usize::from(config.players) {
        return Err(BotPlayError::BotCount {
            named,
            sides: config.sides(),
            players: config.players,
        });
    }
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let total = Mutex::new(Ok(Tally::default()));
    let threads = bots.threads.clamp(1, 64);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = Tally::default();
                let mut failure = None;
                loop {
                    let game_number = next.fetch_add(1, Ordering::Relaxed);
                    if game_number >= options.games {
                        break;
                    }
                    match play_bot_game_of(options, bots, game_number) {
                        Ok(tally) => mine.add(&tally),
                        Err(error) => {
                            // Stop every thread: the summary would be wrong anyway.
                            next.store(options.games, Ordering::Relaxed);
                            failure = Some(error);
                            break;
                        }
                    }
                }
                let mut total = total
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                match (failure, total.as_mut()) {
                    (Some(error), _) => *total = Err(error),
                    (None, Ok(sum)) => sum.add(&mine),
                    (None, Err(_)) => {}
                }
            });
        }
    });
    let tally = total
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())?;
    let seconds = start.elapsed().as_secs_f64();
    let games = options.games.max(1) as f64;
    let sides = usize::from(config.sides());
    let (think_ms, playouts) = match bots.budget {
        Budget::Time(limit) => (Some(limit.as_millis() as u64), None),
        Budget::Playouts(n) => (None, Some(n)),
    };
    let searching = bots.bots.contains(&Level::Shrewd);
    // One bot for every seat: its mean miles are per side.
    let per_bot = if named == 1 {
        games * sides as f64
    } else {
        games
    };
    Ok(Summary {
        rules: config.rules,
        players: config.players,
        partners: config.partners,
        seed: options.seed,
        games: options.games,
        finished: options.games - tally.unfinished,
        unfinished: tally.unfinished,
        decisions: tally.decisions,
        reshuffles: tally.reshuffles,
        wins: tally.wins[..sides].to_vec(),
        mean_miles: tally.miles[..sides]
            .iter()
            .map(|&m| m as f64 / games)
            .collect(),
        mean_turns: tally.decisions as f64 / games,
        seconds,
        decisions_per_second: if seconds > 0.0 {
            tally.decisions as f64 / seconds
        } else {
            0.0
        },
        bots: Some(
            bots.bots
                .iter()
                .enumerate()
                .map(|(i, &name)| BotResult {
                    name,
                    wins: tally.bot_wins[i],
                    mean_miles: tally.bot_miles[i] as f64 / per_bot,
                })
                .collect(),
        ),
        think_ms: think_ms.filter(|_| searching),
        playouts: playouts.filter(|_| searching),
        threads: Some(threads),
    })
}

/// One game between bots, with the rule set's own bots.
fn play_bot_game_of(
    options: &Options,
    bots: &BotOptions,
    game_number: u64,
) -> Result<Tally, BotPlayError> {
    struct Play<'a>(&'a Options, &'a BotOptions, u64);
    impl bots::Visitor for Play<'_> {
        type Output = Result<Tally, BotPlayError>;
        fn visit<R: BotRules>(self) -> Self::Output {
            play_bot_game::<R>(self.0, self.1, self.2)
        }
    }
    bots::visit(options.config.rules, Play(options, bots, game_number))
}

/// One game between bots; its number decides the deal, the seating and the bots' randomness.
fn play_bot_game<R: BotRules>(
    options: &Options,
    bots: &BotOptions,
    game_number: u64,
) -> Result<Tally, BotPlayError> {
    let config = options.config;
    let seed = derive_seed(options.seed, game_number);
    let mut game = R::new_game(config, seed, &[]).map_err(BotPlayError::Setup)?;
    let seats = seating(config, bots.bots.len(), game_number);
    let mut players: Vec<(Level, R::Player)> = (0..usize::from(config.players))
        .map(|seat| {
            let level = bots.bots[seats[seat]];
            (level, R::player(level, bots.budget))
        })
        .collect();
    let mut rngs: Vec<_> = (0..config.players)
        .map(|seat| bot_rng(derive_seed(seed, 0xB07_0000 + u64::from(seat))))
        .collect();
    let mut memories = R::memory(config.players);
    while !game.is_over() && game.turn() < options.max_turns {
        let seat: Seat = game.to_move();
        let (level, bot) = &mut players[usize::from(seat)];
        let level = *level;
        let action = game
            .act(bot, &memories, seat, &mut rngs[usize::from(seat)])
            .ok_or(BotPlayError::NoAction { bot: level })?;
        game.apply(action, &mut memories)
            .map_err(|error| BotPlayError::Illegal {
                bot: level,
                error: error.to_string(),
            })?;
    }
    let mut tally = Tally {
        decisions: u64::from(game.turn()),
        reshuffles: u64::from(game.reshuffles()),
        ..Tally::default()
    };
    for side in 0..config.sides() {
        tally.miles[usize::from(side)] = u64::from(game.score(side));
    }
    let side_of_bot = |bot: usize| -> Option<Side> {
        (0..config.players)
            .find(|&seat| seats[usize::from(seat)] == bot)
            .map(|seat| config.side_of(seat))
    };
    match game.winner() {
        Some(side) => tally.wins[usize::from(side)] += 1,
        None => tally.unfinished += 1,
    }
    if bots.bots.len() == 1 {
        // One bot at every seat: it wins every finished race, and its miles are every side's.
        tally.bot_wins[0] = u64::from(game.winner().is_some());
        tally.bot_miles[0] = tally.miles.iter().sum();
    } else {
        for bot in 0..bots.bots.len() {
            if let Some(side) = side_of_bot(bot) {
                if game.winner() == Some(side) {
                    tally.bot_wins[bot] += 1;
                }
                tally.bot_miles[bot] += u64::from(game.score(side));
            }
        }
    }
    Ok(tally)
}
