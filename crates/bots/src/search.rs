//! The search the shrewd bots of every rule set share: candidates compared in common deals,
//! with sequential halving (see `docs/bots.md`).
//!
//! - **Common deals.** All candidates are compared in the same deals, so the luck of the deal
//!   cancels out of their differences; only the effect of the action remains.
//! - **Sequential halving.** The budget is split into rounds; after each round the worse half
//!   of the candidates is dropped, so most playouts go to the moves that are close.
//!
//! With [`Budget::Playouts`] the search is deterministic for a given random seed; with
//! [`Budget::Time`] it measures its speed on the first deals and spends the time it was given.

use std::time::Instant;

use arrayvec::ArrayVec;

use super::{BotRng, Budget};
use touring_engine::{ActionList, MAX_ACTIONS, NoEvents, Rules};

/// A search bot: its budget per move and the knobs of its rule set's search.
#[derive(Clone, Copy, Debug)]
pub struct ShrewdBot<P> {
    pub(crate) budget: Budget,
    pub(crate) params: P,
}

impl<P: Default> ShrewdBot<P> {
    /// A search bot with a budget per move.
    pub fn new(budget: Budget) -> Self {
        ShrewdBot {
            budget,
            params: P::default(),
        }
    }
}

impl<P> ShrewdBot<P> {
    /// A search bot with other knobs (for experiments).
    pub fn with_params(budget: Budget, params: P) -> Self {
        ShrewdBot { budget, params }
    }

    /// How the shrewd bot of every rule set chooses among the `legal` actions: in steady's
    /// order ([`pick`]), searching those `worth_searching` over the deals of the unseen cards
    /// that `deal` draws; each candidate is played in the deal, the game is played forward and
    /// `playout` scores it (an action the deal refuses scores 0).
    #[allow(clippy::too_many_arguments)]
    pub fn choose<S: Rules + Clone>(
        &self,
        legal: &[S::Action],
        steady_scores: &[i32; MAX_ACTIONS],
        z: f64,
        rng: &mut BotRng,
        worth_searching: impl Fn(S::Action) -> bool,
        deal: &mut dyn FnMut(&mut BotRng) -> S,
        playout: impl Fn(&mut S) -> f64,
    ) -> Option<S::Action> {
        pick(legal, steady_scores, worth_searching, |candidates| {
            search(
                candidates,
                self.budget,
                z,
                rng,
                deal,
                &mut |mut game: S, action| {
                    if game.apply(action, &mut NoEvents).is_err() {
                        return 0.0;
                    }
                    playout(&mut game)
                },
            )
        })
    }
}

/// Plays a game forward with `choose` at every seat until it is over, or `limit` turns have
/// been played, or `choose` has nothing to play (or the game refuses what it chose): a
/// playout of the search bots.
#[inline]
pub fn play_forward<S: Rules>(
    game: &mut S,
    limit: u32,
    mut choose: impl FnMut(&S, &[S::Action]) -> Option<S::Action>,
) {
    let mut legal = ActionList::new();
    while !game.is_over() && game.turn() < limit {
        game.legal_actions(&mut legal);
        let Some(action) = choose(game, &legal) else {
            break;
        };
        if game.apply(action, &mut NoEvents).is_err() {
            break;
        }
    }
}

