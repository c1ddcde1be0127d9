//! Limits that keep one client from taking the server for itself. A party runs on an open room
//! network: a stranger there may not fill the disk with events and entries, hold every
//! connection with live streams or slowly sent bodies, or guess the host's password at
//! leisure. Also here: the headers every answer carries (a Content-Security-Policy without
//! inline script, no sniffing, no framing, no referrer) and the session cookie's `Secure` flag.
//!
//! Everything counts per client: the address the connection comes from (an IPv6 address by its
//! /64, since one device may pick any address in it), or, for connections from a proxy named by
//! `--trusted-proxy`, the address that proxy puts last in `X-Forwarded-For`. Every refusal is a
//! 429 that says when to try again, in a `Retry-After` header and in words (a JSON body for
//! the API, a page for people).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::num::NonZeroU32;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError, web};
use futures_util::StreamExt;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use super::address::PublicUrl;
use crate::app::AppError;

/// Events one address may create in an hour.
pub const EVENTS_PER_HOUR: u32 = 30;
/// Entries an event may hold: 1,000 tables of three, with room to spare.
pub const MAX_ENTRIES: u32 = 5_000;
/// Entries (and bots) one address may add in a minute.
pub const ENTRIES_PER_MINUTE: u32 = 1_200;
/// Requests with a body (forms, moves, API calls that change something) one address may send
/// in a second, in bursts of as many.
pub const WRITES_PER_SECOND: u32 = 200;
/// Costly public pages (the projector, the standings, the printouts, the replays) one address
/// may ask for in a second, in bursts of as many: a phone asks for one now and then (the
/// pages update themselves), and a client asking faster only queues work and answers.
pub const PAGE_READS_PER_SECOND: u32 = 20;
/// Seatings of round 1 one address may ask for in a minute: seating a big event is the
/// heaviest write there is, and a host tries a few layouts at most.
pub const SEATINGS_PER_MINUTE: u32 = 10;
/// Live streams (open pages that update themselves) one address may hold at once.
pub const STREAMS_PER_CLIENT: u32 = 32;
/// Connections one address may hold at once: a browser opens six or so, plus its live pages.
pub const CONNECTIONS_PER_CLIENT: u32 = 256;
/// Seconds a client has to send a request's body once its headers are in.
pub const BODY_TIMEOUT_SECS: u64 = 10;
/// Seconds a client has to send a request's headers: a phone on a slow Wi-Fi sends them in a
/// fraction of that, and a client that never finishes them holds its connection no longer.
pub const HEADERS_TIMEOUT: Duration = Duration::from_secs(3);
/// Seconds a connection may stay idle between requests. It is also what bounds an answer a
/// client never reads: once an answer (a page is one piece) is handed to the connection,
/// actix-http's keep-alive timer runs; when it ends the connection is shut, and one whose
/// unread answer still cannot be sent is dropped after the disconnect time-out below.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// Seconds a connection being shut has to take what was still to be sent to it.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// Open files kept for the party whatever the live pages take: the database, the log, and the
/// connections of moves and pages.
pub const RESERVE: u64 = 256;
/// The most live streams the server holds however many files it may open.
pub const MAX_STREAMS: u32 = 20_000;
/// Open files counted when the platform sets no limit.
const NO_LIMIT: u64 = 65_536;

