//! Helpers shared by the integration tests.
// Each binary uses a part of these helpers.
#![allow(dead_code, unused_imports, unused_macros)]

pub mod api;
pub mod app;
pub mod bots;
pub mod browser;
pub mod demo;
pub mod forms;
pub mod games;
pub mod mille_bornes;
pub mod server;
pub mod touring1926;
pub mod touring1958;
