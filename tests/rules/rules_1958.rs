//! One scenario test per rule and ruling of Touring (1937-1958), named after it. docs/rules.md
//! lists every rule with the name of its test here. Stacked decks make each scenario exact.

use crate::common::touring1958::*;
use touring::engine::touring1958::{self, Card, Event, State, Status};
use touring::engine::{Config, Rules, RulesId, ScoreUnit, SetupError};

// ---------------------------------------------------------------- the cards

#[test]
fn pack_has_the_ninety_nine_cards_printed_on_the_sheet() {
    let pack = touring1958::pack(config(2, None));
    let expected = [
        (Mile25, 19),
        (Mile35, 10),
        (Mile50, 10),
        (Mile75, 12),
        (Go, 13),
        (Freeway, 6),
        (PopulatedArea, 3),
        (StopToRefuel, 3),
        (Gasoline, 7),
        (MissedTheCurve, 3),
        (Wrecker, 7),
        (BurningOil, 2),
        (BrokenSpring, 2),
        (BrakeAdjustment, 2),
    ];
    for (card, count) in expected {
        assert_eq!(pack.get(card), count, "{card}");
    }
    assert_eq!(pack.total(), 99);
    let game = State::new_game(config(2, None), 1, &[]).expect("game");
    assert_eq!(game.census(), pack);
}

// ---------------------------------------------------------------- players, sides, trip

#[test]
fn three_players_remove_one_of_each_delay_card_and_travel_295_miles() {
    let pack = touring1958::pack(config(3, None));
    assert_eq!(pack.total(), 94);
    for card in [
        StopToRefuel,
        MissedTheCurve,
        BurningOil,
        BrokenSpring,
        BrakeAdjustment,
    ] {
        assert_eq!(
            pack.get(card),
            touring1958::pack(config(2, None)).get(card) - 1
        );
    }
    let game = State::new_game(config(3, None), 3, &[]).expect("game");
    assert_eq!(game.quota(), [4, 2, 1, 1]);
    assert_eq!(game.view(None).trip, 295);
    assert_eq!(config(3, None).sides(), 3);
}

#[test]
fn four_players_are_two_partnerships_sitting_opposite() {
    let c = config(4, None);
    assert!(c.partners);
    assert_eq!(c.sides(), 2);
    assert_eq!(
        (c.side_of(0), c.side_of(1), c.side_of(2), c.side_of(3)),
        (0, 1, 0, 1)
    );
    assert_eq!(touring1958::pack(c).total(), 99);
    assert_eq!(touring1958::quota(c), [8, 4, 2, 2]);
}

#[test]
fn six_players_are_three_partnerships_without_the_five_delay_cards_travelling_295_miles() {
    let c = config(6, None);
    assert!(c.partners);
    assert_eq!(c.sides(), 3);
    let sides: Vec<u8> = (0..6).map(|s| c.side_of(s)).collect();
    assert_eq!(sides, vec![0, 1, 2, 0, 1, 2]);
    assert_eq!(touring1958::pack(c).total(), 94);
    assert_eq!(touring1958::quota(c), [4, 2, 1, 1]);
}

#[test]
fn four_or_six_each_for_himself_play_with_two_packs_and_travel_590_miles() {
    for players in [4, 6] {
        let c = config(players, Some(false));
        assert_eq!(c.sides(), players);
        let pack = touring1958::pack(c);
        assert_eq!(pack.total(), 198, "{players} players");
        assert_eq!(pack.get(Mile75), 24);
        assert_eq!(touring1958::quota(c), [8, 4, 2, 2]);
        let game = State::new_game(c, 1, &[]).expect("game");
        assert_eq!(game.census(), pack);
        assert_eq!(game.view(None).trip, 590);
    }
}

#[test]
fn two_three_four_or_six_play_and_five_are_refused() {
    for players in [2, 3, 4, 6] {
        assert!(Config::new(RulesId::Touring1958, players, None).is_ok());
    }
    let err = Config::new(RulesId::Touring1958, 5, None).expect_err("five cannot play");
    assert!(matches!(err, SetupError::NotPlayable { .. }));
    assert!(err.to_string().contains("2, 3, 4 or 6 players"), "{err}");
    let odd = Config {
        rules: RulesId::Touring1958,
        players: 3,
        partners: true,
        options: touring::engine::Options::default_for(RulesId::Touring1958),
    };
    assert!(
        State::new_game(odd, 1, &[]).is_err(),
        "checked at setup too"
    );
}

