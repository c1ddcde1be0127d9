//! The code the two Touring states write alike, as macros that each game's folder invokes with
//! its own types in scope (its `State`, `Card`, `Observation` and views): the states' fields and
//! shared steps, the views, the `Rules` impl's accessors and the observation's determinizing.

/// Writes `Observation::determinize` for a Touring game: a complete game that looks exactly
/// like the observation from the observing seat. The unseen cards are dealt at random into the
/// other hands, the draw pile and, in a game with a face-down deadwood, the part of it the seat
/// does not know (the state's field `$deadwood`, as many cards as the observation's method
/// `$unknown` says); the game gets a random seed for its future reshuffles.
macro_rules! determinize {
    ($($deadwood:ident, $unknown:ident)?) => {
        impl Observation {
            /// A complete game that looks exactly like this observation from the observing
            /// seat: the unseen cards are dealt at random where the seat cannot see, and the
            /// game gets a random seed for its future reshuffles.
            pub fn determinize<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> State {
                let mut state = self.skeleton();
                let players = usize::from(self.config.players);
                let mut nowhere = Counts::default();
                let deadwood: (&mut Counts, u8) = match () {
                    $(() => (&mut state.$deadwood, self.$unknown()),)?
                    #[allow(unreachable_patterns)]
                    () => (&mut nowhere, 0),
                };
                $crate::touring_family::deal_unseen(
                    &self.unseen(),
                    rng,
                    self.seat,
                    &self.hand_sizes[..players],
                    &mut state.hands[..players],
                    deadwood,
                    &mut state.draw,
                    &mut state.draw_len,
                );
                debug_assert_eq!(
                    state.draw_len, self.draw_len,
                    "the observation is consistent"
                );
                state.seed = rng.next_u64();
                state
            }
        }
    };
}
pub(crate) use determinize;

