//! The winners' chart: each entry's running total, round by round, drawn on the server as SVG
//! (no script, no third-party asset). The prize winners are drawn in colour and named at the
//! end of their line; everyone else is a thin line behind them.

use askama::Template;

use crate::app::report;

/// The drawing's size in SVG units (the page scales it to fit).
pub const WIDTH: f32 = 960.0;
pub const HEIGHT: f32 = 420.0;
const LEFT: f32 = 56.0;
const RIGHT: f32 = 210.0;
const TOP: f32 = 18.0;
const BOTTOM: f32 = 44.0;
/// Colours for the highlighted lines (classes c0..c4 in the style sheet).
const COLOURS: usize = 5;
/// Vertical room a label needs, in SVG units.
const LABEL_GAP: f32 = 22.0;
/// Longest name written beside a line, in characters.
const LABEL_CHARS: usize = 22;

/// A labelled position on an axis.
#[derive(Debug, Clone)]
pub struct Tick {
    pub at: f32,
    pub label: String,
}

/// One entry's line.
#[derive(Debug, Clone)]
pub struct ChartLine {
    pub name: String,
    pub total: u64,
    /// "x,y x,y ..." from the start (0 before round 1) to the last round.
    pub points: String,
    /// The colour of a highlighted line (a prize winner), none for the others.
    pub colour: Option<usize>,
    pub end_x: f32,
    pub end_y: f32,
    /// Where its label is written (moved apart from its neighbours').
    pub label_y: f32,
}

/// The chart of an evening's running totals.
#[derive(Template, Debug, Clone)]
#[template(path = "fragments/score_chart.html")]
pub struct ScoreChart {
    /// The event's language: the chart's title and the rounds' labels.
    pub lang: crate::i18n::Lang,
    pub unit: &'static str,
    pub rounds: Vec<Tick>,
    pub levels: Vec<Tick>,
    /// The plain lines first, the highlighted ones last (drawn on top).
    pub lines: Vec<ChartLine>,
}

impl ScoreChart {
    pub fn width(&self) -> f32 {
        WIDTH
    }

    pub fn height(&self) -> f32 {
        HEIGHT
    }

    pub fn left(&self) -> f32 {
        LEFT
    }

    pub fn right(&self) -> f32 {
        WIDTH - RIGHT
    }

    pub fn bottom(&self) -> f32 {
        HEIGHT - BOTTOM
    }

    pub fn highlighted(&self) -> impl Iterator<Item = &ChartLine> {
        self.lines.iter().filter(|l| l.colour.is_some())
    }
}

/// A round step for the vertical axis: 1, 2 or 5 times a power of ten, with at most six steps
/// up to `top`.
fn step_for(top: u64) -> u64 {
    let mut power = 1u64;
    loop {
        for factor in [1, 2, 5] {
            let step = factor * power;
            if top.div_ceil(step) <= 6 {
                return step;
            }
        }
        power = power.saturating_mul(10);
    }
}

fn short(name: &str) -> String {
    if name.chars().count() > LABEL_CHARS {
        let mut cut: String = name.chars().take(LABEL_CHARS - 1).collect();
        cut.push('…');
        cut
    } else {
        name.to_owned()
    }
}

