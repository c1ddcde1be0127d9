//! What a rule set offers ([`Rules`]) and the traits of its actions, events and views, with the
//! sinks its events go to: the contract between a rule set's folder and everything generic.

use serde::Serialize;
use serde_json::Value;

use super::{ActionList, CardKind, Config, ScoreSheet, Seat, SetupError, Side, TurnRefusal};
use super::{RuleOptions, RulesId, Worded, shuffle};

/// Where a rule set reports its events. Self-play passes [`NoEvents`] and pays nothing.
pub trait EventSink<E> {
    fn push(&mut self, event: E);
}

impl<E> EventSink<E> for Vec<E> {
    #[inline]
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }
}

/// Discards events: the fast path for self-play and search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn push(&mut self, _event: E) {}
}

/// A sink that wraps each event of one rule set into another type on its way.
pub(super) struct MapSink<'a, S, F> {
    pub(super) inner: &'a mut S,
    pub(super) map: F,
}

impl<T, U, S: EventSink<U>, F: Fn(T) -> U> EventSink<T> for MapSink<'_, S, F> {
    #[inline]
    fn push(&mut self, event: T) {
        self.inner.push((self.map)(event));
    }
}

/// An action of one rule set: a value that is copied around freely and read from JSON with a
/// message a person can act on when it is wrong.
pub trait RuleAction:
    Copy + Eq + std::hash::Hash + std::fmt::Debug + std::fmt::Display + Serialize + Send + Sync
{
    fn from_json(value: &Value) -> Result<Self, String>;
}

/// An event of one rule set.
pub trait RuleEvent: Clone + std::fmt::Debug + PartialEq + Serialize + Send + Sync {
    /// The event as one seat may see it (`None` = a referee, who sees everything): cards a
    /// seat drew or put face down are blanked for everyone else.
    fn seen_by(self, viewer: Option<Seat>) -> Self;
}

/// What one seat (or a referee) may see of a game of one rule set: the protocol's STATE.
pub trait RuleView: Clone + std::fmt::Debug + PartialEq + Serialize + Send + Sync {
    /// The seat this view is for; `None` for a referee's full view.
    fn viewer(&self) -> Option<Seat>;
    fn to_move(&self) -> Seat;
    /// The winning side, once the game is over.
    fn winner(&self) -> Option<Side>;
    /// Every side's score so far.
    fn scores(&self) -> Vec<u32>;
    /// Whether the game is over. A rule set whose game can end without a winner (a Mille
    /// Bornes hand that ends level) says so here.
    fn is_over(&self) -> bool {
        self.winner().is_some()
    }
}

/// A decision the table waits for out of the usual turn, which a party table gives a short time:
/// when the time runs out, `on_timeout` is played for the deciding seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedDecision<A> {
    /// The seat that decides; `None` when nobody does and the table only waits.
    pub seat: Option<Seat>,
    /// Whether the other seats must not learn that there is a decision at all (Mille Bornes'
    /// coup fourré): the table then waits the full time whatever the seat answers, and an
    /// answer equal to `on_timeout` only takes effect when the time is up.
    pub hidden: bool,
    /// What is played when the time runs out.
    pub on_timeout: A,
}

impl<A> TimedDecision<A> {
    pub(super) fn map<B>(self, f: impl FnOnce(A) -> B) -> TimedDecision<B> {
        TimedDecision {
            seat: self.seat,
            hidden: self.hidden,
            on_timeout: f(self.on_timeout),
        }
    }
}

/// A problem a rule set finds in a paper table's cards ([`Rules::check_paper`]): in words a
/// scorer can act on, and where it lies when it is one side's row (so a form shows it beside
/// that field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperNote {
    /// The side whose card it concerns, numbered from 1 as the sheet prints them.
    pub side: Option<usize>,
    /// The row of the score sheet it concerns.
    pub row: Option<&'static str>,
    /// In the protocol's English.
    pub message: String,
    /// In words for a person, said in the reader's language.
    pub words: crate::RefusalWords,
}

/// One row of a deal's score ([`Rules::hand_score_rows`]): its name (`miles`, `safeties`,
/// ..., `total`: a page says it as `replay-row-<id>`) and its points for each side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoredRow {
    pub id: &'static str,
    pub points: Vec<u32>,
}

