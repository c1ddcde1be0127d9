//! The console's turn clock: its seconds a turn (or off), and seats handed to a bot and back.

use actix_web::web;
use serde::Deserialize;

use super::form::HostForm;
use crate::app::{AppError, events, turn_clock};
use crate::web::pages::PageResult;
use crate::web::pages::start::number;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/events/{event}/host/turn-clock",
        web::post().to(set_turn_clock),
    )
    .route(
        "/events/{event}/host/players/{player}/stand-in",
        web::post().to(stand_in),
    );
}

#[derive(Deserialize)]
struct TurnClockForm {
    /// "on" or "off".
    #[serde(default)]
    turn_clock: String,
    #[serde(default)]
    turn_seconds: String,
}

async fn set_turn_clock(form: HostForm<TurnClockForm>) -> PageResult {
    form.apply("turn-clock", move |app, host, form| {
        let seconds = match form.turn_clock.as_str() {
            "off" => None,
            "on" => Some(number::<u32>(&form.turn_seconds, "the seconds a turn")?),
            _ => {
                return Err(AppError::invalid(
                    "choose whether the turn clock is on or off",
                ));
            }
        };
        events::update_event(app, host, |mut settings| {
            settings.turn_seconds = seconds;
            Ok(settings)
        })?;
        Ok(match seconds {
            Some(seconds) => format!(
                "The turn clock is on: a seat that has not moved {seconds} s into its turn has it played by the steady bot."
            ),
            None => "The turn clock is off: tables wait for their players.".to_owned(),
        })
    })
    .await
}

#[derive(Deserialize)]
struct StandInForm {
    /// "bot" (hand the seat to a bot) or "player" (give it back).
    #[serde(default)]
    to: String,
}

async fn stand_in(path: web::Path<(i64, i64)>, form: HostForm<StandInForm>) -> PageResult {
    let (_, player) = path.into_inner();
    form.apply("entries", move |app, host, form| {
        let to_bot = match form.to.as_str() {
            "bot" => true,
            "player" => false,
            _ => {
                return Err(AppError::invalid(
                    "say whether the seat goes to a bot or back to its player",
                ));
            }
        };
        let name = turn_clock::hand_seat(app, host, player, to_bot)?;
        Ok(if to_bot {
            format!("{name}'s seat is handed to a bot: the table's steady bot plays their turns until you take it back.")
        } else {
            format!("{name}'s seat is theirs again: they play their own turns.")
        })
    })
    .await
}
