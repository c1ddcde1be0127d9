//! The seat page's own tests: every word from a message, in each reader's language.

use std::sync::Arc;

use super::super::pick::PickPage;
use super::*;
use crate::app::{ManualClock, bot_moves};
use crate::engine::RulesId;
use crate::i18n::{self, OPEN};
use crate::tournament::{EventLength, RoundKind, Settings, TableSize};

const NAMES: [&str; 2] = ["Ann", "Bob"];
const EVENT: &str = "Club night";

/// An app on a database of its own with one Mille Bornes table of two playing round 1;
/// answers its clock, the event and the seats' keys.
fn mille_bornes_table(dir: &std::path::Path) -> (App, Arc<ManualClock>, i64, Vec<SeatKey>) {
    table_of(dir, RulesId::MilleBornes)
}

/// An app on a database of its own with one table of two playing round 1 of `rules`;
/// answers its clock, the event and the seats' keys.
pub(crate) fn table_of(
    dir: &std::path::Path,
    rules: RulesId,
) -> (App, Arc<ManualClock>, i64, Vec<SeatKey>) {
    let mut settings = Settings::new(EVENT, 1926);
    settings.rules = rules;
    settings.table_size = TableSize::Two;
    settings.round = RoundKind::Timed { seconds: 3600 };
    settings.length = EventLength::Rounds { rounds: 1 };
    crate::app::testing::round_one_in_play(dir, settings, &NAMES)
}

/// The seat page of `key` as a phone reading `lang` gets it, and the seat's message in
/// English (the API's).
pub(crate) fn seat_page(app: &App, key: &SeatKey, lang: Lang) -> (String, String) {
    let data = seat::seat_board(app, key).expect("the seat's board");
    let board = board(
        lang,
        &data,
        "csrf",
        ("/seat-move", "/seat-card"),
        None,
        None,
        None,
    )
    .expect("the board");
    let message = board.state.message.clone();
    let layout = Layout {
        title: format!("{} · {}", board.state.name, board.state.event_name),
        csrf: "csrf".into(),
        event: Some((board.state.event, board.state.event_name.clone())),
        lang,
        here: "/seat".into(),
        ..Layout::default()
    };
    let html = SeatPage {
        layout,
        board: fragment(&board).expect("the board's html"),
        // The link to a series' season, so that its words are checked too.
        season: Some("/seat-season".into()),
    }
    .render()
    .expect("the page");
    (html, message)
}

/// Plays a legal move of any seat that has one (the `pick`th, counted round its legal
/// moves), or ends the table's wait; answers whether the deal went on.
fn one_move(app: &App, clock: &ManualClock, keys: &[SeatKey], pick: usize) -> bool {
    for key in keys {
        let data = seat::seat_board(app, key).expect("the seat's board");
        let Some(deal) = data.state.deal.filter(|d| !d.view.is_over()) else {
            continue;
        };
        let count = deal.legal.len().max(1);
        if let Some(action) = deal.legal.get(pick % count) {
            crate::app::testing::block_on(seat::play_move(
                app,
                key.clone(),
                (deal.actions, true, seat::Answering::State),
                action.to_json(),
            ))
            .expect("a legal move");
            return true;
        }
    }
    clock.advance(chrono::Duration::seconds(30));
    let due = bot_moves::waiting_turns(app).expect("the waits");
    for timeout in &due.timeouts {
        bot_moves::end_wait(app, timeout).expect("the wait ends");
    }
    !due.timeouts.is_empty()
}

/// The pseudo-language test of the guest's path: the pick page and the seat page of a
/// Mille Bornes table, move after move from both seats, show no visible word that no
/// message said (names and the event's name excepted), the seat's message included.
#[test]
fn pseudo_language_every_word_of_the_pick_and_seat_pages_comes_from_a_message() {
    let dir = tempfile::tempdir().expect("a folder");
    let (app, clock, event, keys) = mille_bornes_table(dir.path());
    let pick = PickPage {
        layout: Layout {
            title: Lang::PSEUDO.msg("pick-table-title").arg("table", 1).text(),
            csrf: "csrf".into(),
            event: Some((event, EVENT.into())),
            lang: Lang::PSEUDO,
            here: "/events/1/join?key=k".into(),
            ..Layout::default()
        },
        event,
        key: "k".into(),
        table: Some(1),
        heading: Lang::PSEUDO
            .msg("pick-table-heading")
            .arg("table", 1)
            .text(),
        players: vec![(1, "Ann".into()), (2, "Bob".into())],
        held: Some("Cy".into()),
        // The check-in's words too (a page shows the form or the check-in, drawn here both).
        may_check_in: true,
        check_in_off: false,
        partners: true,
        own: Some(crate::app::seat::OwnCheckIn {
            names: "Cy".into(),
            may_undo: true,
        }),
        refused: Some(Lang::PSEUDO.t("refused-check-in-seated")),
        typed: Default::default(),
    }
    .render()
    .expect("the pick page");
    assert!(pick.contains("<html lang=\"en-XA\">"), "{pick}");
    let left = i18n::untranslated(&pick, &["Ann", "Bob", "Cy", EVENT]);
    assert!(left.is_empty(), "untranslated on the pick page: {left:?}");

    every_seat_page_word_comes_from_a_message(&app, &clock, &keys, 60, |_| 0);
}

