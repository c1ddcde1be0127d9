//! Progressive events: entries, seating, movement and standings. Pure: no I/O.
