//! PostgreSQL over TLS, as libpq documents `sslmode` and `sslrootcert`, for both of touring's
//! connections: diesel's (libpq) and the notification relay's (tokio-postgres with rustls).
//! Each test starts a throwaway cluster of its own (`.ci/postgres`), turns `ssl` on with a
//! server certificate made here (rcgen) by a CA made here, and connects as a server would.
//! Skipped, saying so, where PostgreSQL is not installed; in CI (CI=true) it must run.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::server::Server;
use diesel::{Connection, RunQueryDsl};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use touring::app::relay::{self, Heard};
use touring::db::Database;

/// A CA made for one test: its certificate (PEM) and what signs with it.
struct Ca {
    pem: String,
    issuer: Issuer<'static, KeyPair>,
}

fn make_ca(name: &str) -> Ca {
    let key = KeyPair::generate().expect("CA key");
    let mut params = CertificateParams::new(Vec::<String>::new()).expect("CA params");
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.distinguished_name.push(DnType::CommonName, name);
    params.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    let cert = params.self_signed(&key).expect("CA certificate");
    Ca {
        pem: cert.pem(),
        issuer: Issuer::new(params, key),
    }
}

/// A throwaway PostgreSQL cluster with TLS on, stopped and removed when dropped.
struct Cluster {
    /// The cluster, postgres://touring@127.0.0.1:PORT/postgres with no TLS options yet.
    pg: common::server::Cluster,
    /// The CA that signed the server's certificate, and another one, as PEM files.
    right_ca: PathBuf,
    other_ca: PathBuf,
    _files: tempfile::TempDir,
}

impl Cluster {
    /// With `url`'s options (`?sslmode=…`).
    fn url(&self, options: &str) -> String {
        format!("{}?{options}", self.pg.url)
    }
}

