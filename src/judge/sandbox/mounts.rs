//! The mount table of a run confined by util-linux alone (no bubblewrap): read by one
//! `mount -n -c -a -T TABLE` that the run's init starts inside the run's new mount namespace,
//! before the program. The library has no unsafe code, so no `mount(2)` of its own: one `mount`
//! process does every mount of the table, in order (about 1 ms; one `mount` per mount point
//! would cost a process each).
//!
//! What the table does, in this order:
//! 1. the folders that must stay reachable under `/tmp` and `/run` (the run's folder, writable;
//!    a build folder or a `PATH` folder, read-only) are bound into a fresh tmpfs each, a staging
//!    folder inside the run's folder; a writable folder elsewhere is bound onto itself (its own
//!    mount, writable, before the covers below copy it);
//! 2. every entry of `/` but `/proc`, `/tmp` and `/run` is bound read-only onto itself (`rbind,ro`:
//!    the top of each copy is read-only, the mounts below it are copied as they were), then every
//!    writable mount point the same way, parents first. `mount -a` skips an entry whose target is
//!    already mounted from the same source, which a mount point bound onto itself would be: the
//!    target is written `POINT/.` and `-c` keeps it uncanonicalized, so the entry is mounted;
//! 3. `/dev/shm` gets a private tmpfs;
//! 4. the staging tmpfs replace `/tmp` and `/run` (a plain private tmpfs where nothing is kept).
//!
//! The table is made for each run from the mounts of the moment, and applied by the run's init.
//! The program then runs without capabilities (`setpriv --bounding-set=-all`), so it can neither
//! unmount a cover nor remount it writable; in a user namespace of its own the copies it gets are
//! locked read-only by the kernel. What stays writable: the run's folder, the private `/tmp`,
//! `/run` and `/dev/shm`, `/` itself where the user owns it (a root server), and FUSE mounts that
//! allow other users (bound, a FUSE mount would answer this user only; not touched at all, for a
//! mount whose server hangs would hang the run). Not covered either: `autofs` triggers (what they
//! mount is a mount point of its own, covered) and namespace files.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The folders replaced by the run's own: a fresh `/proc` (`unshare --mount-proc`), and private
/// tmpfs on `/tmp` and `/run` (sockets of the user's session live there: D-Bus, agents).
const REPLACED: [&str; 3] = ["/proc", "/tmp", "/run"];
/// The folders that get a private tmpfs, with the staging folder's name in the run's folder.
const PRIVATE: [(&str, &str); 2] = [("/run", ".oj-run"), ("/tmp", ".oj-tmp")];
/// Mounts never bound: triggers, namespace files, and `/proc`'s own.
const NEVER: [&str; 4] = ["autofs", "nsfs", "proc", "binfmt_misc"];
/// The source name of the run's tmpfs mounts (shown in its `/proc/self/mountinfo`).
const TMPFS: &str = "oj-judge";

/// A mount of the server's namespace, as `/proc/self/mountinfo` lists it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Mount {
    pub(super) point: PathBuf,
    pub(super) writable: bool,
    pub(super) fstype: String,
    /// The file system's own options (`allow_other` for FUSE).
    pub(super) options: String,
}

/// The mounts of `/proc/self/mountinfo`'s text: `ID PARENT DEV ROOT POINT OPTIONS [TAGS…] -
/// TYPE SOURCE SUPER-OPTIONS`, paths with octal escapes. A line that does not parse is skipped.
pub(super) fn parse_mountinfo(text: &[u8]) -> Vec<Mount> {
    let mut out = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        let fields: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
        let Some(dash) = fields.iter().position(|f| *f == b"-") else { continue };
        let (Some(point), Some(options), Some(fstype)) = (fields.get(4), fields.get(5), fields.get(dash + 1)) else {
            continue;
        };
        out.push(Mount {
            point: path(unescape(point)),
            writable: options.split(|&b| b == b',').any(|o| o == b"rw"),
            fstype: String::from_utf8_lossy(fstype).into_owned(),
            options: fields.get(dash + 3).map(|o| String::from_utf8_lossy(o).into_owned()).unwrap_or_default(),
        });
    }
    out
}

