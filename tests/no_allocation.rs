//! Playing a game touches the heap only to build views and event lists that a caller asks
//! for: no allocation per decision in steady state. A counting allocator proves it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use touring::engine::shuffle::rng_from_seed;
use touring::engine::{
    ActionList, Config, Game, NoEvents, Rules, RulesId, mille_bornes, touring1926, touring1958,
};

struct Counting;

thread_local! {
    /// Allocations made by this thread. Only the test's own thread is counted: the test
    /// harness allocates on other threads whenever it likes.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn random_self_play_allocates_nothing_per_decision() {
    self_play_allocates_nothing::<touring1926::State>(RulesId::Touring1926);
}

#[test]
fn random_self_play_of_touring_1958_allocates_nothing_per_decision() {
    self_play_allocates_nothing::<touring1958::State>(RulesId::Touring1958);
    for players in [4, 6] {
        let config = Config::new(RulesId::Touring1958, players, Some(false)).expect("config");
        decisions_allocate_nothing::<touring1958::State>(config);
    }
}

#[test]
fn random_self_play_of_mille_bornes_allocates_nothing_per_decision() {
    for players in [2, 3, 4, 6] {
        let config = Config::new(RulesId::MilleBornes, players, None).expect("config");
        decisions_in_games_allocate_nothing::<mille_bornes::State>(config, 800);
    }
}

fn self_play_allocates_nothing<R: Rules>(rules: RulesId) {
    let config = Config::new(rules, 2, None).expect("config");
    decisions_allocate_nothing::<R>(config);
}

fn decisions_allocate_nothing<R: Rules>(config: Config) {
    decisions_in_games_allocate_nothing::<R>(config, 200);
}

/// As [`decisions_allocate_nothing`], over `games` games (a Mille Bornes hand is short: no
/// reshuffles).
fn decisions_in_games_allocate_nothing<R: Rules>(config: Config, games: u64) {
    // Everything is set up first; then thousands of decisions, reshuffles and new deals.
    let mut rng = rng_from_seed(1);
    let mut list = ActionList::new();
    let mut decisions = 0u64;
    let probe = allocations();
    let boxed = std::hint::black_box(Box::new(1u64));
    assert!(allocations() > probe, "the counter sees allocations");
    drop(boxed);
    let before = allocations();
    for seed in 0..games {
        let mut g = R::new_game(config, seed, &[]).expect("game");
        let mut g2 = Game::new(config, seed, &[]).expect("game");
        while !g.is_over() && g.turn() < 2000 {
            let action = g.random_action(&mut rng).expect("action");
            g.legal_actions(&mut list);
            assert!(list.contains(&action));
            g.apply(action, &mut NoEvents).expect("legal");
            decisions += 1;
            if let Some(a) = g2.random_action(&mut rng) {
                g2.apply(a, &mut NoEvents).expect("legal");
            }
        }
    }
    let after = allocations();
    assert!(decisions > 50_000, "{decisions} decisions");
    assert_eq!(
        after - before,
        0,
        "allocations during {decisions} decisions of {config:?}"
    );
}
