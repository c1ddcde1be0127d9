//! The host console: entries, the seating of round 1, the signal, the tables, the close with
//! its movers and ties, corrections, and links to every printout.
//!
//! One file per room: console (the page and its view models), signin (password, sign-out),
//! form (the one extractor every console form goes through), and the forms of each part of
//! the console: entries, round, access, slips (every guest's own link on a printed slip),
//! turn_clock, language (the event's), series (the club's season it counts in); and words, the console's sentences made from the event's
//! facts in its language.

mod access;
mod console;
mod entries;
mod form;
mod language;
mod round;
mod series;
mod signin;
mod slips;
mod turn_clock;
mod words;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    console::routes(cfg);
    signin::routes(cfg);
    entries::routes(cfg);
    round::routes(cfg);
    series::routes(cfg);
    access::routes(cfg);
    slips::routes(cfg);
    turn_clock::routes(cfg);
    language::routes(cfg);
}