#[test]
fn the_trip_is_eight_25s_four_35s_two_50s_two_75s() {
    let sheet = RulesId::Touring1958.score_sheet(config(2, None));
    assert_eq!(sheet.unit, ScoreUnit::Miles);
    let rows: Vec<_> = sheet
        .rows
        .iter()
        .map(|r| (r.id, r.label, r.value, r.quota, r.pack))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("mile25", "25-mile", 25, Some(8), Some(19)),
            ("mile35", "35-mile", 35, Some(4), Some(10)),
            ("mile50", "50-mile", 50, Some(2), Some(10)),
            ("mile75", "75-mile", 75, Some(2), Some(12)),
        ]
    );
    assert_eq!(sheet.trip(), Some(590));
    let short = RulesId::Touring1958.score_sheet(config(3, None));
    assert_eq!(short.trip(), Some(295));
    assert!(short.completes(&[4, 2, 1, 1]));
}

// ---------------------------------------------------------------- the deal and the turn

#[test]
fn deal_is_five_each_one_at_a_time_from_seat_zero_then_seat_zero_draws() {
    let g = game(
        2,
        None,
        &[
            &[Go, Go, Go, Go, Go],
            &[Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        ],
        &[Freeway],
    );
    let view = g.view(None);
    assert_eq!(view.to_move, 0);
    assert_eq!(g.held(0, Go), 5);
    assert_eq!(g.held(0, Freeway), 1, "seat 0 drew its sixth card");
    assert_eq!(g.held(1, Wrecker), 5);
    assert_eq!(view.seats[0].hand_size, 6);
    assert_eq!(view.seats[1].hand_size, 5);
    assert_eq!(view.draw_pile, 99 - 11);
}

#[test]
fn a_turn_is_draw_then_one_play_or_discard() {
    let mut g = duel(
        [Go, Mile25, Mile25, Mile25, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile35, Gasoline],
    );
    let events = act(&mut g, play(Go));
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.hand_sizes().collect::<Vec<_>>(), vec![5, 6]);
    assert_eq!(
        events.last(),
        Some(&Event::Drew {
            seat: 1,
            card: Some(Gasoline)
        })
    );
    act(&mut g, discard(Gasoline));
    assert_eq!(g.hand_sizes().collect::<Vec<_>>(), vec![6, 5]);
    assert_eq!(g.turn(), 2);
}

#[test]
fn the_discard_pile_is_face_up() {
    let mut g = duel(
        [Go, Mile25, Mile25, Mile25, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Freeway],
    );
    let events = act(&mut g, discard(Freeway));
    assert!(events.contains(&Event::Discarded {
        seat: 0,
        card: Freeway
    }));
    let seen_by_other = touring::engine::RuleEvent::seen_by(events[0], Some(1));
    assert_eq!(seen_by_other, events[0], "the discard is seen by everyone");
    let view = g.view(Some(1));
    assert_eq!(view.discard_top, Some(Freeway));
    assert_eq!(view.discard, 1);
}

#[test]
fn only_the_seat_to_move_may_act_and_only_with_a_card_it_holds() {
    let mut g = duel(
        [Go, Mile25, Mile25, Mile25, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile35],
    );
    let err = g
        .apply_as(1, discard(Wrecker), &mut Vec::new())
        .expect_err("not seat 1's turn");
    assert!(err.to_string().contains("seat 0 is to play"), "{err}");
    let err = refuse(&mut g, discard(Wrecker));
    assert!(err.contains("you do not hold a Wrecker card"), "{err}");
}

// ---------------------------------------------------------------- Go and Freeway

#[test]
fn mileage_needs_go_exposed() {
    let mut g = duel(
        [Mile25, Mile35, Go, Freeway, Mile50],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile25],
    );
    let err = refuse(&mut g, play(Mile25));
    assert!(err.contains("need a Go exposed"), "{err}");
    assert!(err.contains("play Go first"), "{err}");
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile25));
    assert_eq!(g.miles(0), 25);
}

