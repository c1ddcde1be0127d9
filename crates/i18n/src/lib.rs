//! Translations, through Project Fluent (`fluent-bundle`): one folder of `.ftl` files per
//! language in `locales/` (one file per area), embedded in the binary by `build.rs`, and
//! [`LANGUAGES`], the one line that offers a folder to readers. English is the fallback: a
//! message a language lacks is said in English.
//!
//! A page's words come from a [`Lang`], which templates and Rust use alike:
//! `{{ lang.t("skip-to-content") }}`, `{{ lang.msg("pick-table").arg("table", n) }}`, and
//! `lang.msg(..).arg(..).html()` for a message whose text holds markup (its arguments are
//! escaped). Numbers are written in the reader's conventions ([`Lang::number`], and every
//! number a message places), while plurals are chosen by Fluent's own selectors on the number.
//!
//! The pseudo-language `en-XA` ([`PSEUDO`]) says every English message with accents added,
//! between the markers [`OPEN`] and [`CLOSE`], so that a test can find any visible text that
//! does not come from a message.

mod elision;
mod flat;
mod numbers;
mod pseudo;
mod said;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

pub use elision::{ASPIRATED, elides};
use numbers::{grouped, number_in_conventions};
use pseudo::accented;
pub use pseudo::untranslated;
pub use said::{Said, SaidArg};

/// The languages offered, in the chooser's order, each with its tag (the name of its folder in
/// `locales/`) and how it groups the digits of large numbers ("" for not at all). The first is
/// the fallback. A new language is a folder of `.ftl` files and one line here.
pub const LANGUAGES: &[(&str, &str)] = &[
    // English pages have always written 5000 without a separator: kept so.
    ("en", ""),
    // French groups by thousands with a narrow no-break space, from 1000 on ("5 000").
    ("fr", "\u{202f}"),
];

/// The pseudo-language of the tests: English, accented, each message between markers.
pub const PSEUDO: &str = "en-XA";
/// The marker that opens a message in the pseudo-language.
pub const OPEN: char = '⟦';
/// The marker that closes a message in the pseudo-language.
pub const CLOSE: char = '⟧';

/// Every folder of `locales/` with its files, as `build.rs` embedded them.
pub const EMBEDDED: &[(&str, &[(&str, &str)])] = include!(concat!(env!("OUT_DIR"), "/locales.rs"));

type Bundle = FluentBundle<FluentResource>;

/// The bundles, made once: one per offered language, and the pseudo-language's.
struct Catalog {
    bundles: Vec<Bundle>,
    pseudo: Bundle,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| Catalog {
    bundles: LANGUAGES.iter().map(|(tag, _)| bundle(tag, tag)).collect(),
    pseudo: {
        let mut pseudo = bundle(PSEUDO, LANGUAGES[0].0);
        pseudo.set_transform(Some(accented));
        pseudo
    },
});

/// A bundle of the messages of the folder `folder`, for the language `tag`. A file that does
/// not parse is logged and its good messages kept (the tests parse every file).
fn bundle(tag: &str, folder: &str) -> Bundle {
    let id: LanguageIdentifier = tag.parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // Pages are HTML with their own direction: no isolation marks around placed values.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(number_in_conventions));
    // NUMBER(), for ordinals ("1st", "1er") by the language's own rules.
    if let Err(e) = bundle.add_builtins() {
        log::error!("locales/{folder}: {e:?}");
    }
    // ELIDES($name), for "d'Amélie" and "de Benoît" (elision.rs).
    if let Err(e) = bundle.add_function("ELIDES", elision::elides_function) {
        log::error!("locales/{folder}: {e:?}");
    }
    let files = EMBEDDED
        .iter()
        .find(|(name, _)| *name == folder)
        .map_or(&[][..], |(_, files)| files);
    for (file, text) in files {
        let resource = FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(res, e)| {
            log::error!("locales/{folder}/{file} does not parse: {e:?}");
            res
        });
        if let Err(e) = bundle.add_resource(resource) {
            log::error!("locales/{folder}/{file}: {e:?}");
        }
    }
    bundle
}

/// A reader's language: one of [`LANGUAGES`], or the pseudo-language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lang {
    index: u8,
    pseudo: bool,
}

impl Lang {
    /// English, the fallback.
    pub const ENGLISH: Lang = Lang {
        index: 0,
        pseudo: false,
    };

    /// The pseudo-language of the tests.
    pub const PSEUDO: Lang = Lang {
        index: 0,
        pseudo: true,
    };

