//! The board of Mille Bornes: each side's battle and speed piles' top cards, its safety area
//! (coups fourrés marked crosswise), its distance by denomination against the trip, the seat's
//! hand, its moves as buttons, and what happened lately. The Coup Fourré and Extension choices
//! are two big buttons at the top with the seconds left; after every hazard every other seat
//! sees the same wait with the same seconds, whether or not anyone may call Coup Fourré.

use askama::Template;

use super::{Face, MoveButton, Moves};
use crate::engine::CardKind;
use crate::engine::Side;
use crate::engine::mille_bornes::{Action, Card, Event, SideView, View};
use crate::i18n::{Lang, PerLang};

super::kept_card_words!();

/// A card's name in the reader's language: the box's names (in French, the French box's:
/// Feu rouge, Feu vert, bornes...). Messages `mb-card-<id>` in `locales/*/mille-bornes.ftl`
/// (kept per language by `card_name`).
fn say_card_name(lang: Lang, card: Card) -> String {
    lang.t(card.message())
}

/// The face of a card (kept per language by `face`).
fn draw_face(lang: Lang, card: Card) -> Face {
    let look = match card {
        Card::D25 => ("mile", "mb-kind-miles", "25"),
        Card::D50 => ("mile", "mb-kind-miles", "50"),
        Card::D75 => ("mile", "mb-kind-miles", "75"),
        Card::D100 => ("mile", "mb-kind-miles", "100"),
        Card::D200 => ("mile", "mb-kind-miles", "200"),
        Card::OutOfGas | Card::FlatTire | Card::Accident | Card::Stop => {
            ("delay", "mb-kind-hazard", "")
        }
        Card::SpeedLimit => ("delay", "mb-kind-speed-limit", ""),
        Card::Gasoline | Card::SpareTire | Card::Repairs | Card::EndOfLimit => {
            ("remedy", "mb-kind-remedy", "")
        }
        Card::Roll => ("go", "mb-kind-roll", ""),
        Card::ExtraTank | Card::PunctureProof | Card::DrivingAce | Card::RightOfWay => {
            ("speed-card", "mb-kind-safety", "")
        }
    };
    Face::of(lang, card, card_name(lang, card), look)
}

super::board!(
    "boards/mille_bornes.html",
    "boards/mille_bornes_side.html",
    "a hand of Mille Bornes",
    hand_of_the_seat
);

