//! The game part of a seat's board, one module and one template per rule set.
//!
//! The seat page, the console, the projector and the print pages are generic: they know a deal
//! as an [`engine::View`](crate::engine::View) and a score sheet. Only here does the web layer
//! look inside a rule set's view, to draw its piles, the seat's hand and the moves as buttons.
//! Adding a rule set is a module here named as in `engine::with_rule_sets!` (its `pub mod` line
//! below) and a template in
//! `templates/boards/`; a rule set with options also draws its part of the start form, from a
//! template in `templates/options/` ([`OptionsForm`]).

mod recent;
pub mod touring_family;
// The rule sets' modules, one per line of `with_rule_sets!` (declared plainly, outside the
// macro, so that rustfmt reaches them; the dispatch the macro writes names each of them, so a
// line missing here or there does not compile).
pub mod mille_bornes;
pub mod touring1926;
pub mod touring1958;

pub use recent::RecentMemo;
use recent::recent_lines;

use crate::app::seat::{DealInfo, Tablemate};
use crate::app::turn_clock::StandIn;
use crate::engine::{self, Seat, Side, View};
use crate::i18n::{Lang, Msg, PerLang};
use crate::web::parts::{PartFromInputs, PartVersion, SentParts};

/// What every board needs besides the deal: the reader's language, who sits where, and where
/// moves are posted.
pub struct Context<'a> {
    pub lang: Lang,
    pub deal: &'a DealInfo,
    pub tablemates: &'a [Tablemate],
    pub csrf: &'a str,
    pub post_move: &'a str,
    /// What a live stream said of the recent events at its last drawing, to say again
    /// (`None`: every line is said afresh).
    pub memo: Option<&'a RecentMemo>,
    /// The parts a live stream sent in its last drawing (`None`: every part is drawn): a part
    /// whose version is said from its inputs and was sent at that version is left empty.
    pub sent: Option<&'a SentParts>,
}