    /// The language a tag names ("fr", "fr-CA", "en-GB", "en-XA"), if it is offered.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        if tag.eq_ignore_ascii_case(PSEUDO) {
            return Some(Lang::PSEUDO);
        }
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        LANGUAGES
            .iter()
            .position(|(t, _)| t.eq_ignore_ascii_case(primary))
            .and_then(|i| u8::try_from(i).ok())
            .map(|index| Lang {
                index,
                pseudo: false,
            })
    }

    /// The offered language a browser prefers most, by its `Accept-Language` header (weights
    /// honoured, the order of equal weights kept); English when it names none.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut asked: Vec<(u16, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(order, item)| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let weight = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let weight = (weight.clamp(0.0, 1.0) * 1000.0) as u16;
                (weight > 0 && !tag.is_empty()).then_some((weight, order, tag))
            })
            .collect();
        asked.sort_by_key(|&(weight, order, _)| (std::cmp::Reverse(weight), order));
        asked
            .into_iter()
            .find_map(|(_, _, tag)| Lang::from_tag(tag))
            .unwrap_or_default()
    }

    /// Every offered language, in the chooser's order.
    pub fn offered() -> impl Iterator<Item = Lang> {
        (0..LANGUAGES.len()).filter_map(|i| {
            u8::try_from(i).ok().map(|index| Lang {
                index,
                pseudo: false,
            })
        })
    }

    /// Every language a reader may have: the offered ones, then the pseudo-language, each at
    /// its [`Lang::slot`].
    fn every() -> impl Iterator<Item = Lang> {
        Lang::offered().chain([Lang::PSEUDO])
    }

    /// The language's place among [`Lang::every`].
    fn slot(self) -> usize {
        if self.pseudo {
            LANGUAGES.len()
        } else {
            usize::from(self.index)
        }
    }

    /// The language's tag, as `<html lang>` and the cookie carry it.
    pub fn code(&self) -> &'static str {
        if self.pseudo {
            return PSEUDO;
        }
        LANGUAGES
            .get(usize::from(self.index))
            .map_or("en", |(t, _)| t)
    }

    /// The language an event's settings name: an offered language's tag (or the
    /// pseudo-language's, for the tests), or what is wrong, in words for the API and the forms.
    pub fn of_setting(tag: &str) -> Result<Lang, String> {
        Lang::from_tag(tag).ok_or_else(|| {
            let offered: Vec<String> = Lang::offered()
                .map(|lang| format!("\"{}\" ({})", lang.code(), lang.own_name()))
                .collect();
            format!(
                "there is no language \"{}\" here: the event's language is one of {}",
                tag.trim().chars().take(20).collect::<String>(),
                offered.join(", ")
            )
        })
    }

    /// The language's own name ("English", "Français"), in its own words: the chooser's.
    pub fn own_name(&self) -> String {
        self.t("language-name")
    }

    fn bundle(&self) -> &'static Bundle {
        let catalog = &*CATALOG;
        if self.pseudo {
            return &catalog.pseudo;
        }
        catalog
            .bundles
            .get(usize::from(self.index))
            .unwrap_or(&catalog.bundles[0])
    }

    /// A message without variables, as text.
    pub fn t(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// Whether there is a message `id` (in English, every language's fallback).
    pub fn has(&self, id: &str) -> bool {
        CATALOG.bundles[0].has_message(id)
    }

    /// A message to give variables to ([`Msg::arg`]) before it is said.
    pub fn msg(&self, id: &'static str) -> Msg {
        Msg {
            lang: *self,
            id,
            args: FluentArgs::new(),
        }
    }

    /// A whole number as this language writes it ("5000"; in French "5 000").
    pub fn number(&self, n: impl Whole) -> String {
        grouped(n.whole(), self.separator())
    }

    /// How this language groups the digits of large numbers ("" for not at all; the
    /// pseudo-language as English).
    fn separator(&self) -> &'static str {
        if self.pseudo {
            return "";
        }
        LANGUAGES
            .get(usize::from(self.index))
            .map_or("", |(_, separator)| separator)
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let mut text = String::with_capacity(64);
        // Writing to a String does not fail.
        let _ = self.write_message(id, args, false, &mut text);
        text
    }

    /// Writes the message `id` with `args` to `out` (text variables escaped for HTML if
    /// `escaped`): a message of only text and variables directly ([`flat`]), any other through
    /// Fluent. A message this language lacks is said in English, as English writes numbers.
    fn write_message(
        &self,
        id: &str,
        args: Option<&FluentArgs>,
        escaped: bool,
        out: &mut impl std::fmt::Write,
    ) -> std::fmt::Result {
        let found = [(self.bundle(), self.separator()), (&CATALOG.bundles[0], "")]
            .into_iter()
            .find_map(|(bundle, separator)| {
                Some((bundle, bundle.get_message(id)?.value()?, separator))
            });
        let Some((bundle, pattern, separator)) = found else {
            log::warn!("no message {id} in {}", self.code());
            return out.write_str(id);
        };
        if !self.pseudo {
            let placing = flat::Placing { separator, escaped };
            if let Some(written) = flat::write(pattern, args, &placing, out) {
                return written;
            }
        }
        let escaped_args = args.filter(|_| escaped).map(|args| {
            let mut escaped = FluentArgs::new();
            for (name, value) in args.iter() {
                let value = match value {
                    FluentValue::String(text) => FluentValue::String(Cow::Owned(escape(text))),
                    other => other.clone(),
                };
                escaped.set(name.to_owned(), value);
            }
            escaped
        });
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, escaped_args.as_ref().or(args), &mut errors);
        if !errors.is_empty() {
            log::warn!("message {id} in {}: {errors:?}", self.code());
        }
        if self.pseudo {
            write!(out, "{OPEN}{text}{CLOSE}")
        } else {
            out.write_str(&text)
        }
    }
}

