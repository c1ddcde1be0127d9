//! Notices between instances (see [`super::Hub::relay`]): ids and counts only, as text.

use super::{Notice, Topic};
use crate::app::deals::DealAt;

/// A notice as sent between instances: ids and counts only, `INSTANCE EVENT e` for the event
/// as a whole, `INSTANCE EVENT t TABLE [GAME ACTIONS]` for a table (and where its deal stands).
pub(super) fn encode(instance: u64, notice: Notice) -> String {
    match notice.topic {
        Topic::Event => format!("{instance} {} e", notice.event),
        Topic::Table(table, None) => format!("{instance} {} t {table}", notice.event),
        Topic::Table(table, Some(at)) => format!(
            "{instance} {} t {table} {} {}",
            notice.event, at.game, at.actions
        ),
        Topic::Everything => format!("{instance} 0 all"),
    }
}

/// Reads [`encode`]'s text: the sending instance and the notice.
pub(super) fn decode(payload: &str) -> Option<(u64, Notice)> {
    let mut words = payload.split(' ');
    let instance = words.next()?.parse().ok()?;
    let event = words.next()?.parse().ok()?;
    let topic = match (words.next()?, words.next()) {
        ("e", None) => Topic::Event,
        ("t", Some(table)) => {
            let table = table.parse().ok()?;
            match words.next() {
                None => Topic::Table(table, None),
                Some(game) => Topic::Table(
                    table,
                    Some(DealAt {
                        game: game.parse().ok()?,
                        actions: words.next()?.parse().ok()?,
                    }),
                ),
            }
        }
        ("all", None) => Topic::Everything,
        _ => return None,
    };
    words
        .next()
        .is_none()
        .then_some((instance, Notice { event, topic }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_between_instances_carry_ids_only_and_read_back() {
        let at = Some(DealAt {
            game: 9,
            actions: 31,
        });
        for topic in [
            Topic::Event,
            Topic::Table(17, None),
            Topic::Table(17, at),
            Topic::Everything,
        ] {
            let event = if topic == Topic::Everything { 0 } else { 42 };
            let notice = Notice { event, topic };
            let payload = encode(7, notice);
            assert!(
                payload
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == ' ')
            );
            assert_eq!(decode(&payload), Some((7, notice)));
        }
        for bad in [
            "",
            "7",
            "7 42",
            "7 42 t",
            "7 42 x",
            "7 42 e 1",
            "x 42 e",
            "7 42 t 1 2",
            "7 42 t 1 2 3 4",
            "7 42 t 1 x 3",
        ] {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
    }
}
