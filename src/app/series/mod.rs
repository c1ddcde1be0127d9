//! Series: a season or league of evenings. Make one, make its evenings, read its standings,
//! and tell who is who (link two names, split them, give a seat to a person). The counting is
//! [`crate::tournament::series_standings`]; this reads the evenings and the people for it.

mod evenings;
mod members;
mod people;
mod season;

pub use evenings::*;
pub use members::*;
pub use people::*;
pub use season::*;

use super::events::{self, EventRecord};
use super::tokens::{hash_token, looks_like_token, new_token, same_hash};
use super::{App, AppError, AppResult};
use crate::db::models::{self, NewSeries};
use crate::db::{Conn, queries};
use crate::tournament::{self, Counting, PrizeChoice, SeriesError, Settings};

/// The answer every refused series token gets, whether or not the series exists.
pub fn series_refusal() -> AppError {
    AppError::Forbidden(crate::i18n::Said::new("refused-series-host"))
}

fn refused(error: SeriesError) -> AppError {
    AppError::invalid(error.said())
}

/// A series with its counting read.
#[derive(Debug, Clone)]
pub struct SeriesRecord {
    pub row: models::Series,
    pub counting: Counting,
    /// The prizes given each evening and over the season.
    pub prizes: PrizeChoice,
}

impl SeriesRecord {
    pub fn id(&self) -> i64 {
        self.row.id
    }
}

fn counting_of(row: &models::Series) -> AppResult<Counting> {
    Counting::parse(Some(&row.counting), row.count_best.map(i64::from))
        .map_err(|e| AppError::Internal(format!("series {} counts oddly: {e}", row.id)))
}

/// Reads a series.
pub fn load(conn: &mut Conn, id: i64) -> AppResult<SeriesRecord> {
    let row = queries::series(conn, id)?.ok_or_else(|| {
        AppError::not_found(
            crate::i18n::Said::new("refused-no-such-series").text("series", id.to_string()),
        )
    })?;
    let counting = counting_of(&row)?;
    let prizes = PrizeChoice::read(&row.evening_prizes, &row.season_prizes)
        .map_err(|e| AppError::Internal(format!("series {id} has odd prizes: {e}")))?;
    Ok(SeriesRecord {
        row,
        counting,
        prizes,
    })
}

/// How a series' host is known: by the series' token (the API, the host link), or by a
/// browser session opened with it, which keeps the token's stored hash (never the token) and
/// the series' host epoch then, so that a new series token, or a logout, ends every session
/// opened before.
#[derive(Debug, Clone)]
pub enum SeriesProof {
    Token(String),
    Session(SeriesSession),
}

/// What a browser's session keeps of the series' console it opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesSession {
    /// The stored hash of the token it was opened with.
    pub hash: String,
    /// The series' host epoch it was opened in.
    pub epoch: i32,
}

impl SeriesSession {
    pub fn of(series: &models::Series) -> SeriesSession {
        SeriesSession {
            hash: series.host_token_hash.clone(),
            epoch: series.host_epoch,
        }
    }
}

impl SeriesProof {
    fn opens(&self, series: &models::Series) -> bool {
        match self {
            SeriesProof::Token(token) => {
                looks_like_token(token) && same_hash(&hash_token(token), &series.host_token_hash)
            }
            SeriesProof::Session(session) => {
                same_hash(&session.hash, &series.host_token_hash)
                    && session.epoch == series.host_epoch
            }
        }
    }
}

/// Reads a series for its host: a missing series and a wrong token get the same refusal.
pub fn load_as_host(conn: &mut Conn, id: i64, proof: &SeriesProof) -> AppResult<SeriesRecord> {
    let series = match load(conn, id) {
        Ok(series) => series,
        Err(AppError::NotFound(_)) => return Err(series_refusal()),
        Err(other) => return Err(other),
    };
    if proof.opens(&series.row) {
        Ok(series)
    } else {
        Err(series_refusal())
    }
}

/// Opens the series' console in a browser with the series' token: answers what the session
/// keeps (the token's stored hash and the host epoch).
pub fn open_console(app: &App, id: i64, token: &str) -> AppResult<SeriesSession> {
    app.read(|conn| {
        let series = load_as_host(conn, id, &SeriesProof::Token(token.to_owned()))?;
        Ok(SeriesSession::of(&series.row))
    })
}

/// Signs the series' host out everywhere (the console's logout): every console session ends,
/// so a copy of a cookie saved before opens nothing. The token stays, and so do the member
/// cards made from it.
pub fn sign_out(app: &App, id: i64, proof: &SeriesProof) -> AppResult<()> {
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        queries::bump_series_epoch(conn, id, None)?;
        Ok(())
    })
}

