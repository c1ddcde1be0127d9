//! The server's measurements, served at `/metrics` in Prometheus's text format: requests by
//! route and status with their latency, moves played, live pages open, rounds running, the
//! database pool, the relay between instances and the caches ([`crate::cache`]). Every layer
//! may count here (as every layer may log): the web counts requests and streams and reads the pool when asked, `app` the
//! moves it committed and the relay's state. Nothing here names a token, an address or an
//! event.

use std::sync::OnceLock;

use prometheus::{
    HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry,
    TextEncoder,
};

/// Every measurement, registered once for the process.
pub struct Metrics {
    registry: Registry,
    /// Requests answered, by method, route (the pattern, such as `/seat/{token}`) and status.
    pub requests: IntCounterVec,
    /// Seconds until a request's answer began (a live stream's, until it opened).
    pub latency: HistogramVec,
    /// Moves committed at digital tables, by people and by bots.
    pub moves: IntCounter,
    /// Live pages (server-sent event streams) open now.
    pub streams: IntGauge,
    /// Rounds whose clock runs now (as the clock watcher last saw them, among the events whose
    /// time this instance keeps).
    pub rounds_running: IntGauge,
    /// Events whose timed work (bots, turn clock, a round's end) this instance does now.
    pub leases_held: IntGauge,
    /// Writes run again because another ran at the same moment (PostgreSQL's serialization
    /// failures and unique keys): each one a transaction rolled back.
    pub write_retries: IntCounter,
    /// The database pool: connections open, idle, and the most it opens.
    pub pool_connections: IntGauge,
    pub pool_idle: IntGauge,
    pub pool_max: IntGauge,
    /// The relay between instances over PostgreSQL: whether this instance runs one, whether
    /// it listens now, how many events' channels it listens to (those with a live page open
    /// here), how often it connected again, and notices sent and heard.
    pub relay_enabled: IntGauge,
    pub relay_connected: IntGauge,
    pub relay_events: IntGauge,
    pub relay_reconnections: IntCounter,
    pub relay_notices: IntCounterVec,
    /// Drawings of the projector and standings pages made for GETs, by page (GETs of an
    /// unchanged event share one).
    pub page_drawings: IntCounterVec,
    /// Each cache's entries, capacity, hits and misses, by its name (see [`crate::cache`]).
    pub cache_entries: IntGaugeVec,
    pub cache_capacity: IntGaugeVec,
    pub cache_hits: IntCounterVec,
    pub cache_misses: IntCounterVec,
}

/// The process's measurements.
pub fn get() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| Metrics::new().expect("the metrics' names and labels are valid"))
}

