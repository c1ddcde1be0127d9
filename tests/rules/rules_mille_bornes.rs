//! One scenario test per rule and ruling of Mille Bornes, named after it. docs/rules.md lists
//! every rule with the name of its test here. Stacked decks make each scenario exact; the cards
//! that do not matter come from the seed.

use crate::common::mille_bornes::*;
use touring::engine::mille_bornes::options::WithOptions;
use touring::engine::mille_bornes::score::{
    self, HandFacts, PaperProblem, PaperRows, SideFacts, check_paper, match_winner,
};
use touring::engine::mille_bornes::{self as mb, Action, Event, PendingKind, Refusal, State};
use touring::engine::{Config, Rules, RulesId, ScoreUnit, SetupError, TurnRefusal};

const F: mb::Card = D25;

/// The seat to move discards any card not in `keep`.
fn discard_other(state: &mut State, keep: &[mb::Card]) {
    let seat = state.to_move();
    let card = hand_of(state, seat)
        .into_iter()
        .find(|c| !keep.contains(c))
        .expect("a card to spare");
    act(state, discard(card));
}

/// The seat to move discards its first card.
fn pass_turn(state: &mut State) {
    discard_other(state, &[]);
}

// ---------------------------------------------------------------- cards and players

#[test]
fn the_pack_has_the_106_cards_of_the_rules() {
    let pack = mb::pack(config(4));
    let expected = [
        (D25, 10),
        (D50, 10),
        (D75, 10),
        (D100, 12),
        (D200, 4),
        (OutOfGas, 3),
        (FlatTire, 3),
        (Accident, 3),
        (SpeedLimit, 4),
        (Stop, 5),
        (Gasoline, 6),
        (SpareTire, 6),
        (Repairs, 6),
        (EndOfLimit, 6),
        (Roll, 14),
        (ExtraTank, 1),
        (PunctureProof, 1),
        (DrivingAce, 1),
        (RightOfWay, 1),
    ];
    for (card, count) in expected {
        assert_eq!(pack.get(card), count, "{card}");
    }
    assert_eq!(pack.total(), 106);
    let game = State::new_game(config(4), 1, &[]).expect("game");
    assert_eq!(game.census(), pack);
}

#[test]
fn two_or_three_play_each_for_himself_with_101_cards_to_700_miles_with_the_extension() {
    for players in [2, 3] {
        let c = config(players);
        assert!(!c.partners);
        assert_eq!(c.sides(), players);
        let pack = mb::pack(c);
        assert_eq!(pack.total(), 101);
        for card in [Stop, Accident, OutOfGas, FlatTire, SpeedLimit] {
            assert_eq!(pack.get(card), mb::pack(config(4)).get(card) - 1, "{card}");
        }
        assert_eq!(mb::trip(c), 700);
        assert!(mb::plays_extension(c));
        let game = State::new_game(c, 3, &[]).expect("game");
        assert_eq!(game.view(None).target, 700);
        assert_eq!(game.census(), pack);
    }
}

#[test]
fn four_players_are_two_partnerships_sitting_opposite_travelling_1000_miles_without_extension() {
    let c = config(4);
    assert!(c.partners);
    assert_eq!(
        (c.side_of(0), c.side_of(1), c.side_of(2), c.side_of(3)),
        (0, 1, 0, 1)
    );
    assert_eq!(mb::pack(c).total(), 106);
    assert_eq!(mb::trip(c), 1000);
    assert!(!mb::plays_extension(c));
}

#[test]
fn six_players_are_three_partnerships_travelling_700_miles_with_the_full_pack() {
    let c = config(6);
    assert!(c.partners);
    assert_eq!(c.sides(), 3);
    for (a, b) in [(0, 3), (1, 4), (2, 5)] {
        assert_eq!(c.side_of(a), c.side_of(b));
    }
    assert_eq!(mb::pack(c).total(), 106);
    assert_eq!(mb::trip(c), 700);
    assert!(mb::plays_extension(c));
}

#[test]
fn four_or_six_each_for_himself_is_refused_with_a_clear_error() {
    for players in [4, 6] {
        let err = Config::new(RulesId::MilleBornes, players, Some(false))
            .expect_err("not a Mille Bornes game");
        assert!(matches!(err, SetupError::NotPlayable { .. }), "{err}");
        let text = err.to_string();
        assert!(text.contains("each for himself"), "{text}");
        assert!(text.contains("4 or 6 in partnerships"), "{text}");
    }
    assert!(Config::new(RulesId::MilleBornes, 5, None).is_err());
    let odd = Config {
        rules: RulesId::MilleBornes,
        players: 6,
        partners: false,
        options: touring::engine::Options::default_for(RulesId::MilleBornes),
    };
    assert!(
        State::new_game(odd, 1, &[]).is_err(),
        "checked at setup too"
    );
}

