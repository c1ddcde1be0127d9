//! What Fluent costs: one message said in English and in French, plain, with a plural and a
//! grouped number, and a seat's nested message (a list of names). Multiplied by the messages a
//! seat's board says (counted as docs/benchmarks.md tells), it is what translation adds to a
//! move's fan-out. `cargo bench --bench i18n`; see docs/benchmarks.md.
//!
//! A message of only text and variables is said without Fluent's resolver (`crates/i18n/src/flat.rs`):
//! the last two measure one such message both ways, the second through a Fluent bundle of the
//! same English files, made here as the catalog makes its own.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use touring::i18n::{EMBEDDED, Lang, Said};

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

/// How a language groups digits, kept in a bundle's memoizer as the catalog keeps it.
struct Grouping(&'static str);

impl intl_memoizer::Memoizable for Grouping {
    type Args = ();
    type Error = ();

    fn construct(_: unic_langid::LanguageIdentifier, _: ()) -> Result<Grouping, ()> {
        Ok(Grouping(""))
    }
}

/// "Deal 3: Ann to play", a heading every board says, said directly and through Fluent.
fn flat_against_fluent(c: &mut Criterion) {
    c.bench_function(
        "en: text and variables, said directly (board-deal-heading)",
        |b| {
            b.iter(|| {
                Lang::ENGLISH
                    .msg("board-deal-heading")
                    .arg("deal", black_box(3u32))
                    .arg("whose", black_box("Ann to play"))
                    .text()
            })
        },
    );
    let mut bundle = FluentBundle::new_concurrent(vec!["en".parse().expect("a tag")]);
    bundle.set_use_isolating(false);
    // Numbers are written as the catalog writes them: the language's grouping found in the
    // bundle's memoizer (a lock and a lookup) at every number placed.
    bundle.set_formatter(Some(|value, intls| {
        let FluentValue::Number(number) = value else {
            return None;
        };
        // English groups no digits: the separator is found, as the catalog finds it, and
        // the number written whole.
        let _separator = intls.with_try_get::<Grouping, _, _>((), |g| g.0).ok()?;
        #[allow(clippy::cast_possible_truncation)]
        Some((number.value as i64).to_string())
    }));
    let (_, files) = EMBEDDED
        .iter()
        .find(|(tag, _)| *tag == "en")
        .expect("English");
    for (_, text) in *files {
        let resource = FluentResource::try_new((*text).to_owned()).expect("parses");
        bundle.add_resource(resource).expect("no message twice");
    }
    let pattern = bundle
        .get_message("board-deal-heading")
        .and_then(|m| m.value())
        .expect("the heading");
    c.bench_function(
        "en: text and variables, through Fluent (board-deal-heading)",
        |b| {
            b.iter(|| {
                let mut args = FluentArgs::new();
                args.set("deal", FluentValue::from(black_box(3u32)));
                args.set(
                    "whose",
                    FluentValue::from(black_box("Ann to play").to_owned()),
                );
                let mut errors = Vec::new();
                bundle
                    .format_pattern(pattern, Some(&args), &mut errors)
                    .into_owned()
            })
        },
    );
}

criterion_group!(benches, messages, flat_against_fluent);
criterion_main!(benches);
