//! The board of Touring (1937-1958): each side's Go pile, Freeway pile and four mileage piles
//! against their quotas, the face-up discard pile, the seat's hand, its moves as buttons, and
//! what happened lately.

use super::{Face, touring_family};
use crate::engine::CardKind;
use crate::engine::Side;
use crate::engine::touring1958::{Action, Card, Event, SideView, Status, View};
use crate::i18n::{Lang, PerLang};

touring_family::touring_card_words!("t58");

/// The face of a card (kept per language by `face`).
fn draw_face(lang: Lang, card: Card) -> Face {
    let look = match card {
        Card::Go => ("go", "t58-kind-go", ""),
        Card::Freeway => ("speed-card", "t58-kind-freeway", ""),
        Card::PopulatedArea => ("delay", "t58-kind-speed-limit", ""),
        Card::StopToRefuel | Card::MissedTheCurve => ("delay", "t58-kind-stop", ""),
        Card::BurningOil | Card::BrokenSpring | Card::BrakeAdjustment => {
            ("delay", "t58-kind-takes-miles", "")
        }
        Card::Gasoline | Card::Wrecker => ("remedy", "t58-kind-remedy", ""),
        Card::Mile25 => ("mile", "t58-kind-miles", "25"),
        Card::Mile35 => ("mile", "t58-kind-miles", "35"),
        Card::Mile50 => ("mile", "t58-kind-miles", "50"),
        Card::Mile75 => ("mile", "t58-kind-miles", "75"),
    };
    Face::of(lang, card, card_name(lang, card), look)
}

super::board!(
    "boards/touring1958.html",
    "boards/touring_side.html",
    "a deal of Touring (1937-1958)",
    hand_of_the_seat
);

touring_family::touring_moves!();

impl Board<'_> {
    fn lang(&self) -> Lang {
        self.context.lang
    }

    /// What the engine warns of a move, in the reader's words: Touring (1937-1958) warns of
    /// nothing.
    fn warning_words(&self, _action: &Action) -> Option<String> {
        None
    }

    /// A card's name in the reader's language.
    fn card(&self, card: &Card) -> String {
        card_name(self.lang(), *card)
    }

    fn my_side(&self) -> Option<Side> {
        self.view
            .seats
            .get(usize::from(self.context.deal.seat))
            .map(|s| s.side)
    }

    /// Whether the viewer's side may play 50s and 75s without speeding.
    fn on_freeway(&self) -> bool {
        self.my_side()
            .and_then(|side| self.view.sides.get(usize::from(side)))
            .is_some_and(|s| s.freeway_top == Some(Card::Freeway))
    }

    fn status_text(&self, side: &SideView) -> String {
        match side.status {
            Status::Running if side.freeway_top == Some(Card::Freeway) => {
                self.lang().t("t58-status-on-freeway")
            }
            Status::Running => self.lang().t("t58-status-running-slow"),
            other => {
                touring_family::status_text(self.lang(), other, &side.needs, |c| self.card(&c))
            }
        }
    }

    fn status_class(&self, side: &SideView) -> &'static str {
        touring_family::status_class(side.status)
    }

    fn freeway_text(&self, side: &SideView) -> String {
        match side.freeway_top {
            Some(card @ Card::Freeway) => self.card(&card),
            Some(card) => self
                .lang()
                .msg("t58-freeway-pile-limited")
                .arg("card", self.card(&card))
                .text(),
            None => self.lang().t("t58-freeway-pile-empty"),
        }
    }

    /// What a side's line of piles says besides its Go pile: its Freeway pile.
    fn more_of_side(&self, side: &SideView) -> Option<String> {
        let freeway = self.freeway_text(side);
        Some(
            self.lang()
                .msg("t58-freeway-pile")
                .arg("freeway", freeway)
                .text(),
        )
    }

    touring_family::touring_mileage!(trip, [25, 35, 50, 75]);

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        let lang = self.lang();
        let (id, card) = match *action {
            Action::Play {
                card,
                target: Some(side),
            } => {
                return lang
                    .msg("tour-move-on")
                    .arg("card", self.card(&card))
                    .arg("names", self.context.side_names(side))
                    .text();
            }
            Action::Play {
                card: card @ (Card::Mile50 | Card::Mile75),
                ..
            } if !self.on_freeway() => ("t58-move-speeding", card),
            Action::Play { card, .. } => ("tour-move-play", card),
            Action::Discard { card } => ("tour-move-discard", card),
        };
        lang.msg(id).arg("card", self.card(&card)).text()
    }

    /// The words of one recent event, if the reader is shown it.
    fn event_line(&self, event: &Event) -> Option<String> {
        let context = self.context;
        let lang = self.lang();
        match *event {
            Event::Drew { seat, card } => context.drew(GAME, seat, card),
            Event::Played { seat, card, .. } => Some(context.played(GAME, seat, card)),
            Event::Discarded { seat, card } => Some(context.discarded(GAME, seat, card)),
            Event::Delayed {
                by,
                side,
                card,
                taken,
            } => {
                let taken = taken.map(|c| self.card(&c));
                Some(context.played_on(GAME, by, card, side, taken))
            }
            Event::Speeding { side, card, .. } => Some(
                context
                    .side_said(lang.msg("t58-recent-speeding"), side)
                    .arg("card", self.card(&card))
                    .text(),
            ),
            Event::Reshuffled { draw_pile } => Some(context.reshuffled(draw_pile)),
            Event::Won { side } => Some(context.side_said(lang.msg("t58-recent-won"), side).text()),
        }
    }
}

/// The start form's part for this game: it has no options.
pub use super::no_options as options_form;

#[cfg(test)]
mod tests {
    use super::*;

    /// The French names are the ones docs/rules.md gives beside the English.
    #[test]
    fn french_names_the_wrecker_depanneuse_as_the_rules_say() {
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(card_name(french, Card::Wrecker), "Dépanneuse");
    }
}