impl Metrics {
    fn new() -> prometheus::Result<Metrics> {
        let requests = IntCounterVec::new(
            Opts::new(
                "touring_http_requests_total",
                "HTTP requests answered, by method, route pattern and status.",
            ),
            &["method", "route", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "touring_http_request_duration_seconds",
                "Seconds until a request's answer began, by method and route pattern.",
            )
            .buckets(vec![
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
            ]),
            &["method", "route"],
        )?;
        let moves = IntCounter::new(
            "touring_moves_played_total",
            "Moves played at digital tables (people and bots).",
        )?;
        let streams = IntGauge::new(
            "touring_live_streams_open",
            "Live pages (server-sent event streams) open now.",
        )?;
        let gauge = |name: &str, help: &str| IntGauge::new(name, help);
        let rounds_running = gauge(
            "touring_rounds_running",
            "Rounds whose clock runs now (paused and ended rounds are not counted).",
        )?;
        let leases_held = gauge(
            "touring_leases_held",
            "Events whose timed work (bots, turn clock, a round's end) this instance does now.",
        )?;
        let write_retries = IntCounter::new(
            "touring_write_retries_total",
            "Writes run again because another ran at the same moment (each a rollback).",
        )?;
        let pool_connections = gauge(
            "touring_db_pool_connections",
            "Database connections open in the pool (busy and idle).",
        )?;
        let pool_idle = gauge(
            "touring_db_pool_idle_connections",
            "Database connections open in the pool and idle.",
        )?;
        let pool_max = gauge(
            "touring_db_pool_max_connections",
            "The most database connections the pool opens.",
        )?;
        let relay_enabled = gauge(
            "touring_relay_enabled",
            "1 when this instance relays live updates to others over PostgreSQL, 0 on SQLite.",
        )?;
        let relay_connected = gauge(
            "touring_relay_connected",
            "1 while the relay listens on PostgreSQL, 0 while it is (re)connecting or off.",
        )?;
        let relay_events = gauge(
            "touring_relay_events_listened",
            "Events whose channel the relay listens on now: those with a live page open here.",
        )?;
        let relay_reconnections = IntCounter::new(
            "touring_relay_reconnections_total",
            "Times the relay's connection to PostgreSQL was lost and made again.",
        )?;
        let relay_notices = IntCounterVec::new(
            Opts::new(
                "touring_relay_notices_total",
                "Notices of changes between instances, by direction (sent; heard: on the channels listened to).",
            ),
            &["direction"],
        )?;
        let page_drawings = IntCounterVec::new(
            Opts::new(
                "touring_page_drawings_total",
                "Drawings of the projector and standings pages made for GETs, by page.",
            ),
            &["page"],
        )?;
        let by_cache = |name: &str, help: &str| Opts::new(name, help);
        let cache_entries = IntGaugeVec::new(
            by_cache(
                "touring_cache_entries",
                "Entries each cache keeps now, by cache.",
            ),
            &["cache"],
        )?;
        let cache_capacity = IntGaugeVec::new(
            by_cache(
                "touring_cache_capacity",
                "The most entries each cache keeps, by cache.",
            ),
            &["cache"],
        )?;
        let cache_hits = IntCounterVec::new(
            by_cache(
                "touring_cache_hits_total",
                "Lookups that found a current value kept, by cache.",
            ),
            &["cache"],
        )?;
        let cache_misses = IntCounterVec::new(
            by_cache(
                "touring_cache_misses_total",
                "Lookups that found nothing kept, or a stale value, by cache.",
            ),
            &["cache"],
        )?;
        let registry = Registry::new();
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(moves.clone()))?;
        registry.register(Box::new(streams.clone()))?;
        for gauge in [
            &rounds_running,
            &leases_held,
            &pool_connections,
            &pool_idle,
            &pool_max,
            &relay_enabled,
            &relay_connected,
            &relay_events,
        ] {
            registry.register(Box::new(gauge.clone()))?;
        }
        registry.register(Box::new(write_retries.clone()))?;
        registry.register(Box::new(relay_reconnections.clone()))?;
        registry.register(Box::new(relay_notices.clone()))?;
        // Both directions are shown from the start, at 0.
        for direction in ["sent", "heard"] {
            relay_notices.with_label_values(&[direction]);
        }
        registry.register(Box::new(page_drawings.clone()))?;
        registry.register(Box::new(cache_entries.clone()))?;
        registry.register(Box::new(cache_capacity.clone()))?;
        registry.register(Box::new(cache_hits.clone()))?;
        registry.register(Box::new(cache_misses.clone()))?;
        Ok(Metrics {
            registry,
            requests,
            latency,
            moves,
            streams,
            rounds_running,
            leases_held,
            write_retries,
            pool_connections,
            pool_idle,
            pool_max,
            relay_enabled,
            relay_connected,
            relay_events,
            relay_reconnections,
            relay_notices,
            page_drawings,
            cache_entries,
            cache_capacity,
            cache_hits,
            cache_misses,
        })
    }

    /// Everything, in Prometheus's text format.
    pub fn render(&self) -> prometheus::Result<String> {
        TextEncoder::new().encode_to_string(&self.registry.gather())
    }
}

/// Counts one live stream for as long as it is kept.
pub struct StreamOpen(());

impl StreamOpen {
    pub fn new() -> StreamOpen {
        get().streams.inc();
        StreamOpen(())
    }
}

impl Default for StreamOpen {
    fn default() -> StreamOpen {
        StreamOpen::new()
    }
}

impl Drop for StreamOpen {
    fn drop(&mut self) {
        get().streams.dec();
    }
}