/// A path's bytes, as the table writes them.
fn bytes(p: &Path) -> &[u8] {
    p.as_os_str().as_encoded_bytes()
}

/// The path of mountinfo's bytes.
fn path(bytes: Vec<u8>) -> PathBuf {
    #[cfg(unix)]
    return PathBuf::from(<std::ffi::OsString as std::os::unix::ffi::OsStringExt>::from_vec(bytes));
    #[cfg(not(unix))]
    PathBuf::from(String::from_utf8_lossy(&bytes).into_owned())
}

/// `\040` and the other octal escapes of mountinfo, decoded.
fn unescape(field: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(field.len());
    let mut i = 0;
    while i < field.len() {
        let octal =
            field.get(i + 1..i + 4).filter(|d| field[i] == b'\\' && d.iter().all(|c| (b'0'..=b'7').contains(c)));
        match octal {
            Some(d) => {
                out.push(d.iter().fold(0u8, |n, c| n.wrapping_mul(8).wrapping_add(c - b'0')));
                i += 4;
            }
            None => {
                out.push(field[i]);
                i += 1;
            }
        }
    }
    out
}

/// A path as a field of the table: the bytes that would end the field or the line, octal.
fn field(out: &mut Vec<u8>, path: &[u8]) {
    for &b in path {
        if matches!(b, b' ' | b'\t' | b'\n' | b'\\' | b'#') {
            let _ = write!(out, "\\{b:03o}");
        } else {
            out.push(b);
        }
    }
}

/// One line: `SOURCE TARGET TYPE OPTIONS 0 0`.
fn line(out: &mut Vec<u8>, source: &[u8], target: &[u8], fstype: &str, options: &str) {
    field(out, source);
    out.push(b' ');
    field(out, target);
    let _ = writeln!(out, " {fstype} {options} 0 0");
}

/// `path/.` for a folder, `folder/./name` for a file: a target `mount -a` mounts even where
/// `path` is already a mount point (see the module's documentation).
fn target(path: &Path, kind: Kind) -> Vec<u8> {
    let mut p = Vec::new();
    let push_dir = |p: &mut Vec<u8>, dir: &Path| {
        p.extend_from_slice(bytes(dir));
        if p.last() != Some(&b'/') {
            p.push(b'/');
        }
    };
    match (kind, path.parent(), path.file_name()) {
        (Kind::File, Some(parent), Some(name)) => {
            push_dir(&mut p, parent);
            p.extend_from_slice(b"./");
            p.extend_from_slice(name.as_encoded_bytes());
        }
        _ => {
            push_dir(&mut p, path);
            p.push(b'.');
        }
    }
    p
}

/// `path/.` (a folder's [`target`]).
fn dot(path: &Path) -> Vec<u8> {
    target(path, Kind::Dir)
}

/// An entry of `/`: a folder or a regular file (symbolic links point at what is covered anyway).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Kind {
    Dir,
    File,
}

/// The read-only part of every run's table, the same for the session: made once.
#[derive(Debug, Default)]
pub(super) struct Covers {
    text: Vec<u8>,
    /// Writable places not made read-only (the module's documentation says which), for the
    /// result's words.
    pub(super) open: Vec<PathBuf>,
}

