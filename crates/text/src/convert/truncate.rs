//! The one place a reply's text is cut: at most a size, at a line end when one is near, never
//! inside an open code fence.

/// A problem's whole text is at most this many bytes, header included.
pub const MAX_TEXT_BYTES: usize = 100 * 1024;

/// Suffix appended by [`truncate`] when it cuts.
const TRUNCATED_SUFFIX: &str = "\n\n... (truncated)";

/// Whether a statement was cut by [`truncate`] (it ends with the notice).
pub fn is_truncated(markdown: &str) -> bool {
    markdown.ends_with(TRUNCATED_SUFFIX)
}

/// Cut to at most `max` bytes in all, ending with `"\n\n... (truncated)"` when cut (a `max`
/// too small for that notice gives the notice alone). The cut is at a line end when one is
/// near, else at a char boundary; a cut inside a fenced code block closes the block first, so
/// the notice is never read as code. The one place a reply's text is cut.
pub fn truncate(mut s: String, max: usize) -> String {
    if s.len() <= max {
        return s;
    }
    let mut room = max.saturating_sub(TRUNCATED_SUFFIX.len());
    // The closing fence takes room too, and a shorter cut may sit in another block: a couple of
    // rounds settle it (each round only shortens the cut).
    for _ in 0..4 {
        let cut = cut_point(&s, room);
        let close = super::open_fence(&s[..cut]);
        let need = close.as_ref().map_or(0, |c| c.len() + 1);
        if cut == 0 {
            break;
        }
        if cut + need + TRUNCATED_SUFFIX.len() <= max {
            s.truncate(cut);
            if let Some(close) = close {
                s.push('\n');
                s.push_str(&close);
            }
            s.push_str(TRUNCATED_SUFFIX);
            return s;
        }
        room = room.saturating_sub(need);
    }
    TRUNCATED_SUFFIX.trim_start().to_string()
}

/// Where to cut `s` to keep at most `room` bytes: the last line end in the final kilobyte, else
/// the last char boundary.
fn cut_point(s: &str, room: usize) -> usize {
    let cut = s.floor_char_boundary(room);
    match s[..cut].rfind('\n') {
        Some(p) if cut - p <= 1024 => p,
        _ => cut,
    }
}
