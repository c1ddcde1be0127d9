//! The print pages printed to PDF by headless Chromium, on A4 and on Letter: the final standings
//! with prizes, the seating chart of a round, the paper score cards and the table tents with QR
//! codes. Each PDF must exist, be a real document, have the paper's size on every page (the
//! pages ask for it with CSS, `?paper=a4|letter`) and show the expected text (read with
//! `pdftotext` when poppler-utils is installed, otherwise from the page the browser printed).
//!
//! The public standings are printed with `chromium --print-to-pdf`, as a host could from a
//! shell; the host-only pages in a browser logged in with the host link, through the DevTools
//! protocol's printToPDF (which is what the browser's print dialog does). The PDFs are left in
//! `target/pdf/`.
//!
//! Needs `chromium` and `chromedriver`; without them the test says it is skipped and passes
//! (in CI, `CI=true`, it fails instead).

use crate::common;
use crate::common::browser;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use browser::{CHROMIUM_FLAGS, Driver, Tools, base64_decode, say, tools_or_skip};
use common::server::Server;
use serde_json::{Value, json};
use thirtyfour::By;
use thirtyfour::cdp::Cdp;

const GUESTS: [&str; 4] = ["Ann", "Bob", "Cid", "Dot"];

#[derive(Debug, Clone, Copy)]
enum Paper {
    A4,
    Letter,
}

