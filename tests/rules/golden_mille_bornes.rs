//! Golden tests for Mille Bornes: the deal of a few seeds is pinned, so that a stored hand
//! replays identically after any change of dependency or platform. If one of these fails, a
//! change broke every stored hand: do not update the expected values, fix the change.

use touring::engine::mille_bornes::{Card, State};
use touring::engine::{Config, Rules, RulesId};

fn ids(cards: &[Card]) -> String {
    cards.iter().map(|c| c.id()).collect::<Vec<_>>().join(" ")
}

fn deal(players: u8, seed: u64) -> Vec<String> {
    let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
    let game = State::new_game(config, seed, &[]).expect("game");
    game.view(None)
        .seats
        .iter()
        .map(|s| ids(s.hand.as_deref().unwrap_or_default()))
        .collect()
}

#[test]
fn golden_mille_bornes_deals_are_pinned() {
    for &((players, seed), hands) in GOLDEN {
        assert_eq!(deal(players, seed), hands, "{players} players, seed {seed}");
    }
}

const GOLDEN: &[((u8, u64), &[&str])] = &[
    (
        (2, 0),
        &[
            "d50 d75 stop gasoline spare_tire end_of_limit roll",
            "d75 d75 d100 d100 out_of_gas roll",
        ],
    ),
    (
        (3, 42),
        &[
            "d25 d50 d100 d200 speed_limit end_of_limit extra_tank",
            "d50 d50 d100 gasoline end_of_limit right_of_way",
            "d100 out_of_gas repairs roll roll roll",
        ],
    ),
    (
        (4, 1),
        &[
            "d25 d75 d100 out_of_gas out_of_gas spare_tire end_of_limit",
            "d75 d100 out_of_gas stop stop spare_tire",
            "d50 d50 stop spare_tire spare_tire repairs",
            "d25 d100 stop repairs roll roll",
        ],
    ),
];
