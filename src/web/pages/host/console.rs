//! The console page: its view models (entries, seating options, the round panel with the
//! close), built from what `app::console` reads.

use std::collections::BTreeMap;
use std::time::Duration;

use actix_web::web;
use askama::Template;

use super::{round, words};
use crate::app::console::{self, RoundPanel as PanelData};
use crate::app::events::{self, EventRecord};
use crate::app::rounds::RoundState;
use crate::app::{App, AppResult, HostKey, report};
use crate::i18n::Lang;
use crate::tournament::{self, EntryId, Remainder};
use crate::web::live::{Audience, Hub};
use crate::web::pages::TokenQuery;
use crate::web::pages::paper_card;
use crate::web::pages::view::{self, Named, RoundView};
use crate::web::pages::{Layout, PageError, PageResult, fragment, host_or_login, redirect, run};
use crate::web::session::{CardDraft, Visitor};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/events/{event}/host", web::get().to(console))
        .route("/events/{event}/live/console", web::get().to(console_live));
}

/// An entry as the console lists it.
struct EntryLine {
    id: EntryId,
    /// Id, name, whether someone holds the seat, and whether that is a phone that picked it
    /// from a QR code (not the seat's own link).
    players: Vec<(i64, String, bool, bool)>,
    bot: bool,
    bot_level: String,
    withdrawn: bool,
    joined_round: i32,
    /// Not played yet: it can be removed outright rather than withdrawn.
    removable: bool,
    /// The players whose seat the host handed to a bot.
    handed: Vec<i64>,
    /// A guest checked in this entry from the wall's QR code.
    checked_in: bool,
}

