//! View models shared by the pages: a round with its tables and clock, the standings, the
//! seating. Built from the use cases' data; the templates only lay them out.

use std::collections::BTreeMap;

use crate::app::events::EntryRecord;
use crate::app::report;
use crate::app::rounds::{RoundBoard, RoundPicture, RoundState};
use crate::engine::{ScoreSheet, SheetRow};
use crate::tournament::{EntryId, MoverDecision};

/// An entry as the pages name it.
#[derive(Debug, Clone)]
pub struct Named {
    pub id: EntryId,
    pub name: String,
    pub bot: bool,
}

/// Every entry's name, by id.
pub fn names(entries: &[EntryRecord]) -> BTreeMap<EntryId, Named> {
    entries
        .iter()
        .map(|e| {
            (
                e.id(),
                Named {
                    id: e.id(),
                    name: e.entry.name(),
                    bot: e.row.is_bot,
                },
            )
        })
        .collect()
}

/// An entry's name, or a stand-in for an entry the names do not know.
pub fn named(names: &BTreeMap<EntryId, Named>, id: EntryId) -> Named {
    names.get(&id).cloned().unwrap_or(Named {
        id,
        name: format!("entry {id}"),
        bot: false,
    })
}

/// One entry at a table.
#[derive(Debug, Clone)]
pub struct Seated {
    pub entry: Named,
    pub side: usize,
    pub miles: Option<u32>,
    pub mover: bool,
}

/// A table in a round.
#[derive(Debug, Clone)]
pub struct TableView {
    pub number: i32,
    pub paper: bool,
    /// playing, waiting, scores in, waiting for scores, seated.
    pub status: &'static str,
    pub entries: Vec<Seated>,
    /// The entries tied for the most miles, when they are (closing preview).
    pub tied: Vec<Named>,
    /// Deals played at the table this round.
    pub deals: usize,
}

/// A round with its clock and tables.
#[derive(Debug, Clone)]
pub struct RoundView {
    pub number: u32,
    pub state: RoundState,
    pub left_ms: Option<i64>,
    pub timed: bool,
    pub tables: Vec<TableView>,
    pub byes: Vec<Named>,
    /// Tables whose scores are missing, with why.
    pub missing: Vec<(u32, crate::i18n::Said)>,
    /// "miles" or "points".
    pub unit: &'static str,
}

impl RoundView {
    pub fn clock(&self) -> String {
        match (self.state, self.timed) {
            (RoundState::Seated, _) => "Ready".into(),
            (RoundState::Closed, _) => "Closed".into(),
            (RoundState::Over, _) => "Time".into(),
            (_, true) => super::clock_text(self.left_ms),
            (_, false) => "Playing".into(),
        }
    }

    /// The clock in `lang`: the time left, or a word for a round that does not run.
    pub fn clock_in(&self, lang: &crate::i18n::Lang) -> String {
        match (self.state, self.timed) {
            (RoundState::Seated, _) => lang.t("clock-ready"),
            (RoundState::Closed, _) => lang.t("wall-clock-closed"),
            (RoundState::Over, _) => lang.t("clock-time"),
            (_, true) => super::clock_text(self.left_ms),
            (_, false) => lang.t("wall-clock-playing"),
        }
    }

    /// The clock's milliseconds for the script to count down (only while running).
    pub fn ticking_ms(&self) -> Option<i64> {
        (self.state == RoundState::Running && self.timed)
            .then_some(self.left_ms)
            .flatten()
    }

    /// For the templates: is the round in this state (seated, running, ...)?
    pub fn is(&self, state: &str) -> bool {
        self.state.as_str() == state
    }

    /// Between rounds: the next round is seated but not started (or the last one is closed and
    /// the next not yet seated). The app does not know when the host will give the signal.
    pub fn is_break(&self) -> bool {
        match self.state {
            RoundState::Seated => self.number > 1,
            RoundState::Closed => true,
            _ => false,
        }
    }

    pub fn has_paper(&self) -> bool {
        self.tables.iter().any(|t| t.paper)
    }
}