/// The limits, as `touring serve` and `touring demo` take them (flags or environment). A limit
/// of 0 turns that limit off.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Events one address may create in an hour (0: no limit).
    #[arg(long, env = "TOURING_EVENTS_PER_HOUR", default_value_t = EVENTS_PER_HOUR)]
    pub events_per_hour: u32,
    /// Entries one event may hold (0: no limit).
    #[arg(long, env = "TOURING_MAX_ENTRIES", default_value_t = MAX_ENTRIES)]
    pub max_entries: u32,
    /// Entries one address may add in a minute (0: no limit).
    #[arg(long, env = "TOURING_ENTRIES_PER_MINUTE", default_value_t = ENTRIES_PER_MINUTE)]
    pub entries_per_minute: u32,
    /// Requests with a body one address may send in a second (0: no limit).
    #[arg(long, env = "TOURING_WRITES_PER_SECOND", default_value_t = WRITES_PER_SECOND)]
    pub writes_per_second: u32,
    /// Costly pages (projector, standings, printouts, replays) one address may ask for in a
    /// second (0: no limit).
    #[arg(long, env = "TOURING_PAGE_READS_PER_SECOND", default_value_t = PAGE_READS_PER_SECOND)]
    pub page_reads_per_second: u32,
    /// Seatings of round 1 one address may ask for in a minute (0: no limit).
    #[arg(long, env = "TOURING_SEATINGS_PER_MINUTE", default_value_t = SEATINGS_PER_MINUTE)]
    pub seatings_per_minute: u32,
    /// Live streams one address may hold open at once (0: no limit).
    #[arg(long, env = "TOURING_STREAMS_PER_CLIENT", default_value_t = STREAMS_PER_CLIENT)]
    pub streams_per_client: u32,
    /// Connections one address may hold open at once (0: no limit). More are closed as soon
    /// as they are accepted.
    #[arg(long, env = "TOURING_CONNECTIONS_PER_CLIENT", default_value_t = CONNECTIONS_PER_CLIENT)]
    pub connections_per_client: u32,
    /// Live streams the whole server may hold open at once (0: as many as its open-file limit
    /// allows, keeping 256 files for the party's moves and pages, and at most 20,000).
    #[arg(long, env = "TOURING_MAX_STREAMS", default_value_t = 0)]
    pub max_streams: u32,
    /// Seconds a client has to send a request body.
    #[arg(long, env = "TOURING_BODY_TIMEOUT_SECS", default_value_t = BODY_TIMEOUT_SECS,
        value_parser = clap::value_parser!(u64).range(1..=600))]
    pub body_timeout_secs: u64,
    /// Mark the session cookie Secure: set this when people reach the server over HTTPS.
    #[arg(long, env = "TOURING_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// The address of a reverse proxy in front of touring (repeat for several). Only
    /// connections from it may say, in X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host
    /// and Forwarded, which client they carry, whether it came over HTTPS and which address
    /// it asked for.
    #[arg(long, env = "TOURING_TRUSTED_PROXY", value_delimiter = ',')]
    pub trusted_proxy: Vec<IpAddr>,
    /// The address guests' phones use to reach touring (http://192.168.1.20:8080, or the
    /// proxy's https://party.example): the QR codes and every link shown to guests start with
    /// it. Without it: the machine's network address when listening on 0.0.0.0 or ::, else
    /// the address each request was sent to.
    #[arg(long, env = "TOURING_PUBLIC_URL", value_name = "URL",
        value_parser = super::address::PublicUrl::parse)]
    pub public_url: Option<super::address::PublicUrl>,
    /// An address besides this machine's own (loopback) that may read /metrics (repeat for
    /// several), such as a Prometheus on another machine. Nobody else may, and no request
    /// that came through a proxy (X-Forwarded-For or Forwarded) may.
    #[arg(
        long,
        env = "TOURING_METRICS_FROM",
        value_delimiter = ',',
        value_name = "ADDRESS"
    )]
    pub metrics_from: Vec<IpAddr>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            events_per_hour: EVENTS_PER_HOUR,
            max_entries: MAX_ENTRIES,
            entries_per_minute: ENTRIES_PER_MINUTE,
            writes_per_second: WRITES_PER_SECOND,
            page_reads_per_second: PAGE_READS_PER_SECOND,
            seatings_per_minute: SEATINGS_PER_MINUTE,
            streams_per_client: STREAMS_PER_CLIENT,
            max_streams: 0,
            connections_per_client: CONNECTIONS_PER_CLIENT,
            body_timeout_secs: BODY_TIMEOUT_SECS,
            secure_cookies: false,
            trusted_proxy: Vec::new(),
            public_url: None,
            metrics_from: Vec::new(),
        }
    }
}

/// Who a client is, for counting: an IPv4 address, or an IPv6 address's /64.
pub type Client = IpAddr;