/// Words said once in every language and kept for the life of the process, for the few that
/// busy pages say again and again: a card's name, a pile's, "12 cards". A seat's board says
/// some forty of them, six boards a move: said through Fluent each time, they were a tenth of
/// the server's time at a busy party. `say` says them in one language; a static holds them:
///
/// ```ignore
/// static NAMES: PerLang<Vec<String>> = PerLang::new(|lang| ...);
/// NAMES.get(lang)
/// ```
pub struct PerLang<T> {
    say: fn(Lang) -> T,
    said: std::sync::OnceLock<Vec<T>>,
}

impl<T> PerLang<T> {
    /// The words `say` says, said when first asked for.
    pub const fn new(say: fn(Lang) -> T) -> PerLang<T> {
        PerLang {
            say,
            said: std::sync::OnceLock::new(),
        }
    }

    /// The words in `lang`.
    pub fn get(&self, lang: Lang) -> &T {
        let said = self
            .said
            .get_or_init(|| Lang::every().map(self.say).collect());
        // Every language has its slot, said above.
        &said[lang.slot().min(said.len() - 1)]
    }
}

/// A value a message may place: text or a number.
pub trait Arg {
    fn value(&self) -> FluentValue<'static>;
}

impl Arg for str {
    fn value(&self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.to_owned()))
    }
}

impl Arg for String {
    fn value(&self) -> FluentValue<'static> {
        self.as_str().value()
    }
}

impl<T: Arg + ?Sized> Arg for &T {
    fn value(&self) -> FluentValue<'static> {
        (**self).value()
    }
}

/// A whole number, or a reference to one (templates hold references).
pub trait Whole {
    fn whole(&self) -> i64;
}

impl<T: Whole + ?Sized> Whole for &T {
    fn whole(&self) -> i64 {
        (**self).whole()
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn value(&self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }

        impl Whole for $t {
            fn whole(&self) -> i64 {
                i64::try_from(*self).unwrap_or(i64::MAX)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// A message with its variables, said by [`Msg::text`] (or `Display`, in a template) or, for a
/// message holding markup, by [`Msg::html`].
pub struct Msg {
    lang: Lang,
    id: &'static str,
    args: FluentArgs<'static>,
}

impl Msg {
    /// Gives the variable `name` a value.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Arg) -> Msg {
        self.args.set(name, value.value());
        self
    }

    /// The message as text.
    pub fn text(&self) -> String {
        self.lang.format(self.id, Some(&self.args))
    }

    /// The message as HTML: its own markup kept, every text variable escaped. For a template's
    /// `|safe`.
    pub fn html(&self) -> String {
        let mut text = String::with_capacity(64);
        // Writing to a String does not fail.
        let _ = self
            .lang
            .write_message(self.id, Some(&self.args), true, &mut text);
        text
    }
}

/// A template's `{{ msg }}` writes the message straight into the page.
impl std::fmt::Display for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.lang.write_message(self.id, Some(&self.args), false, f)
    }
}

/// A clause (a refusal is said in lower case, without a full stop, to be placed in a sentence)
/// made a sentence of its own: a capital first, a full stop last unless it ends with one.
pub fn as_sentence(clause: &str) -> String {
    let clause = clause.trim();
    let mut chars = clause.chars();
    let mut sentence: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !sentence.is_empty() && !sentence.ends_with(['.', '!', '?', '…']) {
        sentence.push('.');
    }
    sentence
}

/// Text made safe to place in HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing to a String does not fail.
    let _ = write_escaped(text, &mut out);
    out
}

/// Writes `text` made safe to place in HTML.
fn write_escaped(text: &str, out: &mut impl std::fmt::Write) -> std::fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.write_str(&rest[..at])?;
        out.write_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#x27;",
        })?;
        rest = &rest[at + 1..];
    }
    out.write_str(rest)
}

/// In JSON (an event's settings) a language is its tag: "en", "fr".
impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
        let tag = String::deserialize(deserializer)?;
        Lang::of_setting(&tag).map_err(serde::de::Error::custom)
    }
}