impl Paper {
    const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    fn query(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// Width and height in PDF points.
    fn points(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// A print page and the text it must show.
struct Printout {
    name: &'static str,
    path: String,
    expected: Vec<String>,
}

/// An event played to its end through the JSON API: one round, two tables (the second with
/// real cards), some miles.
struct Evening {
    id: i64,
    host_link: String,
}

#[test]
fn print_pages_to_pdf_on_a4_and_letter() {
    let Some(tools) = tools_or_skip("print tests") else {
        return;
    };
    let server = Server::start();
    let evening = play_an_evening(&server);
    let id = evening.id;
    let names = || GUESTS.iter().map(|g| g.to_string());
    let printouts = [
        Printout {
            name: "standings",
            path: format!("/events/{id}/print/standings"),
            expected: ["Print Night", "Final standings", "1st prize:"]
                .map(String::from)
                .into_iter()
                .chain(names())
                .collect(),
        },
        Printout {
            name: "seating",
            path: format!("/events/{id}/print/seating?round=1"),
            expected: ["Print Night", "Seating, round 1", "phones", "real cards"]
                .map(String::from)
                .into_iter()
                .chain(names())
                .collect(),
        },
        Printout {
            name: "cards",
            path: format!("/events/{id}/print/cards?round=1"),
            // Table 2 plays with real cards; table 1 on phones needs no card.
            expected: ["round 1 · table 2", "1-mile", "each, max 8)", "Checked by"]
                .map(String::from)
                .into_iter()
                .collect(),
        },
        Printout {
            name: "tents",
            path: format!("/events/{id}/print/tents"),
            expected: [
                "Print Night",
                "Table 1",
                "Table 2",
                "Scan to see who plays here",
            ]
            .map(String::from)
            .into_iter()
            .collect(),
        },
    ];
    let out = pdf_dir();
    let pdftotext = has_pdftotext();
    if !pdftotext {
        say(
            "print tests: pdftotext not found (poppler-utils); checking the printed pages' text instead of the PDFs'",
        );
    }

    // The public standings, from the command line: no session needed.
    for paper in Paper::ALL {
        let file = out.join(format!("cli-standings-{}.pdf", paper.query()));
        let url = server.url(&format!("{}?paper={}", printouts[0].path, paper.query()));
        print_with_cli(&tools, &url, &file);
        let (status, html) = server.text(
            &format!("{}?paper={}", printouts[0].path, paper.query()),
            None,
        );
        assert_eq!(status, 200, "the standings print page is public");
        check_pdf(
            &file,
            paper,
            &printouts[0].expected,
            (!pdftotext).then_some(html.as_str()),
        );
    }

    // Every print page, in the host's browser.
    for (file, paper, printout, text) in print_all(&tools, &evening, &server.base, &printouts) {
        check_pdf(
            &file,
            paper,
            &printout.expected,
            (!pdftotext).then_some(text.as_str()),
        );
    }
}

/// Ten guests at five tables of two, round 1 seated (table 1 with real cards), not played.
const PARTY: [&str; 10] = [
    "Ann", "Bob", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon",
];

#[test]
fn a_table_tent_never_splits_across_pages_on_a4_or_letter() {
    let Some(tools) = tools_and_pdftotext_or_skip("the tents' pages are not read") else {
        return;
    };
    let server = Server::start();
    let party = seat_a_party(&server);
    let printouts = [Printout {
        name: "tents-five",
        path: format!("/events/{}/print/tents", party.id),
        expected: ["Print Night", "Table 1", "Table 5"]
            .map(String::from)
            .to_vec(),
    }];
    for (file, paper, printout, _) in print_all(&tools, &party, &server.base, &printouts) {
        check_pdf(&file, paper, &printout.expected, None);
        let shown = file.display();
        let pages = pdf_pages(&file);
        // Two tents to a page: five tables, three pages.
        assert_eq!(
            pages.len(),
            3,
            "{shown}: five tents on three pages: {pages:#?}"
        );
        for n in 1..=5 {
            let table = format!("Table {n}");
            let holding = pages.iter().filter(|p| p.contains(&table)).count();
            assert_eq!(holding, 1, "{shown}: {table} on one page: {pages:#?}");
        }
        // Every tent's whole text is on the page of its number: name, number, the line to
        // scan and its own link.
        for (at, page) in pages.iter().enumerate() {
            let numbers: Vec<usize> = (1..=5)
                .filter(|n| page.contains(&format!("Table {n}")))
                .collect();
            let tents = numbers.len();
            assert!(tents >= 1, "{shown}: page {} holds a tent: {page}", at + 1);
            let words = page.split_whitespace().collect::<Vec<_>>().join(" ");
            for part in [
                "Print Night",
                "Scan to see who plays here",
                "open your seat",
            ] {
                assert_eq!(
                    words.matches(part).count(),
                    tents,
                    "{shown}: page {} has \"{part}\" once for each of its tents: {page}",
                    at + 1
                );
            }
            let bare: String = page.split_whitespace().collect();
            for n in numbers {
                assert!(
                    bare.contains(&format!("/table/{n}?key=")),
                    "{shown}: table {n}'s link is on its tent's page: {page}"
                );
            }
        }
    }
}

#[test]
fn the_seating_chart_prints_large() {
    let Some(tools) = tools_and_pdftotext_or_skip("the chart's type is not measured") else {
        return;
    };
    let server = Server::start();
    let party = seat_a_party(&server);
    let printouts = [Printout {
        name: "seating-five",
        path: format!("/events/{}/print/seating?round=1", party.id),
        expected: ["Print Night", "Seating, round 1", "real cards", "phones"]
            .map(String::from)
            .into_iter()
            .chain(PARTY.map(String::from))
            .collect(),
    }];
    for (file, paper, printout, _) in print_all(&tools, &party, &server.base, &printouts) {
        check_pdf(&file, paper, &printout.expected, None);
        let shown = file.display();
        assert_eq!(pdf_pages(&file).len(), 1, "{shown}: the round on one page");
        let words = pdf_words(&file);
        for name in PARTY {
            let height = words
                .iter()
                .find(|(word, _)| word == name)
                .map(|&(_, height)| height)
                .unwrap_or_else(|| panic!("{shown}: {name} is on the chart: {words:?}"));
            // The ordinary print type is 11 pt; a wall chart's names are twice that or more.
            assert!(
                height >= 20.0,
                "{shown}: {name} is {height:.1} pt high, too small to read on a wall"
            );
        }
    }
}

/// Seats round 1 of ten guests at five tables of two through the JSON API (table 1 with real
/// cards), without playing it.
fn seat_a_party(server: &Server) -> Evening {
    let (status, created) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Print Night", "table_size": 2, "round": {"kind": "timed", "seconds": 600},
                "length": {"kind": "rounds", "rounds": 1}, "seed": 1937}),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["event"]["id"].as_i64().expect("event id");
    let token = created["host_token"].as_str().expect("host token");
    let events = format!("/api/v1/events/{id}");
    for name in PARTY {
        host_post(
            server,
            token,
            &format!("{events}/entries"),
            json!({"names": [name]}),
        );
    }
    host_post(
        server,
        token,
        &format!("{events}/rounds"),
        json!({"paper_tables": [1]}),
    );
    Evening {
        id,
        host_link: server.url(created["host_link"].as_str().expect("host link")),
    }
}

/// Prints `printouts` on both papers in the host's browser (a runtime of its own).
fn print_all<'a>(
    tools: &Tools,
    evening: &Evening,
    base: &str,
    printouts: &'a [Printout],
) -> Vec<(PathBuf, Paper, &'a Printout, String)> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
        .block_on(print_in_browser(
            tools,
            evening,
            base,
            printouts,
            &pdf_dir(),
        ))
}