#[test]
fn the_1988_option_belongs_to_mille_bornes_only_and_keeps_old_configurations_readable() {
    assert!(config(2).with_hazard_on_hazard(true).is_ok());
    let other = Config::new(RulesId::Touring1926, 2, None).expect("config");
    assert!(other.with_hazard_on_hazard(true).is_err());
    let old: Config =
        serde_json::from_str(r#"{"rules":"touring-1926","players":2,"partners":false}"#)
            .expect("old JSON reads");
    assert_eq!(old, other, "no option is on");
    let mille: Config = serde_json::from_str(
        r#"{"rules":"mille-bornes","players":2,"partners":false,"hazard_on_hazard":true}"#,
    )
    .expect("a stored Mille Bornes configuration reads");
    assert!(mb::options::of(&mille).hazard_on_hazard);
    assert_eq!(
        serde_json::to_string(&mille).expect("json"),
        r#"{"rules":"mille-bornes","players":2,"partners":false,"hazard_on_hazard":true}"#,
        "written as it was stored"
    );
    assert_eq!(
        serde_json::to_string(&other).expect("json"),
        r#"{"rules":"touring-1926","players":2,"partners":false}"#,
        "the option is not written when off"
    );
}

// ---------------------------------------------------------------- the deal and the turn

#[test]
fn the_deal_is_six_each_one_at_a_time_from_seat_0_then_seat_0_draws() {
    let deck = [
        D25, D50, D75, D100, D200, Roll, Stop, Gasoline, SpareTire, Repairs, Accident, FlatTire,
        OutOfGas,
    ];
    let game = State::new_game(config(2), 5, &deck).expect("game");
    let mut seat0 = hand_of(&game, 0);
    let mut seat1 = hand_of(&game, 1);
    seat0.sort();
    seat1.sort();
    let mut want0 = vec![D25, D75, D200, Stop, SpareTire, Accident, OutOfGas];
    let mut want1 = vec![D50, D100, Roll, Gasoline, Repairs, FlatTire];
    want0.sort();
    want1.sort();
    assert_eq!(seat0, want0);
    assert_eq!(seat1, want1);
    assert_eq!(game.draw_pile_len(), 101 - 13);
    assert_eq!(game.to_move(), 0);
}

#[test]
fn a_turn_is_draw_then_play_or_discard_and_six_remain_in_hand() {
    let mut game = State::new_game(config(3), 9, &[]).expect("game");
    for _ in 0..30 {
        let seat = game.to_move();
        assert_eq!(game.hand_size(seat), 7, "the seat to move has drawn");
        pass_turn(&mut game);
        assert_eq!(game.hand_size(seat), 6, "six after the turn");
    }
}

#[test]
fn discards_are_dead_for_the_rest_of_the_hand_and_the_pack_is_never_reshuffled() {
    let mut game = State::new_game(config(2), 11, &[]).expect("game");
    discard_out(&mut game);
    assert!(game.is_over());
    assert_eq!(game.reshuffles(), 0);
    assert_eq!(game.draw_pile_len(), 0);
    assert_eq!(
        game.discard_pile(),
        game.pack(),
        "every card ended on the discard pile"
    );
    assert_eq!(game.completed_by(), None);
}

#[test]
fn the_hand_ends_when_the_draw_pile_is_empty_and_every_hand_is_played_out() {
    let mut game = State::new_game(config(4), 2, &[]).expect("game");
    while game.draw_pile_len() > 0 {
        pass_turn(&mut game);
    }
    let left: u32 = (0..4).map(|s| u32::from(game.hand_size(s))).sum();
    // Without drawing, every seat plays or discards what it holds.
    let mut turns = 0;
    while !game.is_over() {
        let seat = game.to_move();
        let before = game.hand_size(seat);
        assert!(before > 0, "a seat with no card is skipped");
        pass_turn(&mut game);
        assert_eq!(game.hand_size(seat), before - 1, "no draw any more");
        turns += 1;
    }
    assert_eq!(
        turns, left,
        "every card left in hand was played, one a turn"
    );
    assert!((0..4).all(|s| game.hand_size(s) == 0));
    assert!(game.legal_actions_empty());
}

trait LegalEmpty {
    fn legal_actions_empty(&self) -> bool;
}

impl LegalEmpty for State {
    fn legal_actions_empty(&self) -> bool {
        let mut list = touring::engine::ActionList::new();
        self.legal_actions(&mut list);
        list.is_empty()
    }
}

// ---------------------------------------------------------------- the battle pile

#[test]
fn distance_needs_a_roll_on_top_of_the_battle_pile() {
    let mut game = duel([D100, Roll, F, F, F, D50], [F, F, F, F, F, D50], &[]);
    let err = refuse(&mut game, play(D100));
    assert!(err.contains("Roll"), "{err}");
    act(&mut game, play(Roll));
    pass_turn(&mut game);
    act(&mut game, play(D100));
    assert_eq!(game.miles(0), 100);
}

#[test]
fn roll_goes_on_an_empty_pile_a_stop_or_a_remedy_and_a_remedy_needs_a_roll_again() {
    let mut game = duel(
        [Roll, Roll, Roll, Gasoline, D50, D50],
        [OutOfGas, Stop, D75, D75, D75, D75],
        &[],
    );
    act(&mut game, play(Roll));
    pass_turn(&mut game);
    let err = refuse(&mut game, play(Roll));
    assert!(err.contains("shows Roll"), "not on a Roll: {err}");
    discard_other(&mut game, &[Roll, Gasoline]);
    act(&mut game, on(OutOfGas, 0));
    let err = refuse(&mut game, play(Roll));
    assert!(
        err.contains("Out of Gas"),
        "not on an unremedied hazard: {err}"
    );
    act(&mut game, play(Gasoline));
    assert!(!game.can_move(0), "after a remedy a Roll is needed again");
    discard_other(&mut game, &[Stop]);
    act(&mut game, play(Roll));
    assert!(game.can_move(0));
    act(&mut game, on(Stop, 0));
    assert!(!game.can_move(0));
    act(&mut game, play(Roll));
    assert!(game.can_move(0), "Roll goes on a Stop");
}

#[test]
fn hazards_go_only_on_an_opponents_roll_and_speed_limit_at_any_time() {
    let mut game = duel(
        [Stop, SpeedLimit, SpeedLimit, Accident, D50, D50],
        [Roll, EndOfLimit, D75, D75, D75, D75],
        &[],
    );
    let err = refuse(&mut game, on(Stop, 1));
    assert!(err.contains("only on a Roll"), "{err}");
    let err = refuse(&mut game, on(Stop, 0));
    assert!(err.contains("your own side"), "{err}");
    act(&mut game, on(SpeedLimit, 1));
    assert!(game.limited(1));
    act(&mut game, play(Roll));
    let err = refuse(&mut game, on(SpeedLimit, 1));
    assert!(err.contains("already shows a Speed Limit"), "{err}");
    act(&mut game, on(Accident, 1));
    let err = refuse(&mut game, play(D75));
    assert!(err.contains("Roll"), "{err}");
    act(&mut game, play(EndOfLimit));
    assert!(!game.limited(1));
    act(&mut game, on(SpeedLimit, 1));
    assert!(game.limited(1), "a Speed Limit goes on an End of Limit");
}

#[test]
fn no_hazard_on_a_hazard_in_the_1962_rules() {
    let mut game = duel(
        [Accident, Stop, D50, D50, D50, D50],
        [Roll, Repairs, D75, D75, D75, D75],
        &[],
    );
    pass_turn(&mut game);
    act(&mut game, play(Roll));
    act(&mut game, on(Accident, 1));
    discard_other(&mut game, &[Repairs]);
    let err = refuse(&mut game, on(Stop, 1));
    assert!(err.contains("1988"), "{err}");
}

#[test]
fn hazard_on_hazard_with_the_1988_option_only_the_top_one_counts() {
    let mut game = game_with(
        config_1988(2),
        &[
            &[Accident, Stop, D50, D50, D50, D50],
            &[Roll, Repairs, Roll, D75, D75, D75],
        ],
        &[],
    );
    assert!(game.view(None).hazard_on_hazard);
    pass_turn(&mut game);
    act(&mut game, play(Roll));
    act(&mut game, on(Accident, 1));
    discard_other(&mut game, &[Repairs, Roll]);
    act(&mut game, on(Stop, 1));
    assert_eq!(game.battle_top(1), Some(Stop));
    let err = refuse(&mut game, play(Repairs));
    assert!(
        err.contains("does not show it"),
        "only the top counts: {err}"
    );
    act(&mut game, play(Roll));
    assert!(game.can_move(1), "the Accident beneath no longer counts");
}

#[test]
fn under_a_speed_limit_only_25_and_50_and_end_of_limit_lifts_it() {
    let mut game = duel(
        [SpeedLimit, D25, D25, D25, D25, D25],
        [Roll, D75, D50, EndOfLimit, D100, D100],
        &[],
    );
    act(&mut game, on(SpeedLimit, 1));
    act(&mut game, play(Roll));
    pass_turn(&mut game);
    let err = refuse(&mut game, play(D75));
    assert!(err.contains("only 25 and 50"), "{err}");
    act(&mut game, play(D50));
    pass_turn(&mut game);
    act(&mut game, play(EndOfLimit));
    pass_turn(&mut game);
    act(&mut game, play(D75));
    assert_eq!(game.miles(1), 125);
}

#[test]
fn at_most_two_200s_per_side_in_a_hand() {
    let mut game = duel(
        [D25, D25, D25, D25, D25, D25],
        [Roll, D200, D200, D200, D75, D75],
        &[],
    );
    pass_turn(&mut game);
    act(&mut game, play(Roll));
    for _ in 0..2 {
        pass_turn(&mut game);
        act(&mut game, play(D200));
    }
    pass_turn(&mut game);
    let err = refuse(&mut game, play(D200));
    assert!(err.contains("two 200-mile cards"), "{err}");
    assert_eq!(game.two_hundreds(1), 2);
}

#[test]
fn distance_may_never_pass_the_trip() {
    let mut game = duel(
        [D25, D25, D25, D25, D25, D25],
        [Roll, D200, D200, D100, D100, D75],
        &[D75, D50, D75, D50],
    );
    pass_turn(&mut game);
    for card in [Roll, D200, D200, D100, D100, D50] {
        act(&mut game, play(card));
        pass_turn(&mut game);
    }
    assert_eq!(game.miles(1), 650);
    let err = refuse(&mut game, play(D75));
    assert!(err.contains("past the trip of 700"), "{err}");
    act(&mut game, play(D50));
    assert_eq!(game.miles(1), 700, "the trip is exactly 700");
}

#[test]
fn a_trip_of_exactly_1000_ends_a_four_player_hand_without_an_extension() {
    let mut game = game(
        4,
        &[
            &[Roll, D200, D100, D100, D100, F],
            &[D50, D50, D50, D50, D50, D50],
            &[D200, D100, D100, D100, F, F],
            &[D75, D75, D75, D75, D75, D75],
        ],
        &[],
    );
    let plays = [
        (0, Roll),
        (2, D200),
        (0, D200),
        (2, D100),
        (0, D100),
        (2, D100),
        (0, D100),
        (2, D100),
        (0, D100),
    ];
    for (seat, card) in plays {
        while game.to_move() != seat {
            pass_turn(&mut game);
        }
        act(&mut game, play(card));
    }
    assert_eq!(game.miles(0), 1000);
    assert!(game.is_over());
    assert_eq!(game.completed_by(), Some(0));
    assert_eq!(game.extension_seat(), None);
    let score = game.hand_score(0);
    assert_eq!((score.trip, score.shut_out, score.safe_trip), (400, 500, 0));
    assert_eq!(game.winner(), Some(0));
}

// ---------------------------------------------------------------- safeties

#[test]
fn a_safety_cancels_the_hazard_in_progress_and_gives_an_extra_turn() {
    // Seat 1 draws Puncture-Proof only after the Flat Tire lands (no coup fourré).
    let mut game = duel(
        [FlatTire, FlatTire, D25, D25, D25, D25],
        [Roll, D100, D75, D75, D75, D75],
        &[D25, D50, D25, PunctureProof, D50],
    );
    pass_turn(&mut game);
    act(&mut game, play(Roll));
    act(&mut game, on(FlatTire, 1));
    assert_eq!(game.coup_fourre_seat(), None);
    let events = act(&mut game, play(PunctureProof));
    assert!(events.contains(&Event::Cancelled {
        side: 1,
        card: FlatTire
    }));
    assert_eq!(
        game.battle_top(1),
        Some(Roll),
        "what was beneath shows again"
    );
    assert!(game.can_move(1));
    assert_eq!(game.to_move(), 1, "the safety's player plays again");
    assert_eq!(game.hand_size(1), 7, "it has drawn again");
    act(&mut game, play(D100));
    assert_eq!(game.to_move(), 0);
    let err = refuse(&mut game, on(FlatTire, 1));
    assert!(err.contains("Puncture-Proof"), "{err}");
    assert!(!game.is_coup_fourre(1, PunctureProof));
}

#[test]
fn right_of_way_lifts_stop_and_speed_limit_and_keeps_them_off() {
    let mut game = duel(
        [SpeedLimit, SpeedLimit, Stop, Stop, D25, D25],
        [Roll, D100, D50, D50, D50, D50],
        &[D25, D75, D25, RightOfWay, D75],
    );
    act(&mut game, on(SpeedLimit, 1));
    act(&mut game, play(Roll));
    act(&mut game, on(Stop, 1));
    let events = act(&mut game, play(RightOfWay));
    for card in [Stop, SpeedLimit] {
        assert!(
            events.contains(&Event::Cancelled { side: 1, card }),
            "{card}"
        );
    }
    assert_eq!(game.speed_top(1), None);
    assert!(!game.limited(1));
    act(&mut game, play(D100));
    for card in [Stop, SpeedLimit] {
        let err = refuse(&mut game, on(card, 1));
        assert!(err.contains("Right of Way"), "{err}");
    }
}

#[test]
fn right_of_way_is_a_permanent_roll_and_hazards_then_go_on_an_empty_pile_or_a_remedy() {
    let mut game = duel(
        [Accident, D25, D25, D25, D25, D25],
        [RightOfWay, D100, D100, Repairs, D50, D50],
        &[],
    );
    pass_turn(&mut game);
    act(&mut game, play(RightOfWay));
    assert_eq!(game.battle_top(1), None);
    act(&mut game, play(D100));
    assert_eq!(game.miles(1), 100, "no Roll needed");
    act(&mut game, on(Accident, 1));
    act(&mut game, play(Repairs));
    assert!(game.can_move(1), "after the remedy, no Roll needed either");
    discard_other(&mut game, &[]);
    act(&mut game, play(D100));
    assert_eq!(game.miles(1), 200);
}

#[test]
fn safeties_may_be_discarded() {
    let mut game = duel(
        [ExtraTank, D25, D25, D25, D25, D25],
        [D50, D50, D50, D50, D50, D50],
        &[],
    );
    act(&mut game, discard(ExtraTank));
    assert_eq!(game.discard_pile().get(ExtraTank), 1);
}

// ---------------------------------------------------------------- coup fourré

#[test]
fn coup_fourre_on_your_own_turn() {
    let mut game = duel(
        [Roll, DrivingAce, D100, D25, D25, D25],
        [Accident, D50, D50, D50, D50, D50],
        &[],
    );
    act(&mut game, play(Roll));
    let pile = game.draw_pile_len();
    let events = act(&mut game, on(Accident, 0));
    assert_eq!(events.len(), 1, "nobody draws before the holder answers");
    assert_eq!(game.coup_fourre_seat(), Some(0));
    assert_eq!(game.to_move(), 0);
    assert_eq!(game.hand_size(0), 6);
    let err = refuse(&mut game, play(D100));
    assert!(err.contains("coup fourré"), "{err}");
    let events = act(&mut game, Action::CoupFourre);
    assert_eq!(
        events[..2],
        [
            Event::CoupFourre {
                seat: 0,
                side: 0,
                card: DrivingAce
            },
            Event::Cancelled {
                side: 0,
                card: Accident
            }
        ]
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Drew { seat: 0, .. }))
            .count(),
        2,
        "a replacement, then the extra turn's draw"
    );
    assert_eq!(game.draw_pile_len(), pile - 2);
    assert!(game.is_coup_fourre(0, DrivingAce));
    assert_eq!(game.battle_top(0), Some(Roll));
    assert_eq!(game.discard_pile().get(Accident), 1);
    assert_eq!((game.to_move(), game.hand_size(0)), (0, 7));
    act(&mut game, play(D100));
    assert_eq!(game.to_move(), 1);
    let score = game.hand_score(0);
    assert_eq!((score.safeties, score.coup_fourre), (100, 300));
}

