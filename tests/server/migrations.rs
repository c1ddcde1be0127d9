//! Migrations carry existing data over (a paper score card stored with the old four mile
//! columns reads back as counts per score-sheet row after the migration that replaced them),
//! and every migration of both backends goes up, down and up again.

use crate::common;

use diesel::prelude::*;
use diesel::sql_query;
use diesel::sqlite::SqliteConnection;
use diesel_migrations::MigrationHarness;
use touring::db::SQLITE_MIGRATIONS as MIGRATIONS;

#[derive(QueryableByName)]
struct Counts {
    #[diesel(sql_type = diesel::sql_types::Text)]
    counts: String,
}

#[test]
fn paper_cards_stored_as_mile_columns_are_carried_over_as_row_counts() {
    let mut conn = SqliteConnection::establish(":memory:").expect("database");
    // The two migrations of the first release, which stored a card as four mile columns.
    for _ in 0..2 {
        conn.run_next_migration(MIGRATIONS).expect("old migration");
    }
    sql_query(
        "INSERT INTO events (id, name, rules, settings, seed, host_token_hash, status, created_at, updated_at, join_key, private_views)
         VALUES (1, 'Old', 'touring-1926', '{}', 1, 'x', 'open', '2026-11-01 20:00:00', '2026-11-01 20:00:00', 'k', 0)",
    )
    .execute(&mut conn)
    .expect("event");
    sql_query(
        "INSERT INTO rounds (id, event_id, number, state, extended_seconds, byes) VALUES (1, 1, 1, 'over', 0, '[]')",
    )
    .execute(&mut conn)
    .expect("round");
    sql_query("INSERT INTO round_tables (id, round_id, number, mode) VALUES (1, 1, 1, 'paper')")
        .execute(&mut conn)
        .expect("table");
    sql_query(
        "INSERT INTO paper_scores (table_id, side, mile1, mile3, mile5, mile10, entered_by, entered_at)
         VALUES (1, 0, 8, 4, 1, 2, 'host', '2026-11-01 21:00:00')",
    )
    .execute(&mut conn)
    .expect("old card");
    conn.run_pending_migrations(MIGRATIONS)
        .expect("new migrations");
    let rows: Vec<Counts> = sql_query("SELECT counts FROM paper_scores")
        .load(&mut conn)
        .expect("cards");
    assert_eq!(rows.len(), 1);
    let counts: serde_json::Value = serde_json::from_str(&rows[0].counts).expect("json");
    assert_eq!(
        counts,
        serde_json::json!({"mile1": 8, "mile3": 4, "mile5": 1, "mile10": 2})
    );
}

/// Runs each migration up, then down, then up again, one after the other, so that every
/// `down.sql` is tried on the schema it must undo and every `up.sql` twice. Answers the names
/// of the migrations that ran, in order.
fn each_migration_up_down_and_up<C>(
    conn: &mut C,
    migrations: impl Fn() -> diesel_migrations::EmbeddedMigrations,
) -> Vec<String>
where
    C: MigrationHarness<C::Backend> + diesel::Connection,
{
    let mut names = Vec::new();
    loop {
        let pending = conn
            .pending_migrations(migrations())
            .expect("pending migrations");
        let Some(next) = pending.first() else { break };
        let name = next.name().to_string();
        conn.run_next_migration(migrations())
            .unwrap_or_else(|e| panic!("{name} up: {e}"));
        conn.revert_last_migration(migrations())
            .unwrap_or_else(|e| panic!("{name} down: {e}"));
        conn.run_next_migration(migrations())
            .unwrap_or_else(|e| panic!("{name} up again: {e}"));
        names.push(name);
    }
    assert!(
        conn.pending_migrations(migrations())
            .expect("pending")
            .is_empty(),
        "every migration ran"
    );
    names
}

#[test]
fn every_sqlite_migration_goes_up_down_and_up_again() {
    let mut conn = SqliteConnection::establish(":memory:").expect("database");
    let names = each_migration_up_down_and_up(&mut conn, || MIGRATIONS);
    assert!(names.len() >= 9, "all migrations ran, not {names:?}");
}

#[test]
fn every_postgres_migration_goes_up_down_and_up_again() {
    let Some(admin) = common::server::postgres() else {
        eprintln!(
            "every_postgres_migration_goes_up_down_and_up_again skipped: set {} to a \
             PostgreSQL server (CI does)",
            common::server::TEST_DATABASE
        );
        return;
    };
    let database = common::server::PgDatabase::create(&admin);
    let mut conn = diesel::PgConnection::establish(&database.url).expect("database");
    let sqlite = each_migration_up_down_and_up(
        &mut SqliteConnection::establish(":memory:").expect("database"),
        || MIGRATIONS,
    );
    let postgres = each_migration_up_down_and_up(&mut conn, || touring::db::POSTGRES_MIGRATIONS);
    // PostgreSQL's first migration is the whole schema of its first release; the migrations
    // since are the same on both backends, ending with the same one.
    assert!(postgres.len() >= 2, "{postgres:?}");
    assert_eq!(
        postgres.last(),
        sqlite.last(),
        "both backends end with the same migration"
    );
}