/// Failed sign-ins that cost nothing: a host may mistype a few times.
const FREE_FAILURES_CLIENT: u32 = 5;
/// Failed sign-ins on one event, from any number of clients, before it waits too.
const FREE_FAILURES_EVENT: u32 = 20;
/// The longest wait between two sign-ins.
const MAX_SIGN_IN_WAIT: Duration = Duration::from_secs(15 * 60);
/// Failures are forgotten this long after the last one.
const FORGET_FAILURES: Duration = Duration::from_secs(60 * 60);

/// Failed sign-ins of one client, or on one event.
#[derive(Debug, Clone, Copy)]
struct Strikes {
    count: u32,
    last: Instant,
    until: Instant,
}

impl Strikes {
    /// One more failure: past the free ones, each doubles the wait (1 s, 2 s, 4 s... up to
    /// 15 minutes).
    fn strike(entry: Option<&Strikes>, free: u32, now: Instant) -> Strikes {
        let count = match entry {
            Some(s) if now.duration_since(s.last) < FORGET_FAILURES => s.count + 1,
            _ => 1,
        };
        let wait = match count.checked_sub(free) {
            Some(over) if over > 0 => {
                Duration::from_secs(1u64 << (over - 1).min(20)).min(MAX_SIGN_IN_WAIT)
            }
            _ => Duration::ZERO,
        };
        Strikes {
            count,
            last: now,
            until: now + wait,
        }
    }
}

/// Failed sign-ins, per client and per event, with a growing wait.
#[derive(Debug, Default)]
struct SignIns {
    clients: HashMap<Client, Strikes>,
    events: HashMap<i64, Strikes>,
}

impl SignIns {
    fn wait(&self, client: Client, event: i64, now: Instant) -> Option<Duration> {
        let until = [self.clients.get(&client), self.events.get(&event)]
            .into_iter()
            .flatten()
            .map(|s| s.until)
            .max()?;
        (until > now).then(|| until - now)
    }

    fn failed(&mut self, client: Client, event: i64, now: Instant) {
        if self.clients.len() + self.events.len() > 50_000 {
            self.clients
                .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
            self.events
                .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
        }
        let client_strikes = Strikes::strike(self.clients.get(&client), FREE_FAILURES_CLIENT, now);
        self.clients.insert(client, client_strikes);
        let event_strikes = Strikes::strike(self.events.get(&event), FREE_FAILURES_EVENT, now);
        self.events.insert(event, event_strikes);
    }

    fn succeeded(&mut self, client: Client) {
        self.clients.remove(&client);
    }
}

/// Live streams open: per client, and in all.
#[derive(Debug, Default)]
struct Open {
    clients: HashMap<Client, u32>,
    total: u32,
}

/// Live streams open, shared with the guards that close them.
type Streams = Arc<Mutex<Open>>;

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

/// The limits in force and what each client has used of them.
pub struct Guards {
    limits: Limits,
    clock: DefaultClock,
    events: Option<DefaultKeyedRateLimiter<Client>>,
    entries: Option<DefaultKeyedRateLimiter<Client>>,
    writes: Option<DefaultKeyedRateLimiter<Client>>,
    page_reads: Option<DefaultKeyedRateLimiter<Client>>,
    seatings: Option<DefaultKeyedRateLimiter<Client>>,
    streams: Streams,
    /// Connections open per client.
    connections: Connections,
    /// Live streams the whole server may hold.
    max_streams: u32,
    sign_ins: Mutex<SignIns>,
    /// The machine's network address, found at start when listening on every interface
    /// without `--public-url`.
    lan_url: std::sync::OnceLock<PublicUrl>,
}

