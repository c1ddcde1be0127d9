//! What Fluent costs: one message said in English and in French, plain, with a plural and a
//! grouped number, and a seat's nested message (a list of names). Multiplied by the messages a
//! seat's board says (counted as docs/benchmarks.md tells), it is what translation adds to a
//! move's fan-out. `cargo bench --bench i18n`; see docs/benchmarks.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use touring::i18n::{Lang, Said};

fn messages(c: &mut Criterion) {
    let french = Lang::from_tag("fr").expect("French");
    for (name, lang) in [("en", Lang::ENGLISH), ("fr", french)] {
        c.bench_function(&format!("{name}: a plain message (board-your-hand)"), |b| {
            b.iter(|| black_box(lang).t(black_box("board-your-hand")))
        });
        c.bench_function(
            &format!("{name}: a plural and a number (board-cards)"),
            |b| {
                b.iter(|| {
                    black_box(lang)
                        .msg("board-cards")
                        .arg("count", black_box(12u32))
                        .text()
                })
            },
        );
        c.bench_function(&format!("{name}: a score of 5000 points"), |b| {
            b.iter(|| {
                black_box(lang)
                    .msg("score-in-unit")
                    .arg("score", black_box(5000u32))
                    .arg("unit", "points")
                    .text()
            })
        });
        let with = Said::new("seat-msg-at-table-with")
            .number("round", 2u32)
            .number("table", 3u32)
            .names("others", vec!["Ann".into(), "Bob".into(), "Cy".into()]);
        c.bench_function(&format!("{name}: a seat's message with a list"), |b| {
            b.iter(|| black_box(lang).say(black_box(&with)))
        });
    }
}

criterion_group!(benches, messages);
criterion_main!(benches);