/// The covers of `/`'s `entries`, the `mounts` and `/dev/shm` (`shm`: whether it exists).
/// `look` says what an entry or a mount point is, if it can be reached (a folder that cannot be
/// entered is out of the program's reach too, and a bind of it would fail: `None`; a mount
/// point can be a file, as the `/etc/hosts` a container runtime binds); `root_writable` whether
/// `/` itself is ours.
pub(super) fn covers(
    entries: &[(PathBuf, Kind)],
    mounts: &[Mount],
    shm: bool,
    look: &dyn Fn(&Path) -> Option<Kind>,
    root_writable: bool,
) -> Covers {
    let mut c = Covers::default();
    let replaced = |p: &Path| REPLACED.iter().any(|r| p.starts_with(r));
    let mut done: Vec<&Path> = Vec::new();
    for (path, kind) in entries.iter().filter(|(p, _)| !replaced(p) && look(p).is_some()) {
        let options = if *kind == Kind::Dir { "rbind,ro" } else { "bind,ro" };
        line(&mut c.text, bytes(path), &target(path, *kind), "none", options);
        done.push(path);
    }
    let mut points: Vec<&Mount> = mounts.iter().filter(|m| m.writable && !replaced(&m.point)).collect();
    points.sort_by_key(|m| (m.point.components().count(), m.point.clone()));
    for m in points {
        let p = m.point.as_path();
        if p == Path::new("/") || p == Path::new("/dev/shm") || done.contains(&p) || NEVER.contains(&&*m.fstype) {
            continue;
        }
        done.push(p);
        if m.fstype.starts_with("fuse") {
            if m.options.split(',').any(|o| o == "allow_other") {
                c.open.push(m.point.clone());
            }
            continue;
        }
        if let Some(kind) = look(p) {
            line(&mut c.text, bytes(p), &target(p, kind), "none", "rbind,ro");
        }
    }
    if shm {
        line(&mut c.text, TMPFS.as_bytes(), &dot(Path::new("/dev/shm")), "tmpfs", "rw,nosuid,nodev,mode=1777");
    }
    if root_writable {
        c.open.insert(0, PathBuf::from("/"));
    }
    c
}

/// A folder the run keeps: its own (writable), or one it reads that a private folder would hide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Keep {
    pub(crate) path: PathBuf,
    pub(crate) writable: bool,
}

/// The whole table of one run whose folder is `dir` (where the staging folders are made): what
/// it keeps bound first, then the covers, then the private `/run` and `/tmp` over the real ones
/// (the one holding `dir` last: the other's staging folder is reached through it).
pub(super) fn table(covers: &Covers, dir: &Path, keeps: &[Keep]) -> Vec<u8> {
    let (mut first, mut last) = (Vec::new(), Vec::new());
    let mut private: Vec<(&str, &str)> = PRIVATE.to_vec();
    private.sort_by_key(|(h, _)| dir.starts_with(h));
    for (hidden, staging) in private {
        let mode = if hidden == "/tmp" { "rw,nosuid,nodev,mode=1777" } else { "rw,nosuid,nodev,mode=755" };
        let under: Vec<&Keep> = keeps.iter().filter(|k| k.path.starts_with(hidden)).collect();
        if under.is_empty() {
            line(&mut last, TMPFS.as_bytes(), &dot(Path::new(hidden)), "tmpfs", mode);
            continue;
        }
        let stage = dir.join(staging);
        line(&mut first, TMPFS.as_bytes(), bytes(&stage), "tmpfs", mode);
        for k in under {
            let inside = stage.join(k.path.strip_prefix(hidden).unwrap_or(&k.path));
            let options = if k.writable { "bind,X-mount.mkdir" } else { "bind,ro,X-mount.mkdir" };
            line(&mut first, bytes(&k.path), bytes(&inside), "none", options);
        }
        line(&mut last, bytes(&stage), &dot(Path::new(hidden)), "none", "rbind");
    }
    for k in keeps.iter().filter(|k| k.writable && !PRIVATE.iter().any(|(h, _)| k.path.starts_with(h))) {
        // Its own mount, writable: the cover of the folder it is in copies it as it is.
        line(&mut first, bytes(&k.path), &dot(&k.path), "none", "bind");
    }
    first.extend_from_slice(&covers.text);
    first.extend_from_slice(&last);
    first
}

/// The staging folders a run's folder needs for [`table`] (made before the run).
fn staging(dir: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    PRIVATE.iter().map(move |(_, s)| dir.join(s))
}

/// The name of a run's table in its folder.
const TABLE: &str = ".oj-mounts";

/// Writes the table of a run whose folder is `dir` into it and makes its staging folders;
/// `false` (said in the debug log) where it cannot: the run's `mount` then fails, and so the run.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn prepare(dir: &Path, keeps: &[Keep]) -> bool {
    let made = staging(dir).try_for_each(std::fs::create_dir_all);
    let written = made.and_then(|()| std::fs::write(dir.join(TABLE), table(&this_system(), dir, keeps)));
    written.map_err(|e| crate::debug!("judge: cannot write the mount table into {}: {e}", dir.display())).is_ok()
}