fn keyed(quota: Option<Quota>) -> Option<DefaultKeyedRateLimiter<Client>> {
    quota.map(DefaultKeyedRateLimiter::keyed)
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Guards {
    /// The guards of a server that holds at most `max_streams` live streams in all.
    pub fn new(limits: Limits, max_streams: u32) -> Guards {
        Guards {
            max_streams,
            clock: DefaultClock::default(),
            events: keyed(NonZeroU32::new(limits.events_per_hour).map(Quota::per_hour)),
            entries: keyed(NonZeroU32::new(limits.entries_per_minute).map(Quota::per_minute)),
            writes: keyed(NonZeroU32::new(limits.writes_per_second).map(Quota::per_second)),
            page_reads: keyed(NonZeroU32::new(limits.page_reads_per_second).map(Quota::per_second)),
            seatings: keyed(NonZeroU32::new(limits.seatings_per_minute).map(Quota::per_minute)),
            streams: Arc::default(),
            connections: Arc::default(),
            sign_ins: Mutex::default(),
            lan_url: std::sync::OnceLock::new(),
            limits,
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The client a request comes from.
    pub fn client(&self, req: &HttpRequest) -> Client {
        let peer = req
            .peer_addr()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip());
        let peer = normal(peer);
        if !self.trusts(peer) {
            return group(peer);
        }
        // The proxy appends the address it saw; anything before it the client may have made up.
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|part| part.trim().parse::<IpAddr>().ok())
            .last();
        group(normal(forwarded.unwrap_or(peer)))
    }

    fn trusts(&self, peer: IpAddr) -> bool {
        self.limits.trusted_proxy.iter().any(|p| normal(*p) == peer)
    }

    /// Whether the request may read /metrics: it comes straight (not through a proxy: no
    /// X-Forwarded-For, no Forwarded) from this machine or from an address of
    /// `--metrics-from`.
    pub fn may_read_metrics(&self, req: &HttpRequest) -> bool {
        let headers = req.headers();
        if headers.contains_key("x-forwarded-for") || headers.contains_key("forwarded") {
            return false;
        }
        req.peer_addr().is_some_and(|peer| {
            let peer = normal(peer.ip());
            peer.is_loopback() || self.limits.metrics_from.iter().any(|a| normal(*a) == peer)
        })
    }

    /// Whether the request comes from a proxy named by `--trusted-proxy`, whose forwarding
    /// headers are believed (nobody else's are).
    pub fn from_trusted_proxy(&self, req: &HttpRequest) -> bool {
        req.peer_addr().is_some_and(|a| self.trusts(normal(a.ip())))
    }

    /// The address guests' phones use: `--public-url`, or the network address found at start.
    pub fn public_url(&self) -> Option<&PublicUrl> {
        self.limits.public_url.as_ref().or(self.lan_url.get())
    }

    /// Remembers the machine's network address (found once the server listens).
    pub fn found_lan_url(&self, url: PublicUrl) {
        let _ = self.lan_url.set(url);
    }

    /// Whether the browser reached the server over HTTPS: always with `--secure-cookies`; or
    /// as a trusted proxy says (`X-Forwarded-Proto`, else `Forwarded: proto=`); or when
    /// touring itself serves TLS.
    pub fn https(&self, req: &HttpRequest) -> bool {
        if self.limits.secure_cookies || req.app_config().secure() {
            return true;
        }
        if !self.from_trusted_proxy(req) {
            return false;
        }
        let proto = super::address::last_forwarded(req, "x-forwarded-proto")
            .or_else(|| super::address::forwarded_param(req, "proto"));
        proto.is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
    }

    fn check(
        &self,
        limiter: &Option<DefaultKeyedRateLimiter<Client>>,
        client: Client,
    ) -> Result<(), Duration> {
        match limiter {
            Some(limiter) => limiter
                .check_key(&client)
                .map_err(|not_until| not_until.wait_time_from(self.clock.now())),
            None => Ok(()),
        }
    }

    /// How long this client must wait before it may try the event's password again.
    pub fn sign_in_wait(&self, client: Client, event: i64) -> Option<Duration> {
        lock(&self.sign_ins).wait(client, event, Instant::now())
    }

    /// Counts a wrong password.
    pub fn sign_in_failed(&self, client: Client, event: i64) {
        lock(&self.sign_ins).failed(client, event, Instant::now());
    }

    /// A right password forgives the client's earlier mistakes.
    pub fn sign_in_succeeded(&self, client: Client) {
        lock(&self.sign_ins).succeeded(client);
    }

    /// The entries cap, for the use cases that add entries.
    pub fn max_entries(&self) -> Option<usize> {
        (self.limits.max_entries > 0).then_some(self.limits.max_entries as usize)
    }

    /// Opens a live stream for a client, or says why not.
    fn open_stream(&self, client: Client) -> Result<StreamGuard, Full> {
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

    /// Forgets clients that have not been limited for a while, so the maps stay small.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.events,
            &self.entries,
            &self.writes,
            &self.page_reads,
            &self.seatings,
        ]
        .into_iter()
        .flatten()
        {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        let now = Instant::now();
        let mut sign_ins = lock(&self.sign_ins);
        sign_ins
            .clients
            .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
        sign_ins
            .events
            .retain(|_, s| now.duration_since(s.last) < FORGET_FAILURES);
    }
}

/// The server's cap on entries per event (none when the limits are not installed).
pub fn max_entries(req: &HttpRequest) -> Option<usize> {
    req.app_data::<web::Data<Guards>>()
        .and_then(|guards| guards.max_entries())
}

/// IPv4 addresses written as IPv6 (::ffff:1.2.3.4) are the IPv4 address.
fn normal(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// An IPv6 address counts by its /64: one device can use any address of its network.
fn group(ip: IpAddr) -> Client {
    match ip {
        IpAddr::V6(v6) if !v6.is_loopback() => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        other => other,
    }
}

/// Connections open per client.
type Connections = Arc<Mutex<HashMap<Client, u32>>>;

/// One open connection, kept with the connection's data: its end frees its place.
struct ConnectionGuard {
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
enum Full {
    /// This client holds as many as it may.
    Client,
    /// The server holds as many as it may.
    Server,
}

/// One open live stream; closing it (dropping the answer's body) frees its place.
struct StreamGuard {
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
struct Guarded<B> {
    body: B,
    _guard: StreamGuard,
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

/// The pattern of the route a request will run (`/events/{event}/live/screen`), found the way
/// the router finds it: on the path as the router reads it (percent-encoding decoded, so
/// `/%65vents` is `/events`; trailing slashes already trimmed) and in the application's own
/// map of routes. `None` when no route matches (the request will be answered 404).
fn route_of(req: &HttpRequest) -> Option<String> {
    req.resource_map().match_pattern(req.match_info().as_str())
}

/// Is this route a page's live stream?
fn is_stream(route: &str) -> bool {
    matches!(
        route,
        "/seat-live"
            | "/seat/{token}/live"
            | "/events/{event}/live/screen"
            | "/events/{event}/live/standings"
            | "/events/{event}/live/console"
    )
}

/// Does a request to this route create an event (or a series, which costs the same)?
fn creates_event(method: &Method, route: &str) -> bool {
    method == Method::POST && matches!(route, "/events" | "/api/v1/events" | "/api/v1/series")
}

/// Does a request to this route add an entry (or a bot)?
fn adds_entry(method: &Method, route: &str) -> bool {
    method == Method::POST
        && matches!(
            route,
            "/events/{event}/host/entries"
                | "/events/{event}/host/guests"
                | "/events/{event}/host/bots"
                | "/api/v1/events/{event}/entries"
                | "/events/{event}/host/players/{player}/hand-over"
                | "/api/v1/events/{event}/players/{player}/hand-over"
        )
}

/// Is this a GET of a page that is costly to draw and open to anyone with the event's
/// address (the projector, the standings, the printouts, the replays)?
fn is_costly_read(method: &Method, route: &str) -> bool {
    method == Method::GET
        && (matches!(
            route,
            "/events/{event}/screen"
                | "/events/{event}/standings"
                | "/events/{event}/replays"
                | "/api/v1/series/{series}/standings"
                | "/api/v1/series/{series}/export.csv"
                | "/api/v1/series/{series}/export.json"
                | "/series/{series}"
        ) || route.starts_with("/events/{event}/print"))
}

/// Does a request to this route seat round 1 (again)?
fn seats_round(method: &Method, route: &str) -> bool {
    method == Method::POST
        && matches!(
            route,
            "/api/v1/events/{event}/rounds" | "/events/{event}/host/seat"
        )
}

fn has_body(method: &Method) -> bool {
    [Method::POST, Method::PUT, Method::PATCH, Method::DELETE].contains(method)
}

/// The 429 answer: the API's JSON refusal or a page, both saying when to try again.
pub fn too_many(req: &HttpRequest, wait: Duration, what: &str) -> HttpResponse {
    let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
    let when = if seconds == 1 {
        "in a second".to_owned()
    } else if seconds < 120 {
        format!("in {seconds} seconds")
    } else {
        format!("in {} minutes", seconds.div_ceil(60))
    };
    let message = format!("{what}: try again {when}.");
    let mut answer = if req.match_info().as_str().starts_with("/api/") {
        super::error::json_error(StatusCode::TOO_MANY_REQUESTS, "too_many", message)
    } else {
        let mut page = super::pages::PageError(AppError::Conflict(message)).error_response();
        *page.status_mut() = StatusCode::TOO_MANY_REQUESTS;
        page
    };
    if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
        answer.headers_mut().insert(header::RETRY_AFTER, value);
    }
    answer
}

/// The 503 answer when the server holds as many live streams as it may: the party's moves and
/// pages still get through, only new live pages wait.
fn server_full(req: &HttpRequest) -> HttpResponse {
    let message = "the server is full of open pages: close some, or try again in a minute";
    let mut answer = if req.match_info().as_str().starts_with("/api/") {
        super::error::json_error(StatusCode::SERVICE_UNAVAILABLE, "full", message.to_owned())
    } else {
        let mut page =
            super::pages::PageError(AppError::Conflict(message.to_owned())).error_response();
        *page.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        page
    };
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    answer
}

/// The Content-Security-Policy of every answer: scripts and styles only from this server,
/// never inline (style attributes excepted, for the boards' meters); no framing; forms post
/// only here.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries. Nothing is kept in a cache (`no-store`) unless its
/// handler says otherwise (the static files do): seat pages and streams hold a hand, the
/// console and many answers a token or a link with one, exports a whole evening, and an
/// answer with nothing secret loses little by being asked again.
fn secure_headers(headers: &mut actix_web::http::header::HeaderMap) {
    let set = [
        (header::CACHE_CONTROL, "no-store"),
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    for (name, value) in set {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
}

/// Adds `Secure` to the cookies of an answer that goes out over HTTPS.
fn secure_cookies(headers: &mut actix_web::http::header::HeaderMap) {
    let cookies: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).cloned().collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for value in cookies {
        let secured = value
            .to_str()
            .ok()
            .and_then(|text| actix_web::cookie::Cookie::parse(text.to_owned()).ok())
            .and_then(|mut cookie| {
                cookie.set_secure(true);
                HeaderValue::from_str(&cookie.to_string()).ok()
            });
        headers.append(header::SET_COOKIE, secured.unwrap_or(value));
    }
}

/// A request body that must arrive by a deadline; after it, reading fails with a time-out.
fn timed(payload: Payload, deadline: tokio::time::Instant) -> Payload {
    let stream = futures_util::stream::unfold(Some(payload), move |state| async move {
        let mut payload = state?;
        match tokio::time::timeout_at(deadline, payload.next()).await {
            Ok(Some(item)) => Some((item, Some(payload))),
            Ok(None) => None,
            Err(_) => Some((
                Err(actix_web::error::PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the request body came too slowly",
                ))),
                None,
            )),
        }
    });
    let boxed: Pin<
        Box<
            dyn futures_util::Stream<
                    Item = Result<actix_web::web::Bytes, actix_web::error::PayloadError>,
                >,
        >,
    > = Box::pin(stream);
    Payload::from(boxed)
}

/// Is this error a body that came too slowly?
pub fn is_body_timeout(error: &actix_web::error::PayloadError) -> bool {
    matches!(error, actix_web::error::PayloadError::Io(e) if e.kind() == std::io::ErrorKind::TimedOut)
}

/// The middleware: every request passes here first.
pub async fn guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(guards) = req.app_data::<web::Data<Guards>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let client = guards.client(req.request());
    let https = guards.https(req.request());
    let method = req.method().clone();
    // Limits are told by the route that will run, however its address was spelled.
    let route = route_of(req.request()).unwrap_or_default();
    let refusal = if has_body(&method) {
        guards
            .check(&guards.writes, client)
            .map_err(|wait| (wait, "this device has sent too many requests in a row"))
            .and_then(|()| {
                if creates_event(&method, &route) {
                    guards.check(&guards.events, client).map_err(|wait| {
                        (
                            wait,
                            "this device has created as many events (and series) as an hour allows",
                        )
                    })
                } else if seats_round(&method, &route) {
                    // Per address only: a limit per event would be counted before the host's
                    // token is checked, so a stranger could use up the host's seatings.
                    guards.check(&guards.seatings, client).map_err(|wait| {
                        (
                            wait,
                            "round 1 has been seated again as often as a minute allows",
                        )
                    })
                } else if adds_entry(&method, &route) {
                    guards.check(&guards.entries, client).map_err(|wait| {
                        (
                            wait,
                            "this device has added as many entries as a minute allows",
                        )
                    })
                } else {
                    Ok(())
                }
            })
            .err()
    } else if is_costly_read(&method, &route) {
        guards
            .check(&guards.page_reads, client)
            .map_err(|wait| {
                (
                    wait,
                    "this device has asked for too many pages in a row (a projector or standings \
                     page updates itself: keep it open rather than reloading it)",
                )
            })
            .err()
    } else {
        None
    };
    if let Some((wait, what)) = refusal {
        let mut answer = too_many(req.request(), wait, what);
        secure_headers(answer.headers_mut());
        return Ok(req.into_response(answer));
    }
    let stream = if method == Method::GET && is_stream(&route) {
        match guards.open_stream(client) {
            Ok(guard) => Some(guard),
            Err(full) => {
                let mut answer = match full {
                    Full::Client => too_many(
                        req.request(),
                        Duration::from_secs(5),
                        "this device has too many live pages open; close some",
                    ),
                    Full::Server => server_full(req.request()),
                };
                secure_headers(answer.headers_mut());
                return Ok(req.into_response(answer));
            }
        }
    } else {
        None
    };
    if has_body(&method) {
        let deadline =
            tokio::time::Instant::now() + Duration::from_secs(guards.limits.body_timeout_secs);
        let payload = req.take_payload();
        req.set_payload(timed(payload, deadline));
    }
    let mut response = next.call(req).await?.map_into_boxed_body();
    secure_headers(response.headers_mut());
    if https {
        secure_cookies(response.headers_mut());
    }
    Ok(match stream {
        Some(guard) if response.status().is_success() => response
            .map_body(|_, body| Guarded {
                body,
                _guard: guard,
            })
            .map_into_boxed_body(),
        _ => response,
    })
}

/// Forgets idle clients every few minutes, for as long as the server runs.
pub async fn forget_idle(guards: web::Data<Guards>) {
    loop {
        tokio::time::sleep(Duration::from_secs(300)).await;
        guards.forget_idle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_passwords_wait_longer_and_longer() {
        let mut sign_ins = SignIns::default();
        let client: Client = "192.0.2.7".parse().expect("address");
        let now = Instant::now();
        for _ in 0..FREE_FAILURES_CLIENT {
            assert_eq!(sign_ins.wait(client, 1, now), None);
            sign_ins.failed(client, 1, now);
        }
        assert_eq!(sign_ins.wait(client, 1, now), None);
        sign_ins.failed(client, 1, now);
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(1)));
        sign_ins.failed(client, 1, now);
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(2)));
        sign_ins.failed(client, 1, now);
        assert_eq!(sign_ins.wait(client, 1, now), Some(Duration::from_secs(4)));
        // Another device may still try another event, and this event for a while.
        let other: Client = "192.0.2.8".parse().expect("address");
        assert_eq!(sign_ins.wait(other, 2, now), None);
        assert_eq!(sign_ins.wait(other, 1, now), None);
        sign_ins.succeeded(client);
        assert_eq!(sign_ins.wait(client, 2, now), None);
    }

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
    fn metrics_are_read_from_loopback_and_metrics_from_only_and_never_through_a_proxy() {
        use actix_web::test::TestRequest;
        let limits = Limits {
            metrics_from: vec!["192.0.2.50".parse().expect("address")],
            trusted_proxy: vec!["127.0.0.1".parse().expect("address")],
            ..Limits::default()
        };
        let guards = Guards::new(limits, 2);
        let from = |peer: &str, forwarded: bool| {
            let mut request =
                TestRequest::default().peer_addr(peer.parse().expect("socket address"));
            if forwarded {
                request = request.insert_header(("x-forwarded-for", "192.0.2.50"));
            }
            guards.may_read_metrics(&request.to_http_request())
        };
        assert!(from("127.0.0.1:5000", false));
        assert!(from("[::1]:5000", false));
        assert!(from("192.0.2.50:5000", false));
        assert!(from("[::ffff:192.0.2.50]:5000", false));
        assert!(!from("192.0.2.51:5000", false), "a stranger");
        assert!(!from("127.0.0.1:5000", true), "through the proxy");
        assert!(!from("192.0.2.50:5000", true), "through a proxy");
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

    #[test]
    fn an_ipv6_client_counts_by_its_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("address");
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().expect("address");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("address");
        assert_eq!(group(a), group(b));
        assert_ne!(group(a), group(c));
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().expect("address");
        assert_eq!(
            normal(mapped),
            "192.0.2.1".parse::<IpAddr>().expect("address")
        );
    }

    /// The routes the limits name are routes the server has, and a request is told by its
    /// route however its address is spelled.
    #[actix_web::test]
    async fn limits_know_a_route_by_its_pattern_however_it_is_spelled() {
        use actix_web::test::{TestRequest, call_service, init_service};
        let app = init_service(
            actix_web::App::new()
                .wrap(actix_web::middleware::from_fn(
                    |req: ServiceRequest, next: Next<BoxBody>| async move {
                        let route = route_of(req.request()).unwrap_or_default();
                        let method = req.method().clone();
                        let what = format!(
                            "{}{}{}{}",
                            u8::from(is_stream(&route)),
                            u8::from(creates_event(&method, &route)),
                            u8::from(adds_entry(&method, &route)),
                            u8::from(is_costly_read(&method, &route))
                        );
                        let _ = next;
                        Ok(req.into_response(HttpResponse::Ok().body(what)))
                    },
                ))
                .wrap(actix_web::middleware::NormalizePath::trim())
                .configure(crate::web::configure),
        )
        .await;
        for (method, path, expected) in [
            (Method::GET, "/seat-live", "1000"),
            (Method::GET, "/seat/abc/live", "1000"),
            (Method::GET, "/events/3/live/screen", "1000"),
            (Method::GET, "/events/3/%6Cive/screen", "1000"),
            (Method::GET, "/events/3/live/standings/", "1000"),
            (Method::GET, "/events/3/live/console", "1000"),
            (Method::GET, "/events/3/screen", "0001"),
            (Method::GET, "/events/3/%73creen", "0001"),
            (Method::GET, "/events/3/standings/", "0001"),
            (Method::GET, "/events/3/print/standings", "0001"),
            (Method::GET, "/events/3/replays", "0001"),
            (Method::GET, "/events/3/host", "0000"),
            (Method::POST, "/api/v1/events", "0100"),
            (Method::POST, "/api/v1/%65vents", "0100"),
            (Method::POST, "/%65vents/", "0100"),
            (Method::GET, "/api/v1/events", "0000"),
            (Method::POST, "/api/v1/events/4/entries", "0010"),
            (Method::POST, "/api/v1/events/4/%65ntries", "0010"),
            (Method::POST, "/events/4/host/entries", "0010"),
            (Method::POST, "/events/4/host/bots", "0010"),
            (Method::PATCH, "/api/v1/events/4/entries/2", "0000"),
            (Method::POST, "/api/v1/series", "0100"),
            (Method::POST, "/api/v1/%73eries/", "0100"),
            (Method::GET, "/api/v1/series/5/standings", "0001"),
            (Method::GET, "/series/5", "0001"),
            (Method::GET, "/api/v1/series/5/export.csv", "0001"),
            (Method::GET, "/api/v1/series/5/export.json", "0001"),
            (Method::POST, "/api/v1/series/5/people/link", "0000"),
            (Method::POST, "/nowhere", "0000"),
        ] {
            let request = TestRequest::default()
                .method(method.clone())
                .uri(path)
                .to_request();
            let answer = call_service(&app, request).await;
            let body = actix_web::body::to_bytes(answer.into_body())
                .await
                .unwrap_or_default();
            assert_eq!(body, expected.as_bytes(), "{method} {path}");
        }
    }
}
