//! The boards' tests: what every rule set's board does alike.

use super::*;
use crate::engine::{Config, Game, RulesId};

/// Seat 0's deal as dealt, with no move offered.
pub(in crate::web) fn dealt(rules: RulesId) -> DealInfo {
    dealt_from(rules, 1)
}

/// Seat 0's deal as dealt from `seed`, with no move offered.
fn dealt_from(rules: RulesId, seed: u64) -> DealInfo {
    let config = Config::new(rules, 2, None).expect("a configuration");
    let game = Game::new(config, seed, &[]).expect("a deal");
    DealInfo {
        number: 1,
        seat: 0,
        actions: 0,
        your_turn: true,
        view: game.view(Some(0)),
        legal: Vec::new(),
        warnings: Vec::new(),
        recent: Vec::new(),
        wait: None,
        stand_ins: Vec::new(),
        turn: None,
    }
}

/// The players of a side of a two-seat table (seat = side); `you` if the reader is one.
pub(in crate::web) fn tablemate(side: u8, names: &[&str], you: bool) -> Tablemate {
    Tablemate {
        entry: i64::from(side) + 1,
        names: names.iter().map(|n| (*n).to_owned()).collect(),
        bot: false,
        table_side: usize::from(side),
        side: Some(side),
        seats: vec![side],
        round_miles: 0,
        you,
    }
}

/// The board's context for `deal` read in `lang`, with nobody named, by a page.
pub(in crate::web) fn bare(deal: &DealInfo, lang: Lang) -> Context<'_> {
    Context {
        lang,
        deal,
        tablemates: &[],
        csrf: "",
        post_move: "",
        memo: None,
        sent: None,
    }
}

/// The version a drawing's hand part carries.
fn play_version(html: &str) -> &str {
    const TAG: &str = "data-part=\"play\" data-v=\"";
    let at = html.find(TAG).expect("a hand part") + TAG.len();
    &html[at..at + crate::web::parts::UNSEALED.len()]
}

#[test]
fn a_hand_without_moves_that_a_stream_sent_is_not_drawn_again() {
    use crate::web::parts::{SentParts, UNSEALED, seal, seal_and_elide};
    let french = Lang::from_tag("fr").expect("French");
    for &rules in RulesId::ALL {
        let deal = dealt(rules);
        let other = (2..40)
            .map(|seed| dealt_from(rules, seed))
            .find(|d| format!("{:?}", d.view) != format!("{:?}", deal.view))
            .expect("another hand");
        fn context<'a>(deal: &'a DealInfo, lang: Lang, sent: Option<&'a SentParts>) -> Context<'a> {
            Context {
                sent,
                ..bare(deal, lang)
            }
        }
        // A page's drawing: whole, its hand's version said from the language and the cards.
        let mut page = render(&context(&deal, Lang::ENGLISH, None)).expect("the board");
        seal(&mut page);
        let version = play_version(&page).to_owned();
        assert_ne!(version, UNSEALED);
        assert!(page.contains("class=\"hand\""), "{page}");
        // A stream's first drawing is the page's.
        let mut sent = SentParts::default();
        let mut first = render(&context(&deal, Lang::ENGLISH, Some(&sent))).expect("drawn");
        seal_and_elide(&mut first, &mut sent);
        assert_eq!(first, page);
        // Its next: the hand is not drawn, and goes as the same version, unchanged.
        let mut next = render(&context(&deal, Lang::ENGLISH, Some(&sent))).expect("drawn");
        assert!(!next.contains("class=\"hand\""), "{next}");
        seal_and_elide(&mut next, &mut sent);
        assert!(
            next.contains(&format!(
                "data-part=\"play\" data-v=\"{version}\" data-same>"
            )),
            "{next}"
        );
        // Another hand, or the same in French, is another version, drawn whole.
        for (deal, lang) in [(&other, Lang::ENGLISH), (&deal, french)] {
            let mut again = render(&context(deal, lang, Some(&sent))).expect("drawn");
            assert!(again.contains("class=\"hand\""), "{rules:?} {again}");
            seal_and_elide(&mut again, &mut sent);
            assert_ne!(play_version(&again), version);
            assert!(again.contains("class=\"hand\""), "{again}");
        }
    }
}

