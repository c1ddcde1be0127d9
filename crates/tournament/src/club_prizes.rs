//! The prizes clubs give beyond places, each chosen per evening (every evening of the series
//! awards it) or per season (awarded over the whole season). Pure, like the series' counting.
//!
//! Rules and rulings:
//! - Booby prize: the lowest score. An evening's goes by the evening's totals; the season's
//!   goes by what the series counts (total, best N or average), so it is the last place of
//!   the season's standings. Nobody takes it when everyone is equal, or when only one person
//!   is there to compare.
//! - Most rounds won: rounds won at a table (strictly the most at the table; a cut is not a
//!   win), over the evening or added over the season.
//! - Best single round: the highest score of one round played at a table; a bye's or a missed
//!   round's score is not a round played.
//! - Most tables visited: different tables sat at in an evening, added over the season.
//! - Perfect attendance (a season prize only): came to every evening held (an evening is
//!   held once its last round is closed); nobody takes it before an evening is held.
//! - Ties are not broken: everyone equal on the figure shares the prize. A prize for the most
//!   of something is not given for nothing (no round won, no round played).
//! - Partnerships count for each partner, as in the season's standings; one person with two
//!   seats in an evening (two linked names who both came) counts by the better seat.
//! - An evening's prizes pass over an entry that withdrew (it is not there to receive them),
//!   as the evening's places do; the season's prizes count everyone's evenings.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::names::sort_key;
use super::series::{Appearance, Evening, People, SeriesError, SeriesStanding, Who};
use touring_i18n::Said;

/// A prize a club gives beyond the places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClubPrize {
    Booby,
    MostRoundsWon,
    BestRound,
    MostTables,
    PerfectAttendance,
}

impl ClubPrize {
    pub const ALL: [ClubPrize; 5] = [
        ClubPrize::Booby,
        ClubPrize::MostRoundsWon,
        ClubPrize::BestRound,
        ClubPrize::MostTables,
        ClubPrize::PerfectAttendance,
    ];

    /// The word the API and the database use.
    pub fn word(self) -> &'static str {
        match self {
            ClubPrize::Booby => "booby",
            ClubPrize::MostRoundsWon => "most_rounds_won",
            ClubPrize::BestRound => "best_round",
            ClubPrize::MostTables => "most_tables",
            ClubPrize::PerfectAttendance => "perfect_attendance",
        }
    }

    /// The prize's name in English, for the exports (CSV, JSON), which stay English.
    pub fn title(self) -> &'static str {
        match self {
            ClubPrize::Booby => "Booby prize",
            ClubPrize::MostRoundsWon => "Most rounds won",
            ClubPrize::BestRound => "Best single round",
            ClubPrize::MostTables => "Most tables visited",
            ClubPrize::PerfectAttendance => "Perfect attendance",
        }
    }

    /// The prize's name on a page, in the reader's language.
    pub fn name(self) -> Said {
        Said::new(match self {
            ClubPrize::Booby => "club-prize-booby",
            ClubPrize::MostRoundsWon => "club-prize-most-rounds-won",
            ClubPrize::BestRound => "club-prize-best-round",
            ClubPrize::MostTables => "club-prize-most-tables",
            ClubPrize::PerfectAttendance => "club-prize-perfect-attendance",
        })
    }

    /// The figure a prize was won with, for a page: a score ("120") or a count ("3 rounds
    /// won").
    pub fn figure(self, value: u64) -> Said {
        Said::new(match self {
            ClubPrize::Booby | ClubPrize::BestRound => "club-figure-score",
            ClubPrize::MostRoundsWon => "club-figure-rounds-won",
            ClubPrize::MostTables => "club-figure-tables",
            ClubPrize::PerfectAttendance => "club-figure-evenings",
        })
        .number("value", value)
    }

    pub fn parse(word: &str) -> Result<ClubPrize, SeriesError> {
        let key = word.trim();
        ClubPrize::ALL
            .into_iter()
            .find(|p| p.word() == key)
            .ok_or_else(|| SeriesError::UnknownPrize {
                prize: key.chars().take(40).collect(),
            })
    }
}

/// Which prizes a series gives: each evening, and over the season.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeChoice {
    pub evening: Vec<ClubPrize>,
    pub season: Vec<ClubPrize>,
}

