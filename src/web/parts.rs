//! Parts of a live region that a stream sends only when they changed.
//!
//! A seat's board is sent whole after every move at its table, six boards a move, yet most of
//! a board does not change with someone else's move: the seat's hand above all (a third of the
//! board's bytes). A part is marked in the template:
//!
//! ```html
//! <touring-part data-part="play" data-v="0000000000000000">…</touring-part>
//! ```
//!
//! Every drawing of the region writes the part's version (a hash of its content) into
//! `data-v` ([`seal`]); a stream that sent a part of that version in its last drawing sends it
//! again as an empty part marked `data-same` ([`seal_and_elide`]), and the page's script puts
//! back the part it shows, when that part has the same version. When it has not (the page drew
//! the board from elsewhere: the answer to its own move), the script opens the stream again,
//! whose first drawing is whole. Without the script nothing changes: pages are drawn whole.
//!
//! A part cheaper to name than to draw (a hand without moves: the language and the cards) may
//! carry a version said from its inputs instead ([`version_of_inputs`]): a stream that sent that
//! version last time does not draw the part at all ([`SentParts::sent`]). Such a part looks the
//! same to every reader its inputs are the same for (a side of the board, to the four seats of
//! a table that do not play it): it is drawn once and kept a little while ([`drawn`]), so that
//! the streams of the other seats, woken by the same move, copy it rather than draw it again.

use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, LazyLock};

use memchr::memmem::Finder;

use crate::cache::Cache;

/// How a part's version reads before it is sealed: the template writes it, [`seal`] writes the
/// version over it (as many characters).
pub const UNSEALED: &str = "0000000000000000";

const OPEN: &str = "<touring-part data-part=\"";
const VERSION: &str = "\" data-v=\"";
const CLOSE: &str = "</touring-part>";

/// The searches for the tags, made once (a stream looks through six boards a move).
static OPEN_TAG: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(OPEN));
static CLOSE_TAG: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(CLOSE));

/// A version: the hash of a part's content, in hexadecimal.
type Version = [u8; 16];

/// Where one part lies in a drawing.
struct Part {
    /// Its name.
    name: std::ops::Range<usize>,
    /// Its version's characters.
    version: std::ops::Range<usize>,
    /// Its content.
    content: std::ops::Range<usize>,
    /// Its closing tag ends here.
    end: usize,
}

/// The part whose opening tag is the first at or after `from`, if there is one, whole.
fn next_part(html: &str, from: usize) -> Option<Part> {
    let bytes = html.as_bytes();
    let start = from + OPEN_TAG.find(bytes.get(from..)?)?;
    let name_from = start + OPEN.len();
    let name_to = name_from + memchr::memchr(b'"', &bytes[name_from..])?;
    let version_from = name_to + VERSION.len();
    let version_to = version_from + UNSEALED.len();
    if bytes.get(name_to..version_from)? != VERSION.as_bytes()
        || !bytes
            .get(version_from..version_to)?
            .iter()
            .all(u8::is_ascii_hexdigit)
    {
        return None;
    }
    let content_from = version_to + memchr::memchr(b'>', &bytes[version_to..])? + 1;
    let content_to = content_from + CLOSE_TAG.find(&bytes[content_from..])?;
    Some(Part {
        name: name_from..name_to,
        version: version_from..version_to,
        content: content_from..content_to,
        end: content_to + CLOSE.len(),
    })
}

/// A hash as a version: its hexadecimal digits.
fn hex(hash: u64) -> Version {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut version = [0u8; 16];
    for (i, digit) in version.iter_mut().enumerate() {
        *digit = DIGITS[((hash >> (60 - 4 * i)) & 0xf) as usize];
    }
    version
}

/// The version of a part's content.
fn version_of(content: &str) -> Version {
    hex(foldhash::quality::FixedState::with_seed(0).hash_one(content))
}