/// The init's `--setup` words for the run whose folder is `dir`: one `mount` of its table
/// (`-n`: no entry in the system's `/run/mount/utab`; `-c`: the targets as written).
pub(super) fn setup(dir: &Path) -> Vec<String> {
    let table = dir.join(TABLE).to_string_lossy().into_owned();
    let words = [super::super::init::SETUP, super::super::paths::tool("mount"), "-n", "-c", "-a", "-T"];
    words.iter().map(|w| w.to_string()).chain([table]).collect()
}

/// The covers of this system's `/` and mounts, read now: per run, since a mount made after the
/// server started (a USB stick under `/media`) would otherwise be copied writable. A read of
/// `/proc/self/mountinfo` and of `/`, and a `stat` per writable mount point: tens of
/// microseconds beside the millisecond of the `mount` that applies them.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn this_system() -> Covers {
    let mounts = std::fs::read("/proc/self/mountinfo").map(|t| parse_mountinfo(&t)).unwrap_or_default();
    let mut entries: Vec<(PathBuf, Kind)> = std::fs::read_dir("/")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let t = e.file_type().ok()?;
            let kind = if t.is_dir() {
                Kind::Dir
            } else if t.is_file() {
                Kind::File
            } else {
                return None;
            };
            Some((e.path(), kind))
        })
        .collect();
    entries.sort();
    let shm = Path::new("/dev/shm").is_dir();
    // A folder is reachable if it can be entered (`/lost+found` cannot, by a user), which a
    // bind onto `folder/.` needs.
    let look = |p: &Path| match std::fs::metadata(p) {
        Ok(m) if m.is_dir() => std::fs::metadata(p.join(".")).is_ok().then_some(Kind::Dir),
        Ok(_) => Some(Kind::File),
        Err(_) => None,
    };
    covers(&entries, &mounts, shm, &look, root_is_ours())
}

/// Whether `/` belongs to this process's user (a server run as root): then the program could
/// make files in it, which no cover prevents.
#[cfg(unix)]
fn root_is_ours() -> bool {
    use std::os::unix::fs::MetadataExt;
    let uid = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find_map(|l| l.strip_prefix("Uid:")?.split_whitespace().nth(1)?.parse::<u32>().ok()));
    std::fs::metadata("/").is_ok_and(|m| Some(m.uid()) == uid || m.mode() & 0o002 != 0)
}

