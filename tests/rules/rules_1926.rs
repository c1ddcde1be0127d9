//! One scenario test per rule and ruling of Touring (1926), named after it. docs/rules.md
//! lists every rule with the name of its test here. Stacked decks make each scenario exact.

use crate::common;

use common::touring1926::*;
use touring::engine::touring1926::{self, State};
use touring::engine::touring1926::{Action, Card, Event, Refusal, Speed, Status};
use touring::engine::{ActionList, Config, RuleEvent, Rules, RulesId, SetupError, TurnRefusal};

fn config(players: u8, partners: Option<bool>) -> Config {
    Config::new(RulesId::Touring1926, players, partners).expect("config")
}

fn status(state: &State, side: u8) -> Status {
    state.status(side)
}

// ---------------------------------------------------------------- the cards

#[test]
fn pack_has_the_hundred_cards_printed_on_the_sheet() {
    let pack = touring1926::pack(config(2, None));
    let expected = [
        (Go, 15),
        (CityLimits, 4),
        (Country, 5),
        (Collision, 3),
        (HauledIn, 8),
        (OutOfGasoline, 3),
        (Gasoline, 8),
        (Puncture, 2),
        (Mile1, 20),
        (Mile3, 10),
        (Mile5, 10),
        (Mile10, 12),
    ];
    for (card, count) in expected {
        assert_eq!(pack.get(card), count, "{card}");
    }
    assert_eq!(pack.total(), 100);
    let game = State::new_game(config(2, None), 1, &[]).expect("game");
    assert_eq!(game.census(), pack);
}

#[test]
fn three_players_remove_one_of_each_delay_card() {
    let pack = touring1926::pack(config(3, None));
    assert_eq!(pack.total(), 97);
    assert_eq!(pack.get(Collision), 2);
    assert_eq!(pack.get(OutOfGasoline), 2);
    assert_eq!(pack.get(Puncture), 1);
    // Six players in three partnerships keep the full pack.
    assert_eq!(touring1926::pack(config(6, None)).total(), 100);
}

// ---------------------------------------------------------------- players and sides

#[test]
fn two_players_race_as_two_sides_of_one() {
    let c = config(2, None);
    assert!(!c.partners);
    assert_eq!(c.sides(), 2);
    assert_eq!((c.side_of(0), c.side_of(1)), (0, 1));
}

#[test]
fn three_players_race_thirty_miles() {
    let game = State::new_game(config(3, None), 3, &[]).expect("game");
    assert_eq!(game.quota(), [4, 2, 2, 1]);
    assert_eq!(game.view(None).race, 30);
    assert_eq!(config(3, None).sides(), 3);
}

#[test]
fn four_players_are_two_partnerships_sitting_opposite() {
    let c = config(4, None);
    assert!(c.partners);
    assert_eq!(c.sides(), 2);
    assert_eq!(c.seats_of(0), vec![0, 2]);
    assert_eq!(c.seats_of(1), vec![1, 3]);
}

#[test]
fn six_players_are_three_partnerships() {
    let c = config(6, None);
    assert!(c.partners);
    assert_eq!(c.sides(), 3);
    assert_eq!(c.seats_of(0), vec![0, 3]);
    assert_eq!(c.seats_of(1), vec![1, 4]);
    assert_eq!(c.seats_of(2), vec![2, 5]);
}

#[test]
fn partners_build_one_set_of_piles() {
    // Seat 0 starts side 0 with Go; its partner, seat 2, then plays miles on the same piles.
    let mut g = game(
        4,
        None,
        &[
            &[Go, Mile1, Mile1, Mile1, Mile1],
            &[Mile3, Mile3, Mile3, Mile3, Mile3],
            &[Mile5, Mile1, Mile1, Mile1, Mile1],
            &[Mile3, Mile3, Mile3, Mile3, Mile3],
        ],
        &[],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile5));
    assert_eq!(g.piles(0), [0, 0, 1, 0]);
    assert_eq!(g.miles(0), 5);
    assert_eq!(g.view(None).sides.len(), 2);
}

#[test]
fn four_five_or_six_may_play_each_for_himself() {
    for players in [4, 5, 6] {
        let c = config(players, Some(false));
        assert_eq!(c.sides(), players);
        let game = State::new_game(c, 1, &[]).expect("game");
        assert_eq!(game.quota(), [8, 4, 2, 2], "the race stays 50 miles");
    }
}

