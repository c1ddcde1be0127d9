//! The board of Touring (1926): the speed limit, each side's Go pile and four mile piles against
//! their quotas, the seat's hand, its moves as buttons, and what happened lately.

use super::{Face, touring_family};
use crate::engine::CardKind;
use crate::engine::touring1926::{Action, Card, Event, SideView, Speed, View};
use crate::i18n::{Lang, PerLang};

touring_family::touring_card_words!("t26");

/// The face of a card (kept per language by `face`).
fn draw_face(lang: Lang, card: Card) -> Face {
    let look = match card {
        Card::Go => ("go", "t26-kind-go", ""),
        Card::CityLimits | Card::Country => ("speed-card", "t26-kind-speed", ""),
        Card::Collision | Card::OutOfGasoline => ("delay", "t26-kind-delay-1h", ""),
        Card::Puncture => ("delay", "t26-kind-delay-2h", ""),
        Card::HauledIn | Card::Gasoline => ("remedy", "t26-kind-remedy", ""),
        Card::Mile1 | Card::Mile3 | Card::Mile5 | Card::Mile10 => {
            ("mile", "t26-kind-miles", ["1", "3", "5", "10"][card.pile()])
        }
    };
    Face::of(lang, card, card_name(lang, card), look)
}

super::board!(
    "boards/touring1926.html",
    "boards/touring_side.html",
    "a deal of Touring (1926)"
);

touring_family::touring_moves!();

impl Board<'_> {
    fn lang(&self) -> Lang {
        self.context.lang
    }

    /// A card's name in the reader's language.
    fn card(&self, card: &Card) -> String {
        card_name(self.lang(), *card)
    }

    fn city(&self) -> bool {
        self.view.speed == Speed::City
    }

    /// What the engine warns of a move, in the reader's words (the engine says it in English
    /// whenever it warns): a 10 within City Limits is speeding and loses the side's miles.
    fn warning_words(&self, action: &Action) -> Option<String> {
        let Action::Play {
            card: Card::Mile10, ..
        } = action
        else {
            return None;
        };
        let mover = self
            .view
            .seats
            .get(usize::from(self.view.to_move))
            .map(|s| s.side);
        let miles = self
            .view
            .sides
            .iter()
            .find(|s| Some(s.side) == mover)
            .map_or(0, |s| s.miles);
        Some(
            self.lang()
                .msg("t26-warning-speeding")
                .arg("miles", miles)
                .text(),
        )
    }

    fn status_text(&self, side: &SideView) -> String {
        touring_family::status_text(self.lang(), side.status, &side.needs, |c| self.card(&c))
    }

    fn status_class(&self, side: &SideView) -> &'static str {
        touring_family::status_class(side.status)
    }

    /// What a side's line of piles says besides its Go pile: nothing in this game.
    fn more_of_side(&self, _side: &SideView) -> Option<String> {
        None
    }

    touring_family::touring_mileage!(race, [1, 3, 5, 10]);

    /// The seat's hand, as the view shows it.
    fn hand(&self) -> &[Card] {
        self.view.own_hand().unwrap_or_default()
    }

    /// The names of the cards a delay takes ("10 Miles and 5 Miles"), if it takes any.
    fn taken(&self, cards: &[Card]) -> Option<String> {
        let names = cards.iter().map(|c| self.card(c));
        Some(touring_family::joined(self.lang(), "tour-and", names)).filter(|t| !t.is_empty())
    }

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        let lang = self.lang();
        match *action {
            Action::Discard { card } => lang
                .msg("tour-move-discard")
                .arg("card", self.card(&card))
                .text(),
            Action::Play {
                card,
                target: Some(side),
                take,
            } => {
                let taken = self.taken(&take.map(|t| t.card_list()).unwrap_or_default());
                let msg = match taken {
                    Some(taken) => lang.msg("tour-move-on-taking").arg("taken", taken),
                    None => lang.msg("tour-move-on"),
                };
                msg.arg("card", self.card(&card))
                    .arg("names", self.context.side_names(side))
                    .text()
            }
            Action::Play {
                card: card @ Card::Mile10,
                ..
            } if self.city() => lang
                .msg("t26-move-speeding")
                .arg("card", self.card(&card))
                .text(),
            Action::Play { card, .. } => lang
                .msg("tour-move-play")
                .arg("card", self.card(&card))
                .text(),
        }
    }

    /// The words of one recent event, if the reader is shown it.
    fn event_line(&self, event: &Event) -> Option<String> {
        let context = self.context;
        let lang = self.lang();
        match *event {
            Event::Drew { seat, card } => context.drew(GAME, seat, card),
            Event::Played { seat, card, .. } => Some(context.played(GAME, seat, card)),
            Event::Discarded { seat, card } => Some(match card {
                Some(c) => context.discarded(GAME, seat, c),
                None => context
                    .seat_said(lang.msg("t26-recent-discarded-face-down"), seat)
                    .text(),
            }),
            Event::Delayed {
                by,
                side,
                card,
                taken,
            } => Some(context.played_on(GAME, by, card, side, self.taken(&taken.card_list()))),
            Event::Speeding {
                side, forfeited, ..
            } => Some(
                context
                    .side_said(lang.msg("t26-recent-speeding"), side)
                    .arg("miles", forfeited)
                    .text(),
            ),
            Event::Reshuffled { draw_pile } => Some(context.reshuffled(draw_pile)),
            Event::Won { side } => Some(context.side_said(lang.msg("t26-recent-won"), side).text()),
        }
    }
}

