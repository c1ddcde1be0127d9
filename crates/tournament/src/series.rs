//! A series: a season or league of evenings, counted across them. Pure: the app hands in each
//! evening's placed people and the series' stored people, and gets the season's standings.
//!
//! Rules and rulings:
//! - A person is the same from one evening to the next. By default names match, case and
//!   spaces aside ("ann  club" is "Ann Club", as [`name_key`] compares them).
//! - The host may link two people (two names, one person: the linked one counts under the
//!   other's name) and split them again, or say that one evening's guest is someone else
//!   (one name, two people). A person linked to themselves, or to someone they already are,
//!   is refused.
//! - Partnerships count for each partner: both take the partnership's total and place.
//! - A person attends an evening when they are placed in it; bots are nobody and never count,
//!   and an entry withdrawn before playing a round is not placed, so it attends nothing.
//! - How the series counts: the total of all evenings, the best N of them (a person who came
//!   fewer than N times counts all of theirs), or the average per evening attended.
//! - Places go by what is counted; people equal on it share the place and the next place
//!   skips (1, 2, 2, 4). Ties are not broken: a season's tie is a shared place.
//! - The best N may be any number from 1 to [`MAX_BEST`] when the series is made (the season
//!   is planned ahead); changed later, it may not exceed the evenings already held.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::names::{name_key, sort_key};

/// The most evenings a "best N" may count.
pub const MAX_BEST: u32 = 500;

/// How a series adds its evenings up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "count", rename_all = "snake_case")]
pub enum Counting {
    /// Every evening's total, added up.
    Total,
    /// The best `n` evenings of each person.
    Best { n: u32 },
    /// The total divided by the evenings attended.
    Average,
}

impl Counting {
    /// The stored word: "total", "best" or "average".
    pub fn word(&self) -> &'static str {
        match self {
            Counting::Total => "total",
            Counting::Best { .. } => "best",
            Counting::Average => "average",
        }
    }

    /// The best N, when the series counts the best evenings.
    pub fn best(&self) -> Option<u32> {
        match self {
            Counting::Best { n } => Some(*n),
            _ => None,
        }
    }

    /// Reads the host's choice: `count` ("total", "best" or "average"; omitted: "best" when
    /// `count_best` is given, else "total") and `count_best`.
    pub fn parse(count: Option<&str>, count_best: Option<i64>) -> Result<Counting, SeriesError> {
        let word = count.map(str::trim).unwrap_or(match count_best {
            Some(_) => "best",
            None => "total",
        });
        match (word, count_best) {
            ("best", Some(n)) => {
                let n = u32::try_from(n)
                    .ok()
                    .filter(|&n| (1..=MAX_BEST).contains(&n))
                    .ok_or(SeriesError::BestOutOfRange { n })?;
                Ok(Counting::Best { n })
            }
            ("best", None) => Err(SeriesError::BestWithoutNumber),
            ("total" | "average", Some(_)) => Err(SeriesError::NumberWithoutBest {
                count: word.to_owned(),
            }),
            ("total", None) => Ok(Counting::Total),
            ("average", None) => Ok(Counting::Average),
            (other, _) => Err(SeriesError::UnknownCounting {
                count: other.to_owned(),
            }),
        }
    }

    /// Checks a change of counting once `held` evenings were held: the best N may not
    /// exceed them.
    pub fn check_change(&self, held: u32) -> Result<(), SeriesError> {
        match self {
            Counting::Best { n } if *n > held => Err(SeriesError::BestMoreThanHeld { n: *n, held }),
            _ => Ok(()),
        }
    }
}