#[test]
fn twenty_fives_and_thirty_fives_need_only_go() {
    let mut g = duel(
        [Go, Mile25, Mile35, Mile25, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile25],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    assert_eq!(g.freeway_top(0), None);
    act(&mut g, play(Mile35));
    pass(&mut g);
    act(&mut g, play(Mile25));
    assert_eq!(g.miles(0), 60);
    assert_eq!(g.piles(0), [1, 1, 0, 0]);
}

#[test]
fn fifties_and_seventy_fives_need_a_freeway_exposed() {
    let mut g = duel(
        [Go, Freeway, Mile50, Mile75, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile25],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Freeway));
    pass(&mut g);
    let events = act(&mut g, play(Mile75));
    assert!(events.contains(&Event::Played {
        seat: 0,
        side: 0,
        card: Mile75
    }));
    pass(&mut g);
    act(&mut g, play(Mile50));
    assert_eq!(g.miles(0), 125);
    assert_eq!(g.view(None).sides[0].freeway_top, Some(Freeway));
}

#[test]
fn speeding_forfeits_the_card_to_the_discard_pile() {
    let mut g = duel(
        [Go, Mile50, Mile75, Mile25, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile25],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile25));
    pass(&mut g);
    let events = act(&mut g, play(Mile50));
    assert!(events.contains(&Event::Speeding {
        seat: 0,
        side: 0,
        card: Mile50
    }));
    assert_eq!(g.miles(0), 25, "nothing else happens: the 25 stays");
    assert_eq!(g.status(0), Status::Running, "the side keeps going");
    assert_eq!(g.discard_top(), Some(Mile50));
    assert_eq!(g.held(0, Mile50), 0);
    let json = serde_json::to_value(events[0]).expect("json");
    assert_eq!(json["event"], "speeding");
}

#[test]
fn freeway_is_played_whenever_the_top_is_not_a_freeway() {
    let mut g = duel(
        [Freeway, Freeway, Mile25, Mile25, Mile25],
        [Wrecker, Wrecker, Wrecker, Wrecker, Wrecker],
        &[Mile25],
    );
    // Before Go: the Freeway state does not depend on the Go pile.
    act(&mut g, play(Freeway));
    assert_eq!(g.status(0), Status::NotStarted);
    pass(&mut g);
    let err = refuse(&mut g, play(Freeway));
    assert!(err.contains("Freeway exposed already"), "{err}");
}

#[test]
fn populated_area_is_played_only_on_an_opponents_exposed_freeway() {
    let mut g = duel(
        [PopulatedArea, PopulatedArea, Mile25, Mile25, Mile25],
        [Freeway, Go, Mile50, Mile75, Wrecker],
        &[Mile25, Mile25, Mile25],
    );
    let err = refuse(&mut g, on(PopulatedArea, 1));
    assert!(err.contains("side 1 has none"), "{err}");
    let err = refuse(&mut g, on(PopulatedArea, 0));
    assert!(err.contains("your own side"), "{err}");
    pass(&mut g);
    act(&mut g, play(Freeway));
    let events = act(&mut g, on(PopulatedArea, 1));
    assert!(events.contains(&Event::Delayed {
        by: 0,
        side: 1,
        card: PopulatedArea,
        taken: None
    }));
    assert_eq!(g.freeway_top(1), Some(PopulatedArea));
    act(&mut g, play(Go));
    pass(&mut g);
    // Behind a Populated Area a 50 is speeding again.
    let events = act(&mut g, play(Mile50));
    assert!(matches!(events[0], Event::Speeding { card: Mile50, .. }));
}

#[test]
fn a_new_freeway_covers_a_populated_area() {
    let mut g = duel(
        [PopulatedArea, Mile25, Mile25, Mile25, Mile25],
        [Freeway, Freeway, Go, Mile75, Wrecker],
        &[Mile25, Mile25, Mile25, Mile25],
    );
    discard_other(&mut g, &[PopulatedArea, Freeway, Go, Mile75]);
    act(&mut g, play(Freeway));
    act(&mut g, on(PopulatedArea, 1));
    act(&mut g, play(Freeway));
    assert_eq!(g.freeway_top(1), Some(Freeway));
    assert_eq!(g.view(None).sides[1].freeway_pile, 3);
    discard_other(&mut g, &[PopulatedArea, Freeway, Go, Mile75]);
    act(&mut g, play(Go));
    discard_other(&mut g, &[PopulatedArea, Freeway, Go, Mile75]);
    act(&mut g, play(Mile75));
    assert_eq!(g.miles(1), 75);
}

// ---------------------------------------------------------------- delays

