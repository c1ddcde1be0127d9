//! Bots that play a seat, seeing only what that seat may see.
