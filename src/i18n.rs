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

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

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

/// How a language writes numbers, found by its tag (fluent's cache keeps one per bundle).
struct Grouping(&'static str);

impl intl_memoizer::Memoizable for Grouping {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Grouping, ()> {
        let tag = lang.language.as_str();
        let separator = LANGUAGES
            .iter()
            .find(|(t, _)| *t == tag)
            .map_or("", |(_, separator)| separator);
        Ok(Grouping(separator))
    }
}

/// A whole number placed in a message, written as its language writes it.
fn number_in_conventions(
    value: &FluentValue,
    intls: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let whole = number.value.fract() == 0.0 && number.value.abs() < 1e15;
    if !whole || number.options.minimum_fraction_digits.is_some() {
        return None;
    }
    let separator = intls.with_try_get::<Grouping, _, _>((), |g| g.0).ok()?;
    #[allow(clippy::cast_possible_truncation)]
    Some(grouped(number.value as i64, separator))
}

/// `n` with its digits grouped by thousands with `separator` ("" for none).
fn grouped(n: i64, separator: &str) -> String {
    let digits = n.unsigned_abs().to_string();
    if separator.is_empty() || digits.len() < 4 {
        return n.to_string();
    }
    let mut out = String::with_capacity(digits.len() + 8);
    if n < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(digit);
    }
    out
}

/// The pseudo-language's text: every ASCII letter of a message's own words accented, markup
/// (`<...>`) and entities (`&...;`) left alone.
fn accented(text: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(text.len() * 2);
    let (mut in_tag, mut in_entity) = (false, false);
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            '&' => in_entity = true,
            ';' => in_entity = false,
            _ => {}
        }
        let plain = in_tag || in_entity;
        out.push(match c {
            'a' if !plain => 'á',
            'e' if !plain => 'é',
            'i' if !plain => 'ï',
            'o' if !plain => 'ö',
            'u' if !plain => 'ü',
            'A' if !plain => 'Å',
            'E' if !plain => 'É',
            'O' if !plain => 'Ö',
            'n' if !plain => 'ñ',
            'c' if !plain => 'ç',
            other => other,
        });
    }
    Cow::Owned(out)
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

    /// The language's tag, as `<html lang>` and the cookie carry it.
    pub fn code(&self) -> &'static str {
        if self.pseudo {
            return PSEUDO;
        }
        LANGUAGES
            .get(usize::from(self.index))
            .map_or("en", |(t, _)| t)
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
        let separator = if self.pseudo {
            ""
        } else {
            LANGUAGES
                .get(usize::from(self.index))
                .map_or("", |(_, separator)| separator)
        };
        grouped(n.whole(), separator)
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let mut errors = Vec::new();
        let found = [self.bundle(), &CATALOG.bundles[0]]
            .into_iter()
            .find_map(|bundle| Some((bundle, bundle.get_message(id)?.value()?)));
        let Some((bundle, pattern)) = found else {
            log::warn!("no message {id} in {}", self.code());
            return id.to_owned();
        };
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            log::warn!("message {id} in {}: {errors:?}", self.code());
        }
        if self.pseudo {
            format!("{OPEN}{text}{CLOSE}")
        } else {
            text.into_owned()
        }
    }
}

/// A message to say later in whatever language the reader reads: its id and its variables.
/// The app layer tells what it has to say so (a seat's message), says it in English for the
/// API, and the pages say it in the reader's language ([`Lang::say`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub id: &'static str,
    pub args: Vec<(&'static str, SaidArg)>,
}

/// A variable of a [`Said`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaidArg {
    Text(String),
    Number(i64),
    /// Another message, said first in the same language.
    Said(Box<Said>),
    /// Names joined as the language joins a list ("Ann and Bob", "Ann et Bob").
    Names(Vec<String>),
}

impl Said {
    pub fn new(id: &'static str) -> Said {
        Said {
            id,
            args: Vec::new(),
        }
    }

    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.push((name, SaidArg::Text(value.into())));
        self
    }

    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl Whole) -> Said {
        self.args.push((name, SaidArg::Number(value.whole())));
        self
    }

    #[must_use]
    pub fn said(mut self, name: &'static str, value: Said) -> Said {
        self.args.push((name, SaidArg::Said(Box::new(value))));
        self
    }

    #[must_use]
    pub fn names(mut self, name: &'static str, names: Vec<String>) -> Said {
        self.args.push((name, SaidArg::Names(names)));
        self
    }
}