fn parse_list(words: &[String]) -> Result<Vec<ClubPrize>, SeriesError> {
    let mut prizes = words
        .iter()
        .map(|w| ClubPrize::parse(w))
        .collect::<Result<Vec<_>, _>>()?;
    prizes.sort();
    prizes.dedup();
    Ok(prizes)
}

impl PrizeChoice {
    /// Reads the host's words; a prize named twice is given once, perfect attendance only
    /// per season.
    pub fn parse(evening: &[String], season: &[String]) -> Result<PrizeChoice, SeriesError> {
        let evening = parse_list(evening)?;
        if evening.contains(&ClubPrize::PerfectAttendance) {
            return Err(SeriesError::AttendanceIsSeasonal);
        }
        Ok(PrizeChoice {
            evening,
            season: parse_list(season)?,
        })
    }

    /// As stored: the words, comma separated.
    pub fn stored(prizes: &[ClubPrize]) -> String {
        prizes
            .iter()
            .map(|p| p.word())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads what [`PrizeChoice::stored`] wrote.
    pub fn read(evening: &str, season: &str) -> Result<PrizeChoice, SeriesError> {
        let words = |s: &str| -> Vec<String> {
            s.split(',')
                .filter(|w| !w.trim().is_empty())
                .map(str::to_owned)
                .collect()
        };
        PrizeChoice::parse(&words(evening), &words(season))
    }
}

/// A prize given: who takes it (several when tied) and the figure it was won with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    pub prize: ClubPrize,
    /// Internal: who takes it.
    #[serde(skip)]
    pub who: Vec<Who>,
    /// The names of those who take it, in alphabetical order.
    pub names: Vec<String>,
    /// The score (booby, best round), rounds won, tables visited or evenings attended.
    pub value: u64,
}

impl Award {
    /// The award in words: "Booby prize: Cy (120)", "Most rounds won: Ann, Di (2 rounds won)",
    /// said in the reader's language.
    pub fn said(&self) -> Said {
        Said::new("club-award")
            .said("prize", self.prize.name())
            .text("names", self.names.join(", "))
            .said("figure", self.prize.figure(self.value))
    }

    /// A guest's own prize: its name and figure, "Booby prize (120)".
    pub fn said_without_names(&self) -> Said {
        Said::new("club-prize-with-figure")
            .said("prize", self.prize.name())
            .said("figure", self.prize.figure(self.value))
    }

    /// The award in English words.
    pub fn words(&self) -> String {
        touring_i18n::Lang::ENGLISH.say(&self.said())
    }
}

/// Everyone's figure for one prize.
struct Candidate {
    who: Who,
    name: String,
    value: u64,
}

/// The prize for those with the highest (or the lowest) figure; see the module's rules.
fn award(prize: ClubPrize, candidates: Vec<Candidate>, lowest: bool) -> Option<Award> {
    let best = if lowest {
        let low = candidates.iter().map(|c| c.value).min()?;
        let high = candidates.iter().map(|c| c.value).max()?;
        if candidates.len() < 2 || low == high {
            return None;
        }
        low
    } else {
        let high = candidates.iter().map(|c| c.value).max()?;
        if high == 0 {
            return None;
        }
        high
    };
    let mut winners: Vec<Candidate> = candidates.into_iter().filter(|c| c.value == best).collect();
    winners.sort_by_key(|c| sort_key(&c.name));
    Some(Award {
        prize,
        who: winners.iter().map(|c| c.who.clone()).collect(),
        names: winners.into_iter().map(|c| c.name).collect(),
        value: best,
    })
}

/// Each person's seat in an evening: the better one when they had two.
fn seats<'a>(people: &People, evening: &'a Evening) -> BTreeMap<Who, &'a Appearance> {
    let mut seats: BTreeMap<Who, &Appearance> = BTreeMap::new();
    for appearance in &evening.appearances {
        let who = people.who(appearance);
        match seats.get(&who) {
            Some(kept) if kept.total >= appearance.total => {}
            _ => {
                seats.insert(who, appearance);
            }
        }
    }
    seats
}