#[test]
fn coup_fourre_on_your_partners_turn_and_the_players_between_lose_their_turns() {
    let mut game = game(
        4,
        &[
            &[Roll, ExtraTank, D100, F, F, F],
            &[OutOfGas, D50, D50, D50, D50, D50],
            &[D75, D75, D75, D75, D75, D75],
            &[D50, D50, D50, D50, D75, D75],
        ],
        &[],
    );
    act(&mut game, play(Roll));
    act(&mut game, on(OutOfGas, 0));
    assert_eq!(game.coup_fourre_seat(), Some(0));
    // Seat 2 (whose turn it would be) and seat 3 are only told the table waits.
    for seat in [2, 3] {
        let err = game
            .clone()
            .apply_as(seat, discard(D75), &mut Vec::new())
            .expect_err("not their decision");
        assert_eq!(err, Refusal::Waiting);
        assert!(!err.to_string().contains('0'), "{err}");
    }
    let events = act(&mut game, Action::CoupFourre);
    let lost: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::TurnLost { seat } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(lost, [2, 3]);
    assert_eq!(game.to_move(), 0);
    act(&mut game, play(D100));
    assert_eq!(game.to_move(), 1, "play continues from the holder's left");
}

#[test]
fn coup_fourre_by_the_seat_next_to_play_loses_nobody_a_turn() {
    let mut game = game(
        4,
        &[
            &[Roll, D100, F, F, F, F],
            &[OutOfGas, D50, D50, D50, D50, D50],
            &[ExtraTank, D75, D75, D75, D75, D75],
            &[D50, D50, D50, D50, D75, D75],
        ],
        &[],
    );
    act(&mut game, play(Roll));
    act(&mut game, on(OutOfGas, 0));
    assert_eq!(game.coup_fourre_seat(), Some(2));
    let events = act(&mut game, Action::CoupFourre);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnLost { .. })));
    assert_eq!(game.battle_top(0), Some(Roll));
    pass_turn(&mut game);
    assert_eq!(game.to_move(), 3);
}

