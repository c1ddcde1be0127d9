//! The round clock, pure: a round stores when it started, its length, the extensions and the
//! pauses, and every reading is computed from those and a `now` the caller passes.
//!
//! Every table starts at one signal and, in a timed round, stops at one signal, so there is one
//! clock per round. An event with an overall time limit passes its deadline
//! ([`event_deadline`]) to every reading: a round running when the limit comes stops there.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

use super::describe_secs;
use super::settings::{EventLength, RoundKind, Settings};
use touring_i18n::Said;

/// The longest single extension: an hour.
pub const MAX_EXTENSION_SECS: u32 = 3600;

/// A pause of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    pub at: DateTime<Utc>,
    /// When play resumed; `None` while the round is paused.
    pub resumed_at: Option<DateTime<Utc>>,
}

/// What a round's clock stores.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundClock {
    /// The round's length; `None` for a round by games, which has no stop signal.
    pub length_secs: Option<u32>,
    pub started_at: Option<DateTime<Utc>>,
    /// Time added by the host, in seconds, in the order given.
    pub extensions_secs: Vec<u32>,
    pub pauses: Vec<Pause>,
    /// When the host stopped the round early (or a round by games ended with its last game).
    pub stopped_at: Option<DateTime<Utc>>,
}

/// Where a round's clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockState {
    NotStarted,
    Running,
    Paused,
    Over,
}

/// A reading of the clock at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    pub state: ClockState,
    /// Time left in milliseconds until the round ends: the full length before the start, 0
    /// once over, `None` when nothing ends it yet (a round by games without a time limit).
    pub left_ms: Option<i64>,
    /// When the round ends if nothing changes (while paused: if play resumed now). `None`
    /// before the start, or when nothing ends it.
    pub planned_end: Option<DateTime<Utc>>,
    /// Playing time so far, pauses excluded, in milliseconds.
    pub played_ms: i64,
    /// Whether a move made at this instant counts: only while the round is running.
    pub in_time: bool,
    /// Running with a minute or less to go: the moment for the one-minute signal.
    pub last_minute: bool,
    /// The event's time limit is what ends (or ended) this round.
    pub ends_at_limit: bool,
}

impl RoundClock {
    /// A clock for a round of this event, not started.
    pub fn new(settings: &Settings) -> RoundClock {
        RoundClock {
            length_secs: match settings.round {
                RoundKind::Timed { seconds } => Some(seconds),
                RoundKind::Games { .. } | RoundKind::Points { .. } => None,
            },
            ..RoundClock::default()
        }
    }

    /// Starts the round: the signal every table starts at.
    pub fn start(&mut self, now: DateTime<Utc>) -> Result<(), ClockError> {
        if let Some(at) = self.started_at {
            return Err(ClockError::AlreadyStarted { at });
        }
        self.started_at = Some(now);
        Ok(())
    }

    /// Pauses the round: every table stops, and the time left is kept.
    pub fn pause(
        &mut self,
        now: DateTime<Utc>,
        deadline: Option<DateTime<Utc>>,
    ) -> Result<(), ClockError> {
        match self.checked_read(now, deadline)?.state {
            ClockState::Running => {
                self.pauses.push(Pause {
                    at: now,
                    resumed_at: None,
                });
                Ok(())
            }
            state => Err(ClockError::Cannot {
                action: "pause".to_string(),
                state,
            }),
        }
    }

    /// Resumes a paused round.
    pub fn resume(
        &mut self,
        now: DateTime<Utc>,
        deadline: Option<DateTime<Utc>>,
    ) -> Result<(), ClockError> {
        match self.checked_read(now, deadline)?.state {
            ClockState::Paused => {
                if let Some(pause) = self.pauses.last_mut() {
                    pause.resumed_at = Some(now);
                }
                Ok(())
            }
            state => Err(ClockError::Cannot {
                action: "resume".to_string(),
                state,
            }),
        }
    }

    /// Adds time to a timed round that is not over (before it starts, running or paused).
    pub fn extend(
        &mut self,
        seconds: u32,
        now: DateTime<Utc>,
        deadline: Option<DateTime<Utc>>,
    ) -> Result<(), ClockError> {
        if self.length_secs.is_none() {
            return Err(ClockError::NoLength);
        }
        if !(1..=MAX_EXTENSION_SECS).contains(&seconds) {
            return Err(ClockError::Extension { seconds });
        }
        match self.checked_read(now, deadline)?.state {
            ClockState::Over => Err(ClockError::Cannot {
                action: "extend".to_string(),
                state: ClockState::Over,
            }),
            _ => {
                self.extensions_secs.push(seconds);
                Ok(())
            }
        }
    }

