//! The server's measurements, served at `/metrics` in Prometheus's text format: requests by
//! route and status with their latency, moves played, live pages open. Every layer may count
//! here (as every layer may log): the web counts requests and streams, `app` the moves it
//! committed. Nothing here names a token, an address or an event.

use std::sync::OnceLock;

use prometheus::{
    HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder,
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
    /// Drawings of the projector and standings pages made for GETs, by page (GETs of an
    /// unchanged event share one).
    pub page_drawings: IntCounterVec,
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
        let page_drawings = IntCounterVec::new(
            Opts::new(
                "touring_page_drawings_total",
                "Drawings of the projector and standings pages made for GETs, by page.",
            ),
            &["page"],
        )?;
        let registry = Registry::new();
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(moves.clone()))?;
        registry.register(Box::new(streams.clone()))?;
        registry.register(Box::new(page_drawings.clone()))?;
        Ok(Metrics {
            registry,
            requests,
            latency,
            moves,
            streams,
            page_drawings,
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