/// Why a series' input was refused; each message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum SeriesError {
    #[error("count_best is {n}: count the best 1 to {MAX_BEST} evenings")]
    BestOutOfRange { n: i64 },
    #[error("\"count\": \"best\" needs count_best, the number of evenings to count (such as 5)")]
    BestWithoutNumber,
    #[error(
        "count_best goes with \"count\": \"best\", not \"{count}\": leave count_best out or ask for the best evenings"
    )]
    NumberWithoutBest { count: String },
    #[error("\"count\" is \"{count}\": it must be \"total\", \"best\" or \"average\"")]
    UnknownCounting { count: String },
    #[error(
        "the series has held {}, so the best {n} of them cannot be counted: count the best {held} or fewer, or change it once more evenings are held",
        super::standings::counted(u64::from(*held), "evening", "evenings")
    )]
    BestMoreThanHeld { n: u32, held: u32 },
    #[error("\"{name}\" cannot be linked to themselves: name two different people")]
    LinkedToThemselves { name: String },
    #[error("\"{name}\" and \"{other}\" are already one person: nothing to link")]
    AlreadyOnePerson { name: String, other: String },
    #[error("\"{name}\" is nobody in this series yet: use a name from its people list")]
    NoSuchPerson { name: String },
    #[error("\"{name}\" is not linked to anyone: there is nothing to split")]
    NotLinked { name: String },
    #[error(
        "\"{prize}\" is no prize: choose from \"booby\", \"most_rounds_won\", \"best_round\", \"most_tables\" and \"perfect_attendance\""
    )]
    UnknownPrize { prize: String },
    #[error(
        "\"perfect_attendance\" is a season prize (everyone attends their own evening): ask for it in the season's prizes"
    )]
    AttendanceIsSeasonal,
}

impl SeriesError {
    /// The refusal, to say in the reader's language.
    pub fn said(&self) -> touring_i18n::Said {
        use touring_i18n::Said;
        match self {
            SeriesError::BestOutOfRange { n } => Said::new("refused-series-best-out-of-range")
                .text("n", n.to_string())
                .number("max", MAX_BEST),
            SeriesError::BestWithoutNumber => Said::new("refused-series-best-without-number"),
            SeriesError::NumberWithoutBest { count } => {
                Said::new("refused-series-number-without-best").text("count", count.clone())
            }
            SeriesError::UnknownCounting { count } => {
                Said::new("refused-series-unknown-counting").text("count", count.clone())
            }
            SeriesError::BestMoreThanHeld { n, held } => {
                Said::new("refused-series-best-more-than-held")
                    .number("n", *n)
                    .number("held", *held)
            }
            SeriesError::LinkedToThemselves { name } => {
                Said::new("refused-series-linked-to-themselves").text("name", name.clone())
            }
            SeriesError::AlreadyOnePerson { name, other } => {
                Said::new("refused-series-already-one-person")
                    .text("name", name.clone())
                    .text("other", other.clone())
            }
            SeriesError::NoSuchPerson { name } => {
                Said::new("refused-series-no-such-person").text("name", name.clone())
            }
            SeriesError::NotLinked { name } => {
                Said::new("refused-series-not-linked").text("name", name.clone())
            }
            SeriesError::UnknownPrize { prize } => {
                Said::new("refused-series-unknown-prize").text("prize", prize.clone())
            }
            SeriesError::AttendanceIsSeasonal => Said::new("refused-series-attendance-is-seasonal"),
        }
    }
}

/// A person stored for a series: made when the host links, splits or picks someone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub id: i64,
    pub name: String,
    /// Linked: this person counts as that one.
    pub same_as: Option<i64>,
}

/// One person at one evening: a player of a placed entry that is not a bot.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appearance {
    /// The players row: the seat this person held that evening.
    pub player: i64,
    pub name: String,
    /// The entry's total that evening (a partnership's, for each partner).
    pub total: u64,
    /// The entry's place that evening.
    pub place: u32,
    /// The entry's score per round played (`None` where it played no round at a table: a
    /// bye, a round missed by a late entry, or one after it withdrew); for the club prizes.
    #[serde(default)]
    pub rounds: Vec<Option<u32>>,
    /// Rounds the entry won that evening.
    #[serde(default)]
    pub rounds_won: u32,
    /// Different tables the entry sat at that evening.
    #[serde(default)]
    pub tables: u32,
    /// The entry withdrew that evening: it takes none of the evening's prizes.
    #[serde(default)]
    pub withdrawn: bool,
}

