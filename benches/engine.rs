//! Engine speed: one random decision (choose, apply, draw), a full legal-action listing, and a
//! whole random game. `cargo bench --bench engine`; see docs/benchmarks.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use touring::engine::touring1926::State;
use touring::engine::{ActionList, Config, NoEvents, Rules};

fn config() -> Config {
    Config::new(touring::engine::RulesId::Touring1926, 2, None).expect("config")
}

fn decisions(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut seed = 0;
    let mut game = State::new_game(config(), seed, &[]).expect("game");
    c.bench_function("random decision (2 players)", |b| {
        b.iter(|| {
            if game.is_over() || game.turn() >= 2000 {
                seed += 1;
                game = State::new_game(config(), seed, &[]).expect("game");
            }
            let action = game.random_action(&mut rng).expect("action");
            game.apply(black_box(action), &mut NoEvents).expect("legal");
        })
    });
    let game = State::new_game(config(), 3, &[]).expect("game");
    let mut list = ActionList::new();
    c.bench_function("legal actions", |b| {
        b.iter(|| {
            black_box(&game).legal_actions(&mut list);
            black_box(list.len())
        })
    });
    c.bench_function("whole random game (2 players)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut game = State::new_game(config(), seed, &[]).expect("game");
            while game.turn() < 2000 {
                let Some(action) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply(action, &mut NoEvents).expect("legal");
            }
            black_box(game.turn())
        })
    });
}

criterion_group!(benches, decisions);
criterion_main!(benches);