impl Context<'_> {
    /// The names playing a side of the current deal.
    pub fn side_names(&self, side: Side) -> String {
        self.tablemates
            .iter()
            .find(|t| t.side == Some(side))
            .map_or_else(
                || self.lang.msg("board-side-n").arg("side", side).text(),
                |t| t.names.join(" & "),
            )
    }

    /// A number of cards in words: "1 card", "0 cards", "12 cards".
    pub fn cards(&self, count: &u32) -> String {
        /// Counts said once and kept: every pile of every game holds fewer.
        const KEPT: u32 = 160;
        static CARDS: PerLang<Vec<String>> = PerLang::new(|lang| {
            (0..KEPT)
                .map(|count| lang.msg("board-cards").arg("count", count).text())
                .collect()
        });
        match CARDS.get(self.lang).get(*count as usize) {
            Some(words) => words.clone(),
            None => self.lang.msg("board-cards").arg("count", *count).text(),
        }
    }

    /// A message about what a side did, given the side's names (`$names`) and whether they
    /// are one player or partners (`$subject`: "one" or "many"), for the verb to agree.
    pub fn side_said(&self, msg: Msg, side: Side) -> Msg {
        let partners = self
            .tablemates
            .iter()
            .find(|t| t.side == Some(side))
            .is_some_and(|t| t.names.len() > 1);
        msg.arg("names", self.side_names(side))
            .arg("subject", if partners { "many" } else { "one" })
    }

    /// A message about what a seat did, given who (`$who`: "You" or the names) and whether
    /// that is the reader, one player or partners (`$subject`: "you", "one" or "many").
    pub fn seat_said(&self, msg: Msg, seat: Seat) -> Msg {
        let mate = self.tablemates.iter().find(|t| t.seats.contains(&seat));
        let subject = match mate {
            Some(t) if t.you && self.deal.seat == seat => "you",
            Some(t) if t.names.len() > 1 => "many",
            _ => "one",
        };
        msg.arg("who", self.who(seat)).arg("subject", subject)
    }

    /// The deal's legal moves, as actions of the rule set the board draws.
    pub fn legal<A: TryFrom<engine::Action>>(&self) -> Vec<A> {
        self.deal
            .legal
            .iter()
            .filter_map(|&action| A::try_from(action).ok())
            .collect()
    }

    /// What happened lately, as events of the rule set the board draws.
    pub fn recent<E: TryFrom<engine::Event>>(&self) -> Vec<E> {
        self.deal
            .recent
            .iter()
            .filter_map(|event| E::try_from(event.clone()).ok())
            .collect()
    }

    /// Whether the stream this board is drawn for sent the part `name` at `version` in its
    /// last drawing, so that the part is sent empty and need not be drawn.
    pub fn sent_already(&self, name: &str, version: &Option<PartVersion>) -> bool {
        version.is_some_and(|v| self.sent.is_some_and(|sent| sent.sent(name, v)))
    }

    /// A part drawn from its inputs, named `name`: its version is said from the name, the
    /// language and what `inputs` hashes, which must be everything else its drawing reads;
    /// `draw` draws it, given that version, unless the stream sent that version already (see
    /// [`crate::web::parts`]).
    pub fn part_from_inputs(
        &self,
        name: String,
        inputs: impl FnOnce(&mut dyn std::hash::Hasher),
        draw: impl FnOnce(PartVersion) -> Result<std::sync::Arc<str>, askama::Error>,
    ) -> Result<PartFromInputs, askama::Error> {
        let version = self.version_of_inputs(&name, inputs);
        let html = match self.sent_already(&name, &Some(version)) {
            true => None,
            false => Some(draw(version)?),
        };
        Ok(PartFromInputs {
            name,
            version,
            html,
        })
    }

    /// The version of the part `name` said from its inputs: the name, the language and what
    /// `inputs` hashes, which must be everything else its drawing reads.
    fn version_of_inputs(
        &self,
        name: &str,
        inputs: impl FnOnce(&mut dyn std::hash::Hasher),
    ) -> PartVersion {
        crate::web::parts::version_of_inputs(|h| {
            h.write(name.as_bytes());
            h.write_u8(0xff);
            h.write(self.lang.code().as_bytes());
            h.write_u8(0xff);
            inputs(h);
        })
    }

    /// The version of the seat's hand part when it offers no moves, said from its inputs: the
    /// cards (with moves it depends on far more, and is sealed from its drawing). The template
    /// draws it unless the stream sent that version already (`sent_already`).
    pub fn hand_version<C: engine::CardKind>(
        &self,
        hand: &[C],
        moves: &Moves,
    ) -> Option<PartVersion> {
        moves.is_empty().then(|| {
            self.version_of_inputs("play", |h| {
                for card in hand {
                    h.write_usize(card.index());
                }
            })
        })
    }

    /// Whether the viewer plays this side.
    pub fn is_mine(&self, side: Side) -> bool {
        self.tablemates
            .iter()
            .any(|t| t.side == Some(side) && t.you)
    }

    /// Whether this side is to move now.
    pub fn is_to_move(&self, side: Side, side_of_mover: Option<Side>) -> bool {
        !self.deal.view.is_over() && side_of_mover == Some(side)
    }

    /// "You drew `card`.", for the reader's own draw (others' draws are not shown), in the
    /// words of the Touring boards' "Lately" (`game` names the cards' messages, "t26" or
    /// "t58": see [`touring_family::card_name`]).
    pub fn drew(
        &self,
        game: &str,
        seat: Seat,
        card: Option<impl engine::CardKind>,
    ) -> Option<String> {
        card.filter(|_| seat == self.deal.seat).map(|c| {
            self.lang
                .msg("tour-recent-you-drew")
                .arg("card", touring_family::card_name(self.lang, game, c))
                .text()
        })
    }

    /// "`who` played `card`.", in the words of the Touring boards' "Lately".
    pub fn played(&self, game: &str, seat: Seat, card: impl engine::CardKind) -> String {
        self.seat_said(self.lang.msg("tour-recent-played"), seat)
            .arg("card", touring_family::card_name(self.lang, game, card))
            .text()
    }

    /// "`who` played `card` on `side`, taking `taken`.", in the words of the Touring boards'
    /// "Lately" (`taken`: the names of the cards the delay took, if it took any).
    pub fn played_on(
        &self,
        game: &str,
        by: Seat,
        card: impl engine::CardKind,
        side: Side,
        taken: Option<String>,
    ) -> String {
        let msg = match taken {
            Some(taken) => self
                .lang
                .msg("tour-recent-played-on-taking")
                .arg("taken", taken),
            None => self.lang.msg("tour-recent-played-on"),
        };
        self.seat_said(msg, by)
            .arg("card", touring_family::card_name(self.lang, game, card))
            .arg("names", self.side_names(side))
            .text()
    }

    /// "`who` discarded `card`.", in the words of the Touring boards' "Lately".
    pub fn discarded(&self, game: &str, seat: Seat, card: impl engine::CardKind) -> String {
        self.seat_said(self.lang.msg("tour-recent-discarded"), seat)
            .arg("card", touring_family::card_name(self.lang, game, card))
            .text()
    }

    /// "The pack was reshuffled: `draw_pile` cards.", in the words of the Touring boards'
    /// "Lately".
    pub fn reshuffled(&self, draw_pile: u32) -> String {
        self.lang
            .msg("tour-recent-reshuffled")
            .arg("cards", self.cards(&draw_pile))
            .text()
    }

    /// "You", or the names of whoever sits in a seat.
    pub fn who(&self, seat: Seat) -> String {
        self.tablemates
            .iter()
            .find(|t| t.seats.contains(&seat))
            .map(|t| {
                if t.you && self.deal.seat == seat {
                    self.lang.t("board-you")
                } else {
                    t.names.join(" & ")
                }
            })
            .unwrap_or_else(|| self.lang.msg("board-seat-n").arg("seat", seat).text())
    }

    /// The recent moves played for their seats (the turn clock, or a bot the host handed the
    /// seat to), in words that say so, newest last.
    pub fn stand_in_lines(&self) -> Vec<String> {
        self.deal
            .stand_ins
            .iter()
            .map(|note| {
                let id = match note.by {
                    StandIn::Clock => "board-stand-in-clock",
                    StandIn::Bot => "board-stand-in-bot",
                };
                self.seat_said(self.lang.msg(id), note.seat)
                    .arg("move", note.action + 1)
                    .text()
            })
            .collect()
    }

    /// The heading of the board: who won, or whose turn it is.
    pub fn whose_turn(&self) -> String {
        self.whose_turn_in("race")
    }

    /// The heading of the board, calling a deal `deal` ("race", "hand": the messages' `$deal`
    /// chooses the word).
    pub fn whose_turn_in(&self, deal: &'static str) -> String {
        let lang = self.lang;
        let view = &self.deal.view;
        if let Some(winner) = view.winner() {
            let msg = match self.tablemates.iter().find(|t| t.side == Some(winner)) {
                Some(t) if t.you => lang.msg("board-won-you"),
                Some(_) => self.side_said(lang.msg("board-won"), winner),
                None => lang.msg("board-over"),
            };
            return msg.arg("deal", deal).text();
        }
        if view.is_over() {
            return lang.msg("board-over-level").arg("deal", deal).text();
        }
        if self.deal.wait.is_some_and(|w| !w.deciding) {
            return lang.t("board-table-waits");
        }
        if self.deal.your_turn {
            return lang.t("board-your-turn");
        }
        let seat = view.to_move();
        let name = self
            .tablemates
            .iter()
            .find(|t| t.seats.contains(&seat))
            .map(|t| t.names.join(" & "))
            .unwrap_or_else(|| lang.msg("board-seat-n-lower").arg("seat", seat).text());
        lang.msg("board-to-play").arg("name", name).text()
    }
}