#[test]
fn partners_need_four_or_six_players() {
    for players in [2, 3, 5] {
        assert_eq!(
            Config::new(RulesId::Touring1926, players, Some(true)),
            Err(SetupError::Partners(players))
        );
    }
    assert!(Config::new(RulesId::Touring1926, 7, None).is_err());
    assert!(Config::new(RulesId::Touring1926, 1, None).is_err());
}

// ---------------------------------------------------------------- the race

#[test]
fn fifty_miles_is_eight_ones_four_threes_two_fives_two_tens() {
    let game = State::new_game(config(2, None), 1, &[]).expect("game");
    assert_eq!(game.quota(), [8, 4, 2, 2]);
    assert_eq!(8 + 4 * 3 + 2 * 5 + 2 * 10, 50);
    assert_eq!(game.view(None).race, 50);
}

/// Plays seat 0 to a complete set of piles while seat 1 only discards. Returns the game just
/// before the winning play, with the winning card in seat 0's hand.
fn race_to_the_last_card() -> State {
    let mut g = duel(
        [Go, Country, Mile10, Mile10, Mile5],
        [Gasoline, Gasoline, Gasoline, Gasoline, Gasoline],
        &interleave(
            &[
                Mile5, Mile3, Mile3, Mile3, Mile3, Mile1, Mile1, Mile1, Mile1, Mile1, Mile1, Mile1,
                Mile1,
            ],
            &[
                HauledIn, HauledIn, HauledIn, HauledIn, HauledIn, HauledIn, HauledIn, HauledIn,
                Gasoline, Gasoline, Gasoline, Go, Go,
            ],
        ),
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Country));
    pass(&mut g);
    loop {
        let before = g.miles(0);
        let mile = hand(&g)
            .into_iter()
            .filter(|c| c.is_mile())
            .find(|&c| g.is_legal(play(c)))
            .expect("a mile card to play");
        if before + mile.miles() == 50 {
            return g;
        }
        act(&mut g, play(mile));
        pass(&mut g);
    }
}

fn interleave(seat0: &[Card], seat1: &[Card]) -> Vec<Card> {
    let mut out = Vec::new();
    for i in 0..seat0.len().max(seat1.len()) {
        out.extend(seat0.get(i));
        out.extend(seat1.get(i));
    }
    out
}

#[test]
fn first_side_to_complete_every_pile_wins_at_once() {
    let mut g = race_to_the_last_card();
    let last = hand(&g)
        .into_iter()
        .find(|&c| c.is_mile() && g.is_legal(play(c)))
        .expect("the last mile");
    let turn = g.turn();
    let events = act(&mut g, play(last));
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.miles(0), 50);
    assert!(events.contains(&Event::Won { side: 0 }));
    assert!(
        !events.iter().any(|e| matches!(e, Event::Drew { .. })),
        "nobody draws after the winning play"
    );
    assert_eq!(g.to_move(), 0, "to_move stays the seat that won");
    assert_eq!(g.turn(), turn + 1);
    assert_eq!(g.legal_count(), 0);
    let err = refuse(&mut g, discard(Mile1));
    assert!(err.contains("over"), "{err}");
}

#[test]
fn mile_card_is_refused_on_a_full_pile() {
    let mut g = duel(
        [Go, Mile5, Mile5, Mile5, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile5));
    pass(&mut g);
    act(&mut g, play(Mile5));
    pass(&mut g);
    let err = refuse(&mut g, play(Mile5));
    assert!(err.contains("complete"), "{err}");
    assert_eq!(g.piles(0)[2], 2);
}

#[test]
fn miles_are_the_sum_of_the_piles() {
    let mut g = duel(
        [Go, Mile5, Mile3, Mile1, Country],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[Mile10],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Country));
    pass(&mut g);
    for card in [Mile5, Mile3, Mile1, Mile10] {
        act(&mut g, play(card));
        pass(&mut g);
    }
    assert_eq!(g.miles(0), 19);
    assert_eq!(g.view(Some(1)).sides[0].miles, 19);
}

// ---------------------------------------------------------------- deal and turn