/// What every rule set offers. Generic code (self-play, bots) uses it directly for speed;
/// everything else holds a [`Game`].
pub trait Rules: Clone + std::fmt::Debug + Send + Sync + 'static {
    type Card: CardKind;
    type Action: RuleAction;
    type Event: RuleEvent;
    type View: RuleView;
    /// Why an action is refused: its `Display` is the protocol's English, its
    /// [`Worded::words`] the message a person reads in his language.
    type Refusal: std::error::Error + Clone + PartialEq + Send + Sync + From<TurnRefusal> + Worded;
    /// What the host may choose for a game of these rules ([`NoOptions`] for nothing).
    type Options: RuleOptions;

    /// Which rule set this is.
    const RULES: RulesId;
    /// Whether a table may wait for a decision out of turn ([`Rules::timed_decision`]).
    const TIMED_DECISIONS: bool = false;

    /// The players this rule set seats, in words ("2, 3, 4 or 6 players"), and whether a
    /// configuration is one of them.
    fn check(config: Config) -> Result<(), SetupError>;

    /// The rows of a paper score card for a configuration.
    fn score_sheet(config: Config) -> ScoreSheet;

    /// Checks a paper table's cards against each other beyond what the sheet's quotas say
    /// (Mille Bornes: only one side completes the trip, its bonuses need it, ...): one count per
    /// row of [`Rules::score_sheet`] for each side. Every problem is said in words a scorer can
    /// act on.
    fn check_paper(_config: Config, _sides: &[Vec<u32>]) -> Result<(), Vec<PaperNote>> {
        Ok(())
    }

    /// The points a game of these rules is played to across hands (Mille Bornes' match to
    /// 5000), when a deal is one hand of a longer game; `None` when a deal is the whole game.
    const MATCH_POINTS: Option<u32> = None;

    /// The side that has won the game played to [`Rules::MATCH_POINTS`], given every side's
    /// total after a hand; `None` while nobody has, and always for rules without a match.
    fn match_winner(_totals: &[u32]) -> Option<Side> {
        None
    }

    /// The deal's score row by row as it stands (a hand cut short scores what it has so far),
    /// for rules whose score is more than the miles: each row and its points by side, the
    /// total last. `None` for rules whose score is the miles.
    fn hand_score_rows(&self) -> Option<Vec<ScoredRow>> {
        None
    }

    /// A new game: `stacked` cards come off the top of the pack first, in order; the rest
    /// follow in the order the seed shuffles them.
    fn new_game(config: Config, seed: u64, stacked: &[Self::Card]) -> Result<Self, SetupError>;
    fn config(&self) -> Config;
    /// The seat whose turn it is (after the game ends: the seat that made the last play).
    fn to_move(&self) -> Seat;
    fn winner(&self) -> Option<Side>;
    fn is_over(&self) -> bool {
        self.winner().is_some()
    }
    /// The out-of-turn decision the table waits for now, if any (none in the Touring games).
    fn timed_decision(&self) -> Option<TimedDecision<Self::Action>> {
        None
    }
    /// Completed turns.
    fn turn(&self) -> u32;
    fn reshuffles(&self) -> u32;
    /// What a side has scored so far: miles in a race, points in a hand.
    fn score(&self, side: Side) -> u32;
    /// Every legal action of the seat to move (none once the game is over).
    fn legal_actions(&self, out: &mut ActionList<Self::Action>);
    /// How many legal actions there are: `legal_actions(..).len()`, without building the list.
    fn legal_count(&self) -> u32 {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.len() as u32
    }
    /// The legal action at `index` of `legal_actions`, without building the list.
    fn nth_legal(&self, index: u32) -> Option<Self::Action> {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.get(index as usize).copied()
    }
    /// A legal action chosen uniformly at random (none once the game is over): the random
    /// bot, and the playouts of the search bots.
    fn random_action<G: rand::Rng + ?Sized>(&self, rng: &mut G) -> Option<Self::Action> {
        match self.legal_count() {
            0 => None,
            count => self.nth_legal(shuffle::pick(rng, count)),
        }
    }
    /// Applies an action of the seat to move. On error nothing has changed.
    fn apply<E: EventSink<Self::Event>>(
        &mut self,
        action: Self::Action,
        events: &mut E,
    ) -> Result<(), Self::Refusal>;
    /// What `viewer` may see (`None`: everything a referee sees, still without draw order).
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    /// Applies an action on behalf of a given seat, refusing it if it is not that seat's turn.
    fn apply_as<E: EventSink<Self::Event>>(
        &mut self,
        seat: Seat,
        action: Self::Action,
        events: &mut E,
    ) -> Result<(), Self::Refusal> {
        if let Some(winner) = self.winner() {
            return Err(TurnRefusal::GameOver { winner }.into());
        }
        let to_move = self.to_move();
        if seat != to_move {
            return Err(TurnRefusal::NotYourTurn { seat, to_move }.into());
        }
        self.apply(action, events)
    }

    /// What a legal action of the seat to move throws away of the mover's own side, in words,
    /// when it does (Touring 1926: a 10 within City Limits forfeits every mile laid down);
    /// `None` for an ordinary move. A player's page asks before playing such a move.
    fn warning(&self, _action: Self::Action) -> Option<String> {
        None
    }

    /// Is this action legal now?
    fn is_legal(&self, action: Self::Action) -> bool {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.contains(&action)
    }
}

