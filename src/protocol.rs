//! The engine protocol: one JSON command per line in, one JSON answer per line out.
//!
//! [`Session`] is the pure part (a line in, a line out); `touring engine` wraps it around
//! standard input and output. Nothing a client sends can make it panic: every command it
//! cannot carry out is answered `{"ok":false,"error":"..."}` and the game is left as it was.
//! See docs/engine-protocol.md.

use serde_json::{Map, Value, json};

use crate::engine::json::{Strict, describe, seat_from_json, truncate};
use crate::engine::{Action, Config, Event, Game, Options, RulesId, Seat};

/// The longest line the protocol reads; longer ones are refused unread.
pub const MAX_LINE: usize = 64 * 1024;

/// What to do after answering a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The answer, one line of JSON without the newline.
    pub line: String,
    /// The client asked to end the session.
    pub quit: bool,
}

/// One protocol session: at most one game at a time.
#[derive(Debug, Default)]
pub struct Session {
    game: Option<Game>,
}

type Answer = Result<Map<String, Value>, String>;

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// The game being played, if any.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Answers one line of input.
    pub fn handle_line(&mut self, line: &str) -> Reply {
        let mut quit = false;
        let answer = match serde_json::from_str::<Strict>(line) {
            Err(e) if line.trim().is_empty() => Err(format!(
                "empty line: send one JSON command per line, such as {{\"cmd\":\"state\"}} ({e})"
            )),
            Err(e) => Err(format!(
                "that line is not JSON ({e}); send one JSON object per line, such as {{\"cmd\":\"state\"}}"
            )),
            Ok(Strict {
                repeated: Some(key),
                ..
            }) => Err(Strict::repeated_words(&key)),
            Ok(Strict { value, .. }) => self.handle(&value, &mut quit),
        };
        let value = match answer {
            Ok(mut fields) => {
                let mut out = Map::new();
                out.insert("ok".into(), Value::Bool(true));
                out.append(&mut fields);
                Value::Object(out)
            }
            Err(error) => json!({"ok": false, "error": error}),
        };
        Reply {
            line: value.to_string(),
            quit,
        }
    }

    /// The answer to a line that is too long to read.
    pub fn too_long() -> Reply {
        Reply {
            line: json!({"ok": false, "error": format!(
                "that line is longer than {MAX_LINE} bytes; no command needs so much"
            )})
            .to_string(),
            quit: false,
        }
    }

    /// The answer to a line that is not UTF-8.
    pub fn not_utf8() -> Reply {
        Reply {
            line: json!({"ok": false, "error": "that line is not UTF-8 text; send JSON"})
                .to_string(),
            quit: false,
        }
    }

    fn handle(&mut self, value: &Value, quit: &mut bool) -> Answer {
        let Some(command) = value.as_object() else {
            return Err(format!(
                "a command is a JSON object such as {{\"cmd\":\"state\"}}, not {}",
                describe(value)
            ));
        };
        let cmd = match command.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(other) => {
                return Err(format!(
                    "\"cmd\" names a command as a string, not {}",
                    describe(other)
                ));
            }
            None => {
                return Err("a command needs \"cmd\": one of new, state, legal, act, quit".into());
            }
        };
        match cmd {
            "new" => {
                // A rule set's option given beside the others (as before `options` existed)
                // is still taken: it goes with the options.
                let mut allowed = vec![
                    "cmd", "rules", "players", "partners", "seed", "deck", "options",
                ];
                allowed.extend(
                    RulesId::ALL
                        .iter()
                        .flat_map(|r| r.option_fields())
                        .map(|f| f.name),
                );
                allow_fields(command, &allowed)?;
                self.new_game(command)
            }
            "state" => {
                allow_fields(command, &["cmd", "seat"])?;
                let game = self.current()?;
                let seat = optional_seat(command, game)?;
                Ok(fields([("state", view_json(game, seat))]))
            }
            "legal" => {
                allow_fields(command, &["cmd"])?;
                let game = self.current()?;
                Ok(fields([
                    ("seat", json!(game.to_move())),
                    ("actions", json!(game.legal())),
                ]))
            }
            "act" => {
                allow_fields(command, &["cmd", "action", "seat"])?;
                self.act(command)
            }
            "quit" => {
                allow_fields(command, &["cmd"])?;
                *quit = true;
                Ok(Map::new())
            }
            other => Err(format!(
                "unknown command \"{}\"; the commands are new, state, legal, act, quit",
                truncate(other, 40)
            )),
        }
    }

    fn current(&self) -> Result<&Game, String> {
        self.game.as_ref().ok_or_else(|| {
            "there is no game yet: start one with {\"cmd\":\"new\",\"players\":2,\"seed\":1}".into()
        })
    }

    fn new_game(&mut self, command: &Map<String, Value>) -> Answer {
        let rules = match command.get("rules") {
            None => RulesId::Touring1926,
            Some(Value::String(id)) => RulesId::parse(id).map_err(|e| e.to_string())?,
            Some(other) => {
                return Err(format!(
                    "\"rules\" is a string such as \"touring-1926\", not {}",
                    describe(other)
                ));
            }
        };
        let players = match command.get("players") {
            None => return Err("\"new\" needs \"players\": 2 to 6".into()),
            Some(v) => match v.as_u64() {
                Some(n) if (2..=6).contains(&n) => n as u8,
                Some(n) => return Err(format!("a game has 2 to 6 players, not {n}")),
                None => {
                    return Err(format!(
                        "\"players\" is a whole number from 2 to 6, not {}",
                        describe(v)
                    ));
                }
            },
        };
        let partners = match command.get("partners") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(other) => {
                return Err(format!(
                    "\"partners\" is true or false, not {}",
                    describe(other)
                ));
            }
        };
        let seed = match command.get("seed") {
            None => {
                return Err(
                    "\"new\" needs \"seed\": a whole number from 0 to 18446744073709551615".into(),
                );
            }
            Some(v) => v.as_u64().ok_or_else(|| {
                format!(
                    "\"seed\" is a whole number from 0 to 18446744073709551615, not {}",
                    describe(v)
                )
            })?,
        };
        let deck: Vec<String> = match command.get("deck") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, v)| match v {
                    Value::String(id) => {
                        rules
                            .check_cards(std::slice::from_ref(id))
                            .map_err(|e| format!("deck card {i}: {e}"))?;
                        Ok(id.clone())
                    }
                    other => Err(format!(
                        "deck card {i}: a card is named by a string such as \"go\", not {}",
                        describe(other)
                    )),
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(format!(
                    "\"deck\" is a list of cards such as [\"go\",\"mile5\"], not {}",
                    describe(other)
                ));
            }
        };
        let mut options = match command.get("options") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(options)) => options.clone(),
            Some(other) => {
                return Err(format!(
                    "\"options\" is an object of the rule set's options such as {{}}, not {}",
                    describe(other)
                ));
            }
        };
        // An option given beside the others, as before `options`: null, or another game's
        // option at its default, changes nothing (as it did then).
        for (key, value) in command {
            let Some(field) = RulesId::ALL
                .iter()
                .flat_map(|r| r.option_fields())
                .find(|f| f.name == key.as_str())
            else {
                continue;
            };
            let theirs = !rules.option_fields().contains(field);
            if value.is_null() || (theirs && *value == field.default_json()) {
                continue;
            }
            options.entry(key.clone()).or_insert_with(|| value.clone());
        }
        let options = Options::default_for(rules).with_input(rules, &options)?;
        let config = Config::new(rules, players, partners)
            .and_then(|c| c.with_options(options))
            .map_err(|e| e.to_string())?;
        if let Some(problem) = options.problems().into_iter().next() {
            return Err(problem.message);
        }
        let game = Game::new(config, seed, &deck).map_err(|e| e.to_string())?;
        let state = view_json(&game, None);
        self.game = Some(game);
        Ok(fields([("state", state)]))
    }

    fn act(&mut self, command: &Map<String, Value>) -> Answer {
        let game = self.current()?;
        let action = match command.get("action") {
            None => {
                return Err(
                    "\"act\" needs \"action\", such as {\"play\":\"go\"}; ask {\"cmd\":\"legal\"} for the choices"
                        .into(),
                );
            }
            Some(v) => Action::from_json(game.config().rules, v)?,
        };
        let seat = optional_seat(command, game)?;
        // Work on a copy: an illegal action must leave the game exactly as it was.
        let mut next = game.clone();
        let mut events: Vec<Event> = Vec::new();
        let result = match seat {
            Some(seat) => next.apply_as(seat, action, &mut events),
            None => next.apply(action, &mut events),
        };
        result.map_err(|e| e.to_string())?;
        let answer = fields([("events", json!(events)), ("state", view_json(&next, None))]);
        self.game = Some(next);
        Ok(answer)
    }
}

fn fields<const N: usize>(items: [(&str, Value); N]) -> Map<String, Value> {
    items
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect()
}

fn view_json(game: &Game, seat: Option<Seat>) -> Value {
    serde_json::to_value(game.view(seat)).unwrap_or(Value::Null)
}

fn optional_seat(command: &Map<String, Value>, game: &Game) -> Result<Option<Seat>, String> {
    match command.get("seat") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => seat_from_json(v, game.config().players).map(Some),
    }
}

fn allow_fields(command: &Map<String, Value>, allowed: &[&str]) -> Result<(), String> {
    match command.keys().find(|k| !allowed.contains(&k.as_str())) {
        None => Ok(()),
        Some(key) => Err(format!(
            "unknown field \"{}\" for this command; it takes {}",
            truncate(key, 40),
            allowed.join(", ")
        )),
    }
}