/// Renders every seat's page in the pseudo-language, move after move (`pick` chooses the
/// move of each step: see [`one_move`]), and fails on any visible word that no message
/// said (names and the event's name excepted), the seat's message included.
fn every_seat_page_word_comes_from_a_message(
    app: &App,
    clock: &ManualClock,
    keys: &[SeatKey],
    steps: usize,
    pick: impl Fn(usize) -> usize,
) {
    let mut lately = false;
    for step in 0..steps {
        for key in keys {
            let (html, message) = seat_page(app, key, Lang::PSEUDO);
            assert!(!message.is_empty() && !message.contains(OPEN), "{message}");
            let mut data = vec![EVENT];
            data.extend(NAMES);
            let left = i18n::untranslated(&html, &data);
            assert!(
                left.is_empty(),
                "untranslated on the seat page: {left:?}\n{html}"
            );
            lately |= html.contains("class=\"log\"");
        }
        if !one_move(app, clock, keys, pick(step)) {
            break;
        }
    }
    assert!(lately, "the pages showed the recent moves");
}

/// The pseudo-language test of the Touring boards: a Touring (1926) and a Touring
/// (1937-1958) seat page, move after move (varied, so that delays, speeding and discards
/// come up), show no visible word that no message said.
#[test]
fn pseudo_language_every_word_of_the_touring_seat_pages_comes_from_a_message() {
    for rules in [RulesId::Touring1926, RulesId::Touring1958] {
        let dir = tempfile::tempdir().expect("a folder");
        let (app, clock, _, keys) = table_of(dir.path(), rules);
        every_seat_page_word_comes_from_a_message(&app, &clock, &keys, 80, |step| step * 7);
    }
}

/// Two guests at one table read the same board in two languages: the French phone says
/// the French box's names.
#[test]
fn two_guests_at_one_table_read_the_same_board_in_two_languages() {
    let dir = tempfile::tempdir().expect("a folder");
    let (app, _clock, _, keys) = mille_bornes_table(dir.path());
    let french = Lang::from_tag("fr").expect("French");
    let (english_page, _) = seat_page(&app, &keys[0], Lang::ENGLISH);
    let (french_page, _) = seat_page(&app, &keys[1], french);
    assert!(english_page.contains("<html lang=\"en\">"));
    assert!(english_page.contains("Skip to your hand"), "{english_page}");
    assert!(english_page.contains("Draw pile:"), "{english_page}");
    assert!(french_page.contains("<html lang=\"fr\">"));
    assert!(french_page.contains("Aller à votre main"), "{french_page}");
    assert!(french_page.contains("Pioche\u{a0}:"), "{french_page}");
    assert!(french_page.contains("Pile de bataille"), "{french_page}");
    // The seat's message too, while the API keeps it in English.
    let (_, english_message) = seat_page(&app, &keys[1], french);
    assert!(
        english_message.starts_with("Choose a card") || english_message.starts_with("Waiting"),
        "{english_message}"
    );
    assert!(
        french_page.contains("Choisissez une carte")
            || french_page.contains("En attente des coups"),
        "{french_page}"
    );
    assert!(!french_page.contains("Battle pile"), "{french_page}");
    assert!(!french_page.contains(OPEN));
    // The chooser: both languages, the page's own marked as current.
    assert!(
        french_page.contains("action=\"/language\""),
        "{french_page}"
    );
    assert!(french_page.contains(">English</button>"), "{french_page}");
    assert!(
        french_page.contains("lang=\"fr\" class=\"link\" aria-describedby=\"language-label\" aria-current=\"true\">Français</button>"),
        "{french_page}"
    );
}

#[test]
fn mille_bornes_in_french_uses_the_boxs_names() {
    use crate::engine::mille_bornes::Card;
    let french = Lang::from_tag("fr").expect("French");
    let name = |card| boards::mille_bornes::card_name(french, card);
    assert_eq!(name(Card::Stop), "Feu rouge");
    assert_eq!(name(Card::Roll), "Feu vert");
    assert_eq!(name(Card::SpeedLimit), "Limite de vitesse");
    assert_eq!(name(Card::EndOfLimit), "Fin de limite de vitesse");
    assert_eq!(name(Card::OutOfGas), "Panne d'essence");
    assert_eq!(name(Card::Gasoline), "Essence");
    assert_eq!(name(Card::FlatTire), "Crevaison");
    assert_eq!(name(Card::SpareTire), "Roue de secours");
    assert_eq!(name(Card::Accident), "Accident");
    assert_eq!(name(Card::Repairs), "Réparations");
    assert_eq!(name(Card::RightOfWay), "Véhicule prioritaire");
    assert_eq!(name(Card::ExtraTank), "Citerne d'essence");
    assert_eq!(name(Card::PunctureProof), "Increvable");
    assert_eq!(name(Card::DrivingAce), "As du volant");
    assert_eq!(name(Card::D200), "200 bornes");
    use crate::engine::CardKind;
    for &card in Card::all() {
        assert_eq!(
            boards::mille_bornes::card_name(Lang::ENGLISH, card),
            card.name(),
            "English keeps the engine's names"
        );
    }
}
