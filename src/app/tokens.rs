//! Secrets in links: 128 random bits, shown once, stored only as a SHA-256 hash.
//!
//! A token has as much entropy as a key, so a fast hash is enough (passwords, which people
//! choose, get argon2 instead). Looking a token up by its hash means the database never holds
//! anything that would let a reader act as the host or a player.

use rand::Rng;
use sha2::{Digest, Sha256};

/// A new random token: 32 lowercase hex digits (128 bits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The stored form of a token.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Does a presented token have the shape of one of ours? (Refuse anything else unread.)
pub fn looks_like_token(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Compares two hashes in constant time.
pub fn same_hash(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = new_token();
        let b = new_token();
        assert!(looks_like_token(&a));
        assert_ne!(a, b);
        assert_eq!(hash_token(&a).len(), 64);
        assert!(same_hash(&hash_token(&a), &hash_token(&a)));
        assert!(!same_hash(&hash_token(&a), &hash_token(&b)));
        assert!(!looks_like_token("not a token"));
    }
}