/// How a card looks in a hand: its identifier (which moves play it), its name, its colour
/// class, its kind, and its big value (a mileage card) or its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    pub id: &'static str,
    /// The card's one name for a screen reader and its tooltip: its name, and its kind in
    /// brackets where the name does not say it ("Stop (hazard)"; "25 miles", "Roll").
    pub label: String,
    pub class: &'static str,
    pub kind: String,
    pub name: String,
    pub value: &'static str,
}

impl Face {
    /// The face of a card: `class` colours it, `kind` (a message) says what kind of card it is,
    /// `name` is its name in the reader's language, and `value` is a mileage card's big number
    /// (a card without one shows its name).
    pub fn of(
        lang: Lang,
        card: impl engine::CardKind,
        name: String,
        (class, kind, value): (&'static str, &str, &'static str),
    ) -> Face {
        let kind = lang.t(kind);
        // A mileage card's name says its kind ("25 miles"), as a card named like its kind
        // does ("Roll").
        let label = if !value.is_empty() || kind.to_lowercase() == name.to_lowercase() {
            name.clone()
        } else {
            lang.msg("board-card-label")
                .arg("name", name.as_str())
                .arg("kind", kind.to_lowercase())
                .text()
        };
        Face {
            id: card.id(),
            label,
            class,
            kind,
            name: if value.is_empty() {
                name
            } else {
                String::new()
            },
            value,
        }
    }
}