    /// Stops a started round now: the host's early stop, or the end of a round by games when
    /// every table is done.
    pub fn stop(
        &mut self,
        now: DateTime<Utc>,
        deadline: Option<DateTime<Utc>>,
    ) -> Result<(), ClockError> {
        match self.checked_read(now, deadline)?.state {
            ClockState::Running | ClockState::Paused => {
                if let Some(pause) = self.pauses.last_mut()
                    && pause.resumed_at.is_none()
                {
                    pause.resumed_at = Some(now);
                }
                self.stopped_at = Some(now);
                Ok(())
            }
            state => Err(ClockError::Cannot {
                action: "stop".to_string(),
                state,
            }),
        }
    }

    /// The latest instant the clock has recorded.
    fn last_instant(&self) -> Option<DateTime<Utc>> {
        let pauses = self
            .pauses
            .iter()
            .flat_map(|p| std::iter::once(p.at).chain(p.resumed_at));
        self.started_at
            .into_iter()
            .chain(pauses)
            .chain(self.stopped_at)
            .max()
    }

    /// A reading, refusing a `now` earlier than what the clock has recorded (a change made
    /// with such a time would rewrite the past).
    fn checked_read(
        &self,
        now: DateTime<Utc>,
        deadline: Option<DateTime<Utc>>,
    ) -> Result<ClockReading, ClockError> {
        match self.last_instant() {
            Some(last) if now < last => Err(ClockError::Backwards { last, now }),
            _ => Ok(self.read(now, deadline)),
        }
    }

    /// Time paused up to `until`.
    fn paused_until(&self, until: DateTime<Utc>) -> TimeDelta {
        self.pauses
            .iter()
            .map(|p| {
                let end = p.resumed_at.unwrap_or(until).min(until);
                (end - p.at).max(TimeDelta::zero())
            })
            .sum()
    }

    /// The round's length with its extensions.
    fn full_length(&self) -> Option<TimeDelta> {
        self.length_secs.map(|length| {
            let added: i64 = self.extensions_secs.iter().map(|&s| i64::from(s)).sum();
            TimeDelta::seconds(i64::from(length) + added)
        })
    }

    /// Reads the clock at `now`, with the event's deadline if it has a time limit.
    pub fn read(&self, now: DateTime<Utc>, deadline: Option<DateTime<Utc>>) -> ClockReading {
        let full = self.full_length();
        let Some(started) = self.started_at else {
            return ClockReading {
                state: ClockState::NotStarted,
                left_ms: full.map(|f| f.num_milliseconds()),
                planned_end: None,
                played_ms: 0,
                in_time: false,
                last_minute: false,
                ends_at_limit: false,
            };
        };
        let paused_now = self.pauses.last().is_some_and(|p| p.resumed_at.is_none());
        // The end by the clock alone: the start, the length, and every pause so far.
        let planned = full.map(|f| started + f + self.paused_until(now));
        let mut end = planned;
        let mut ends_at_limit = false;
        if let Some(limit) = deadline
            && end.is_none_or(|e| limit < e)
        {
            end = Some(limit);
            ends_at_limit = true;
        }
        if let Some(stopped) = self.stopped_at
            && end.is_none_or(|e| stopped <= e)
        {
            end = Some(stopped);
            ends_at_limit = false;
        }
        let over = end.is_some_and(|e| e <= now);
        let state = if over {
            ClockState::Over
        } else if paused_now {
            ClockState::Paused
        } else {
            ClockState::Running
        };
        let until = end.map_or(now, |e| e.min(now));
        let played = (until - started - self.paused_until(until)).max(TimeDelta::zero());
        let left_ms = end.map(|e| (e - now).max(TimeDelta::zero()).num_milliseconds());
        ClockReading {
            state,
            left_ms,
            planned_end: end,
            played_ms: played.num_milliseconds(),
            in_time: state == ClockState::Running,
            last_minute: state == ClockState::Running && left_ms.is_some_and(|l| l <= 60_000),
            ends_at_limit,
        }
    }

    /// Whether a move made at `now` counts.
    pub fn in_time(&self, now: DateTime<Utc>, deadline: Option<DateTime<Utc>>) -> bool {
        self.read(now, deadline).in_time
    }
}