/// Seat 1 starts, then seat 0 plays `delay_card` on it. Returns the game with seat 1 to move.
fn delayed_by(delay_card: Card, hand1: [Card; 5]) -> State {
    let mut g = duel(
        [delay_card, Mile25, Mile25, Mile25, Mile25],
        hand1,
        &[Mile25, Mile25, Mile25, Mile25, Mile25, Mile25],
    );
    discard_other(&mut g, &[delay_card]);
    act(&mut g, play(Go));
    act(&mut g, on(delay_card, 1));
    g
}

#[test]
fn missed_the_curve_needs_wrecker_then_go() {
    let mut g = delayed_by(MissedTheCurve, [Go, Wrecker, Go, Mile25, Mile35]);
    let side = &g.view(None).sides[1];
    assert_eq!(side.go_top, Some(MissedTheCurve));
    assert_eq!(side.status, Status::Delayed);
    assert_eq!(side.needs, vec![Wrecker, Go]);
    let err = refuse(&mut g, play(Mile25));
    assert!(err.contains("play Wrecker first"), "{err}");
    let err = refuse(&mut g, play(Go));
    assert!(err.contains("must play Wrecker next, not Go"), "{err}");
    act(&mut g, play(Wrecker));
    assert_eq!(g.view(None).sides[1].needs, vec![Go]);
    pass(&mut g);
    refuse(&mut g, play(Mile25));
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile35));
    assert_eq!(g.miles(1), 35);
}

#[test]
fn stop_to_refuel_needs_gasoline_then_go() {
    let mut g = delayed_by(StopToRefuel, [Go, Gasoline, Wrecker, Go, Mile25]);
    assert_eq!(g.view(None).sides[1].needs, vec![Gasoline, Go]);
    let err = refuse(&mut g, play(Wrecker));
    assert!(err.contains("must play Gasoline next"), "{err}");
    act(&mut g, play(Gasoline));
    pass(&mut g);
    act(&mut g, play(Go));
    assert_eq!(g.status(1), Status::Running);
}

#[test]
fn stopping_delays_are_played_only_on_an_exposed_go() {
    let mut g = duel(
        [MissedTheCurve, StopToRefuel, Mile25, Mile25, Mile25],
        [Wrecker, Go, Go, Mile25, Mile25],
        &[Mile25, Mile25, Mile25, Mile25, Mile25, Mile25],
    );
    let err = refuse(&mut g, on(MissedTheCurve, 1));
    assert!(
        err.contains("only against a side with a Go exposed"),
        "{err}"
    );
    assert!(err.contains("not started"), "{err}");
    discard_other(&mut g, &[MissedTheCurve, StopToRefuel, Go, Wrecker]);
    act(&mut g, play(Go));
    act(&mut g, on(MissedTheCurve, 1));
    act(&mut g, play(Wrecker));
    // A Wrecker on top is not a Go: the side cannot be delayed again yet.
    let err = refuse(&mut g, on(StopToRefuel, 1));
    assert!(err.contains("side 1 is delayed"), "{err}");
}

#[test]
fn burning_oil_takes_a_75_broken_spring_a_50_brake_adjustment_a_35() {
    for (delay, taken, pile) in [
        (BurningOil, Mile75, 3),
        (BrokenSpring, Mile50, 2),
        (BrakeAdjustment, Mile35, 1),
    ] {
        let mut g = duel(
            [delay, Mile25, Mile25, Mile25, Mile25],
            [Go, Freeway, taken, Mile25, Wrecker],
            &[Mile25; 8],
        );
        discard_other(&mut g, &[delay, Go, Freeway, taken]);
        act(&mut g, play(Go));
        discard_other(&mut g, &[delay, Go, Freeway, taken]);
        act(&mut g, play(Freeway));
        discard_other(&mut g, &[delay, Go, Freeway, taken]);
        act(&mut g, play(taken));
        assert_eq!(g.piles(1)[pile], 1);
        let events = act(&mut g, on(delay, 1));
        assert!(events.contains(&Event::Delayed {
            by: 0,
            side: 1,
            card: delay,
            taken: Some(taken)
        }));
        assert_eq!(g.piles(1)[pile], 0, "{delay} took the {taken}");
        let discards = g.discard_pile();
        assert_eq!(
            discards.get(taken),
            1,
            "the mileage card goes to the discard pile"
        );
        assert_eq!(g.discard_top(), Some(delay), "with the delay card on it");
        assert_eq!(
            g.go_top(1),
            Some(Go),
            "the delay does not lie on the Go pile"
        );
    }
}

