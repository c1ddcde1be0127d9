//! `touring engine`: the engine protocol over standard input and output.

use std::io::{self, BufRead, Write};

use crate::protocol::{MAX_LINE, Reply, Session};

/// Runs the protocol until `quit` or the end of input.
pub fn run() -> Result<(), String> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let mut session = Session::new();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let (read, complete) = read_line_capped(&mut input, &mut buffer, MAX_LINE)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if read == 0 {
            return Ok(());
        }
        let reply = if !complete {
            Session::too_long()
        } else {
            match std::str::from_utf8(&buffer) {
                Ok(line) => session.handle_line(line.trim_end_matches(['\n', '\r'])),
                Err(_) => Session::not_utf8(),
            }
        };
        let Reply { line, quit } = reply;
        writeln!(output, "{line}")
            .and_then(|()| output.flush())
            .map_err(|e| format!("cannot write standard output: {e}"))?;
        if quit {
            return Ok(());
        }
    }
}

/// Reads one line into `buffer`, keeping at most `max` bytes; a longer line is consumed to its
/// end and reported as incomplete. Returns the bytes read (0 at end of input).
fn read_line_capped(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    max: usize,
) -> io::Result<(usize, bool)> {
    let mut total = 0;
    let mut complete = true;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok((total, complete));
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let len = chunk.len();
        if buffer.len() + len <= max {
            buffer.extend_from_slice(chunk);
        } else {
            complete = false;
        }
        input.consume(len);
        total += len;
        if done {
            return Ok((total, complete));
        }
    }
}
