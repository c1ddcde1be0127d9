//! The catalog's own tests: every message in every language, numbers, plurals, the harness.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use super::*;

/// Variables a language may choose words by (in a selector) although another language
/// does not: the grammar of its verbs and nouns. Every other variable must be placed alike
/// in every language.
const GRAMMAR: &[&str] = &["subject", "deal", "unit"];

/// The variables a message uses: those it places in its text, and those it chooses by.
#[derive(Debug, Default, PartialEq)]
struct Variables {
    placed: BTreeSet<String>,
    selectors: BTreeSet<String>,
}

/// Every message and term of a folder, with the variables each uses.
fn messages(folder: &str) -> BTreeMap<String, Variables> {
    let files = EMBEDDED
        .iter()
        .find(|(name, _)| *name == folder)
        .map(|(_, files)| *files)
        .unwrap_or_else(|| panic!("no folder locales/{folder}"));
    let mut found = BTreeMap::new();
    for (file, text) in files {
        let resource = FluentResource::try_new((*text).to_owned())
            .unwrap_or_else(|(_, e)| panic!("locales/{folder}/{file} does not parse: {e:?}"));
        for entry in resource.entries() {
            let (id, pattern, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_owned(), m.value.as_ref(), &m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
                ast::Entry::Junk { content } => panic!("locales/{folder}/{file}: {content}"),
                _ => continue,
            };
            let mut variables = Variables::default();
            for p in pattern
                .into_iter()
                .chain(attributes.iter().map(|a| &a.value))
            {
                variables_of(p, &mut variables);
            }
            let again = found.insert(id.clone(), variables);
            assert!(again.is_none(), "{id} twice in locales/{folder}");
        }
    }
    found
}

fn variables_of(pattern: &ast::Pattern<&str>, out: &mut Variables) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut Variables) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                out.selectors.insert(id.name.to_owned());
            } else {
                inline_variables(selector, out);
            }
            for variant in variants {
                variables_of(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut Variables) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.placed.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, out);
        }
        _ => {}
    }
}

#[test]
fn every_message_exists_in_every_language_with_the_same_variables() {
    let english = messages(LANGUAGES[0].0);
    assert!(english.len() > 100, "{} messages", english.len());
    for (tag, _) in &LANGUAGES[1..] {
        let other = messages(tag);
        let public = |m: &BTreeMap<String, Variables>| -> BTreeSet<String> {
            m.keys()
                .filter(|id| !id.starts_with('-'))
                .cloned()
                .collect()
        };
        let (ids, other_ids) = (public(&english), public(&other));
        let missing: Vec<&String> = ids.difference(&other_ids).collect();
        let extra: Vec<&String> = other_ids.difference(&ids).collect();
        assert!(missing.is_empty(), "missing in locales/{tag}: {missing:?}");
        assert!(extra.is_empty(), "only in locales/{tag}: {extra:?}");
        for id in &ids {
            let (en, theirs) = (&english[id], &other[id]);
            assert_eq!(
                en.placed, theirs.placed,
                "the variables {id} places in locales/{tag}"
            );
            for (lang, variables) in [("en", en), (*tag, theirs)] {
                for chosen in variables.selectors.difference(&variables.placed) {
                    assert!(
                        en.placed.contains(chosen)
                            || en.selectors.contains(chosen)
                            || GRAMMAR.contains(&chosen.as_str()),
                        "{id} in locales/{lang} chooses by ${chosen}, which it is not given"
                    );
                }
            }
        }
    }
}

#[test]
fn every_language_folder_is_offered_and_every_offered_language_has_its_folder() {
    let folders: BTreeSet<&str> = EMBEDDED.iter().map(|(name, _)| *name).collect();
    let offered: BTreeSet<&str> = LANGUAGES.iter().map(|(tag, _)| *tag).collect();
    assert_eq!(folders, offered);
    for (tag, files) in EMBEDDED {
        assert!(!files.is_empty(), "locales/{tag} has no .ftl file");
    }
}