impl Board<'_> {
    fn lang(&self) -> Lang {
        self.context.lang
    }

    /// A card's name in the reader's language.
    fn card(&self, card: &Card) -> String {
        card_name(self.lang(), *card)
    }

    fn battle_text(&self, side: &SideView) -> String {
        let top = side
            .battle_top
            .map_or_else(|| self.lang().t("mb-pile-empty"), |c| self.card(&c));
        let id = if side.can_move {
            "mb-battle-pile-travel"
        } else {
            "mb-battle-pile-stopped"
        };
        self.lang().msg(id).arg("top", top).text()
    }

    fn speed_text(&self, side: &SideView) -> String {
        match side.speed_top {
            Some(Card::SpeedLimit) if side.limited => self.lang().t("mb-speed-limited"),
            Some(card) => self.card(&card),
            None => self.lang().t("mb-no-limit"),
        }
    }

    fn safety_text(&self, side: &SideView) -> String {
        if side.safeties.is_empty() {
            return self.lang().t("mb-no-safety");
        }
        side.safeties
            .iter()
            .map(|s| {
                if side.coups_fourres.contains(s) {
                    self.lang()
                        .msg("mb-safety-coup-fourre")
                        .arg("card", self.card(s))
                        .text()
                } else {
                    self.card(s)
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What a side's part reads of the view besides the side (its version is said from it:
    /// see `side_part`).
    fn side_inputs(&self) -> u32 {
        self.view.target
    }

    fn percent(&self, side: &SideView) -> u32 {
        (side.distance * 100 / self.view.target.max(1)).min(100)
    }

    /// Each distance pile: its count, its name under the count ("de 25"), and the sentence a
    /// screen reader says instead ("25-mile cards: 2").
    fn piles(&self, side: &SideView) -> Vec<(u8, String, String)> {
        side.distance_cards
            .to_array()
            .into_iter()
            .zip([25u32, 50, 75, 100, 200])
            .map(|(count, miles)| {
                (
                    count,
                    self.lang().msg("mb-pile-of").arg("miles", miles).text(),
                    self.lang()
                        .msg("mb-pile-said")
                        .arg("miles", miles)
                        .arg("count", count)
                        .text(),
                )
            })
            .collect()
    }

    /// The table's wait for a decision, if it waits: the words to show (the seconds left
    /// follow them), the seconds left (for the page's countdown), and the decision's two
    /// buttons when this seat decides. After a hazard every seat but the holder reads the same
    /// words, whoever holds the safety and whether or not anyone does.
    fn wait(&self) -> Option<(String, i64, Vec<MoveButton>)> {
        let wait = self.context.deal.wait?;
        let seconds = (wait.left_ms + 999) / 1000;
        let lang = self.lang();
        let words = match (wait.after_hazard, wait.deciding) {
            (true, true) => {
                let hazard = self.last_hazard().map(|(_, card)| card);
                match hazard.and_then(Card::safety) {
                    Some(safety) => lang
                        .msg("mb-wait-coup-fourre-you-hold")
                        .arg("card", self.card(&safety))
                        .text(),
                    None => lang.t("mb-wait-coup-fourre"),
                }
            }
            (true, false) => lang.t("mb-wait-others"),
            (false, true) => lang.t("mb-wait-extension-you"),
            (false, false) => {
                let seat = self.view.pending.map_or(self.view.to_move, |p| p.seat);
                self.context
                    .seat_said(lang.msg("mb-wait-extension-other"), seat)
                    .text()
            }
        };
        let buttons = if wait.deciding {
            let warnings = self
                .context
                .deal
                .warnings
                .iter()
                .chain(std::iter::repeat(&None));
            self.legal
                .iter()
                .zip(warnings)
                .map(|(action, warning)| MoveButton {
                    warning: warning.clone(),
                    ..MoveButton::new(
                        self.label(action),
                        action.to_json_text(),
                        "",
                        matches!(action, Action::Pass | Action::Extend(false)),
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        Some((words, seconds, buttons))
    }

    /// The latest hazard at the table: the side it was played on and the card.
    fn last_hazard(&self) -> Option<(Side, Card)> {
        self.recent.iter().rev().find_map(|e| match *e {
            Event::Hazard { side, card, .. } => Some((side, card)),
            _ => None,
        })
    }

    /// Whether this phone buzzes (where it can) when the wait appears, and the wait's key so
    /// that it buzzes once. Every phone of the side a hazard was played on buzzes, whether or
    /// not it holds the safety, so that nobody across the table hears who holds it; at the
    /// Extension, the deciding seat's phone (an open decision).
    fn buzz(&self) -> Option<String> {
        let wait = self.context.deal.wait?;
        let buzzes = if wait.after_hazard {
            self.last_hazard()
                .is_some_and(|(side, _)| self.context.is_mine(side))
        } else {
            wait.deciding
        };
        buzzes.then(|| format!("{}-{}", self.context.deal.number, self.context.deal.actions))
    }

    /// The legal moves, each with its label and JSON (a decision's two answers are drawn by
    /// [`Board::wait`] instead).
    fn moves(&self) -> Moves {
        if self.context.deal.wait.is_some() {
            return Moves::default();
        }
        super::move_buttons(self.context, &self.legal, |action| {
            let card = match *action {
                Action::Play { card, .. } | Action::Discard { card } => card.id(),
                _ => "",
            };
            MoveButton::new(
                self.label(action),
                action.to_json_text(),
                card,
                matches!(action, Action::Discard { .. } | Action::Pass),
            )
        })
    }

    fn side_name(&self, side: Side) -> String {
        self.context.side_names(side)
    }

    /// Words for a move, naming the target side by its players.
    fn label(&self, action: &Action) -> String {
        let lang = self.lang();
        match *action {
            Action::Discard { card } => lang
                .msg("mb-move-discard")
                .arg("card", self.card(&card))
                .text(),
            Action::Play {
                card,
                target: Some(side),
            } => lang
                .msg("mb-move-on")
                .arg("card", self.card(&card))
                .arg("names", self.side_name(side))
                .text(),
            Action::Play { card, .. } => lang
                .msg("mb-move-play")
                .arg("card", self.card(&card))
                .text(),
            Action::CoupFourre => lang.t("mb-move-coup-fourre"),
            Action::Pass => lang.t("mb-move-let-it-go"),
            Action::Extend(true) => lang.t("mb-move-extend"),
            Action::Extend(false) => lang.t("mb-move-stop-at-700"),
        }
    }

    /// The words of one recent event, if the reader is shown it.
    fn event_line(&self, event: &Event) -> Option<String> {
        let context = self.context;
        let lang = self.lang();
        let seat_said = |id, seat, card: Option<Card>| {
            let msg = context.seat_said(lang.msg(id), seat);
            match card {
                Some(card) => msg.arg("card", self.card(&card)),
                None => msg,
            }
            .text()
        };
        match *event {
            Event::Drew { seat, card } if seat == context.deal.seat => card.map(|c| {
                lang.msg("mb-recent-you-drew")
                    .arg("card", self.card(&c))
                    .text()
            }),
            Event::Drew { .. } => None,
            Event::Played { seat, card, .. } => {
                Some(seat_said("mb-recent-played", seat, Some(card)))
            }
            Event::Hazard { by, side, card } => Some(
                context
                    .seat_said(lang.msg("mb-recent-hazard"), by)
                    .arg("card", self.card(&card))
                    .arg("names", context.side_names(side))
                    .text(),
            ),
            Event::Safety { seat, card, .. } => {
                Some(seat_said("mb-recent-safety", seat, Some(card)))
            }
            Event::CoupFourre { seat, card, .. } => {
                Some(seat_said("mb-recent-coup-fourre", seat, Some(card)))
            }
            Event::Cancelled { side, card } => Some(
                context
                    .side_said(lang.msg("mb-recent-rid-of"), side)
                    .arg("card", self.card(&card))
                    .text(),
            ),
            Event::TurnLost { seat } => Some(seat_said("mb-recent-turn-lost", seat, None)),
            Event::Discarded { seat, card } => {
                Some(seat_said("mb-recent-discarded", seat, Some(card)))
            }
            Event::Extension { side, extend } => Some(
                context
                    .side_said(
                        lang.msg(if extend {
                            "mb-recent-extension"
                        } else {
                            "mb-recent-stopped-at-700"
                        }),
                        side,
                    )
                    .text(),
            ),
            Event::HandOver {
                completed_by: Some(side),
            } => Some(
                context
                    .side_said(lang.msg("mb-recent-trip-completed"), side)
                    .text(),
            ),
            Event::HandOver { completed_by: None } => Some(lang.t("mb-recent-hand-over")),
        }
    }
}

/// The start form's part for Mille Bornes: its options (`templates/options/mille_bornes.html`).
#[derive(Template)]
#[template(path = "options/mille_bornes.html")]
struct OptionsPart<'a> {
    form: &'a super::OptionsForm<'a>,
}

/// Draws the start form's part for Mille Bornes.
pub fn options_form(form: &super::OptionsForm) -> Result<String, askama::Error> {
    OptionsPart { form }.render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seat::{DealInfo, Tablemate, WaitInfo};
    use crate::engine;
    use crate::engine::mille_bornes::State;
    use crate::engine::{Config, Rules, RulesId, Seat};
    use crate::web::boards::Context;

    /// Seat 0 (Alice) plays an Accident on seat 1 (Bob), who holds `card`, at a party table.
    fn accident(card: Card) -> State {
        let hands = [
            [
                Card::Roll,
                Card::Accident,
                Card::D25,
                Card::D25,
                Card::D25,
                Card::D25,
            ],
            [Card::Roll, card, Card::D50, Card::D50, Card::D50, Card::D50],
        ];
        let mut deck = Vec::new();
        for round in 0..6 {
            for hand in &hands {
                deck.push(hand[round]);
            }
        }
        deck.extend([Card::D75; 8]);
        let config = Config::new(RulesId::MilleBornes, 2, None)
            .map(Config::at_party_table)
            .expect("a party table");
        let mut game = State::new_game(config, 7, &deck).expect("a stacked deck");
        for action in [
            Action::Play {
                card: Card::Roll,
                target: None,
            },
            Action::Play {
                card: Card::Roll,
                target: None,
            },
            Action::Play {
                card: Card::Accident,
                target: Some(1),
            },
        ] {
            game.apply(action, &mut Vec::new()).expect("a legal move");
        }
        game
    }

    /// The board `seat` sees, the table waiting `left_ms` more.
    fn board(game: &State, seat: Seat, left_ms: i64) -> String {
        let decision = game.timed_decision().expect("the table waits");
        let deciding = decision.seat == Some(seat);
        let mut list = crate::engine::ActionList::new();
        if deciding {
            game.legal_actions(&mut list);
        }
        let legal: Vec<engine::Action> = list
            .iter()
            .map(|&a| engine::Action::MilleBornes(a))
            .collect();
        let warnings = list.iter().map(|&a| game.warning(a)).collect();
        let view = game.view(Some(seat));
        let deal = DealInfo {
            number: 1,
            seat,
            actions: 3,
            your_turn: deciding,
            view: engine::View::MilleBornes(view.clone()),
            warnings,
            legal,
            recent: vec![engine::Event::MilleBornes(Event::Hazard {
                by: 0,
                side: 1,
                card: Card::Accident,
            })],
            wait: Some(WaitInfo {
                left_ms,
                seconds: 5,
                deciding,
                after_hazard: decision.hidden,
            }),
            stand_ins: Vec::new(),
            turn: None,
        };
        let tablemates: Vec<Tablemate> = ["Alice", "Bob"]
            .iter()
            .zip(0u8..)
            .map(|(name, s)| Tablemate {
                entry: i64::from(s) + 1,
                names: vec![(*name).to_owned()],
                bot: false,
                table_side: usize::from(s),
                side: Some(s),
                seats: vec![s],
                round_miles: 0,
                you: s == seat,
            })
            .collect();
        let context = Context {
            lang: Lang::ENGLISH,
            deal: &deal,
            tablemates: &tablemates,
            csrf: "csrf",
            post_move: "/seat/t/move",
            memo: None,
            sent: None,
        };
        render(&context, &view).expect("the board renders")
    }

    /// Alice (seat 0) reaches exactly 700 while Bob discards: she decides the Extension.
    fn at_the_extension() -> State {
        let hands = [
            [
                Card::Roll,
                Card::D200,
                Card::D200,
                Card::D100,
                Card::D100,
                Card::D100,
            ],
            [Card::D25; 6],
        ];
        let mut deck = Vec::new();
        for round in 0..6 {
            for hand in &hands {
                deck.push(hand[round]);
            }
        }
        deck.extend([Card::D75, Card::D50].repeat(6));
        let config = Config::new(RulesId::MilleBornes, 2, None)
            .map(Config::at_party_table)
            .expect("a party table");
        let mut game = State::new_game(config, 7, &deck).expect("a stacked deck");
        let bob = Action::Discard { card: Card::D25 };
        for action in [
            Action::Play {
                card: Card::Roll,
                target: None,
            },
            bob,
            Action::Play {
                card: Card::D200,
                target: None,
            },
            bob,
            Action::Play {
                card: Card::D200,
                target: None,
            },
            bob,
            Action::Play {
                card: Card::D100,
                target: None,
            },
            bob,
            Action::Play {
                card: Card::D100,
                target: None,
            },
            bob,
            Action::Play {
                card: Card::D100,
                target: None,
            },
        ] {
            game.apply(action, &mut Vec::new()).expect("a legal move");
        }
        game
    }

    #[test]
    fn the_extension_banner_asks_stop_or_extend_and_is_no_danger() {
        let game = at_the_extension();
        let html = board(&game, 0, 20_000);
        assert!(
            html.contains("You reached 700: stop here or extend to 1000?"),
            "{html}"
        );
        assert!(
            html.contains(r#"data-wait-ms="20000">20</span>&nbsp;s left"#),
            "{html}"
        );
        assert!(html.contains("Stop at 700 miles") && html.contains("Extend to 1000 miles"));
        assert!(!html.contains("Choose a card"), "{html}");
        // Stopping at 700 is a choice, not a danger: no "Yes, I mean it", no armed button
        // (the page's "Yes, play it anyway" is for speeding only).
        assert!(!html.contains("Yes, I mean it"), "{html}");
        assert!(!html.contains("data-danger"), "{html}");
        assert!(html.contains("data-buzz"), "the deciding phone buzzes");
        let other = board(&game, 1, 20_000);
        assert!(
            other.contains("Alice reached 700: stop there or extend to 1000?"),
            "{other}"
        );
        assert!(!other.contains("data-buzz"), "{other}");
    }

    #[test]
    fn the_holders_banner_names_the_coup_fourre_with_the_seconds_left() {
        let game = accident(Card::DrivingAce);
        let html = board(&game, 1, 4200);
        assert!(
            html.contains("Coup Fourré? You hold Driving Ace:"),
            "{html}"
        );
        assert!(
            html.contains(r#"data-wait-ms="5000">5</span>&nbsp;s left"#),
            "{html}"
        );
        assert!(!html.contains("Choose a card"), "{html}");
        assert!(
            !html.contains("Yes, I mean it"),
            "a coup fourré is no danger: {html}"
        );
    }

    #[test]
    fn the_other_seats_banner_is_the_same_whether_or_not_the_target_holds_the_safety() {
        let holds = board(&accident(Card::DrivingAce), 0, 4200);
        let holds_not = board(&accident(Card::D25), 0, 4200);
        assert_eq!(holds, holds_not, "the attacker learns nothing");
        assert!(
            holds.contains("The table waits for a possible Coup Fourré, as after every hazard:"),
            "{holds}"
        );
        assert!(!holds.contains("You hold"), "{holds}");
        assert!(
            !holds.contains("data-buzz"),
            "the attacker's phone does not buzz"
        );
    }

    #[test]
    fn every_phone_of_the_side_hit_buzzes_once_whether_or_not_it_holds_the_safety() {
        let holds = board(&accident(Card::DrivingAce), 1, 4200);
        let holds_not = board(&accident(Card::D25), 1, 4200);
        for html in [&holds, &holds_not] {
            assert!(html.contains(r#"data-buzz="1-3""#), "{html}");
        }
    }
}