#[test]
fn coup_fourre_may_be_passed_and_the_safety_then_plays_as_usual() {
    let mut game = duel(
        [Roll, DrivingAce, D100, D25, D25, D25],
        [Accident, D50, D50, D50, D50, D50],
        &[],
    );
    act(&mut game, play(Roll));
    act(&mut game, on(Accident, 0));
    let events = act(&mut game, Action::Pass);
    assert!(
        matches!(events[..], [Event::Drew { seat: 0, .. }]),
        "a pass shows only as the next draw: {events:?}"
    );
    assert_eq!(game.coup_fourre_seat(), None);
    assert_eq!(game.battle_top(0), Some(Accident));
    act(&mut game, play(DrivingAce));
    assert!(!game.is_coup_fourre(0, DrivingAce));
    assert_eq!(game.battle_top(0), Some(Roll));
    let score = game.hand_score(0);
    assert_eq!((score.safeties, score.coup_fourre), (100, 0));
}

#[test]
fn only_a_player_of_the_side_that_received_the_hazard_may_call_coup_fourre() {
    let mut game = game(
        3,
        &[
            &[Roll, F, F, F, F, F],
            &[OutOfGas, D50, D50, D50, D50, D50],
            &[ExtraTank, D75, D75, D75, D75, D75],
        ],
        &[],
    );
    act(&mut game, play(Roll));
    act(&mut game, on(OutOfGas, 0));
    assert_eq!(
        game.coup_fourre_seat(),
        None,
        "seat 2 plays for another side"
    );
    assert_eq!(game.to_move(), 2);
    let err = refuse(&mut game, Action::CoupFourre);
    assert!(err.contains("no coup fourré"), "{err}");
}