/// Whenever a side's part has the same version it has the same drawing, whoever reads it
/// and whenever, so that one drawing may serve every stream: its version is said from
/// everything it is drawn from. Random deals of every rule set at every table size, each
/// seat's view in English and French, named; and the board shows each side as drawn
/// afresh, whether its drawing was kept or not.
#[test]
fn a_side_drawn_from_its_inputs_is_the_same_whenever_its_version_is() {
    use rand::SeedableRng;
    use std::collections::HashMap;
    let french = Lang::from_tag("fr").expect("French");
    let mut drawings: HashMap<String, String> = HashMap::new();
    let (mut again, mut parts) = (0, 0);
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(29);
    for &rules in RulesId::ALL {
        for players in [2, 3, 4, 6] {
            let Ok(config) = Config::new(rules, players, None) else {
                continue;
            };
            let mut game = Game::new(config, u64::from(players), &[]).expect("a deal");
            for turn in 0..80 {
                for seat in 0..players {
                    let tablemates: Vec<Tablemate> = (0..config.sides())
                        .map(|side| {
                            let seats = config.seats_of(side);
                            Tablemate {
                                names: seats.iter().map(|s| format!("P{s}")).collect(),
                                seats: seats.clone(),
                                ..tablemate(side, &[], seats.contains(&seat))
                            }
                        })
                        .collect();
                    let deal = DealInfo {
                        seat,
                        view: game.view(Some(seat)),
                        ..dealt_from(rules, 1)
                    };
                    for lang in [Lang::ENGLISH, french] {
                        let context = Context {
                            tablemates: &tablemates,
                            ..bare(&deal, lang)
                        };
                        let sides = fresh_sides(&context);
                        for (_, version, html) in &sides {
                            parts += 1;
                            match drawings.get(&version.to_string()) {
                                Some(before) => {
                                    again += 1;
                                    assert_eq!(before, html, "{rules:?} {players} {turn}");
                                }
                                None => {
                                    drawings.insert(version.to_string(), html.clone());
                                }
                            }
                        }
                        if turn % 10 == 0 {
                            let board = render(&context).expect("the board");
                            for (name, version, html) in &sides {
                                let part = format!(
                                    "<touring-part data-part=\"{name}\" data-v=\"{version}\">{html}</touring-part>"
                                );
                                assert!(board.contains(&part), "{part}\n{board}");
                            }
                        }
                    }
                }
                let Some(action) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply(action, &mut engine::NoEvents)
                    .expect("a legal move");
            }
        }
    }
    // Most parts were drawn before, for another seat, in another turn: the check above
    // compared them.
    assert!(again > parts / 2, "{again} of {parts}");
    assert!(drawings.len() > 100, "{}", drawings.len());
}

#[test]
fn a_hand_with_moves_is_versioned_by_its_drawing() {
    let mut deal = dealt(RulesId::Touring1926);
    let config = Config::new(RulesId::Touring1926, 2, None).expect("a configuration");
    deal.legal = Game::new(config, 1, &[]).expect("a deal").legal();
    let html = render(&bare(&deal, Lang::ENGLISH)).expect("the board");
    assert!(html.contains("class=\"moves\""), "{html}");
    assert_eq!(play_version(&html), crate::web::parts::UNSEALED);
}

