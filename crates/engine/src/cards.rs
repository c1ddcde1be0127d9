//! What the packs of every rule set share: a kind of card named by an identifier, and hands
//! and piles as counts per kind.
//!
//! Each rule set keeps its own card list, names and card rules in its `cards.rs`; this module
//! holds what is the same in all of them. Cards of one kind are indistinguishable, so a hand or
//! a pile is a [`Counts`]: a fixed-size array, no heap, which is what keeps a state a few
//! hundred bytes and self-play allocation-free.

use std::fmt;
use std::marker::PhantomData;

/// A kind of card of one rule set, named in JSON by a short identifier.
///
/// A rule set's card is a `#[repr(u8)]` enum whose discriminants run from 0 in the order of
/// [`CardKind::all`]; [`card_kind!`](crate::card_kind) writes this impl for it.
pub trait CardKind: Copy + Eq + Ord + std::hash::Hash + fmt::Debug + Send + Sync + 'static {
    /// Every kind, in the order the rule set lays out a fresh pack.
    fn all() -> &'static [Self];
    /// The kind's position in [`CardKind::all`]: its index in a [`Counts`].
    fn index(self) -> usize;
    /// The identifier used in JSON ("go", "mile5").
    fn id(self) -> &'static str;
    /// A name for people.
    fn name(self) -> &'static str;
    /// The message id of the card's name, for the reader's language to say (`t26-card-go`).
    fn message(self) -> &'static str;
    /// The kind for a bit position of a set of kinds (as `trailing_zeros` gives).
    fn from_bit(bit: u32) -> Self;
    /// The kind named by an identifier.
    fn from_id(id: &str) -> Option<Self> {
        Self::all().iter().copied().find(|c| c.id() == id)
    }
    /// Every identifier, for error messages.
    fn id_list() -> String {
        Self::all()
            .iter()
            .map(|c| c.id())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Writes what every rule set's card enum has in common: `index` and `from_bit` (the card for
/// a bit of a set of kinds, through a table of `$bits` entries, so a hot loop needs no bounds
/// check), the [`CardKind`] impl over the enum's own `ALL`, `id` and `name`, and `Display` (the
/// name printed on the card). Invoked next to the enum, after `KINDS` and `Card::ALL`.
#[macro_export]
macro_rules! card_kind {
    ($card:ident, bits: $bits:literal) => {
        impl $card {
            /// The card's position in [`Card::ALL`](Self::ALL).
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The card for a bit position of a set of kinds (as `trailing_zeros` gives).
            /// The table covers every bit of the set, so the lookup needs no bounds check.
            #[inline]
            pub const fn from_bit(bit: u32) -> $card {
                const BY_BIT: [$card; $bits] = {
                    let mut table = [$card::ALL[0]; $bits];
                    let mut i = 0;
                    while i < $card::ALL.len() {
                        table[i] = $card::ALL[i];
                        i += 1;
                    }
                    table
                };
                BY_BIT[(bit & ($bits - 1)) as usize]
            }
        }

        impl $crate::CardKind for $card {
            fn all() -> &'static [$card] {
                &$card::ALL
            }
            #[inline]
            fn index(self) -> usize {
                self as usize
            }
            fn id(self) -> &'static str {
                $card::id(self)
            }
            fn name(self) -> &'static str {
                $card::name(self)
            }
            fn message(self) -> &'static str {
                $card::message(self)
            }
            #[inline]
            fn from_bit(bit: u32) -> $card {
                $card::from_bit(bit)
            }
        }

        impl ::std::fmt::Display for $card {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        #[cfg(test)]
        mod card_kind_tests {
            use super::$card;
            use $crate::CardKind;

            #[test]
            fn card_ids_round_trip_and_match_serde() {
                for card in $card::ALL {
                    assert_eq!(<$card as CardKind>::from_id(card.id()), Some(card));
                    let json = serde_json::to_string(&card).expect("serialise");
                    assert_eq!(json, format!("\"{}\"", card.id()));
                    assert_eq!($card::ALL[card.index()], card);
                    assert_eq!($card::from_bit(card.index() as u32), card);
                    let message = card.message();
                    assert!(
                        message.ends_with(&format!("-card-{}", card.id())),
                        "{message} names {}",
                        card.id()
                    );
                }
                assert_eq!(<$card as CardKind>::from_id("no_such_card"), None);
            }
        }
    };
}

/// Declares a rule set's kinds of card from one list: the enum, numbered in the order listed
/// (so a kind indexes [`Counts`] and is a bit of a set of kinds) and named in JSON in snake
/// case; `KINDS`, how many there are; and `ALL`, every kind in that order (the order of the
/// protocol's card list and of a fresh pack). [`card_kind!`] then adds the rest.
#[macro_export]
macro_rules! card_enum {
    ($(#[$meta:meta])* $card:ident { $($variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::serde::Serialize,
            ::serde::Deserialize,
        )]
        #[serde(rename_all = "snake_case")]
        #[repr(u8)]
        pub enum $card {
            $($variant),+
        }

        /// How many kinds of card there are.
        pub const KINDS: usize = [$(stringify!($variant)),+].len();

        impl $card {
            /// Every kind, in the order of the protocol's card list (and of a fresh pack).
            pub const ALL: [$card; KINDS] = [$($card::$variant),+];
        }
    };
}

/// A multiset of the cards of one rule set: how many of each of its `N` kinds. A rule set
/// names it for its own card (`type Counts = cards::Counts<Card, KINDS>`).
pub struct Counts<C, const N: usize>(pub [u8; N], PhantomData<C>);

impl<C: CardKind, const N: usize> Counts<C, N> {
    /// No cards.
    pub const EMPTY: Self = Counts([0; N], PhantomData);

    /// These counts, in the order of the kinds.
    #[inline]
    pub const fn new(counts: [u8; N]) -> Self {
        Counts(counts, PhantomData)
    }

    /// How many cards of this kind.
    #[inline]
    pub fn get(&self, card: C) -> u8 {
        self.0[card.index()]
    }

    /// Adds `n` cards of a kind.
    #[inline]
    pub fn add(&mut self, card: C, n: u8) {
        self.0[card.index()] += n;
    }

    /// Removes `n` cards of a kind; the caller has checked there are enough.
    #[inline]
    pub fn remove(&mut self, card: C, n: u8) {
        debug_assert!(
            self.0[card.index()] >= n,
            "removing a card that is not there"
        );
        self.0[card.index()] -= n;
    }

    /// How many cards in all.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Adds every card of another multiset.
    pub fn add_all(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }

    /// The cards one by one, in the order of the kinds.
    pub fn cards(&self) -> impl Iterator<Item = C> + '_ {
        C::all()
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, usize::from(self.get(c))))
    }
}

// Written out rather than derived: a derive would ask the card type for each trait through the
// marker, and `Debug` keeps the plain `Counts([..])` form.
impl<C, const N: usize> Clone for Counts<C, N> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<C, const N: usize> Copy for Counts<C, N> {}

impl<C, const N: usize> Default for Counts<C, N> {
    fn default() -> Self {
        Counts([0; N], PhantomData)
    }
}

impl<C, const N: usize> PartialEq for Counts<C, N> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<C, const N: usize> Eq for Counts<C, N> {}

impl<C, const N: usize> std::hash::Hash for Counts<C, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<C, const N: usize> fmt::Debug for Counts<C, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Counts").field(&self.0).finish()
    }
}