/// An evening of the series, with the people placed in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evening {
    pub event: i64,
    pub appearances: Vec<Appearance>,
    /// The evening was held (its last round is closed): perfect attendance counts it.
    #[serde(default)]
    pub held: bool,
}

/// Who a person is in the standings: a stored person (by id), a name no stored person
/// holds (by its [`name_key`]), or one seat counted apart (by its player id: see
/// [`People::set_apart`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Who {
    Person(i64),
    Name(String),
    Seat { seat: i64 },
}

/// The series' people: stored people and the evenings' seats given to one of them.
#[derive(Debug, Clone, Default)]
pub struct People {
    persons: BTreeMap<i64, Person>,
    /// name key -> the first stored person with that name.
    by_name: BTreeMap<String, i64>,
    /// player -> person, where the host said who a seat was.
    assigned: BTreeMap<i64, i64>,
    /// The seats counted apart, each its own nobody.
    apart: std::collections::BTreeSet<i64>,
}

impl People {
    pub fn new(persons: Vec<Person>, assigned: impl IntoIterator<Item = (i64, i64)>) -> People {
        let persons: BTreeMap<i64, Person> = persons.into_iter().map(|p| (p.id, p)).collect();
        let mut by_name = BTreeMap::new();
        // By id, so that the first stored with a name holds it.
        for person in persons.values() {
            by_name.entry(name_key(&person.name)).or_insert(person.id);
        }
        People {
            persons,
            by_name,
            assigned: assigned.into_iter().collect(),
            apart: Default::default(),
        }
    }

    /// Counts a seat apart from everyone: its name matches nobody and the host's word on it
    /// is set aside. A guest's own page counts a private evening's seat so when nothing but
    /// its name ties it to the guest (the guest did not sit there, and the host did not give
    /// both seats to one person).
    pub fn set_apart(&mut self, player: i64) {
        self.apart.insert(player);
    }

    /// The person the host gave a seat to, links followed, if the host gave it to anyone.
    pub fn given(&self, player: i64) -> Option<i64> {
        self.assigned.get(&player).map(|&id| self.root(id))
    }

    /// A stored person.
    pub fn person(&self, id: i64) -> Option<&Person> {
        self.persons.get(&id)
    }

    /// The stored person holding a name, case and spaces aside (before following links).
    pub fn named(&self, name: &str) -> Option<&Person> {
        self.by_name
            .get(&name_key(name))
            .and_then(|id| self.persons.get(id))
    }

    /// Follows links to the person counted. A loop (never stored: [`People::check_link`]
    /// refuses it) stops where it closes.
    pub fn root(&self, id: i64) -> i64 {
        let mut at = id;
        for _ in 0..=self.persons.len() {
            match self.persons.get(&at).and_then(|p| p.same_as) {
                Some(next) if next != id => at = next,
                _ => break,
            }
        }
        at
    }

    /// Who a name is, links followed.
    pub fn who_named(&self, name: &str) -> Who {
        match self.named(name) {
            Some(person) => Who::Person(self.root(person.id)),
            None => Who::Name(name_key(name)),
        }
    }

    /// Who sat in a seat: the person the host gave it to, else the one with its name (or the
    /// seat alone, when it is counted apart).
    pub fn who(&self, appearance: &Appearance) -> Who {
        if self.apart.contains(&appearance.player) {
            return Who::Seat {
                seat: appearance.player,
            };
        }
        match self.assigned.get(&appearance.player) {
            Some(&id) => Who::Person(self.root(id)),
            None => self.who_named(&appearance.name),
        }
    }

