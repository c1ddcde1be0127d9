//! Why a game cannot be set up, and the refusals every rule set shares. Every message says what
//! was wrong in the words of the rules, so a player (or a bot author) knows what to do instead.

use super::{CardKind, Counts, Seat, Side};

/// A game that cannot be set up as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown rules \"{asked}\"; the rules available are: {available}")]
    UnknownRules { asked: String, available: String },
    #[error("a game has 2 to 6 players, not {0}")]
    Players(u64),
    #[error("partners play four or six at a table, so {0} players cannot play partners")]
    Partners(u8),
    #[error("{rules} is played by {allowed}, not by {players}")]
    NotPlayable {
        rules: &'static str,
        players: String,
        allowed: &'static str,
    },
    #[error("unknown card \"{asked}\"; the cards of {rules} are {available}")]
    UnknownCard {
        rules: &'static str,
        asked: String,
        available: String,
    },
    #[error("{rules} has no option \"{option}\"")]
    NoSuchOption {
        rules: &'static str,
        option: &'static str,
    },
    #[error("a table of {rules} cannot play with the options of {options}")]
    OtherRulesOptions {
        rules: &'static str,
        options: &'static str,
    },
    #[error(
        "the deck list asks for {asked} {card} cards but this pack has only {available} (some tables play without a few delay cards)"
    )]
    StackedDeck {
        card: &'static str,
        asked: u32,
        available: u32,
    },
}

/// A refusal that has nothing to do with the cards: the game is over, or it is another seat's
/// turn. Every rule set's own refusals can be made from one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TurnRefusal {
    #[error("the game is over: side {winner} has won")]
    GameOver { winner: Side },
    #[error("it is not seat {seat}'s turn: seat {to_move} is to play")]
    NotYourTurn { seat: Seat, to_move: Seat },
}

/// The pack less the `stacked` cards that come off its top first, or why the pack cannot give
/// them: the same check in every rule set's deal.
pub fn unstacked<C: CardKind, const N: usize>(
    pack: Counts<C, N>,
    stacked: &[C],
) -> Result<Counts<C, N>, SetupError> {
    let mut rest = pack;
    for &card in stacked {
        if rest.get(card) == 0 {
            let asked = stacked.iter().filter(|&&c| c == card).count();
            return Err(SetupError::StackedDeck {
                card: card.id(),
                asked: asked as u32,
                available: u32::from(pack.get(card)),
            });
        }
        rest.remove(card, 1);
    }
    Ok(rest)
}

/// Seats a configuration the rule set finds `playable`, and refuses any other: `alone` names a
/// table where each plays for himself ("players", "players each for himself"); `allowed` says
/// who may play.
pub fn seat_if(
    playable: bool,
    rules: super::RulesId,
    config: super::Config,
    alone: &str,
    allowed: &'static str,
) -> Result<(), SetupError> {
    if playable {
        return Ok(());
    }
    Err(SetupError::NotPlayable {
        rules: rules.name(),
        players: if config.partners {
            format!("{} players in partnerships", config.players)
        } else {
            format!("{} {alone}", config.players)
        },
        allowed,
    })
}