/// The chart of these standings: each row's total after each round. The prize winners are
/// highlighted; when nobody takes a prize, the first three places are.
pub fn score_chart(
    standings: &report::Standings,
    unit: &'static str,
    lang: crate::i18n::Lang,
) -> ScoreChart {
    let rounds = standings
        .rows
        .iter()
        .map(|r| r.miles.len())
        .max()
        .unwrap_or(0);
    let totals: Vec<Vec<u64>> = standings
        .rows
        .iter()
        .map(|row| {
            let mut sum = 0u64;
            let mut line = vec![0];
            for miles in &row.miles {
                sum += u64::from(miles.unwrap_or(0));
                line.push(sum);
            }
            line.resize(rounds + 1, sum);
            line
        })
        .collect();
    let max = totals
        .iter()
        .filter_map(|t| t.last())
        .copied()
        .max()
        .unwrap_or(0);
    let step = step_for(max.max(1));
    let top = max.max(1).div_ceil(step) * step;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |i: usize| LEFT + plot_w * i as f32 / rounds.max(1) as f32;
    let y = |v: u64| TOP + plot_h * (1.0 - v as f32 / top as f32);
    let any_prize = standings.rows.iter().any(|r| r.prize.is_some());
    let mut colour = 0;
    let mut plain = Vec::new();
    let mut bright = Vec::new();
    for (row, line) in standings.rows.iter().zip(&totals) {
        let highlight = if any_prize {
            row.prize.is_some()
        } else {
            row.ranked && row.place <= 3
        };
        let points = line
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v)))
            .collect::<Vec<_>>()
            .join(" ");
        let total = line.last().copied().unwrap_or(0);
        let drawn = ChartLine {
            name: short(&row.name),
            total,
            points,
            colour: None,
            end_x: x(rounds),
            end_y: y(total),
            label_y: y(total),
        };
        if highlight && colour < COLOURS {
            bright.push(ChartLine {
                colour: Some(colour),
                ..drawn
            });
            colour += 1;
        } else {
            plain.push(drawn);
        }
    }
    // Labels in order from the top, each at least a label's height below the one above.
    bright.sort_by(|a, b| a.end_y.total_cmp(&b.end_y));
    let mut labels: Vec<f32> = bright.iter().map(|line| line.end_y).collect();
    place_labels(&mut labels, y(0));
    for (line, label_y) in bright.iter_mut().zip(labels) {
        line.label_y = label_y;
    }
    plain.extend(bright);
    ScoreChart {
        lang,
        unit,
        rounds: (1..=rounds)
            .map(|r| Tick {
                at: x(r),
                label: lang.msg("chart-round").arg("round", r).text(),
            })
            .collect(),
        levels: (0..=top / step)
            .map(|k| Tick {
                at: y(k * step),
                label: lang.number(k * step),
            })
            .collect(),
        lines: plain,
    }
}

/// Moves labels (their ends' heights, top first) apart so that each is at least a label's
/// height below the one above, then lifts them together if the last would fall below `bottom`
/// (entries tied at the foot of the chart would otherwise be written off its edge).
fn place_labels(labels: &mut [f32], bottom: f32) {
    let mut floor = f32::MIN;
    for label in labels.iter_mut() {
        *label = label.max(floor);
        floor = *label + LABEL_GAP;
    }
    if let Some(&last) = labels.last()
        && last > bottom
    {
        for label in labels.iter_mut() {
            *label -= last - bottom;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_entries_tied_at_the_foot_stay_on_the_chart_and_apart() {
        let mut labels = [300.0, 300.0, 300.0, 300.0];
        place_labels(&mut labels, 300.0);
        assert_eq!(labels[3], 300.0, "the last sits on the foot");
        for pair in labels.windows(2) {
            assert!(pair[1] - pair[0] >= LABEL_GAP - 0.001, "{labels:?}");
        }
        let mut apart = [10.0, 200.0];
        place_labels(&mut apart, 300.0);
        assert_eq!(
            apart,
            [10.0, 200.0],
            "labels already apart stay by their lines"
        );
    }

    #[test]
    fn steps_are_round_numbers_with_at_most_six_of_them() {
        assert_eq!(step_for(1), 1);
        assert_eq!(step_for(6), 1);
        assert_eq!(step_for(7), 2);
        assert_eq!(step_for(55), 10);
        assert_eq!(step_for(230), 50);
        assert_eq!(step_for(1234), 500);
    }

    #[test]
    fn long_names_are_cut_for_their_label() {
        assert_eq!(short("Ann"), "Ann");
        assert_eq!(short(&"x".repeat(40)).chars().count(), LABEL_CHARS);
    }
}