#[test]
fn a_taking_delay_does_not_stop_the_side() {
    let mut g = duel(
        [BrakeAdjustment, Mile25, Mile25, Mile25, Mile25],
        [Go, Mile35, Mile35, Mile25, Wrecker],
        &[Mile25; 8],
    );
    discard_other(&mut g, &[BrakeAdjustment, Go, Mile35]);
    act(&mut g, play(Go));
    discard_other(&mut g, &[BrakeAdjustment, Go, Mile35]);
    act(&mut g, play(Mile35));
    act(&mut g, on(BrakeAdjustment, 1));
    assert_eq!(g.status(1), Status::Running);
    act(&mut g, play(Mile35));
    assert_eq!(g.miles(1), 35);
}

#[test]
fn a_taking_delay_needs_the_card_it_takes_and_an_exposed_go() {
    let mut g = duel(
        [BurningOil, Mile25, Mile25, Mile25, Mile25],
        [Go, Mile35, Mile25, Mile25, Wrecker],
        &[Mile25; 6],
    );
    let err = refuse(&mut g, on(BurningOil, 1));
    assert!(err.contains("Go exposed"), "{err}");
    discard_other(&mut g, &[BurningOil, Go, Mile35]);
    act(&mut g, play(Go));
    discard_other(&mut g, &[BurningOil, Go, Mile35]);
    act(&mut g, play(Mile35));
    let err = refuse(&mut g, on(BurningOil, 1));
    assert!(
        err.contains("Burning Oil takes away a 75 Miles card, and side 1 has none"),
        "{err}"
    );
}

#[test]
fn a_target_is_needed_when_more_than_one_side_could_be_delayed() {
    let mut g = game(
        3,
        None,
        &[
            &[StopToRefuel, Mile25, Mile25, Mile25, Mile25],
            &[Go, Mile25, Mile25, Mile25, Mile25],
            &[Go, Mile25, Mile25, Mile25, Mile25],
        ],
        &[Mile25; 6],
    );
    discard_other(&mut g, &[StopToRefuel]);
    act(&mut g, play(Go));
    act(&mut g, play(Go));
    let before = g.clone();
    let err = g
        .apply(play(StopToRefuel), &mut Vec::new())
        .expect_err("which side?");
    assert!(err.to_string().contains("say which side"), "{err}");
    assert_eq!(g, before);
    let err = refuse(&mut g, on(StopToRefuel, 3));
    assert!(err.contains("no side 3"), "{err}");
    act(&mut g, on(StopToRefuel, 2));
    assert_eq!(g.status(2), Status::Delayed);
    assert_eq!(g.status(1), Status::Running);
}

#[test]
fn with_one_opponent_the_target_may_be_left_out() {
    let mut g = duel(
        [StopToRefuel, Mile25, Mile25, Mile25, Mile25],
        [Go, Mile25, Mile25, Mile25, Mile25],
        &[Mile25; 4],
    );
    discard_other(&mut g, &[StopToRefuel]);
    act(&mut g, play(Go));
    g.apply(play(StopToRefuel), &mut Vec::new())
        .expect("the only opponent is the target");
    assert_eq!(g.status(1), Status::Delayed);
}

// ---------------------------------------------------------------- quotas and winning

#[test]
fn no_mileage_card_is_played_beyond_its_piles_quota() {
    let mut g = game(
        3,
        None,
        &[
            &[Go, Freeway, Mile75, Mile75, Mile25],
            &[Wrecker; 5],
            &[Gasoline; 5],
        ],
        &[Mile25; 9],
    );
    act(&mut g, play(Go));
    pass(&mut g);
    pass(&mut g);
    act(&mut g, play(Freeway));
    pass(&mut g);
    pass(&mut g);
    act(&mut g, play(Mile75));
    pass(&mut g);
    pass(&mut g);
    let err = refuse(&mut g, play(Mile75));
    assert!(
        err.contains("your 75 Miles pile is complete: the trip takes exactly 1 of them"),
        "{err}"
    );
}

