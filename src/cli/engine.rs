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
                Ok(line) => session.handle_line(line),
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

/// Reads one line into `buffer` without its newline (`\n` or `\r\n`), keeping at most `max`
/// bytes of it: the newline does not count against the limit. A longer line is consumed to its
/// end and reported as incomplete. Returns the bytes read (0 at end of input).
fn read_line_capped(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    max: usize,
) -> io::Result<(usize, bool)> {
    let mut total = 0;
    // Room for the line and its newline: what is over `max` once the newline is gone is too long.
    let room = max + 2;
    let mut complete = true;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            break;
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let len = chunk.len();
        if complete && buffer.len() + len <= room {
            buffer.extend_from_slice(chunk);
        } else {
            complete = false;
        }
        input.consume(len);
        total += len;
        if done {
            break;
        }
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
    }
    Ok((total, complete && buffer.len() <= max))
}

#[cfg(test)]
mod tests {
    use super::read_line_capped;

    fn read(bytes: &[u8], max: usize) -> (Vec<u8>, usize, bool) {
        let mut buffer = Vec::new();
        let mut input = bytes;
        let (read, complete) = read_line_capped(&mut input, &mut buffer, max).expect("read");
        (buffer, read, complete)
    }

    #[test]
    fn the_newline_does_not_count_against_the_line_limit() {
        assert_eq!(read(b"abcd\n", 4), (b"abcd".to_vec(), 5, true));
        assert_eq!(read(b"abcd\r\n", 4), (b"abcd".to_vec(), 6, true));
        assert_eq!(read(b"abcd", 4), (b"abcd".to_vec(), 4, true));
        assert!(!read(b"abcde\n", 4).2);
        assert!(!read(b"abcde", 4).2);
        assert!(!read(b"abcdef\n", 4).2);
    }
}