#[cfg(not(unix))]
fn root_is_ours() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTINFO: &str = "\
22 27 0:21 / /proc rw,relatime - proc proc rw
24 27 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw,size=1k
25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw
27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
28 27 0:25 / /home rw,relatime - ext4 /dev/vdb rw
29 28 0:26 / /home/u/My\\040Drive rw - fuse.rclone rclone rw,user_id=1000,allow_other
30 28 0:27 / /home/u/sshfs rw - fuse.sshfs h: rw,user_id=1000
31 27 0:28 / /snap/core/1 ro,nodev - squashfs /dev/loop0 ro
32 27 0:29 / /run rw - tmpfs tmpfs rw
33 32 0:30 / /run/user/1000 rw - tmpfs tmpfs rw
34 28 0:31 / /home/u/data rw - ext4 /dev/vdc rw
35 27 0:32 / /misc rw - autofs systemd-1 rw
garbage line
";

    #[test]
    fn mountinfo_is_read_with_its_escapes() {
        let m = parse_mountinfo(MOUNTINFO.as_bytes());
        assert_eq!(m.len(), 12);
        assert_eq!(m[5].point, Path::new("/home/u/My Drive"));
        assert_eq!((m[5].fstype.as_str(), m[5].options.contains("allow_other")), ("fuse.rclone", true));
        assert!(!m[7].writable && m[0].writable);
    }

    fn text(c: &Covers) -> String {
        String::from_utf8(c.text.clone()).unwrap()
    }

    #[test]
    fn every_entry_of_the_root_and_every_writable_mount_point_is_covered_read_only() {
        let entries = [
            ("/etc", Kind::Dir),
            ("/home", Kind::Dir),
            ("/proc", Kind::Dir),
            ("/run", Kind::Dir),
            ("/tmp", Kind::Dir),
            ("/dev", Kind::Dir),
            ("/root", Kind::Dir),
            ("/x y", Kind::File),
        ]
        .map(|(p, k)| (PathBuf::from(p), k));
        let mounts = parse_mountinfo(MOUNTINFO.as_bytes());
        let look = |p: &Path| (!p.starts_with("/home/u/data") && p != Path::new("/root")).then_some(Kind::Dir);
        let c = covers(&entries, &mounts, true, &look, true);
        assert_eq!(
            text(&c),
            "\
/etc /etc/. none rbind,ro 0 0
/home /home/. none rbind,ro 0 0
/dev /dev/. none rbind,ro 0 0
/x\\040y /./x\\040y none bind,ro 0 0
oj-judge /dev/shm/. tmpfs rw,nosuid,nodev,mode=1777 0 0
"
        );
        assert_eq!(c.open, [PathBuf::from("/"), PathBuf::from("/home/u/My Drive")]);
        // Reachable, the nested mount point is covered too, after its parent; a mount point that
        // is a file gets the target `folder/./name`.
        let look = |p: &Path| Some(if p.ends_with("data") { Kind::File } else { Kind::Dir });
        let c = covers(&entries, &mounts, false, &look, false);
        let end = "/x\\040y /./x\\040y none bind,ro 0 0\n/home/u/data /home/u/./data none rbind,ro 0 0\n";
        assert!(text(&c).ends_with(end), "{}", text(&c));
        assert_eq!(c.open, [PathBuf::from("/home/u/My Drive")]);
    }

    #[test]
    fn a_run_keeps_its_folder_writable_and_what_it_reads_read_only() {
        let covers = Covers { text: b"/etc /etc/. none rbind,ro 0 0\n".to_vec(), open: Vec::new() };
        let run = Path::new("/tmp/oj-judge-1-0-run");
        let keeps = [
            Keep { path: run.to_path_buf(), writable: true },
            Keep { path: PathBuf::from("/tmp/oj-judge-1/ab-0"), writable: false },
        ];
        assert_eq!(
            String::from_utf8(table(&covers, run, &keeps)).unwrap(),
            "\
oj-judge /tmp/oj-judge-1-0-run/.oj-tmp tmpfs rw,nosuid,nodev,mode=1777 0 0
/tmp/oj-judge-1-0-run /tmp/oj-judge-1-0-run/.oj-tmp/oj-judge-1-0-run none bind,X-mount.mkdir 0 0
/tmp/oj-judge-1/ab-0 /tmp/oj-judge-1-0-run/.oj-tmp/oj-judge-1/ab-0 none bind,ro,X-mount.mkdir 0 0
/etc /etc/. none rbind,ro 0 0
oj-judge /run/. tmpfs rw,nosuid,nodev,mode=755 0 0
/tmp/oj-judge-1-0-run/.oj-tmp /tmp/. none rbind 0 0
"
        );
        // A run folder outside /tmp: its own writable mount before the covers; a PATH folder
        // under /run staged there, /run replaced last (the run's folder is not under it).
        let run = Path::new("/var/tmp/r");
        let keeps = [
            Keep { path: run.to_path_buf(), writable: true },
            Keep { path: PathBuf::from("/run/wrappers/bin"), writable: false },
        ];
        assert_eq!(
            String::from_utf8(table(&covers, run, &keeps)).unwrap(),
            "\
oj-judge /var/tmp/r/.oj-run tmpfs rw,nosuid,nodev,mode=755 0 0
/run/wrappers/bin /var/tmp/r/.oj-run/wrappers/bin none bind,ro,X-mount.mkdir 0 0
/var/tmp/r /var/tmp/r/. none bind 0 0
/etc /etc/. none rbind,ro 0 0
/var/tmp/r/.oj-run /run/. none rbind 0 0
oj-judge /tmp/. tmpfs rw,nosuid,nodev,mode=1777 0 0
"
        );
    }
}