/// The start form's part for this game: it has no options.
pub use super::no_options as options_form;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seat::{DealInfo, Tablemate};
    use crate::engine::touring1926::Take;
    use crate::engine::{self, RulesId};
    use crate::web::boards::tests::{dealt, tablemate};
    use crate::web::boards::{Context, RecentMemo, recent_words};
    use crate::web::pages::seat::tests::{seat_page, table_of};

    /// The French names are the ones docs/rules.md gives beside the English.
    #[test]
    fn french_names_go_en_route_as_the_rules_say() {
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(card_name(french, Card::Go), "En route");
    }

    /// A Touring (1926) deal's "Lately" read by seat 0 (Ann, side 0) against Bob & Cy.
    fn touring_lately(lang: Lang) -> Vec<String> {
        let mut deal = dealt(RulesId::Touring1926);
        deal.recent = [
            Event::Drew {
                seat: 0,
                card: Some(Card::Mile5),
            },
            Event::Drew {
                seat: 1,
                card: None,
            },
            Event::Played {
                seat: 1,
                side: 1,
                card: Card::Go,
            },
            Event::Delayed {
                by: 0,
                side: 1,
                card: Card::Collision,
                taken: Take {
                    mile5: 1,
                    mile10: 1,
                },
            },
            Event::Discarded {
                seat: 1,
                card: None,
            },
            Event::Speeding {
                seat: 1,
                side: 1,
                forfeited: 13,
            },
            Event::Reshuffled { draw_pile: 30 },
            Event::Won { side: 0 },
        ]
        .map(engine::Event::Touring1926)
        .to_vec();
        let tablemates = [
            tablemate(0, &["Ann"], true),
            tablemate(1, &["Bob", "Cy"], false),
        ];
        let context = Context {
            tablemates: &tablemates,
            ..crate::web::boards::tests::bare(&deal, lang)
        };
        recent_words(&context)
    }

    #[test]
    fn a_touring_boards_lately_keeps_its_english_words_and_says_them_in_french() {
        assert_eq!(
            touring_lately(Lang::ENGLISH),
            [
                "You drew 5 Miles.",
                "Bob & Cy played Go.",
                "You played Collision on Bob & Cy, taking 10 Miles and 5 Miles.",
                "Bob & Cy discarded a card.",
                "Bob & Cy played a 10 within City Limits: speeding! 13 miles lost.",
                "The pack was reshuffled: 30 cards.",
                "Ann won the race!",
            ]
        );
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(
            touring_lately(french),
            [
                "Vous avez pioché 5 milles.",
                "Bob & Cy ont joué En route.",
                "Vous avez joué Collision sur Bob & Cy et pris 10 milles et 5 milles.",
                "Bob & Cy ont défaussé une carte.",
                "Bob & Cy ont joué un 10 en agglomération\u{a0}: excès de vitesse\u{a0}! \
                 13 milles perdus.",
                "La pioche a été rebattue\u{a0}: 30 cartes.",
                "Ann a gagné la course\u{a0}!",
            ]
        );
    }

    /// A Touring board read in French names the cards by their French names (docs/rules.md)
    /// and offers its moves in French, while the same seat read in English keeps the English.
    #[test]
    fn a_touring_board_read_in_french_says_the_french_card_names_and_moves() {
        let dir = tempfile::tempdir().expect("a folder");
        let (app, _clock, _, keys) = table_of(dir.path(), RulesId::Touring1926);
        let french = Lang::from_tag("fr").expect("French");
        let (key, hand) = keys
            .iter()
            .find_map(|key| {
                let deal = crate::app::seat::seat_board(&app, key).ok()?.state.deal?;
                let crate::engine::View::Touring1926(view) = &deal.view else {
                    return None;
                };
                deal.your_turn
                    .then(|| (key, view.own_hand().map(<[_]>::to_vec)))
            })
            .expect("a seat to play");
        // A card whose French name is not its English one (and needs no escaping).
        let card = hand
            .unwrap_or_default()
            .into_iter()
            .find(|&c| card_name(french, c) != c.name() && !card_name(french, c).contains('\''))
            .expect("a card with a French name of its own");
        let (english_page, _) = seat_page(&app, key, Lang::ENGLISH);
        let (french_page, _) = seat_page(&app, key, french);
        let discard = format!("Défausser {}", card_name(french, card));
        assert!(french_page.contains(&discard), "{discard}: {french_page}");
        assert!(!french_page.contains("Discard "), "{french_page}");
        assert!(!french_page.contains("Go to start"), "{french_page}");
        assert!(french_page.contains("En route"), "{french_page}");
        assert!(
            english_page.contains(&format!("Discard {}", card.name())),
            "{english_page}"
        );
        assert!(english_page.contains("needs Go to start"), "{english_page}");
    }

    /// A live stream says again the lines it said at its last drawing (`RecentMemo`): they are
    /// the lines said afresh, move after move, and a line whose reader changed (another
    /// language, a renamed player, another seat) is said afresh for the new reader, never taken
    /// from the memo.
    #[test]
    fn a_streams_kept_lines_are_the_lines_said_afresh_and_are_said_again_for_a_new_reader() {
        let mut deal = dealt(RulesId::Touring1926);
        let moves = [
            Event::Played {
                seat: 1,
                side: 1,
                card: Card::Go,
            },
            Event::Drew {
                seat: 0,
                card: Some(Card::Mile5),
            },
            Event::Played {
                seat: 0,
                side: 0,
                card: Card::Go,
            },
            Event::Discarded {
                seat: 1,
                card: Some(Card::Mile1),
            },
            Event::Played {
                seat: 0,
                side: 0,
                card: Card::Mile5,
            },
        ]
        .map(engine::Event::Touring1926);
        let mut tablemates = vec![
            tablemate(0, &["Ann"], true),
            tablemate(1, &["Bob", "Cy"], false),
        ];
        let memo = RecentMemo::default();
        let said = |deal: &DealInfo, tablemates: &[Tablemate], lang: Lang, memo| {
            recent_words(&Context {
                lang,
                deal,
                tablemates,
                csrf: "",
                post_move: "",
                memo,
                sent: None,
            })
        };
        // The window of "Lately" slides over the moves, as at a table.
        for end in 1..=moves.len() {
            deal.recent = moves[end.saturating_sub(3)..end].to_vec();
            let kept = said(&deal, &tablemates, Lang::ENGLISH, Some(&memo));
            assert_eq!(kept, said(&deal, &tablemates, Lang::ENGLISH, None));
            assert!(!kept.is_empty());
        }
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo)),
            [
                "You played Go.",
                "Bob & Cy discarded 1 Mile.",
                "You played 5 Miles."
            ]
        );
        // Another language.
        let french = Lang::from_tag("fr").expect("French");
        assert_eq!(
            said(&deal, &tablemates, french, Some(&memo)),
            said(&deal, &tablemates, french, None)
        );
        assert!(said(&deal, &tablemates, french, Some(&memo))[0].starts_with("Vous"));
        // A renamed player.
        tablemates[1].names[1] = "Dee".to_owned();
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo))[1],
            "Bob & Dee discarded 1 Mile."
        );
        // Another seat: the same events read by Bob & Dee.
        tablemates[0].you = false;
        tablemates[1].you = true;
        deal.seat = 1;
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo)),
            said(&deal, &tablemates, Lang::ENGLISH, None)
        );
        assert_eq!(
            said(&deal, &tablemates, Lang::ENGLISH, Some(&memo))[0],
            "Ann played Go."
        );
    }
}
