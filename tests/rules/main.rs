//! The rules of the three games, their golden games and properties, the bots, the party format
//! (the movement of players between tables) and the engine protocol: everything that needs no
//! server. `cargo test --test rules -- rules_1958::` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod bots;
mod bots_1926;
mod bots_1958;
mod bots_mille_bornes;
mod engine_properties_1926;
mod engine_properties_1958;
mod engine_properties_mille_bornes;
mod engine_protocol;
mod golden_1926;
mod golden_1958;
mod golden_mille_bornes;
mod rules_1926;
mod rules_1958;
mod rules_mille_bornes;
mod selfplay;
mod simulate;
mod tournament;
mod tournament_properties;
