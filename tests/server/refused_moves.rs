//! A move the rules refuse is said in the reader's language (issue 27): the engine words every
//! refusal as a message ([`Worded`]) whose English is the protocol's own words; the seat page
//! says it in the phone's language, the API's `error` in Accept-Language's (its `code` alike),
//! and a move that could not be read is said so too.

use crate::common;

use common::api::Host;
use common::forms::{client, client_speaking, field, page, post_form};
use common::server::Server;
use reqwest::blocking::Client;
use reqwest::header::ACCEPT_LANGUAGE;
use serde_json::{Value, json};
use touring::engine::touring_family::Status;
use touring::engine::{
    CardKind, IllegalAction, RefusalWords, TargetRefusal, TurnRefusal, WordArg, Worded,
    mille_bornes, touring1926, touring1958,
};
use touring::i18n::{Lang, untranslated};

const EVENT: &str = "Refusal Night";
const NAMES: [&str; 2] = ["Ann", "Bob"];

/// Every message id a refusal's words use, nested ones included.
fn ids(words: &RefusalWords, out: &mut Vec<&'static str>) {
    out.push(words.id);
    for (_, arg) in &words.args {
        if let WordArg::Words(inner) = arg {
            ids(inner, out);
        }
    }
}

/// Checks one refusal: every id it uses is a message in English (and French); said in
/// English it is the engine's own words (the protocol's `Display`); said in French it is not
/// left in English.
fn check(refusal: &(impl Worded + std::fmt::Display)) {
    let words = refusal.words();
    let mut used = Vec::new();
    ids(&words, &mut used);
    for id in used {
        assert!(Lang::ENGLISH.has(id), "{id} is not a message: {refusal}");
    }
    let said = touring::tournament::said(words);
    assert_eq!(Lang::ENGLISH.say(&said), refusal.to_string(), "{said:?}");
    let french = Lang::from_tag("fr").expect("French").say(&said);
    assert_ne!(french, refusal.to_string(), "{said:?}");
    let pseudo = Lang::PSEUDO.say(&said);
    assert!(!pseudo.contains(refusal.to_string().as_str()), "{pseudo}");
}

/// Names every variant, so that a refusal added to a rule set fails to compile here until it
/// is listed below (and so checked).
#[allow(clippy::match_same_arms)]
fn listed_1926(r: &touring1926::Refusal) {
    use touring1926::Refusal::*;
    match r {
        Turn(_) | NotInHand { .. } | AlreadyRunning { .. } | OutOfOrder { .. } => {}
        NotRunning { .. } | PileFull { .. } | SpeedUnchanged { .. } | TargetNotAllowed { .. } => {}
        TakeNotAllowed { .. } | TargetMissing | NoSuchSide { .. } | OwnSide { .. } => {}
        TargetNotRunning { .. } | BadTake { .. } => {}
    }
}

#[allow(clippy::match_same_arms)]
fn listed_1958(r: &touring1958::Refusal) {
    use touring1958::Refusal::*;
    match r {
        Turn(_) | Target(_) | NotInHand { .. } | AlreadyRunning { .. } | OutOfOrder { .. } => {}
        NotRunning { .. } | PileFull { .. } | FreewayExposed | TargetNotAllowed { .. } => {}
        NoFreeway { .. } | TargetNotRunning { .. } | NothingToTake { .. } => {}
    }
}

#[allow(clippy::match_same_arms)]
fn listed_mille_bornes(r: &mille_bornes::Refusal) {
    use mille_bornes::Refusal::*;
    match r {
        Turn(_) | Target(_) | HandOver | Waiting | NotInHand { .. } | CoupFourrePending => {}
        ExtensionPending | NoCoupFourre | NoExtension | TargetNotAllowed { .. } => {}
        Protected { .. } | AlreadyLimited { .. } | NotRolling { .. } | HazardOnHazard { .. } => {}
        NothingToMend { .. } | NotLimited | CannotRoll { .. } | NotMoving | SpeedLimited => {}
        TwoHundredsUsed | PastTheTrip { .. } => {}
    }
}

