//! Appending one line: the file opened for append (`O_APPEND`, created `0600` on Unix, its folder
//! `0700`), the whole line handed to ONE `write`. The kernel places each append at the end as a
//! whole, so servers writing at once never interleave their lines. Opened per line, not kept: a
//! log the user deletes or moves while a server runs is simply started afresh.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// Appends `line` (one JSON text, no newline) and a newline to `path`, creating the file and its
/// folder. A file whose last line a crash cut short gets a newline first, so the cut line stays
/// one skipped line instead of swallowing this one. Another server's line that crosses a page
/// may be seen half written (the kernel grows the file a page at a time): then this line is
/// preceded by a blank one, which readers pass over (`read`), never by a cut one.
pub(crate) fn line(path: &Path, line: &str) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        create_dir(dir)?;
    }
    let mut file = open(path)?;
    let mut buf = Vec::with_capacity(line.len() + 2);
    if !ends_with_newline(&mut file)? {
        buf.push(b'\n');
    }
    buf.extend_from_slice(line.as_bytes());
    buf.push(b'\n');
    let n = file.write(&buf)?;
    if n != buf.len() {
        // A short write (a full disk): the rest is not retried, as a second write could land after
        // another server's line. The part written is a cut line, skipped when read.
        return Err(io::Error::new(io::ErrorKind::WriteZero, format!("wrote {n} of {} bytes", buf.len())));
    }
    Ok(())
}

#[cfg(unix)]
fn create_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

#[cfg(not(unix))]
fn create_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)
}

#[cfg(unix)]
fn open(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new().read(true).append(true).create(true).mode(0o600).open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).append(true).create(true).open(path)
}

/// Whether the file is empty or ends with a newline (one byte read at the end; a device such as
/// `/dev/null`, which cannot seek, counts as ending with one).
fn ends_with_newline(file: &mut File) -> io::Result<bool> {
    let Ok(len) = file.seek(SeekFrom::End(0)) else { return Ok(true) };
    if len == 0 {
        return Ok(true);
    }
    file.seek(SeekFrom::Start(len - 1))?;
    let mut last = [0u8];
    let n = file.read(&mut last)?;
    Ok(n == 0 || last[0] == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_whole_and_a_cut_line_stays_apart() {
        let dir = std::env::temp_dir().join(format!("oj-solvelog-append-{}", std::process::id()));
        let path = dir.join("sub").join("solves.jsonl");
        line(&path, "{\"a\":1}").unwrap();
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"{\"cut").unwrap();
        line(&path, "{\"b\":2}").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"a\":1}\n{\"cut\n{\"b\":2}\n");
        // A folder that cannot be made (its parent is a file) is an error, not a panic.
        assert!(line(&path.join("x").join("y.jsonl"), "{}").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