#[test]
fn every_message_says_itself_without_errors_given_its_variables() {
    for lang in Lang::offered().chain([Lang::PSEUDO]) {
        let bundle = lang.bundle();
        for (id, variables) in messages(LANGUAGES[usize::from(lang.index)].0) {
            if id.starts_with('-') {
                continue;
            }
            let mut args = FluentArgs::new();
            for v in variables.placed.iter().chain(&variables.selectors) {
                args.set(v.clone(), FluentValue::from(2));
            }
            let pattern = bundle.get_message(&id).and_then(|m| m.value());
            let Some(pattern) = pattern else {
                panic!("{id} has no value in {}", lang.code());
            };
            let mut errors = Vec::new();
            let _ = bundle.format_pattern(pattern, Some(&args), &mut errors);
            assert!(errors.is_empty(), "{id} in {}: {errors:?}", lang.code());
        }
    }
}

/// Every message of every offered language, with its variables given as text (some of it
/// HTML's own characters), as a large number and as one: said directly when it is only text
/// and variables ([`flat`]), it reads as Fluent says it, escaped or not.
#[test]
fn a_message_of_only_text_and_variables_reads_the_same_said_directly_as_through_fluent() {
    let values = [
        FluentValue::from("Ann & <Bob> \"Cy\" 'Di'"),
        FluentValue::from(12345),
        FluentValue::from(1),
    ];
    let mut flat_ones = 0;
    for lang in Lang::offered() {
        let bundle = lang.bundle();
        for (id, variables) in messages(lang.code()) {
            if id.starts_with('-') {
                continue;
            }
            let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
                continue;
            };
            for value in &values {
                let mut args = FluentArgs::new();
                let mut escaped = FluentArgs::new();
                for v in variables.placed.iter().chain(&variables.selectors) {
                    args.set(v.clone(), value.clone());
                    let html = match value {
                        FluentValue::String(text) => FluentValue::from(escape(text)),
                        other => other.clone(),
                    };
                    escaped.set(v.clone(), html);
                }
                let mut errors = Vec::new();
                let fluent = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert_eq!(
                    lang.format(&id, Some(&args)),
                    fluent,
                    "{id} in {}",
                    lang.code()
                );
                let fluent_html = bundle.format_pattern(pattern, Some(&escaped), &mut errors);
                let mut html = String::new();
                lang.write_message(&id, Some(&args), true, &mut html)
                    .expect("written");
                assert_eq!(html, fluent_html, "{id} in {} as HTML", lang.code());
            }
            let placing = flat::Placing {
                separator: lang.separator(),
                escaped: false,
            };
            let mut args = FluentArgs::new();
            for v in &variables.placed {
                args.set(v.clone(), FluentValue::from(2));
            }
            let mut sink = String::new();
            flat_ones +=
                usize::from(flat::write(pattern, Some(&args), &placing, &mut sink).is_some());
        }
    }
    assert!(
        flat_ones > 500,
        "only {flat_ones} messages are said directly"
    );
}

/// HTML's five special characters, and nothing else, are escaped.
#[test]
fn text_placed_in_html_has_its_five_special_characters_escaped() {
    assert_eq!(
        escape("<a href=\"x\">Tom & Jerry's</a> déjà"),
        "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt; déjà"
    );
    assert_eq!(escape(""), "");
}

/// A flat message missing a variable is said by Fluent, which shows the gap and logs it.
#[test]
fn a_flat_message_missing_a_variable_is_said_by_fluent() {
    let said = Lang::ENGLISH
        .msg("board-deal-heading")
        .arg("deal", 3)
        .text();
    assert_eq!(said, "Deal 3: {$whose}");
    let said = Lang::from_tag("fr")
        .expect("French")
        .msg("board-side-miles")
        .arg("miles", 12000)
        .text();
    assert!(said.starts_with("12\u{202f}000"), "{said}");
}

#[test]
fn a_browser_gets_the_offered_language_it_prefers_most() {
    let code = |header| Lang::from_accept_language(header).code();
    assert_eq!(code("fr-FR,fr;q=0.9,en;q=0.8"), "fr");
    assert_eq!(code("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7"), "fr");
    assert_eq!(code("en;q=0.5,fr;q=0.9"), "fr");
    assert_eq!(code("fr;q=0,en"), "en");
    assert_eq!(code("de"), "en");
    assert_eq!(code(""), "en");
    assert_eq!(code("en-XA"), PSEUDO);
    assert_eq!(code("fr-CA"), "fr");
}

