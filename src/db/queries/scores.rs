//! Scores: the round's, the paper cards typed in, and the corrections.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::models::*;
use crate::db::schema::*;

pub fn scores_of_round(conn: &mut Conn, round_id: i64) -> QueryResult<Vec<Score>> {
    on_backend!(conn, {
        scores::table
            .filter(scores::round_id.eq(round_id))
            .select(Score::as_select())
            .load(conn)
    })
}

/// Records (or replaces) an entry's miles for a round.
pub fn upsert_score(conn: &mut Conn, new: &NewScore) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::delete(
            scores::table
                .filter(scores::round_id.eq(new.round_id))
                .filter(scores::entry_id.eq(new.entry_id)),
        )
        .execute(conn)?;
        diesel::insert_into(scores::table).values(new).execute(conn)
    })
}

pub fn paper_scores_of_table(conn: &mut Conn, table_id: i64) -> QueryResult<Vec<PaperScore>> {
    on_backend!(conn, {
        paper_scores::table
            .filter(paper_scores::table_id.eq(table_id))
            .order(paper_scores::side.asc())
            .select(PaperScore::as_select())
            .load(conn)
    })
}

/// Enters (or re-enters, unconfirmed) a side's score card.
pub fn upsert_paper_score(conn: &mut Conn, new: &NewPaperScore) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::delete(
            paper_scores::table
                .filter(paper_scores::table_id.eq(new.table_id))
                .filter(paper_scores::side.eq(new.side)),
        )
        .execute(conn)?;
        diesel::insert_into(paper_scores::table)
            .values(new)
            .execute(conn)
    })
}

pub fn confirm_paper_score(
    conn: &mut Conn,
    id: i64,
    by: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::update(paper_scores::table.find(id))
            .set((
                paper_scores::confirmed_by.eq(Some(by)),
                paper_scores::confirmed_at.eq(Some(at)),
            ))
            .execute(conn)
    })
}

pub fn insert_correction(conn: &mut Conn, new: &NewCorrection) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::insert_into(corrections::table)
            .values(new)
            .execute(conn)
    })
}

pub fn corrections_of_event(conn: &mut Conn, event_id: i64) -> QueryResult<Vec<Correction>> {
    on_backend!(conn, {
        corrections::table
            .filter(corrections::event_id.eq(event_id))
            .order(corrections::id.asc())
            .select(Correction::as_select())
            .load(conn)
    })
}

/// Every round in a state (of every event): the started ones are where bots may have a move.
pub fn rounds_in_state(conn: &mut Conn, state: &str) -> QueryResult<Vec<Round>> {
    on_backend!(conn, {
        rounds::table
            .filter(rounds::state.eq(state))
            .order(rounds::id.asc())
            .select(Round::as_select())
            .load(conn)
    })
}