/// The round of a board, named, if there is one.
pub fn board_view(board: &RoundBoard) -> Option<RoundView> {
    let names = names(&board.entries);
    board.round.as_ref().map(|round| round_view(round, &names))
}

/// A round as the console, the projector and the seating chart show it.
pub fn round_view(round: &RoundPicture, names: &BTreeMap<EntryId, Named>) -> RoundView {
    let state = round.state;
    let tables = round
        .tables
        .iter()
        .map(|table| {
            let paper = table.paper;
            let status = match state {
                RoundState::Seated => "seated",
                RoundState::Closed => "scores in",
                _ if paper && table.cards_in => "scores in",
                RoundState::Over if paper => "waiting for scores",
                RoundState::Over => "scores in",
                _ if table.last_over => "waiting",
                _ => "playing",
            };
            let entries: Vec<Seated> = table
                .entries
                .iter()
                .map(|&(entry, side)| Seated {
                    entry: named(names, entry),
                    side,
                    miles: if paper && !table.cards_in && state != RoundState::Closed {
                        None
                    } else {
                        round.miles.get(&entry).copied()
                    },
                    mover: table.mover == Some(entry),
                })
                .collect();
            let best = entries.iter().filter_map(|s| s.miles).max();
            let tied: Vec<Named> = match best {
                Some(best) if entries.iter().filter(|s| s.miles == Some(best)).count() > 1 => {
                    entries
                        .iter()
                        .filter(|s| s.miles == Some(best))
                        .map(|s| s.entry.clone())
                        .collect()
                }
                _ => Vec::new(),
            };
            TableView {
                number: table.number,
                paper,
                status,
                entries,
                tied,
                deals: table.deals,
            }
        })
        .collect();
    RoundView {
        number: round.number,
        state,
        left_ms: round.left_ms,
        timed: round.timed,
        tables,
        byes: round.byes.iter().map(|&b| named(names, b)).collect(),
        unit: round.unit.word(),
        missing: round
            .missing
            .iter()
            .map(|m| (m.table, m.reason.clone()))
            .collect(),
    }
}