/// A new series token (shown only now), for a host link that got out: the old token stops
/// working, every console session ends, and every member card's key (made from the token's
/// hash) is refused: the cards must be printed again. Answers the token and what the session
/// of the host who asked keeps now.
pub fn rotate_host_token(
    app: &App,
    id: i64,
    proof: &SeriesProof,
) -> AppResult<(String, SeriesSession)> {
    let token = new_token();
    let hash = hash_token(&token);
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        queries::bump_series_epoch(conn, id, Some(&hash))?;
        let series = load(conn, id)?;
        Ok((token.clone(), SeriesSession::of(&series.row)))
    })
}

/// Makes a series. Answers it with its host's token (shown once).
pub fn create_series(
    app: &App,
    name: &str,
    counting: Counting,
    prizes: PrizeChoice,
) -> AppResult<(SeriesRecord, String)> {
    let name = tournament::clean_name(name, "the series' name")
        .map_err(|e| AppError::invalid(e.said()))?;
    let now = app.now_naive();
    let token = new_token();
    let hash = hash_token(&token);
    let row = app.write(|conn| {
        Ok(queries::insert_series(
            conn,
            &NewSeries {
                name: &name,
                counting: counting.word(),
                count_best: counting.best().and_then(|n| i32::try_from(n).ok()),
                host_token_hash: &hash,
                created_at: now,
                evening_prizes: &PrizeChoice::stored(&prizes.evening),
                season_prizes: &PrizeChoice::stored(&prizes.season),
            },
        )?)
    })?;
    Ok((
        SeriesRecord {
            row,
            counting,
            prizes,
        },
        token,
    ))
}

/// What a host may change of a series; what is left out stays.
#[derive(Debug, Clone, Default)]
pub struct SeriesChange {
    pub name: Option<String>,
    pub counting: Option<Counting>,
    pub prizes: Option<PrizeChoice>,
}

/// Changes a series' name, counting or prizes; a best N may not exceed the evenings already
/// held.
pub fn update_series(
    app: &App,
    id: i64,
    proof: &SeriesProof,
    change: SeriesChange,
) -> AppResult<SeriesRecord> {
    let SeriesChange {
        name,
        counting,
        prizes,
    } = change;
    let name = name
        .map(|n| tournament::clean_name(&n, "the series' name"))
        .transpose()
        .map_err(|e| AppError::invalid(e.said()))?;
    app.write(|conn| {
        let series = load_as_host(conn, id, proof)?;
        let counting = counting.unwrap_or(series.counting);
        if counting != series.counting {
            let held = held(conn, id)?;
            counting.check_change(held).map_err(refused)?;
        }
        let name = name.clone().unwrap_or_else(|| series.row.name.clone());
        let prizes = prizes.clone().unwrap_or_else(|| series.prizes.clone());
        queries::update_series(
            conn,
            id,
            &name,
            counting.word(),
            counting.best().and_then(|n| i32::try_from(n).ok()),
            (
                &PrizeChoice::stored(&prizes.evening),
                &PrizeChoice::stored(&prizes.season),
            ),
        )?;
        load(conn, id)
    })
}

/// The evenings held: those whose last round is closed.
fn held(conn: &mut Conn, id: i64) -> AppResult<u32> {
    Ok(queries::events_of_series(conn, id)?
        .iter()
        .filter(|e| e.status == events::FINISHED)
        .count() as u32)
}

/// Makes an evening in a series, for the holder of the series' token. The evening gets its
/// own host token as usual; nothing is made when the series token is wrong.
pub fn create_event_in_series(
    app: &App,
    settings: Settings,
    series: i64,
    proof: &SeriesProof,
) -> AppResult<(EventRecord, String)> {
    let now = app.now_naive();
    app.write(|conn| {
        load_as_host(conn, series, proof)?;
        let (mut event, token) = events::create(conn, settings.clone(), now)?;
        queries::set_event_series(conn, event.id(), Some(series))?;
        event.row.series_id = Some(series);
        Ok((event, token))
    })
}

/// What the series' console shows its host: the whole season (private evenings counted),
/// its people with their linked names, and each member's card link.
#[derive(Debug, Clone)]
pub struct SeriesConsole {
    pub season: SeriesStandings,
    pub people: Vec<PersonOut>,
    /// The settings of the evening made last, which the next one starts from.
    pub last_settings: Option<Settings>,
}

/// The series' console, for its host.
pub fn console(app: &App, id: i64, proof: &SeriesProof) -> AppResult<SeriesConsole> {
    app.read(|conn| {
        let series = load_as_host(conn, id, proof)?;
        let people = people_in(conn, &series)?;
        let last_settings = match queries::events_of_series(conn, id)?.last() {
            Some(row) => Some(events::load(conn, row.id)?.settings),
            None => None,
        };
        let season = season(conn, series, false)?;
        Ok(SeriesConsole {
            season,
            people,
            last_settings,
        })
    })
}