#[test]
fn coup_fourre_with_right_of_way_against_a_speed_limit() {
    let mut game = duel(
        [RightOfWay, D25, D25, D25, D25, D25],
        [SpeedLimit, D50, D50, D50, D50, D50],
        &[],
    );
    pass_turn(&mut game);
    act(&mut game, on(SpeedLimit, 0));
    assert_eq!(game.coup_fourre_seat(), Some(0));
    let events = act(&mut game, Action::CoupFourre);
    assert!(events.contains(&Event::Cancelled {
        side: 0,
        card: SpeedLimit
    }));
    assert_eq!(game.speed_top(0), None);
    assert!(game.is_coup_fourre(0, RightOfWay));
}

#[test]
fn a_seats_view_never_says_who_may_call_a_coup_fourre() {
    let mut game = game(
        4,
        &[
            &[Roll, ExtraTank, D100, F, F, F],
            &[OutOfGas, D50, D50, D50, D50, D50],
            &[D75, D75, D75, D75, D75, D75],
            &[D50, D50, D50, D50, D75, D75],
        ],
        &[],
    );
    act(&mut game, play(Roll));
    act(&mut game, on(OutOfGas, 0));
    let holder = game.view(Some(0));
    let pending = holder.pending.expect("the holder sees the choice");
    assert_eq!(
        (pending.kind, pending.seat, holder.to_move),
        (PendingKind::CoupFourre, 0, 0)
    );
    let referee = game.view(None);
    assert_eq!(referee.pending, holder.pending);
    for seat in [1, 2, 3] {
        let view = game.view(Some(seat));
        assert_eq!(view.pending, None, "seat {seat}");
        assert_eq!(
            view.to_move, 2,
            "seat {seat} sees the seat that plays if nobody calls"
        );
        assert!(
            view.seats
                .iter()
                .all(|s| s.seat == seat || s.hand.is_none())
        );
    }
    let json = serde_json::to_value(game.view(Some(1))).expect("json");
    assert_eq!(json["pending"], serde_json::Value::Null);
}

// ---------------------------------------------------------------- the extension

/// A hand where seat 1 reaches exactly 700 (Roll, 200, 200, 100, 100, 100) while
/// seat 0 discards.
fn at_700(players: u8) -> State {
    let fillers: [&[mb::Card]; 3] = [
        &[D25, D25, D25, D25, D25, D25],
        &[Roll, D200, D200, D100, D100, D100],
        &[D75, D75, D75, D75, D75, D75],
    ];
    let hands = &fillers[..usize::from(players)];
    let mut game = game(players, hands, &[]);
    for card in [Roll, D200, D200, D100, D100, D100] {
        while game.to_move() != 1 {
            pass_turn(&mut game);
        }
        act(&mut game, play(card));
    }
    assert_eq!(game.miles(1), 700);
    game
}