/// How the mover of a table was decided: "most miles", a cut among the tied entries, or the
/// host's choice among them.
pub fn decision_text(
    lang: crate::i18n::Lang,
    decision: &MoverDecision,
    mover: Option<EntryId>,
    names: &BTreeMap<EntryId, Named>,
) -> String {
    let list = |tied: &[EntryId]| {
        tied.iter()
            .map(|&t| named(names, t).name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match decision {
        MoverDecision::MostMiles => lang.t("host-decision-most"),
        MoverDecision::Cut { tied, drawn } => lang
            .msg("host-decision-cut")
            .arg("tied", list(tied))
            .arg("drawn", named(names, *drawn).name)
            .text(),
        // `drawn` is what the cut had given; the host's choice is the mover.
        MoverDecision::Host { tied, drawn } => match mover {
            Some(chosen) if chosen != *drawn => lang
                .msg("host-decision-host")
                .arg("tied", list(tied))
                .arg("chosen", named(names, chosen).name)
                .arg("drawn", named(names, *drawn).name)
                .text(),
            _ => lang
                .msg("host-decision-host-as-cut")
                .arg("tied", list(tied))
                .arg("drawn", named(names, *drawn).name)
                .text(),
        },
    }
}

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingRow {
    pub place: u32,
    pub shared: bool,
    pub name: String,
    pub bot: bool,
    pub withdrawn: bool,
    /// False for an entry withdrawn before playing any round: listed apart, without a place.
    pub ranked: bool,
    /// Per round: the score (none yet: a dash), written in the reader's conventions by the
    /// page, and whether it is a late entry's missed round (scored 0 or the round's average by
    /// the host's choice), which the table marks.
    pub rounds: Vec<(Option<u32>, bool)>,
    pub total: u64,
    pub rounds_won: u32,
    pub prize: Option<u32>,
}

/// The standings as the pages show them.
#[derive(Debug, Clone)]
pub struct StandingsView {
    pub is_final: bool,
    /// The evening is over but the host has not closed it: every result may still change.
    pub provisional: bool,
    /// Some round of some entry is a late entry's missed round (the table explains the mark).
    pub has_missed: bool,
    pub live_round: Option<u32>,
    pub rounds: Vec<u32>,
    pub rows: Vec<StandingRow>,
    /// "miles" or "points".
    pub unit: &'static str,
}

/// The standings as the pages show them. Prizes are shown once a round has been closed: before
/// that every entry ties on nothing and would show "=1 1st prize".
pub fn standings_view(standings: &report::Standings) -> StandingsView {
    let rounds = standings.rows.first().map_or(0, |r| r.miles.len());
    let closed = standings.rounds > u32::from(standings.live_round.is_some());
    let mut places: BTreeMap<u32, usize> = BTreeMap::new();
    for row in &standings.rows {
        *places.entry(row.place).or_default() += 1;
    }
    let rows = standings
        .rows
        .iter()
        .map(|s| StandingRow {
            place: s.place,
            shared: places.get(&s.place).copied().unwrap_or(0) > 1,
            name: s.name.clone(),
            bot: s.bot,
            withdrawn: s.withdrawn,
            ranked: s.ranked,
            rounds: s
                .miles
                .iter()
                .zip(s.missed.iter().chain(std::iter::repeat(&false)))
                .map(|(m, &missed)| (*m, missed))
                .collect(),
            total: s.total,
            rounds_won: s.rounds_won,
            prize: s.prize.filter(|_| closed),
        })
        .collect();
    StandingsView {
        is_final: standings.is_final,
        provisional: standings.provisional,
        has_missed: standings.rows.iter().any(|r| r.missed.contains(&true)),
        live_round: standings.live_round,
        rounds: (1..=rounds as u32).collect(),
        rows,
        unit: standings.unit.word(),
    }
}

/// One hand of a paper card as entered: its number (from 1), each row's label and count, and
/// the hand's score.
pub type HandLine = (usize, Vec<(String, u32)>, u32);

/// The score sheets of an event's tables, by how many entries sit at the table.
#[derive(Debug, Clone, Default)]
pub struct Sheets(Vec<(usize, ScoreSheet)>);

impl Sheets {
    /// The sheets of every table size the event's settings allow.
    pub fn of(settings: &crate::tournament::Settings) -> Sheets {
        Sheets(
            (1..=6)
                .filter_map(|entries| {
                    let config = settings.table_config(entries).ok()?;
                    Some((entries, config.rules.score_sheet(config)))
                })
                .collect(),
        )
    }

    /// The rows of the score card of a table with this many entries.
    pub fn rows(&self, entries: usize) -> Vec<SheetRow> {
        self.0
            .iter()
            .find(|(n, _)| *n == entries)
            .or_else(|| self.0.first())
            .map(|(_, sheet)| sheet.rows.clone())
            .unwrap_or_default()
    }

    /// The score sheet of a table with this many entries.
    pub fn sheet(&self, entries: usize) -> Option<&ScoreSheet> {
        self.0
            .iter()
            .find(|(n, _)| *n == entries)
            .or_else(|| self.0.first())
            .map(|(_, sheet)| sheet)
    }

    /// How many hand rows each side has on the printed card: a race in miles is one game per
    /// round; a game in points (Mille Bornes) may see several hands in a round.
    pub fn printed_hands(&self) -> usize {
        if self.unit() == "points" { 3 } else { 1 }
    }

    /// The most columns a printed card of these sheets has: the side, the hand (when a side
    /// has a row per hand), one per row of the sheet, the score and who checked it.
    pub fn columns(&self) -> usize {
        let rows = self.0.iter().map(|(_, s)| s.rows.len()).max().unwrap_or(0);
        rows + 3 + usize::from(self.printed_hands() > 1)
    }

    /// "miles" or "points".
    pub fn unit(&self) -> &'static str {
        self.0.first().map_or("miles", |(_, s)| s.unit.word())
    }

    /// A row's words on a card, in `lang`: a race's mileage card ("5-mile"), or a row of Mille
    /// Bornes' printed sheet ("Safeties").
    pub fn label(&self, lang: &crate::i18n::Lang, row: &SheetRow) -> String {
        row_label(*lang, row)
    }
}

/// A score sheet row's words in `lang` (`locales/*/print.ftl`): a row in points is one of
/// Mille Bornes' printed sheet, by its id; a row in miles is a race's mileage card.
pub fn row_label(lang: crate::i18n::Lang, row: &SheetRow) -> String {
    if row.quota.is_some() {
        lang.msg("sheet-miles").arg("miles", row.value).text()
    } else {
        lang.t(&format!("sheet-mb-{}", row.id))
    }
}

/// "1st", "2nd", "3rd"... (for templates, which hold references).
pub fn ordinal(n: &u32) -> String {
    crate::tournament::ordinal(*n)
}

/// The seconds a table still waits, counted down on the phone: the number, then its words in
/// the reader's plural ("1 s restante", "2 s restantes"). The number's element carries both
/// forms for the script, which rewrites the words after it as it counts down, choosing by
/// `Intl.PluralRules` in the page's language.
pub fn wait_left_html(
    lang: &crate::i18n::Lang,
    seconds: impl crate::i18n::Whole,
    ms: impl crate::i18n::Whole,
) -> String {
    let (seconds, ms) = (seconds.whole(), ms.whole());
    let words = |n: i64| lang.msg("seconds-left").arg("seconds", n).html();
    format!(
        "<span class=\"wait-left\" data-one=\"{one}\" data-other=\"{other}\" data-wait-ms=\"{ms}\">{seconds}</span>&nbsp;{now}",
        one = words(1),
        other = words(2),
        now = words(seconds),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_score_sheet_row_is_said_in_english_as_the_engine_prints_it_and_in_french() {
        use crate::engine::RulesId;
        use crate::i18n::Lang;
        let french = Lang::from_tag("fr").expect("French");
        for &rules in RulesId::ALL.iter() {
            let mut settings = crate::tournament::Settings::new("Cards", 1);
            settings.rules = rules;
            let sheets = Sheets::of(&settings);
            let rows = sheets.rows(2);
            assert!(!rows.is_empty(), "{rules:?}");
            for row in &rows {
                assert_eq!(sheets.label(&Lang::ENGLISH, row), row.label, "{rules:?}");
                let said = sheets.label(&french, row);
                assert!(!said.starts_with("sheet-"), "{rules:?}: {said}");
                assert!(
                    !sheets.label(&Lang::PSEUDO, row).starts_with("sheet-"),
                    "{rules:?}"
                );
            }
        }
        let mut settings = crate::tournament::Settings::new("Cards", 1);
        settings.rules = RulesId::MilleBornes;
        let sheets = Sheets::of(&settings);
        let said: Vec<String> = sheets
            .rows(2)
            .iter()
            .map(|row| sheets.label(&french, row))
            .collect();
        assert!(said.contains(&"Bottes".to_owned()), "{said:?}");
        assert!(said.contains(&"Capot".to_owned()), "{said:?}");
    }

    #[test]
    fn ordinals_read_as_people_say_them() {
        let said: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            said,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn the_tie_line_after_an_overturn_says_one_thing() {
        let names: BTreeMap<EntryId, Named> = [(1, "Ann"), (2, "Bob")]
            .into_iter()
            .map(|(id, name)| {
                let name = name.to_owned();
                (
                    id,
                    Named {
                        id,
                        name,
                        bot: false,
                    },
                )
            })
            .collect();
        let overturned = MoverDecision::Host {
            tied: vec![1, 2],
            drawn: 1,
        };
        assert_eq!(
            decision_text(crate::i18n::Lang::ENGLISH, &overturned, Some(2), &names),
            "tied among Ann, Bob: the host chose Bob (the cut had drawn Ann)"
        );
        assert_eq!(
            decision_text(crate::i18n::Lang::ENGLISH, &overturned, Some(1), &names),
            "tied among Ann, Bob: the host chose Ann, as the cut had drawn"
        );
        let cut = MoverDecision::Cut {
            tied: vec![1, 2],
            drawn: 2,
        };
        assert_eq!(
            decision_text(crate::i18n::Lang::ENGLISH, &cut, Some(2), &names),
            "tied among Ann, Bob: cut for it, Bob drawn"
        );
    }
}