/// Plays seat 0 to one card short of the 590-mile trip while seat 1 only discards.
fn race_to_the_last_card() -> State {
    let mut g = duel(
        [Go, Freeway, Mile75, Mile75, Mile50],
        [Gasoline; 5],
        &interleave(
            &[
                Mile50, Mile35, Mile35, Mile35, Mile35, Mile25, Mile25, Mile25, Mile25, Mile25,
                Mile25, Mile25, Mile25,
            ],
            &[
                Wrecker, Wrecker, Wrecker, Wrecker, Wrecker, Wrecker, Wrecker, Gasoline, Gasoline,
                Go, Go, Go, Go,
            ],
        ),
    );
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Freeway));
    pass(&mut g);
    loop {
        let mile = hand(&g)
            .into_iter()
            .filter(|c| c.is_mile())
            .find(|&c| g.is_legal(play(c)))
            .expect("a mileage card to play");
        if g.miles(0) + mile.miles() == 590 {
            return g;
        }
        act(&mut g, play(mile));
        pass(&mut g);
    }
}

#[test]
fn the_first_side_to_complete_the_exact_trip_wins() {
    let mut g = race_to_the_last_card();
    assert_eq!(g.winner(), None);
    let last = hand(&g)
        .into_iter()
        .find(|&c| c.is_mile() && g.is_legal(play(c)))
        .expect("the last card");
    let events = act(&mut g, play(last));
    assert_eq!(events.last(), Some(&Event::Won { side: 0 }));
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.piles(0), [8, 4, 2, 2]);
    assert_eq!(g.miles(0), 590);
    let first = hand(&g)[0];
    let err = refuse(&mut g, discard(first));
    assert!(err.contains("side 0 has won"), "{err}");
}

#[test]
fn partners_play_on_the_space_of_the_first_to_play_go() {
    let mut g = game(
        4,
        None,
        &[
            &[Mile25, Mile25, Mile25, Mile25, Mile25],
            &[Wrecker; 5],
            &[Go, Mile35, Mile35, Mile35, Mile35],
            &[Gasoline; 5],
        ],
        &[Mile25; 8],
    );
    refuse(&mut g, play(Mile25));
    pass(&mut g);
    pass(&mut g);
    act(&mut g, play(Go));
    pass(&mut g);
    act(&mut g, play(Mile25));
    pass(&mut g);
    act(&mut g, play(Mile35));
    assert_eq!(g.miles(0), 60, "both partners built side 0's trip");
    assert_eq!(g.view(None).sides[0].seats, vec![0, 2]);
}

// ---------------------------------------------------------------- the draw pile

#[test]
fn an_exhausted_draw_pile_is_rebuilt_from_the_discards_and_the_go_and_freeway_piles_but_their_tops()
{
    use touring::engine::shuffle::rng_from_seed;
    let mut rng = rng_from_seed(9);
    let mut seen = 0;
    for seed in 0..40 {
        let mut g = State::new_game(config(2, None), seed, &[]).expect("game");
        while !g.is_over() && g.reshuffles() == 0 && g.turn() < 3000 {
            let before = g.clone();
            let action = g.random_action(&mut rng).expect("action");
            let mut events = Vec::new();
            g.apply(action, &mut events).expect("legal");
            if let Some(Event::Reshuffled { draw_pile }) = events
                .iter()
                .find(|e| matches!(e, Event::Reshuffled { .. }))
                .copied()
            {
                seen += 1;
                let view = g.view(None);
                assert_eq!(view.discard, 0);
                assert_eq!(view.discard_top, None);
                for side in 0..2 {
                    let s = &view.sides[usize::from(side)];
                    assert_eq!(s.go_pile, u32::from(s.go_top.is_some()), "Go top only");
                    assert_eq!(s.freeway_pile, u32::from(s.freeway_top.is_some()));
                    if matches!(action, touring1958::Action::Discard { .. }) {
                        assert_eq!(s.freeway_top, before.freeway_top(side), "tops stay");
                        assert_eq!(s.go_top, before.go_top(side), "tops stay");
                    }
                    assert_eq!(s.piles.to_array(), g.piles(side), "mileage stays");
                }
                // The new draw pile holds everything but hands, mileage and the piles' tops;
                // the seat to move has drawn its card from it already.
                let out: u32 = g.hand_sizes().map(u32::from).sum::<u32>()
                    + (0..2)
                        .map(|s| g.piles(s).iter().map(|&n| u32::from(n)).sum::<u32>())
                        .sum::<u32>()
                    + view
                        .sides
                        .iter()
                        .map(|s| s.go_pile + s.freeway_pile)
                        .sum::<u32>();
                assert_eq!(draw_pile, 99 - out + 1);
                assert_eq!(view.draw_pile, draw_pile - 1);
                assert_eq!(g.census(), g.pack());
            }
        }
    }
    assert!(seen > 5, "reshuffles happened: {seen}");
}
