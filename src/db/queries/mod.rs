//! The queries the use cases need, one small function each. Everything here runs inside the
//! caller's connection (and so inside its transaction).
//!
//! A query that wants one row reads the first with `get_result`, never with `first` (`LIMIT ?`):
//! SQLite (3.53, the bundled one) lets a bound LIMIT shape the query plan, so a statement with one is compiled
//! again every time it is run with its parameter bound, which cost a fifth of the server's time
//! under load. Every such query here is by a key, or ordered, so its first row is the answer.

/// Runs a query on the backend's own connection (`conn` is that connection inside).
///
/// Through diesel's `MultiConnection` a query writes its whole SQL text out again every time it
/// runs (to find its prepared statement, and again to bind), which was a tenth of the server's
/// time under load. On the backend's own connection a query built from the same types finds
/// its prepared statement by its type, so its text is written once.
macro_rules! on_backend {
    ($conn:ident, $query:expr) => {
        match $conn {
            Conn::Postgres($conn) => $query,
            Conn::Sqlite($conn) => $query,
        }
    };
}

/// The rows of a left join of one parent row with its children (none, or a row each), as the
/// parent and its children in the order read; `None` when there is no parent row.
fn parent_and_children<P, C>(rows: Vec<(P, Option<C>)>) -> Option<(P, Vec<C>)> {
    let mut rows = rows.into_iter();
    let (parent, first) = rows.next()?;
    let children = first.into_iter().chain(rows.filter_map(|(_, child)| child));
    Some((parent, children.collect()))
}

mod entries;
mod events;
mod games;
mod keys;
pub mod leases;
mod rounds;
mod scores;
mod series;

pub use entries::*;
pub use events::*;
pub use games::*;
pub use keys::*;
pub use rounds::*;
pub use scores::*;
pub use series::*;
