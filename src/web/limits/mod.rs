//! Limits that keep one client from taking the server for itself. A party runs on an open room
//! network: a stranger there may not fill the disk with events and entries, hold every
//! connection with live streams or slowly sent bodies, or guess the host's password at
//! leisure. This module decides (`Guards::admit`); the middleware that applies its decisions
//! to every request, and the headers every answer carries, are in `web::guard`.
//!
//! Everything counts per client: the address the connection comes from (an IPv6 address by its
//! /64, since one device may pick any address in it), or, for connections from a proxy named by
//! `--trusted-proxy`, the address that proxy puts last in `X-Forwarded-For`. Every refusal is a
//! 429 that says when to try again, in a `Retry-After` header and in words (a JSON body for
//! the API, a page for people).

mod capacity;
mod sign_ins;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use actix_web::http::Method;
use actix_web::{HttpRequest, web};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

pub use capacity::{Capacity, Guarded, StreamGuard, on_connect};

use super::address::{Reach, normal};
use capacity::{Connections, Full, Streams};
use sign_ins::SignIns;

/// Events one address may create in an hour.
pub const EVENTS_PER_HOUR: u32 = 30;
/// Entries an event may hold: 1,000 tables of three, with room to spare.
pub const MAX_ENTRIES: u32 = 5_000;
/// Entries (and bots) one address may add in a minute.
pub const ENTRIES_PER_MINUTE: u32 = 1_200;
/// Requests with a body (forms, moves, API calls that change something) one address may send
/// in a second, in bursts of as many.
pub const WRITES_PER_SECOND: u32 = 200;
/// Costly pages (the projector, the standings, the printouts, the replays, the exports, the
/// series' pages and members' cards) one address may ask for in a second, in bursts of as
/// many: a phone asks for one now and then (the pages update themselves), and a client asking
/// faster only queues work and answers.
pub const PAGE_READS_PER_SECOND: u32 = 20;
/// Seatings of round 1 one address may ask for in a minute: seating a big event is the
/// heaviest write there is, and a host tries a few layouts at most.
pub const SEATINGS_PER_MINUTE: u32 = 10;
/// Seats one address may pick from a QR code in an hour, in bursts of as many: a guest picks
/// once (again after a wrong tap), and the join key is public, so a browser that drops its
/// cookie to pick seat after seat is held to a few.
pub const PICKS_PER_HOUR: u32 = 10;
/// What a refused pick is told (in English; `pages::refusal` says it in the reader's
/// language).
pub const PICKS_REFUSED: &str = "this device has picked as many seats as an hour allows (if a \
     seat you picked is not yours, ask the host to release it)";
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
    /// Costly pages (projector, standings, printouts, replays, exports, a series' pages and
    /// member cards) one address may ask for in a second (0: no limit).
    #[arg(long, env = "TOURING_PAGE_READS_PER_SECOND", default_value_t = PAGE_READS_PER_SECOND)]
    pub page_reads_per_second: u32,
    /// Seatings of round 1 one address may ask for in a minute (0: no limit).
    #[arg(long, env = "TOURING_SEATINGS_PER_MINUTE", default_value_t = SEATINGS_PER_MINUTE)]
    pub seatings_per_minute: u32,
    /// Seats one address may pick from a QR code in an hour (0: no limit). Raise it when
    /// guests reach the server through one shared address (a NAT or a proxy not named by
    /// --trusted-proxy).
    #[arg(long, env = "TOURING_PICKS_PER_HOUR", default_value_t = PICKS_PER_HOUR)]
    pub picks_per_hour: u32,
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
            picks_per_hour: PICKS_PER_HOUR,
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