/// The start form's part of a rule set without options: nothing.
pub fn no_options(_form: &OptionsForm) -> Result<String, askama::Error> {
    Ok(String::new())
}

/// A move as a button: its words, its JSON, the card of the hand it plays (its identifier;
/// empty for a move without a card), whether it throws a card away, and what it throws away of
/// the side's own miles, if it does (the page then asks first).
pub struct MoveButton {
    pub label: String,
    pub json: String,
    pub card: &'static str,
    pub discard: bool,
    pub warning: Option<String>,
}

impl MoveButton {
    /// A move of a card: warns of nothing until [`move_buttons`] says otherwise.
    pub fn new(label: String, json: String, card: &'static str, discard: bool) -> MoveButton {
        MoveButton {
            label,
            json,
            card,
            discard,
            warning: None,
        }
    }
}

/// A seat's moves, as its board draws them: those played with a tap (the buttons of one form)
/// and those that throw away the side's own miles (a form each, asked first), each in the
/// order of the deal's legal moves.
#[derive(Default)]
pub struct Moves {
    pub plain: Vec<MoveButton>,
    pub to_confirm: Vec<ToConfirm>,
}

/// A move the engine warns of: its button, and the warning the page asks the player to
/// confirm, in the reader's words.
pub struct ToConfirm {
    pub button: MoveButton,
    pub warning: String,
}

impl Moves {
    pub fn is_empty(&self) -> bool {
        self.plain.is_empty() && self.to_confirm.is_empty()
    }
}

/// The legal moves as buttons, drawn by `button`, in the order of `legal` (the deal's legal
/// moves of one rule set, in the same order), parted into those played with a tap and those
/// the engine warns of. A move the engine warns of carries the warning `button` gave it in the
/// reader's words, else the engine's English one.
pub fn move_buttons<A>(context: &Context, legal: &[A], button: impl Fn(&A) -> MoveButton) -> Moves {
    let mut moves = Moves::default();
    let warnings = context.deal.warnings.iter().chain(std::iter::repeat(&None));
    for (action, english) in legal.iter().zip(warnings) {
        let mut drawn = button(action);
        // The engine's warning is English: a board that says it in the reader's language
        // (`drawn.warning`) is heard instead.
        let words = drawn.warning.take();
        match english {
            Some(english) => moves.to_confirm.push(ToConfirm {
                button: drawn,
                warning: words.unwrap_or_else(|| english.clone()),
            }),
            None => moves.plain.push(drawn),
        }
    }
    moves
}

