//! Headless Chromium for the browser and print tests: finds `chromium` and `chromedriver`, runs
//! chromedriver on a free loopback port (stopped with everything it started when dropped), opens
//! browsers with a fresh profile each, and waits for pages to show things.
//!
//! Without a browser the tests say they are skipped and pass; in CI (`CI=true`) they fail.

use std::io::Write as _;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use thirtyfour::prelude::*;

mod audit;

/// The flags every Chromium gets. The background-networking ones keep Chromium from calling
/// out (a closed network refuses those connections and Chromium complains).
pub const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
];

/// The buttons of the moves a tap on a card shows: a plain move's button is marked shown, a
/// move to confirm is a form marked shown around its button.
pub const SHOWN_MOVES: &str = "#board .moves button.shown, #board .moves .shown button";

/// How long a page may take to show what a test waits for.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The browser and its driver.
#[derive(Debug, Clone)]
pub struct Tools {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

/// The first of `names` that is an executable file on the PATH.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| is_executable(candidate))
    })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A tool named by an environment variable, or found on the PATH.
fn tool(variable: &str, names: &[&str]) -> Option<PathBuf> {
    match std::env::var_os(variable) {
        Some(path) if !path.is_empty() => {
            let path = PathBuf::from(path);
            is_executable(&path).then_some(path)
        }
        _ => on_path(names),
    }
}

impl Tools {
    /// Chromium and chromedriver: `TOURING_CHROMIUM` and `TOURING_CHROMEDRIVER` if set,
    /// otherwise the usual names on the PATH.
    pub fn find() -> Option<Tools> {
        Some(Tools {
            chromium: tool(
                "TOURING_CHROMIUM",
                &[
                    "chromium",
                    "chromium-browser",
                    "google-chrome",
                    "google-chrome-stable",
                ],
            )?,
            chromedriver: tool("TOURING_CHROMEDRIVER", &["chromedriver"])?,
        })
    }
}

/// Is this a CI run (`CI=true`)? There the browser tests must run.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// Writes a line straight to the test's stderr, past the test harness's capture, so that a
/// skipped test says so even when it passes.
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The browser tools, or `None` after saying that `what` is skipped. In CI a missing browser
/// is a failure.
pub fn tools_or_skip(what: &str) -> Option<Tools> {
    match Tools::find() {
        Some(tools) => Some(tools),
        None if in_ci() => panic!(
            "{what}: chromium/chromedriver not found, and CI=true: CI must run the browser \
             tests (apt-get install chromium chromium-driver, see .ci/run)"
        ),
        None => {
            say(&format!(
                "{what} skipped: chromium/chromedriver not found (install chromium and \
                 chromium-driver, or set TOURING_CHROMIUM and TOURING_CHROMEDRIVER)"
            ));
            None
        }
    }
}

/// The folder for screenshots and PDFs: `$CARGO_TARGET_DIR/screenshots`, else
/// `target/screenshots` in the crate.
pub fn output_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => manifest.join(dir),
        _ => manifest.join("target"),
    };
    let dir = target.join("screenshots");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    dir
}

/// A loopback port nobody listens on right now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port on 127.0.0.1")
}

/// A chromedriver on a free loopback port, in its own process group: dropping it ends the
/// driver and every browser it started (and only those).
pub struct Driver {
    child: Child,
    pub url: String,
    tools: Tools,
}

impl Driver {
    /// Starts chromedriver on a free loopback port. A port can be taken between choosing it and
    /// the driver binding it (other tests pick ports too), and a loaded machine can make the
    /// driver slow to come up: a driver that exits or does not listen is ended and a new one
    /// started on another port, up to three times, and the last one's own words are reported.
    pub fn start(tools: &Tools) -> Driver {
        let mut last = String::new();
        for _attempt in 0..3 {
            match Self::try_start(tools) {
                Ok(driver) => return driver,
                Err(why) => {
                    say(&format!("chromedriver did not start, trying again: {why}"));
                    last = why;
                }
            }
        }
        panic!("chromedriver did not start three times; the last time: {last}");
    }