fn turns() -> [TurnRefusal; 2] {
    [
        TurnRefusal::GameOver { winner: 1 },
        TurnRefusal::NotYourTurn {
            seat: 2,
            to_move: 0,
        },
    ]
}

fn targets<C: CardKind + std::fmt::Display>(card: C) -> [TargetRefusal<C>; 3] {
    [
        TargetRefusal::Missing { card },
        TargetRefusal::NoSuchSide { target: 4 },
        TargetRefusal::OwnSide { target: 0, card },
    ]
}

#[test]
fn every_refusal_of_every_rule_set_is_a_message_whose_english_is_the_engines_words() {
    use touring1926::{Card, Refusal};
    let mut all: Vec<Refusal> = turns().into_iter().map(Refusal::Turn).collect();
    for status in [Status::NotStarted, Status::Delayed] {
        all.push(Refusal::TargetNotRunning { target: 1, status });
    }
    for card in Card::ALL {
        all.extend([
            Refusal::NotInHand { card },
            Refusal::AlreadyRunning { card },
            Refusal::OutOfOrder {
                card,
                needed: Card::Gasoline,
            },
            Refusal::NotRunning { needed: card },
            Refusal::PileFull { card, quota: 2 },
            Refusal::SpeedUnchanged {
                card,
                other: Card::Country,
            },
            Refusal::TargetNotAllowed { card },
            Refusal::TakeNotAllowed { card },
        ]);
    }
    all.extend([
        Refusal::TargetMissing,
        Refusal::NoSuchSide { target: 3 },
        Refusal::OwnSide { target: 0 },
        Refusal::BadTake {
            target: 1,
            entitled: 10,
            best: 10,
            options: vec![r#"["mile10"]"#.into()],
        },
        Refusal::BadTake {
            target: 1,
            entitled: 20,
            best: 20,
            options: vec![
                r#"["mile10","mile10"]"#.into(),
                r#"["mile10","mile5","mile5"]"#.into(),
            ],
        },
    ]);
    for refusal in &all {
        listed_1926(refusal);
        check(refusal);
        check(&IllegalAction::Touring1926(refusal.clone()));
    }

    use touring1958::Card as Card58;
    use touring1958::Refusal as Refusal58;
    let mut all: Vec<Refusal58> = turns().into_iter().map(Refusal58::Turn).collect();
    all.extend(targets(Card58::StopToRefuel).map(Refusal58::Target));
    for card in Card58::ALL {
        all.extend([
            Refusal58::NotInHand { card },
            Refusal58::AlreadyRunning { card },
            Refusal58::OutOfOrder {
                card,
                needed: Card58::Go,
            },
            Refusal58::NotRunning { needed: card },
            Refusal58::PileFull { card, quota: 4 },
            Refusal58::TargetNotAllowed { card },
            Refusal58::NothingToTake {
                target: 1,
                card,
                taken: Card58::Mile50,
            },
        ]);
        for status in [Status::NotStarted, Status::Delayed] {
            all.push(Refusal58::TargetNotRunning {
                target: 1,
                card,
                status,
            });
        }
    }
    all.extend([
        Refusal58::FreewayExposed,
        Refusal58::NoFreeway { target: 1 },
    ]);
    for refusal in &all {
        listed_1958(refusal);
        check(refusal);
        check(&IllegalAction::Touring1958(refusal.clone()));
    }

    use mille_bornes::Card as CardMb;
    use mille_bornes::Refusal as RefusalMb;
    let mut all: Vec<RefusalMb> = turns().into_iter().map(RefusalMb::Turn).collect();
    all.extend(targets(CardMb::Stop).map(RefusalMb::Target));
    all.extend([
        RefusalMb::HandOver,
        RefusalMb::Waiting,
        RefusalMb::CoupFourrePending,
        RefusalMb::ExtensionPending,
        RefusalMb::NoCoupFourre,
        RefusalMb::NoExtension,
        RefusalMb::NotLimited,
        RefusalMb::NotMoving,
        RefusalMb::SpeedLimited,
        RefusalMb::TwoHundredsUsed,
        RefusalMb::AlreadyLimited { target: 1 },
        RefusalMb::NotRolling {
            target: 1,
            card: CardMb::Accident,
            top: None,
        },
    ]);
    for card in CardMb::ALL {
        all.extend([
            RefusalMb::NotInHand { card },
            RefusalMb::TargetNotAllowed { card },
            RefusalMb::Protected {
                target: 0,
                card,
                safety: CardMb::DrivingAce,
            },
            RefusalMb::NotRolling {
                target: 1,
                card: CardMb::Stop,
                top: Some(card),
            },
            RefusalMb::HazardOnHazard {
                target: 1,
                top: card,
            },
            RefusalMb::NothingToMend {
                card,
                needed: CardMb::FlatTire,
            },
            RefusalMb::CannotRoll { top: card },
            RefusalMb::PastTheTrip {
                card,
                would: 1025,
                target: 1000,
            },
        ]);
    }
    for refusal in &all {
        listed_mille_bornes(refusal);
        check(refusal);
        check(&IllegalAction::MilleBornes(refusal.clone()));
    }
    check(&IllegalAction::OtherRules("Mille Bornes"));
}

#[test]
fn a_number_in_a_refusal_is_written_as_the_readers_language_writes_it() {
    let refusal = mille_bornes::Refusal::PastTheTrip {
        card: mille_bornes::Card::D200,
        would: 1100,
        target: 1000,
    };
    let said = touring::tournament::said(refusal.words());
    let french = Lang::from_tag("fr").expect("French").say(&said);
    assert_eq!(
        french,
        "200 bornes mènerait votre camp à 1\u{202f}100 bornes, au-delà de l'étape de \
         1\u{202f}000 bornes"
    );
    assert_eq!(Lang::ENGLISH.say(&said), refusal.to_string());
}

/// A move through the API, with an Accept-Language: the status and the answer.
fn api_move(server: &Server, token: &str, lang: &str, body: &Value) -> (u16, Value) {
    let response = server
        .client()
        .post(server.url(&format!("/api/v1/seats/{token}/moves")))
        .header(ACCEPT_LANGUAGE, lang)
        .json(body)
        .send()
        .expect("POST a move");
    let status = response.status().as_u16();
    (status, response.json().expect("a JSON answer"))
}

/// A table of two of `rules`, round 1 started: the token of the seat to move and a move of
/// it the rules refuse (a card it may not play now, else one it does not hold).
fn a_refused_move(server: &Server, rules: &str, cards: &[&str]) -> (String, Value, Value) {
    let host = Host::create(server, json!({"name": EVENT, "rules": rules, "seed": 7}));
    let tokens = host.add_players(server, &NAMES);
    host.ok(server, "/rounds", json!({}));
    host.ok(server, "/rounds/1/start", json!({}));
    for token in tokens {
        let state = common::api::seat(server, &token);
        if state["deal"]["your_turn"] != true {
            continue;
        }
        let legal = state["deal"]["legal"].as_array().expect("legal moves");
        let seat = state["deal"]["seat"].as_u64().expect("the seat") as usize;
        let hand: Vec<&str> = state["deal"]["view"]["seats"][seat]["hand"]
            .as_array()
            .expect("the seat's hand")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let playable = |card: &str| legal.iter().any(|a| a["play"] == card);
        let card = hand
            .iter()
            .copied()
            .find(|c| !playable(c))
            .or_else(|| cards.iter().copied().find(|c| !hand.contains(c)))
            .expect("a card the seat may not play");
        let seen = state["deal"]["actions"].clone();
        return (token, seen, json!({"play": card}));
    }
    panic!("no seat is to move")
}

/// The error flash of a seat page, its entities read back.
fn flash(html: &str) -> String {
    html.split("class=\"flash error\"")
        .nth(1)
        .and_then(|rest| rest.split_once('>'))
        .and_then(|(_, rest)| rest.split('<').next())
        .unwrap_or_else(|| panic!("a refusal on the page: {html}"))
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .trim()
        .to_owned()
}

/// Plays `action` from the seat page as a phone reading `lang`; answers the page after.
fn refused_on_the_page(server: &Server, phone: &Client, token: &str, action: &Value) -> String {
    let path = format!("/seat/{token}");
    let html = page(server, phone, &path);
    let form = [
        ("csrf", field(&html, "csrf")),
        ("seen", field(&html, "seen")),
        ("action", action.to_string()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let back = post_form(server, phone, &format!("{path}/move"), &form);
    assert_eq!(back, path);
    page(server, phone, &path)
}

/// The refused move of `rules`, through the API in English and French (same code, the
/// French words), and on the seat page read in French and in the pseudo-language.
fn a_refused_move_is_said_in_the_readers_language(rules: &str, cards: &[&str]) {
    let server = Server::start();
    let (token, seen, action) = a_refused_move(&server, rules, cards);
    let body = json!({"seen": seen, "action": action});
    let (status, english) = api_move(&server, &token, "en", &body);
    assert_eq!(status, 422, "{action}: {english}");
    let (status, french) = api_move(&server, &token, "fr", &body);
    assert_eq!(status, 422, "{french}");
    assert_eq!(french["code"], english["code"], "{french}");
    let (english, french) = (
        english["error"].as_str().expect("an error").to_owned(),
        french["error"].as_str().expect("an error").to_owned(),
    );
    assert_ne!(french, english, "{action}");
    assert!(!french.contains("said-as-is"), "{french}");

    let html = refused_on_the_page(&server, &client_speaking("fr"), &token, &action);
    assert!(html.contains("<html lang=\"fr\""), "{html}");
    let said = flash(&html);
    assert!(said.contains(&french), "{said} / {french}");
    assert!(!html.contains(&english), "{html}");

    let html = refused_on_the_page(&server, &client_speaking("en-XA"), &token, &action);
    assert!(html.contains("<html lang=\"en-XA\""), "{html}");
    assert!(!flash(&html).is_empty());
    let mut data = vec![EVENT];
    data.extend(NAMES);
    let left = untranslated(&html, &data);
    assert!(left.is_empty(), "not from a message: {left:?}\n{html}");

    // English is still the engine's words.
    let html = refused_on_the_page(&server, &client(), &token, &action);
    assert!(flash(&html).contains(&english), "{html}");
}

fn ids_of<C: CardKind>(cards: &[C]) -> Vec<&'static str> {
    cards.iter().map(|c| c.id()).collect()
}

#[test]
fn a_refused_touring_1926_move_is_said_in_the_readers_language() {
    let cards = ids_of(&touring1926::Card::ALL);
    a_refused_move_is_said_in_the_readers_language("touring-1926", &cards);
}

#[test]
fn a_refused_touring_1958_move_is_said_in_the_readers_language() {
    let cards = ids_of(&touring1958::Card::ALL);
    a_refused_move_is_said_in_the_readers_language("touring-1958", &cards);
}

#[test]
fn a_refused_mille_bornes_move_is_said_in_the_readers_language() {
    let cards = ids_of(&mille_bornes::Card::ALL);
    a_refused_move_is_said_in_the_readers_language("mille-bornes", &cards);
}

#[test]
fn a_move_that_cannot_be_read_is_said_in_the_readers_language_with_its_detail() {
    let server = Server::start();
    let cards = ids_of(&touring1926::Card::ALL);
    let (token, seen, _) = a_refused_move(&server, "touring-1926", &cards);
    let body = json!({"seen": seen, "action": {"play": "no_such_card"}});
    let (status, english) = api_move(&server, &token, "en", &body);
    assert_eq!(status, 422, "{english}");
    let (_, french) = api_move(&server, &token, "fr", &body);
    assert_eq!(french["code"], english["code"]);
    let french = french["error"].as_str().expect("an error");
    assert!(
        french.starts_with("ce coup n'a pas pu être lu (") && french.contains("no_such_card"),
        "{french}"
    );
    assert!(
        english["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("that move could not be read (")),
        "{english}"
    );
}

/// A Mille Bornes score sheet that does not add up (a paper table's card) is said in the
/// reader's language: every problem the sheet's check finds has its message, in English the
/// engine's own words (a row named by its printed name), in French not left in English.
#[test]
fn every_problem_of_a_paper_mille_bornes_sheet_is_a_message_in_the_readers_language() {
    use touring::engine::mille_bornes::score::PaperProblem as P;
    let problems = [
        P::Sides {
            expected: 3,
            given: 2,
        },
        P::MilesNotInTwentyFives {
            side: 1,
            miles: 130,
        },
        P::MilesPastTrip {
            side: 1,
            miles: 1100,
            trip: 1000,
        },
        P::NotYesNo {
            side: 2,
            row: "safe_trip",
            count: 2,
        },
        P::TooManySafeties { side: 1, count: 5 },
        P::CoupsOverSafeties {
            side: 1,
            coups: 3,
            safeties: 2,
        },
        P::SafetiesBeyondPack { count: 5 },
        P::TwoTrips {
            first: 1,
            second: 2,
        },
        P::TripMiles {
            side: 1,
            miles: 675,
            trip: 700,
            extension: true,
        },
        P::TripMiles {
            side: 1,
            miles: 975,
            trip: 1000,
            extension: false,
        },
        P::BonusWithoutTrip {
            side: 1,
            row: "shut_out",
        },
        P::NotShutOut { side: 2 },
        P::NoExtensionHere {
            side: 1,
            trip: 1000,
        },
        P::ExtensionMissing { side: 1 },
        P::ExtensionAfterStop { side: 1 },
        P::NotExtended {
            side: 1,
            miles: 800,
        },
    ];
    // Every variant is listed above (this match fails to compile when one is added).
    for problem in &problems {
        match problem {
            P::Sides { .. }
            | P::MilesNotInTwentyFives { .. }
            | P::MilesPastTrip { .. }
            | P::NotYesNo { .. }
            | P::TooManySafeties { .. }
            | P::CoupsOverSafeties { .. }
            | P::SafetiesBeyondPack { .. }
            | P::TwoTrips { .. }
            | P::TripMiles { .. }
            | P::BonusWithoutTrip { .. }
            | P::NotShutOut { .. }
            | P::NoExtensionHere { .. }
            | P::ExtensionMissing { .. }
            | P::ExtensionAfterStop { .. }
            | P::NotExtended { .. } => {}
        }
        let words = problem.words();
        let mut used = Vec::new();
        ids(&words, &mut used);
        for id in used {
            assert!(Lang::ENGLISH.has(id), "{id} is not a message: {problem}");
        }
        let said = touring::tournament::said(words);
        let english = Lang::ENGLISH.say(&said);
        match problem {
            // The row by its printed name, where the protocol names its id.
            P::NotYesNo { .. } => {
                assert_eq!(
                    english,
                    "side 2: the \"Safe trip\" row is yes (1) or no (0), not 2"
                )
            }
            P::BonusWithoutTrip { .. } => assert_eq!(
                english,
                "side 1: \"Shut-out\" is a bonus for completing the trip, which this side did not"
            ),
            _ => assert_eq!(english, problem.to_string(), "{said:?}"),
        }
        let french = Lang::from_tag("fr").expect("French").say(&said);
        assert_ne!(french, english, "{said:?}");
        let pseudo = Lang::PSEUDO.say(&said);
        assert!(untranslated(&pseudo, &[]).is_empty(), "{pseudo}");
    }
}

/// A game's option out of its range (the start form's, the API's) is said in the reader's
/// language: in English the engine's own words, in French not left in English.
#[test]
fn a_game_option_out_of_its_range_is_said_in_the_readers_language() {
    use touring::engine::RuleOptions;
    let options = mille_bornes::options::Options {
        coup_fourre_seconds: 999,
        ..mille_bornes::options::Options::default()
    };
    let problems = options.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let problem = &problems[0];
    let said = touring::tournament::said(problem.words.clone());
    assert_eq!(Lang::ENGLISH.say(&said), problem.message);
    let french = Lang::from_tag("fr").expect("French").say(&said);
    assert!(
        french.starts_with("l'attente d'un Coup fourré dure de 5 à"),
        "{french}"
    );
    assert!(french.contains("pas 999"), "{french}");
    assert!(untranslated(&Lang::PSEUDO.say(&said), &[]).is_empty());
}
