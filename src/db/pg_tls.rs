//! TLS to PostgreSQL, read from the database URL as libpq documents it: `sslmode` (`disable`,
//! `prefer`, `require`, `verify-ca`, `verify-full`) and `sslrootcert` (a PEM file of CAs, or
//! `system`), else the `PGSSLMODE` and `PGSSLROOTCERT` variables, else libpq's defaults
//! (`prefer`; `~/.postgresql/root.crt`).
//!
//! diesel's connections are libpq's, which reads these itself (built with OpenSSL: see
//! Cargo.toml). The notification relay's connection is tokio-postgres's, which knows only
//! `disable`, `prefer` and `require` and never verifies: this module gives it a rustls
//! configuration that does what libpq does, checks the options at start (an option the relay
//! cannot honour is an error then, not a silent downgrade), and says in plain words why a
//! server's certificate was refused.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};

/// How much a connection trusts the server, as libpq's `sslmode` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SslMode {
    /// No TLS.
    Disable,
    /// TLS if the server offers it, without verifying; plain TCP otherwise.
    Prefer,
    /// TLS, without verifying the certificate (unless a root CA file is there: then as
    /// `verify-ca`, as libpq does for compatibility).
    Require,
    /// TLS, the certificate's chain verified against `sslrootcert`.
    VerifyCa,
    /// As `verify-ca`, and the certificate names the host connected to.
    VerifyFull,
}

impl SslMode {
    fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }
}

/// Where the trusted CAs come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RootCert {
    /// A PEM file.
    File(PathBuf),
    /// The system's store (`sslrootcert=system`).
    System,
}

/// The TLS options of one PostgreSQL URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgTls {
    /// The mode as it applies (a `require` with a root CA file is `verify-ca`).
    pub mode: SslMode,
    /// The CAs a verifying mode trusts (`None` when nothing is verified).
    pub root_cert: Option<RootCert>,
    /// The URL without the options tokio-postgres does not know.
    url_for_tokio_postgres: String,
}

/// The URL's query options (the last one of a name wins, as in libpq).
fn option(query: &[(String, String)], name: &str) -> Option<String> {
    query
        .iter()
        .filter(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
        .next_back()
}

/// libpq's default root CA file, `~/.postgresql/root.crt`.
fn default_root_cert() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|home| Path::new(&home).join(".postgresql/root.crt"))
}

impl PgTls {
    /// Reads the TLS options of a `postgres://` URL (and libpq's variables where the URL says
    /// nothing). An option that cannot be honoured is an error that says what to write instead.
    pub fn from_url(url: &str) -> Result<PgTls, String> {
        Self::from_url_and_env(url, |name| std::env::var(name).ok())
    }

