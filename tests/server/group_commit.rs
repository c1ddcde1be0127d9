//! SQLite's writes share commits (a group commit): each write is undone alone when it fails,
//! and answered only once its group is on disk, so that whatever a write answered is there for
//! every reader, and the moves counted are the moves stored.

use crate::common;

use std::sync::Arc;
use std::sync::mpsc;

use common::app::{block_on, playing};
use touring::app::play::{self, Move};
use touring::app::{App, AppError, ManualClock, events, rounds};
use touring::db::models::RoundTable;
use touring::db::{Database, queries};
use touring::engine::RulesId;
use touring::tournament::TableSize;

/// An app whose pool has room for many readers beside the writers.
fn app_with_readers(dir: &std::path::Path) -> App {
    let database = Database::Sqlite(dir.join("groups.sqlite"));
    let pool = touring::db::open(&database, 8).expect("open");
    App::new(pool, Arc::new(ManualClock::new(chrono::Utc::now())))
}

/// The one table of an event made by `playing`.
fn table_of(app: &App, event: &events::EventRecord) -> RoundTable {
    app.read(|tx| {
        let round = queries::round(tx, event.id(), 1)?.ok_or(AppError::NotFound(
            touring::i18n::Said::new("refused-not-found"),
        ))?;
        Ok(queries::tables_of_round(tx, round.id)?.remove(0))
    })
    .expect("the table")
}

/// `count` events of two entries, each playing at its one table (Touring 1926: a Mille Bornes
/// table would wait after each hazard).
fn games(app: &App, count: usize) -> Vec<(events::EventRecord, RoundTable)> {
    (0..count)
        .map(|_| {
            let (event, _) = playing(app, RulesId::Touring1926, TableSize::Two);
            let table = table_of(app, &event);
            (event, table)
        })
        .collect()
}

/// How many actions the table's deal holds, as a reader (a connection of its own) sees them.
fn stored(app: &App, table: i64) -> u32 {
    app.read(|tx| play::current_deal(tx, table))
        .expect("the deal")
        .expect("a deal")
        .actions
}

/// Plays the `pick`-th legal move at the table, in the write's transaction: answers how many
/// actions the deal then holds.
fn play_one(
    tx: &mut touring::app::Tx,
    app: &App,
    event: &events::EventRecord,
    table: &RoundTable,
    pick: usize,
) -> Result<u32, AppError> {
    let round = rounds::load(tx, event, 1)?;
    let deal = play::current_deal(tx, table.id)?.ok_or(AppError::NotFound(
        touring::i18n::Said::new("refused-not-found"),
    ))?;
    let seat = deal.game.to_move();
    let seen = deal.actions;
    let legal = deal.game.legal();
    let action = legal[pick % legal.len()];
    play::apply_move(
        tx,
        (event, &round.row, table),
        deal,
        Move { seat, seen, action },
        app.now_naive(),
    )?;
    Ok(seen + 1)
}

#[test]
fn a_refused_write_in_a_shared_commit_is_undone_alone_and_the_others_are_kept() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_with_readers(dir.path());
    let (first, _) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let (second, _) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let (table_a, table_b) = (table_of(&app, &first), table_of(&app, &second));
    let before = app.write_groups();
    let (answered, refused) = two_writes_sharing_a_commit(&app, (&first, &table_a), || {
        app.write(|tx| {
            play_one(tx, &app, &second, &table_b, 0)?;
            Err::<u32, _>(AppError::Invalid(touring::i18n::Said::new("refused-ours")))
        })
    });
    assert!(matches!(refused, Err(AppError::Invalid(_))), "{refused:?}");
    assert_eq!(
        stored(&app, table_a.id),
        answered,
        "the kept move is stored"
    );
    assert_eq!(stored(&app, table_b.id), 0, "the refused move is undone");
    shared_one_commit(&app, before, 2, "the two writes shared one commit");
}