    fn try_start(tools: &Tools) -> Result<Driver, String> {
        use std::os::unix::process::CommandExt;
        let port = free_port();
        let log = tempfile::NamedTempFile::new().map_err(|e| format!("a log file: {e}"))?;
        let stderr = log
            .reopen()
            .map_err(|e| format!("reopen the log file: {e}"))?;
        let child = Command::new(&tools.chromedriver)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(stderr))
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", tools.chromedriver.display()));
        // From here on, dropping `driver` ends the process group, so every failure below
        // leaves nothing running.
        let mut driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
            tools: tools.clone(),
        };
        let started = Instant::now();
        let words =
            |log: &tempfile::NamedTempFile| std::fs::read_to_string(log.path()).unwrap_or_default();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = driver.child.try_wait() {
                return Err(format!(
                    "it exited ({status}) before listening on port {port}: {}",
                    words(&log)
                ));
            }
            if started.elapsed() >= PATIENCE {
                return Err(format!(
                    "it did not listen on port {port} within {PATIENCE:?}: {}",
                    words(&log)
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(driver)
    }

    /// A new headless browser with a fresh profile and a window of this size.
    pub async fn browser(&self, width: u32, height: u32) -> Browser {
        self.open(width, height, false).await
    }

    /// A new headless browser whose page sees a phone's screen of exactly this size (headless
    /// windows have a minimum width, so the phone's metrics are emulated).
    pub async fn phone(&self, width: u32, height: u32) -> Browser {
        self.open(width, height, true).await
    }

    /// A browser of this window size whose page script is on (`script`) or off.
    pub async fn browser_with_script(&self, width: u32, height: u32, script: bool) -> Browser {
        self.open_with(width, height, false, script).await
    }

    async fn open(&self, width: u32, height: u32, phone: bool) -> Browser {
        self.open_with(width, height, phone, true).await
    }

    async fn open_with(&self, width: u32, height: u32, phone: bool, script: bool) -> Browser {
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut caps = DesiredCapabilities::chrome();
        caps.set_binary(&self.tools.chromium.to_string_lossy())
            .expect("binary");
        for flag in CHROMIUM_FLAGS {
            caps.add_arg(flag).expect("flag");
        }
        caps.add_arg(&format!("--user-data-dir={}", profile.path().display()))
            .expect("flag");
        caps.add_arg(&format!("--window-size={width},{height}"))
            .expect("flag");
        if phone {
            caps.add_experimental_option(
                "mobileEmulation",
                serde_json::json!({
                    "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": true}
                }),
            )
            .expect("phone metrics");
        }
        if !script {
            caps.add_experimental_option(
                "prefs",
                serde_json::json!({"profile.managed_default_content_settings.javascript": 2}),
            )
            .expect("no script");
        }
        // A loaded machine can make the driver drop a session request now and then: ask again
        // a little later, twice, before giving up.
        let mut tries = 0;
        let driver = loop {
            match WebDriver::new(self.url.as_str(), caps.clone()).await {
                Ok(driver) => break driver,
                Err(e) if tries < 2 => {
                    tries += 1;
                    say(&format!("a new browser session failed, asking again: {e}"));
                    tokio::time::sleep(Duration::from_secs(2)).await;
                }
                Err(e) => panic!("open {}: {e}", self.tools.chromium.display()),
            }
        };
        if script {
            count_live_drawings(&driver).await;
        }
        Browser {
            driver,
            _profile: profile,
            script,
        }
    }
}

