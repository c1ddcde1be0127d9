//! `touring healthcheck`: asks a running server's `/healthz` and exits 0 when it answers 200, 1
//! otherwise, saying why. For container health checks, where the image has no curl: it reads
//! the same `TOURING_ADDRESS` and `TOURING_PORT` as the server it checks.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    #[command(flatten)]
    pub listen: super::serve::Listen,
    /// How long to wait for the answer, in seconds.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=300))]
    pub timeout_secs: u64,
}

/// Asks `/healthz` and says what it answered.
pub fn run(args: &Args) -> Result<(), String> {
    let timeout = Duration::from_secs(args.timeout_secs);
    let target = target(&args.listen.address, args.listen.port)?;
    let mut stream = TcpStream::connect_timeout(&target, timeout)
        .map_err(|e| format!("cannot reach touring at {target}: {e}"))?;
    let exchange = |stream: &mut TcpStream| -> std::io::Result<String> {
        stream.set_read_timeout(Some(timeout))?;
        stream.set_write_timeout(Some(timeout))?;
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")?;
        let mut answer = Vec::new();
        stream.take(64 * 1024).read_to_end(&mut answer)?;
        Ok(String::from_utf8_lossy(&answer).into_owned())
    };
    let answer = exchange(&mut stream)
        .map_err(|e| format!("touring at {target} did not answer /healthz: {e}"))?;
    let status = answer.lines().next().unwrap_or_default();
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, body)| body)
        .trim();
    if status.split_whitespace().nth(1) == Some("200") {
        super::print_line(&format!("healthy: {body}"))
    } else if status.is_empty() {
        Err(format!(
            "touring at {target} closed the connection without an answer"
        ))
    } else {
        Err(format!("unhealthy: {status}: {body}"))
    }
}

/// Where to ask: the address as given, or loopback for an unspecified one.
fn target(address: &str, port: u16) -> Result<SocketAddr, String> {
    match address.parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) if ip.is_unspecified() => {
            Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
        }
        Ok(IpAddr::V6(ip)) if ip.is_unspecified() => {
            Ok(SocketAddr::from((Ipv6Addr::LOCALHOST, port)))
        }
        Ok(ip) => Ok(SocketAddr::from((ip, port))),
        Err(_) => (address, port)
            .to_socket_addrs()
            .map_err(|e| format!("cannot resolve {address}: {e}"))?
            .next()
            .ok_or_else(|| format!("{address} has no address")),
    }
}
