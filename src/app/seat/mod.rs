//! A player's view of the evening, from their seat link: where to sit, the time left, and the
//! game at their table as their seat may see it (their own hand, nobody else's).
//!
//! One file per job: [`holder`] finds who holds a seat (by link or by a QR code's pick),
//! [`check_in`] lets a guest check themselves in from the wall's QR code,
//! [`state`] reads what the seat sees, [`moves`] plays its moves, [`board`] is its page's
//! board (and what live updates redraw of it), [`paper`] its paper score cards, and
//! [`messages`] what the seat is told between rounds and at the end.

mod board;
mod check_in;
mod holder;
mod messages;
mod moves;
mod paper;
mod state;

pub use board::*;
pub use check_in::*;
pub use holder::*;
use messages::*;
pub use moves::*;
pub use paper::*;
pub use state::*;
