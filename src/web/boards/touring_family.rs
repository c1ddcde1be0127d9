//! What the boards of the two Touring games (1926 and 1937-1958) draw alike: they are one game
//! with other cards and numbers (see `engine::touring_family`).

use super::Face;
use crate::engine::CardKind;
use crate::engine::touring_family::Status;
use crate::i18n::Lang;

/// The face of a Touring card: `class` colours it, `kind` (a message) says what kind of card it
/// is, and `value` is a mileage card's big number (a card without one shows its name).
pub fn face(
    lang: Lang,
    card: impl CardKind,
    class: &'static str,
    kind: &str,
    value: &'static str,
) -> Face {
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

/// A side's status in words: running, or what it needs to get going.
pub fn status_text(status: Status, needs: &[impl CardKind]) -> String {
    match status {
        Status::Running => "running".into(),
        Status::NotStarted => "needs Go to start".into(),
        Status::Delayed => format!(
            "delayed: needs {}",
            needs
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", then ")
        ),
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

/// Each mileage pile of a side: its count, its quota, and its name (`names`, in pile order).
pub fn mile_piles(
    piles: [u8; 4],
    quota: [u8; 4],
    names: [&'static str; 4],
) -> Vec<(u8, u8, &'static str)> {
    piles
        .into_iter()
        .zip(quota)
        .zip(names)
        .map(|((n, q), name)| (n, q, name))
        .collect()
}

/// Writes a Touring board's legal moves as buttons, plays first, each with its label (the
/// board's `label`) and JSON.
macro_rules! touring_moves {
    () => {
        impl Board<'_> {
            /// The legal moves, plays first, each with its label and JSON.
            fn moves(&self) -> Vec<super::MoveButton> {
                super::move_buttons(self.context, &self.legal, |action| {
                    super::MoveButton::new(
                        self.label(action),
                        action.to_json().to_string(),
                        action.card().id(),
                        matches!(action, Action::Discard { .. }),
                    )
                })
            }
        }
    };
}
pub(crate) use touring_moves;
