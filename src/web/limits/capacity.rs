//! What the server can hold: connections and live streams, per client and in all, counted
//! from the moment a connection is accepted or a stream opened until it closes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use actix_web::body::{BodySize, MessageBody};

use super::{Client, Guards, Limits, MAX_STREAMS, NO_LIMIT, RESERVE, group, lock, normal};

#[derive(Debug, Default)]
pub(super) struct Open {
    clients: HashMap<Client, u32>,
    total: u32,
}

/// Live streams open, shared with the guards that close them.
pub(super) type Streams = Arc<Mutex<Open>>;

/// What the server can hold, found at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capacity {
    /// The process's open-file limit (after raising it), if the platform has one.
    pub open_files: Option<u64>,
    /// Connections the server accepts at once: the open-file limit less a few files for the
    /// database and the log.
    pub connections: u64,
    /// Live streams the server holds at once.
    pub streams: u32,
}

impl Capacity {
    /// Raises the process's soft open-file limit to its hard limit (where the platform has
    /// one) and works out what the server can hold with it. A `--max-streams` that leaves no
    /// reserve for the party is an error.
    pub fn raise(limits: &Limits) -> Result<Capacity, String> {
        let open_files = match rlimit::increase_nofile_limit(u64::MAX) {
            Ok(u64::MAX) => None,
            Ok(files) => Some(files),
            Err(e) => {
                log::warn!("cannot raise the open-file limit: {e}");
                rlimit::getrlimit(rlimit::Resource::NOFILE)
                    .ok()
                    .map(|(soft, _)| soft)
            }
        };
        Capacity::for_files(open_files, limits.max_streams)
    }

    /// What a server with this open-file limit can hold (`asked`: `--max-streams`, 0 for
    /// automatic).
    pub fn for_files(open_files: Option<u64>, asked: u32) -> Result<Capacity, String> {
        let files = open_files.unwrap_or(NO_LIMIT);
        // Below 512 files the reserve is half of them.
        let reserve = RESERVE.min(files / 2);
        let room = u32::try_from(files.saturating_sub(reserve)).unwrap_or(u32::MAX);
        let streams = match asked {
            0 => room.min(MAX_STREAMS),
            asked if asked <= room => asked,
            asked => {
                return Err(format!(
                    "--max-streams {asked} leaves no room for the party: with an open-file limit \
                     of {files} the server holds at most {room} live streams (raise the limit \
                     with `ulimit -n`, or ask for fewer)"
                ));
            }
        };
        Ok(Capacity {
            open_files,
            connections: files.saturating_sub(reserve.min(64)),
            streams,
        })
    }

    /// The line the server prints at start.
    pub fn describe(&self) -> String {
        let files = match self.open_files {
            Some(files) => format!("open-file limit {files}"),
            None => "no open-file limit".to_owned(),
        };
        format!(
            "touring can hold about {} connections ({files}), {} of them live pages",
            self.connections, self.streams
        )
    }
}

/// Connections open per client.
pub(super) type Connections = Arc<Mutex<HashMap<Client, u32>>>;

/// One open connection, kept with the connection's data: its end frees its place.
pub(super) struct ConnectionGuard {
    connections: Connections,
    client: Client,
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let mut connections = lock(&self.connections);
        if let Some(open) = connections.get_mut(&self.client) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                connections.remove(&self.client);
            }
        }
    }
}

/// Called for every connection the server accepts, before anything is read from it: one
/// client past its connections is shut out at once (it holds its file for no time, and cannot
/// fill the server's connections with ones that never finish their headers).
pub fn on_connect(
    guards: &Guards,
    connection: &dyn std::any::Any,
    data: &mut actix_web::dev::Extensions,
) {
    let Some(stream) = connection.downcast_ref::<tokio::net::TcpStream>() else {
        return;
    };
    let Ok(peer) = stream.peer_addr() else {
        return;
    };
    match guards.connected(peer.ip()) {
        Some(Some(guard)) => {
            data.insert(guard);
        }
        Some(None) => {}
        None => {
            let _ = socket2::SockRef::from(stream).shutdown(std::net::Shutdown::Both);
        }
    }
}