/// Starts a cluster on `port` whose certificate names `names`, or `None` after saying why
/// (PostgreSQL not installed, outside CI).
fn cluster(test: &str, port: u16, names: &[&str]) -> Option<Cluster> {
    let pg = common::server::Cluster::start(test, port)?;
    let files = tempfile::tempdir().expect("temporary directory");
    let right = make_ca("touring test CA");
    let other = make_ca("another CA");
    let server_key = KeyPair::generate().expect("server key");
    let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    let server_cert = CertificateParams::new(names)
        .expect("server params")
        .signed_by(&server_key, &right.issuer)
        .expect("server certificate");
    // The server reads its certificate and key from its data folder, the key its own only.
    let data = pg.dir().join("data");
    std::fs::write(data.join("server.crt"), server_cert.pem()).expect("server.crt");
    std::fs::write(data.join("server.key"), server_key.serialize_pem()).expect("server.key");
    let owner = Command::new("stat")
        .args(["-c", "%U:%G"])
        .arg(&data)
        .output()
        .expect("stat");
    let owner = String::from_utf8_lossy(&owner.stdout).trim().to_owned();
    for file in ["server.crt", "server.key"] {
        let status = Command::new("chown")
            .arg(&owner)
            .arg(data.join(file))
            .status()
            .expect("chown");
        assert!(status.success(), "chown {owner} {file}");
    }
    let status = Command::new("chmod")
        .arg("600")
        .arg(data.join("server.key"))
        .status()
        .expect("chmod");
    assert!(status.success(), "chmod server.key");
    let cluster = Cluster {
        pg,
        right_ca: files.path().join("ca.pem"),
        other_ca: files.path().join("other-ca.pem"),
        _files: files,
    };
    std::fs::write(&cluster.right_ca, &right.pem).expect("ca.pem");
    std::fs::write(&cluster.other_ca, &other.pem).expect("other-ca.pem");
    // TLS on, read again by the running server (no restart needed since PostgreSQL 10).
    let mut conn = diesel::PgConnection::establish(&cluster.url("sslmode=disable"))
        .expect("connect without TLS");
    diesel::sql_query("ALTER SYSTEM SET ssl = on")
        .execute(&mut conn)
        .expect("ssl = on");
    diesel::sql_query("SELECT pg_reload_conf()")
        .execute(&mut conn)
        .expect("reload");
    // The reload is a signal: wait until TLS is offered.
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        match diesel::PgConnection::establish(&cluster.url("sslmode=require")) {
            Ok(_) => break,
            Err(e) if Instant::now() > until => panic!("{test}: TLS never came on: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
    Some(cluster)
}

#[derive(diesel::QueryableByName)]
struct Ssl {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    tls: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    all: i64,
}

/// How many of the connections named `application` are encrypted, and how many there are.
fn encrypted(conn: &mut diesel::PgConnection, application: &str) -> (i64, i64) {
    let found: Ssl = diesel::sql_query(format!(
        "SELECT count(*) FILTER (WHERE s.ssl) AS tls, count(*) AS all \
         FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) \
         WHERE a.application_name = '{application}'"
    ))
    .get_result(conn)
    .expect("pg_stat_ssl");
    (found.tls, found.all)
}

/// Starts a relay on `url`; once it has carried a notice to itself it is returned, with the
/// count of its connections that are encrypted; a refusal is returned as its message.
fn relay_carries_a_notice(url: &str) -> Result<relay::Outbox, String> {
    let (heard, hearing) = mpsc::channel();
    let outbox = relay::start(url.to_owned(), move |h| {
        let _ = heard.send(h);
    })
    .map_err(|e| e.to_string())?;
    outbox.send("over TLS".to_owned());
    loop {
        match hearing.recv_timeout(Duration::from_secs(60)) {
            Ok(Heard::Payload(p)) if p == "over TLS" => return Ok(outbox),
            Ok(_) => {}
            Err(e) => return Err(format!("the relay carried nothing: {e}")),
        }
    }
}

/// `touring serve` on `url`, expected to stop at start: whether it started after all (then it
/// is stopped after a minute), and all it printed.
fn serve(url: &str) -> (bool, String) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut child = Command::new(env!("CARGO_BIN_EXE_touring"))
        .args(["serve", "--port", "0", "--key-file"])
        .arg(dir.path().join("touring.key"))
        .current_dir(dir.path())
        .env("DATABASE_URL", url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run touring serve");
    let until = Instant::now() + Duration::from_secs(60);
    let stopped = loop {
        match child.try_wait().expect("wait for touring serve") {
            Some(status) => break Some(status),
            None if Instant::now() > until => break None,
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    if stopped.is_none() {
        let _ = child.kill();
    }
    let output = child.wait_with_output().expect("touring serve's output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (stopped.is_none_or(|status| status.success()), text)
}

#[test]
fn postgres_over_tls_sslmode_require_encrypts_diesels_and_the_relays_connections() {
    let test = "postgres_over_tls_sslmode_require_encrypts_diesels_and_the_relays_connections";
    let Some(cluster) = cluster(test, 25461, &["localhost", "127.0.0.1"]) else {
        return;
    };
    let url = cluster.url("sslmode=require&application_name=tls_test");
    let mut conn = diesel::PgConnection::establish(&url).expect("diesel with sslmode=require");
    assert_eq!(
        encrypted(&mut conn, "tls_test"),
        (1, 1),
        "diesel's connection"
    );
    let outbox = relay_carries_a_notice(&url).expect("the relay with sslmode=require");
    assert_eq!(
        encrypted(&mut conn, relay::APPLICATION),
        (1, 1),
        "the relay's"
    );
    drop(outbox);
    // require verifies nothing: a certificate from an unknown CA is accepted.
    let url = cluster.url("sslmode=require");
    assert!(relay_carries_a_notice(&url).is_ok());
}

#[test]
fn postgres_over_tls_verify_full_with_the_right_ca_connects() {
    let test = "postgres_over_tls_verify_full_with_the_right_ca_connects";
    let Some(cluster) = cluster(test, 25462, &["localhost", "127.0.0.1"]) else {
        return;
    };
    let url = cluster.url(&format!(
        "sslmode=verify-full&sslrootcert={}",
        cluster.right_ca.display()
    ));
    // The whole server starts on it: its pool (diesel) and its relay.
    let server = Server::start_on(&Database::Postgres(url.clone()));
    let (status, _) = server.text("/healthz", None);
    assert_eq!(status, 200, "{}", server.log());
    let mut conn = diesel::PgConnection::establish(&url).expect("diesel with verify-full");
    let until = Instant::now() + Duration::from_secs(60);
    while encrypted(&mut conn, relay::APPLICATION) != (1, 1) {
        assert!(
            Instant::now() < until,
            "the server's relay never connected over TLS"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(server);
    assert!(relay_carries_a_notice(&url).is_ok());
    // By name as well as by address: the certificate holds both.
    let by_name = url.replace("127.0.0.1", "localhost");
    diesel::PgConnection::establish(&by_name).expect("diesel by name");
    assert!(relay_carries_a_notice(&by_name).is_ok());
}

#[test]
fn postgres_over_tls_verify_full_with_another_ca_is_refused_at_start_saying_so() {
    let test = "postgres_over_tls_verify_full_with_another_ca_is_refused_at_start_saying_so";
    let Some(cluster) = cluster(test, 25463, &["localhost", "127.0.0.1"]) else {
        return;
    };
    let other = cluster.other_ca.display().to_string();
    for mode in ["verify-full", "verify-ca"] {
        let url = cluster.url(&format!("sslmode={mode}&sslrootcert={other}"));
        let (started, text) = serve(&url);
        assert!(!started, "{text}");
        let words = format!("certificate is not signed by the CA in sslrootcert={other}");
        assert!(text.contains(&words), "{text}");
        let refused = relay_carries_a_notice(&url).err().unwrap_or_default();
        assert!(refused.contains(&words), "the relay: {refused}");
    }
}

#[test]
fn postgres_over_tls_verify_full_with_a_wrong_host_name_is_refused_at_start() {
    let test = "postgres_over_tls_verify_full_with_a_wrong_host_name_is_refused_at_start";
    // A certificate from the right CA, but for another server.
    let Some(cluster) = cluster(test, 25464, &["db.example"]) else {
        return;
    };
    let ca = cluster.right_ca.display().to_string();
    let url = cluster.url(&format!("sslmode=verify-full&sslrootcert={ca}"));
    let (started, text) = serve(&url);
    assert!(!started, "{text}");
    let words = "certificate is not for the host name in the URL";
    assert!(text.contains(words), "{text}");
    let refused = relay_carries_a_notice(&url).err().unwrap_or_default();
    assert!(refused.contains(words), "the relay: {refused}");
    // verify-ca checks the chain only: the same certificate is accepted.
    let url = cluster.url(&format!("sslmode=verify-ca&sslrootcert={ca}"));
    diesel::PgConnection::establish(&url).expect("diesel with verify-ca");
    assert!(relay_carries_a_notice(&url).is_ok());
}

#[test]
fn postgres_over_tls_an_sslmode_that_cannot_be_honoured_stops_the_start() {
    // No server needed: the URL is refused before anything connects.
    for (url, words) in [
        (
            "postgres://touring@127.0.0.1:9/touring?sslmode=allow",
            "sslmode=allow",
        ),
        (
            "postgres://touring@127.0.0.1:9/touring?sslmode=verify",
            "sslmode=verify",
        ),
        (
            "postgres://touring@127.0.0.1:9/touring?sslmode=verify-full&sslrootcert=/nowhere.pem",
            "/nowhere.pem",
        ),
    ] {
        let (started, text) = serve(url);
        assert!(!started, "{text}");
        assert!(text.contains(words), "{url}: {text}");
        assert!(!text.contains("panicked"), "{text}");
    }
}