#[test]
fn numbers_in_the_readers_conventions_5000_and_5_000() {
    assert_eq!(Lang::ENGLISH.number(5000), "5000");
    let french = Lang::from_tag("fr").expect("French");
    assert_eq!(french.number(5000), "5\u{202f}000");
    assert_eq!(french.number(700), "700");
    assert_eq!(french.number(-1_234_567), "-1\u{202f}234\u{202f}567");
    let points = french.msg("points").arg("points", 5000u32).text();
    assert_eq!(points, "5\u{202f}000 points");
    assert_eq!(
        Lang::ENGLISH.msg("points").arg("points", 5000u32).text(),
        "5000 points"
    );
}

#[test]
fn plurals_by_fluents_own_selectors_1_round_2_rounds() {
    let french = Lang::from_tag("fr").expect("French");
    let rounds = |lang: Lang, n: u32| lang.msg("rounds").arg("count", n).text();
    assert_eq!(rounds(Lang::ENGLISH, 1), "1 round");
    assert_eq!(rounds(Lang::ENGLISH, 2), "2 rounds");
    assert_eq!(rounds(french, 1), "1 ronde");
    assert_eq!(rounds(french, 2), "2 rondes");
}

#[test]
fn places_by_fluents_ordinal_rules_1st_2nd_and_1er_2e() {
    let french = Lang::from_tag("fr").expect("French");
    for (n, english) in [
        (1u32, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (111, "111th"),
    ] {
        let said = Said::new("place").number("place", n);
        assert_eq!(Lang::ENGLISH.say(&said), english, "{n}");
    }
    let place = |n: u32| french.say(&Said::new("place").number("place", n));
    assert_eq!(place(1), "1er");
    assert_eq!(place(2), "2e");
    assert_eq!(place(21), "21e");
    let joint = Said::new("place-joint").number("place", 3u32);
    assert_eq!(Lang::ENGLISH.say(&joint), "joint 3rd");
    assert_eq!(french.say(&joint), "3e ex æquo");
}

#[test]
fn a_list_of_names_is_joined_in_the_readers_language() {
    let french = Lang::from_tag("fr").expect("French");
    let with = Said::new("seat-msg-at-table-with")
        .number("round", 2u32)
        .number("table", 3u32)
        .names("others", vec!["Ann".into(), "Bob".into(), "Cy".into()]);
    assert_eq!(
        Lang::ENGLISH.say(&with),
        "Round 2: table 3 with Ann and Bob and Cy."
    );
    assert_eq!(
        french.say(&with),
        "Ronde 2\u{a0}: table 3 avec Ann et Bob et Cy."
    );
    let score = Said::new("score-in-unit")
        .number("score", 1u32)
        .text("unit", "miles");
    assert_eq!(Lang::ENGLISH.say(&score), "1 mile");
    let score = Said::new("score-in-unit")
        .number("score", 5000u32)
        .text("unit", "points");
    assert_eq!(french.say(&score), "5\u{202f}000 points");
}

#[test]
fn the_harness_finds_text_outside_the_markers_and_nothing_else() {
    let page = format!(
        "<html><head><title>{OPEN}Séát{CLOSE}</title><script>var x = \"words\";</script></head>\
         <body><p title=\"Plain title\">{OPEN}Tüñ {OPEN}Ñëstéd{CLOSE}{CLOSE} Ann: 12 · 3/4</p>\
         <!-- a comment --><button aria-label=\"{OPEN}ök{CLOSE}\">Left over</button></body></html>"
    );
    assert_eq!(untranslated(&page, &["Ann"]), ["Plain title", "Left over"]);
}

#[test]
fn the_pseudo_language_marks_and_accents_every_message_and_leaves_markup_alone() {
    let said = Lang::PSEUDO.msg("pick-held").arg("name", "<Ann>").html();
    assert!(said.starts_with(OPEN) && said.ends_with(CLOSE), "{said}");
    assert!(said.contains("<strong>&lt;Ann&gt;</strong>"), "{said}");
    assert!(said.contains("Thïs"), "{said}");
}

/// The word a message puts before its number: "Round" in "Round 2", "Manche" in "Manche 1 :".
fn word_before(lang: Lang, id: &'static str, variable: &'static str) -> String {
    let said = lang.msg(id).arg(variable, 7).arg("whose", "x").text();
    let before = said.split("7").next().unwrap_or_default();
    before
        .trim()
        .trim_end_matches(',')
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_lowercase()
}

#[test]
fn a_party_round_and_a_mille_bornes_hand_have_one_word_each_and_never_the_same() {
    for lang in Lang::offered() {
        let rounds: BTreeSet<String> = [
            ("wall-round", "round"),
            ("print-index-round", "round"),
            ("host-correction-round-n", "round"),
            ("seat-table-round", "round"),
            ("cards-heading-round", "round"),
            ("replay-title", "round"),
        ]
        .into_iter()
        .map(|(id, v)| word_before(lang, id, v))
        .collect();
        let hands: BTreeSet<String> = [
            ("mb-hand-heading", "hand"),
            ("host-card-hand", "hand"),
            ("seat-card-hand", "hand"),
            ("card-hand-number", "hand"),
            ("card-hand-points", "hand"),
            ("refused-in-hand", "hand"),
        ]
        .into_iter()
        .map(|(id, v)| word_before(lang, id, v))
        .collect();
        assert_eq!(
            rounds.len(),
            1,
            "{}: a round is called {rounds:?}",
            lang.code()
        );
        assert_eq!(
            hands.len(),
            1,
            "{}: a hand is called {hands:?}",
            lang.code()
        );
        assert_ne!(rounds, hands, "{}: round and hand named alike", lang.code());
        // A hand won or over is the hand's word, never the round's.
        let round = rounds.first().cloned().unwrap_or_default();
        let hand = hands.first().cloned().unwrap_or_default();
        for id in ["board-won", "board-over"] {
            let said = lang
                .msg(id)
                .arg("deal", "hand")
                .arg("names", "Ann")
                .arg("subject", "one")
                .text()
                .to_lowercase();
            assert!(said.contains(&hand), "{}: {id} says {said}", lang.code());
            assert!(!said.contains(&round), "{}: {id} says {said}", lang.code());
        }
    }
}

#[test]
fn a_name_elides_before_a_vowel_or_a_mute_h_and_not_before_a_consonant() {
    for name in [
        "Amélie", "Élodie", "Isabelle", "Henri", "Hélène", "Yves", "Œdipe", " Olga", "ursule",
    ] {
        assert!(elides(name), "{name} elides");
    }
    for name in [
        "Benoît",
        "Géraldine",
        "Yann",
        "Hans",
        "Harry Smith",
        "",
        "42",
        "#3",
        "François",
    ] {
        assert!(!elides(name), "{name} does not elide");
    }
}

#[test]
fn french_says_d_and_qu_before_a_name_that_elides_and_english_is_unchanged() {
    let fr = Lang::from_tag("fr").unwrap_or_default();
    let turn = |lang: Lang, name: &str| lang.msg("seat-turn-of").arg("name", name).text();
    assert_eq!(turn(fr, "Amélie"), "Au tour d'Amélie");
    assert_eq!(turn(fr, "Henri"), "Au tour d'Henri");
    assert_eq!(turn(fr, "Benoît"), "Au tour de Benoît");
    assert_eq!(turn(Lang::ENGLISH, "Amélie"), "Amélie's turn");
    let seen = fr.msg("replay-as-seen").arg("name", "Isabelle").text();
    assert_eq!(seen, "Tel qu'Isabelle l'a vu");
    let escaped = fr.msg("host-card-confirm").arg("name", "Élodie <b>").html();
    assert!(escaped.contains("d'Élodie &lt;b&gt;"), "{escaped}");
}

#[test]
fn a_refusal_said_on_its_own_starts_with_a_capital_and_ends_with_a_full_stop() {
    assert_eq!(
        as_sentence("la partie a avancé\u{a0}: voici le nouvel état"),
        "La partie a avancé\u{a0}: voici le nouvel état."
    );
    assert_eq!(as_sentence("élodie joue !"), "Élodie joue !");
    assert_eq!(as_sentence("done."), "Done.");
    assert_eq!(as_sentence(""), "");
}

#[test]
fn seconds_left_agree_with_their_number_1_s_restante_2_s_restantes() {
    let french = Lang::from_tag("fr").expect("French");
    let left = |n: i64| french.msg("seconds-left").arg("seconds", n).text();
    assert_eq!(left(1), "s restante");
    assert_eq!(left(2), "s restantes");
    assert_eq!(
        Lang::ENGLISH.msg("seconds-left").arg("seconds", 1).text(),
        "s left"
    );
}

#[test]
fn french_puts_its_no_break_space_before_every_colon_semicolon_and_mark_in_every_message() {
    let (_, files) = EMBEDDED
        .iter()
        .find(|(tag, _)| *tag == "fr")
        .expect("locales/fr");
    for (file, text) in *files {
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            for mark in [':', ';', '!', '?'] {
                assert!(
                    !line.contains(&format!(" {mark}")),
                    "locales/fr/{file}:{}: a plain space before {mark}: {line}",
                    n + 1
                );
            }
        }
    }
    let fr = Lang::from_tag("fr").expect("French");
    let label = fr
        .msg("label-value")
        .arg("label", "Bornes")
        .arg("value", 450)
        .text();
    assert_eq!(label, "Bornes\u{a0}: 450");
    let label = Lang::ENGLISH
        .msg("label-value")
        .arg("label", "Miles")
        .arg("value", 450)
        .text();
    assert_eq!(label, "Miles: 450");
}

