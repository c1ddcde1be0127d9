//! The board of Touring (1926): the speed limit, each side's Go pile and four mile piles against
//! their quotas, the seat's hand, its moves as buttons, and what happened lately.

use askama::Template;

use super::{Context, Face, MoveButton};
use crate::engine::touring1926::{Action, Card, Event, SideView, Speed, Status, View};
use crate::engine::Side;

/// The face of a card.
pub fn face(lang: crate::i18n::Lang, card: Card) -> Face {
    let (class, kind, value) = match card {
        Card::Go => ("go", "t26-kind-go", ""),
        Card::CityLimits | Card::Country => ("speed-card", "t26-kind-speed", ""),
        Card::Collision | Card::OutOfGasoline => ("delay", "t26-kind-delay-1h", ""),
        Card::Puncture => ("delay", "t26-kind-delay-2h", ""),
        Card::HauledIn | Card::Gasoline => ("remedy", "t26-kind-remedy", ""),
        Card::Mile1 => ("mile", "t26-kind-miles", "1"),
        Card::Mile3 => ("mile", "t26-kind-miles", "3"),
        Card::Mile5 => ("mile", "t26-kind-miles", "5"),
        Card::Mile10 => ("mile", "t26-kind-miles", "10"),
    };
    // Touring's cards keep their English names until their French names are chosen (and
    // documented in docs/rules.md beside the English).
    Face {
        id: card.id(),
        title: card.name().to_owned(),
        class,
        kind: lang.t(kind),
        name: if value.is_empty() {
            card.name().to_owned()
        } else {
            String::new()
        },
        value,
    }
}

#[derive(Template)]
#[template(path = "boards/touring1926.html")]
struct Board<'a> {
    context: &'a Context<'a>,
    view: &'a View,
    legal: Vec<Action>,
    recent: Vec<Event>,
}

/// Draws the board of a deal of Touring (1926).
pub fn render(context: &Context, view: &View) -> Result<String, askama::Error> {
    Board {
        context,
        view,
        legal: context.legal(),
        recent: context.recent(),
    }
    .render()
}

/// What the deal's recent events did, in the words of the board's "Lately".
pub fn recent_words(context: &Context, view: &View) -> Vec<String> {
    let legal = Vec::new();
    let recent = context.recent();
    Board { context, view, legal, recent }.recent_lines()
}

impl Board<'_> {
    fn side_names(&self, side: &SideView) -> String {
        self.context.side_names(side.side)
    }

    fn is_mine(&self, side: &SideView) -> bool {
        self.context.is_mine(side.side)
    }

    fn is_to_move(&self, side: &SideView) -> bool {
        self.context
            .is_to_move(side.side, self.view.side_of(self.view.to_move))
    }

    fn city(&self) -> bool {
        self.view.speed == Speed::City
    }

    fn status_text(&self, side: &SideView) -> String {
        match side.status {
            Status::Running => "running".into(),
            Status::NotStarted => "needs Go to start".into(),
            Status::Delayed => format!(
                "delayed: needs {}",
                side.needs
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", then ")
            ),
        }
    }

    fn status_class(&self, side: &SideView) -> &'static str {
        match side.status {
            Status::Running => "running",
            Status::NotStarted => "not_started",
            Status::Delayed => "delayed",
        }
    }

    fn percent(&self, side: &SideView) -> u32 {
        (side.miles * 100 / self.view.race.max(1)).min(100)
    }

    /// Each mile pile: its count, its quota, and its name.
    fn piles(&self, side: &SideView) -> Vec<(u8, u8, &'static str)> {
        let names = ["1s", "3s", "5s", "10s"];
        side.piles
            .to_array()
            .into_iter()
            .zip(side.quota.to_array())
            .zip(names)
            .map(|((n, q), name)| (n, q, name))
            .collect()
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

    /// The legal moves, plays first, each with its label and JSON.
    fn moves(&self) -> Vec<MoveButton> {
        super::move_buttons(self.context, &self.legal, |action| {
            let (Action::Play { card, .. } | Action::Discard { card }) = *action;
            MoveButton::new(
                self.label(action),
                action.to_json().to_string(),
                card.id(),
                matches!(action, Action::Discard { .. }),
            )
        })
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

    /// The recent events in words.
    fn recent_lines(&self) -> Vec<String> {
        let context = self.context;
        self.recent
            .iter()
            .filter_map(|event| match *event {
                Event::Drew { seat, card } if seat == context.deal.seat => {
                    card.map(|c| format!("You drew {}.", c.name()))
                }
                Event::Drew { .. } => None,
                Event::Played { seat, card, .. } => {
                    Some(format!("{} played {}.", context.who(seat), card.name()))
                }
                Event::Discarded { seat, card } => Some(match card {
                    Some(c) => format!("{} discarded {}.", context.who(seat), c.name()),
                    None => format!("{} discarded a card.", context.who(seat)),
                }),
                Event::Delayed {
                    by,
                    side,
                    card,
                    taken,
                } => Some(format!(
                    "{} played {} on {}{}.",
                    context.who(by),
                    card.name(),
                    self.side_word(side),
                    Self::taking(&taken.card_list())
                )),
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
            })
            .collect()
    }
}

/// The start form's part for this game: it has no options.
pub fn options_form(_form: &super::OptionsForm) -> Result<String, askama::Error> {
    Ok(String::new())
}