/// Writes what every rule set's board module has alike: the `Board` its template
/// (`$template`, under `templates/`) draws from the view, the legal moves and the recent
/// events; [`render`] and [`recent_words`] for it (`$what` names the deal in their words);
/// the board's questions about a side (`side_names`, `is_mine`, `is_to_move`); and each side's
/// part, drawn from its own template (`$side`) by `side_part`. The module has `View`,
/// `SideView`, `Action` and `Event` in scope, and gives `Board` its `event_line`, the words of
/// one recent event, and its `side_inputs`, what else of the view `$side` reads.
macro_rules! board {
    ($template:tt, $side:tt, $what:tt, hand_of_the_seat) => {
        super::board!($template, $side, $what);

        impl Board<'_> {
            /// The hand of the seat the board is drawn for, as the view shows it.
            fn hand(&self) -> &[Card] {
                self.view
                    .seats
                    .get(usize::from(self.context.deal.seat))
                    .and_then(|s| s.hand.as_deref())
                    .unwrap_or_default()
            }
        }
    };
    ($template:tt, $side:tt, $what:tt) => {
        #[derive(askama::Template)]
        #[template(path = $template)]
        struct Board<'a> {
            context: &'a super::Context<'a>,
            view: &'a View,
            legal: Vec<Action>,
            recent: Vec<Event>,
        }

        /// One side of the board, drawn from what its version is said from (see
        /// `Board::side_part`).
        #[derive(askama::Template)]
        #[template(path = $side)]
        struct SidePart<'a, 'b> {
            board: &'a Board<'b>,
            lang: Lang,
            side: &'a SideView,
            names: String,
            mine: bool,
            to_move: bool,
        }

        impl SidePart<'_, '_> {
            /// Everything the side's template reads but the language (which
            /// `Context::part_from_inputs` hashes).
            fn hash_inputs(&self, mut h: &mut dyn std::hash::Hasher) {
                use std::hash::Hash;
                h.write($side.as_bytes());
                self.names.hash(&mut h);
                (self.mine, self.to_move).hash(&mut h);
                self.side.hash(&mut h);
                self.board.side_inputs().hash(&mut h);
            }

            /// The side's heading as one sentence for a screen reader ("Amélie, your turn to
            /// play"), where the page shows the names and the tags "you" and "to play".
            fn heading(&self) -> String {
                let id = match (self.mine, self.to_move) {
                    (true, true) => "board-side-yours-to-play",
                    (true, false) => "board-side-yours",
                    (false, true) => "board-side-to-play",
                    (false, false) => return self.names.clone(),
                };
                self.lang.msg(id).arg("names", self.names.as_str()).text()
            }
        }

        /// Each side's part of the board as a page draws it: its name, its version, and its
        /// drawing made afresh (not the one kept: see `crate::web::parts::drawn`).
        #[cfg(test)]
        pub fn fresh_sides(
            context: &super::Context,
            view: &View,
        ) -> Vec<(String, crate::web::parts::PartVersion, String)> {
            let board = Board {
                context,
                view,
                legal: Vec::new(),
                recent: Vec::new(),
            };
            view.sides
                .iter()
                .map(|side| {
                    let part = board.side_part(side).expect("a side");
                    let fresh = askama::Template::render(&board.side_drawing(side));
                    (part.name, part.version, fresh.expect("a drawing"))
                })
                .collect()
        }

        #[doc = concat!("Draws the board of ", $what, ".")]
        pub fn render(context: &super::Context, view: &View) -> Result<String, askama::Error> {
            use askama::Template;
            let (legal, recent) = (context.legal(), context.recent());
            // The game's part of a seat's board, drawn six times a move: sized once.
            let mut html = String::with_capacity(super::GAME_BYTES);
            Board {
                context,
                view,
                legal,
                recent,
            }
            .render_into(&mut html)?;
            Ok(html)
        }

        /// What the deal's recent events did, in the words of the board's "Lately".
        pub fn recent_words(context: &super::Context, view: &View) -> Vec<String> {
            let legal = Vec::new();
            let recent = context.recent();
            Board {
                context,
                view,
                legal,
                recent,
            }
            .recent_lines()
            .iter()
            .map(|line| line.to_string())
            .collect()
        }

        impl Board<'_> {
            fn side_names(&self, side: &SideView) -> String {
                self.context.side_names(side.side)
            }

            fn is_mine(&self, side: &SideView) -> bool {
                self.context.is_mine(side.side)
            }

            /// The faces of the cards in the seat's hand.
            fn hand_faces(&self) -> Vec<super::Face> {
                self.hand()
                    .iter()
                    .map(|&card| face(self.context.lang, card))
                    .collect()
            }

            /// The version of the hand's part (see [`super::Context::hand_version`]).
            fn hand_version(&self, moves: &super::Moves) -> Option<crate::web::parts::PartVersion> {
                self.context.hand_version(self.hand(), moves)
            }

            fn is_to_move(&self, side: &SideView) -> bool {
                let seat = usize::from(self.view.to_move);
                let mover = self.view.seats.get(seat).map(|s| s.side);
                self.context.is_to_move(side.side, mover)
            }

            /// A side's part, its version said from the language, the side's names, whether it
            /// is the reader's and whether it is to move, the side itself, and what else of the
            /// view its template reads (`side_inputs`): the same for the four or five seats of a
            /// table that do not play it, and for the partners that do, it is drawn once for
            /// them all (see [`crate::web::parts::drawn`]).
            fn side_part(
                &self,
                side: &SideView,
            ) -> Result<crate::web::parts::PartFromInputs, askama::Error> {
                let part = self.side_drawing(side);
                self.context.part_from_inputs(
                    format!("side-{}", side.side),
                    |h| part.hash_inputs(h),
                    |version| crate::web::parts::drawn(version, || askama::Template::render(&part)),
                )
            }

            /// What a side's drawing reads.
            fn side_drawing<'a>(&'a self, side: &'a SideView) -> SidePart<'a, 'a> {
                SidePart {
                    board: self,
                    lang: self.context.lang,
                    side,
                    names: self.side_names(side),
                    mine: self.is_mine(side),
                    to_move: self.is_to_move(side),
                }
            }

            /// The recent events in words.
            fn recent_lines(&self) -> Vec<std::sync::Arc<str>> {
                super::recent_lines(self.context, &self.recent, |event| self.event_line(event))
            }
        }
    };
}
use board;