impl EntryLine {
    fn name(&self) -> String {
        self.players
            .iter()
            .map(|(_, n, _, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    fn first(&self) -> String {
        self.players
            .first()
            .map(|p| p.1.clone())
            .unwrap_or_default()
    }

    fn second(&self) -> String {
        self.players.get(1).map(|p| p.1.clone()).unwrap_or_default()
    }

    /// Whether the host handed this player's seat to a bot.
    fn is_handed(&self, player: &i64) -> bool {
        self.handed.contains(player)
    }
}

/// A seating option for round 1.
struct SeatOption {
    value: &'static str,
    description: String,
    proposal: bool,
    /// Why the option is unfair, when it is.
    warning: Option<String>,
}

/// What closing would do at one table.
struct ClosingLine {
    table: u32,
    mover: String,
    decision: String,
    tied: Vec<Named>,
    chosen: Option<EntryId>,
}

impl ClosingLine {
    fn is_chosen(&self, id: impl std::borrow::Borrow<EntryId>) -> bool {
        self.chosen == Some(*id.borrow())
    }
}

/// One side's score card at a paper table on the console.
pub struct CardView {
    side: usize,
    name: String,
    /// "missing", "to confirm" or "confirmed".
    status: &'static str,
    /// Who entered the card, for a card that awaits confirmation (a guest's name, "host").
    entered_by: String,
    score: Option<u32>,
    /// The card's values hand by hand with each hand's score, for the round that is closed
    /// (no form).
    values: Vec<view::HandLine>,
    /// The form's rows, one per hand.
    hands: Vec<paper_card::HandRow>,
    /// The card's total as typed.
    total: Option<u32>,
    /// The refused card's problem with the card as a whole, if any.
    problem: Option<String>,
}

impl CardView {
    fn is(&self, status: &str) -> bool {
        self.status == status
    }
}

/// The round panel: the clock, the signal buttons, the tables, and the close.
#[derive(Template)]
#[template(path = "fragments/host_round.html")]
pub struct RoundPanel {
    /// The console's language: the event's.
    lang: Lang,
    csrf: String,
    event: i64,
    round: Option<RoundView>,
    closing: Vec<ClosingLine>,
    closing_problem: Option<String>,
    finished: bool,
    /// The host closed the evening: the results are final (before, once finished, they are
    /// provisional and still correctable).
    closed: bool,
    more_rounds: bool,
    sheets: view::Sheets,
    /// The score cards of the paper tables, by table number.
    cards: BTreeMap<i32, Vec<CardView>>,
    /// How the mover of a table was decided when entries were tied, by table number.
    ties: BTreeMap<i32, String>,
}

impl RoundPanel {
    fn cards_of(&self, table: &i32) -> &[CardView] {
        self.cards.get(table).map_or(&[], Vec::as_slice)
    }

    /// "1 of 2 cards in, 1 to confirm".
    fn cards_summary(&self, table: &i32) -> String {
        let cards = self.cards_of(table);
        let missing = cards.iter().filter(|c| c.is("missing")).count();
        let waiting = cards.iter().filter(|c| c.is("to confirm")).count();
        let msg = if waiting > 0 {
            self.lang.msg("host-cards-in-to-confirm")
        } else {
            self.lang.msg("host-cards-in")
        };
        msg.arg("in", cards.len() - missing)
            .arg("count", cards.len())
            .arg("waiting", waiting)
            .text()
    }

    fn unit_short(&self) -> String {
        self.lang.t(if self.sheets.unit() == "miles" {
            "unit-mi"
        } else {
            "unit-pts"
        })
    }

    /// Who entered a card awaiting confirmation: a guest's name, or the host.
    fn entered_by(&self, card: &CardView) -> String {
        if card.entered_by == "host" {
            self.lang.t("host-card-by-host")
        } else {
            card.entered_by.clone()
        }
    }

    /// A table's status in words.
    fn status_words(&self, status: &str) -> String {
        self.lang.t(match status {
            "playing" => "host-status-playing",
            "waiting" => "host-status-waiting",
            "scores in" => "host-status-scores-in",
            "waiting for scores" => "host-status-waiting-for-scores",
            _ => "host-status-seated",
        })
    }

    /// How the mover of a table was decided among tied entries, if they were.
    fn tie_of(&self, table: &i32) -> Option<&String> {
        self.ties.get(table)
    }
}

#[derive(Template)]
#[template(path = "host.html")]
struct Console {
    layout: Layout,
    event: EventRecord,
    entries: Vec<EntryLine>,
    partners: bool,
    can_seat: bool,
    options: Vec<SeatOption>,
    panel: String,
    corrections: Vec<report::CorrectionReport>,
    closed_rounds: Vec<u32>,
    correctable: Vec<(String, EntryId)>,
    has_password: bool,
    private_views: bool,
    summary: String,
    next_step: String,
    /// Why guests' phones cannot open the QR codes' address, when it leads back to this machine.
    address_warning: Option<String>,
    /// In a series: its people not entered tonight, each added with one tap.
    returning: Vec<String>,
    /// The club's series the evening counts in: its id and name.
    series: Option<(i64, String)>,
    /// A round is being played: a seat whose guest leaves can go to a late arrival.
    in_play: bool,
}

impl Console {
    /// "miles" or "points": the evening's game's unit, for the correction form's words.
    fn unit(&self) -> &'static str {
        self.event.settings.rules.unit().word()
    }

    /// Who made a correction: the host, or another (the API's) name.
    fn corrected_by(&self, by: &str) -> String {
        if by == "host" {
            self.layout.lang.t("host-corrected-by-host")
        } else {
            by.to_owned()
        }
    }
}

async fn console(
    app: web::Data<App>,
    req: actix_web::HttpRequest,
    visitor: Visitor,
    path: web::Path<i64>,
    query: web::Query<TokenQuery>,
) -> PageResult {
    let id = path.into_inner();
    if let Some(token) = query.into_inner().token {
        let host = HostKey::token(id, token);
        let epoch = run(&app, move |app| events::open_console(app, &host)).await?;
        visitor.add_host(id, epoch);
        // The host is here: strangers' wrong passwords no longer hold the password shut.
        if let Some(guards) = req.app_data::<web::Data<crate::web::limits::Guards>>() {
            guards.host_link_opened(id);
        }
        return Ok(redirect(&format!("/events/{id}/host")));
    }
    let host = match host_or_login(&visitor, id) {
        Ok(host) => host,
        Err(to_login) => return Ok(*to_login),
    };
    let layout = Layout::new("", &visitor).for_event(id, "", &visitor);
    let draft = visitor.card_draft();
    let base = crate::web::address::base_url(&req);
    // Read and drawn off the async threads: a round of a thousand tables.
    crate::web::pages::drawn(&app, move |app| {
        let data = console::console(app, &host)?;
        let mut layout = layout
            .named(&data.panel.board.event.settings.name)
            .in_language(data.panel.board.event.settings.language)
            .titled("host-title");
        let lang = layout.lang;
        let console = build_console(data, layout.csrf.clone(), draft.as_ref(), lang)?;
        layout.live = Some(format!("/events/{id}/live/console"));
        let address_warning = crate::web::address::loopback_warning(&base, lang);
        Ok(Console {
            layout,
            address_warning,
            ..console
        })
    })
    .await
}

/// The console's view model, from what the use case read.
fn build_console(
    data: console::Console,
    csrf: String,
    draft: Option<&CardDraft>,
    lang: Lang,
) -> AppResult<Console> {
    let event = data.panel.board.event.clone();
    let latest = data.panel.board.round.as_ref().map(|r| (r.number, r.state));
    // Entries that joined after the latest round can be removed: they sit in no round. So can
    // those of round 1 before its signal (it is unseated). Later rounds are seated by the
    // movement, which has already placed everyone who joined by then.
    let played = match latest {
        None | Some((1, RoundState::Seated)) => 0,
        Some((number, _)) => number,
    };
    let entries: Vec<EntryLine> = data
        .panel
        .board
        .entries
        .iter()
        .map(|e| EntryLine {
            id: e.id(),
            players: e
                .players
                .iter()
                .map(|p| (p.id, p.name.clone(), p.claimed, p.picked))
                .collect(),
            bot: e.row.is_bot,
            checked_in: e.row.checked_in,
            bot_level: e.row.bot_level.clone().unwrap_or_default(),
            withdrawn: e.row.withdrawn_round.is_some(),
            joined_round: e.row.joined_round,
            removable: u32::try_from(e.row.joined_round).is_ok_and(|joined| joined > played),
            handed: e
                .players
                .iter()
                .filter(|p| p.stand_in)
                .map(|p| p.id)
                .collect(),
        })
        .collect();
    let options = data
        .seating_options
        .iter()
        .enumerate()
        .map(|(i, plan)| SeatOption {
            value: match plan.remainder {
                Remainder::MixedTables => "mixed_tables",
                Remainder::Byes => "byes",
                Remainder::Bots => "bots",
            },
            description: words::plan(lang, plan, &event.settings),
            proposal: i == 0,
            warning: plan
                .warning
                .as_ref()
                .and_then(|_| words::plan_warning(lang, plan, &event.settings)),
        })
        .collect();
    let panel = fragment(&round_panel(data.panel, csrf, draft, lang))?;
    let correctable = entries.iter().map(|e| (e.name(), e.id)).collect();
    let active = entries.iter().filter(|e| !e.withdrawn).count();
    let next_step = match (latest, active) {
        (_, _) if event.is_closed() => lang.t("host-next-closed"),
        (_, _) if event.is_finished() => lang.t("host-next-provisional"),
        (None, n) if n < 2 => lang.t("host-next-add-guests"),
        (None, _) => lang.t("host-next-seat-first"),
        (Some((number, RoundState::Seated)), _) => {
            lang.msg("host-next-seated").arg("round", number).text()
        }
        (Some((_, RoundState::Closed)), _) => lang.t("host-next-seat-next"),
        (Some((number, _)), _) => lang.msg("host-next-under-way").arg("round", number).text(),
    };
    Ok(Console {
        layout: Layout::default(),
        summary: words::summary(lang, &event),
        partners: event.settings.table_size.partners(),
        has_password: event.row.host_password_hash.is_some(),
        private_views: event.row.private_views,
        event,
        entries,
        can_seat: data.can_seat,
        options,
        panel,
        corrections: data.corrections,
        closed_rounds: data.closed_rounds,
        correctable,
        next_step,
        address_warning: None,
        returning: data.returning,
        series: data.series,
        in_play: matches!(
            latest,
            Some((
                _,
                RoundState::Running | RoundState::Paused | RoundState::Over
            ))
        ),
    })
}

/// Who entered a card, by name: a stored "side N" is the entry on side N of the table.
fn entered_by(by: &str, entries: &[(EntryId, usize)], names: &BTreeMap<EntryId, Named>) -> String {
    by.strip_prefix("side ")
        .and_then(|side| side.parse::<usize>().ok())
        .and_then(|side| entries.iter().find(|&&(_, s)| s == side))
        .map_or_else(
            || by.to_owned(),
            |&(entry, _)| view::named(names, entry).name,
        )
}

/// The score card forms of the paper tables: each side's card as it stands, or as this
/// browser typed it when it was refused (`draft`).
fn card_views(
    data: &PanelData,
    names: &BTreeMap<EntryId, Named>,
    sheets: &view::Sheets,
    draft: Option<&CardDraft>,
    lang: Lang,
) -> BTreeMap<i32, Vec<CardView>> {
    let Some(picture) = &data.board.round else {
        return BTreeMap::new();
    };
    let round_number = i32::try_from(picture.number).unwrap_or(0);
    let mut views = BTreeMap::new();
    for table in picture.tables.iter().filter(|t| t.paper) {
        let rows = sheets.rows(table.entries.len());
        let sheet = sheets.sheet(table.entries.len());
        let cards = data.cards.get(&table.number);
        let mut lines = Vec::new();
        for &(entry, side) in &table.entries {
            let stored = cards.and_then(|c| c.iter().find(|c| c.side == side));
            let card = stored.and_then(|c| c.card.as_ref());
            let form = round::console_card_form(round_number, table.number, side);
            let draft = draft.filter(|d| d.form == form);
            let hands = match sheet {
                Some(sheet) => paper_card::hand_rows(
                    lang,
                    &format!("card-{}-{side}-", table.number),
                    sheet,
                    draft,
                    card,
                ),
                None => Vec::new(),
            };
            lines.push(CardView {
                side,
                name: view::named(names, entry).name,
                status: match stored {
                    Some(c) if c.confirmed => "confirmed",
                    Some(c) if c.card.is_some() => "to confirm",
                    _ => "missing",
                },
                entered_by: stored
                    .and_then(|c| c.entered_by.as_deref())
                    .map(|by| entered_by(by, &table.entries, names))
                    .unwrap_or_default(),
                score: stored.and_then(|c| c.score),
                values: match (card, sheet) {
                    (Some(card), Some(sheet)) => card
                        .0
                        .iter()
                        .enumerate()
                        .map(|(i, hand)| {
                            let counts = rows
                                .iter()
                                .map(|row| (view::row_label(lang, row), hand.count(row.id)))
                                .collect();
                            (i + 1, counts, hand.score(sheet))
                        })
                        .collect(),
                    _ => Vec::new(),
                },
                total: paper_card::hands_total(&hands),
                hands,
                problem: draft.and_then(|d| d.problem("")),
            });
        }
        views.insert(table.number, lines);
    }
    views
}

/// The round panel of the console, for the page and for live updates, in `lang` (the
/// console's: see [`crate::web::pages::Layout::in_language`]); `draft` is the score card this
/// browser typed that was refused, if any.
pub fn round_panel(
    data: PanelData,
    csrf: String,
    draft: Option<&CardDraft>,
    lang: Lang,
) -> RoundPanel {
    let event = &data.board.event;
    let names = view::names(&data.board.entries);
    let sheets = view::Sheets::of(&event.settings);
    let cards = card_views(&data, &names, &sheets, draft, lang);
    let round = data
        .board
        .round
        .as_ref()
        .map(|r| view::round_view(r, &names));
    let mut closing = Vec::new();
    let mut closing_problem = None;
    match (&data.closing, &data.board.round) {
        (Some(Ok(preview)), Some(picture)) => {
            let choices: BTreeMap<u32, EntryId> = picture
                .tables
                .iter()
                .filter_map(|t| Some((u32::try_from(t.number).ok()?, t.host_choice?)))
                .collect();
            for outcome in &preview.tables {
                let tied = match &outcome.decision {
                    tournament::MoverDecision::MostMiles => &[][..],
                    tournament::MoverDecision::Cut { tied, .. }
                    | tournament::MoverDecision::Host { tied, .. } => &tied[..],
                };
                closing.push(ClosingLine {
                    table: outcome.table,
                    mover: view::named(&names, outcome.mover).name,
                    decision: view::decision_text(
                        lang,
                        &outcome.decision,
                        Some(outcome.mover),
                        &names,
                    ),
                    tied: tied
                        .iter()
                        .filter_map(|id| names.get(id).cloned())
                        .collect(),
                    chosen: choices.get(&outcome.table).copied(),
                });
            }
        }
        (Some(Err(problem)), _) => closing_problem = Some(lang.say(problem)),
        _ => {}
    }
    let more_rounds = match event.settings.length {
        tournament::EventLength::Rounds { rounds } => {
            round.as_ref().is_none_or(|r| r.number < rounds)
        }
        tournament::EventLength::TimeLimit { .. } => true,
    };
    let ties = data
        .board
        .round
        .iter()
        .flat_map(|r| &r.tables)
        .filter_map(|table| match &table.tie {
            Some(
                decision @ (tournament::MoverDecision::Cut { .. }
                | tournament::MoverDecision::Host { .. }),
            ) => Some((
                table.number,
                view::decision_text(lang, decision, table.mover, &names),
            )),
            _ => None,
        })
        .collect();
    RoundPanel {
        lang,
        ties,
        csrf,
        event: event.id(),
        round,
        closing,
        closing_problem,
        finished: event.is_finished(),
        closed: event.is_closed(),
        more_rounds,
        sheets,
        cards,
    }
}

/// The console's round panel, live: redrawn for this host's browser when the event changes.
async fn console_live(
    app: web::Data<App>,
    hub: web::Data<Hub>,
    visitor: Visitor,
    path: web::Path<i64>,
) -> Result<impl actix_web::Responder, PageError> {
    let id = path.into_inner();
    let Some(host) = visitor.host_key(id) else {
        return Err(events::host_refusal().into());
    };
    let csrf = visitor.csrf();
    // A score card this browser typed and the server refused stays on its form (every console
    // form reloads the page, so the stream always starts with the current one).
    let draft = visitor.card_draft();
    let reader = visitor.lang();
    // The panel is drawn for this browser alone (its forms carry the browser's token), and
    // paced by what it costs to draw, as the projector is: a console of a thousand tables
    // takes tens of milliseconds a drawing, and redrawing it every 400 ms whatever that cost
    // took a twentieth of the server from the moves. Its tabs share the drawing.
    let slot = hub.drawings().slot(("console", id, csrf.clone()));
    let allowed = host.clone();
    Ok(crate::web::pages::shared_live_stream(
        app,
        hub.listen(Audience::Event(id)),
        Duration::from_millis(400),
        slot,
        move |app| app.read_as_host(&allowed, |_, _| Ok(())),
        move |app| {
            let panel = console::round_panel(app, &host)?;
            let lang =
                crate::web::pages::event_page_lang(reader, panel.board.event.settings.language);
            let panel = round_panel(panel, csrf.clone(), draft.as_ref(), lang);
            Ok(vec![("round-panel", fragment(&panel)?)])
        },
    ))
}