#[test]
fn the_side_reaching_exactly_700_decides_the_extension() {
    let mut game = at_700(2);
    assert_eq!(game.extension_seat(), Some(1));
    assert_eq!(game.to_move(), 1);
    let view = game.view(Some(0));
    let pending = view.pending.expect("the extension is public");
    assert_eq!((pending.kind, pending.seat), (PendingKind::Extension, 1));
    let err = refuse(&mut game, discard(D25));
    assert!(err.contains("extend"), "{err}");
    let err = game
        .clone()
        .apply_as(0, Action::Extend(true), &mut Vec::new())
        .expect_err("not seat 0's decision");
    assert!(matches!(
        err,
        Refusal::Turn(TurnRefusal::NotYourTurn { .. })
    ));
}

#[test]
fn stopping_at_700_is_a_choice_not_a_danger() {
    let mut game = at_700(2);
    for action in [Action::Extend(false), Action::Extend(true)] {
        assert_eq!(game.warning(action), None, "{action:?} is a choice");
    }
    act(&mut game, Action::Extend(true));
    // Nothing else in Mille Bornes warns either.
    let fresh = duel([Roll, D200, D100, D75, D50, D25], [D25; 6], &[]);
    for action in [play(Roll), discard(D25), Action::Extend(false)] {
        assert_eq!(fresh.warning(action), None, "{action:?}");
    }
}

#[test]
fn extension_refused_ends_the_hand_at_700() {
    let mut game = at_700(2);
    let events = act(&mut game, Action::Extend(false));
    assert!(events.contains(&Event::HandOver {
        completed_by: Some(1)
    }));
    assert!(game.is_over());
    assert_eq!(game.target(), 700);
    let score = game.hand_score(1);
    assert_eq!((score.trip, score.extension, score.shut_out), (400, 0, 500));
    assert_eq!(game.hand_score(0).extension, 0);
}

#[test]
fn extension_called_goes_on_to_1000_and_the_caller_who_completes_it_scores_200_more() {
    let mut game = at_700(2);
    act(&mut game, Action::Extend(true));
    assert_eq!((game.target(), game.extension()), (1000, Some(1)));
    assert!(!game.is_over());
    assert_eq!(game.to_move(), 0);
    // Seat 1 plays on with whatever distance it draws, seat 0 discards.
    while !game.is_over() {
        if game.to_move() == 0 {
            pass_turn(&mut game);
            continue;
        }
        let hand = hand_of(&game, 1);
        let distance = hand
            .iter()
            .copied()
            .find(|&c| game.is_legal(play(c)) && c.miles() > 0);
        match distance {
            Some(card) => {
                act(&mut game, play(card));
            }
            None if game.is_legal(play(Roll)) => {
                act(&mut game, play(Roll));
            }
            None => pass_turn(&mut game),
        }
    }
    if game.completed_by() == Some(1) {
        assert_eq!(game.miles(1), 1000);
        let score = game.hand_score(1);
        assert_eq!((score.trip, score.extension), (400, 200));
        assert_eq!(game.hand_score(0).extension, 0);
    } else {
        assert_eq!(game.hand_score(1).extension, 0);
        assert_eq!(game.hand_score(0).extension, 200);
    }
}

#[test]
fn extension_called_and_not_completed_gives_200_to_each_opponent() {
    let mut game = at_700(3);
    act(&mut game, Action::Extend(true));
    let cut = game.cut_short_scores();
    assert!(
        cut.iter().all(|s| s.extension == 0 && s.trip == 0),
        "cut short: nobody"
    );
    discard_out(&mut game);
    assert_eq!(game.completed_by(), None);
    let scores: Vec<u32> = (0..3).map(|s| game.hand_score(s).extension).collect();
    assert_eq!(scores, [200, 0, 200]);
    assert_eq!(game.hand_score(1).trip, 0, "the caller loses the trip too");
}

#[test]
fn delayed_action_when_the_trip_is_completed_after_the_draw_pile_ran_out() {
    let keep = [D200, D100];
    let mut game = duel(
        [D25, D25, D25, D25, D25, D25],
        [Roll, D200, D200, D100, D100, D100],
        &[],
    );
    pass_turn(&mut game);
    act(&mut game, play(Roll));
    while game.draw_pile_len() > 0 {
        if game.to_move() == 1 {
            // Keep exactly the five distance cards.
            let hand = hand_of(&game, 1);
            let spare = hand
                .iter()
                .copied()
                .enumerate()
                .find(|&(i, c)| {
                    !keep.contains(&c)
                        || hand[..i].iter().filter(|&&x| x == c).count()
                            >= if c == D200 { 2 } else { 3 }
                })
                .map(|(_, c)| c)
                .expect("a spare card");
            act(&mut game, discard(spare));
        } else {
            pass_turn(&mut game);
        }
    }
    for card in [D200, D200, D100, D100, D100] {
        while game.to_move() != 1 {
            pass_turn(&mut game);
        }
        act(&mut game, play(card));
    }
    act(&mut game, Action::Extend(false));
    let score = game.hand_score(1);
    assert_eq!((score.trip, score.delayed_action), (400, 300));
}

#[test]
fn a_safe_trip_plays_no_200s_and_a_shut_out_needs_every_opponent_at_0_miles() {
    // Seat 1 travels 700 in 100s; seat 0 plays a Roll and a 25 in one game, nothing in the other.
    for opponent_moves in [false, true] {
        let mut game = duel(
            [Roll, D25, D50, D50, D50, D50],
            [Roll, D100, D100, D100, D100, D100],
            &[D50, D100, D50, D100],
        );
        if opponent_moves {
            act(&mut game, play(Roll));
        } else {
            pass_turn(&mut game);
        }
        let mut moved = false;
        for card in [Roll, D100, D100, D100, D100, D100, D100, D100] {
            while game.to_move() != 1 {
                if opponent_moves && !moved {
                    act(&mut game, play(D25));
                    moved = true;
                } else {
                    discard_other(&mut game, &[]);
                }
            }
            act(&mut game, play(card));
        }
        act(&mut game, Action::Extend(false));
        let score = game.hand_score(1);
        assert_eq!(score.safe_trip, 300);
        assert_eq!(score.shut_out, if opponent_moves { 0 } else { 500 });
        assert_eq!(score.total, 700 + 400 + 300 + score.shut_out, "{score:?}");
    }
}