/// Writes a rule set's `card_name` (a card's name in the reader's language) and `face` (how a
/// card looks in a hand), each said once per language for every card and kept ([`PerLang`]:
/// a board says them again and again), from the module's `say_card_name` and `draw_face`.
macro_rules! kept_card_words {
    () => {
        /// A card's name in the reader's language (said by `say_card_name`).
        pub fn card_name(lang: Lang, card: Card) -> String {
            static NAMES: PerLang<Vec<String>> = PerLang::new(|lang| {
                Card::all()
                    .iter()
                    .map(|&c| say_card_name(lang, c))
                    .collect()
            });
            match NAMES.get(lang).get(card.index()) {
                Some(name) => name.clone(),
                None => say_card_name(lang, card),
            }
        }

        /// The face of a card (drawn by `draw_face`).
        pub fn face(lang: Lang, card: Card) -> Face {
            static FACES: PerLang<Vec<Face>> =
                PerLang::new(|lang| Card::all().iter().map(|&c| draw_face(lang, c)).collect());
            match FACES.get(lang).get(card.index()) {
                Some(face) => face.clone(),
                None => draw_face(lang, card),
            }
        }

        #[cfg(test)]
        mod kept_card_words_tests {
            use super::*;

            /// The names and faces kept per language are the ones said afresh, for every card,
            /// in English, in French and in the pseudo-language; English says each card as it
            /// is printed.
            #[test]
            fn kept_card_words_are_the_words_said_in_each_language() {
                let french = Lang::from_tag("fr").expect("French");
                for lang in [Lang::ENGLISH, french, Lang::PSEUDO] {
                    for &card in Card::all() {
                        assert_eq!(card_name(lang, card), say_card_name(lang, card));
                        assert_eq!(face(lang, card), draw_face(lang, card));
                        assert!(!card_name(lang, card).is_empty(), "{card:?}");
                    }
                }
                for &card in Card::all() {
                    assert_eq!(
                        card_name(Lang::ENGLISH, card),
                        crate::engine::CardKind::name(card)
                    );
                }
            }
        }
    };
}
use kept_card_words;

