//! The board of Touring (1937-1958): each side's Go pile, Freeway pile and four mileage piles
//! against their quotas, the face-up discard pile, the seat's hand, its moves as buttons, and
//! what happened lately.

use super::{Face, touring_family};
use crate::engine::touring1958::{Action, Card, Event, SideView, Status, View};
use crate::engine::Side;

/// The face of a card.
pub fn face(lang: crate::i18n::Lang, card: Card) -> Face {
    let (class, kind, value) = match card {
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
    touring_family::face(lang, card, class, kind, value)
}

super::board!(
    "boards/touring1958.html",
    "a deal of Touring (1937-1958)",
    hand_of_the_seat
);

touring_family::touring_moves!();

impl Board<'_> {
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
                "running, on the freeway".into()
            }
            Status::Running => "running: 25s and 35s only".into(),
            other => touring_family::status_text(other, &side.needs),
        }
    }

    fn status_class(&self, side: &SideView) -> &'static str {
        touring_family::status_class(side.status)
    }

    fn freeway_text(&self, side: &SideView) -> String {
        match side.freeway_top {
            Some(Card::Freeway) => "Freeway".into(),
            Some(card) => format!("{} (no 50s or 75s)", card.name()),
            None => "none yet (no 50s or 75s)".into(),
        }
    }

    fn percent(&self, side: &SideView) -> u32 {
        (side.miles * 100 / self.view.trip.max(1)).min(100)
    }

    /// Each mileage pile: its count, its quota, and its name.
    fn piles(&self, side: &SideView) -> Vec<(u8, u8, &'static str)> {
        let names = ["25s", "35s", "50s", "75s"];
        touring_family::mile_piles(side.piles.to_array(), side.quota.to_array(), names)
    }

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        match *action {
            Action::Play {
                card,
                target: Some(side),
            } => format!("{} on {}", card.name(), self.context.side_names(side)),
            Action::Play {
                card: card @ (Card::Mile50 | Card::Mile75),
                ..
            } if !self.on_freeway() => format!(
                "Play {} (speeding without a Freeway: the card is lost)",
                card.name()
            ),
            Action::Play { card, .. } => format!("Play {}", card.name()),
            Action::Discard { card } => format!("Discard {}", card.name()),
        }
    }

    /// The words of one recent event, if the reader is shown it.
    fn event_line(&self, event: &Event) -> Option<String> {
        let context = self.context;
        match *event {
                Event::Drew { seat, card } => context.drew(seat, card),
                Event::Played { seat, card, .. } => Some(context.played(seat, card)),
                Event::Discarded { seat, card } => Some(format!(
                    "{} discarded {}.",
                    context.who(seat),
                    card.name()
                )),
                Event::Delayed {
                    by,
                    side,
                    card,
                    taken,
                } => {
                    let taking = taken.map_or_else(String::new, |c| format!(", taking {}", c.name()));
                    Some(context.played_on(by, card, side, &taking))
                }
                Event::Speeding { side, card, .. } => Some(format!(
                    "{} played {} without a Freeway: speeding! The card is lost.",
                    context.side_names(side),
                    card.name()
                )),
                Event::Reshuffled { draw_pile } => {
                    Some(format!("The pack was reshuffled: {draw_pile} cards."))
                }
                Event::Won { side } => Some(format!(
                    "{} completed the trip!",
                    context.side_names(side)
                )),
            }
    }
}

/// The start form's part for this game: it has no options.
pub fn options_form(_form: &super::OptionsForm) -> Result<String, askama::Error> {
    Ok(String::new())
}
