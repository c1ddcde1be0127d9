//! The board of Touring (1926): the speed limit, each side's Go pile and four mile piles against
//! their quotas, the seat's hand, its moves as buttons, and what happened lately.

use super::{Face, touring_family};
use crate::engine::touring1926::{Action, Card, Event, SideView, Speed, View};
use crate::engine::Side;

/// The face of a card.
pub fn face(lang: crate::i18n::Lang, card: Card) -> Face {
    let (class, kind, value) = match card {
        Card::Go => ("go", "t26-kind-go", ""),
        Card::CityLimits | Card::Country => ("speed-card", "t26-kind-speed", ""),
        Card::Collision | Card::OutOfGasoline => ("delay", "t26-kind-delay-1h", ""),
        Card::Puncture => ("delay", "t26-kind-delay-2h", ""),
        Card::HauledIn | Card::Gasoline => ("remedy", "t26-kind-remedy", ""),
        Card::Mile1 | Card::Mile3 | Card::Mile5 | Card::Mile10 => {
            ("mile", "t26-kind-miles", ["1", "3", "5", "10"][card.pile()])
        }
    };
    touring_family::face(lang, card, class, kind, value)
}

super::board!("boards/touring1926.html", "a deal of Touring (1926)");

touring_family::touring_moves!();

impl Board<'_> {
    fn city(&self) -> bool {
        self.view.speed == Speed::City
    }

    fn status_text(&self, side: &SideView) -> String {
        touring_family::status_text(side.status, &side.needs)
    }

    fn status_class(&self, side: &SideView) -> &'static str {
        touring_family::status_class(side.status)
    }

    fn percent(&self, side: &SideView) -> u32 {
        (side.miles * 100 / self.view.race.max(1)).min(100)
    }

    /// Each mile pile: its count, its quota, and its name.
    fn piles(&self, side: &SideView) -> Vec<(u8, u8, &'static str)> {
        let names = ["1s", "3s", "5s", "10s"];
        touring_family::mile_piles(side.piles.to_array(), side.quota.to_array(), names)
    }

    fn hand_faces(&self) -> Vec<Face> {
        self.view
            .own_hand()
            .map(<[Card]>::to_vec)
            .unwrap_or_default()
            .into_iter()
            .map(|card| face(self.context.lang, card))
            .collect()
    }

    fn taking(cards: &[Card]) -> String {
        if cards.is_empty() {
            return String::new();
        }
        format!(
            ", taking {}",
            cards
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(" and ")
        )
    }

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        match *action {
            Action::Discard { card } => format!("Discard {}", card.name()),
            Action::Play {
                card,
                target: Some(side),
                take,
            } => format!(
                "{} on {}{}",
                card.name(),
                self.context.side_names(side),
                Self::taking(&take.map(|t| t.card_list()).unwrap_or_default())
            ),
            Action::Play {
                card: Card::Mile10, ..
            } if self.city() => "Play 10 Miles (speeding! you lose all your miles)".into(),
            Action::Play { card, .. } => format!("Play {}", card.name()),
        }
    }

    fn side_word(&self, side: Side) -> String {
        self.context.side_names(side)
    }

    /// The words of one recent event, if the reader is shown it.
    fn event_line(&self, event: &Event) -> Option<String> {
        let context = self.context;
        match *event {
                Event::Drew { seat, card } => context.drew(seat, card),
                Event::Played { seat, card, .. } => Some(context.played(seat, card)),
                Event::Discarded { seat, card } => Some(match card {
                    Some(c) => format!("{} discarded {}.", context.who(seat), c.name()),
                    None => format!("{} discarded a card.", context.who(seat)),
                }),
                Event::Delayed {
                    by,
                    side,
                    card,
                    taken,
                } => Some(context.played_on(by, card, side, &Self::taking(&taken.card_list()))),
                Event::Speeding {
                    side, forfeited, ..
                } => Some(format!(
                    "{} played a 10 within City Limits: speeding! {forfeited} miles lost.",
                    self.side_word(side)
                )),
                Event::Reshuffled { draw_pile } => {
                    Some(format!("The pack was reshuffled: {draw_pile} cards."))
                }
                Event::Won { side } => Some(format!("{} won the race!", self.side_word(side))),
            }
    }
}

/// The start form's part for this game: it has no options.
pub fn options_form(_form: &super::OptionsForm) -> Result<String, askama::Error> {
    Ok(String::new())
}