/// What the game's part of a seat's board starts with room for: 2 to 6 KB (a live region's
/// drawing grows three or four times on the way to that otherwise; at 4 KB, growing was still
/// 2% of the server's time at a busy party).
const GAME_BYTES: usize = 8 * 1024;

/// What a rule set's part of the start form shows: what was typed in its fields (or their
/// defaults) and the problems found, each under its option's name. The rule set's template
/// names its fields; nothing else here does.
pub struct OptionsForm<'a> {
    pub rules: engine::RulesId,
    /// The start page's language.
    pub lang: Lang,
    /// Every option field's text (a ticked checkbox is "on").
    pub values: &'a std::collections::BTreeMap<String, String>,
    /// Problems, each with the field it concerns.
    pub errors: &'a [(&'static str, String)],
}

impl OptionsForm<'_> {
    /// The text of a field.
    pub fn value(&self, name: &str) -> &str {
        self.values.get(name).map_or("", String::as_str)
    }

    /// Whether a checkbox is ticked.
    pub fn checked(&self, name: &str) -> bool {
        !self.value(name).is_empty()
    }

    /// The problem with a field, if any.
    pub fn error(&self, name: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|(field, _)| *field == name)
            .map(|(_, message)| message.as_str())
    }

    /// The attributes that tie an input to its message (as the start page's other fields).
    pub fn attributes(&self, name: &str) -> String {
        match self.error(name) {
            Some(_) => format!(" aria-invalid=\"true\" aria-describedby=\"{name}-error\""),
            None => String::new(),
        }
    }
}

macro_rules! board_rule_sets {
    ($( $variant:ident => $module:ident, $id:literal, $name:literal; )+) => {
        /// Draws the game part of a seat's board (its parts not sealed yet: see
        /// [`crate::web::parts`]).
        pub fn render(context: &Context) -> Result<String, askama::Error> {
            match &context.deal.view {
                $(View::$variant(view) => $module::render(context, view),)+
            }
        }

        /// A rule set's part of the start form: its options, from its template (nothing for a
        /// rule set without options).
        pub fn options_form(form: &OptionsForm) -> Result<String, askama::Error> {
            match form.rules {
                $(engine::RulesId::$variant => $module::options_form(form),)+
            }
        }

        /// Each side's part of the board: its name, its version and its drawing made afresh.
        #[cfg(test)]
        pub fn fresh_sides(context: &Context) -> Vec<(String, PartVersion, String)> {
            match &context.deal.view {
                $(View::$variant(view) => $module::fresh_sides(context, view),)+
            }
        }

        /// What the deal's recent events did, in words, as its board's "Lately" says them
        /// ("Ann played Flat Tire on Bob.").
        pub fn recent_words(context: &Context) -> Vec<String> {
            match &context.deal.view {
                $(View::$variant(view) => $module::recent_words(context, view),)+
            }
        }
    };
}

crate::engine::with_rule_sets!(board_rule_sets);

#[cfg(test)]
pub(super) mod tests;