#[test]
fn deal_is_five_each_one_at_a_time_from_seat_zero() {
    // The deck list is dealt card 1 to seat 0, card 2 to seat 1, and so on round the table.
    let deck = [
        Go, Mile1, Mile3, Go, Mile1, Mile3, Go, Mile1, Mile3, Go, Mile1, Mile3, Go, Mile1, Mile3,
        Puncture,
    ];
    let g = State::new_game(config(3, None), 9, &deck).expect("game");
    let view = g.view(None);
    let hands: Vec<Vec<Card>> = view
        .seats
        .iter()
        .map(|s| s.hand.clone().unwrap_or_default())
        .collect();
    assert_eq!(hands[0], vec![Go, Go, Go, Go, Go, Puncture]);
    assert_eq!(hands[1], vec![Mile1; 5]);
    assert_eq!(hands[2], vec![Mile3; 5]);
}

#[test]
fn seat_zero_plays_first_and_turns_go_up_the_seats() {
    let mut g = State::new_game(config(3, None), 5, &[]).expect("game");
    let mut order = Vec::new();
    for _ in 0..7 {
        order.push(g.to_move());
        pass(&mut g);
    }
    assert_eq!(order, vec![0, 1, 2, 0, 1, 2, 0]);
}

#[test]
fn a_turn_is_draw_then_one_play_or_discard() {
    let mut g = State::new_game(config(2, None), 11, &[]).expect("game");
    let view = g.view(None);
    assert_eq!(
        view.seats[0].hand_size, 6,
        "seat 0 has drawn its sixth card"
    );
    assert_eq!(view.seats[1].hand_size, 5);
    assert_eq!(view.draw_pile, 89);
    let events = {
        let card = hand(&g)[0];
        act(&mut g, discard(card))
    };
    let view = g.view(None);
    assert_eq!(view.seats[0].hand_size, 5, "five again after the turn");
    assert_eq!(view.seats[1].hand_size, 6, "the next seat has drawn");
    assert_eq!(view.turn, 1);
    assert!(matches!(events.last(), Some(Event::Drew { seat: 1, .. })));
}

#[test]
fn a_discard_is_always_allowed() {
    let mut g = State::new_game(config(2, None), 13, &[]).expect("game");
    for _ in 0..300 {
        for card in hand(&g) {
            assert!(g.is_legal(discard(card)), "{card}");
        }
        pass(&mut g);
    }
}

#[test]
fn the_deadwood_is_face_down() {
    let mut g = State::new_game(config(2, None), 17, &[]).expect("game");
    let card = hand(&g)[0];
    let events = act(&mut g, discard(card));
    let discarded = events
        .iter()
        .find(|e| matches!(e, Event::Discarded { .. }))
        .copied()
        .expect("discard event");
    assert_eq!(
        discarded.seen_by(Some(1)),
        Event::Discarded {
            seat: 0,
            card: None
        }
    );
    assert_eq!(discarded.seen_by(Some(0)), discarded);
    let view = serde_json::to_value(g.view(Some(1))).expect("json");
    assert_eq!(view["deadwood"], 1, "its size is public");
}

#[test]
fn only_the_seat_to_move_may_act() {
    let mut g = State::new_game(config(2, None), 19, &[]).expect("game");
    let card = hand(&g)[0];
    let err = g
        .apply_as(1, discard(card), &mut Vec::new())
        .expect_err("seat 1 may not act on seat 0's turn");
    assert_eq!(
        err,
        Refusal::Turn(TurnRefusal::NotYourTurn {
            seat: 1,
            to_move: 0
        })
    );
    assert!(g.apply_as(0, discard(card), &mut Vec::new()).is_ok());
}

#[test]
fn a_card_not_in_hand_is_refused() {
    let mut g = duel(
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        [Mile3, Mile3, Mile3, Mile3, Mile3],
        &[Mile1],
    );
    let err = refuse(&mut g, discard(Go));
    assert!(err.contains("do not hold"), "{err}");
    let err = refuse(&mut g, play(Mile3));
    assert!(err.contains("do not hold"), "{err}");
}

// ---------------------------------------------------------------- go, delays and remedies

