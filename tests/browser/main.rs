//! Chromium through chromedriver against a real server: what a guest does on a phone, the host on
//! a laptop and the wall on a projector, with the page's script on and off, each page state
//! audited by axe-core and the Nu HTML checker; and the printouts read back from their PDFs.

#[path = "../common/mod.rs"]
mod common;

mod browser_evening;
mod browser_join;
mod browser_language;
mod browser_paper;
mod browser_phone;
mod browser_turn_clock;
mod browser_wall;
mod chromium;
mod print_pdf;