    /// The name shown for someone: the stored person's, or the name as first typed.
    pub fn shown(&self, who: &Who, typed: &str) -> String {
        match who {
            Who::Person(id) => self
                .persons
                .get(id)
                .map_or_else(|| typed.to_owned(), |p| p.name.clone()),
            Who::Name(_) | Who::Seat { .. } => typed.to_owned(),
        }
    }

    /// May `name` be linked to `with` (so that `name` counts as `with`)? Both are names
    /// (of stored people or of guests); a link to oneself, or between two names that are
    /// already one person, is refused.
    pub fn check_link(&self, name: &str, with: &str) -> Result<(), SeriesError> {
        if name_key(name) == name_key(with) {
            return Err(SeriesError::LinkedToThemselves {
                name: name.trim().to_owned(),
            });
        }
        if self.who_named(name) == self.who_named(with) {
            return Err(SeriesError::AlreadyOnePerson {
                name: name.trim().to_owned(),
                other: with.trim().to_owned(),
            });
        }
        Ok(())
    }

    /// May the person named `name` be split from whom they are linked to?
    pub fn check_unlink(&self, name: &str) -> Result<i64, SeriesError> {
        let person = self.named(name).ok_or_else(|| SeriesError::NoSuchPerson {
            name: name.trim().to_owned(),
        })?;
        match person.same_as {
            Some(_) => Ok(person.id),
            None => Err(SeriesError::NotLinked {
                name: name.trim().to_owned(),
            }),
        }
    }
}

/// One person's line of the season's standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesStanding {
    /// Internal: who this is (a stored person's id, or a name's key).
    #[serde(skip_serializing)]
    pub who: Who,
    pub name: String,
    /// 1 for the best; equal people share the place and the next skips (1, 2, 2, 4).
    pub place: u32,
    /// Evenings attended.
    pub evenings: u32,
    /// Everything scored in the season, every evening added.
    pub total: u64,
    /// What the places go by: the total, the best N evenings' total, or the average per
    /// evening attended (rounded to two decimals for showing; places compare it exactly).
    pub counted: f64,
    /// Per evening of the series, in its order: the total, where the person came.
    pub scores: Vec<Option<u64>>,
    /// Per evening: the place, where the person came.
    pub places: Vec<Option<u32>>,
    /// Per evening: whether it is one of those counted (all of them unless best N).
    pub counts: Vec<bool>,
}

/// What is counted, kept exact: a sum over a number of evenings (1 unless averaged).
#[derive(Debug, Clone, Copy)]
struct Counted {
    sum: u64,
    over: u64,
}

impl Counted {
    fn cmp(&self, other: &Counted) -> std::cmp::Ordering {
        (u128::from(self.sum) * u128::from(other.over))
            .cmp(&(u128::from(other.sum) * u128::from(self.over)))
    }

    fn value(&self) -> f64 {
        if self.over == 0 {
            return 0.0;
        }
        let exact = self.sum as f64 / self.over as f64;
        (exact * 100.0).round() / 100.0
    }
}

