//! The board of Touring (1937-1958): each side's Go pile, Freeway pile and four mileage piles
//! against their quotas, the face-up discard pile, the seat's hand, its moves as buttons, and
//! what happened lately.

use askama::Template;

use super::{Context, Face, MoveButton};
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
#[template(path = "boards/touring1958.html")]
struct Board<'a> {
    context: &'a Context<'a>,
    view: &'a View,
    legal: Vec<Action>,
    recent: Vec<Event>,
}

/// Draws the board of a deal of Touring (1937-1958).
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
        let mover = self
            .view
            .seats
            .get(usize::from(self.view.to_move))
            .map(|s| s.side);
        self.context.is_to_move(side.side, mover)
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
                "running, on the freeway".into()
            }
            Status::Running => "running: 25s and 35s only".into(),
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
            .seats
            .get(usize::from(self.context.deal.seat))
            .and_then(|s| s.hand.clone())
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

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        match *action {
            Action::Discard { card } => format!("Discard {}", card.name()),
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
        }
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
                } => Some(format!(
                    "{} played {} on {}{}.",
                    context.who(by),
                    card.name(),
                    context.side_names(side),
                    taken.map_or_else(String::new, |c| format!(", taking {}", c.name()))
                )),
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
            })
            .collect()
    }
}

/// The start form's part for this game: it has no options.
pub fn options_form(_form: &super::OptionsForm) -> Result<String, askama::Error> {
    Ok(String::new())
}