#[test]
fn plurals_a_board_counts_1_card_and_2_cards() {
    let deal = dealt(RulesId::Touring1926);
    let context = bare(&deal, Lang::ENGLISH);
    assert_eq!(context.cards(&1), "1 card");
    assert_eq!(context.cards(&0), "0 cards");
    assert_eq!(context.cards(&2), "2 cards");
    let html = render(&context).expect("the board");
    assert!(!html.contains(" 1 cards"), "{html}");
    assert!(html.contains("Deadwood: 0 cards"), "{html}");
}

#[test]
fn verbs_agree_with_names_a_partnership_is_rid_of_a_hazard() {
    use crate::engine::mille_bornes::{Card, Event};
    let mut deal = dealt(RulesId::MilleBornes);
    deal.recent = [0, 1]
        .map(|side| {
            engine::Event::MilleBornes(Event::Cancelled {
                side,
                card: Card::Accident,
            })
        })
        .to_vec();
    let tablemates = [
        tablemate(0, &["Ann", "Bob"], false),
        tablemate(1, &["Cy"], false),
    ];
    let context = Context {
        tablemates: &tablemates,
        ..bare(&deal, Lang::ENGLISH)
    };
    assert_eq!(
        recent_words(&context),
        ["Ann & Bob are rid of Accident.", "Cy is rid of Accident."]
    );
}

/// The words kept per language are the words Fluent says, in every language a reader may
/// have: each pile's name, and "N cards" (each rule set's cards' names and faces are
/// checked in its own module: `kept_card_words_are_the_words_said_in_each_language`).
#[test]
fn words_kept_per_language_are_the_words_said_in_each_language() {
    let french = Lang::from_tag("fr").expect("French");
    for lang in [Lang::ENGLISH, french, Lang::PSEUDO] {
        assert_eq!(
            touring_family::pile_names(lang, [1, 3, 5, 10])[3],
            lang.msg("tour-pile-of").arg("miles", 10).text()
        );
        let deal = dealt(RulesId::Touring1926);
        let context = bare(&deal, lang);
        for count in [0, 1, 2, 12, 159, 160, 1000] {
            assert_eq!(
                context.cards(&count),
                lang.msg("board-cards").arg("count", count).text()
            );
        }
    }
}

#[test]
fn the_moves_are_the_buttons_of_one_form_and_a_move_to_confirm_a_form_of_its_own() {
    let mut deal = dealt(RulesId::Touring1926);
    let config = Config::new(RulesId::Touring1926, 2, None).expect("a configuration");
    deal.legal = Game::new(config, 1, &[]).expect("a deal").legal();
    assert!(deal.legal.len() > 2, "{:?}", deal.legal);
    deal.warnings = vec![Some("It costs your miles.".to_owned())];
    let context = Context {
        csrf: "the-token",
        post_move: "/seat/abc/move",
        ..bare(&deal, Lang::ENGLISH)
    };
    let html = render(&context).expect("the board");
    let moves = &html[html.find("class=\"moves\"").expect("the moves")..];
    // The token and the position once for the plain moves, once more for the one to confirm.
    assert_eq!(
        moves.matches("name=\"csrf\" value=\"the-token\"").count(),
        2,
        "{moves}"
    );
    assert_eq!(moves.matches("<form ").count(), 2, "{moves}");
    let list = &moves[..moves.find("</form>").expect("the moves' form")];
    assert!(list.contains("class=\"move-list\""), "{list}");
    assert_eq!(
        list.matches("<button type=\"submit\" name=\"action\" value=\"")
            .count(),
        deal.legal.len() - 1,
        "{list}"
    );
    assert!(!list.contains("confirmed"), "{list}");
    // The move warned of comes last, in its own form, with its checkbox and its action.
    let danger = &moves[moves.find("</form>").expect("the moves' form")..];
    assert!(
        danger.contains("class=\"danger\" data-danger=\"It costs your miles.\""),
        "{danger}"
    );
    assert!(danger.contains("name=\"confirmed\""), "{danger}");
    assert!(
        danger.contains("<input type=\"hidden\" name=\"action\" value=\""),
        "{danger}"
    );
}