/// Writes a Touring game's `State` (a game in progress: a plain `Clone` value of fixed size),
/// with the fields both games have, then the game's own (each with the value a game starts
/// with); the aliases its fields use (`Hand`, `TopPile`, `Need`, and `bit` for sets of kinds);
/// its card's Go card ([`TouringCard`]); and what the state does the same way in both games,
/// from those fields: `empty` (a state before the deal) and `deal`, the side of a seat, the
/// mover, the quotas, the pack and the hands' sizes, drawing a card (rebuilding the draw pile
/// first when it is empty: each game's `reshuffle` gathers the cards and hands them to
/// `refill`), the census of what is always in play, and the steps of a turn both games take
/// (who may play, a remedy, miles, the turn's end). Each game writes `refresh` (what a side's
/// piles leave open, after they changed).
macro_rules! touring_state {
    (
        $(#[$doc:meta])*
        pub struct State {
            $($(#[$fmeta:meta])* $field:ident: $ty:ty = $init:expr,)*
        }
    ) => {
        /// A hand: counts per kind, and a bit per kind held.
        type Hand = $crate::touring_family::Hand<Card, KINDS>;
        /// A pile whose top card matters (a side's Go pile, and each game's others).
        type TopPile = $crate::touring_family::TopPile<Card, KINDS>;
        /// What a side must do before it may play miles.
        type Need = $crate::touring_family::Need<Card>;

        /// The bit of a kind in a set of kinds.
        #[inline]
        const fn bit(card: Card) -> u16 {
            1 << card as u16
        }

        impl $crate::touring_family::TouringCard for Card {
            const GO: Card = Card::Go;
        }

        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct State {
            config: Config,
            sides: u8,
            side_of: [Side; MAX_SEATS],
            quota: [u8; 4],
            /// The game's seed: the deal uses it directly, reshuffle n uses a seed derived from
            /// it and n.
            seed: u64,
            /// The draw pile; the top card is the last one.
            draw: [Card; PACK],
            draw_len: u8,
            hands: [Hand; MAX_SEATS],
            go: [TopPile; MAX_SIDES],
            /// Cards in each side's mileage piles, smallest card first.
            piles: [[u8; 4]; MAX_SIDES],
            /// Per side, the mileage cards whose piles have room, as a set of kinds (kept by
            /// `refresh`).
            open: [u16; MAX_SIDES],
            need: [Need; MAX_SIDES],
            to_move: Seat,
            turn: u32,
            winner: Option<Side>,
            reshuffles: u32,
            $($(#[$fmeta])* $field: $ty,)*
        }

        impl State {
            /// A state before the deal: every pile empty, nothing in hand or to draw.
            fn empty(config: Config, seed: u64) -> State {
                let mut state = State {
                    config,
                    sides: config.sides(),
                    side_of: std::array::from_fn(|seat| config.side_of(seat as Seat)),
                    quota: quota(config),
                    seed,
                    draw: [Card::Go; PACK],
                    draw_len: 0,
                    hands: [Hand::default(); MAX_SEATS],
                    go: [TopPile::default(); MAX_SIDES],
                    piles: [[0; 4]; MAX_SIDES],
                    open: [MILE_BITS; MAX_SIDES],
                    need: [Need::Start; MAX_SIDES],
                    to_move: 0,
                    turn: 0,
                    winner: None,
                    reshuffles: 0,
                    $($field: $init,)*
                };
                for side in 0..MAX_SIDES {
                    state.refresh(side);
                }
                state
            }

            /// A new game: the pack dealt in the order the seed shuffles it (`stacked` cards
            /// first), and seat 0's sixth card drawn.
            fn deal(config: Config, seed: u64, stacked: &[Card]) -> Result<State, SetupError> {
                let mut state = State::empty(config, seed);
                (state.draw, state.draw_len) = $crate::touring_family::deal(
                    pack(config),
                    stacked,
                    seed,
                    config.players,
                    &mut state.hands,
                )?;
                state.draw_for(0, &mut NoEvents);
                Ok(state)
            }

            /// The side a seat plays for.
            #[inline]
            pub fn side_of(&self, seat: Seat) -> Side {
                self.side_of[usize::from(seat) % MAX_SEATS]
            }

            /// The side to move and the kinds of card in the mover's hand; none once the game
            /// is over.
            #[inline(always)]
            fn mover(&self) -> Option<(Side, u16)> {
                if self.winner.is_some() {
                    return None;
                }
                Some((
                    self.side_of(self.to_move),
                    self.hands[usize::from(self.to_move)].mask,
                ))
            }

            /// The mileage cards a complete trip (or race) takes, pile by pile.
            pub fn quota(&self) -> [u8; 4] {
                self.quota
            }

            /// Cards left to draw.
            pub fn draw_pile_len(&self) -> u32 {
                u32::from(self.draw_len)
            }

            /// The pack this game is played with.
            pub fn pack(&self) -> Counts {
                pack(self.config)
            }

            /// Hand sizes of every seat.
            pub fn hand_sizes(&self) -> impl Iterator<Item = u8> + '_ {
                self.hands[..usize::from(self.config.players)]
                    .iter()
                    .map(|h| h.len)
            }

            /// Draws the top card for a seat, rebuilding the draw pile first if it is empty.
            #[inline]
            fn draw_for<E: EventSink<Event>>(&mut self, seat: Seat, events: &mut E) {
                if self.draw_len == 0 {
                    self.reshuffle(events);
                    if self.draw_len == 0 {
                        // Ruling: nothing to draw even after a reshuffle; the turn is played
                        // from five. Unreachable with the real packs.
                        return;
                    }
                }
                let hand = &mut self.hands[usize::from(seat)];
                if let Some(card) =
                    $crate::touring_family::draw_top(&self.draw, &mut self.draw_len, hand)
                {
                    events.push(Event::Drew {
                        seat,
                        card: Some(card),
                    });
                }
            }

            /// Shuffles the gathered `pool` into a new draw pile: the reshuffle's end.
            #[inline]
            fn refill<E: EventSink<Event>>(&mut self, pool: &Counts, events: &mut E) {
                self.draw_len = $crate::touring_family::refill(
                    &mut self.draw,
                    pool,
                    self.seed,
                    self.reshuffles,
                );
                self.reshuffles += 1;
                events.push(Event::Reshuffled {
                    draw_pile: u32::from(self.draw_len),
                });
            }

            /// Where the cards always in play are, summed: the draw pile, the hands, the Go
            /// piles and the mileage piles. Each game adds its own piles for its census.
            fn census_in_play(&self) -> Counts {
                let sides = usize::from(self.sides);
                $crate::touring_family::census(
                    &self.draw[..usize::from(self.draw_len)],
                    &self.hands[..usize::from(self.config.players)],
                    &self.go[..sides],
                    &self.piles[..sides],
                    Card::MILES,
                )
            }

            /// The seat to move and its side, if it may play `card`: the game is still on and
            /// the card is in its hand.
            #[inline]
            fn mover_of(&self, card: Card) -> Result<(Seat, Side), Refusal> {
                if let Some(winner) = self.winner {
                    return Err(Refusal::from($crate::TurnRefusal::GameOver { winner }));
                }
                let seat = self.to_move;
                if !self.hands[usize::from(seat)].has(card) {
                    return Err(Refusal::NotInHand { card });
                }
                Ok((seat, self.side_of(seat)))
            }

            /// The turn is played: the next seat draws, unless the game is over.
            #[inline]
            fn end_turn<E: EventSink<Event>>(&mut self, seat: Seat, events: &mut E) {
                self.turn += 1;
                if self.winner.is_none() {
                    let next = $crate::touring_family::next_seat(seat, self.config.players);
                    self.to_move = next;
                    self.draw_for(next, events);
                }
            }

            /// Checks a remedy or Go against what the side needs: what it leaves the side
            /// needing.
            fn check_remedy(need: Need, card: Card) -> Result<Need, Refusal> {
                need.after(card).map_err(|needed| match needed {
                    None => Refusal::AlreadyRunning { card },
                    Some(needed) => Refusal::OutOfOrder { card, needed },
                })
            }

            /// Checks that side `m` may play a mileage card: it is running and the card's
            /// pile has room.
            fn check_miles(&self, m: usize, card: Card) -> Result<(), Refusal> {
                if let Some(needed) = self.need[m].next() {
                    return Err(Refusal::NotRunning { needed });
                }
                let p = card.pile();
                if self.piles[m][p] >= self.quota[p] {
                    return Err(Refusal::PileFull {
                        card,
                        quota: self.quota[p],
                    });
                }
                Ok(())
            }

            /// Lays a mileage card on side `me`'s pile; a complete race (or trip) wins.
            fn lay_miles<E: EventSink<Event>>(
                &mut self,
                seat: Seat,
                me: Side,
                card: Card,
                events: &mut E,
            ) {
                let m = usize::from(me);
                self.piles[m][card.pile()] += 1;
                self.refresh(m);
                events.push(Event::Played {
                    seat,
                    side: me,
                    card,
                });
                if self.piles[m] == self.quota {
                    self.winner = Some(me);
                    events.push(Event::Won { side: me });
                }
            }
        }
    };
}
pub(crate) use touring_state;

/// A Touring game's `View` of a state (`$state`) for a viewer: the fields both games have, from
/// the state's fields of the same names, and the game's own (`field: value`).
macro_rules! view {
    ($state:expr, $viewer:expr $(, $field:ident: $value:expr)* $(,)?) => {{
        let players = usize::from($state.config.players);
        View {
            rules: $state.config.rules,
            players: $state.config.players,
            partners: $state.config.partners,
            viewer: $viewer,
            to_move: $state.to_move,
            turn: $state.turn,
            reshuffles: $state.reshuffles,
            winner: $state.winner,
            seats: $crate::touring_family::seat_views(
                &$state.hands[..players],
                &$state.side_of[..players],
                $viewer,
            ),
            sides: (0..$state.sides).map(|s| $state.side_view(s)).collect(),
            $($field: $value,)*
        }
    }};
}
pub(crate) use view;

/// A Touring game's `SideView` of one side (`$side`) of a state (`$state`): the fields both
/// games have, from the state's fields of the same names, and the game's own (`field: value`).
macro_rules! side_view {
    ($state:expr, $side:expr $(, $field:ident: $value:expr)* $(,)?) => {{
        let s = usize::from($side);
        let need = $state.need[s];
        SideView {
            side: $side,
            seats: $state.config.seats_of($side),
            status: need.status(),
            needs: need.cards(),
            go_top: $state.go[s].top,
            go_pile: u32::from($state.go[s].len),
            piles: MilePiles::from_array($state.piles[s]),
            quota: MilePiles::from_array($state.quota),
            miles: $state.miles($side),
            $($field: $value,)*
        }
    }};
}
pub(crate) use side_view;

/// What a Touring game's [`Rules`](crate::Rules) impl says the same way in both games, written
/// into it: its types, its paper score card (a row per mileage card, `labels` in pile order),
/// a new game (the deal), playing an action (a discard goes to the game's `discarded`, a card
/// to its `play` with the action's other fields, named by `play`), the accessors that read the
/// state's own fields, and the legal actions. These are listed plays first (`plays`: the cards
/// the side may play that aim at nobody), then the cards of the set `$attacks` played on other
/// sides (`push_attacks`, `attack_count`, each game's own), then discards; `locate` finds one
/// by its index.
macro_rules! rules_accessors {
    (labels: $labels:expr, attacks: $attacks:expr, play: $($play:ident),+) => {
        type Card = Card;
        type Action = Action;
        type Event = Event;
        type View = View;
        type Refusal = Refusal;
        type Options = $crate::NoOptions;

        fn score_sheet(config: Config) -> ScoreSheet {
            $crate::touring_family::mile_sheet(
                Card::MILES,
                $labels,
                Card::miles,
                quota(config),
                pack(config),
            )
        }

        fn new_game(config: Config, seed: u64, stacked: &[Card]) -> Result<State, SetupError> {
            Self::check(config)?;
            State::deal(config, seed, stacked)
        }

        /// The mover plays `action`: a discard (`discarded` says what it does) or a card
        /// (`play`, given the card and the action's other fields).
        #[inline]
        fn apply<E: EventSink<Event>>(
            &mut self,
            action: Action,
            events: &mut E,
        ) -> Result<(), Refusal> {
            let (seat, me) = self.mover_of(action.card())?;
            match action {
                Action::Discard { card } => {
                    self.hands[usize::from(seat)].remove(card);
                    self.discarded(seat, card, events);
                }
                Action::Play { card, $($play),+ } => {
                    self.play(seat, me, card, ($($play),+), events)?
                }
            }
            self.end_turn(seat, events);
            Ok(())
        }

        fn config(&self) -> Config {
            self.config
        }

        #[inline]
        fn to_move(&self) -> Seat {
            self.to_move
        }

        #[inline]
        fn winner(&self) -> Option<Side> {
            self.winner
        }

        #[inline]
        fn turn(&self) -> u32 {
            self.turn
        }

        fn reshuffles(&self) -> u32 {
            self.reshuffles
        }

        #[inline]
        fn score(&self, side: Side) -> u32 {
            self.miles(side)
        }

        fn legal_actions(&self, out: &mut ActionList<Action>) {
            out.clear();
            let Some((me, hand)) = self.mover() else {
                return;
            };
            for card in bits(hand & self.plays(me)) {
                out.push(Action::play(card));
            }
            let attacks = hand & $attacks;
            if attacks != 0 {
                self.push_attacks(me, attacks, out);
            }
            for card in bits(hand) {
                out.push(Action::discard(card));
            }
        }

        fn legal_count(&self) -> u32 {
            let Some((me, hand)) = self.mover() else {
                return 0;
            };
            popcount(hand & self.plays(me))
                + self.attack_count(me, hand & $attacks)
                + popcount(hand)
        }

        fn nth_legal(&self, index: u32) -> Option<Action> {
            let (me, hand) = self.mover()?;
            self.locate(me, hand, hand & self.plays(me), index)
        }

        // Always inlined into the caller's loop, so the caller's generator stays in registers:
        // that alone is worth about 20 instructions a decision in self-play.
        #[inline(always)]
        fn random_action<G: rand::Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
            let (me, hand) = self.mover()?;
            let plays = hand & self.plays(me);
            let count = popcount(plays) + self.attack_count(me, hand & $attacks) + popcount(hand);
            let index = $crate::shuffle::pick(rng, count);
            self.locate(me, hand, plays, index)
        }
    };
}
pub(crate) use rules_accessors;

/// Writes a Touring game's `View` (a game as one viewer sees it: the protocol's STATE), its
/// `SideView` (one side) and `SeatView` (one seat), with the fields both games have in the same
/// places; each game's own fields come between, in their order in the JSON.
macro_rules! touring_views {
    (
        view { $($(#[$vmeta:meta])* pub $vfield:ident: $vty:ty,)* }
        $(#[$sdoc:meta])*
        side { $($(#[$smeta:meta])* pub $sfield:ident: $sty:ty,)* }
    ) => {
        /// A game as one viewer sees it.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
        pub struct View {
            pub rules: $crate::RulesId,
            pub players: u8,
            pub partners: bool,
            /// The seat this view is for; null for a referee's full view.
            pub viewer: Option<$crate::Seat>,
            pub to_move: $crate::Seat,
            /// Completed turns, from 0.
            pub turn: u32,
            $($(#[$vmeta])* pub $vfield: $vty,)*
            pub reshuffles: u32,
            pub winner: Option<$crate::Side>,
            pub seats: Vec<SeatView>,
            pub sides: Vec<SideView>,
        }

        /// One seat.
        pub type SeatView = $crate::touring_family::SeatView<Card>;

        $(#[$sdoc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
        pub struct SideView {
            pub side: $crate::Side,
            pub seats: Vec<$crate::Seat>,
            pub status: Status,
            $($(#[$smeta])* pub $sfield: $sty,)*
            pub piles: MilePiles,
            pub quota: MilePiles,
            pub miles: u32,
        }
    };
}
pub(crate) use touring_views;

/// What a Touring game's `View` answers the same way in both games: the viewer's own hand, the
/// miles per side, and [`RuleView`](crate::RuleView) (the score is the miles). Written
/// into each game's `view.rs`.
macro_rules! view_impls {
    () => {
        impl View {
            /// Miles per side.
            pub fn miles(&self) -> Vec<u32> {
                self.sides.iter().map(|s| s.miles).collect()
            }
        }

        $crate::rule_view!(View<Card>, scores: miles);
    };
}
pub(crate) use view_impls;

/// What a Touring game's `Observation` answers the same way in both games, from its fields of
/// the same names: whose turn, the own hand, the sizes of the others, each side's status and
/// piles, and the legal actions (listed on the state rebuilt from what the seat knows, its
/// `skeleton`: the fields both games have, and each `state_field = observation_field` given).
/// Written into each game's `observation.rs`.
macro_rules! observation_accessors {
    (skeleton: $($state_field:ident = $field:ident),* $(,)?) => {
        $crate::observation_basics!(MAX_SEATS);

        impl Observation {
            /// The state with only what this seat knows: other hands and the draw pile (and,
            /// in 1926, the part of the deadwood the seat does not know) are empty. Enough to
            /// list the seat's legal actions; [`Observation::determinize`] fills in the rest.
            fn skeleton(&self) -> State {
                let mut state = State::empty(self.config, 0);
                state.hands[usize::from(self.seat)] = Hand::from_counts(self.hand);
                state.go = self.go;
                state.piles = self.piles;
                state.need = self.need;
                state.to_move = self.to_move;
                state.turn = self.turn;
                state.winner = self.winner;
                state.reshuffles = self.reshuffles;
                $(state.$state_field = self.$field;)*
                for side in 0..MAX_SIDES {
                    state.refresh(side);
                }
                state
            }

            /// The seat whose turn it is.
            pub fn to_move(&self) -> Seat {
                self.to_move
            }

            /// Is it the observing seat's turn (and the game still on)?
            pub fn is_my_turn(&self) -> bool {
                self.winner.is_none() && self.to_move == self.seat
            }

            /// Reshuffles so far.
            pub fn reshuffles(&self) -> u32 {
                self.reshuffles
            }

            /// The side that won, once the game is over.
            pub fn winner(&self) -> Option<Side> {
                self.winner
            }

            /// A side's status.
            pub fn status(&self, side: Side) -> Status {
                self.need[usize::from(side) % MAX_SIDES].status()
            }

            /// The card a side must play next before it may play miles (none: it may).
            pub fn needs(&self, side: Side) -> Option<Card> {
                self.need[usize::from(side) % MAX_SIDES].next()
            }

            /// A side's mileage piles, smallest card first.
            pub fn piles(&self, side: Side) -> [u8; 4] {
                self.piles[usize::from(side) % MAX_SIDES]
            }

            /// The legal actions of the observing seat (none when it is not its turn). They
            /// depend only on the own hand and the table, so no hidden card is needed to list
            /// them.
            pub fn legal_actions(&self, out: &mut ActionList<Action>) {
                if self.is_my_turn() {
                    self.skeleton().legal_actions(out);
                } else {
                    out.clear();
                }
            }

            /// A legal action of the observing seat chosen uniformly at random (none when it is
            /// not its turn): the random bot.
            pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
                if self.is_my_turn() {
                    self.skeleton().random_action(rng)
                } else {
                    None
                }
            }
        }
    };
}
pub(crate) use observation_accessors;
