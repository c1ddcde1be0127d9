//! What the steady bots of the two Touring games (1926 and 1937-1958) judge alike: they are one
//! game with other cards and numbers (see `engine::touring_family`).

/// Whether one more mileage card on pile `pile` completes the trip, given the room each pile
/// has left: every other pile is full and this one lacks one card at most.
#[inline]
pub fn completes_trip(room: [u8; 4], pile: usize) -> bool {
    room.iter()
        .enumerate()
        .all(|(i, &r)| if i == pile { r <= 1 } else { r == 0 })
}

/// What keeping the `copies`-th Go is worth (the one a discard would throw), when the side
/// needs `need` next (`go` being the game's Go card), or while it runs: `running`, the worth of
/// a first, a second and any further Go.
#[inline]
pub fn go_keep_value<C: PartialEq>(need: Option<C>, go: C, copies: u8, running: [i32; 3]) -> i32 {
    match need {
        Some(card) if card == go => 200,
        Some(_) if copies <= 1 => 150,
        Some(_) => 10,
        None => running[usize::from(copies.clamp(1, 3)) - 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_trip_counts_the_room_after_the_card() {
        let after = |room: [u8; 4], p: usize| -> u8 {
            room.iter()
                .enumerate()
                .map(|(i, &r)| if i == p { r.saturating_sub(1) } else { r })
                .sum()
        };
        for a in 0..3u8 {
            for b in 0..3u8 {
                for c in 0..3u8 {
                    for d in 0..3u8 {
                        for p in 0..4 {
                            let room = [a, b, c, d];
                            assert_eq!(
                                completes_trip(room, p),
                                after(room, p) == 0,
                                "{room:?} {p}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn go_is_kept_as_the_need_and_the_copies_say() {
        assert_eq!(go_keep_value(Some(0), 0, 3, [60, 20, 2]), 200);
        assert_eq!(go_keep_value(Some(1), 0, 1, [60, 20, 2]), 150);
        assert_eq!(go_keep_value(Some(1), 0, 2, [60, 20, 2]), 10);
        assert_eq!(go_keep_value(None::<u8>, 0, 0, [60, 20, 2]), 60);
        assert_eq!(go_keep_value(None::<u8>, 0, 1, [60, 20, 2]), 60);
        assert_eq!(go_keep_value(None::<u8>, 0, 2, [60, 20, 2]), 20);
        assert_eq!(go_keep_value(None::<u8>, 0, 5, [60, 20, 2]), 2);
    }
}