fn best_round(appearance: &Appearance) -> u64 {
    appearance
        .rounds
        .iter()
        .flatten()
        .max()
        .map_or(0, |&m| u64::from(m))
}

/// One evening's prizes, in the order chosen.
pub fn evening_awards(prizes: &[ClubPrize], people: &People, evening: &Evening) -> Vec<Award> {
    let seats: Vec<(Who, &Appearance)> = seats(people, evening)
        .into_iter()
        .filter(|(_, a)| !a.withdrawn)
        .collect();
    let candidates = |figure: &dyn Fn(&Appearance) -> u64| -> Vec<Candidate> {
        seats
            .iter()
            .map(|(who, a)| Candidate {
                who: who.clone(),
                name: people.shown(who, a.name.trim()),
                value: figure(a),
            })
            .collect()
    };
    prizes
        .iter()
        .filter_map(|&prize| match prize {
            ClubPrize::Booby => award(prize, candidates(&|a| a.total), true),
            ClubPrize::MostRoundsWon => {
                award(prize, candidates(&|a| u64::from(a.rounds_won)), false)
            }
            ClubPrize::BestRound => award(prize, candidates(&best_round), false),
            ClubPrize::MostTables => award(prize, candidates(&|a| u64::from(a.tables)), false),
            ClubPrize::PerfectAttendance => None,
        })
        .collect()
}

