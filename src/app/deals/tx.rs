//! One transaction: its connection, and the deals it loaded.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use super::{Deals, LoadedDeal};
use crate::db::Conn;
use crate::db::models::GameRow;

/// A transaction of a use case: the connection (a `&mut Tx` is taken wherever a `&mut Conn`
/// is), the store of kept deals it reads from, and, in a write, the deals to keep once it
/// commits. [`super::super::App::read`] and [`super::super::App::write`] make one around
/// each transaction.
pub struct Tx<'a> {
    conn: &'a mut Conn,
    /// The app's store; none for a tool working on a connection of its own.
    store: Option<&'a Deals>,
    /// `Some` in a write: the deals to keep after the commit.
    pending: Option<Vec<Arc<LoadedDeal>>>,
}

impl<'a> Tx<'a> {
    /// A read: what it loads is kept at once.
    pub fn read(conn: &'a mut Conn, store: &'a Deals) -> Tx<'a> {
        Tx {
            conn,
            store: Some(store),
            pending: None,
        }
    }

    /// A write: what it loads or plays is kept by [`Tx::commit`], once the transaction has
    /// committed.
    pub fn write(conn: &'a mut Conn, store: &'a Deals) -> Tx<'a> {
        Tx {
            conn,
            store: Some(store),
            pending: Some(Vec::new()),
        }
    }

    /// A transaction that keeps nothing and finds nothing kept (a tool, a test).
    pub fn alone(conn: &'a mut Conn) -> Tx<'a> {
        Tx {
            conn,
            store: None,
            pending: None,
        }
    }

    /// The connection.
    pub fn conn(&mut self) -> &mut Conn {
        self.conn
    }

    /// The kept replay of a game, if the store has it.
    pub fn kept(&self, row: &GameRow) -> Option<Arc<LoadedDeal>> {
        self.store?.get(row)
    }

    /// The kept replay of a table's latest deal kept here, if any.
    pub fn kept_latest_of_table(&self, table: i64) -> Option<Arc<LoadedDeal>> {
        self.store?.latest_of_table(table)
    }

    /// Keeps a replay: at once in a read (it was read from committed rows), after the commit
    /// in a write.
    pub fn keep(&mut self, deal: &LoadedDeal) {
        let Some(store) = self.store else { return };
        let deal = Arc::new(deal.clone());
        match &mut self.pending {
            Some(pending) => pending.push(deal),
            None => store.put(deal),
        }
    }

    /// What this write keeps once it has committed.
    pub fn into_pending(self) -> Pending {
        Pending(self.pending.unwrap_or_default())
    }
}

/// The deals a write loaded or played, to keep once it has committed.
#[must_use]
pub struct Pending(Vec<Arc<LoadedDeal>>);

impl Pending {
    /// Keeps them: call only after the commit succeeded.
    pub fn committed(self, store: &Deals) {
        for deal in self.0 {
            store.put(deal);
        }
    }
}

impl Deref for Tx<'_> {
    type Target = Conn;

    fn deref(&self) -> &Conn {
        self.conn
    }
}

impl DerefMut for Tx<'_> {
    fn deref_mut(&mut self) -> &mut Conn {
        self.conn
    }
}
