//! What the boards of the two Touring games (1926 and 1937-1958) draw alike: they are one game
//! with other cards and numbers (see `engine::touring_family`).

use crate::engine::CardKind;
use crate::engine::touring_family::Status;
use crate::i18n::Lang;

/// A Touring card's name in the reader's language: messages `<game>-card-<id>` in
/// `locales/*/touring.ftl` (`game` is "t26" or "t58"; the French names are documented in
/// docs/rules.md beside the English).
pub fn card_name(lang: Lang, game: &str, card: impl CardKind) -> String {
    lang.t(&format!("{game}-card-{}", card.id()))
}

/// Cards' names joined into one phrase, each pair by the message `joint` (`$first`, `$next`):
/// "10 Miles and 5 Miles", "Gasoline, then Go".
pub fn joined(lang: Lang, joint: &'static str, names: impl IntoIterator<Item = String>) -> String {
    names
        .into_iter()
        .reduce(|first, next| lang.msg(joint).arg("first", first).arg("next", next).text())
        .unwrap_or_default()
}

/// A side's status in words: running, or what it needs to get going (`name` says a card's
/// name in the reader's language).
pub fn status_text<C: CardKind>(
    lang: Lang,
    status: Status,
    needs: &[C],
    name: impl Fn(C) -> String,
) -> String {
    match status {
        Status::Running => lang.t("tour-status-running"),
        Status::NotStarted => lang.t("tour-status-not-started"),
        Status::Delayed => lang
            .msg("tour-status-delayed")
            .arg(
                "needs",
                joined(lang, "tour-then", needs.iter().map(|&c| name(c))),
            )
            .text(),
    }
}

/// The class a side's status is drawn with.
pub fn status_class(status: Status) -> &'static str {
    match status {
        Status::Running => "running",
        Status::NotStarted => "not_started",
        Status::Delayed => "delayed",
    }
}

/// The names of a game's four mileage piles ("1s", "25s": `miles`, in pile order, says their
/// cards' miles).
pub fn pile_names(lang: Lang, miles: [u32; 4]) -> [String; 4] {
    miles.map(|miles| lang.msg("tour-pile-of").arg("miles", miles).text())
}

/// One mileage pile of a side, as a side draws it: its count and quota, its name under them
/// ("1s", "de 25"), and the sentence a screen reader says instead ("10-mile cards: 2 of 4").
pub struct MilePile {
    pub count: u8,
    pub quota: u8,
    pub name: String,
    pub said: String,
}

/// Each mileage pile of a side (`names`, in pile order: [`pile_names`]; `miles`, the miles of
/// the piles' cards in the same order).
pub fn mile_piles(
    lang: Lang,
    (piles, quota): ([u8; 4], [u8; 4]),
    names: &[String; 4],
    miles: [u32; 4],
) -> Vec<MilePile> {
    piles
        .into_iter()
        .zip(quota)
        .zip(names)
        .zip(miles)
        .map(|(((count, quota), name), miles)| MilePile {
            count,
            quota,
            name: name.clone(),
            said: lang
                .msg("tour-pile-said")
                .arg("miles", miles)
                .arg("count", count)
                .arg("quota", quota)
                .text(),
        })
        .collect()
}

/// Writes what a Touring board says of its cards: `GAME`, its messages' prefix ("t26" or
/// "t58"); `say_card_name` (messages `<game>-card-<id>` in `locales/*/touring.ftl`, see
/// [`card_name`]); and the kept `card_name` and `face` (`kept_card_words`, from the board's
/// `draw_face`).
macro_rules! touring_card_words {
    ($game:literal) => {
        super::kept_card_words!();

        /// The prefix of the cards' messages.
        const GAME: &str = $game;

        /// A card's name in the reader's language (kept per language by `card_name`).
        fn say_card_name(lang: Lang, card: Card) -> String {
            touring_family::card_name(lang, GAME, card)
        }
    };
}
pub(crate) use touring_card_words;

/// Writes what a Touring board's sides say of their miles the same way in both games, into
/// its impl: the length of the race or trip (the view's field `$distance`), which is what a
/// side's part reads of the view besides the side (its version is said from it: see
/// `side_part`); how far along a side is; and each mileage pile with its count, its quota and
/// its name (`$miles`: the miles of the piles' cards, in pile order).
macro_rules! touring_mileage {
    ($distance:ident, $miles:expr) => {
        fn side_inputs(&self) -> u32 {
            self.view.$distance
        }

        fn percent(&self, side: &SideView) -> u32 {
            (side.miles * 100 / self.view.$distance.max(1)).min(100)
        }

        fn piles(&self, side: &SideView) -> Vec<touring_family::MilePile> {
            let (piles, quota) = (side.piles.to_array(), side.quota.to_array());
            static NAMES: PerLang<[String; 4]> =
                PerLang::new(|lang| touring_family::pile_names(lang, $miles));
            touring_family::mile_piles(self.lang(), (piles, quota), NAMES.get(self.lang()), $miles)
        }
    };
}
pub(crate) use touring_mileage;

/// Writes a Touring board's legal moves as buttons, plays first, each with its label (the
/// board's `label`) and JSON.
macro_rules! touring_moves {
    () => {
        impl Board<'_> {
            /// The legal moves, plays first, each with its label and JSON.
            fn moves(&self) -> super::Moves {
                super::move_buttons(self.context, &self.legal, |action| super::MoveButton {
                    warning: self.warning_words(action),
                    ..super::MoveButton::new(
                        self.label(action),
                        action.to_json_text(),
                        action.card().id(),
                        matches!(action, Action::Discard { .. }),
                    )
                })
            }
        }
    };
}
pub(crate) use touring_moves;
