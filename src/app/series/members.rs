//! A series' members: their cards, a guest's own season (by card or from a seat), giving a seat to
//! a person, and who is back tonight.

use super::{
    EveningSummary, SeriesProof, SeriesRecord, counted, gather, load, load_as_host, person_named,
    season, stored_people,
};
use crate::app::events::EventRecord;
use crate::app::tokens::{looks_like_token, same_hash};
use crate::app::{App, AppError, AppResult, Tx, events};
use crate::db::models::SeriesSeat;
use crate::db::{Conn, queries};
use crate::tournament;
use crate::tournament::{Appearance, Award, Evening, People, SeriesStanding};
use std::collections::BTreeMap;

/// One member's card: their name and the key of their own page.
#[derive(Debug, Clone)]
pub struct MemberCard {
    pub name: String,
    pub key: String,
}

/// The key of a member's card: derived from the server's secret, the series and its host
/// token's hash (a new series token makes new cards), and who the member is.
pub(super) fn member_key(series: &SeriesRecord, who: &tournament::Who) -> String {
    let who = match who {
        tournament::Who::Person(id) => format!("person {id}"),
        tournament::Who::Name(key) => format!("name {key}"),
        tournament::Who::Seat { seat } => format!("seat {seat}"),
    };
    crate::app::secret::member_key(series.id(), &series.row.host_token_hash, &who)
}

/// Every member's card (everyone who came, by the name the season shows), for the host to
/// print.
pub fn member_cards(
    app: &App,
    id: i64,
    proof: &SeriesProof,
) -> AppResult<(String, Vec<MemberCard>)> {
    app.read(|conn| {
        let series = load_as_host(conn, id, proof)?;
        let season = season(conn, series, false)?;
        let mut cards: Vec<MemberCard> = season
            .standings
            .iter()
            .map(|s| MemberCard {
                name: s.name.clone(),
                key: member_key(&season.series, &s.who),
            })
            .collect();
        cards.sort_by_key(|c| tournament::sort_key(&c.name));
        Ok((season.series.row.name.clone(), cards))
    })
}

/// One evening of the season as a guest's own page shows it.
#[derive(Debug, Clone)]
pub struct GuestEvening {
    pub event: i64,
    pub name: String,
    pub date: chrono::DateTime<chrono::Utc>,
    pub status: String,
    pub closed: bool,
    /// Where the guest came, with their score per round; `None` when they did not come.
    pub result: Option<Appearance>,
    /// The evening's club prizes the guest took.
    pub prizes: Vec<Award>,
}

/// A guest's own page: their evenings of the season and their standing in it, nobody else's
/// results. Every evening counts, private ones too: from a member card (the host printed it
/// for that person), every evening of theirs; from a seat link, a private evening only where
/// that seat is tied to it (see [`set_apart_for`]).
#[derive(Debug, Clone)]
pub struct GuestSeason {
    pub series: SeriesRecord,
    pub name: String,
    pub evenings: Vec<GuestEvening>,
    /// Their line of the season's standings, if they came at all.
    pub standing: Option<SeriesStanding>,
    /// How many people the season's standings hold.
    pub people: usize,
    /// The season's club prizes the guest takes.
    pub prizes: Vec<Award>,
}

/// The refusal of a member card that is not one of this series'.
pub fn card_refusal() -> AppError {
    AppError::Forbidden(crate::i18n::Said::new("refused-member-card"))
}

pub(super) fn guest_season(
    tx: &mut Tx,
    series: SeriesRecord,
    find: impl Fn(&SeriesRecord, &People, &tournament::Who) -> bool,
    seat: Option<&Appearance>,
) -> AppResult<GuestSeason> {
    let (mut people, summaries, evenings) = gather(tx, &series)?;
    if let Some(seat) = seat {
        set_apart_for(&mut people, seat, &summaries, &evenings);
    }
    let season = counted(series, people, (summaries, evenings), false);
    let people = &season.people;
    let mut whos: Vec<tournament::Who> = season.standings.iter().map(|s| s.who.clone()).collect();
    if let Some(seat) = seat {
        whos.push(people.who(seat));
    }
    let who = whos
        .into_iter()
        .find(|w| find(&season.series, people, w))
        .ok_or_else(card_refusal)?;
    let standing = season.standings.iter().find(|s| s.who == who).cloned();
    let mine = |awards: &[Award]| -> Vec<Award> {
        awards
            .iter()
            .filter(|a| a.who.contains(&who))
            .cloned()
            .collect()
    };
    let evenings = season
        .evenings
        .iter()
        .zip(&season.results)
        .map(|(summary, evening)| GuestEvening {
            event: summary.event,
            name: summary.name.clone(),
            date: summary.date,
            status: summary.status.clone(),
            closed: summary.closed,
            result: evening
                .appearances
                .iter()
                .find(|a| people.who(a) == who)
                .cloned(),
            prizes: mine(&summary.awards),
        })
        .collect();
    let name = standing
        .as_ref()
        .map(|s| s.name.clone())
        .or_else(|| seat.map(|s| s.name.clone()))
        .unwrap_or_default();
    Ok(GuestSeason {
        name,
        evenings,
        people: season.standings.len(),
        prizes: mine(&season.awards),
        standing,
        series: season.series,
    })
}