#[test]
fn a_french_message_about_a_guest_guesses_no_gender() {
    let fr = Lang::from_tag("fr").expect("French");
    let said = [
        fr.msg("host-decision-cut")
            .arg("tied", "Géraldine, Benoît")
            .arg("drawn", "Géraldine")
            .text(),
        fr.msg("news-won-host")
            .arg("table", 2)
            .arg("score", "300 points")
            .arg("onward", "passez à la table 1")
            .text(),
        fr.msg("host-said-added").arg("name", "Amélie").text(),
        fr.msg("host-said-removed").arg("name", "Amélie").text(),
        fr.msg("host-said-taken-back").arg("name", "Amélie").text(),
        fr.msg("seat-msg-bye").arg("round", 2).text(),
        fr.msg("seat-msg-withdrawn").text(),
        fr.msg("news-next-bye").text(),
        fr.msg("finale-unranked").text(),
    ];
    for text in said {
        // Masculine words said of a guest, as whole words ("ajoutée" of "l'inscription" is fine).
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphabetic() && c != '\'')
            .collect();
        for guess in [
            "tiré",
            "choisi",
            "ajouté",
            "supprimé",
            "retiré",
            "exempt",
            "placé",
            "venu",
            "il",
        ] {
            assert!(
                !words.contains(&guess),
                "\"{guess}\" guesses a gender: {text}"
            );
        }
    }
}