// ---------------------------------------------------------------- scoring

#[test]
fn score_rows_follow_the_printed_sheet() {
    let sides = [
        SideFacts {
            miles: 1000,
            safeties: 4,
            coups_fourres: 2,
            two_hundreds: 0,
        },
        SideFacts::default(),
    ];
    let hand = HandFacts {
        sides: &sides,
        completed_by: Some(0),
        delayed: true,
        extension: None,
    };
    let s = score::score_hand(&hand, 0);
    assert_eq!(
        (
            s.miles,
            s.safeties,
            s.all_safeties,
            s.coup_fourre,
            s.trip,
            s.delayed_action,
            s.safe_trip,
            s.shut_out,
            s.extension
        ),
        (1000, 400, 300, 600, 400, 300, 300, 500, 0)
    );
    assert_eq!(s.total, 1000 + 400 + 300 + 600 + 400 + 300 + 300 + 500);
    assert_eq!(score::score_hand(&hand, 1).total, 0);
}

#[test]
fn a_hand_cut_short_scores_only_miles_safeties_all_four_and_coups_fourres() {
    let sides = [
        SideFacts {
            miles: 700,
            safeties: 4,
            coups_fourres: 1,
            two_hundreds: 0,
        },
        SideFacts::default(),
    ];
    let hand = HandFacts {
        sides: &sides,
        completed_by: None,
        delayed: false,
        extension: Some(0),
    };
    let s = score::score_cut_short(&hand, 0);
    assert_eq!(s.total, 700 + 400 + 300 + 300);
    assert_eq!(
        score::score_cut_short(&hand, 1).total,
        0,
        "no extension bonus"
    );
    // The engine's score of a hand in progress is the same thing.
    let game = at_700(2);
    assert_eq!(game.score(1), 700);
}

#[test]
fn the_match_is_won_by_the_first_side_to_5000_and_the_higher_if_both_pass_it() {
    assert_eq!(match_winner(&[5000, 4000]), Some(0));
    assert_eq!(match_winner(&[4999, 100]), None);
    assert_eq!(match_winner(&[5100, 5200]), Some(1));
    assert_eq!(match_winner(&[5100, 5100]), None, "level: another hand");
    assert_eq!(match_winner(&[100, 6000, 5500]), Some(1));
}

#[test]
fn the_score_sheet_has_the_rows_of_the_printed_sheet_in_points() {
    let sheet = RulesId::MilleBornes.score_sheet(config(2));
    assert_eq!(sheet.unit, ScoreUnit::Points);
    let ids: Vec<&str> = sheet.rows.iter().map(|r| r.id).collect();
    assert_eq!(ids, score::ROWS);
    assert!(sheet.rows[3..].iter().all(|r| r.is_yes_no()));
    assert_eq!(sheet.trip(), None, "no quota: the trip is a yes/no row");
    assert_eq!(
        sheet.score(&[700, 4, 0, 1, 0, 0, 0, 0]),
        700 + 400 + 300 + 400
    );
    assert_eq!(RulesId::MilleBornes.unit(), ScoreUnit::Points);
}

#[test]
fn a_paper_sheet_is_checked_row_against_row_and_its_points_derived() {
    let ok: [PaperRows; 2] = [[700, 2, 1, 1, 0, 1, 1, 0], [0, 1, 0, 0, 0, 0, 0, 0]];
    let scores = check_paper(2, 700, true, &ok).expect("consistent");
    assert_eq!(scores[0].total, 700 + 200 + 300 + 400 + 300 + 500);
    assert_eq!(scores[1].total, 100);
    let cases: [(&[PaperRows], u32, bool, &str); 9] = [
        (&[[710, 0, 0, 0, 0, 0, 0, 0], [0; 8]], 700, true, "in 25s"),
        (
            &[[1025, 0, 0, 0, 0, 0, 0, 0], [0; 8]],
            1000,
            false,
            "more than the trip",
        ),
        (
            &[[500, 1, 2, 0, 0, 0, 0, 0], [0; 8]],
            700,
            true,
            "coups fourrés",
        ),
        (
            &[[500, 0, 0, 0, 1, 0, 0, 0], [0; 8]],
            700,
            true,
            "completing the trip",
        ),
        (
            &[[700, 0, 0, 1, 0, 0, 0, 0], [700, 0, 0, 1, 0, 0, 0, 0]],
            700,
            true,
            "only one side",
        ),
        (
            &[[700, 0, 0, 1, 0, 0, 1, 0], [25, 0, 0, 0, 0, 0, 0, 0]],
            700,
            true,
            "shut-out",
        ),
        (
            &[[600, 0, 0, 1, 0, 0, 0, 0], [0; 8]],
            700,
            true,
            "needs 700",
        ),
        (
            &[[1000, 0, 0, 1, 0, 0, 0, 1], [0; 8]],
            1000,
            false,
            "no extension",
        ),
        (
            &[[3, 3, 0, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0, 0, 0]],
            700,
            true,
            "four",
        ),
    ];
    for (sides, trip, extension, needle) in cases {
        let problems = check_paper(2, trip, extension, sides).expect_err(needle);
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(
            text.iter().any(|t| t.contains(needle)),
            "{needle}: {text:?}"
        );
    }
    let extended: [PaperRows; 2] = [[1000, 0, 0, 1, 0, 0, 1, 0], [0; 8]];
    assert!(matches!(
        check_paper(2, 700, true, &extended).expect_err("no extension row")[..],
        [PaperProblem::ExtensionMissing { side: 1 }]
    ));
}