/// The season's prizes, in the order chosen, from the evenings and the season's standings
/// (as [`super::series_standings`] made them from the same evenings and people).
pub fn season_awards(
    prizes: &[ClubPrize],
    people: &People,
    evenings: &[Evening],
    standings: &[SeriesStanding],
) -> Vec<Award> {
    #[derive(Default)]
    struct Figures {
        rounds_won: u64,
        best_round: u64,
        tables: u64,
        held_attended: u64,
    }
    let mut figures: BTreeMap<Who, Figures> = BTreeMap::new();
    for evening in evenings {
        for (who, seat) in seats(people, evening) {
            let f = figures.entry(who).or_default();
            f.rounds_won += u64::from(seat.rounds_won);
            f.best_round = f.best_round.max(best_round(seat));
            f.tables += u64::from(seat.tables);
            f.held_attended += u64::from(evening.held);
        }
    }
    let held = evenings.iter().filter(|e| e.held).count() as u64;
    let candidates = |figure: &dyn Fn(&SeriesStanding, &Figures) -> u64| -> Vec<Candidate> {
        standings
            .iter()
            .filter_map(|s| {
                let f = figures.get(&s.who)?;
                Some(Candidate {
                    who: s.who.clone(),
                    name: s.name.clone(),
                    value: figure(s, f),
                })
            })
            .collect()
    };
    prizes
        .iter()
        .filter_map(|&prize| match prize {
            // The last place of the season: places already compare what is counted exactly.
            ClubPrize::Booby => award(prize, candidates(&|s, _| u64::from(s.place)), false)
                .filter(|a| a.value > 1)
                .map(|a| Award {
                    value: standings
                        .iter()
                        .find(|s| Some(&s.who) == a.who.first())
                        .map_or(0, |s| s.counted.round() as u64),
                    ..a
                }),
            ClubPrize::MostRoundsWon => award(prize, candidates(&|_, f| f.rounds_won), false),
            ClubPrize::BestRound => award(prize, candidates(&|_, f| f.best_round), false),
            ClubPrize::MostTables => award(prize, candidates(&|_, f| f.tables), false),
            ClubPrize::PerfectAttendance => {
                let every = candidates(&|_, f| f.held_attended)
                    .into_iter()
                    .filter(|c| held > 0 && c.value == held)
                    .collect();
                award(prize, every, false)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Counting, series_standings};

    fn seat(
        player: i64,
        name: &str,
        total: u64,
        rounds: &[u32],
        won: u32,
        tables: u32,
    ) -> Appearance {
        Appearance {
            player,
            name: name.into(),
            total,
            place: 0,
            rounds: rounds.iter().map(|&r| Some(r)).collect(),
            rounds_won: won,
            tables,
            withdrawn: false,
        }
    }

    fn evening(event: i64, held: bool, appearances: Vec<Appearance>) -> Evening {
        Evening {
            event,
            appearances,
            held,
        }
    }

    fn names(awards: &[Award], prize: ClubPrize) -> Vec<String> {
        awards
            .iter()
            .find(|a| a.prize == prize)
            .map(|a| a.names.clone())
            .unwrap_or_default()
    }

    fn value(awards: &[Award], prize: ClubPrize) -> Option<u64> {
        awards.iter().find(|a| a.prize == prize).map(|a| a.value)
    }

    fn one_evening() -> Evening {
        evening(
            1,
            true,
            vec![
                seat(1, "Ann", 300, &[100, 200], 2, 2),
                seat(2, "Bob", 250, &[150, 100], 1, 2),
                seat(3, "Cy", 120, &[60, 60], 0, 1),
                seat(4, "Di", 280, &[200, 80], 1, 2),
            ],
        )
    }

    fn evening_prizes() -> Vec<ClubPrize> {
        PrizeChoice::parse(
            &["booby", "most_rounds_won", "best_round", "most_tables"].map(String::from),
            &[],
        )
        .expect("evening prizes")
        .evening
    }

    #[test]
    fn booby_prize_goes_to_the_lowest_score_of_the_evening() {
        let awards = evening_awards(&evening_prizes(), &People::default(), &one_evening());
        assert_eq!(names(&awards, ClubPrize::Booby), ["Cy"]);
        assert_eq!(value(&awards, ClubPrize::Booby), Some(120));
    }

    #[test]
    fn booby_prize_is_shared_by_equal_lowest_scores_and_not_given_when_all_are_equal() {
        let mut e = one_evening();
        e.appearances[1].total = 120;
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(names(&awards, ClubPrize::Booby), ["Bob", "Cy"]);
        for a in &mut e.appearances {
            a.total = 100;
        }
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(value(&awards, ClubPrize::Booby), None, "{awards:?}");
        let alone = evening(2, true, vec![seat(1, "Ann", 10, &[10], 0, 1)]);
        let awards = evening_awards(&evening_prizes(), &People::default(), &alone);
        assert_eq!(
            value(&awards, ClubPrize::Booby),
            None,
            "one person is nobody's lowest"
        );
    }

    #[test]
    fn most_rounds_won_goes_to_the_most_wins_and_ties_share_it() {
        let awards = evening_awards(&evening_prizes(), &People::default(), &one_evening());
        assert_eq!(names(&awards, ClubPrize::MostRoundsWon), ["Ann"]);
        assert_eq!(value(&awards, ClubPrize::MostRoundsWon), Some(2));
        let mut e = one_evening();
        e.appearances[3].rounds_won = 2;
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(names(&awards, ClubPrize::MostRoundsWon), ["Ann", "Di"]);
    }

    #[test]
    fn most_rounds_won_is_not_given_when_nobody_won_a_round() {
        let mut e = one_evening();
        for a in &mut e.appearances {
            a.rounds_won = 0;
        }
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(value(&awards, ClubPrize::MostRoundsWon), None);
    }

    #[test]
    fn best_single_round_goes_to_the_highest_round_and_ties_share_it() {
        let awards = evening_awards(&evening_prizes(), &People::default(), &one_evening());
        assert_eq!(names(&awards, ClubPrize::BestRound), ["Ann", "Di"]);
        assert_eq!(value(&awards, ClubPrize::BestRound), Some(200));
    }

    #[test]
    fn best_single_round_does_not_count_a_round_not_played_at_a_table() {
        let mut e = one_evening();
        // Cy's 500 was a missed round's score: not a round played.
        e.appearances[2].rounds = vec![None, Some(60)];
        e.appearances[2].total = 560;
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(names(&awards, ClubPrize::BestRound), ["Ann", "Di"]);
    }

    #[test]
    fn most_tables_visited_goes_to_the_most_tables_and_ties_share_it() {
        let awards = evening_awards(&evening_prizes(), &People::default(), &one_evening());
        assert_eq!(names(&awards, ClubPrize::MostTables), ["Ann", "Bob", "Di"]);
        assert_eq!(value(&awards, ClubPrize::MostTables), Some(2));
    }

    #[test]
    fn an_evenings_prizes_pass_over_a_withdrawn_entry() {
        let mut e = one_evening();
        e.appearances[2].withdrawn = true;
        e.appearances[0].withdrawn = true;
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(names(&awards, ClubPrize::Booby), ["Bob"]);
        assert_eq!(names(&awards, ClubPrize::MostRoundsWon), ["Bob", "Di"]);
    }

    #[test]
    fn partnerships_take_a_prize_for_each_partner() {
        let e = evening(
            1,
            true,
            vec![
                seat(1, "Ann", 100, &[100], 1, 1),
                seat(2, "Bob", 100, &[100], 1, 1),
                seat(3, "Cy", 40, &[40], 0, 1),
            ],
        );
        let awards = evening_awards(&evening_prizes(), &People::default(), &e);
        assert_eq!(names(&awards, ClubPrize::MostRoundsWon), ["Ann", "Bob"]);
    }

    #[test]
    fn only_the_prizes_chosen_are_given() {
        let awards = evening_awards(&[ClubPrize::Booby], &People::default(), &one_evening());
        assert_eq!(awards.len(), 1);
        assert!(evening_awards(&[], &People::default(), &one_evening()).is_empty());
    }

    fn season() -> Vec<Evening> {
        vec![
            one_evening(),
            evening(
                2,
                true,
                vec![
                    seat(5, "ann", 100, &[50, 50], 1, 2),
                    seat(6, "Bob", 400, &[300, 100], 2, 2),
                    seat(7, "Cy", 90, &[45, 45], 0, 2),
                ],
            ),
        ]
    }

    fn season_prizes(season: &[Evening], counting: Counting) -> Vec<Award> {
        let people = People::default();
        let standings = series_standings(counting, &people, season);
        season_awards(&ClubPrize::ALL, &people, season, &standings)
    }

    #[test]
    fn season_booby_prize_goes_to_the_last_place_by_what_the_series_counts() {
        let awards = season_prizes(&season(), Counting::Total);
        assert_eq!(names(&awards, ClubPrize::Booby), ["Cy"], "{awards:?}");
        // With Cy's better second evening, Di's one evening is last by the total; by the
        // average (Ann 200 an evening, Di 280) Ann is.
        let mut s = season();
        s[1].appearances[2].total = 500;
        let awards = season_prizes(&s, Counting::Average);
        assert_eq!(names(&awards, ClubPrize::Booby), ["Ann"], "{awards:?}");
        let awards = season_prizes(&s, Counting::Total);
        assert_eq!(names(&awards, ClubPrize::Booby), ["Di"], "{awards:?}");
    }

    #[test]
    fn season_booby_prize_is_shared_by_a_shared_last_place() {
        let mut s = season();
        s[1].appearances[2].total = 160;
        let awards = season_prizes(&s, Counting::Total);
        assert_eq!(names(&awards, ClubPrize::Booby), ["Cy", "Di"], "{awards:?}");
    }

    #[test]
    fn season_most_rounds_won_adds_the_evenings_up() {
        let awards = season_prizes(&season(), Counting::Total);
        assert_eq!(names(&awards, ClubPrize::MostRoundsWon), ["Ann", "Bob"]);
        assert_eq!(value(&awards, ClubPrize::MostRoundsWon), Some(3));
    }

    #[test]
    fn season_best_single_round_is_the_highest_round_of_any_evening() {
        let awards = season_prizes(&season(), Counting::Total);
        assert_eq!(names(&awards, ClubPrize::BestRound), ["Bob"]);
        assert_eq!(value(&awards, ClubPrize::BestRound), Some(300));
    }

    #[test]
    fn season_most_tables_visited_adds_the_evenings_up() {
        let awards = season_prizes(&season(), Counting::Total);
        assert_eq!(names(&awards, ClubPrize::MostTables), ["Ann", "Bob"]);
        assert_eq!(value(&awards, ClubPrize::MostTables), Some(4));
    }

    #[test]
    fn perfect_attendance_goes_to_everyone_at_every_evening_held() {
        let awards = season_prizes(&season(), Counting::Total);
        assert_eq!(
            names(&awards, ClubPrize::PerfectAttendance),
            ["Ann", "Bob", "Cy"]
        );
        assert_eq!(value(&awards, ClubPrize::PerfectAttendance), Some(2));
        // An evening not yet held does not spoil anyone's attendance.
        let mut s = season();
        s.push(evening(3, false, vec![seat(8, "Bob", 0, &[], 0, 0)]));
        let awards = season_prizes(&s, Counting::Total);
        assert_eq!(
            names(&awards, ClubPrize::PerfectAttendance),
            ["Ann", "Bob", "Cy"]
        );
    }

    #[test]
    fn perfect_attendance_is_not_given_before_an_evening_is_held() {
        let s = vec![evening(1, false, vec![seat(1, "Ann", 0, &[], 0, 0)])];
        let awards = season_prizes(&s, Counting::Total);
        assert_eq!(value(&awards, ClubPrize::PerfectAttendance), None);
    }

    #[test]
    fn linked_names_take_a_season_prize_as_one_person() {
        use crate::Person;
        let people = People::new(
            vec![
                Person {
                    id: 1,
                    name: "Cy".into(),
                    same_as: None,
                },
                Person {
                    id: 2,
                    name: "Cyrus".into(),
                    same_as: Some(1),
                },
            ],
            [],
        );
        let mut s = season();
        s[1].appearances[2].name = "Cyrus".into();
        let standings = series_standings(Counting::Total, &people, &s);
        let awards = season_awards(&ClubPrize::ALL, &people, &s, &standings);
        assert_eq!(
            names(&awards, ClubPrize::PerfectAttendance),
            ["Ann", "Bob", "Cy"]
        );
    }

    #[test]
    fn perfect_attendance_is_refused_as_an_evening_prize() {
        assert_eq!(
            PrizeChoice::parse(&["perfect_attendance".into()], &[]),
            Err(SeriesError::AttendanceIsSeasonal)
        );
        assert!(PrizeChoice::parse(&[], &["perfect_attendance".into()]).is_ok());
    }

    #[test]
    fn an_unknown_prize_is_refused_with_the_prizes_there_are() {
        let refused = PrizeChoice::parse(&["wooden_spoon".into()], &[]).unwrap_err();
        assert!(refused.to_string().contains("booby"), "{refused}");
    }

    #[test]
    fn club_prizes_are_said_in_english_as_before_and_in_french_with_plurals() {
        use touring_i18n::Lang;
        let award = |prize, value| Award {
            prize,
            who: Vec::new(),
            names: vec!["Ann".to_owned(), "Di".to_owned()],
            value,
        };
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(
            award(ClubPrize::Booby, 120).words(),
            "Booby prize: Ann, Di (120)"
        );
        assert_eq!(
            award(ClubPrize::MostRoundsWon, 1).words(),
            "Most rounds won: Ann, Di (1 round won)"
        );
        assert_eq!(
            award(ClubPrize::MostTables, 3).words(),
            "Most tables visited: Ann, Di (3 tables)"
        );
        assert_eq!(
            french.say(&award(ClubPrize::Booby, 1200).said()),
            "Lanterne rouge\u{a0}: Ann, Di (1\u{202f}200)"
        );
        assert_eq!(
            french.say(&award(ClubPrize::MostRoundsWon, 2).said()),
            "Le plus de rondes gagnées\u{a0}: Ann, Di (2 rondes gagnées)"
        );
        assert_eq!(
            french.say(&award(ClubPrize::MostRoundsWon, 1).said_without_names()),
            "Le plus de rondes gagnées (1 ronde gagnée)"
        );
        assert_eq!(
            french.say(&award(ClubPrize::PerfectAttendance, 4).said_without_names()),
            "Présence à chaque soirée (4 soirées)"
        );
    }

    #[test]
    fn prizes_chosen_are_stored_and_read_back() {
        let choice = PrizeChoice::parse(
            &["best_round".into(), "booby".into(), "booby".into()],
            &["perfect_attendance".into()],
        )
        .expect("prizes");
        assert_eq!(choice.evening, [ClubPrize::Booby, ClubPrize::BestRound]);
        let stored = (
            PrizeChoice::stored(&choice.evening),
            PrizeChoice::stored(&choice.season),
        );
        assert_eq!(PrizeChoice::read(&stored.0, &stored.1), Ok(choice));
        assert_eq!(PrizeChoice::read("", ""), Ok(PrizeChoice::default()));
    }
}
