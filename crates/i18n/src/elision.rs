//! Whether a name takes an elided word before it: French writes "d'Amélie", "qu'Henri",
//! "de Benoît". Messages choose by it with the function `ELIDES($name)`, which says `yes` or
//! `no`:
//!
//! ```ftl
//! seat-sheet-of = la feuille { ELIDES($name) ->
//!     [yes] d'{ $name }
//!    *[no] de { $name }
//! }
//! ```
//!
//! A name elides when it starts with a vowel (accented or not), with a "y" before a consonant
//! ("d'Yves", but "de Yann"), or with an "h", which in a first name is mute ("d'Henri",
//! "d'Hélène") except in the few names of [`ASPIRATED`] ("de Hans"). Anything else (a
//! consonant, a digit, a sign, nothing) does not elide.

use fluent_bundle::{FluentArgs, FluentValue};

/// First names whose "h" is aspirated: no elision before them ("de Hans"). Kept short: the
/// German and English names a French speaker says with a breath; every other h is mute.
pub const ASPIRATED: &[&str] = &[
    "hannah", "hans", "harry", "heidi", "helmut", "hermann", "hilda", "howard",
];

/// Whether French elides the word before `name` ("de" → "d'", "que" → "qu'").
pub fn elides(name: &str) -> bool {
    let name = name.trim_start();
    let mut letters = name.chars().flat_map(char::to_lowercase);
    let Some(first) = letters.next() else {
        return false;
    };
    match first {
        'a' | 'e' | 'i' | 'o' | 'u' | 'à' | 'á' | 'â' | 'ä' | 'æ' | 'é' | 'è' | 'ê' | 'ë' | 'î'
        | 'ï' | 'í' | 'ô' | 'ö' | 'ó' | 'œ' | 'ù' | 'û' | 'ü' | 'ú' => true,
        'y' => letters.next().is_some_and(|next| !is_vowel(next)),
        'h' => {
            let word: String = name
                .chars()
                .take_while(|c| c.is_alphabetic())
                .flat_map(char::to_lowercase)
                .collect();
            !ASPIRATED.contains(&word.as_str())
        }
        _ => false,
    }
}

fn is_vowel(c: char) -> bool {
    "aeiouyàâäéèêëîïôöùûü".contains(c)
}

/// The Fluent function `ELIDES($name)`: `yes` when the name elides, `no` otherwise (and for
/// a number or a missing name).
pub(super) fn elides_function<'a>(
    positional: &[FluentValue<'a>],
    _: &FluentArgs,
) -> FluentValue<'a> {
    let yes = match positional.first() {
        Some(FluentValue::String(name)) => elides(name),
        _ => false,
    };
    FluentValue::from(if yes { "yes" } else { "no" })
}