/// Has every page this browser opens count the live drawings it applies (the page's script
/// says `touring:updated` after each; the answers to the page's own moves are not counted), in
/// `window.touringDrawings`, from before the page's own script runs: so a test can wait for a
/// stream's first drawing, which replaces the region the server drew a moment before.
async fn count_live_drawings(driver: &WebDriver) {
    use thirtyfour::cdp::domains::page::AddScriptToEvaluateOnNewDocument;
    driver
        .cdp()
        .send(AddScriptToEvaluateOnNewDocument {
            source: "window.touringDrawings = 0;
                document.addEventListener('touring:updated', function (event) {
                  if (!(event.detail && event.detail.ownMove)) window.touringDrawings += 1;
                }, true);"
                .into(),
            world_name: None,
            include_command_line_api: None,
        })
        .await
        .expect("count the live drawings");
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The driver's process group holds the browsers it started.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser (one profile, one cookie jar: one guest's phone or the host's laptop).
pub struct Browser {
    pub driver: WebDriver,
    _profile: tempfile::TempDir,
    /// Is the page's script on? (Off, axe-core cannot run in the page: see `audit`.)
    pub script: bool,
}

impl std::ops::Deref for Browser {
    type Target = WebDriver;
    fn deref(&self) -> &WebDriver {
        &self.driver
    }
}

impl Browser {
    /// Closes the browser.
    pub async fn quit(self) {
        let Browser { driver, .. } = self;
        let _ = driver.quit().await;
    }

    /// Waits until `probe` answers something, for at most [`PATIENCE`]; fails saying `what`
    /// was expected and what the page showed.
    pub async fn wait_for<T>(
        &self,
        what: &str,
        probe: impl AsyncFnMut(&WebDriver) -> WebDriverResult<Option<T>>,
    ) -> T {
        self.wait_for_within(PATIENCE, what, probe).await
    }

    /// [`Browser::wait_for`], for at most `patience`.
    pub async fn wait_for_within<T>(
        &self,
        patience: Duration,
        what: &str,
        mut probe: impl AsyncFnMut(&WebDriver) -> WebDriverResult<Option<T>>,
    ) -> T {
        let started = Instant::now();
        let mut last_error = None;
        loop {
            match probe(&self.driver).await {
                Ok(Some(found)) => return found,
                Ok(None) => {}
                Err(e) => last_error = Some(e.to_string()),
            }
            if started.elapsed() > patience {
                let url = self.url_now().await;
                let text = self.body_text().await;
                panic!(
                    "waited for {what} at {url}; last error: {}\nthe page shows:\n{text}",
                    last_error.unwrap_or_else(|| "none".into())
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits until no element matches `css` (`what` says what should have gone).
    pub async fn wait_for_none(&self, what: &str, css: &str) {
        self.wait_for(what, async |driver: &WebDriver| {
            Ok(driver
                .find_all(By::Css(css))
                .await?
                .is_empty()
                .then_some(()))
        })
        .await;
    }

    /// The visible text of the page.
    pub async fn body_text(&self) -> String {
        match self.driver.find(By::Tag("body")).await {
            Ok(body) => body.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// The visible text of the element `css`, or `None` when there is none. A live update
    /// that replaces the element between finding it and reading it (a stale element) is
    /// looked for again, a few times, rather than read as "no such element".
    pub async fn text_of(&self, css: &str) -> Option<String> {
        for _ in 0..5 {
            let found = self.driver.find_all(By::Css(css)).await.ok()?;
            match found.first()?.text().await {
                Ok(text) => return Some(text),
                Err(_) => continue,
            }
        }
        None
    }

    /// Waits for an element `css` whose text contains `text` (in any case) and returns the
    /// whole text it showed then. Read in the same look as the match, so a live update that
    /// replaces the element just after cannot leave the test holding a stale element.
    pub async fn wait_for_text_of(&self, css: &str, text: &str) -> String {
        let wanted = text.to_lowercase();
        self.wait_for(
            &format!("\"{text}\" in {css}"),
            async |driver: &WebDriver| {
                for element in driver.find_all(By::Css(css)).await? {
                    let shown = element.text().await?;
                    if shown.to_lowercase().contains(&wanted) {
                        return Ok(Some(shown));
                    }
                }
                Ok(None)
            },
        )
        .await
    }

    /// Waits for the element `css` whose text contains `text` (in any case: styles may show
    /// text in capitals), and returns it.
    pub async fn wait_for_text(&self, css: &str, text: &str) -> WebElement {
        let wanted = text.to_lowercase();
        self.wait_for(
            &format!("\"{text}\" in {css}"),
            async |driver: &WebDriver| {
                for element in driver.find_all(By::Css(css)).await? {
                    if element.text().await?.to_lowercase().contains(&wanted) {
                        return Ok(Some(element));
                    }
                }
                Ok(None)
            },
        )
        .await
    }

    /// Waits for a button showing exactly `label` and clicks it. The click is in the same look
    /// as the search: a live update that replaces the button between the two (a stale element)
    /// is looked for again instead of failing the test.
    pub async fn click_button(&self, label: &str) {
        self.wait_for(
            &format!("a button \"{label}\" clicked"),
            async |driver: &WebDriver| {
                for button in driver.find_all(By::Css("button")).await? {
                    if button.text().await?.trim() == label && button.is_displayed().await? {
                        button.click().await?;
                        return Ok(Some(()));
                    }
                }
                Ok(None)
            },
        )
        .await;
    }

    /// Waits for a link whose text contains `text` and follows it, found and tapped in one
    /// look (a live update may redraw the page's parts in between).
    pub async fn follow_link(&self, text: &str) {
        let wanted = text.to_lowercase();
        self.wait_for(
            &format!("a link \"{text}\" followed"),
            async |driver: &WebDriver| {
                for link in driver.find_all(By::Css("a")).await? {
                    if link.text().await?.to_lowercase().contains(&wanted) {
                        link.click().await?;
                        return Ok(Some(()));
                    }
                }
                Ok(None)
            },
        )
        .await;
    }

    /// Marks the page now shown; [`Browser::same_page`] tells whether it is still the one shown
    /// (no navigation, no reload since).
    pub async fn mark_page(&self) {
        self.driver
            .execute("window.touringTestMark = true;", Vec::new())
            .await
            .expect("mark the page");
    }

    pub async fn same_page(&self) -> bool {
        self.driver
            .execute("return window.touringTestMark === true;", Vec::new())
            .await
            .ok()
            .and_then(|r| r.json().as_bool())
            .unwrap_or(false)
    }

    /// Shows a move of a seat's board the way a guest does: a tap on the card of the hand that
    /// it plays (the page's script shows a card's moves only once it is tapped).
    pub async fn tap_card_of(&self, button: &WebElement) -> WebDriverResult<()> {
        self.driver
            .execute(
                "var move = arguments[0].closest('.moves [data-card]');
                 if (!move || move.classList.contains('shown')) return;
                 var id = move.getAttribute('data-card');
                 var card = id && document.querySelector('#board .hand .card[data-card=\"' + id + '\"]');
                 if (card) card.click();",
                vec![button.to_json()?],
            )
            .await?;
        Ok(())
    }

    /// Plays a move of a seat's board: taps its card, then the move.
    pub async fn play(&self, button: &WebElement) -> WebDriverResult<()> {
        self.tap_card_of(button).await?;
        button.click().await
    }

    /// Plays the move of the seat's board that `choose` picks from the words of its moves (shown
    /// or not: a card's moves show once it is tapped), and returns those words. Found, chosen
    /// and played in one look, so a live redraw of the board in between is looked at again
    /// instead of leaving the test holding a stale button.
    pub async fn play_chosen(&self, choose: impl Fn(&[String]) -> usize) -> Vec<String> {
        self.wait_for("a move played", async |driver: &WebDriver| {
            let buttons = driver.find_all(By::Css("#board .moves button")).await?;
            if buttons.is_empty() {
                return Ok(None);
            }
            let mut labels = Vec::new();
            for button in &buttons {
                let words = button.prop("textContent").await?.unwrap_or_default();
                labels.push(words.trim().to_owned());
            }
            self.play(&buttons[choose(&labels).min(buttons.len() - 1)])
                .await?;
            Ok(Some(labels))
        })
        .await
    }

    /// Saves a screenshot of the window as `name` in the output folder.
    pub async fn screenshot_as(&self, name: &str) -> PathBuf {
        let path = output_dir().join(name);
        self.driver
            .screenshot(&path)
            .await
            .unwrap_or_else(|e| panic!("screenshot {}: {e}", path.display()));
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        assert!(size > 1000, "{} is empty", path.display());
        path
    }
}

/// `zbarimg`, which reads QR codes from pictures (Debian's zbar-tools), or `None` after saying
/// that `what` is skipped. In CI a missing reader is a failure.
pub fn qr_reader_or_skip(what: &str) -> Option<PathBuf> {
    match tool("TOURING_ZBARIMG", &["zbarimg"]) {
        Some(path) => Some(path),
        None if in_ci() => panic!(
            "{what}: zbarimg not found, and CI=true: CI must read the QR codes (apt-get install \
             zbar-tools, see .ci/run)"
        ),
        None => {
            say(&format!(
                "{what} skipped: zbarimg not found (install zbar-tools)"
            ));
            None
        }
    }
}

impl Browser {
    /// Reads the QR code shown in the element `css` as a phone's camera would: a picture of
    /// the element (or, when a live page redraws it under our feet, of the whole window)
    /// decoded by `zbarimg`, tried again for a while. Answers the text the code carries.
    pub async fn read_qr(&self, zbarimg: &Path, css: &str) -> String {
        let picture = tempfile::Builder::new()
            .suffix(".png")
            .tempfile()
            .expect("a file for the picture");
        self.wait_for(
            &format!("a QR code that zbarimg reads in {css}"),
            async |driver: &WebDriver| {
                let Some(element) = driver.find_all(By::Css(css)).await?.into_iter().next() else {
                    return Ok(None);
                };
                let _ = element.scroll_into_view().await;
                if element.screenshot(picture.path()).await.is_err() {
                    // Redrawn meanwhile: the window shows the new one.
                    driver.screenshot(picture.path()).await?;
                }
                let output = Command::new(zbarimg)
                    .args(["--raw", "-q", "--oneshot"])
                    .arg(picture.path())
                    .output()
                    .unwrap_or_else(|e| panic!("run {}: {e}", zbarimg.display()));
                let text = String::from_utf8_lossy(&output.stdout).trim().to_owned();
                Ok((output.status.success() && !text.is_empty()).then_some(text))
            },
        )
        .await
    }
}

/// A seat's board and a paper card as a guest handles them.
impl Browser {
    /// How many actions the seat's board shows. Read in a wait: the stream's first drawing,
    /// just after the page opens, replaces the board the test may have just found.
    pub async fn actions_shown(&self) -> u64 {
        self.wait_for(
            "the board's number of actions",
            async |driver: &WebDriver| {
                let board = driver.find(By::Css("#board .board")).await?;
                Ok(board
                    .attr("data-actions")
                    .await?
                    .and_then(|n| n.parse().ok()))
            },
        )
        .await
    }

    /// The address the browser shows now (empty if it cannot say).
    pub async fn url_now(&self) -> String {
        self.driver
            .current_url()
            .await
            .map(|u| u.to_string())
            .unwrap_or_default()
    }

    /// Waits until the board shows more than `before` actions; answers how many.
    pub async fn board_after(&self, before: u64) -> u64 {
        self.wait_for("the move on the board", async |driver: &WebDriver| {
            let board = driver.find(By::Css("#board .board")).await?;
            let shown: Option<u64> = board
                .attr("data-actions")
                .await?
                .and_then(|n| n.parse().ok());
            Ok(shown.filter(|&n| n > before))
        })
        .await
    }

    /// Waits until a page with a live stream has applied the stream's first drawing (which
    /// replaces what the server drew a moment before: an element found before it is stale).
    /// Nothing to wait for without script, or on a page without a stream.
    pub async fn live_drawn(&self) {
        if !self.script {
            return;
        }
        self.wait_for(
            "the live stream's first drawing",
            async |driver: &WebDriver| {
                let drawn: bool = driver
                    .execute(
                        "return !document.body.getAttribute('data-live') || !window.EventSource
                        || window.touringDrawings > 0;",
                        Vec::new(),
                    )
                    .await?
                    .convert()?;
                Ok(drawn.then_some(()))
            },
        )
        .await
    }

    /// Once it is the seat's turn, taps a card of the hand that has moves and answers the
    /// first move shown for it (on a page opened as a guest opens it, its stream's first
    /// drawing waited for: see [`Browser::live_drawn`]).
    pub async fn a_shown_move(&self) -> WebElement {
        self.wait_for_text("#board h2", "Your turn").await;
        self.wait_for("a card with moves, tapped", async |driver: &WebDriver| {
            let card = driver
                .find(By::Css("#board .hand .card[data-playable]"))
                .await?;
            card.click().await?;
            Ok(Some(()))
        })
        .await;
        self.driver
            .find(By::Css(SHOWN_MOVES))
            .await
            .expect("a move")
    }

    /// Types counts into a paper card's fields by script and tells the page, as a key press
    /// would (`input`).
    pub async fn type_counts(&self, counts: &[(String, u32)]) {
        for (id, count) in counts {
            let found: bool = self
                .driver
                .execute(
                    "var input = document.getElementById(arguments[0]);
                     if (!input) return false;
                     input.value = arguments[1];
                     input.dispatchEvent(new Event('input', {bubbles: true}));
                     return true;",
                    vec![serde_json::json!(id), serde_json::json!(count.to_string())],
                )
                .await
                .expect("type into a field")
                .convert()
                .expect("an answer");
            assert!(found, "no field {id}");
        }
    }
}

/// The fields of one hand of a Mille Bornes card on the phone (`hand` 1, 2, ...): its miles,
/// whether the trip was completed, nothing else.
pub fn mille_hand(hand: usize, miles: u32, trip: u32) -> Vec<(String, u32)> {
    let key = if hand == 1 {
        String::new()
    } else {
        format!("{hand}_")
    };
    [
        ("miles", miles),
        ("safeties", 0),
        ("coups_fourres", 0),
        ("trip", trip),
        ("delayed_action", 0),
        ("safe_trip", 0),
        ("shut_out", 0),
        ("extension", 0),
    ]
    .into_iter()
    .map(|(row, n)| (format!("my-{key}{row}"), n))
    .collect()
}

/// Decodes standard base64 (what the DevTools protocol answers for PDFs).
pub fn base64_decode(text: &str) -> Vec<u8> {
    fn value(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' | b'-' => Some(62),
            b'/' | b'_' => Some(63),
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.bytes().filter_map(value) {
        buffer = (buffer << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}

/// Waits until `probe` answers something, for at most [`PATIENCE`] (for what involves several
/// browsers); fails saying `what` was expected.
pub async fn eventually<T>(what: &str, mut probe: impl AsyncFnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(found) = probe().await {
            return found;
        }
        assert!(started.elapsed() < PATIENCE, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A small runtime for a test's browsers.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}