impl Lang {
    /// A message the app layer told, in this language.
    pub fn say(&self, said: &Said) -> String {
        let mut msg = self.msg(said.id);
        for (name, value) in &said.args {
            msg = match value {
                SaidArg::Text(text) => msg.arg(name, text),
                SaidArg::Number(n) => msg.arg(name, *n),
                SaidArg::Said(inner) => msg.arg(name, self.say(inner)),
                SaidArg::Names(names) => msg.arg(name, self.and_list(names)),
            };
        }
        msg.text()
    }

    /// Several messages, one after the other.
    pub fn say_all(&self, said: &[Said]) -> String {
        said.iter()
            .map(|s| self.say(s))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Names joined as this language joins a list (`list-and`).
    fn and_list(&self, names: &[String]) -> String {
        let mut names = names.iter();
        let first = names.next().cloned().unwrap_or_default();
        names.fold(first, |list, name| {
            self.msg("list-and")
                .arg("first", list)
                .arg("last", name)
                .text()
        })
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
        let mut args = FluentArgs::new();
        for (name, value) in self.args.iter() {
            let value = match value {
                FluentValue::String(text) => FluentValue::String(Cow::Owned(escape(text))),
                other => other.clone(),
            };
            args.set(name.to_owned(), value);
        }
        self.lang.format(self.id, Some(&args))
    }
}

impl std::fmt::Display for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// The visible text of a page drawn in the pseudo-language that no message said: every text
/// node and every attribute a reader meets (title, aria-label, alt, placeholder, the
/// description, the script's words in data-muted/data-unmuted), less what lies between the
/// markers and less `data` (what people typed: names, the event's name), and any piece that
/// still holds a letter. Empty when the page is wholly translated. For the tests of every
/// converted page.
pub fn untranslated(html: &str, data: &[&str]) -> Vec<String> {
    // Text nodes, in order (a message with markup spans several), and attribute values (each
    // a message of its own), each flagged so.
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        pieces.push((rest[..open].to_owned(), false));
        rest = &rest[open..];
        // Comments, scripts and styles say nothing to a reader.
        let skip_to = |end: &str, rest: &str| rest.find(end).map_or(rest.len(), |i| i + end.len());
        if rest.starts_with("<!--") {
            rest = &rest[skip_to("-->", rest)..];
            continue;
        }
        if rest.starts_with("<script") {
            rest = &rest[skip_to("</script>", rest)..];
            continue;
        }
        if rest.starts_with("<style") {
            rest = &rest[skip_to("</style>", rest)..];
            continue;
        }
        let close = skip_to(">", rest);
        let tag = &rest[..close];
        let described = tag.contains("name=\"description\"");
        for attribute in [
            "title",
            "aria-label",
            "alt",
            "placeholder",
            "data-muted",
            "data-unmuted",
        ]
        .into_iter()
        .chain(described.then_some("content"))
        {
            let needle = format!(" {attribute}=\"");
            if let Some(at) = tag.find(&needle) {
                let value = &tag[at + needle.len()..];
                pieces.push((
                    value[..value.find('"').unwrap_or(value.len())].to_owned(),
                    true,
                ));
            }
        }
        rest = &rest[close..];
    }
    pieces.push((rest.to_owned(), false));
    let mut text_depth = 0usize;
    pieces
        .into_iter()
        .filter_map(|(piece, attribute)| {
            let text = unescape(&piece);
            // What lies between markers (nested or not) is a message's.
            let mut outside = String::new();
            let mut own_depth = 0usize;
            let depth = if attribute {
                &mut own_depth
            } else {
                &mut text_depth
            };
            for c in text.chars() {
                match c {
                    OPEN => *depth += 1,
                    CLOSE => *depth = depth.saturating_sub(1),
                    c if *depth == 0 => outside.push(c),
                    _ => {}
                }
            }
            for typed in data {
                outside = outside.replace(typed, " ");
            }
            outside
                .chars()
                .any(char::is_alphabetic)
                .then(|| outside.trim().to_owned())
        })
        .collect()
}

