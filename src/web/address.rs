//! The address guests' phones use to reach the server: the start of every absolute link a
//! guest is shown (the projector's and the table tents' QR codes, seat links, host links).
//!
//! It is, in this order: `--public-url` as the operator gave it; when the server listens on
//! every interface (`--address 0.0.0.0` or `::`), the machine's own address on its network,
//! found at start; else the address the request itself was sent to (its `Host`), or, only
//! for a connection from a `--trusted-proxy`, the one that proxy says it was sent to. A
//! client's own `Forwarded` or `X-Forwarded-*` headers are never believed: they would put a
//! stranger's address in the QR codes.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::{HttpRequest, web};

/// How guests reach this server: the address their phones use and the proxy (if any) whose
/// forwarding headers are believed. Made at start from the server's options; the limits use
/// it too, to tell a client behind the proxy by the address the proxy saw.
#[derive(Debug, Default)]
pub struct Reach {
    /// `--public-url`.
    public_url: Option<PublicUrl>,
    /// The machine's network address, found once the server listens on every interface
    /// without `--public-url`.
    lan_url: OnceLock<PublicUrl>,
    /// `--trusted-proxy`.
    trusted_proxy: Vec<IpAddr>,
    /// `--secure-cookies`: the browser always comes over HTTPS.
    secure_cookies: bool,
}

impl Reach {
    pub fn new(
        public_url: Option<PublicUrl>,
        trusted_proxy: Vec<IpAddr>,
        secure_cookies: bool,
    ) -> Reach {
        Reach {
            public_url,
            lan_url: OnceLock::new(),
            trusted_proxy,
            secure_cookies,
        }
    }

    /// The address guests' phones use: `--public-url`, or the network address found at start.
    pub fn public_url(&self) -> Option<&PublicUrl> {
        self.public_url.as_ref().or(self.lan_url.get())
    }

    /// Remembers the machine's network address (found once the server listens).
    pub fn found_lan_url(&self, url: PublicUrl) {
        let _ = self.lan_url.set(url);
    }

    /// Whether a connection from `peer` (as [`normal`] reads it) comes from a trusted proxy.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.trusted_proxy.iter().any(|p| normal(*p) == peer)
    }

    /// Whether the request comes from a proxy named by `--trusted-proxy`, whose forwarding
    /// headers are believed (nobody else's are).
    pub fn from_trusted_proxy(&self, req: &HttpRequest) -> bool {
        req.peer_addr().is_some_and(|a| self.trusts(normal(a.ip())))
    }

    /// Whether the browser reached the server over HTTPS: always with `--secure-cookies`; or
    /// as a trusted proxy says (`X-Forwarded-Proto`, else `Forwarded: proto=`); or when
    /// touring itself serves TLS.
    pub fn https(&self, req: &HttpRequest) -> bool {
        if self.secure_cookies || req.app_config().secure() {
            return true;
        }
        if !self.from_trusted_proxy(req) {
            return false;
        }
        let proto =
            last_forwarded(req, "x-forwarded-proto").or_else(|| forwarded_param(req, "proto"));
        proto.is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
    }
}