/// Logs a browser in as the host, then prints every page on both papers. Answers each PDF
/// with its paper, what it is, and the text the browser showed.
async fn print_in_browser<'a>(
    tools: &Tools,
    evening: &Evening,
    base: &str,
    printouts: &'a [Printout],
    out: &Path,
) -> Vec<(PathBuf, Paper, &'a Printout, String)> {
    let driver = Driver::start(tools);
    let host = driver.browser(1280, 900).await;
    host.goto(evening.host_link.as_str())
        .await
        .expect("open the host link");
    host.wait_for_text("h1", "Print Night").await;
    let devtools = Cdp::new(host.handle().clone());
    let mut printed = Vec::new();
    for printout in printouts {
        for paper in Paper::ALL {
            let separator = if printout.path.contains('?') {
                '&'
            } else {
                '?'
            };
            let url = format!("{base}{}{separator}paper={}", printout.path, paper.query());
            host.goto(url.as_str()).await.expect("open a print page");
            host.wait_for_text("main", &printout.expected[0]).await;
            let source = host.source().await.expect("the page's source");
            if printout.name == "tents" {
                assert!(
                    source.matches("<svg").count() >= 2,
                    "a QR code on each table's tent"
                );
                assert!(
                    source.contains(&format!("/static/page-{}.css", paper.query())),
                    "the tents ask for their paper (a linked style sheet, as the CSP allows)"
                );
            }
            let file = out.join(format!("{}-{}.pdf", printout.name, paper.query()));
            print_to_pdf(&devtools, &url, &file).await;
            printed.push((file, paper, printout, host.body_text().await));
        }
    }
    host.quit().await;
    drop(driver);
    printed
}

/// Prints the browser's page (`what`) to `file`, as its print dialog does, on the paper the
/// page's CSS asks for.
async fn print_to_pdf(devtools: &Cdp, what: &str, file: &Path) {
    let answer = devtools
        .send_raw(
            "Page.printToPDF",
            json!({"preferCSSPageSize": true, "printBackground": true}),
        )
        .await
        .unwrap_or_else(|e| panic!("print {what}: {e}"));
    let data = answer["data"]
        .as_str()
        .unwrap_or_else(|| panic!("printToPDF answers the PDF: {answer}"));
    std::fs::write(file, base64_decode(data))
        .unwrap_or_else(|e| panic!("write {}: {e}", file.display()));
}