/// Why a request may not go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// This client has used up a limit: wait this long (429).
    TooMany(Duration, &'static str),
    /// The server holds as many live streams as it may (503).
    ServerFull,
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
    picks: Option<DefaultKeyedRateLimiter<Client>>,
    streams: Streams,
    /// Connections open per client.
    connections: Connections,
    /// Live streams the whole server may hold.
    max_streams: u32,
    sign_ins: Mutex<SignIns>,
    /// How guests reach the server (the trusted proxy among it), shared with the pages.
    reach: Arc<Reach>,
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
            picks: keyed(NonZeroU32::new(limits.picks_per_hour).map(Quota::per_hour)),
            streams: Arc::default(),
            connections: Arc::default(),
            sign_ins: Mutex::default(),
            reach: Arc::new(Reach::new(
                limits.public_url.clone(),
                limits.trusted_proxy.clone(),
                limits.secure_cookies,
            )),
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
        if !self.reach.trusts(peer) {
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

    /// How guests reach the server.
    pub fn reach(&self) -> &Arc<Reach> {
        &self.reach
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

    /// The time a request's body has to arrive.
    pub fn body_timeout(&self) -> Duration {
        Duration::from_secs(self.limits.body_timeout_secs)
    }

    /// Whether a request to `route` may go on: a refusal names how long to wait and why. A
    /// request for a live stream that may go on holds its place in the returned guard.
    pub fn admit(
        &self,
        method: &Method,
        route: &str,
        client: Client,
    ) -> Result<Option<StreamGuard>, Refusal> {
        let too_many = |what: &'static str| move |wait| Refusal::TooMany(wait, what);
        if has_body(method) {
            self.check(&self.writes, client)
                .map_err(too_many("this device has sent too many requests in a row"))?;
            if creates_event(method, route) {
                self.check(&self.events, client).map_err(too_many(
                    "this device has created as many events (and series) as an hour allows",
                ))?;
            } else if seats_round(method, route) {
                // Per address only: a limit per event would be counted before the host's
                // token is checked, so a stranger could use up the host's seatings.
                self.check(&self.seatings, client).map_err(too_many(
                    "round 1 has been seated again as often as a minute allows",
                ))?;
            } else if adds_entry(method, route) {
                self.check(&self.entries, client).map_err(too_many(
                    "this device has added as many entries as a minute allows",
                ))?;
            } else if picks_seat(method, route) {
                self.check(&self.picks, client)
                    .map_err(too_many(PICKS_REFUSED))?;
            }
        } else if is_costly_read(method, route) {
            self.check(&self.page_reads, client).map_err(too_many(
                "this device has asked for too many pages in a row (a projector or standings \
                 page updates itself: keep it open rather than reloading it)",
            ))?;
        }
        if method == Method::GET && is_stream(route) {
            return match self.open_stream(client) {
                Ok(guard) => Ok(Some(guard)),
                Err(Full::Client) => Err(Refusal::TooMany(
                    Duration::from_secs(5),
                    "this device has too many live pages open; close some",
                )),
                Err(Full::Server) => Err(Refusal::ServerFull),
            };
        }
        Ok(None)
    }

    /// The entries cap, for the use cases that add entries.
    pub fn max_entries(&self) -> Option<usize> {
        (self.limits.max_entries > 0).then_some(self.limits.max_entries as usize)
    }

    /// Forgets clients that have not been limited for a while, so the maps stay small.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.events,
            &self.entries,
            &self.writes,
            &self.page_reads,
            &self.seatings,
            &self.picks,
        ]
        .into_iter()
        .flatten()
        {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        lock(&self.sign_ins).forget(Instant::now());
    }
}
/// The server's cap on entries per event (none when the limits are not installed).
pub fn max_entries(req: &HttpRequest) -> Option<usize> {
    req.app_data::<web::Data<Guards>>()
        .and_then(|guards| guards.max_entries())
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

/// The pattern of the route a request will run (`/events/{event}/live/screen`), found the way
/// the router finds it: on the path as the router reads it (percent-encoding decoded, so
/// `/%65vents` is `/events`; trailing slashes already trimmed) and in the application's own
/// map of routes. `None` when no route matches (the request will be answered 404).
pub(super) fn route_of(req: &HttpRequest) -> Option<String> {
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
    method == Method::POST
        && matches!(
            route,
            "/events"
                | "/api/v1/events"
                | "/api/v1/series"
                | "/series"
                | "/series/{series}/host/evenings"
        )
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

/// Does a request to this route pick a seat from a QR code (or check a guest in from the
/// wall's, which makes a seat and holds it)?
fn picks_seat(method: &Method, route: &str) -> bool {
    method == Method::POST
        && matches!(
            route,
            "/events/{event}/pick" | "/events/{event}/check-in" | "/events/{event}/check-in/undo"
        )
}

/// Is this a GET of a page whose drawing grows with the party (the projector, the standings,
/// the printouts, the replays, the exports, the series' pages and the members' cards)? Its
/// host's own pages count too: anyone may make an event or a series and be its host.
fn is_costly_read(method: &Method, route: &str) -> bool {
    method == Method::GET
        && (matches!(
            route,
            "/events/{event}/screen"
                | "/events/{event}/standings"
                | "/events/{event}/replays"
                | "/api/v1/events/{event}/standings"
                | "/api/v1/events/{event}/replays"
                | "/api/v1/events/{event}/export.json"
                | "/api/v1/events/{event}/export.csv"
                | "/api/v1/series/{series}/standings"
                | "/api/v1/series/{series}/export.csv"
                | "/api/v1/series/{series}/export.json"
                | "/series/{series}"
                | "/series/{series}/host"
                | "/series/{series}/host/cards"
                | "/series/{series}/member/{key}"
                | "/seat/{token}/season"
                | "/seat-season"
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

pub(super) fn has_body(method: &Method) -> bool {
    [Method::POST, Method::PUT, Method::PATCH, Method::DELETE].contains(method)
}

/// Is this error a body that came too slowly?
pub fn is_body_timeout(error: &actix_web::error::PayloadError) -> bool {
    matches!(error, actix_web::error::PayloadError::Io(e) if e.kind() == std::io::ErrorKind::TimedOut)
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
    use actix_web::HttpResponse;
    use actix_web::body::BoxBody;
    use actix_web::dev::ServiceRequest;
    use actix_web::middleware::Next;

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
                            "{}{}{}{}{}",
                            u8::from(is_stream(&route)),
                            u8::from(creates_event(&method, &route)),
                            u8::from(adds_entry(&method, &route)),
                            u8::from(is_costly_read(&method, &route)),
                            u8::from(picks_seat(&method, &route))
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
            (Method::GET, "/seat-live", "10000"),
            (Method::GET, "/seat/abc/live", "10000"),
            (Method::GET, "/events/3/live/screen", "10000"),
            (Method::GET, "/events/3/%6Cive/screen", "10000"),
            (Method::GET, "/events/3/live/standings/", "10000"),
            (Method::GET, "/events/3/live/console", "10000"),
            (Method::GET, "/events/3/screen", "00010"),
            (Method::GET, "/events/3/%73creen", "00010"),
            (Method::GET, "/events/3/standings/", "00010"),
            (Method::GET, "/events/3/print/standings", "00010"),
            (Method::GET, "/events/3/replays", "00010"),
            (Method::GET, "/events/3/host", "00000"),
            (Method::POST, "/api/v1/events", "01000"),
            (Method::POST, "/api/v1/%65vents", "01000"),
            (Method::POST, "/%65vents/", "01000"),
            (Method::GET, "/api/v1/events", "00000"),
            (Method::POST, "/api/v1/events/4/entries", "00100"),
            (Method::POST, "/api/v1/events/4/%65ntries", "00100"),
            (Method::POST, "/events/4/host/entries", "00100"),
            (Method::POST, "/events/4/host/bots", "00100"),
            (Method::PATCH, "/api/v1/events/4/entries/2", "00000"),
            (Method::POST, "/api/v1/series", "01000"),
            (Method::POST, "/api/v1/%73eries/", "01000"),
            (Method::GET, "/api/v1/series/5/standings", "00010"),
            (Method::GET, "/series/5", "00010"),
            (Method::GET, "/api/v1/series/5/export.csv", "00010"),
            (Method::GET, "/api/v1/series/5/export.json", "00010"),
            (Method::POST, "/api/v1/series/5/people/link", "00000"),
            (Method::POST, "/series", "01000"),
            (Method::POST, "/series/5/host/evenings", "01000"),
            (Method::GET, "/series/5/host", "00010"),
            (Method::GET, "/series/5/host/cards", "00010"),
            (Method::GET, "/series/5/host/%63ards", "00010"),
            (Method::GET, "/events/3/print/tents", "00010"),
            (Method::GET, "/api/v1/events/3/standings", "00010"),
            (Method::GET, "/api/v1/events/3/replays", "00010"),
            (Method::GET, "/api/v1/events/3/export.json", "00010"),
            (Method::GET, "/api/v1/events/3/export.csv", "00010"),
            (Method::GET, "/series/5/member/abc", "00010"),
            (Method::GET, "/seat/abc/season", "00010"),
            (Method::GET, "/seat-season", "00010"),
            (Method::POST, "/series/5/host/link", "00000"),
            (Method::POST, "/events/3/pick", "00001"),
            (Method::POST, "/events/3/check-in", "00001"),
            (Method::POST, "/events/3/%63heck-in/undo", "00001"),
            (Method::GET, "/events/3/join", "00000"),
            (Method::POST, "/nowhere", "00000"),
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