/// IPv4 addresses written as IPv6 (::ffff:1.2.3.4) are the IPv4 address.
pub fn normal(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// An address `--public-url` accepts: http or https with a host, nothing after it. Kept as
/// its origin (`https://party.example`, `http://192.168.1.20:8080`), with no trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

const EXAMPLE: &str = "such as http://192.168.1.20:8080";

impl PublicUrl {
    /// Reads `--public-url`, or says what is wrong with it.
    pub fn parse(text: &str) -> Result<PublicUrl, String> {
        let url = url::Url::parse(text.trim()).map_err(|e| {
            format!(
                "{text:?} is not a web address ({e}): give the address guests' phones open, {EXAMPLE}"
            )
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!(
                "{text:?} is not a web address guests' phones can open: it must start with http:// or https://, {EXAMPLE}"
            ));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(format!(
                "{text:?} names no host: give the host name or address guests' phones open, {EXAMPLE}"
            ));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(format!(
                "{text:?} holds a user name or password: give the address alone, {EXAMPLE}"
            ));
        }
        if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            return Err(format!(
                "{text:?} has a path: touring is served from the root of its address, so give only http(s)://HOST:PORT, {EXAMPLE}"
            ));
        }
        Ok(PublicUrl(url.origin().ascii_serialization()))
    }

    /// The address of this server on its network: `http://IP:PORT`.
    pub fn of(address: SocketAddr) -> PublicUrl {
        PublicUrl(format!("http://{address}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The machine's own address on its network (the one its default route leaves by), for a
/// server listening on every interface. A UDP socket is "connected" to an address outside
/// (TEST-NET, never reached: connecting a UDP socket sends nothing) and asked which of the
/// machine's addresses it would send from. `None` without a network, or when the address
/// found is loopback.
pub fn lan_ip(listening: IpAddr) -> Option<IpAddr> {
    let v4 = || {
        let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
        socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
        socket.local_addr().ok().map(|a| a.ip())
    };
    let v6 = || {
        let socket = UdpSocket::bind((Ipv6Addr::UNSPECIFIED, 0)).ok()?;
        socket
            .connect((Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1), 9))
            .ok()?;
        socket.local_addr().ok().map(|a| a.ip())
    };
    // Phones on a party's Wi-Fi reach an IPv4 address most surely; `::` takes IPv4 too.
    let found = match listening {
        IpAddr::V4(_) => v4(),
        IpAddr::V6(_) => v4().or_else(v6),
    }?;
    (!found.is_loopback() && !found.is_unspecified()).then_some(found)
}

/// The start of the absolute links a guest is shown, for this request: `http://HOST[:PORT]`.
pub fn base_url(req: &HttpRequest) -> String {
    let reach = req.app_data::<web::Data<Reach>>();
    if let Some(public) = reach.and_then(|r| r.public_url()) {
        return public.as_str().to_owned();
    }
    let https = reach.map_or(req.app_config().secure(), |r| r.https(req));
    let scheme = if https { "https" } else { "http" };
    let host = reach
        .filter(|r| r.from_trusted_proxy(req))
        .and_then(|_| forwarded_host(req))
        .or_else(|| own_host(req))
        .unwrap_or_else(|| req.app_config().host().to_owned());
    format!("{scheme}://{host}")
}

/// A host and port as a browser may send it (`party.example:8080`, `[::1]:8080`), read as a
/// web address reads it; anything else (a user name, a path, a port that is not a number)
/// is not a host.
fn authority(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() || text.contains(['/', '\\', '@', '?', '#']) {
        return None;
    }
    let url = url::Url::parse(&format!("http://{text}")).ok()?;
    let host = url.host_str().filter(|h| !h.is_empty())?;
    Some(match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    })
}

/// The host the request was sent to: its `Host` header (HTTP/1.1) or its address's (HTTP/2).
fn own_host(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .and_then(authority)
        .or_else(|| req.uri().authority().and_then(|a| authority(a.as_str())))
}

/// The host a trusted proxy says the browser asked for: the last `X-Forwarded-Host`, or the
/// `host=` of the last `Forwarded` element (the proxy appends its own).
fn forwarded_host(req: &HttpRequest) -> Option<String> {
    if let Some(host) = last_forwarded(req, "x-forwarded-host") {
        return authority(&host);
    }
    forwarded_param(req, "host").and_then(|value| authority(&value))
}

/// The last value of a header a proxy appends to (`X-Forwarded-Host`, `Forwarded`...): the
/// proxy nearest to us wrote it.
fn last_forwarded(req: &HttpRequest, header: &str) -> Option<String> {
    req.headers()
        .get_all(header)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .last()
        .map(str::to_owned)
}

/// A parameter (`host`, `proto`) of the last `Forwarded` element, unquoted.
fn forwarded_param(req: &HttpRequest, param: &str) -> Option<String> {
    last_forwarded(req, "forwarded")?
        .split(';')
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case(param))
        .map(|(_, value)| value.trim().trim_matches('"').to_owned())
}

/// Does a link to this address lead back to the machine that opens it (localhost, 127.x,
/// ::1), so that a guest's phone cannot open it?
pub fn is_loopback(base: &str) -> bool {
    let Ok(url) = url::Url::parse(base) else {
        return false;
    };
    match url.host() {
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || ip.is_unspecified(),
        Some(url::Host::Ipv6(ip)) => {
            ip.is_loopback()
                || ip.is_unspecified()
                || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
        None => false,
    }
}

/// What the host console says, in `lang`, when the QR codes would carry a loopback address.
pub fn loopback_warning(base: &str, lang: crate::i18n::Lang) -> Option<String> {
    if !is_loopback(base) {
        return None;
    }
    let port = url::Url::parse(base)
        .ok()
        .and_then(|u| u.port_or_known_default())
        .unwrap_or(8080);
    let host = url::Url::parse(base)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| "localhost".into());
    Some(
        lang.msg("host-loopback-warning")
            .arg("host", host)
            .arg("port", port.to_string())
            .text(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_is_http_or_https_with_a_host_and_nothing_after_it() {
        for (text, kept) in [
            ("http://192.168.1.20:8080", "http://192.168.1.20:8080"),
            ("https://party.example/", "https://party.example"),
            ("HTTPS://Party.Example:443", "https://party.example"),
            ("http://[fe80::1]:8080", "http://[fe80::1]:8080"),
        ] {
            assert_eq!(
                PublicUrl::parse(text).map(|u| u.to_string()),
                Ok(kept.to_owned())
            );
        }
        for (text, says) in [
            ("192.168.1.20:8080", "not a web address"),
            ("localhost:8080", "must start with http:// or https://"),
            ("javascript://alert(1)", "web address"),
            ("ftp://party.example", "must start with http:// or https://"),
            ("party", "not a web address"),
            ("http://", "not a web address"),
            ("http://me:pw@party.example", "user name"),
            ("http://party.example/touring", "path"),
            ("http://party.example/?x=1", "path"),
        ] {
            let error = PublicUrl::parse(text).expect_err(text);
            assert!(error.contains(says), "{text}: {error}");
            assert!(error.contains("http://192.168.1.20:8080"), "{error}");
        }
    }

    #[test]
    fn loopback_addresses_are_recognised() {
        for base in [
            "http://localhost:8080",
            "http://127.0.0.1:8080",
            "http://127.3.4.5",
            "http://[::1]:8080",
            "http://0.0.0.0:8080",
            "http://app.localhost",
        ] {
            assert!(is_loopback(base), "{base}");
            let warning = loopback_warning(base, crate::i18n::Lang::ENGLISH).expect("a warning");
            assert!(warning.contains("--public-url"), "{warning}");
        }
        for base in [
            "http://192.168.1.20:8080",
            "https://party.example",
            "http://[fe80::1]:8080",
        ] {
            assert!(!is_loopback(base), "{base}");
            assert_eq!(loopback_warning(base, crate::i18n::Lang::ENGLISH), None);
        }
    }

    #[test]
    fn only_hosts_are_hosts() {
        assert_eq!(
            authority("Party.Example:8080").as_deref(),
            Some("party.example:8080")
        );
        assert_eq!(authority("evil@party.example"), None);
        assert_eq!(authority("javascript:alert(1)"), None);
        assert_eq!(authority("a/b"), None);
        assert_eq!(authority("[::1]:8080").as_deref(), Some("[::1]:8080"));
        assert_eq!(authority("party.example:x"), None);
        assert_eq!(authority(""), None);
    }
}