#[test]
fn writes_of_many_threads_are_each_answered_only_once_every_reader_sees_them() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_with_readers(dir.path());
    let tables = games(&app, 6);
    let before = app.write_groups();
    let moves = 40;
    let answered: Vec<u32> = std::thread::scope(|scope| {
        let players: Vec<_> = tables
            .iter()
            .map(|(event, table)| {
                let app = &app;
                scope.spawn(move || {
                    let mut answered = 0;
                    for i in 0..moves {
                        let outcome = app.write(|tx| {
                            let now = play_one(tx, app, event, table, i)?;
                            if i % 5 == 4 {
                                return Err(AppError::Invalid(touring::i18n::Said::new(
                                    "refused-time-up",
                                )));
                            }
                            Ok(now)
                        });
                        match outcome {
                            Ok(now) => {
                                answered += 1;
                                assert_eq!(now, answered);
                                assert_eq!(
                                    stored(app, table.id),
                                    now,
                                    "an answered move is there for every reader"
                                );
                            }
                            Err(refused @ AppError::Invalid(_)) => {
                                assert_eq!(
                                    refused.said().map(|s| s.id),
                                    Some("refused-time-up"),
                                    "move {i}"
                                );
                                assert_eq!(stored(app, table.id), answered, "undone")
                            }
                            Err(other) => panic!("{other}"),
                        }
                    }
                    answered
                })
            })
            .collect();
        players
            .into_iter()
            .map(|p| p.join().expect("a player"))
            .collect()
    });
    for ((_, table), answered) in tables.iter().zip(answered) {
        assert_eq!(answered, moves as u32 * 4 / 5);
        assert_eq!(
            stored(&app, table.id),
            answered,
            "the moves answered are stored"
        );
    }
    let after = app.write_groups();
    assert_eq!(after.writes - before.writes, 6 * moves);
    assert!(after.groups > before.groups);
    assert_eq!(after.waiting, 0);
}

/// Asserts that `writes` writes ran since `before`, and shared one commit.
fn shared_one_commit(app: &App, before: touring::app::WriteGroups, writes: usize, why: &str) {
    let after = app.write_groups();
    assert_eq!(after.writes - before.writes, writes);
    assert_eq!(after.groups - before.groups, 1, "{why}");
}

/// Two writes that share a commit: the first plays a move at `first` and holds its turn until
/// the second, `second`, waits behind it. Answers the first's answer and the second's outcome.
fn two_writes_sharing_a_commit<T>(
    app: &App,
    first: (&events::EventRecord, &RoundTable),
    second: impl FnOnce() -> T,
) -> (u32, T) {
    let (started, has_started) = mpsc::channel();
    std::thread::scope(|scope| {
        let kept = scope.spawn(|| {
            app.write(|tx| {
                let answered = play_one(tx, app, first.0, first.1, 0)?;
                started.send(()).expect("the test waits");
                while app.write_groups().waiting == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                Ok(answered)
            })
        });
        has_started.recv().expect("the first write began");
        let outcome = second();
        (
            kept.join().expect("the first write").expect("kept"),
            outcome,
        )
    })
}

#[test]
fn writes_that_come_in_together_wait_for_company_before_they_commit() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // A long window, so that the write sent while the first waits surely comes within it.
    let window = std::time::Duration::from_secs(1);
    let app = app_with_readers(dir.path()).gathering_writes_for(window);
    let (first, _) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let (second, _) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let (table_a, table_b) = (table_of(&app, &first), table_of(&app, &second));
    // Writes come in together: the last group held two.
    two_writes_sharing_a_commit(&app, (&first, &table_a), || {
        app.write(|tx| play_one(tx, &app, &second, &table_b, 0))
            .expect("the second write")
    });
    let before = app.write_groups();
    let (ran, has_run) = mpsc::channel();
    std::thread::scope(|scope| {
        // Alone when it ends, this write does not commit at once: it waits for company...
        let alone = scope.spawn(|| {
            app.write(|tx| {
                let answered = play_one(tx, &app, &first, &table_a, 0)?;
                ran.send(()).expect("the test waits");
                Ok(answered)
            })
        });
        has_run.recv().expect("the first write ran");
        std::thread::sleep(std::time::Duration::from_millis(50));
        // ... and the write that comes meanwhile joins its group, and is answered once the
        // group is on disk.
        let joined = app
            .write(|tx| play_one(tx, &app, &second, &table_b, 0))
            .expect("the second write");
        assert_eq!(stored(&app, table_b.id), joined, "answered once stored");
        let answered = alone.join().expect("the first write").expect("kept");
        assert_eq!(stored(&app, table_a.id), answered, "answered once stored");
    });
    shared_one_commit(&app, before, 2, "the two writes shared one commit");
    // A write that comes alone after that group of two still waits for company (and finds
    // none); the next write, alone after a group of one, is not kept waiting: it commits alone.
    app.write(|tx| play_one(tx, &app, &first, &table_a, 0))
        .expect("a lone write");
    let began = std::time::Instant::now();
    app.write(|tx| play_one(tx, &app, &first, &table_a, 0))
        .expect("another lone write");
    assert!(
        began.elapsed() < window,
        "a lone write after a lone write does not wait for company"
    );
}

