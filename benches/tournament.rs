//! Closing a round of 500 tables: the movement (with cuts for ties) and the standings, in the
//! pure tournament code. `cargo bench --bench tournament`; see docs/benchmarks.md.

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use touring::engine::shuffle::{below, rng_from_seed};
use touring::tournament::{
    self, Entry, EventLength, FirstSeating, Members, RoundResult, Settings, close_round,
    seat_first_round, standings,
};

fn event(entries: usize) -> (Settings, Vec<Entry>) {
    let mut settings = Settings::new("Benchmark", 7);
    settings.length = EventLength::Rounds { rounds: 10 };
    let entries = (1..=entries as i64)
        .map(|id| {
            Entry::person(
                id,
                Members::player(&format!("Player {id}")).expect("name"),
                1,
            )
        })
        .collect();
    (settings, entries)
}

fn closing(c: &mut Criterion) {
    let (settings, entries) = event(1000);
    let plan = tournament::propose(&settings, entries.len()).expect("plan");
    let seating =
        seat_first_round(&settings, &entries, &plan, &FirstSeating::Draw, &[]).expect("seating");
    assert_eq!(seating.tables.len(), 500);
    let mut rng = rng_from_seed(3);
    // Random miles with plenty of ties, as short rounds give.
    let miles: BTreeMap<i64, u32> = entries
        .iter()
        .map(|e| (e.id, below(&mut rng, 12) * 5))
        .collect();
    let choices = BTreeMap::new();
    c.bench_function("close a round of 500 tables (movement)", |b| {
        b.iter(|| close_round(&settings, 1, black_box(&seating), &miles, &choices).expect("close"))
    });
    let closed = close_round(&settings, 1, &seating, &miles, &choices).expect("close");
    let results: Vec<RoundResult> = (1..=10)
        .map(|round| RoundResult {
            round,
            miles: closed.miles.clone(),
            won: closed.winners(),
            byes: Vec::new(),
        })
        .collect();
    c.bench_function("standings of 1000 entries over 10 rounds", |b| {
        b.iter(|| standings(&settings, black_box(&entries), &results))
    });
    c.bench_function("close a round of 500 tables and the standings", |b| {
        b.iter(|| {
            let closing =
                close_round(&settings, 1, black_box(&seating), &miles, &choices).expect("close");
            let results = [RoundResult {
                round: 1,
                miles: closing.miles.clone(),
                won: closing.winners(),
                byes: Vec::new(),
            }];
            standings(&settings, &entries, &results)
        })
    });
}

criterion_group!(benches, closing);
criterion_main!(benches);