/// The season's standings, best first (equal people by name), over the evenings in their
/// order.
pub fn series_standings(
    counting: Counting,
    people: &People,
    evenings: &[Evening],
) -> Vec<SeriesStanding> {
    struct Line {
        name: String,
        scores: Vec<Option<u64>>,
        places: Vec<Option<u32>>,
    }
    let mut lines: BTreeMap<Who, Line> = BTreeMap::new();
    for (index, evening) in evenings.iter().enumerate() {
        for appearance in &evening.appearances {
            let who = people.who(appearance);
            let line = lines.entry(who.clone()).or_insert_with(|| Line {
                name: people.shown(&who, appearance.name.trim()),
                scores: vec![None; evenings.len()],
                places: vec![None; evenings.len()],
            });
            // Two seats of one person in one evening (linked names who both came): the
            // better one counts.
            if line.scores[index].is_none_or(|s| appearance.total > s) {
                line.scores[index] = Some(appearance.total);
                line.places[index] = Some(appearance.place);
            }
        }
    }
    let mut out: Vec<(Counted, SeriesStanding)> = lines
        .into_iter()
        .map(|(who, line)| {
            let attended: Vec<(usize, u64)> = line
                .scores
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.map(|s| (i, s)))
                .collect();
            let total: u64 = attended.iter().map(|(_, s)| s).sum();
            let mut counts = vec![false; evenings.len()];
            let counted = match counting {
                Counting::Total | Counting::Average => {
                    for (i, _) in &attended {
                        counts[*i] = true;
                    }
                    Counted {
                        sum: total,
                        over: match counting {
                            Counting::Average => attended.len() as u64,
                            _ => 1,
                        },
                    }
                }
                Counting::Best { n } => {
                    let mut best = attended.clone();
                    // The highest first; between equal evenings, the earlier.
                    best.sort_by_key(|&(i, s)| (std::cmp::Reverse(s), i));
                    best.truncate(n as usize);
                    for (i, _) in &best {
                        counts[*i] = true;
                    }
                    Counted {
                        sum: best.iter().map(|(_, s)| s).sum(),
                        over: 1,
                    }
                }
            };
            let standing = SeriesStanding {
                who,
                name: line.name,
                place: 0,
                evenings: attended.len() as u32,
                total,
                counted: counted.value(),
                scores: line.scores,
                places: line.places,
                counts,
            };
            (counted, standing)
        })
        .collect();
    out.sort_by(|(a, sa), (b, sb)| {
        b.cmp(a)
            .then_with(|| sort_key(&sa.name).cmp(&sort_key(&sb.name)))
    });
    let mut place = 0;
    for index in 0..out.len() {
        let tied = index > 0 && out[index].0.cmp(&out[index - 1].0).is_eq();
        if !tied {
            place = index as u32 + 1;
        }
        out[index].1.place = place;
    }
    out.into_iter().map(|(_, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(player: i64, name: &str, total: u64, place: u32) -> Appearance {
        Appearance {
            player,
            name: name.into(),
            total,
            place,
            ..Appearance::default()
        }
    }

    fn evening(event: i64, appearances: Vec<Appearance>) -> Evening {
        Evening {
            event,
            appearances,
            held: true,
        }
    }

    fn line<'a>(standings: &'a [SeriesStanding], name: &str) -> &'a SeriesStanding {
        standings
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("{name} in {standings:?}"))
    }

    fn three_evenings() -> Vec<Evening> {
        vec![
            evening(1, vec![seat(1, "Ann", 100, 1), seat(2, "Bob", 50, 2)]),
            evening(2, vec![seat(3, "Ann", 10, 2), seat(4, "Bob", 90, 1)]),
            evening(3, vec![seat(5, "Ann", 80, 1)]),
        ]
    }

    #[test]
    fn series_counts_the_total_of_all_evenings() {
        let s = series_standings(Counting::Total, &People::default(), &three_evenings());
        assert_eq!(line(&s, "Ann").total, 190);
        assert_eq!(line(&s, "Ann").counted, 190.0);
        assert_eq!(line(&s, "Ann").evenings, 3);
        assert_eq!(line(&s, "Bob").counted, 140.0);
        assert_eq!(line(&s, "Ann").place, 1);
        assert_eq!(line(&s, "Bob").place, 2);
        assert_eq!(line(&s, "Bob").scores, vec![Some(50), Some(90), None]);
    }

    #[test]
    fn series_counts_the_best_n_evenings() {
        let s = series_standings(
            Counting::Best { n: 2 },
            &People::default(),
            &three_evenings(),
        );
        let ann = line(&s, "Ann");
        assert_eq!(ann.counted, 180.0, "100 and 80, not the 10");
        assert_eq!(ann.total, 190);
        assert_eq!(ann.counts, vec![true, false, true]);
        assert_eq!(line(&s, "Bob").counted, 140.0);
    }

    #[test]
    fn best_n_counts_every_evening_of_someone_who_came_fewer_times() {
        let s = series_standings(
            Counting::Best { n: 5 },
            &People::default(),
            &three_evenings(),
        );
        assert_eq!(line(&s, "Ann").counted, 190.0);
        assert_eq!(line(&s, "Bob").counted, 140.0);
    }

    #[test]
    fn series_counts_the_average_per_evening_attended() {
        let s = series_standings(Counting::Average, &People::default(), &three_evenings());
        // Ann 190 / 3 = 63.33; Bob 140 / 2 = 70: Bob leads on the average.
        assert_eq!(line(&s, "Bob").counted, 70.0);
        assert_eq!(line(&s, "Ann").counted, 63.33);
        assert_eq!(line(&s, "Bob").place, 1);
        assert_eq!(line(&s, "Ann").place, 2);
    }

    #[test]
    fn equal_people_share_a_place_and_the_next_place_skips() {
        let evenings = vec![evening(
            1,
            vec![
                seat(1, "Ann", 50, 1),
                seat(2, "Bob", 50, 1),
                seat(3, "Cy", 40, 3),
            ],
        )];
        let s = series_standings(Counting::Total, &People::default(), &evenings);
        assert_eq!(line(&s, "Ann").place, 1);
        assert_eq!(line(&s, "Bob").place, 1);
        assert_eq!(line(&s, "Cy").place, 3);
    }

    #[test]
    fn averages_tie_exactly_not_by_their_rounding() {
        // Ann 100 over 3 evenings, Bob 200 over 6: both 33.33..., equal exactly.
        let evenings = vec![
            evening(1, vec![seat(1, "Ann", 100, 1), seat(2, "Bob", 100, 1)]),
            evening(2, vec![seat(3, "Ann", 0, 2), seat(4, "Bob", 100, 1)]),
            evening(3, vec![seat(5, "Ann", 0, 2)]),
            evening(4, vec![seat(6, "Bob", 0, 1)]),
            evening(5, vec![seat(7, "Bob", 0, 1)]),
            evening(6, vec![seat(8, "Bob", 0, 1)]),
            evening(7, vec![seat(9, "Bob", 0, 1)]),
        ];
        let s = series_standings(Counting::Average, &People::default(), &evenings);
        assert_eq!(line(&s, "Ann").place, 1);
        assert_eq!(line(&s, "Bob").place, 1);
    }

    #[test]
    fn names_match_across_evenings_case_and_spaces_aside() {
        let evenings = vec![
            evening(1, vec![seat(1, "Ann Club", 10, 1)]),
            evening(2, vec![seat(2, "  ann   CLUB ", 20, 1)]),
        ];
        let s = series_standings(Counting::Total, &People::default(), &evenings);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].name, "Ann Club", "shown as first typed");
        assert_eq!(s[0].total, 30);
        assert_eq!(s[0].evenings, 2);
    }

    #[test]
    fn partnerships_count_for_each_partner() {
        // The app gives each partner the entry's total and place.
        let evenings = vec![
            evening(1, vec![seat(1, "Ann", 70, 1), seat(2, "Bob", 70, 1)]),
            evening(2, vec![seat(3, "Ann", 30, 1), seat(4, "Cy", 30, 1)]),
        ];
        let s = series_standings(Counting::Total, &People::default(), &evenings);
        assert_eq!(line(&s, "Ann").total, 100);
        assert_eq!(line(&s, "Bob").total, 70);
        assert_eq!(line(&s, "Cy").total, 30);
    }

    fn person(id: i64, name: &str, same_as: Option<i64>) -> Person {
        Person {
            id,
            name: name.into(),
            same_as,
        }
    }

    #[test]
    fn linked_names_count_as_one_person_under_the_linked_to_name() {
        let people = People::new(
            vec![person(1, "Ann Club", None), person(2, "Annie", Some(1))],
            [],
        );
        let evenings = vec![
            evening(1, vec![seat(1, "ann club", 10, 1)]),
            evening(2, vec![seat(2, "Annie", 20, 1)]),
        ];
        let s = series_standings(Counting::Total, &people, &evenings);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].name, "Ann Club");
        assert_eq!(s[0].total, 30);
        assert_eq!(s[0].who, Who::Person(1));
    }

    #[test]
    fn a_seat_given_to_another_person_splits_one_name_into_two() {
        let people = People::new(
            vec![
                person(1, "John Smith", None),
                person(2, "John Smith (2)", None),
            ],
            [(3, 2)],
        );
        let evenings = vec![
            evening(1, vec![seat(1, "John Smith", 10, 1)]),
            evening(2, vec![seat(3, "John Smith", 20, 1)]),
        ];
        let s = series_standings(Counting::Total, &people, &evenings);
        assert_eq!(line(&s, "John Smith").total, 10);
        assert_eq!(line(&s, "John Smith (2)").total, 20);
    }

    #[test]
    fn a_person_linked_to_themselves_is_refused() {
        let people = People::new(vec![person(1, "Ann", None)], []);
        assert_eq!(
            people.check_link("Ann", " ANN "),
            Err(SeriesError::LinkedToThemselves { name: "Ann".into() })
        );
    }

    #[test]
    fn two_names_already_one_person_are_not_linked_again() {
        let people = People::new(
            vec![person(1, "Ann", None), person(2, "Annie", Some(1))],
            [],
        );
        assert!(matches!(
            people.check_link("Ann", "Annie"),
            Err(SeriesError::AlreadyOnePerson { .. })
        ));
        assert!(people.check_link("Bob", "Ann").is_ok());
    }

    #[test]
    fn only_a_linked_person_can_be_split() {
        let people = People::new(
            vec![person(1, "Ann", None), person(2, "Annie", Some(1))],
            [],
        );
        assert_eq!(people.check_unlink("annie"), Ok(2));
        assert!(matches!(
            people.check_unlink("Ann"),
            Err(SeriesError::NotLinked { .. })
        ));
        assert!(matches!(
            people.check_unlink("Zed"),
            Err(SeriesError::NoSuchPerson { .. })
        ));
    }

    #[test]
    fn a_stored_link_loop_does_not_hang() {
        let people = People::new(vec![person(1, "A", Some(2)), person(2, "B", Some(1))], []);
        let _ = people.root(1);
    }

    #[test]
    fn counting_is_read_from_the_hosts_words() {
        assert_eq!(Counting::parse(None, None), Ok(Counting::Total));
        assert_eq!(Counting::parse(None, Some(5)), Ok(Counting::Best { n: 5 }));
        assert_eq!(
            Counting::parse(Some("average"), None),
            Ok(Counting::Average)
        );
        assert_eq!(
            Counting::parse(Some("best"), None),
            Err(SeriesError::BestWithoutNumber)
        );
        assert!(matches!(
            Counting::parse(Some("total"), Some(3)),
            Err(SeriesError::NumberWithoutBest { .. })
        ));
        assert!(matches!(
            Counting::parse(None, Some(0)),
            Err(SeriesError::BestOutOfRange { n: 0 })
        ));
        assert!(matches!(
            Counting::parse(Some("most"), None),
            Err(SeriesError::UnknownCounting { .. })
        ));
    }

    #[test]
    fn a_best_n_larger_than_the_evenings_held_is_refused_as_a_change() {
        let err = Counting::Best { n: 5 }.check_change(3).unwrap_err();
        assert_eq!(err, SeriesError::BestMoreThanHeld { n: 5, held: 3 });
        assert!(err.to_string().contains("held 3 evenings"));
        assert!(Counting::Best { n: 3 }.check_change(3).is_ok());
        assert!(Counting::Average.check_change(0).is_ok());
    }
}