/// Polls a queued write once, so that it is in the writer's queue (its answer comes later).
fn queued<T>(
    write: impl std::future::Future<Output = T> + 'static,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = T>>> {
    let mut write: std::pin::Pin<Box<dyn std::future::Future<Output = T>>> = Box::pin(write);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    assert!(
        write.as_mut().poll(&mut cx).is_pending(),
        "a queued write is answered only after its commit"
    );
    write
}

#[test]
fn writes_queued_together_run_in_one_group_and_are_answered_once_it_is_on_disk() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_with_readers(dir.path());
    let games = games(&app, 4);
    let before = app.write_groups();
    let (all_queued, queued_all) = mpsc::channel();
    let (started, has_started) = mpsc::channel();
    let (app, games) = (&app, &games);
    let answers = std::thread::scope(|scope| {
        // A write holds the turn until three writes are queued and the writer waits for it.
        let holding = scope.spawn(move || {
            let (event, table) = &games[0];
            app.write(|tx| {
                let answered = play_one(tx, app, event, table, 0)?;
                started.send(()).expect("the test waits");
                queued_all.recv().expect("the writes were queued");
                while app.write_groups().waiting == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                Ok(answered)
            })
        });
        has_started.recv().expect("the holding write began");
        let waiting: Vec<_> = games[1..]
            .iter()
            .map(|(event, table)| {
                let (app, event, table) = (app.clone(), event.clone(), table.clone());
                let other = app.clone();
                queued(async move {
                    other
                        .write_queued(move |tx| play_one(tx, &app, &event, &table, 0))
                        .await
                })
            })
            .collect();
        all_queued.send(()).expect("the holding write waits");
        let mut answers = vec![holding.join().expect("the holding write").expect("kept")];
        answers.extend(waiting.into_iter().map(|w| block_on(w).expect("kept")));
        answers
    });
    for ((_, table), answered) in games.iter().zip(&answers) {
        assert_eq!(*answered, 1);
        assert_eq!(stored(app, table.id), 1, "an answered write is stored");
    }
    shared_one_commit(
        app,
        before,
        4,
        "the holding write and the three queued behind it shared one commit",
    );
}

#[test]
fn a_queued_write_that_fails_or_panics_is_answered_so_and_the_writer_goes_on() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = app_with_readers(dir.path());
    let (event, _) = playing(&app, RulesId::Touring1926, TableSize::Two);
    let table = table_of(&app, &event);
    let play = |refuse: bool, panic: bool| {
        let (app, event, table) = (app.clone(), event.clone(), table.clone());
        let writes = app.clone();
        block_on(async move {
            writes
                .write_queued(move |tx| {
                    let now = play_one(tx, &app, &event, &table, 0)?;
                    assert!(!panic, "a write that fails unexpectedly");
                    if refuse {
                        return Err(AppError::Invalid(touring::i18n::Said::new("refused-ours")));
                    }
                    Ok(now)
                })
                .await
        })
    };
    assert_eq!(play(false, false).expect("kept"), 1);
    let refused = play(true, false);
    assert!(matches!(refused, Err(AppError::Invalid(_))), "{refused:?}");
    assert_eq!(stored(&app, table.id), 1, "the refused write is undone");
    let panicked = play(false, true);
    assert!(
        matches!(panicked, Err(AppError::Internal(_))),
        "{panicked:?}"
    );
    assert_eq!(
        stored(&app, table.id),
        1,
        "the write that panicked is undone"
    );
    assert_eq!(
        play(false, false).expect("the writer still writes"),
        2,
        "the next write is played and answered"
    );
    assert_eq!(stored(&app, table.id), 2);
}