/// How a shrewd bot of every rule set chooses: the legal actions in steady's order (`scores`,
/// highest first; ties keep the listed order), less those not `worth_searching`. None left: the
/// first legal action; one: that one; more: `search` over them (steady's choice first).
pub fn pick<A: Copy>(
    legal: &[A],
    scores: &[i32; MAX_ACTIONS],
    worth_searching: impl Fn(A) -> bool,
    search: impl FnOnce(&[A]) -> A,
) -> Option<A> {
    let mut order: ArrayVec<usize, MAX_ACTIONS> = (0..legal.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
    let mut candidates = ActionList::new();
    for &i in &order {
        if worth_searching(legal[i]) {
            candidates.push(legal[i]);
        }
    }
    match candidates.len() {
        0 => legal.first().copied(),
        1 => candidates.first().copied(),
        _ => Some(search(&candidates)),
    }
}

/// What the search has learnt about one candidate.
#[derive(Clone, Copy, Debug, Default)]
struct Arm {
    /// Deals it was played in.
    deals: u32,
    /// Sum and sum of squares of its score minus the steady choice's score in the same deal.
    diff: f64,
    diff_squares: f64,
}

impl Arm {
    fn record(&mut self, diff: f64) {
        self.deals += 1;
        self.diff += diff;
        self.diff_squares += diff * diff;
    }

    fn mean(&self) -> f64 {
        self.diff / f64::from(self.deals.max(1))
    }

    /// The standard error of the mean difference (infinite before two deals).
    fn standard_error(&self) -> f64 {
        if self.deals < 2 {
            return f64::INFINITY;
        }
        let n = f64::from(self.deals);
        let variance = ((self.diff_squares - self.diff * self.diff / n) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }

    /// How much better than the first choice the candidate is, at worst, at `z` standard
    /// errors of confidence.
    fn lower_bound(&self, z: f64) -> f64 {
        self.mean() - z * self.standard_error()
    }

    /// How much better than the first choice the candidate is, at best.
    fn upper_bound(&self, z: f64) -> f64 {
        self.mean() + z * self.standard_error()
    }
}

/// The search over `candidates` (at least two, steady's choice first).
///
/// Every deal scores the steady choice and each surviving candidate, and each candidate
/// records its difference from the steady choice in that deal. After each round the worse half
/// of the other candidates is dropped; the steady choice always stays. At the end the best
/// candidate is played only if it beats the steady choice by more than `z` standard
/// errors: a search that cannot tell moves apart should not trade a sound rule for noise.
pub fn search<S: Clone, A: Copy>(
    candidates: &[A],
    budget: Budget,
    z: f64,
    rng: &mut BotRng,
    sample: &mut dyn FnMut(&mut BotRng) -> S,
    evaluate: &mut dyn FnMut(S, A) -> f64,
) -> A {
    let count = candidates.len();
    let mut arms = [Arm::default(); MAX_ACTIONS];
    // The other candidates still in the running (the first choice, 0, always is).
    let mut alive: ArrayVec<usize, MAX_ACTIONS> = (1..count).collect();
    let rounds = usize::BITS - (count - 1).leading_zeros();
    let start = Instant::now();
    let mut total_playouts = match budget {
        Budget::Playouts(n) => u64::from(n),
        // Unknown until the first deal has been played and timed.
        Budget::Time(_) => u64::MAX,
    };
    let mut used = 0u64;
    let mut calibrating = matches!(budget, Budget::Time(_));
    'rounds: for round in 0..rounds {
        let remaining_rounds = u64::from(rounds - round);
        let share = |total: u64, used: u64, arms: usize| {
            (total.saturating_sub(used) / remaining_rounds / arms as u64).max(2)
        };
        let mut deals_wanted = share(total_playouts, used, alive.len() + 1);
        let mut deals = 0;
        while deals < deals_wanted {
            let deal = sample(rng);
            let base = evaluate(deal.clone(), candidates[0]);
            for &index in &alive {
                let value = evaluate(deal.clone(), candidates[index]);
                arms[index].record(value - base);
            }
            used += alive.len() as u64 + 1;
            deals += 1;
            if let Budget::Time(limit) = budget {
                if calibrating {
                    // One deal played: now the speed is known, and so is the budget.
                    calibrating = false;
                    let rate = used as f64 / start.elapsed().as_secs_f64().max(1e-9);
                    total_playouts = ((rate * limit.as_secs_f64()) as u64).max(used);
                    deals_wanted = share(total_playouts, 0, alive.len() + 1);
                }
                if start.elapsed() >= limit {
                    break 'rounds;
                }
            }
        }
        // Drop the candidates that are clearly worse than the first choice: they can no longer
        // be played. When none is left, the first choice stands and the rest of the budget is
        // saved for moves that are closer.
        alive.retain(|&mut index| arms[index].upper_bound(z) >= 0.0);
        if alive.is_empty() || round + 1 == rounds {
            break;
        }
        // Keep the better half of the others; ties to the one steady prefers (listed first).
        let keep = alive.len().div_ceil(2);
        alive.sort_by(|&a, &b| arms[b].mean().total_cmp(&arms[a].mean()).then(a.cmp(&b)));
        alive.truncate(keep);
    }
    let mut best = 0;
    let mut best_mean = 0.0;
    for &index in &alive {
        let arm = &arms[index];
        if arm.lower_bound(z) > 0.0 && arm.mean() > best_mean {
            best = index;
            best_mean = arm.mean();
        }
    }
    candidates[best]
}
