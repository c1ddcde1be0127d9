//! The bots' hands: a background task that, while a round's clock runs, plays the move of every
//! bot seat whose turn it is at a digital table, after a short delay so that people can follow.
//!
//! Each move goes through the same use case as a person's move (`app::bot_moves::play` calls
//! the seat's move), so it is stored in the table's log, checked against the clock and the
//! table's latest state, and announced on the live-update hub like any other move.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use actix_web::web;
use tokio::time::Instant;

use super::live::Hub;
use crate::app::App;
use crate::app::bot_moves::{self, BotTurn};
use crate::app::turn_clock::StandIn;
use crate::bots::Budget;

/// How the bots play at the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotPace {
    /// How long a bot waits, once it is its turn, before it plays: a human pace.
    pub delay: Duration,
    /// The search bot's budget per move.
    pub budget: Budget,
}

impl BotPace {
    /// The default delay: long enough to see what a bot did, short enough not to bore.
    pub const DEFAULT_DELAY: Duration = Duration::from_millis(1500);
}

impl Default for BotPace {
    fn default() -> BotPace {
        BotPace {
            delay: BotPace::DEFAULT_DELAY,
            budget: Budget::DEFAULT,
        }
    }
}

/// How often the task looks for bot turns: often enough that a bot's delay is kept to within a
/// quarter of it, rarely enough that an idle server does next to nothing.
fn poll_interval(delay: Duration) -> Duration {
    (delay / 4).clamp(Duration::from_millis(10), Duration::from_millis(250))
}

/// Starts the task on the current actix system (call it from inside the server's runtime).
pub fn spawn(app: web::Data<App>, hub: Hub, pace: BotPace) {
    actix_web::rt::spawn(run(app, hub, pace));
}

async fn run(app: web::Data<App>, hub: Hub, pace: BotPace) {
    let poll = poll_interval(pace.delay);
    // When each waiting bot turn was first seen: it is played once the delay has passed.
    let mut first_seen: HashMap<BotTurn, Instant> = HashMap::new();
    // Turns whose answer was only noted (a coup fourré let go): not asked again.
    let mut noted: HashSet<BotTurn> = HashSet::new();
    loop {
        tokio::time::sleep(poll).await;
        let Some(waiting) = super::run_logged(
            &app,
            "bots: cannot look for bot turns",
            bot_moves::waiting_turns,
        )
        .await
        else {
            continue;
        };
        // A decision whose time is up is answered first, so that a bot that plays next sees the
        // table go on at the same moment whoever held the decision.
        for due in waiting.timeouts {
            let doing = format!("bots: the wait at table {} could not be ended", due.table);
            let ended =
                super::run_logged(&app, &doing, move |app| bot_moves::end_wait(app, &due)).await;
            if let Some(Some(table)) = ended {
                hub.publish_move(&table);
            }
        }
        let turns = waiting.bots;
        let now = Instant::now();
        // A seat handed to a bot keeps a bot's pace; a turn the clock ran out is played at once
        // (the seat has had its time).
        let handed: Vec<BotTurn> = waiting
            .stand_ins
            .iter()
            .filter(|due| due.by == StandIn::Bot)
            .map(|due| due.turn)
            .collect();
        for due in waiting.stand_ins {
            if due.by == StandIn::Bot {
                let since = *first_seen.entry(due.turn).or_insert(now);
                if now.duration_since(since) < pace.delay {
                    continue;
                }
                first_seen.remove(&due.turn);
            }
            let budget = pace.budget;
            let doing = format!(
                "bots: the turn of player {} at table {} could not be played for them",
                due.turn.player, due.turn.table
            );
            let played = super::run_logged(&app, &doing, move |app| {
                bot_moves::take_stand_in_turn(app, &due, budget)
            })
            .await;
            if let Some(Some(table)) = played {
                hub.publish_move(&table);
            }
        }
        first_seen.retain(|turn, _| turns.contains(turn) || handed.contains(turn));
        noted.retain(|turn| turns.contains(turn));
        for turn in turns {
            if noted.contains(&turn) {
                continue;
            }
            let since = *first_seen.entry(turn).or_insert(now);
            if now.duration_since(since) < pace.delay {
                continue;
            }
            first_seen.remove(&turn);
            let budget = pace.budget;
            let doing = format!(
                "bots: the bot of player {} at table {} did not move",
                turn.player, turn.table
            );
            let played = super::run_logged(&app, &doing, move |app| {
                bot_moves::take_turn(app, &turn, budget)
            })
            .await;
            if let Some(Some(table)) = played {
                if !table.changed {
                    noted.insert(turn);
                }
                hub.publish_move(&table);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_look_for_their_turn_often_but_not_constantly() {
        assert_eq!(
            poll_interval(Duration::from_millis(1500)),
            Duration::from_millis(250)
        );
        assert_eq!(
            poll_interval(Duration::from_millis(100)),
            Duration::from_millis(25)
        );
        assert_eq!(poll_interval(Duration::ZERO), Duration::from_millis(10));
    }

    #[test]
    fn the_default_pace_is_a_second_and_a_half_with_the_default_budget() {
        let pace = BotPace::default();
        assert_eq!(pace.delay, Duration::from_millis(1500));
        assert_eq!(pace.budget, Budget::DEFAULT);
    }
}