/// Why a live stream was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Full {
    /// This client holds as many as it may.
    Client,
    /// The server holds as many as it may.
    Server,
}

/// One open live stream; closing it (dropping the answer's body) frees its place.
pub struct StreamGuard {
    streams: Streams,
    client: Client,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let mut streams = lock(&self.streams);
        streams.total = streams.total.saturating_sub(1);
        if let Some(open) = streams.clients.get_mut(&self.client) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                streams.clients.remove(&self.client);
            }
        }
    }
}

/// An answer's body that holds a stream's place for as long as it is being sent.
pub struct Guarded<B> {
    body: B,
    _guard: StreamGuard,
}

impl<B> Guarded<B> {
    pub fn new(body: B, guard: StreamGuard) -> Guarded<B> {
        Guarded {
            body,
            _guard: guard,
        }
    }
}

impl<B: MessageBody + Unpin> MessageBody for Guarded<B> {
    type Error = B::Error;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<actix_web::web::Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

impl Guards {
    /// Opens a live stream for a client, or says why not.
    pub(super) fn open_stream(&self, client: Client) -> Result<StreamGuard, Full> {
        let cap = self.limits.streams_per_client;
        let mut streams = lock(&self.streams);
        if streams.total >= self.max_streams {
            return Err(Full::Server);
        }
        let open = streams.clients.entry(client).or_insert(0);
        if cap > 0 && *open >= cap {
            return Err(Full::Client);
        }
        *open += 1;
        streams.total += 1;
        Ok(StreamGuard {
            streams: self.streams.clone(),
            client,
        })
    }

    /// Counts a connection just accepted from `peer`, or says that its client holds too many
    /// (connections from a trusted proxy are not counted: they carry everyone).
    fn connected(&self, peer: IpAddr) -> Option<Option<ConnectionGuard>> {
        let cap = self.limits.connections_per_client;
        let peer = normal(peer);
        if cap == 0 || self.trusts(peer) {
            return Some(None);
        }
        let client = group(peer);
        let mut connections = lock(&self.connections);
        let open = connections.entry(client).or_insert(0);
        if *open >= cap {
            return None;
        }
        *open += 1;
        Some(Some(ConnectionGuard {
            connections: self.connections.clone(),
            client,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_streams_leave_a_reserve_of_open_files() {
        let laptop = Capacity::for_files(Some(1024), 0).expect("automatic");
        assert_eq!(laptop.streams, 768);
        assert!(laptop.connections <= 1024);
        assert_eq!(
            Capacity::for_files(Some(1024), 500).expect("fits").streams,
            500
        );
        let refused = Capacity::for_files(Some(1024), 900).expect_err("no reserve left");
        assert!(refused.contains("--max-streams 900"), "{refused}");
        assert_eq!(
            Capacity::for_files(Some(1 << 20), 0)
                .expect("automatic")
                .streams,
            MAX_STREAMS
        );
        assert_eq!(Capacity::for_files(Some(100), 0).expect("tiny").streams, 50);
        assert!(Capacity::for_files(None, 0).expect("no limit").streams > 0);
    }

    #[test]
    fn the_server_wide_stream_cap_refuses_any_client() {
        let guards = Guards::new(Limits::default(), 2);
        let a: Client = "192.0.2.1".parse().expect("address");
        let b: Client = "192.0.2.2".parse().expect("address");
        let first = guards.open_stream(a).expect("room");
        let _second = guards.open_stream(b).expect("room");
        assert_eq!(guards.open_stream(b).err(), Some(Full::Server));
        drop(first);
        assert!(guards.open_stream(b).is_ok());
    }
}
