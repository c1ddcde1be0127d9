//! What every game's helpers share: a deck stacked to deal chosen hands, an action that must
//! be legal and one that must be refused, every table a rule set seats, and what the tests of
//! hidden information need of each rule set.

use touring::bots::{BotRng, BotRules, bot_rng};
use touring::engine::{Config, Game, NoEvents, Rules, RulesId, Seat};

/// A deck order that deals `hands[seat]` to each seat (every hand as long as the game deals,
/// dealt one card at a time from seat 0) and then gives `draws` in the order they are drawn,
/// seat 0's first.
pub fn stack<C: Copy>(hands: &[&[C]], draws: &[C]) -> Vec<C> {
    let size = hands.first().map_or(0, |hand| hand.len());
    assert!(
        hands.iter().all(|hand| hand.len() == size),
        "every stacked hand has the same number of cards"
    );
    let mut deck = Vec::with_capacity(size * hands.len() + draws.len());
    for round in 0..size {
        for hand in hands {
            deck.push(hand[round]);
        }
    }
    deck.extend_from_slice(draws);
    deck
}

/// A game of `config` dealt from a stacked deck.
pub fn stacked<R: Rules>(config: Config, hands: &[&[R::Card]], draws: &[R::Card]) -> R {
    R::new_game(config, 7, &stack(hands, draws)).expect("stackable deck")
}

/// Applies an action that must be legal, returning its events.
pub fn act<R: Rules>(state: &mut R, action: R::Action) -> Vec<R::Event> {
    let mut events = Vec::new();
    assert!(
        state.is_legal(action),
        "{action} should be legal for seat {}",
        state.to_move()
    );
    state
        .apply(action, &mut events)
        .unwrap_or_else(|e| panic!("{action} refused: {e}"));
    events
}

/// Applies an action that must be refused, checking that nothing changed.
pub fn refuse<R: Rules + PartialEq>(state: &mut R, action: R::Action) -> String {
    let before = state.clone();
    assert!(
        !state.is_legal(action),
        "{action} should not be listed as legal"
    );
    let error = state
        .apply(action, &mut Vec::new())
        .expect_err("the action should be refused");
    assert!(*state == before, "a refused action changed the game");
    error.to_string()
}

/// The helpers each game's module has alike, written for its own `State`, `Card` and `Action`
/// (which must be in scope where this is invoked).
macro_rules! hand_helpers {
    () => {
        pub fn play(card: Card) -> Action {
            Action::play(card)
        }

        pub fn discard(card: Card) -> Action {
            Action::discard(card)
        }

        /// The cards a seat holds.
        pub fn hand_of(state: &State, seat: u8) -> Vec<Card> {
            state
                .view(Some(seat))
                .own_hand()
                .map(<[Card]>::to_vec)
                .unwrap_or_default()
        }

        /// The cards the seat to move holds.
        pub fn hand(state: &State) -> Vec<Card> {
            hand_of(state, state.to_move())
        }

        /// The seat to move discards a card of a kind not in `keep`.
        pub fn discard_other(state: &mut State, keep: &[Card]) -> Card {
            let card = hand(state)
                .into_iter()
                .find(|c| !keep.contains(c))
                .expect("a card to spare");
            act(state, discard(card));
            card
        }

        /// The seat to move discards whatever it likes (its first card).
        pub fn pass(state: &mut State) -> Card {
            discard_other(state, &[])
        }
    };
}
pub(crate) use hand_helpers;

/// Every table a rule set seats: each number of players it allows, alone and in partnerships
/// where it allows both, in that order.
pub fn configs(rules: RulesId) -> Vec<Config> {
    let mut all: Vec<Config> = Vec::new();
    for players in 2..=6u8 {
        for partners in [Some(false), Some(true), None] {
            if let Ok(config) = Config::new(rules, players, partners)
                && !all.contains(&config)
            {
                all.push(config);
            }
        }
    }
    all
}

/// The game after `turns` random turns (or its end).
pub fn after_random_turns<R: Rules>(config: Config, seed: u64, turns: u32) -> R {
    let mut game = R::new_game(config, seed, &[]).expect("game");
    let mut rng = bot_rng(seed);
    while !game.is_over() && game.turn() < turns {
        let action = game.random_action(&mut rng).expect("action");
        game.apply(action, &mut NoEvents).expect("legal");
    }
    game
}

/// What a seat may see of a game, and a game that looks the same from there: what the tests
/// of hidden information ask of every rule set.
pub trait Hidden: BotRules + PartialEq {
    type Observation: PartialEq + std::fmt::Debug;
    fn observe(&self, seat: Seat) -> Self::Observation;
    fn determinize(observation: &Self::Observation, rng: &mut BotRng) -> Self;
    /// How many of a kind of card a seat holds.
    fn held(&self, seat: Seat, card: Self::Card) -> u8;
    /// Every kind of card of the rule set.
    fn kinds() -> &'static [Self::Card];
    /// The game as the engine's enum of every rule set holds it.
    fn into_game(self) -> Game;
    /// The rule set's own action, out of the engine's enum.
    fn own_action(action: touring::engine::Action) -> Option<Self::Action>;
}

macro_rules! hidden {
    ($($module:ident => $variant:ident),+) => {$(
        impl Hidden for touring::engine::$module::State {
            type Observation = touring::engine::$module::Observation;
            fn observe(&self, seat: Seat) -> Self::Observation {
                touring::engine::$module::State::observe(self, seat)
            }
            fn determinize(observation: &Self::Observation, rng: &mut BotRng) -> Self {
                observation.determinize(rng)
            }
            fn held(&self, seat: Seat, card: Self::Card) -> u8 {
                touring::engine::$module::State::held(self, seat, card)
            }
            fn kinds() -> &'static [Self::Card] {
                &touring::engine::$module::Card::ALL
            }
            fn into_game(self) -> Game {
                Game::$variant(self)
            }
            #[allow(irrefutable_let_patterns, unreachable_patterns)]
            fn own_action(action: touring::engine::Action) -> Option<Self::Action> {
                match action {
                    touring::engine::Action::$variant(action) => Some(action),
                    _ => None,
                }
            }
        }
    )+};
}
hidden!(touring1926 => Touring1926, touring1958 => Touring1958, mille_bornes => MilleBornes);

/// Runs a generic test body once for each rule set, and checks that the list is the engine's
/// whole registry (a new rule set must be added here to be tested).
macro_rules! for_every_rule_set {
    ($body:ident) => {{
        use touring::engine::Rules as _;
        $body::<touring::engine::touring1926::State>();
        $body::<touring::engine::touring1958::State>();
        $body::<touring::engine::mille_bornes::State>();
        assert_eq!(
            [
                touring::engine::touring1926::State::RULES,
                touring::engine::touring1958::State::RULES,
                touring::engine::mille_bornes::State::RULES,
            ]
            .as_slice(),
            touring::engine::RulesId::ALL,
            "every rule set of the engine is tested"
        );
    }};
}
pub(crate) use for_every_rule_set;