    fn from_url_and_env(url: &str, env: impl Fn(&str) -> Option<String>) -> Result<PgTls, String> {
        // The query only: libpq's URLs may leave the host out (a socket named by ?host=), which
        // a general URL parser refuses.
        let (base, query) = url.split_once('?').unwrap_or((url, ""));
        let query: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let parsed = &query;
        for unsupported in ["sslcert", "sslkey", "sslpassword", "sslcrl", "sslcrldir"] {
            if option(parsed, unsupported).is_some() {
                return Err(format!(
                    "{unsupported}= in the PostgreSQL URL is not supported (client certificates \
                     and revocation lists are not); authenticate with a password instead"
                ));
            }
        }
        let mode_text = option(parsed, "sslmode")
            .or_else(|| env("PGSSLMODE"))
            .unwrap_or_else(|| "prefer".to_owned());
        let mut mode = match mode_text.as_str() {
            "disable" => SslMode::Disable,
            "prefer" => SslMode::Prefer,
            "require" => SslMode::Require,
            "verify-ca" => SslMode::VerifyCa,
            "verify-full" => SslMode::VerifyFull,
            "allow" => {
                return Err(
                    "sslmode=allow (plain first, TLS only if the server insists) is not \
                            supported; use sslmode=disable, prefer, require, verify-ca or \
                            verify-full"
                        .to_owned(),
                );
            }
            other => {
                return Err(format!(
                    "sslmode={other} is not a PostgreSQL sslmode; use disable, prefer, \
                     require, verify-ca or verify-full"
                ));
            }
        };
        let given = option(parsed, "sslrootcert").or_else(|| env("PGSSLROOTCERT"));
        let root_cert = match given.as_deref() {
            Some("system") => {
                if mode != SslMode::VerifyFull {
                    return Err(format!(
                        "sslrootcert=system needs sslmode=verify-full (as libpq: a weaker \
                         sslmode={} with the system's CAs is refused)",
                        mode.name()
                    ));
                }
                Some(RootCert::System)
            }
            Some("") | None => default_root_cert().map(RootCert::File),
            Some(file) => Some(RootCert::File(PathBuf::from(file))),
        };
        let root_cert = match (mode, root_cert) {
            (SslMode::Disable | SslMode::Prefer, _) => None,
            // libpq: "if a root CA file exists, sslmode=require behaves as verify-ca".
            (SslMode::Require, Some(RootCert::File(file))) if file.exists() => {
                mode = SslMode::VerifyCa;
                Some(RootCert::File(file))
            }
            (SslMode::Require, _) => None,
            (SslMode::VerifyCa | SslMode::VerifyFull, Some(RootCert::File(file))) => {
                if !file.exists() {
                    return Err(format!(
                        "sslmode={} needs the CAs to trust, and the root certificate file {} \
                         does not exist; give sslrootcert=FILE (PEM), or sslrootcert=system \
                         for the system's CAs, or a weaker sslmode",
                        mode.name(),
                        file.display()
                    ));
                }
                Some(RootCert::File(file))
            }
            (SslMode::VerifyCa | SslMode::VerifyFull, Some(RootCert::System)) => {
                Some(RootCert::System)
            }
            (SslMode::VerifyCa | SslMode::VerifyFull, None) => {
                return Err(format!(
                    "sslmode={} needs the CAs to trust: give sslrootcert=FILE (PEM)",
                    mode.name()
                ));
            }
        };
        let kept: Vec<&(String, String)> = query
            .iter()
            .filter(|(k, _)| k != "sslmode" && k != "sslrootcert")
            .collect();
        let url_for_tokio_postgres = if kept.is_empty() {
            base.to_owned()
        } else {
            let kept = url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(kept)
                .finish();
            format!("{base}?{kept}")
        };
        let tls = PgTls {
            mode,
            root_cert,
            url_for_tokio_postgres,
        };
        // The CAs are read now, so that an unreadable file is told at start.
        tls.roots()?;
        Ok(tls)
    }

    /// tokio-postgres's configuration for this URL, TLS as this mode wants it.
    pub fn tokio_postgres_config(&self) -> Result<tokio_postgres::Config, String> {
        let mut config: tokio_postgres::Config = self
            .url_for_tokio_postgres
            .parse()
            .map_err(|e| format!("the PostgreSQL URL cannot be read: {e}"))?;
        config.ssl_mode(match self.mode {
            SslMode::Disable => tokio_postgres::config::SslMode::Disable,
            SslMode::Prefer => tokio_postgres::config::SslMode::Prefer,
            _ => tokio_postgres::config::SslMode::Require,
        });
        Ok(config)
    }

    /// The trusted CAs, read from the file or the system (none when nothing is verified).
    fn roots(&self) -> Result<RootCertStore, String> {
        let mut roots = RootCertStore::empty();
        match &self.root_cert {
            None => {}
            Some(RootCert::File(file)) => {
                let certs = CertificateDer::pem_file_iter(file)
                    .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
                    .map_err(|e| format!("cannot read sslrootcert={}: {e}", file.display()))?;
                let (added, _) = roots.add_parsable_certificates(certs);
                if added == 0 {
                    return Err(format!(
                        "sslrootcert={} holds no CA certificate (PEM) to trust",
                        file.display()
                    ));
                }
            }
            Some(RootCert::System) => {
                let found = rustls_native_certs::load_native_certs();
                let (added, _) = roots.add_parsable_certificates(found.certs);
                if added == 0 {
                    return Err(format!(
                        "sslrootcert=system: no CA certificate found in the system's store{}",
                        found
                            .errors
                            .first()
                            .map(|e| format!(" ({e})"))
                            .unwrap_or_default()
                    ));
                }
            }
        }
        Ok(roots)
    }

