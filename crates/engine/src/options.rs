//! A rule set's options: what the host may choose for a game beyond rules, players and partners
//! (Mille Bornes: a hazard on a hazard, the seconds of the wait for a Coup Fourré).
//!
//! Each rule set owns one type implementing [`RuleOptions`] (its `Rules::Options`): its fields,
//! defaults, checks and JSON. Everything generic (the settings, the API, the start page, the
//! stored deals, the protocol) holds an [`Options`](super::Options), the rule set's value, and
//! reads or writes it through [`OptionField`]s without naming a field. The JSON of a rule set's
//! options is a flat object; a rule set without options has the empty object.

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use super::json::{describe, truncate};

/// What kind of value an option takes, and its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off (JSON true or false; a checkbox on the start page).
    Flag { default: bool },
    /// A whole number in a range (JSON number; a number field on the start page).
    Number { min: u32, max: u32, default: u32 },
}

/// One option of a rule set, as the API's document, the start page and the checks of input
/// describe it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionField {
    /// The name in JSON and on the form (unique among every rule set's options).
    pub name: &'static str,
    pub kind: OptionKind,
    /// What it is, for people and the API's document: "the seconds of the wait for a Coup
    /// Fourré".
    pub about: &'static str,
}

impl OptionField {
    /// The values it takes, in words: "true or false", "a whole number from 5 to 15".
    pub fn allowed(&self) -> String {
        match self.kind {
            OptionKind::Flag { .. } => "true or false".to_owned(),
            OptionKind::Number { min, max, .. } => format!("a whole number from {min} to {max}"),
        }
    }

    /// The default as JSON.
    pub fn default_json(&self) -> Value {
        match self.kind {
            OptionKind::Flag { default } => Value::Bool(default),
            OptionKind::Number { default, .. } => Value::from(default),
        }
    }

    /// Checks that a JSON value has this option's type (its range is the rule set's check).
    fn check_type(&self, rules: &str, value: &Value) -> Result<(), String> {
        let fits = match self.kind {
            OptionKind::Flag { .. } => value.is_boolean(),
            OptionKind::Number { .. } => value.as_u64().is_some_and(|n| n <= u64::from(u32::MAX)),
        };
        if fits {
            Ok(())
        } else {
            Err(format!(
                "the {rules} option \"{}\" ({}) is {}, not {}",
                self.name,
                self.about,
                self.allowed(),
                describe(value)
            ))
        }
    }
}

/// A problem with one option's value, in words naming the option and what it takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionProblem {
    /// The option ([`OptionField::name`]).
    pub field: &'static str,
    /// In the protocol's English.
    pub message: String,
    /// In words for a person, said in the reader's language (not in JSON).
    #[serde(skip)]
    pub words: crate::RefusalWords,
}

/// The options of one rule set: a small copyable value with a default, read from and written
/// to a flat JSON object (fields left at their default may be left out of it).
pub trait RuleOptions:
    Copy
    + std::fmt::Debug
    + Default
    + PartialEq
    + Eq
    + std::hash::Hash
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Every option a host may choose, in the order the start page shows them.
    const FIELDS: &'static [OptionField] = &[];

    /// Every problem with the values (a number out of its range), each naming its option.
    fn problems(&self) -> Vec<OptionProblem> {
        Vec::new()
    }

    /// These options as a party table plays them, where a seat's out-of-turn decision must not
    /// show (Mille Bornes: the table waits after every hazard). Off in the protocol and in
    /// self-play.
    fn at_party_table(self) -> Self {
        self
    }

    /// How many seconds a party table waits for a hidden timed decision, when the options
    /// choose it.
    fn decision_seconds(&self) -> Option<u32> {
        None
    }

    /// The options worth telling the host, as messages for the console to say in its
    /// language ("a hazard may go on a hazard").
    fn describe(&self) -> Vec<OptionWords> {
        Vec::new()
    }
}

/// One option as the host's console tells it: a message id of the page's messages, with the
/// number it places, if any (its variable's name and value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionWords {
    pub id: &'static str,
    pub number: Option<(&'static str, u32)>,
}

/// The options of a rule set that has none: the empty JSON object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NoOptions {}

impl RuleOptions for NoOptions {}

/// Reads a rule set's options from stored JSON (an event's or a deal's): fields it does not
/// know are passed over, since a record written before the options were the rule set's own
/// holds the fields of every game side by side.
pub(crate) fn from_stored<O: RuleOptions>(value: &Value) -> Result<O, String> {
    match value {
        Value::Null => Ok(O::default()),
        // The rule set's type passes over fields it does not know (and reads those no host
        // chooses, such as a party table's, which FIELDS does not list).
        Value::Object(_) => O::deserialize(value).map_err(|e| e.to_string()),
        other => Err(format!(
            "options are a JSON object, not {}",
            describe(other)
        )),
    }
}

/// Reads options a host gave (through the API, the start page or the protocol) on top of
/// `base`: every key must be an option of this rule set, with a value of its type. `others`
/// finds the rule set that has an option this one lacks, for the message.
pub(crate) fn from_input<O: RuleOptions>(
    rules: &str,
    base: &O,
    input: &Map<String, Value>,
    others: impl Fn(&str) -> Option<&'static str>,
) -> Result<O, String> {
    let mut merged = match serde_json::to_value(base) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    for (key, value) in input {
        let Some(field) = O::FIELDS.iter().find(|f| f.name == key.as_str()) else {
            return Err(unknown_option(rules, O::FIELDS, key, others(key)));
        };
        field.check_type(rules, value)?;
        merged.insert(key.clone(), value.clone());
    }
    serde_json::from_value(Value::Object(merged)).map_err(|e| format!("{rules} options: {e}"))
}

/// The words for an option this rule set does not have: whose it is, when another rule set
/// has it ("\"x\" is a Game B setting, not one of Game A (Game A has no options): leave it
/// out or choose Game B"), else which options this one has.
fn unknown_option(
    rules: &str,
    fields: &[OptionField],
    key: &str,
    owner: Option<&'static str>,
) -> String {
    let has = if fields.is_empty() {
        format!("{rules} has no options")
    } else {
        let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
        format!("the options of {rules} are {}", names.join(", "))
    };
    match owner {
        Some(owner) => format!(
            "\"{key}\" is a {owner} setting, not one of {rules} ({has}): leave it out or choose {owner}"
        ),
        None => format!("unknown option \"{}\": {has}", truncate(key, 40)),
    }
}