/// HTML's escapes undone (those askama writes, and `&nbsp;`).
fn unescape(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// Text made safe to place in HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_bundle::FluentResource;
    use fluent_syntax::ast;

    use super::*;

    /// Variables a language may choose words by (in a selector) although another language
    /// does not: the grammar of its verbs and nouns. Every other variable must be placed alike
    /// in every language.
    const GRAMMAR: &[&str] = &["subject", "deal", "unit"];

    /// The variables a message uses: those it places in its text, and those it chooses by.
    #[derive(Debug, Default, PartialEq)]
    struct Variables {
        placed: BTreeSet<String>,
        selectors: BTreeSet<String>,
    }

    /// Every message and term of a folder, with the variables each uses.
    fn messages(folder: &str) -> BTreeMap<String, Variables> {
        let files = EMBEDDED
            .iter()
            .find(|(name, _)| *name == folder)
            .map(|(_, files)| *files)
            .unwrap_or_else(|| panic!("no folder locales/{folder}"));
        let mut found = BTreeMap::new();
        for (file, text) in files {
            let resource = FluentResource::try_new((*text).to_owned())
                .unwrap_or_else(|(_, e)| panic!("locales/{folder}/{file} does not parse: {e:?}"));
            for entry in resource.entries() {
                let (id, pattern, attributes) = match entry {
                    ast::Entry::Message(m) => {
                        (m.id.name.to_owned(), m.value.as_ref(), &m.attributes)
                    }
                    ast::Entry::Term(t) => {
                        (format!("-{}", t.id.name), Some(&t.value), &t.attributes)
                    }
                    ast::Entry::Junk { content } => panic!("locales/{folder}/{file}: {content}"),
                    _ => continue,
                };
                let mut variables = Variables::default();
                for p in pattern
                    .into_iter()
                    .chain(attributes.iter().map(|a| &a.value))
                {
                    variables_of(p, &mut variables);
                }
                let again = found.insert(id.clone(), variables);
                assert!(again.is_none(), "{id} twice in locales/{folder}");
            }
        }
        found
    }

    fn variables_of(pattern: &ast::Pattern<&str>, out: &mut Variables) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(expression: &ast::Expression<&str>, out: &mut Variables) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                if let ast::InlineExpression::VariableReference { id } = selector {
                    out.selectors.insert(id.name.to_owned());
                } else {
                    inline_variables(selector, out);
                }
                for variant in variants {
                    variables_of(&variant.value, out);
                }
            }
            ast::Expression::Inline(inline) => inline_variables(inline, out),
        }
    }

    fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut Variables) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                out.placed.insert(id.name.to_owned());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, out);
                }
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out);
            }
            _ => {}
        }
    }

    #[test]
    fn every_message_exists_in_every_language_with_the_same_variables() {
        let english = messages(LANGUAGES[0].0);
        assert!(english.len() > 100, "{} messages", english.len());
        for (tag, _) in &LANGUAGES[1..] {
            let other = messages(tag);
            let public = |m: &BTreeMap<String, Variables>| -> BTreeSet<String> {
                m.keys()
                    .filter(|id| !id.starts_with('-'))
                    .cloned()
                    .collect()
            };
            let (ids, other_ids) = (public(&english), public(&other));
            let missing: Vec<&String> = ids.difference(&other_ids).collect();
            let extra: Vec<&String> = other_ids.difference(&ids).collect();
            assert!(missing.is_empty(), "missing in locales/{tag}: {missing:?}");
            assert!(extra.is_empty(), "only in locales/{tag}: {extra:?}");
            for id in &ids {
                let (en, theirs) = (&english[id], &other[id]);
                assert_eq!(
                    en.placed, theirs.placed,
                    "the variables {id} places in locales/{tag}"
                );
                for (lang, variables) in [("en", en), (*tag, theirs)] {
                    for chosen in variables.selectors.difference(&variables.placed) {
                        assert!(
                            en.placed.contains(chosen)
                                || en.selectors.contains(chosen)
                                || GRAMMAR.contains(&chosen.as_str()),
                            "{id} in locales/{lang} chooses by ${chosen}, which it is not given"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_language_folder_is_offered_and_every_offered_language_has_its_folder() {
        let folders: BTreeSet<&str> = EMBEDDED.iter().map(|(name, _)| *name).collect();
        let offered: BTreeSet<&str> = LANGUAGES.iter().map(|(tag, _)| *tag).collect();
        assert_eq!(folders, offered);
        for (tag, files) in EMBEDDED {
            assert!(!files.is_empty(), "locales/{tag} has no .ftl file");
        }
    }

    #[test]
    fn every_message_says_itself_without_errors_given_its_variables() {
        for lang in Lang::offered().chain([Lang::PSEUDO]) {
            let bundle = lang.bundle();
            for (id, variables) in messages(LANGUAGES[usize::from(lang.index)].0) {
                if id.starts_with('-') {
                    continue;
                }
                let mut args = FluentArgs::new();
                for v in variables.placed.iter().chain(&variables.selectors) {
                    args.set(v.clone(), FluentValue::from(2));
                }
                let pattern = bundle.get_message(&id).and_then(|m| m.value());
                let Some(pattern) = pattern else {
                    panic!("{id} has no value in {}", lang.code());
                };
                let mut errors = Vec::new();
                let _ = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{id} in {}: {errors:?}", lang.code());
            }
        }
    }

    #[test]
    fn a_browser_gets_the_offered_language_it_prefers_most() {
        let code = |header| Lang::from_accept_language(header).code();
        assert_eq!(code("fr-FR,fr;q=0.9,en;q=0.8"), "fr");
        assert_eq!(code("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7"), "fr");
        assert_eq!(code("en;q=0.5,fr;q=0.9"), "fr");
        assert_eq!(code("fr;q=0,en"), "en");
        assert_eq!(code("de"), "en");
        assert_eq!(code(""), "en");
        assert_eq!(code("en-XA"), PSEUDO);
        assert_eq!(code("fr-CA"), "fr");
    }

    #[test]
    fn numbers_in_the_readers_conventions_5000_and_5_000() {
        assert_eq!(Lang::ENGLISH.number(5000), "5000");
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(french.number(5000), "5\u{202f}000");
        assert_eq!(french.number(700), "700");
        assert_eq!(french.number(-1_234_567), "-1\u{202f}234\u{202f}567");
        let points = french.msg("points").arg("points", 5000u32).text();
        assert_eq!(points, "5\u{202f}000 points");
        assert_eq!(
            Lang::ENGLISH.msg("points").arg("points", 5000u32).text(),
            "5000 points"
        );
    }

    #[test]
    fn plurals_by_fluents_own_selectors_1_round_2_rounds() {
        let french = Lang::from_tag("fr").expect("French");
        let rounds = |lang: Lang, n: u32| lang.msg("rounds").arg("count", n).text();
        assert_eq!(rounds(Lang::ENGLISH, 1), "1 round");
        assert_eq!(rounds(Lang::ENGLISH, 2), "2 rounds");
        assert_eq!(rounds(french, 1), "1 manche");
        assert_eq!(rounds(french, 2), "2 manches");
    }

    #[test]
    fn places_by_fluents_ordinal_rules_1st_2nd_and_1er_2e() {
        let french = Lang::from_tag("fr").expect("French");
        for n in [1u32, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111] {
            let said = Said::new("place").number("place", n);
            assert_eq!(
                Lang::ENGLISH.say(&said),
                crate::tournament::ordinal(n),
                "{n}"
            );
        }
        let place = |n: u32| french.say(&Said::new("place").number("place", n));
        assert_eq!(place(1), "1er");
        assert_eq!(place(2), "2e");
        assert_eq!(place(21), "21e");
        let joint = Said::new("place-joint").number("place", 3u32);
        assert_eq!(Lang::ENGLISH.say(&joint), "joint 3rd");
        assert_eq!(french.say(&joint), "3e ex æquo");
    }

    #[test]
    fn a_list_of_names_is_joined_in_the_readers_language() {
        let french = Lang::from_tag("fr").expect("French");
        let with = Said::new("seat-msg-at-table-with")
            .number("round", 2u32)
            .number("table", 3u32)
            .names("others", vec!["Ann".into(), "Bob".into(), "Cy".into()]);
        assert_eq!(
            Lang::ENGLISH.say(&with),
            "Round 2: table 3 with Ann and Bob and Cy."
        );
        assert_eq!(
            french.say(&with),
            "Manche 2\u{a0}: table 3 avec Ann et Bob et Cy."
        );
        let score = Said::new("score-in-unit")
            .number("score", 1u32)
            .text("unit", "miles");
        assert_eq!(Lang::ENGLISH.say(&score), "1 mile");
        let score = Said::new("score-in-unit")
            .number("score", 5000u32)
            .text("unit", "points");
        assert_eq!(french.say(&score), "5\u{202f}000 points");
    }

    #[test]
    fn the_harness_finds_text_outside_the_markers_and_nothing_else() {
        let page = format!(
            "<html><head><title>{OPEN}Séát{CLOSE}</title><script>var x = \"words\";</script></head>\
             <body><p title=\"Plain title\">{OPEN}Tüñ {OPEN}Ñëstéd{CLOSE}{CLOSE} Ann: 12 · 3/4</p>\
             <!-- a comment --><button aria-label=\"{OPEN}ök{CLOSE}\">Left over</button></body></html>"
        );
        assert_eq!(untranslated(&page, &["Ann"]), ["Plain title", "Left over"]);
    }

    #[test]
    fn the_pseudo_language_marks_and_accents_every_message_and_leaves_markup_alone() {
        let said = Lang::PSEUDO.msg("pick-held").arg("name", "<Ann>").html();
        assert!(said.starts_with(OPEN) && said.ends_with(CLOSE), "{said}");
        assert!(said.contains("<strong>&lt;Ann&gt;</strong>"), "{said}");
        assert!(said.contains("Thïs"), "{said}");
    }
}