/// `chromium --headless --print-to-pdf=FILE URL`, with its own profile, given a minute.
fn print_with_cli(tools: &Tools, url: &str, file: &Path) {
    use std::os::unix::process::CommandExt;
    let _ = std::fs::remove_file(file);
    let profile = tempfile::tempdir().expect("a profile directory");
    let mut child = Command::new(&tools.chromium)
        .args(CHROMIUM_FLAGS)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--no-pdf-header-footer")
        .arg(format!("--print-to-pdf={}", file.display()))
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("start {}: {e}", tools.chromium.display()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break Some(status);
        }
        if started.elapsed() > Duration::from_secs(60) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    // Chromium's helpers are in its process group; end them all (only those).
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    let _ = child.wait();
    match status {
        Some(status) => assert!(status.success(), "chromium --print-to-pdf {url}: {status}"),
        None => panic!("chromium --print-to-pdf {url} took over a minute"),
    }
}

/// The PDF is a real document of the paper's size on every page, showing the expected text:
/// its own (pdftotext) when `page_text` is `None`, else the page's that was printed.
fn check_pdf(file: &Path, paper: Paper, expected: &[String], page_text: Option<&str>) {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("read {}: {e}", file.display()));
    let shown = file.display();
    assert!(bytes.starts_with(b"%PDF-"), "{shown} is a PDF");
    assert!(
        bytes.len() > 4000,
        "{shown} has content ({} bytes)",
        bytes.len()
    );
    let tail = &bytes[bytes.len().saturating_sub(64)..];
    assert!(
        tail.windows(5).any(|w| w == b"%%EOF"),
        "{shown} is complete"
    );
    let boxes = media_boxes(&bytes);
    assert!(!boxes.is_empty(), "{shown} has pages with a MediaBox");
    let (width, height) = paper.points();
    for (w, h) in &boxes {
        assert!(
            (w - width).abs() < 1.0 && (h - height).abs() < 1.0,
            "{shown}: a page of {w} x {h} points, not {paper:?} ({width} x {height})"
        );
    }
    let text = match page_text {
        Some(text) => text.to_owned(),
        None => pdf_text(file),
    };
    // Lines break where the paper makes them: compare words, not line breaks.
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = words(&text);
    for wanted in expected {
        assert!(
            text.contains(&words(wanted)),
            "{shown} shows \"{wanted}\"; its text:\n{text}"
        );
    }
}

/// The width and height of every MediaBox in a PDF (Chromium writes them uncompressed).
fn media_boxes(pdf: &[u8]) -> Vec<(f64, f64)> {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/MediaBox")
        .filter_map(|(at, _)| {
            let rest = &text[at + "/MediaBox".len()..];
            let inside = rest.trim_start().strip_prefix('[')?;
            let numbers: Vec<f64> = inside
                .split(']')
                .next()?
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            match numbers[..] {
                [x0, y0, x1, y1] => Some((x1 - x0, y1 - y0)),
                _ => None,
            }
        })
        .collect()
}

/// The browser tools, when pdftotext is there too; otherwise `None`, after saying what is
/// not done (`what`).
fn tools_and_pdftotext_or_skip(what: &str) -> Option<Tools> {
    let tools = tools_or_skip("print tests")?;
    if !has_pdftotext() {
        say(&format!(
            "print tests: pdftotext not found (poppler-utils); {what}"
        ));
        return None;
    }
    Some(tools)
}