/// Whether the event has a deadline once round 1 has started ([`event_deadline`]): an event of
/// a fixed number of rounds has none, so when round 1 started need not be read.
pub fn has_deadline(settings: &Settings) -> bool {
    matches!(settings.length, EventLength::TimeLimit { .. })
}

/// The instant after which no round starts, and at which a running round stops: the start of
/// round 1 plus the event's time limit (wall clock; pauses and breaks count). `None` for an
/// event of a fixed number of rounds, or before round 1 has started.
pub fn event_deadline(
    settings: &Settings,
    first_round_started_at: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    match settings.length {
        EventLength::TimeLimit { seconds } => {
            first_round_started_at.map(|start| start + TimeDelta::seconds(i64::from(seconds)))
        }
        EventLength::Rounds { .. } => None,
    }
}

/// Whether another round may start at `now`, with `rounds_started` rounds started so far.
pub fn may_start_round(
    settings: &Settings,
    rounds_started: u32,
    first_round_started_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(), LimitReached> {
    match settings.length {
        EventLength::Rounds { rounds } if rounds_started >= rounds => {
            Err(LimitReached::Rounds { rounds })
        }
        EventLength::TimeLimit { .. } => match event_deadline(settings, first_round_started_at) {
            Some(deadline) if now >= deadline => Err(LimitReached::Time { deadline }),
            _ => Ok(()),
        },
        EventLength::Rounds { .. } => Ok(()),
    }
}

/// "the only round has been played", "all 4 rounds have been played".
fn rounds_played(rounds: u32) -> String {
    if rounds == 1 {
        "the only round has been played".into()
    } else {
        format!("all {rounds} rounds have been played")
    }
}

/// Why no further round may start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "reached", rename_all = "snake_case")]
pub enum LimitReached {
    #[error("{}: close the event to give the prizes", rounds_played(*.rounds))]
    Rounds { rounds: u32 },
    #[error(
        "the time limit passed at {deadline}: no round starts after it, so close the event to give the prizes"
    )]
    Time { deadline: DateTime<Utc> },
}

/// Why the clock refused a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ClockError {
    #[error("the round started already, at {at}")]
    AlreadyStarted { at: DateTime<Utc> },
    #[error("cannot {action} the round: it is {}", state_word(.state))]
    Cannot { action: String, state: ClockState },
    #[error("a round by games has no clock to extend: it ends when every table is done")]
    NoLength,
    #[error(
        "an extension adds 1 second to {}, not {seconds} seconds",
        describe_secs(u64::from(MAX_EXTENSION_SECS))
    )]
    Extension { seconds: u32 },
    #[error(
        "the time given ({now}) is before the clock's last change ({last}): check the server's clock"
    )]
    Backwards {
        last: DateTime<Utc>,
        now: DateTime<Utc>,
    },
}

/// Words for a clock state in messages.
fn state_word(state: &ClockState) -> &'static str {
    match state {
        ClockState::NotStarted => "not started",
        ClockState::Running => "running",
        ClockState::Paused => "paused",
        ClockState::Over => "over",
    }
}

impl LimitReached {
    /// Why no further round may start, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            LimitReached::Rounds { rounds } => {
                Said::new("refused-limit-rounds").number("rounds", *rounds)
            }
            LimitReached::Time { deadline } => {
                Said::new("refused-limit-time").text("deadline", deadline.to_string())
            }
        }
    }
}

impl ClockError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            ClockError::AlreadyStarted { at } => {
                Said::new("refused-clock-already-started").text("at", at.to_string())
            }
            ClockError::Cannot { action, state } => Said::new("refused-clock-cannot")
                .text("action", action.clone())
                .text("state", state_key(state)),
            ClockError::NoLength => Said::new("refused-clock-no-length"),
            ClockError::Extension { seconds } => Said::new("refused-clock-extension")
                .number("seconds", *seconds)
                .number("hours", MAX_EXTENSION_SECS / 3600),
            ClockError::Backwards { last, now } => Said::new("refused-clock-backwards")
                .text("last", last.to_string())
                .text("now", now.to_string()),
        }
    }
}

/// A clock state as a message selects on it.
fn state_key(state: &ClockState) -> &'static str {
    match state {
        ClockState::NotStarted => "not_started",
        ClockState::Running => "running",
        ClockState::Paused => "paused",
        ClockState::Over => "over",
    }
}