    /// The rustls configuration that verifies as this mode says.
    pub fn rustls_config(&self) -> Result<ClientConfig, String> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let chain = match self.mode {
            SslMode::Disable | SslMode::Prefer | SslMode::Require => None,
            SslMode::VerifyCa | SslMode::VerifyFull => Some(
                WebPkiServerVerifier::builder_with_provider(
                    Arc::new(self.roots()?),
                    provider.clone(),
                )
                .build()
                .map_err(|e| format!("cannot use the CAs of {}: {e}", self.root_name()))?,
            ),
        };
        let verifier = Arc::new(Verifier {
            provider: provider.clone(),
            chain,
            check_name: self.mode == SslMode::VerifyFull,
        });
        Ok(ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS for PostgreSQL: {e}"))?
            .dangerous()
            .with_custom_certificate_verifier(verifier)
            .with_no_client_auth())
    }

    /// `sslrootcert=…` as the user would write it.
    fn root_name(&self) -> String {
        match &self.root_cert {
            Some(RootCert::File(file)) => format!("sslrootcert={}", file.display()),
            Some(RootCert::System) => "sslrootcert=system".to_owned(),
            None => "no sslrootcert".to_owned(),
        }
    }

    /// Why a connection failed, in plain words, when TLS is the reason: the certificate not
    /// signed by the trusted CA, or not for this host name, or any other TLS failure.
    pub fn explain(&self, error: &(dyn std::error::Error + 'static)) -> Option<String> {
        let mut source = Some(error);
        while let Some(e) = source {
            let tls = e.downcast_ref::<rustls::Error>().or_else(|| {
                e.downcast_ref::<std::io::Error>()
                    .and_then(|io| io.get_ref())
                    .and_then(|inner| inner.downcast_ref::<rustls::Error>())
            });
            if let Some(tls) = tls {
                return Some(self.explain_tls(tls));
            }
            source = e.source();
        }
        None
    }

    fn explain_tls(&self, error: &rustls::Error) -> String {
        match error {
            rustls::Error::InvalidCertificate(
                CertificateError::UnknownIssuer | CertificateError::BadSignature,
            ) => format!(
                "the PostgreSQL server's certificate is not signed by the CA in {}: {error}",
                self.root_name()
            ),
            rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            ) => format!(
                "the PostgreSQL server's certificate is not for the host name in the URL \
                 (sslmode=verify-full checks it): {error}; connect by a name the certificate \
                 holds"
            ),
            rustls::Error::InvalidCertificate(_) => format!(
                "the PostgreSQL server's certificate does not verify (sslmode={}, {}): {error}",
                self.mode.name(),
                self.root_name()
            ),
            _ => format!("TLS with the PostgreSQL server failed: {error}"),
        }
    }
}

/// libpq's own words for a refused certificate, explained the same way (for diesel's
/// connections): `None` when the message is not about the certificate.
pub fn explain_libpq(url: &str, message: &str) -> Option<String> {
    let tls = PgTls::from_url(url).ok()?;
    if message.contains("certificate verify failed") {
        Some(format!(
            "the PostgreSQL server's certificate is not signed by the CA in {}: {}",
            tls.root_name(),
            message.trim()
        ))
    } else if message.contains("does not match host name") {
        Some(format!(
            "the PostgreSQL server's certificate is not for the host name in the URL \
             (sslmode=verify-full checks it): {}",
            message.trim()
        ))
    } else {
        None
    }
}

/// The words of rustls's verifier trait, short enough that its two signature checks read as one.
type Cert<'a> = CertificateDer<'a>;
type Dss = DigitallySignedStruct;
type Signed = Result<HandshakeSignatureValid, rustls::Error>;