// ---------------------------------------------------------------- refusals

#[test]
fn refusals_say_what_is_wrong() {
    let mut game = game(
        3,
        &[
            &[Stop, Roll, D25, D25, D25, D25],
            &[D50, D50, D50, D50, D50, D50],
            &[D75, D75, D75, D75, D75, D75],
        ],
        &[],
    );
    let err = refuse(&mut game, play(RightOfWay));
    assert!(err.contains("do not hold"), "{err}");
    let err = refuse(&mut game, Action::play(Stop));
    assert!(err.contains("which side"), "{err}");
    let err = refuse(&mut game, on(Stop, 5));
    assert!(err.contains("no side 5"), "{err}");
    let err = refuse(&mut game, Action::attack(Roll, 1));
    assert!(err.contains("without a target"), "{err}");
    let err = refuse(&mut game, Action::Extend(true));
    assert!(err.contains("no extension"), "{err}");
    let err = refuse(&mut game, Action::Pass);
    assert!(err.contains("no coup fourré"), "{err}");
    discard_out(&mut game);
    let err = refuse(&mut game, discard(D25));
    assert!(err.contains("over"), "{err}");
}

// ---------------------------------------------------------------- party tables

/// Seat 0 stops seat 1 with an Accident; seat 1 holds `card` (Driving Ace: it may call Coup
/// Fourré; a 25: nobody may), at a table that waits after every hazard.
fn accident_at_a_party_table(card: mb::Card) -> State {
    let mut game = game_with(
        config(2).with_wait_after_hazard(true),
        &[
            &[Roll, Accident, D25, D25, D25, D25],
            &[Roll, card, D50, D50, D50, D50],
        ],
        &[D75, D75, D75, D75],
    );
    act(&mut game, play(Roll));
    act(&mut game, play(Roll));
    act(&mut game, on(Accident, 1));
    game
}

#[test]
fn at_a_party_table_every_hazard_makes_the_table_wait_and_the_wait_looks_the_same_either_way() {
    let mut held = accident_at_a_party_table(DrivingAce);
    let mut nobody = accident_at_a_party_table(D25);
    // Both wait for a hidden decision whose time-out answer is a pass; only the holder decides.
    let decision = held.timed_decision().expect("the holder decides");
    assert_eq!((decision.seat, decision.hidden), (Some(1), true));
    assert_eq!(decision.on_timeout, Action::Pass);
    let wait = nobody
        .timed_decision()
        .expect("the table waits all the same");
    assert_eq!((wait.seat, wait.hidden), (None, true));
    assert_eq!(wait.on_timeout, Action::Pass);
    // The hazard's player sees exactly the same table in both, and is told the same.
    assert_eq!(held.view(Some(0)), nobody.view(Some(0)));
    assert!(held.observe(1).may_call_coup_fourre());
    assert!(!nobody.observe(1).may_call_coup_fourre());
    assert_eq!(
        held.observe(0),
        nobody.observe(0),
        "what a bot in seat 0 knows"
    );
    for game in [&mut held, &mut nobody] {
        let refused = game
            .clone()
            .apply_as(0, play(D25), &mut Vec::new())
            .expect_err("nobody else plays while the table waits");
        assert_eq!(refused, Refusal::Waiting);
    }
    assert_eq!(
        nobody.clone().apply_as(1, play(D50), &mut Vec::new()),
        Err(Refusal::Waiting),
        "with nobody to decide, not even the next seat may play before the wait is over"
    );
    // When the time is up the table passes for whoever might have called: the same again.
    for game in [&mut held, &mut nobody] {
        game.apply(Action::Pass, &mut Vec::new())
            .expect("the time-out answer");
        assert_eq!(game.timed_decision(), None);
        assert_eq!(game.to_move(), 1);
        assert_eq!(game.hand_size(1), 7, "seat 1 drew for its turn");
    }
    assert_eq!(held.view(Some(0)), nobody.view(Some(0)));
    assert_eq!(held.turn(), nobody.turn());
}

#[test]
fn without_the_party_wait_a_hazard_nobody_can_answer_passes_the_turn_at_once() {
    let mut game = duel(
        [Roll, Accident, D25, D25, D25, D25],
        [Roll, D25, D50, D50, D50, D50],
        &[D75, D75, D75, D75],
    );
    act(&mut game, play(Roll));
    act(&mut game, play(Roll));
    act(&mut game, on(Accident, 1));
    assert_eq!(game.timed_decision(), None);
    assert_eq!(game.to_move(), 1);
}

#[test]
fn the_extension_is_an_open_decision_declined_when_its_time_runs_out() {
    let mut game = game_with(
        config(2).with_wait_after_hazard(true),
        &[
            &[Roll, D200, D200, D100, D100, D100],
            &[D25, D25, D25, D25, D25, D25],
        ],
        &[D100, D25, D50, D25, D25, D50, D75, D50, D75, D50, D75, D50],
    );
    act(&mut game, play(Roll));
    for card in [D200, D200, D100, D100, D100] {
        pass_turn(&mut game);
        act(&mut game, play(card));
    }
    assert_eq!(game.miles(0), 700);
    let decision = game.timed_decision().expect("the Extension is decided");
    assert_eq!((decision.seat, decision.hidden), (Some(0), false));
    assert_eq!(decision.on_timeout, Action::Extend(false));
    game.apply(decision.on_timeout, &mut Vec::new())
        .expect("declined");
    assert!(game.is_over());
    assert_eq!(game.completed_by(), Some(0));
}
