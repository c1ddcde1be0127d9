//! The application as its users meet it: a real `touring serve` on loopback with a fresh database
//! (SQLite, or PostgreSQL when `TOURING_TEST_DATABASE` names one), driven through its pages and its
//! API; the app room called in process; the command line. CI runs this binary on both databases.

#[path = "../common/mod.rs"]
mod common;

mod api_bad_input;
mod api_event;
mod backup;
mod bots_at_tables;
mod checkin;
mod concurrency;
mod crash;
mod database_choice;
mod demo;
mod demo_autopilot;
mod evening_1958;
mod evening_end;
mod evening_mille_bornes;
mod game_to_5000;
mod group_commit;
mod guests_in_bulk;
mod hidden_information;
mod http;
mod instances;
mod live_boards;
mod migrations;
mod pages;
mod paper_console;
mod paper_hands;
mod phone;
mod postgres_tls;
mod refused_moves;
mod replay;
mod seat_hand_over;
mod series_api;
mod series_console;
mod trust;
mod trust_costly;
mod trust_limits;
mod trust_load;
mod trust_seats;
mod turn_clock;
mod turn_clock_http;
mod version;