#[test]
fn miles_need_go_first() {
    let mut g = duel(
        [Mile5, Mile1, Mile3, Go, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    assert_eq!(status(&g, 0), Status::NotStarted);
    let err = refuse(&mut g, play(Mile5));
    assert!(err.contains("play Go first"), "{err}");
    act(&mut g, play(Go));
    assert_eq!(status(&g, 0), Status::Running);
    pass(&mut g);
    act(&mut g, play(Mile5));
    assert_eq!(g.miles(0), 5);
}

/// Seat 1 starts, then seat 0 delays it with `delay`. Returns the game with seat 1 to move.
fn delayed_by(delay_card: Card, remedies: [Card; 4]) -> State {
    let mut g = duel(
        [delay_card, Mile1, Mile1, Mile1, Mile1],
        [Go, remedies[0], remedies[1], remedies[2], remedies[3]],
        &[],
    );
    pass_keeping(&mut g, &[delay_card]);
    act(&mut g, play(Go));
    act(&mut g, delay(delay_card, 1, 0, 0));
    g
}

fn pass_keeping(g: &mut State, keep: &[Card]) {
    discard_other(g, keep);
}

#[test]
fn a_delay_is_laid_on_an_opponents_go_pile() {
    let g = delayed_by(Collision, [HauledIn, Go, Mile1, Mile1]);
    let side = &g.view(None).sides[1];
    assert_eq!(side.go_top, Some(Collision));
    assert_eq!(side.go_pile, 2);
    assert_eq!(side.status, Status::Delayed);
}

#[test]
fn collision_needs_hauled_in_then_go() {
    let mut g = delayed_by(Collision, [HauledIn, Go, Mile1, Mile1]);
    assert_eq!(g.view(None).sides[1].needs, vec![HauledIn, Go]);
    let err = refuse(&mut g, play(Go));
    assert!(err.contains("must play Hauled In next"), "{err}");
    act(&mut g, play(HauledIn));
    assert_eq!(g.view(None).sides[1].needs, vec![Go]);
    assert_eq!(status(&g, 1), Status::Delayed);
    pass(&mut g);
    let err = refuse(&mut g, play(Mile1));
    assert!(err.contains("play Go first"), "{err}");
    act(&mut g, play(Go));
    assert_eq!(status(&g, 1), Status::Running);
}

#[test]
fn out_of_gasoline_needs_gasoline_then_go() {
    let mut g = delayed_by(OutOfGasoline, [Gasoline, Go, HauledIn, Mile1]);
    assert_eq!(g.view(None).sides[1].needs, vec![Gasoline, Go]);
    let err = refuse(&mut g, play(HauledIn));
    assert!(err.contains("must play Gasoline next"), "{err}");
    refuse(&mut g, play(Go));
    act(&mut g, play(Gasoline));
    pass(&mut g);
    act(&mut g, play(Go));
    assert_eq!(status(&g, 1), Status::Running);
}

#[test]
fn puncture_needs_go_only() {
    let mut g = delayed_by(Puncture, [Go, HauledIn, Gasoline, Mile1]);
    assert_eq!(g.view(None).sides[1].needs, vec![Go]);
    refuse(&mut g, play(HauledIn));
    refuse(&mut g, play(Gasoline));
    act(&mut g, play(Go));
    assert_eq!(status(&g, 1), Status::Running);
}

#[test]
fn a_running_side_cannot_play_go_hauled_in_or_gasoline() {
    let mut g = duel(
        [Go, Go, HauledIn, Gasoline, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    for card in [Go, HauledIn, Gasoline] {
        let err = refuse(&mut g, play(card));
        assert!(err.contains("already running"), "{card}: {err}");
    }
}

#[test]
fn a_side_not_started_cannot_play_remedies() {
    let mut g = duel(
        [HauledIn, Gasoline, Mile1, Mile1, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    let err = refuse(&mut g, play(HauledIn));
    assert!(err.contains("must play Go next"), "{err}");
    refuse(&mut g, play(Gasoline));
}

#[test]
fn only_a_running_side_can_be_delayed() {
    // Not started: seat 1 has not played Go.
    let mut g = duel(
        [Collision, Puncture, Mile1, Mile1, Mile1],
        [Go, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    let err = refuse(&mut g, delay(Collision, 1, 0, 0));
    assert!(err.contains("not started"), "{err}");
    // Already delayed: seat 1 starts, seat 0 delays it, seat 1 passes; a second delay waits.
    pass_keeping(&mut g, &[Collision, Puncture]);
    act(&mut g, play(Go));
    act(&mut g, delay(Collision, 1, 0, 0));
    pass(&mut g);
    let err = refuse(&mut g, delay(Puncture, 1, 0, 0));
    assert!(err.contains("is delayed"), "{err}");
}

#[test]
fn the_attacker_need_not_be_started() {
    let g = delayed_by(Puncture, [Go, Mile1, Mile1, Mile1]);
    assert_eq!(status(&g, 0), Status::NotStarted);
    assert_eq!(status(&g, 1), Status::Delayed);
}

#[test]
fn a_delay_cannot_be_laid_on_ones_own_side_or_partners() {
    let mut g = game(
        4,
        None,
        &[
            &[Go, Collision, Mile1, Mile1, Mile1],
            &[Mile3, Mile3, Mile3, Mile3, Mile3],
            &[Mile1, Mile1, Mile1, Mile1, Mile1],
            &[Mile3, Mile3, Mile3, Mile3, Mile3],
        ],
        &[],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    pass(&mut g);
    pass(&mut g);
    // Side 0 (seats 0 and 2) is running; seat 0 may not delay it.
    let err = refuse(&mut g, delay(Collision, 0, 0, 0));
    assert!(err.contains("your own side"), "{err}");
    let err = refuse(&mut g, delay(Collision, 5, 0, 0));
    assert!(err.contains("no side 5"), "{err}");
}

#[test]
fn a_delay_without_a_target_needs_one_when_there_are_several_opponents() {
    let mut g = game(
        3,
        None,
        &[
            &[Collision, Mile1, Mile1, Mile1, Mile1],
            &[Go, Mile1, Mile1, Mile1, Mile1],
            &[Go, Mile1, Mile1, Mile1, Mile1],
        ],
        &[],
    );
    pass_keeping(&mut g, &[Collision]);
    act(&mut g, play(Go));
    act(&mut g, play(Go));
    let err = refuse(&mut g, play(Collision));
    assert!(err.contains("target"), "{err}");
    act(&mut g, delay(Collision, 2, 0, 0));
    assert_eq!(status(&g, 2), Status::Delayed);
    assert_eq!(status(&g, 1), Status::Running);
}

#[test]
fn a_delay_without_a_target_goes_to_the_only_opponent() {
    let mut g = duel(
        [Puncture, Mile1, Mile1, Mile1, Mile1],
        [Go, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    pass_keeping(&mut g, &[Puncture]);
    act(&mut g, play(Go));
    g.apply(play(Puncture), &mut Vec::new())
        .expect("default target");
    assert_eq!(status(&g, 1), Status::Delayed);
}

#[test]
fn only_delay_cards_take_a_target_or_miles() {
    let mut g = duel(
        [Go, Mile1, Mile1, Mile1, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    let with_target = Action::Play {
        card: Go,
        target: Some(1),
        take: None,
    };
    let err = refuse(&mut g, with_target);
    assert!(err.contains("without a target"), "{err}");
    let with_take = Action::Play {
        card: Go,
        target: None,
        take: Some(Default::default()),
    };
    let err = refuse(&mut g, with_take);
    assert!(err.contains("take"), "{err}");
}

// ---------------------------------------------------------------- city limits and country

#[test]
fn the_game_starts_within_city_limits() {
    let g = State::new_game(config(2, None), 1, &[]).expect("game");
    assert_eq!(g.speed(), Speed::City);
    assert_eq!(g.view(None).speed_pile, 0);
}

#[test]
fn speed_cards_govern_the_whole_table_and_any_player_may_play_them() {
    // Seat 0 has not started and still plays Country; then seat 1 plays City Limits.
    let mut g = duel(
        [Country, Mile1, Mile1, Mile1, Mile1],
        [CityLimits, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    assert_eq!(status(&g, 0), Status::NotStarted);
    act(&mut g, play(Country));
    assert_eq!(g.speed(), Speed::Country);
    assert_eq!(g.view(Some(1)).speed, Speed::Country);
    act(&mut g, play(CityLimits));
    assert_eq!(g.speed(), Speed::City);
    assert_eq!(g.view(None).speed_pile, 2);
}

#[test]
fn only_the_speed_card_that_changes_the_speed_may_be_played() {
    let mut g = duel(
        [CityLimits, Country, Country, Mile1, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    let err = refuse(&mut g, play(CityLimits));
    assert!(err.contains("City Limits governs already"), "{err}");
    act(&mut g, play(Country));
    pass(&mut g);
    let err = refuse(&mut g, play(Country));
    assert!(err.contains("Country governs already"), "{err}");
}

#[test]
fn a_ten_within_city_limits_is_speeding_and_forfeits_every_mile() {
    let mut g = duel(
        [Go, Mile5, Mile3, Mile1, Mile10],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    act(&mut g, play(Go));
    for card in [Mile5, Mile3, Mile1] {
        pass(&mut g);
        act(&mut g, play(card));
    }
    pass(&mut g);
    assert_eq!(g.miles(0), 9);
    let deadwood = g.view(None).deadwood;
    assert!(
        g.is_legal(play(Mile10)),
        "speeding is a legal (if costly) play"
    );
    let events = act(&mut g, play(Mile10));
    assert!(events.contains(&Event::Speeding {
        seat: 0,
        side: 0,
        forfeited: 9
    }));
    assert_eq!(g.miles(0), 0);
    assert_eq!(g.piles(0), [0, 0, 0, 0]);
    assert_eq!(
        g.view(None).deadwood,
        deadwood + 4,
        "the three mile cards and the 10 go to the deadwood"
    );
    assert_eq!(g.census(), g.pack());
}

#[test]
fn speeding_is_named_as_a_warning_before_it_is_played_and_nothing_else_is() {
    let mut g = duel(
        [Go, Mile5, Mile10, Mile1, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    assert_eq!(
        g.warning(play(Go)),
        None,
        "an ordinary move warns of nothing"
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile5));
    pass(&mut g);
    let warning = g.warning(play(Mile10)).expect("speeding is warned of");
    assert!(warning.contains("loses all its 5 miles"), "{warning}");
    assert_eq!(g.warning(Action::Discard { card: Mile10 }), None);
    assert_eq!(g.warning(play(Mile1)), None);
}

#[test]
fn a_speeding_side_must_play_go_again() {
    let mut g = duel(
        [Go, Go, Mile10, Mile1, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile10));
    assert_eq!(status(&g, 0), Status::NotStarted);
    assert_eq!(g.view(None).sides[0].needs, vec![Go]);
    pass(&mut g);
    refuse(&mut g, play(Mile1));
    act(&mut g, play(Go));
    assert_eq!(status(&g, 0), Status::Running);
}

#[test]
fn a_ten_in_the_country_is_not_speeding() {
    let mut g = duel(
        [Go, Country, Mile10, Mile1, Mile1],
        [Mile1, Mile1, Mile1, Mile1, Mile1],
        &[],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Country));
    pass(&mut g);
    act(&mut g, play(Mile10));
    assert_eq!(g.miles(0), 10);
    assert_eq!(status(&g, 0), Status::Running);
}

// ---------------------------------------------------------------- the robbery

/// Seat 1 runs and lays `fives` 5s and `tens` 10s (in Country, so the 10s are safe), and 1s
/// up to five cards; seat 0 holds `attack` and then sets the speed to `speed`. Returns the game
/// with seat 0 to move.
fn loaded_target(attack: Card, fives: u8, tens: u8, speed: Speed) -> State {
    let mut laid = vec![Go];
    laid.extend(std::iter::repeat_n(Mile10, usize::from(tens)));
    laid.extend(std::iter::repeat_n(Mile5, usize::from(fives)));
    laid.resize(5, Mile1);
    let hand0 = [attack, Country, CityLimits, Mile3, Mile3];
    let mut g = duel(hand0, laid.clone().try_into().expect("five cards"), &[]);
    act(&mut g, play(Country));
    for card in laid {
        act(&mut g, play(card));
        pass_keeping(&mut g, &[attack, CityLimits]);
    }
    pass(&mut g);
    if speed == Speed::City {
        act(&mut g, play(CityLimits));
        pass(&mut g);
    }
    assert_eq!(g.to_move(), 0);
    assert_eq!(g.speed(), speed);
    assert_eq!(g.piles(1)[2..], [fives, tens]);
    g
}

fn takes(g: &State, card: Card) -> Vec<(u8, u8)> {
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    list.iter()
        .filter_map(|a| match *a {
            Action::Play {
                card: c,
                take: Some(t),
                ..
            } if c == card => Some((t.mile5, t.mile10)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_delay_within_city_limits_takes_five_miles_an_hour() {
    let g = loaded_target(Collision, 2, 2, Speed::City);
    assert_eq!(takes(&g, Collision), vec![(1, 0)], "one hour: one 5");
    let g = loaded_target(Puncture, 2, 2, Speed::City);
    assert_eq!(
        takes(&g, Puncture),
        vec![(0, 1), (2, 0)],
        "two hours: one 10 or two 5s"
    );
}

#[test]
fn a_delay_in_the_country_takes_ten_miles_an_hour() {
    let g = loaded_target(OutOfGasoline, 2, 2, Speed::Country);
    assert_eq!(takes(&g, OutOfGasoline), vec![(0, 1), (2, 0)]);
    let mut g = loaded_target(Puncture, 2, 2, Speed::Country);
    assert_eq!(
        takes(&g, Puncture),
        vec![(0, 2), (2, 1)],
        "two hours: twenty miles"
    );
    let events = act(&mut g, delay(Puncture, 1, 2, 1));
    assert_eq!(g.piles(1)[2..], [0, 1]);
    assert!(matches!(
        events[0],
        Event::Delayed {
            by: 0,
            side: 1,
            card: Puncture,
            ..
        }
    ));
}

#[test]
fn a_robbery_touches_only_the_five_and_ten_mile_piles() {
    let mut g = loaded_target(Puncture, 1, 0, Speed::Country);
    let before = g.piles(1);
    act(&mut g, delay(Puncture, 1, 1, 0));
    let after = g.piles(1);
    assert!(before[0] > 0, "the target has 1s to protect");
    assert_eq!(
        after[..2],
        before[..2],
        "the 1- and 3-mile piles are never robbed"
    );
    assert_eq!(after[2], 0);
}

#[test]
fn a_robbery_must_take_the_largest_total_within_the_entitlement() {
    let mut g = loaded_target(Puncture, 2, 2, Speed::Country);
    let err = refuse(&mut g, delay(Puncture, 1, 0, 1));
    assert!(err.contains("20 miles"), "{err}");
    refuse(&mut g, delay(Puncture, 1, 1, 1));
    refuse(&mut g, delay(Puncture, 1, 0, 0));
    let err = refuse(&mut g, delay(Puncture, 1, 2, 2));
    assert!(err.contains("[\"mile10\",\"mile10\"]"), "{err}");
}

#[test]
fn a_robbery_takes_what_there_is_and_never_below_zero() {
    let mut g = loaded_target(Puncture, 1, 0, Speed::Country);
    assert_eq!(takes(&g, Puncture), vec![(1, 0)], "only one 5 to take");
    act(&mut g, delay(Puncture, 1, 1, 0));
    assert_eq!(g.piles(1)[2..], [0, 0]);
    let mut g = loaded_target(Collision, 0, 0, Speed::Country);
    assert_eq!(takes(&g, Collision), vec![(0, 0)], "nothing to take");
    act(&mut g, delay(Collision, 1, 0, 0));
    assert_eq!(g.piles(1)[2..], [0, 0]);
}

#[test]
fn a_lone_ten_cannot_be_taken_for_five_miles() {
    let g = loaded_target(Collision, 0, 1, Speed::City);
    assert_eq!(takes(&g, Collision), vec![(0, 0)]);
}

#[test]
fn a_default_take_prefers_fewer_cards() {
    let mut g = loaded_target(Puncture, 2, 2, Speed::City);
    let mut events = Vec::new();
    g.apply(
        Action::Play {
            card: Puncture,
            target: Some(1),
            take: None,
        },
        &mut events,
    )
    .expect("default take");
    assert_eq!(g.piles(1)[2..], [2, 1], "one 10 rather than two 5s");
}

#[test]
fn robbed_cards_go_to_the_deadwood() {
    let mut g = loaded_target(Puncture, 2, 2, Speed::Country);
    let deadwood = g.view(None).deadwood;
    act(&mut g, delay(Puncture, 1, 0, 2));
    assert_eq!(g.view(None).deadwood, deadwood + 2);
    assert_eq!(g.census(), g.pack());
}

// ---------------------------------------------------------------- the exhausted draw pile

/// Plays until the first reshuffle, playing every card but miles (so Go piles and the speed
/// pile fill up and nobody wins) and discarding otherwise; the turn that empties the draw pile
/// is a discard. Returns the game before and after that turn, and its events.
fn until_reshuffle(seed: u64) -> (State, State, Vec<Event>) {
    let mut g = State::new_game(config(2, None), seed, &[]).expect("game");
    loop {
        let before = g.clone();
        let mut list = ActionList::new();
        g.legal_actions(&mut list);
        let is_discard = |a: &Action| matches!(a, Action::Discard { .. });
        let action = if g.draw_pile_len() == 0 {
            list.iter().copied().find(is_discard)
        } else {
            list.iter()
                .copied()
                .find(|a| !is_discard(a) && !a.card().is_mile())
                .or_else(|| list.iter().copied().find(is_discard))
        }
        .expect("an action");
        let events = act(&mut g, action);
        if events.iter().any(|e| matches!(e, Event::Reshuffled { .. })) {
            return (before, g, events);
        }
        assert!(!g.is_over(), "the game ended before the draw pile ran out");
    }
}

#[test]
fn an_empty_draw_pile_is_rebuilt_from_the_deadwood_and_go_piles_but_their_tops() {
    // The first seed whose reshuffle has old speed cards and covered Go cards to gather.
    let (before, after, events) = (1..100)
        .map(until_reshuffle)
        .find(|(b, _, _)| {
            let v = b.view(None);
            v.speed_pile > 1 && v.sides.iter().any(|s| s.go_pile > 1)
        })
        .expect("a seed that exercises the whole rule");
    let (vb, va) = (before.view(None), after.view(None));
    assert_eq!(va.reshuffles, 1);
    assert_eq!(va.deadwood, 0);
    for (b, a) in vb.sides.iter().zip(&va.sides) {
        assert_eq!(a.go_top, b.go_top, "each Go pile keeps its top card");
        assert_eq!(a.go_pile, b.go_pile.min(1));
    }
    let drawn = match events
        .iter()
        .find(|e| matches!(e, Event::Reshuffled { .. }))
    {
        Some(Event::Reshuffled { draw_pile }) => *draw_pile,
        _ => unreachable!(),
    };
    assert_eq!(
        va.draw_pile,
        drawn - 1,
        "the next seat drew from the new pile"
    );
    let kept_back: u32 = vb.sides.iter().map(|s| s.go_pile.saturating_sub(1)).sum();
    assert_eq!(
        drawn,
        vb.deadwood + 1 + kept_back + vb.speed_pile.saturating_sub(1),
        "deadwood (with the last discard), Go piles and old speed cards make the new pile"
    );
    assert_eq!(after.census(), after.pack());
}

#[test]
fn a_reshuffle_keeps_the_speed_card_that_governs() {
    let (before, after, _) = until_reshuffle(29);
    let (vb, va) = (before.view(None), after.view(None));
    assert_eq!(va.speed, vb.speed);
    assert_eq!(va.speed_pile, vb.speed_pile.min(1));
}

#[test]
fn a_reshuffle_leaves_the_mile_piles_on_the_table() {
    let (before, after, _) = until_reshuffle(31);
    for side in 0..2 {
        assert_eq!(after.piles(side), before.piles(side));
    }
    assert_eq!(after.census(), after.pack());
}

#[test]
fn reshuffles_are_determined_by_the_seed() {
    let (_, a, _) = until_reshuffle(37);
    let (_, b, _) = until_reshuffle(37);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
}

// ---------------------------------------------------------------- stacked decks

#[test]
fn a_stacked_deck_comes_off_the_top_first() {
    let g = State::new_game(config(2, None), 3, &[Puncture, Puncture]).expect("game");
    assert_eq!(g.held(0, Puncture), 1);
    assert_eq!(g.held(1, Puncture), 1);
}

#[test]
fn a_stacked_deck_the_pack_cannot_supply_is_refused() {
    let err = State::new_game(config(2, None), 3, &[Puncture, Puncture, Puncture])
        .expect_err("only two Punctures");
    assert!(err.to_string().contains("only 2"), "{err}");
    let err = State::new_game(config(3, None), 3, &[Puncture, Puncture])
        .expect_err("three players have one Puncture");
    assert!(err.to_string().contains("only 1"), "{err}");
}