#[test]
fn a_language_named_inside_a_french_sentence_is_in_lower_case() {
    let fr = Lang::from_tag("fr").expect("French");
    assert_eq!(fr.own_name(), "Français");
    let set = fr
        .msg("event-language-set")
        .arg("language", fr.t("language-name-in-sentence"))
        .text();
    assert!(set.contains("en français"), "{set}");
}

/// Every French message said with every name it places (a guest's, a list of them, a card's)
/// "Amélie" and every other variable 2: none writes "de Amélie" or "que Amélie".
#[test]
fn no_french_message_writes_de_or_que_before_a_name_that_elides() {
    const NAMES: &[&str] = &[
        "name", "names", "who", "whose", "from", "drawn", "chosen", "tied", "entries", "card",
        "safety", "winner", "event", "series",
    ];
    let fr = Lang::from_tag("fr").expect("French");
    let bundle = fr.bundle();
    for (id, variables) in messages("fr") {
        if id.starts_with('-') {
            continue;
        }
        let mut args = FluentArgs::new();
        for v in variables.placed.iter().chain(&variables.selectors) {
            let value = if NAMES.contains(&v.as_str()) {
                FluentValue::from("Amélie")
            } else {
                FluentValue::from(2)
            };
            args.set(v.clone(), value);
        }
        let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
            continue;
        };
        let mut errors = Vec::new();
        let said = bundle.format_pattern(pattern, Some(&args), &mut errors);
        for word in ["de", "que", "De", "Que"] {
            let unelided = format!("{word} Amélie");
            let found = said.match_indices(&unelided).any(|(at, _)| {
                !said[..at]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
            });
            assert!(!found, "{id} writes \"{unelided}\": {said}");
        }
    }
}