/// Writes a rule set's [`RuleEvent`] impl, with its test: the card of each listed variant of
/// the event (a `{ seat, card: Option<Card> }`: `Drew`, and in a game that discards face down,
/// `Discarded`) is blanked for every seat but its own; a referee sees it, and every other
/// event is seen as it is.
#[macro_export]
macro_rules! hidden_cards {
    ($event:ident<$card:ident>: $($variant:ident),+) => {
        impl $crate::RuleEvent for $event {
            fn seen_by(self, viewer: Option<$crate::Seat>) -> $event {
                match self {
                    $($event::$variant { seat, .. } if viewer.is_some_and(|v| v != seat) => {
                        $event::$variant { seat, card: None }
                    })+
                    other => other,
                }
            }
        }

        #[cfg(test)]
        mod hidden_card_tests {
            use super::{$card, $event};
            use $crate::RuleEvent;

            #[test]
            fn a_hidden_card_is_seen_by_its_own_seat_and_a_referee_only() {
                for card in $card::ALL {
                    $(
                        let event = $event::$variant { seat: 1, card: Some(card) };
                        assert_eq!(event.seen_by(Some(1)), event);
                        assert_eq!(event.seen_by(None), event);
                        let blank = $event::$variant { seat: 1, card: None };
                        assert_eq!(event.seen_by(Some(0)), blank, "{event:?}");
                    )+
                }
            }
        }
    };
}

/// Writes what a rule set's `View` answers from its fields of the same names (`viewer`,
/// `to_move`, `winner`, and `seats` with their `hand`): the viewer's own hand, and
/// [`RuleView`] with the scores the view's method `$scores` lists. What follows the scores
/// goes into the `RuleView` impl.
#[macro_export]
macro_rules! rule_view {
    ($view:ident<$card:ident>, scores: $scores:ident $(, $($extra:tt)*)?) => {
        impl $view {
            /// The viewer's own hand, if this view is a seat's.
            pub fn own_hand(&self) -> Option<&[$card]> {
                let seat = self.viewer?;
                self.seats.get(usize::from(seat))?.hand.as_deref()
            }
        }

        impl $crate::RuleView for $view {
            fn viewer(&self) -> Option<$crate::Seat> {
                self.viewer
            }
            fn to_move(&self) -> $crate::Seat {
                self.to_move
            }
            fn winner(&self) -> Option<$crate::Side> {
                self.winner
            }
            fn scores(&self) -> Vec<u32> {
                self.$scores()
            }
            $($($extra)*)?
        }
    };
}

/// Writes the accessors of a rule set's `Observation` that read its fields of the same names
/// the same way in every game: `config`, `seat`, `turn`, the own `hand`, the others'
/// `hand_sizes` and the draw pile's length (`draw_len`). `$max_seats` bounds `hand_sizes`.
#[macro_export]
macro_rules! observation_basics {
    ($max_seats:expr) => {
        impl Observation {
            /// The table's configuration.
            pub fn config(&self) -> $crate::Config {
                self.config
            }

            /// The seat this observation belongs to.
            pub fn seat(&self) -> $crate::Seat {
                self.seat
            }

            /// The side of the observing seat.
            pub fn side(&self) -> $crate::Side {
                self.config.side_of(self.seat)
            }

            /// How many sides play.
            pub fn sides(&self) -> u8 {
                self.config.sides()
            }

            /// Completed turns (in Mille Bornes, every action applied, answers included).
            pub fn turn(&self) -> u32 {
                self.turn
            }

            /// The observing seat's own hand.
            pub fn hand(&self) -> Counts {
                self.hand
            }

            /// How many cards a seat holds.
            pub fn hand_size(&self, seat: $crate::Seat) -> u8 {
                self.hand_sizes[usize::from(seat) % $max_seats]
            }

            /// Cards left in the draw pile.
            pub fn draw_pile_len(&self) -> u32 {
                u32::from(self.draw_len)
            }
        }
    };
}

/// Why the side a card is aimed at is refused, in a rule set whose cards are played on another
/// side by naming it: the words are the same in every such game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TargetRefusal<C: std::fmt::Display> {
    #[error("say which side to play {card} on with \"target\": more than one side could take it")]
    Missing { card: C },
    #[error("there is no side {target} at this table")]
    NoSuchSide { target: Side },
    #[error("side {target} is your own side: {card} is played on an opponent")]
    OwnSide { target: Side, card: C },
}

/// The side `card`, played by side `me`, is aimed at: the one named, or with no name the only
/// opponent at a table of two sides; never `me` and never a side the table does not have.
pub fn resolve_target<C: std::fmt::Display>(
    sides: u8,
    me: Side,
    card: C,
    target: Option<Side>,
) -> Result<Side, TargetRefusal<C>> {
    let target = match target {
        Some(target) => target,
        None if sides == 2 => 1 - me,
        None => return Err(TargetRefusal::Missing { card }),
    };
    if target >= sides {
        return Err(TargetRefusal::NoSuchSide { target });
    }
    if target == me {
        return Err(TargetRefusal::OwnSide { target, card });
    }
    Ok(target)
}
