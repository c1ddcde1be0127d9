//! The console's turn clock: its seconds a turn (or off), seats handed to a bot and back, and
//! seats handed to a late arrival in the middle of a round.

use actix_web::{HttpRequest, web};
use serde::Deserialize;

use super::form::HostForm;
use crate::app::{AppError, events, handover, turn_clock};
use crate::i18n::Said;
use crate::tournament::MissedRounds;
use crate::web::limits;
use crate::web::pages::PageResult;
use crate::web::pages::field::number;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/events/{event}/host/turn-clock",
        web::post().to(set_turn_clock),
    )
    .route(
        "/events/{event}/host/players/{player}/stand-in",
        web::post().to(stand_in),
    )
    .route(
        "/events/{event}/host/players/{player}/hand-over",
        web::post().to(hand_over),
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
            "on" => Some(number::<u32>(
                &form.turn_seconds,
                "refused-field-turn-seconds",
            )?),
            _ => {
                return Err(AppError::invalid(Said::new("refused-turn-clock-on-or-off")));
            }
        };
        events::update_event(app, host, |mut settings| {
            settings.turn_seconds = seconds;
            Ok(settings)
        })?;
        Ok(match seconds {
            Some(seconds) => Said::new("host-said-turn-clock-on").number("seconds", seconds),
            None => Said::new("host-said-turn-clock-off"),
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
                return Err(AppError::invalid(Said::new(
                    "refused-seat-to-bot-or-player",
                )));
            }
        };
        let name = turn_clock::hand_seat(app, host, player, to_bot)?;
        Ok(Said::new(if to_bot {
            "host-said-handed-to-bot"
        } else {
            "host-said-taken-back"
        })
        .text("name", name))
    })
    .await
}

#[derive(Deserialize)]
struct HandOverForm {
    /// The late arrival's name.
    #[serde(default)]
    name: String,
    /// What the late arrival scores for each earlier round: "zero" (the default) or
    /// "round_average".
    #[serde(default)]
    missed_rounds: String,
}

/// Hands a seat to a late arrival: the console shows their new seat link once, with its QR code.
async fn hand_over(
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    form: HostForm<HandOverForm>,
) -> PageResult {
    let (event, player) = path.into_inner();
    let cap = limits::max_entries(&req);
    let fields = (form.fields.name.clone(), form.fields.missed_rounds.clone());
    let handed = form
        .run(move |app, host| {
            let missed = if fields.1.trim().is_empty() {
                MissedRounds::Zero
            } else {
                MissedRounds::parse(&fields.1).map_err(AppError::invalid)?
            };
            handover::hand_to_late_arrival(app, host, cap, player, &fields.0, missed)
        })
        .await;
    let handed = match handed {
        Ok(handed) => handed,
        Err(crate::web::pages::PageError(refused)) => {
            crate::web::pages::tell_refusal(&form.visitor, refused)?;
            return Ok(crate::web::pages::redirect(&format!(
                "/events/{event}/host#entries"
            )));
        }
    };
    // The old link's open page and the table's boards learn at once.
    form.tell_live();
    let base = crate::web::address::base_url(&req);
    let lang = form.lang().await?;
    form.visitor.flash_link_with_qr(
        lang.msg("host-said-handed-over")
            .arg("from", handed.from.as_str())
            .arg("table", handed.table)
            .arg("name", handed.link.name.as_str())
            .arg("round", handed.round)
            .text(),
        format!("{base}/seat/{}", handed.link.token),
    );
    Ok(crate::web::pages::redirect(&format!(
        "/events/{event}/host#entries"
    )))
}