/// A part's version said from what it is drawn from rather than from its drawing, so that a
/// stream that sent that version last time need not draw the part at all (see
/// [`version_of_inputs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartVersion(Version);

impl std::fmt::Display for PartVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(text(&self.0))
    }
}

/// The version of a part drawn from the inputs `write` hashes, which must be everything the
/// part's drawing depends on (the language among them). The template writes it into the part's
/// tag instead of [`UNSEALED`], where [`seal`] leaves it; it is a hash of another kind than a
/// content's (another seed), so the two never stand for each other. The same inputs give the
/// same version in every process of a build, so a page drawn by one instance and a stream of
/// another agree.
pub fn version_of_inputs(write: impl FnOnce(&mut dyn Hasher)) -> PartVersion {
    let mut hasher = foldhash::quality::FixedState::with_seed(INPUTS_SEED).build_hasher();
    write(&mut hasher);
    PartVersion(hex(hasher.finish()))
}

/// The seed of [`version_of_inputs`]' hash (a content's is 0).
const INPUTS_SEED: u64 = 0x0074_6f75_7269_6e67;

/// A version as the text written in a tag (hexadecimal digits, so always text).
fn text(version: &Version) -> &str {
    std::str::from_utf8(version).unwrap_or(UNSEALED)
}

/// The version a part carries: the one written, or its content's when it is not sealed yet.
fn version_in(html: &str, part: &Part) -> Version {
    let written = &html.as_bytes()[part.version.clone()];
    match <Version>::try_from(written) {
        Ok(version) if written != UNSEALED.as_bytes() => version,
        _ => version_of(&html[part.content.clone()]),
    }
}

/// Writes each part's version, a hash of its content, into its opening tag (a part sealed
/// already keeps its version).
pub fn seal(html: &mut String) {
    let mut from = 0;
    while let Some(part) = next_part(html, from) {
        if &html[part.version.clone()] == UNSEALED {
            let version = version_of(&html[part.content.clone()]);
            html.replace_range(part.version.clone(), text(&version));
        }
        from = part.end;
    }
}

/// How many drawings [`drawn`] keeps: at 2,000 moves a second, each drawing two or four sides
/// anew, the last half second of moves or more, while the other seats' streams of a table draw
/// theirs within milliseconds of the first. About 700 bytes each (a side of a board), so at
/// most 3 MB.
const KEPT_DRAWINGS: usize = 4096;

/// Drawings of parts by their input version ([`version_of_inputs`]).
struct Drawings {
    kept: Cache<Version, Arc<str>>,
}

impl Drawings {
    fn new(name: &'static str, capacity: usize) -> Drawings {
        Drawings {
            kept: Cache::new(name, capacity),
        }
    }

    /// See [`drawn`].
    fn drawn<E>(
        &self,
        version: PartVersion,
        draw: impl FnOnce() -> Result<String, E>,
    ) -> Result<Arc<str>, E> {
        if let Some(html) = self.kept.get(&version.0) {
            return Ok(html);
        }
        // Drawn without the lock: two streams may draw the same part at once, and keep the
        // same drawing.
        let html: Arc<str> = draw()?.into();
        self.kept.insert(version.0, html.clone());
        Ok(html)
    }
}

static DRAWINGS: LazyLock<Drawings> = LazyLock::new(|| Drawings::new("board_parts", KEPT_DRAWINGS));

/// Makes the kept drawings (so `/metrics` lists them from the start).
pub fn start() {
    LazyLock::force(&DRAWINGS);
}

/// The drawing of the part whose version was said from its inputs (`version`): the one kept,
/// if it was drawn lately for any reader, else `draw`'s, kept. A version said from everything
/// a drawing depends on stands for that drawing wherever it is drawn, whoever reads it (a part
/// whose drawing is secret to its reader must hash who that is among its inputs).
pub fn drawn<E>(
    version: PartVersion,
    draw: impl FnOnce() -> Result<String, E>,
) -> Result<Arc<str>, E> {
    DRAWINGS.drawn(version, draw)
}