fn has_pdftotext() -> bool {
    Command::new("pdftotext")
        .arg("-v")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn pdf_text(file: &Path) -> String {
    let output = Command::new("pdftotext")
        .arg(file)
        .arg("-")
        .output()
        .expect("run pdftotext");
    assert!(output.status.success(), "pdftotext {}", file.display());
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The text of each page of a PDF (pdftotext ends every page with a form feed).
fn pdf_pages(file: &Path) -> Vec<String> {
    let text = pdf_text(file);
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_owned).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// What `pdftotext <flag>` (`-bbox`, `-bbox-layout`) writes of a PDF: its words and their
/// boxes, as XHTML.
fn pdftotext_boxes(file: &Path, flag: &str) -> String {
    let output = Command::new("pdftotext")
        .arg(flag)
        .arg(file)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("run pdftotext {flag}: {e}"));
    assert!(
        output.status.success(),
        "pdftotext {flag} {}",
        file.display()
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The number a word's tag gives its attribute `name` (`xMin="52.5"`).
fn box_attribute(tag: &str, name: &str) -> Option<f64> {
    format!(" {tag}")
        .split(&format!(" {name}=\""))
        .nth(1)?
        .split('"')
        .next()?
        .parse()
        .ok()
}

/// Every word of a PDF with its height in points (`pdftotext -bbox`).
fn pdf_words(file: &Path) -> Vec<(String, f64)> {
    let html = pdftotext_boxes(file, "-bbox");
    let attribute = box_attribute;
    html.split("<word ")
        .skip(1)
        .filter_map(|rest| {
            let (tag, after) = rest.split_once('>')?;
            let word = after.split("</word>").next()?.to_owned();
            Some((word, attribute(tag, "yMax")? - attribute(tag, "yMin")?))
        })
        .collect()
}

/// `target/pdf/` (or under `$CARGO_TARGET_DIR`).
fn pdf_dir() -> PathBuf {
    let dir = browser::output_dir()
        .parent()
        .map_or_else(|| PathBuf::from("target"), Path::to_path_buf)
        .join("pdf");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    dir
}

// ---------------------------------------------------------------- the evening, by API

fn host_post(server: &Server, token: &str, path: &str, body: Value) -> Value {
    let (status, answer) = server.post(path, Some(token), &body);
    assert!(status < 300, "POST {path} {body}: {status} {answer}");
    answer
}

fn play_an_evening(server: &Server) -> Evening {
    let (status, created) = server.post(
        "/api/v1/events",
        None,
        &json!({"name": "Print Night", "table_size": 2, "round": {"kind": "timed", "seconds": 600},
                "length": {"kind": "rounds", "rounds": 1}, "prizes": 3, "seed": 1926}),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["event"]["id"].as_i64().expect("event id");
    let token = created["host_token"]
        .as_str()
        .expect("host token")
        .to_owned();
    let host_link = server.url(created["host_link"].as_str().expect("host link"));
    let events = format!("/api/v1/events/{id}");
    let seats: Vec<String> = GUESTS
        .iter()
        .map(|name| {
            let answer = host_post(
                server,
                &token,
                &format!("{events}/entries"),
                json!({"names": [name]}),
            );
            answer["links"][0]["token"]
                .as_str()
                .expect("seat token")
                .to_owned()
        })
        .collect();
    host_post(
        server,
        &token,
        &format!("{events}/rounds"),
        json!({"paper_tables": [2]}),
    );
    host_post(
        server,
        &token,
        &format!("{events}/rounds/1/start"),
        json!({}),
    );
    // Everyone plays a few moves, plays before discards, so that there are miles.
    for _ in 0..12 {
        for seat in &seats {
            let (status, state) = server.get(&format!("/api/v1/seats/{seat}"), None);
            assert_eq!(status, 200, "{state}");
            let deal = &state["seat"]["deal"];
            if deal["your_turn"] != json!(true) {
                continue;
            }
            let legal = deal["legal"].as_array().expect("legal moves");
            let action = legal
                .iter()
                .find(|a| a.get("play").is_some())
                .or(legal.first())
                .expect("a legal move")
                .clone();
            let body = json!({"seen": deal["actions"], "action": action});
            let (status, answer) = server.post(&format!("/api/v1/seats/{seat}/moves"), None, &body);
            assert_eq!(status, 200, "move {body}: {answer}");
        }
    }
    host_post(
        server,
        &token,
        &format!("{events}/rounds/1/stop"),
        json!({}),
    );
    // The paper table's cards, as the host types them in.
    for (side, counts) in [json!({"mile1": 3}), json!({"mile5": 2})]
        .into_iter()
        .enumerate()
    {
        host_post(
            server,
            &token,
            &format!("{events}/rounds/1/tables/2/scores"),
            json!({"side": side, "counts": counts}),
        );
    }
    host_post(
        server,
        &token,
        &format!("{events}/rounds/1/close"),
        json!({}),
    );
    // The results stay provisional until the host closes the evening.
    host_post(server, &token, &format!("{events}/close"), json!({}));
    let (status, standings) = server.get(&format!("{events}/standings"), None);
    assert_eq!(status, 200, "{standings}");
    assert_eq!(
        standings["final"],
        json!(true),
        "the evening is over: {standings}"
    );
    Evening { id, host_link }
}

// ---------------------------------------------------------------- every printout, read for faults

/// The guests of the evenings whose printouts are read for faults: accents, a hyphen, a long
/// name, as a real party has.
const READ_GUESTS: [&str; 6] = [
    "Amélie",
    "Benoît",
    "Chloé",
    "Jean-Baptiste",
    "Élodie",
    "Maximilienne",
];

/// A word as pdftotext places it on its page: the text, its box (points, from the top left)
/// and which line of the page it is on.
#[derive(Debug, Clone)]
struct Placed {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    line: usize,
}

/// The words of each page of a PDF, in reading order (`pdftotext -bbox-layout`).
fn placed_words(file: &Path) -> Vec<Vec<Placed>> {
    let html = pdftotext_boxes(file, "-bbox-layout");
    let attribute = |tag: &str, name: &str| -> f64 {
        box_attribute(tag, name)
            .unwrap_or_else(|| panic!("{}: a word without {name}: {tag}", file.display()))
    };
    let unescape = |word: &str| {
        word.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&")
    };
    let mut line = 0;
    html.split("<page ")
        .skip(1)
        .map(|page| {
            let mut words = Vec::new();
            for part in page.split("<line").skip(1) {
                line += 1;
                for rest in part.split("<word ").skip(1) {
                    let Some((tag, after)) = rest.split_once('>') else {
                        continue;
                    };
                    let text = after.split("</word>").next().unwrap_or_default();
                    words.push(Placed {
                        text: unescape(text),
                        x0: attribute(tag, "xMin"),
                        y0: attribute(tag, "yMin"),
                        x1: attribute(tag, "xMax"),
                        y1: attribute(tag, "yMax"),
                        line,
                    });
                }
            }
            words
        })
        .collect()
}

/// A word as it is compared: in small letters (a style may print it in capitals), without
/// the punctuation around it.
fn bare_word(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// A link, printed small for typing: the page breaks it where it must (the QR code beside it
/// carries it whole), so it is not read as a word.
fn is_link(word: &str) -> bool {
    word.contains("://") || word.contains("/events/") || word.contains("/seat/")
}

/// What is wrong in how a PDF prints its words, one line each: two words whose boxes cross
/// (printed over each other), and a word of the page's text (`known`, the page's own words)
/// broken over two lines ("Tot" / "al").
fn print_faults(file: &Path, known: &std::collections::HashSet<String>) -> Vec<String> {
    let mut faults = Vec::new();
    for (at, words) in placed_words(file).iter().enumerate() {
        let page = at + 1;
        // Boxes are the font's, a little taller than the letters: two lines set close may
        // touch. Words cross when they share more than a quarter of the lower one's height
        // and more than a point of width.
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                let wide = a.x1.min(b.x1) - a.x0.max(b.x0);
                let high = a.y1.min(b.y1) - a.y0.max(b.y0);
                let lower = (a.y1 - a.y0).min(b.y1 - b.y0);
                if wide > 1.0 && high > lower / 4.0 {
                    faults.push(format!(
                        "page {page}: \"{}\" and \"{}\" print over each other",
                        a.text, b.text
                    ));
                }
            }
        }
        for pair in words.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            if a.line == b.line || is_link(&a.text) || is_link(&b.text) {
                continue;
            }
            let joined = bare_word(&format!("{}{}", a.text, b.text));
            let (first, second) = (bare_word(&a.text), bare_word(&b.text));
            // Two words of the page side by side are two words, whatever they make together.
            let both_words = known.contains(&first) && known.contains(&second);
            if !first.is_empty() && !second.is_empty() && known.contains(&joined) && !both_words {
                faults.push(format!(
                    "page {page}: \"{joined}\" is broken over two lines (\"{}\" / \"{}\")",
                    a.text, b.text
                ));
            }
        }
    }
    faults
}

/// One evening of `rules` in `language` whose printouts are read: six guests at three paper
/// tables, round 1 played on paper and closed, round 2 seated.
/// A club series of its own (its id and host link), for the member cards it prints.
type ClubSeries = Option<(i64, String)>;

/// An evening with a round of paper scores to print; a Mille Bornes one is in a club series of
/// its own, whose member cards are a printout too.
fn an_evening_to_print(server: &Server, rules: &str, language: &str) -> (Evening, ClubSeries) {
    use common::api::Host;
    let name = if language == "fr" {
        "Soirée imprimée"
    } else {
        "Print Night"
    };
    let mut settings = json!({"name": name, "rules": rules, "table_size": 2, "language": language,
           "round": {"kind": "timed", "seconds": 600},
           "length": {"kind": "rounds", "rounds": 3}, "prizes": 3, "seed": 52});
    let (host, series) = if rules == "mille-bornes" {
        let (status, made) = server.post("/api/v1/series", None, &json!({"name": name}));
        assert_eq!(status, 201, "{made}");
        let id = made["series"]["id"].as_i64().expect("series id");
        let token = made["host_token"].as_str().expect("series token");
        let link = made["host_link"].as_str().expect("series host link");
        settings["series"] = json!(id);
        let (status, answer) = server.post("/api/v1/events", Some(token), &settings);
        assert_eq!(status, 201, "{answer}");
        let host = Host {
            event: answer["event"]["id"].as_i64().expect("event id"),
            token: answer["host_token"]
                .as_str()
                .expect("host token")
                .to_owned(),
        };
        (host, Some((id, server.url(link))))
    } else {
        (Host::create(server, settings), None)
    };
    host.add_players(server, &READ_GUESTS);
    host.ok(server, "/rounds", json!({"all_paper": true}));
    host.ok(server, "/rounds/1/start", json!({}));
    host.ok(server, "/rounds/1/stop", json!({}));
    for table in 1..=3u32 {
        for side in 0..2u32 {
            let counts = match rules {
                "mille-bornes" => json!({"miles": 100 * (table + side), "safeties": side}),
                "touring-1958" => json!({"mile25": table + side, "mile50": side}),
                _ => json!({"mile1": table + side, "mile3": 1, "mile5": 0, "mile10": side}),
            };
            host.ok(
                server,
                &format!("/rounds/1/tables/{table}/scores"),
                json!({"side": side, "counts": counts}),
            );
        }
    }
    host.ok(server, "/rounds/1/close", json!({}));
    let evening = Evening {
        id: host.event,
        host_link: host.console_link(server),
    };
    (evening, series)
}

#[test]
fn no_printout_prints_words_over_each_other_or_breaks_a_word() {
    let Some(tools) = tools_and_pdftotext_or_skip("the printouts' words are not read") else {
        return;
    };
    let server = Server::start();
    let mut evenings = Vec::new();
    for rules in ["touring-1926", "touring-1958", "mille-bornes"] {
        for language in ["en", "fr"] {
            let (evening, series) = an_evening_to_print(&server, rules, language);
            evenings.push((format!("{rules}-{language}"), language, evening, series));
        }
    }
    let faults = common::browser::runtime().block_on(read_every_printout(
        &tools,
        &server.base,
        &evenings,
        &pdf_dir(),
    ));
    assert!(
        faults.is_empty(),
        "printouts with words printed over each other or broken:\n{}",
        faults.join("\n")
    );
}

/// Prints every printout of each evening on both papers in one browser (logged in as each
/// evening's host in turn) and reads each PDF for faults, named by evening, printout and paper.
async fn read_every_printout(
    tools: &Tools,
    base: &str,
    evenings: &[(String, &str, Evening, ClubSeries)],
    out: &Path,
) -> Vec<String> {
    let driver = Driver::start(tools);
    let host = driver.browser(1280, 900).await;
    let devtools = Cdp::new(host.handle().clone());
    let mut faults = Vec::new();
    let mut printed = 0;
    for (what, language, evening, series) in evenings {
        host.goto(evening.host_link.as_str())
            .await
            .expect("open the host link");
        host.wait_for("the console", async |driver| {
            Ok(driver
                .find_all(By::Css("form[action$='/host/slips']"))
                .await?
                .first()
                .cloned())
        })
        .await;
        let id = evening.id;
        let mut printouts: Vec<(String, Option<String>)> = [
            "standings",
            "seating?round=1",
            "cards?round=1",
            "cards?round=2",
            "tents",
        ]
        .iter()
        .map(|p| (p.to_string(), Some(format!("/events/{id}/print/{p}"))))
        .collect();
        // The slips are the answer to the console's form (it makes the links they print).
        printouts.push(("slips".into(), None));
        // The series' member cards are in the reader's language: this reader's is the
        // evening's (the `lang` cookie the language chooser sets).
        if let Some((series, link)) = series {
            host.goto(link.as_str())
                .await
                .expect("open the series host link");
            host.add_cookie(thirtyfour::Cookie::new("lang", *language))
                .await
                .expect("choose the reader's language");
            printouts.push((
                "member cards".into(),
                Some(format!("/series/{series}/host/cards")),
            ));
        }
        for (name, path) in printouts {
            for paper in Paper::ALL {
                match &path {
                    Some(path) => {
                        let separator = if path.contains('?') { '&' } else { '?' };
                        let url = format!("{base}{path}{separator}paper={}", paper.query());
                        host.goto(url.as_str()).await.expect("open a print page");
                    }
                    None => {
                        host.goto(evening.host_link.as_str())
                            .await
                            .expect("open the console");
                        host.execute(
                            "var form = document.querySelector(\"form[action$='/host/slips']\");
                             var letter = form.querySelector('button[formaction$=\"paper=letter\"]');
                             if (arguments[0] === 'letter' && letter) {
                               letter.click();
                             } else {
                               form.submit();
                             }",
                            vec![json!(paper.query())],
                        )
                        .await
                        .expect("send the slips' form");
                        host.wait_for("the slips", async |driver| {
                            Ok(driver
                                .current_url()
                                .await?
                                .path()
                                .ends_with("/host/slips")
                                .then_some(()))
                        })
                        .await;
                    }
                }
                host.wait_for("the printout", async |driver| {
                    Ok(driver
                        .find_all(By::Css("main h1, main h2"))
                        .await?
                        .first()
                        .cloned())
                })
                .await;
                // Each piece of text on its own: neighbouring elements' words stay apart.
                let text: String = host
                    .execute(
                        "var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                         var texts = [];
                         while (walk.nextNode()) texts.push(walk.currentNode.nodeValue);
                         return texts.join(' ');",
                        vec![],
                    )
                    .await
                    .expect("the page's text")
                    .convert()
                    .expect("text");
                let known = text.split_whitespace().map(bare_word).collect();
                let file = out.join(format!(
                    "read-{what}-{}-{}.pdf",
                    name.replace(['?', '='], "-"),
                    paper.query()
                ));
                print_to_pdf(&devtools, &format!("{what} {name}"), &file).await;
                printed += 1;
                let (width, height) = paper.points();
                let pdf =
                    std::fs::read(&file).unwrap_or_else(|e| panic!("read {}: {e}", file.display()));
                // Upright, or across the paper (a card of many columns).
                let fits = |w: f64, h: f64| (w - width).abs() < 1.0 && (h - height).abs() < 1.0;
                for (w, h) in media_boxes(&pdf) {
                    if !fits(w, h) && !fits(h, w) {
                        faults.push(format!(
                            "{what}, {name}, {}: a page of {w} x {h} points",
                            paper.query()
                        ));
                    }
                }
                for fault in print_faults(&file, &known) {
                    faults.push(format!("{what}, {name}, {}: {fault}", paper.query()));
                }
            }
        }
    }
    say(&format!("print tests: {printed} printouts read for faults"));
    host.quit().await;
    drop(driver);
    faults
}
