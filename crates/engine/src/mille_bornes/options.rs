//! What the host may choose for Mille Bornes: the 1988 "hazard on a hazard" option and the
//! seconds every party table waits after a hazard for a Coup Fourré; and the party table's
//! wait itself, which no host chooses.

use serde::{Deserialize, Serialize};

use crate::{
    Config, OptionField, OptionKind, OptionProblem, OptionWords, RuleOptions, RulesId, SetupError,
};

/// The fewest seconds a table waits after a hazard for a Coup Fourré.
pub const MIN_COUP_FOURRE_SECS: u32 = 5;
/// The most.
pub const MAX_COUP_FOURRE_SECS: u32 = 15;
/// The wait when the host chose none.
pub const DEFAULT_COUP_FOURRE_SECS: u32 = 5;

/// Mille Bornes' options. Each is left out of the JSON at its default, so a deal or an event
/// stored before an option existed reads with its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// The 1988 option: a hazard may go on a hazard (only the top one counts).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hazard_on_hazard: bool,
    /// A party table: after every hazard the table waits for a timed decision whether or not
    /// a seat may call Coup Fourré, so that the wait tells nobody who holds a safety. Set by
    /// [`RuleOptions::at_party_table`], never by the host; off in the protocol and self-play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wait_after_hazard: bool,
    /// How many seconds every party table waits after every hazard (the same for every table
    /// and every hazard of an evening).
    #[serde(
        default = "default_coup_fourre_seconds",
        skip_serializing_if = "is_default_coup_fourre_seconds"
    )]
    pub coup_fourre_seconds: u32,
}

fn default_coup_fourre_seconds() -> u32 {
    DEFAULT_COUP_FOURRE_SECS
}

fn is_default_coup_fourre_seconds(seconds: &u32) -> bool {
    *seconds == DEFAULT_COUP_FOURRE_SECS
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hazard_on_hazard: false,
            wait_after_hazard: false,
            coup_fourre_seconds: DEFAULT_COUP_FOURRE_SECS,
        }
    }
}

impl RuleOptions for Options {
    const FIELDS: &'static [OptionField] = &[
        OptionField {
            name: "hazard_on_hazard",
            kind: OptionKind::Flag { default: false },
            about: "the 1988 rules: a hazard may go on a hazard, and only the top one counts",
        },
        OptionField {
            name: "coup_fourre_seconds",
            kind: OptionKind::Number {
                min: MIN_COUP_FOURRE_SECS,
                max: MAX_COUP_FOURRE_SECS,
                default: DEFAULT_COUP_FOURRE_SECS,
            },
            about: "the seconds every table waits after every hazard for a possible Coup Fourré",
        },
    ];

    fn problems(&self) -> Vec<OptionProblem> {
        let mut problems = Vec::new();
        if !(MIN_COUP_FOURRE_SECS..=MAX_COUP_FOURRE_SECS).contains(&self.coup_fourre_seconds) {
            problems.push(OptionProblem {
                field: "coup_fourre_seconds",
                message: format!(
                    "the wait for a Coup Fourré lasts from {MIN_COUP_FOURRE_SECS} to {MAX_COUP_FOURRE_SECS} seconds, not {}: set a number of seconds in that range",
                    self.coup_fourre_seconds
                ),
                words: crate::RefusalWords::new("refused-mb-option-coup-fourre-seconds")
                    .number("min", MIN_COUP_FOURRE_SECS)
                    .number("max", MAX_COUP_FOURRE_SECS)
                    .number("seconds", self.coup_fourre_seconds),
            });
        }
        problems
    }

    fn at_party_table(self) -> Options {
        Options {
            wait_after_hazard: true,
            ..self
        }
    }

    fn decision_seconds(&self) -> Option<u32> {
        Some(self.coup_fourre_seconds)
    }

    fn describe(&self) -> Vec<OptionWords> {
        let hazard = self.hazard_on_hazard.then_some(OptionWords {
            id: "host-summary-hazard-on-hazard",
            number: None,
        });
        let wait = OptionWords {
            id: "host-summary-coup-fourre",
            number: Some(("seconds", self.coup_fourre_seconds)),
        };
        hazard.into_iter().chain([wait]).collect()
    }
}

impl From<Options> for crate::Options {
    fn from(options: Options) -> crate::Options {
        crate::Options::MilleBornes(options)
    }
}

/// The Mille Bornes options of a configuration (the defaults for another rule set's).
pub fn of(config: &Config) -> Options {
    match config.options {
        crate::Options::MilleBornes(options) => options,
        #[allow(unreachable_patterns)]
        _ => Options::default(),
    }
}

/// Setting Mille Bornes' options on a configuration, for tests and tools.
pub trait WithOptions: Sized {
    /// The configuration with the 1988 option on or off; another rule set refuses it.
    fn with_hazard_on_hazard(self, on: bool) -> Result<Self, SetupError>;
    /// The configuration with the party table's wait after every hazard on or off (another
    /// rule set has no such wait and is left as it is).
    fn with_wait_after_hazard(self, on: bool) -> Self;
}

impl WithOptions for Config {
    fn with_hazard_on_hazard(self, on: bool) -> Result<Config, SetupError> {
        if self.rules != RulesId::MilleBornes {
            return if on {
                Err(SetupError::NoSuchOption {
                    rules: self.rules.name(),
                    option: "hazard_on_hazard",
                })
            } else {
                Ok(self)
            };
        }
        self.with_options(
            Options {
                hazard_on_hazard: on,
                ..of(&self)
            }
            .into(),
        )
    }

    fn with_wait_after_hazard(self, on: bool) -> Config {
        if self.rules != RulesId::MilleBornes {
            return self;
        }
        Config {
            options: Options {
                wait_after_hazard: on,
                ..of(&self)
            }
            .into(),
            ..self
        }
    }
}