/// A part drawn from its inputs, as a template writes it: its name, its version, and its
/// drawing, unless the stream it is drawn for sent that version already (see
/// [`SentParts::sent`]).
pub struct PartFromInputs {
    pub name: String,
    pub version: PartVersion,
    pub html: Option<Arc<str>>,
}

/// The versions of the parts a stream sent in its last drawing, by name.
#[derive(Debug, Default)]
pub struct SentParts(Vec<(String, Version)>);

impl SentParts {
    /// Whether the last drawing sent the part `name` at `version`: this drawing then sends it
    /// empty, marked `data-same`, so a template need not draw it.
    pub fn sent(&self, name: &str, version: PartVersion) -> bool {
        self.0.iter().any(|(n, v)| n == name && *v == version.0)
    }
}

/// The drawing `html` sealed (see [`seal`]), as a stream sends it after the drawing whose parts
/// it sent (`sent`): each part sent at the same version then ([`SentParts::sent`]) is left
/// empty and marked `data-same`. `sent` then holds this drawing's parts (a part this drawing
/// lacks is forgotten, so that it is sent whole when it comes back). A part whose version the
/// template said from its inputs and that was sent at that version may come here empty: it is
/// sent as `data-same` like any other unchanged part.
pub fn seal_and_elide(html: &mut String, sent: &mut SentParts) {
    let mut out = String::with_capacity(html.len());
    let mut before = std::mem::take(&mut sent.0);
    let mut copied = 0;
    while let Some(part) = next_part(html, copied) {
        let version = version_in(html, &part);
        let name = &html[part.name.clone()];
        let same = match before.iter().position(|(was, _)| was == name) {
            Some(at) => {
                let (name, was) = before.swap_remove(at);
                sent.0.push((name, version));
                was == version
            }
            None => {
                sent.0.push((name.to_owned(), version));
                false
            }
        };
        out.push_str(&html[copied..part.version.start]);
        out.push_str(text(&version));
        if same {
            out.push_str("\" data-same>");
            out.push_str(CLOSE);
        } else {
            out.push_str(&html[part.version.end..part.end]);
        }
        copied = part.end;
    }
    if !sent.0.is_empty() {
        out.push_str(&html[copied..]);
        *html = out;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(hand: &str, line: &str) -> String {
        format!(
            "<div class=\"board\"><p>{line}</p>{OPEN}play{VERSION}{UNSEALED}\"><div>{hand}</div>{CLOSE}<p>after</p></div>"
        )
    }

    fn sealed(hand: &str, line: &str) -> String {
        let mut html = board(hand, line);
        seal(&mut html);
        html
    }

    fn version(html: &str) -> String {
        let part = next_part(html, 0).expect("a part");
        html[part.version].to_owned()
    }

    #[test]
    fn a_sealed_part_carries_the_hash_of_its_content() {
        let one = sealed("Go, 10 Miles", "Ann played Go.");
        let again = sealed("Go, 10 Miles", "Bob played Stop.");
        let other = sealed("Go, 5 Miles", "Ann played Go.");
        assert_ne!(version(&one), UNSEALED);
        assert_eq!(version(&one).len(), UNSEALED.len());
        // The version follows the part's content, nothing around it.
        assert_eq!(version(&one), version(&again));
        assert_ne!(version(&one), version(&other));
        // Sealing writes over the placeholder only.
        assert_eq!(
            one.replace(&version(&one), UNSEALED),
            board("Go, 10 Miles", "Ann played Go.")
        );
    }

    #[test]
    fn a_part_sealed_already_keeps_its_version() {
        let once = sealed("Go", "Ann played Go.");
        let mut twice = once.clone();
        seal(&mut twice);
        assert_eq!(twice, once);
        // A board around a sealed part: only its own unsealed parts are sealed.
        let mut around = format!("{once}{OPEN}table{VERSION}{UNSEALED}\">Ann 10{CLOSE}");
        seal(&mut around);
        assert!(around.starts_with(&once), "{around}");
        let table = next_part(&around, once.len()).expect("the table's part");
        assert_ne!(&around[table.version], UNSEALED);
    }

    #[test]
    fn a_stream_sends_a_part_again_only_when_it_changed() {
        let mut sent = SentParts::default();
        // The first drawing is whole, and sealed as a page seals it.
        let mut first = board("Go, 10 Miles", "Ann played Go.");
        let whole = sealed("Go, 10 Miles", "Ann played Go.");
        seal_and_elide(&mut first, &mut sent);
        assert_eq!(first, whole);
        // Someone else's move: the hand is the same, the line is new.
        let mut second = sealed("Go, 10 Miles", "Bob played Stop.");
        seal_and_elide(&mut second, &mut sent);
        let v = version(&whole);
        assert_eq!(
            second,
            format!(
                "<div class=\"board\"><p>Bob played Stop.</p>{OPEN}play{VERSION}{v}\" data-same>{CLOSE}<p>after</p></div>"
            )
        );
        assert!(!second.contains("10 Miles"), "{second}");
        // The hand changed: sent whole again.
        let mut third = sealed("Go, 5 Miles", "You played 10 Miles.");
        let whole = third.clone();
        seal_and_elide(&mut third, &mut sent);
        assert_eq!(third, whole);
    }

    #[test]
    fn a_part_missing_from_a_drawing_is_sent_whole_when_it_comes_back() {
        let mut sent = SentParts::default();
        let mut first = sealed("Go", "Ann played Go.");
        seal_and_elide(&mut first, &mut sent);
        // A drawing without the part (the deal is over, the page shows no hand).
        let mut between = "<div class=\"board\"><p>Over.</p></div>".to_owned();
        seal_and_elide(&mut between, &mut sent);
        let mut back = sealed("Go", "Ann played Go.");
        let whole = back.clone();
        seal_and_elide(&mut back, &mut sent);
        assert_eq!(back, whole);
    }

    #[test]
    fn a_part_versioned_by_its_inputs_and_sent_already_is_not_drawn() {
        let hand = |cards: &[usize]| {
            version_of_inputs(|h| {
                h.write(b"en");
                for &card in cards {
                    h.write_usize(card);
                }
            })
        };
        assert_eq!(hand(&[1, 2]), hand(&[1, 2]));
        assert_ne!(hand(&[1, 2]), hand(&[2, 1]));
        // Another kind of hash than a content's, even of the same bytes.
        assert_ne!(hand(&[]).0, version_of("en"));
        let drawn = |version: PartVersion, content: &str| {
            format!(
                "<p>line</p>{OPEN}play{VERSION}{version}\">{content}{CLOSE}{OPEN}table{VERSION}{UNSEALED}\">Ann 10{CLOSE}"
            )
        };
        let mut sent = SentParts::default();
        let mut first = drawn(hand(&[1, 2]), "<div>Go, 10 Miles</div>");
        seal_and_elide(&mut first, &mut sent);
        assert!(first.contains("Go, 10 Miles"), "{first}");
        assert!(sent.sent("play", hand(&[1, 2])));
        assert!(!sent.sent("play", hand(&[1, 3])));
        assert!(!sent.sent("table", hand(&[1, 2])));
        // The template, asked, left the hand out: it goes as unchanged.
        let mut next = drawn(hand(&[1, 2]), "");
        seal_and_elide(&mut next, &mut sent);
        assert!(
            next.contains(&format!(
                "{OPEN}play{VERSION}{}\" data-same>{CLOSE}",
                hand(&[1, 2])
            )),
            "{next}"
        );
        // The page seals it as the template wrote it.
        let mut page = drawn(hand(&[1, 2]), "<div>Go, 10 Miles</div>");
        seal(&mut page);
        assert!(
            page.contains(&format!("{}\"><div>Go", hand(&[1, 2]))),
            "{page}"
        );
    }

    fn numbered(n: usize) -> PartVersion {
        version_of_inputs(|h| h.write_usize(n))
    }

    #[test]
    fn a_part_drawn_from_the_same_inputs_is_drawn_once_for_every_reader() {
        let drawings = Drawings::new("test_board_parts", 8);
        let draws = std::cell::Cell::new(0);
        let draw = |n: usize| {
            drawings
                .drawn(numbered(n), || {
                    draws.set(draws.get() + 1);
                    Ok::<_, std::fmt::Error>(format!("<div>side {n}</div>"))
                })
                .expect("drawn")
        };
        let first = draw(1);
        assert_eq!(&*first, "<div>side 1</div>");
        assert_eq!(draw(1), first);
        assert_eq!(&*draw(2), "<div>side 2</div>");
        assert_eq!(draws.get(), 2);
        // A drawing that fails is not kept: the next reader draws it.
        let failed = drawings.drawn(numbered(3), || Err::<String, _>(std::fmt::Error));
        assert!(failed.is_err());
        assert_eq!(&*draw(3), "<div>side 3</div>");
        assert_eq!(draws.get(), 3);
        // The process's own keeps what it draws too.
        let once = drawn(numbered(usize::MAX), || {
            Ok::<_, std::fmt::Error>("x".into())
        });
        let twice = drawn(numbered(usize::MAX), || {
            Ok::<_, std::fmt::Error>("y".into())
        });
        assert_eq!(once.expect("drawn"), twice.expect("drawn"));
    }

    #[test]
    fn kept_drawings_stay_few_and_the_least_recently_used_goes() {
        let drawings = Drawings::new("test_board_parts_few", 2);
        let draws = std::cell::Cell::new(0);
        let draw = |n: usize| {
            drawings
                .drawn(numbered(n), || {
                    draws.set(draws.get() + 1);
                    Ok::<_, std::fmt::Error>(n.to_string())
                })
                .expect("drawn")
        };
        // 0 and 1 fill the cache; 2 pushes out 0, the least recently used.
        for n in 0..3 {
            draw(n);
        }
        assert_eq!(draws.get(), 3);
        // 2, used last, is still kept.
        draw(2);
        assert_eq!(draws.get(), 3);
        // 0 is drawn again (and pushes out 1).
        draw(0);
        draw(1);
        assert_eq!(draws.get(), 5);
        assert_eq!(drawings.kept.len(), 2);
    }

    #[test]
    fn a_part_is_known_by_its_name_wherever_it_stands() {
        let mut sent = SentParts::default();
        let mut first = sealed("Go", "Ann played Go.");
        seal_and_elide(&mut first, &mut sent);
        // The same hand after a part that was not there before: still the same hand.
        let mut later = format!(
            "{OPEN}table{VERSION}{UNSEALED}\">Ann 10{CLOSE}{}",
            sealed("Go", "Bob played Stop.")
        );
        seal_and_elide(&mut later, &mut sent);
        assert!(!later.contains("<div>Go</div>"), "{later}");
        assert!(later.contains("Ann 10"), "{later}");
    }

    #[test]
    fn a_drawing_without_well_formed_parts_is_left_as_it_is() {
        let mut sent = SentParts::default();
        for text in [
            "<p>nothing</p>".to_owned(),
            format!("{OPEN}play\" data-x=\"1\">x{CLOSE}"),
            format!("{OPEN}play{VERSION}{UNSEALED}\">never closed"),
            format!("{OPEN}play{VERSION}0\">"),
        ] {
            let mut html = text.clone();
            seal(&mut html);
            assert_eq!(html, text);
            seal_and_elide(&mut html, &mut sent);
            seal_and_elide(&mut html, &mut sent);
            assert_eq!(html, text);
        }
    }
}
