//! Series: a season or league of evenings. Make one, make its evenings, read its standings,
//! and tell who is who (link two names, split them, give a seat to a person). The counting is
//! [`crate::tournament::series_standings`]; this reads the evenings and the people for it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::events::{self, EventRecord};
use super::tokens::{hash_token, looks_like_token, new_token, same_hash};
use super::{App, AppError, AppResult, Tx};
use crate::db::models::{self, NewSeries, NewSeriesPerson, SeriesSeat};
use crate::db::{Conn, queries};
use crate::tournament::{
    self, Appearance, Award, Counting, EntryId, Evening, People, Person, PrizeChoice, SeriesError,
    SeriesStanding, Settings,
};

/// The answer every refused series token gets, whether or not the series exists.
pub fn series_refusal() -> AppError {
    AppError::Forbidden(
        "that token is not the host token of this series: send the series' own host token (the one given when the series was made) as Authorization: Bearer"
            .into(),
    )
}

fn refused(error: SeriesError) -> AppError {
    AppError::invalid(error.to_string())
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
    let row = queries::series(conn, id)?
        .ok_or_else(|| AppError::not_found(format!("there is no series {id}")))?;
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
/// browser session opened with it, which keeps the token's stored hash (never the token), so
/// that a new series token ends every session opened with the old one.
#[derive(Debug, Clone)]
pub enum SeriesProof {
    Token(String),
    Session(String),
}

impl SeriesProof {
    fn opens(&self, series: &models::Series) -> bool {
        match self {
            SeriesProof::Token(token) => {
                looks_like_token(token) && same_hash(&hash_token(token), &series.host_token_hash)
            }
            SeriesProof::Session(hash) => same_hash(hash, &series.host_token_hash),
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
/// keeps (the token's stored hash).
pub fn open_console(app: &App, id: i64, token: &str) -> AppResult<String> {
    app.read(|conn| {
        let series = load_as_host(conn, id, &SeriesProof::Token(token.to_owned()))?;
        Ok(series.row.host_token_hash)
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
        .map_err(|e| AppError::invalid(e.to_string()))?;
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
        .map_err(|e| AppError::invalid(e.to_string()))?;
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
        queries::set_event_series(conn, event.id(), series)?;
        event.row.series_id = Some(series);
        Ok((event, token))
    })
}

/// One evening of a series, as its standings list it.
#[derive(Debug, Clone, Serialize)]
pub struct EveningSummary {
    pub event: i64,
    pub name: String,
    pub status: String,
    pub closed: bool,
    pub date: chrono::DateTime<chrono::Utc>,
    /// The host made the evening's views private: the public season leaves its people out.
    pub private: bool,
    /// The evening's club prizes (those the series gives each evening).
    pub awards: Vec<Award>,
}

/// A series' standings and its evenings.
#[derive(Debug, Clone)]
pub struct SeriesStandings {
    pub series: SeriesRecord,
    pub evenings: Vec<EveningSummary>,
    pub standings: Vec<SeriesStanding>,
    /// The season's club prizes.
    pub awards: Vec<Award>,
    /// Every evening's placed people (none for a private evening in the public season), as
    /// counted.
    pub results: Vec<Evening>,
    /// Who is who.
    pub people: People,
}

/// The different tables each entry sat at in an evening's closed rounds.
fn tables_visited(conn: &mut Conn, event: i64) -> AppResult<BTreeMap<EntryId, u32>> {
    let mut seen: std::collections::BTreeSet<(EntryId, i64)> = Default::default();
    for round in queries::rounds_of_event(conn, event)? {
        if super::rounds::RoundStage::parse(&round.state)? != super::rounds::RoundStage::Closed {
            continue;
        }
        for table in queries::tables_of_round(conn, round.id)? {
            for seat in queries::entries_of_table(conn, table.id)? {
                seen.insert((seat.entry_id, i64::from(table.number)));
            }
        }
    }
    let mut visited = BTreeMap::new();
    for (entry, _) in seen {
        *visited.entry(entry).or_insert(0) += 1;
    }
    Ok(visited)
}

/// Reads the people, the evenings and each evening's placed people.
fn gather(
    tx: &mut Tx,
    series: &SeriesRecord,
) -> AppResult<(People, Vec<EveningSummary>, Vec<Evening>)> {
    let people = stored_people(tx, series.id())?;
    let mut summaries = Vec::new();
    let mut evenings = Vec::new();
    for row in queries::events_of_series(tx, series.id())? {
        let event = events::load(tx, row.id)?;
        let (summary, evening) = evening_of(tx, &event)?;
        summaries.push(summary);
        evenings.push(evening);
    }
    Ok((people, summaries, evenings))
}

/// One evening as the season sees it: its summary and its placed people.
fn evening_of(tx: &mut Tx, event: &EventRecord) -> AppResult<(EveningSummary, Evening)> {
    let standings = super::standings::standings(tx, event)?;
    // Prizes go by closed rounds played at a table: not a bye, nor a missed round.
    let results = super::standings::round_results(tx, event)?;
    let tables = tables_visited(tx, event.id())?;
    let players: BTreeMap<i64, Vec<models::Player>> = events::entries(tx, event.id())?
        .into_iter()
        .map(|e| (e.id(), e.players))
        .collect();
    let mut appearances = Vec::new();
    for line in standings.rows.iter().filter(|l| l.ranked && !l.bot) {
        for player in players.get(&line.entry).into_iter().flatten() {
            let rounds = line
                .miles
                .iter()
                .zip(&line.missed)
                .enumerate()
                .map(|(i, (&miles, &missed))| {
                    let played = results
                        .get(i)
                        .is_some_and(|r| r.played_at_a_table(line.entry));
                    miles.filter(|_| played && !missed)
                })
                .collect();
            appearances.push(Appearance {
                player: player.id,
                name: player.name.clone(),
                total: line.total,
                place: line.place,
                rounds,
                rounds_won: line.rounds_won,
                tables: tables.get(&line.entry).copied().unwrap_or(0),
                withdrawn: line.withdrawn,
            });
        }
    }
    let summary = EveningSummary {
        event: event.id(),
        name: event.settings.name.clone(),
        status: event.row.status.clone(),
        closed: event.is_closed(),
        date: super::utc(event.row.created_at),
        private: event.row.private_views,
        awards: Vec::new(),
    };
    let evening = Evening {
        event: event.id(),
        appearances,
        held: event.row.status == events::FINISHED,
    };
    Ok((summary, evening))
}

/// The club prizes of one evening of a series (none when it is in no series, or its series
/// gives none per evening): for the winners' screen, the printed standings and the exports.
pub fn evening_awards(tx: &mut Tx, event: &EventRecord) -> AppResult<Vec<Award>> {
    let Some(id) = event.row.series_id else {
        return Ok(Vec::new());
    };
    let series = load(tx, id)?;
    if series.prizes.evening.is_empty() {
        return Ok(Vec::new());
    }
    let people = stored_people(tx, id)?;
    let (_, evening) = evening_of(tx, event)?;
    Ok(tournament::evening_awards(
        &series.prizes.evening,
        &people,
        &evening,
    ))
}

/// The season's standings: public, like an evening's standings page. An evening whose host
/// made its views private is listed, but its people, scores and prizes are left out of the
/// public season (its standings are for those holding its viewer key): the public page says
/// how many such evenings it leaves out. The series' console and each guest's own page count
/// every evening (see [`season`]).
pub fn standings(app: &App, id: i64) -> AppResult<SeriesStandings> {
    app.read(|conn| {
        let series = load(conn, id)?;
        season(conn, series, true)
    })
}

/// The season: `public` leaves out the people of private evenings (the public page and
/// exports); otherwise every evening counts (the host's console, a guest's own page).
fn season(tx: &mut Tx, series: SeriesRecord, public: bool) -> AppResult<SeriesStandings> {
    let (people, mut summaries, mut evenings) = gather(tx, &series)?;
    if public {
        for (summary, evening) in summaries.iter().zip(evenings.iter_mut()) {
            if summary.private {
                evening.appearances.clear();
                evening.held = false;
            }
        }
    }
    let standings = tournament::series_standings(series.counting, &people, &evenings);
    for (summary, evening) in summaries.iter_mut().zip(&evenings) {
        summary.awards = tournament::evening_awards(&series.prizes.evening, &people, evening);
    }
    let awards = tournament::season_awards(&series.prizes.season, &people, &evenings, &standings);
    Ok(SeriesStandings {
        series,
        evenings: summaries,
        standings,
        awards,
        results: evenings,
        people,
    })
}

/// What the series' console shows its host: the whole season (private evenings counted),
/// its people with their linked names, and each member's card link.
#[derive(Debug, Clone)]
pub struct SeriesConsole {
    pub season: SeriesStandings,
    pub people: Vec<PersonOut>,
}

/// The series' console, for its host.
pub fn console(app: &App, id: i64, proof: &SeriesProof) -> AppResult<SeriesConsole> {
    app.read(|conn| {
        let series = load_as_host(conn, id, proof)?;
        let people = people_in(conn, &series)?;
        let season = season(conn, series, false)?;
        Ok(SeriesConsole { season, people })
    })
}

/// One member's card: their name and the key of their own page.
#[derive(Debug, Clone)]
pub struct MemberCard {
    pub name: String,
    pub key: String,
}

/// The key of a member's card: derived from the server's secret, the series and its host
/// token's hash (a new series token makes new cards), and who the member is.
fn member_key(series: &SeriesRecord, who: &tournament::Who) -> String {
    let who = match who {
        tournament::Who::Person(id) => format!("person {id}"),
        tournament::Who::Name(key) => format!("name {key}"),
    };
    super::secret::member_key(series.id(), &series.row.host_token_hash, &who)
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
        cards.sort_by_key(|c| tournament::name_key(&c.name));
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
/// results (every evening counts, private ones too: the guest was there).
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
    AppError::Forbidden(
        "that member card is not valid for this series (the host may have printed new ones): ask the host for your card, or open your page from your seat link".into(),
    )
}

fn guest_season(
    tx: &mut Tx,
    series: SeriesRecord,
    find: impl Fn(&SeriesRecord, &People, &tournament::Who) -> bool,
    seat: Option<&Appearance>,
) -> AppResult<GuestSeason> {
    let season = season(tx, series, false)?;
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
pub fn guest_by_seat(app: &App, seat: &super::seat::SeatKey) -> AppResult<GuestSeason> {
    app.read(|conn| {
        let holder = seat.holder(conn)?;
        let Some(id) = holder.event.row.series_id else {
            return Err(AppError::not_found(
                "this evening is in no series: it has no season to show (your seat page shows the evening)",
            ));
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

/// One person of a series, as the host's people list shows them.
#[derive(Debug, Clone, Serialize)]
pub struct PersonOut {
    pub name: String,
    /// Evenings attended.
    pub evenings: u32,
    /// Other names that count as this person.
    pub also: Vec<String>,
    /// The seats they held (player id, and the evening with the name as typed), for the
    /// console's form that splits a seat off when one name is two people.
    #[serde(skip)]
    pub seats: Vec<(i64, String)>,
}

/// The people of a series for its host: everyone who came, with the names linked to them.
pub fn people(app: &App, id: i64, proof: &SeriesProof) -> AppResult<Vec<PersonOut>> {
    app.read(|conn| {
        let series = load_as_host(conn, id, proof)?;
        people_in(conn, &series)
    })
}

/// The people of a series, with the names linked to them, by name.
fn people_in(tx: &mut Tx, series: &SeriesRecord) -> AppResult<Vec<PersonOut>> {
    let id = series.id();
    {
        let (people, summaries, evenings) = gather(tx, series)?;
        let mut seats: BTreeMap<tournament::Who, Vec<(i64, String)>> = BTreeMap::new();
        for (summary, evening) in summaries.iter().zip(&evenings) {
            for seat in &evening.appearances {
                seats
                    .entry(people.who(seat))
                    .or_default()
                    .push((seat.player, format!("{} ({})", summary.name, seat.name)));
            }
        }
        let standings = tournament::series_standings(series.counting, &people, &evenings);
        let stored = queries::people_of_series(tx, id)?;
        let mut out: Vec<PersonOut> = standings
            .into_iter()
            .map(|s| PersonOut {
                also: stored
                    .iter()
                    .filter(|p| {
                        p.same_as.is_some() && tournament::Who::Person(people.root(p.id)) == s.who
                    })
                    .map(|p| p.name.clone())
                    .collect(),
                seats: seats.remove(&s.who).unwrap_or_default(),
                name: s.name,
                evenings: s.evenings,
            })
            .collect();
        out.sort_by_key(|p| tournament::name_key(&p.name));
        Ok(out)
    }
}

/// The stored person holding a name, made when there is none yet.
fn person_named(
    conn: &mut Conn,
    series: i64,
    people: &People,
    name: &str,
    now: chrono::NaiveDateTime,
) -> AppResult<i64> {
    if let Some(person) = people.named(name) {
        return Ok(person.id);
    }
    let name = tournament::clean_name(name, "the person's name")
        .map_err(|e| AppError::invalid(e.to_string()))?;
    Ok(queries::insert_series_person(
        conn,
        &NewSeriesPerson {
            series_id: series,
            name: &name,
            created_at: now,
        },
    )?
    .id)
}

fn stored_people(conn: &mut Conn, id: i64) -> AppResult<People> {
    let persons = queries::people_of_series(conn, id)?
        .into_iter()
        .map(|p| Person {
            id: p.id,
            name: p.name,
            same_as: p.same_as,
        })
        .collect();
    let seats = queries::seats_of_series(conn, id)?
        .into_iter()
        .map(|s| (s.player_id, s.person_id));
    Ok(People::new(persons, seats))
}

/// Links two names: `name` is the same person as `with` and counts under `with`'s name.
pub fn link(app: &App, id: i64, proof: &SeriesProof, name: &str, with: &str) -> AppResult<()> {
    let now = app.now_naive();
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        let people = stored_people(conn, id)?;
        people.check_link(name, with).map_err(refused)?;
        let from = person_named(conn, id, &people, name, now)?;
        let people = stored_people(conn, id)?;
        let to = person_named(conn, id, &people, with, now)?;
        let people = stored_people(conn, id)?;
        // Linked to the person `with` counts as, so that links never chain into a loop.
        let to = people.root(to);
        queries::set_same_as(conn, from, Some(to))?;
        Ok(())
    })
}

/// Splits a linked name off again: it is its own person.
pub fn unlink(app: &App, id: i64, proof: &SeriesProof, name: &str) -> AppResult<()> {
    app.write(|conn| {
        load_as_host(conn, id, proof)?;
        let people = stored_people(conn, id)?;
        let person = people.check_unlink(name).map_err(refused)?;
        queries::set_same_as(conn, person, None)?;
        Ok(())
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
fn seat_in_series(conn: &mut Conn, id: i64, player: i64) -> AppResult<()> {
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
    Err(AppError::not_found(format!(
        "player {player} did not sit at any evening of series {id}: use a player id from one of its evenings (GET /api/v1/events/{{event}}/entries)"
    )))
}

/// The people of a series' other evenings who are not entered in this one (none when it is
/// in no series), by the name the season shows, in alphabetical order: the console's
/// returning guests, each added with one tap. Bots are nobody.
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
        if other.id == event.id() {
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
    names.sort_by_key(|n| tournament::name_key(n));
    Ok(names)
}

/// The season's standings as CSV: one line per person, each evening's score (empty where
/// they did not come; a score not counted in brackets), the total, what is counted and,
/// when the series gives season prizes, those the person takes.
pub fn standings_csv(season: &SeriesStandings) -> AppResult<String> {
    use super::standings::spreadsheet_safe;
    let csv_error = |e: csv::Error| AppError::Internal(format!("writing CSV: {e}"));
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["place".to_owned(), "name".into(), "evenings".into()];
    header.extend(season.evenings.iter().map(|e| spreadsheet_safe(&e.name)));
    header.extend(["total".into(), "counted".into()]);
    // The season's prizes each person takes, when the series gives any.
    let prizes = !season.series.prizes.season.is_empty();
    if prizes {
        header.push("prizes".into());
    }
    writer.write_record(&header).map_err(csv_error)?;
    for s in &season.standings {
        let mut line = vec![
            s.place.to_string(),
            spreadsheet_safe(&s.name),
            s.evenings.to_string(),
        ];
        line.extend(
            s.scores
                .iter()
                .zip(&s.counts)
                .map(|(score, &counts)| match (score, counts) {
                    (None, _) => String::new(),
                    (Some(v), true) => v.to_string(),
                    (Some(v), false) => format!("({v})"),
                }),
        );
        line.extend([s.total.to_string(), s.counted.to_string()]);
        if prizes {
            let taken: Vec<&str> = season
                .awards
                .iter()
                .filter(|a| a.who.contains(&s.who))
                .map(|a| a.prize.title())
                .collect();
            line.push(taken.join("; "));
        }
        writer.write_record(&line).map_err(csv_error)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| AppError::Internal(format!("writing CSV: {e}")))?;
    String::from_utf8(bytes).map_err(|e| AppError::Internal(format!("writing CSV: {e}")))
}