/// A guest known by their seat: a private evening's seat counts as theirs only where they sat
/// (that very seat) or where the series' host gave both seats to one person. A private seat
/// that their name alone matches (case and spaces aside, or through a link of names) is
/// counted apart: whoever types a member's name at an open evening does not see that
/// member's private evenings.
fn set_apart_for(
    people: &mut People,
    seat: &Appearance,
    summaries: &[EveningSummary],
    evenings: &[Evening],
) {
    let guest = people.who(seat);
    let given = people.given(seat.player);
    let apart: Vec<i64> = summaries
        .iter()
        .zip(evenings)
        .filter(|(summary, _)| summary.private)
        .flat_map(|(_, evening)| &evening.appearances)
        .filter(|a| {
            let tied = a.player == seat.player
                || given.is_some_and(|person| people.given(a.player) == Some(person));
            !tied && people.who(a) == guest
        })
        .map(|a| a.player)
        .collect();
    for player in apart {
        people.set_apart(player);
    }
}

/// A guest's own page from their member card.
pub fn guest_by_card(app: &App, id: i64, key: &str) -> AppResult<GuestSeason> {
    app.read(|conn| {
        let series = load(conn, id)?;
        if !looks_like_token(key) {
            return Err(card_refusal());
        }
        guest_season(
            conn,
            series,
            |series, _, who| same_hash(&member_key(series, who), key),
            None,
        )
    })
}

/// A guest's own page from their seat link in one of the series' evenings.
pub fn guest_by_seat(app: &App, seat: &crate::app::seat::SeatKey) -> AppResult<GuestSeason> {
    app.read(|conn| {
        let holder = seat.holder(conn)?;
        let Some(id) = holder.event.row.series_id else {
            return Err(AppError::not_found(crate::i18n::Said::new(
                "refused-evening-in-no-series",
            )));
        };
        let series = load(conn, id)?;
        let seat = Appearance {
            player: holder.player.id,
            name: holder.player.name.clone(),
            ..Appearance::default()
        };
        guest_season(
            conn,
            series,
            |_, people, who| *who == people.who(&seat),
            Some(&seat),
        )
    })
}

/// Says who sat in a seat of one of the series' evenings: the person named `name` (made if
/// nobody has that name yet). One name that is two people is split this way, and a
/// returning guest added from the people list is given their seat this way.
pub fn give_seat(
    app: &App,
    id: i64,
    proof: &SeriesProof,
    player: i64,
    name: &str,
) -> AppResult<()> {
    let now = app.now_naive();
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        seat_in_series(conn, id, player)?;
        let people = stored_people(conn, id)?;
        let person = person_named(conn, id, &people, name, now)?;
        queries::set_series_seat(
            conn,
            &SeriesSeat {
                player_id: player,
                person_id: person,
            },
        )?;
        Ok(())
    })
}

/// Refuses a seat that is not in one of the series' evenings.
pub(super) fn seat_in_series(conn: &mut Conn, id: i64, player: i64) -> AppResult<()> {
    let events: Vec<i64> = queries::events_of_series(conn, id)?
        .iter()
        .map(|e| e.id)
        .collect();
    for event in events {
        if queries::players_of_event(conn, event)?
            .iter()
            .any(|p| p.id == player)
        {
            return Ok(());
        }
    }
    Err(AppError::not_found(
        crate::i18n::Said::new("refused-player-not-in-series")
            .text("player", player.to_string())
            .text("series", id.to_string()),
    ))
}

/// The people of a series' other evenings who are not entered in this one (none when it is
/// in no series), by the name the season shows, in alphabetical order: the console's
/// returning guests, each added with one tap. Bots are nobody, and a private evening's guests
/// are left out.
pub fn returning_in(conn: &mut Conn, event: &EventRecord) -> AppResult<Vec<String>> {
    let Some(id) = event.row.series_id else {
        return Ok(Vec::new());
    };
    let people = stored_people(conn, id)?;
    let seats = |conn: &mut Conn, event: i64| -> AppResult<Vec<Appearance>> {
        Ok(events::entries(conn, event)?
            .into_iter()
            .filter(|e| !e.row.is_bot)
            .flat_map(|e| e.players)
            .map(|p| Appearance {
                player: p.id,
                name: p.name,
                ..Appearance::default()
            })
            .collect())
    };
    let here: std::collections::BTreeSet<tournament::Who> = seats(conn, event.id())?
        .iter()
        .map(|a| people.who(a))
        .collect();
    let mut names = BTreeMap::new();
    for other in queries::events_of_series(conn, id)? {
        // A private evening's guests are not named to another evening's host (who may be a
        // helper holding that evening's link only).
        if other.id == event.id() || other.private_views {
            continue;
        }
        for seat in seats(conn, other.id)? {
            let who = people.who(&seat);
            if !here.contains(&who) {
                let name = people.shown(&who, seat.name.trim());
                names.entry(who).or_insert(name);
            }
        }
    }
    let mut names: Vec<String> = names.into_values().collect();
    names.sort_by_key(|n| tournament::sort_key(n));
    Ok(names)
}