/// The server's certificate as the mode asks: for `require` (and the modes below it) nothing
/// but the handshake's own signatures; for `verify-ca` and `verify-full` the chain against the
/// CAs, and the host name too when `check_name` (webpki checks the name last, so a name error
/// means the chain is good). The handshake's signatures are checked the same way in every mode.
#[derive(Debug)]
struct Verifier {
    provider: Arc<CryptoProvider>,
    chain: Option<Arc<WebPkiServerVerifier>>,
    check_name: bool,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(webpki) = &self.chain else {
            return Ok(ServerCertVerified::assertion());
        };
        match webpki.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) if !self.check_name => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(&self, message: &[u8], cert: &Cert<'_>, dss: &Dss) -> Signed {
        let algorithms = &self.provider.signature_verification_algorithms;
        rustls::crypto::verify_tls12_signature(message, cert, dss, algorithms)
    }

    fn verify_tls13_signature(&self, message: &[u8], cert: &Cert<'_>, dss: &Dss) -> Signed {
        let algorithms = &self.provider.signature_verification_algorithms;
        rustls::crypto::verify_tls13_signature(message, cert, dss, algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(url: &str) -> Result<PgTls, String> {
        PgTls::from_url_and_env(url, |_| None)
    }

    #[test]
    fn sslmode_defaults_to_prefer_and_reads_libpqs_names() {
        assert_eq!(
            read("postgres://u@h/db").map(|t| t.mode),
            Ok(SslMode::Prefer)
        );
        for (name, mode) in [
            ("disable", SslMode::Disable),
            ("prefer", SslMode::Prefer),
            ("require", SslMode::Require),
        ] {
            let url = format!("postgres://u@h/db?sslmode={name}");
            assert_eq!(read(&url).map(|t| t.mode), Ok(mode));
        }
    }

    #[test]
    fn an_sslmode_that_cannot_be_honoured_is_refused_saying_what_works() {
        for bad in ["allow", "verify_full", "on"] {
            let error = read(&format!("postgres://u@h/db?sslmode={bad}")).unwrap_err();
            assert!(error.contains(&format!("sslmode={bad}")), "{error}");
            assert!(error.contains("verify-full"), "{error}");
        }
    }

    #[test]
    fn verifying_without_a_readable_root_certificate_is_refused_naming_the_file() {
        let error =
            read("postgres://u@h/db?sslmode=verify-full&sslrootcert=/nowhere/ca.pem").unwrap_err();
        assert!(error.contains("/nowhere/ca.pem"), "{error}");
        let error = read("postgres://u@h/db?sslmode=require&sslrootcert=system").unwrap_err();
        assert!(error.contains("verify-full"), "{error}");
    }

    #[test]
    fn client_certificates_are_refused_at_start() {
        let error = read("postgres://u@h/db?sslmode=require&sslcert=/c.pem").unwrap_err();
        assert!(error.contains("sslcert"), "{error}");
    }

    #[test]
    fn a_url_without_a_host_is_read_too() {
        let tls = read("postgres:///touring?host=/var/run/postgresql&sslmode=disable").unwrap();
        assert_eq!(tls.mode, SslMode::Disable);
        assert_eq!(
            tls.url_for_tokio_postgres,
            "postgres:///touring?host=%2Fvar%2Frun%2Fpostgresql"
        );
    }

    #[test]
    fn tokio_postgres_gets_the_url_without_libpqs_tls_options() {
        let tls = read("postgres://u:p@h:5433/db?sslmode=require&application_name=x").unwrap();
        let config = tls.tokio_postgres_config().unwrap();
        assert_eq!(config.get_application_name(), Some("x"));
        assert_eq!(
            config.get_ssl_mode(),
            tokio_postgres::config::SslMode::Require
        );
        assert_eq!(
            tls.url_for_tokio_postgres,
            "postgres://u:p@h:5433/db?application_name=x"
        );
    }
}
