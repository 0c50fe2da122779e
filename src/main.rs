//! Entry point: parse the command line, then wire stdin/stdout to the server loop. Exit codes: 0
//! after stdin closes (or stdout does), 2 for a bad command line, 1 for an I/O failure.

// The library forbids unsafe code (lib.rs). The binary holds the only unsafe code there is, in
// four modules that say so: the allocator, the static build's memory copies, the signal and
// console control handlers, and the judge init's `wait4` (`rusage`). `deny`, not `forbid`, because `forbid` cannot be lifted for those;
// `make lint` checks that `allow(unsafe_code)` appears nowhere else.
#![deny(unsafe_code)]
// The shipped build's `oj_size` (src/lib.rs says why).
#![cfg_attr(oj_size, feature(optimize_attribute))]
// For `mem`: its copy loops must not be turned into calls to the functions they implement.
#![no_builtins]

// The allocator's own tests run on every target; it is installed only in the static build.
#[cfg(any(target_env = "musl", test))]
#[allow(unsafe_code)]
mod alloc;

// musl's `memcpy` and `memmove` replaced in the static x86-64 build (src/mem.rs); its loops are
// kept from becoming calls to the functions they implement by `no_builtins` (this crate is
// main.rs and these modules; the library is a crate of its own).
#[cfg(any(all(target_env = "musl", target_arch = "x86_64"), test))]
#[allow(unsafe_code)]
mod mem;

/// musl's allocator unmaps eagerly; the static build keeps small blocks cached (src/alloc.rs).
#[cfg(target_env = "musl")]
#[global_allocator]
static GLOBAL: alloc::Cache = alloc::Cache::new();

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use oj_mcp_rs::cli::{self, Command};
use oj_mcp_rs::client::Client;
use oj_mcp_rs::server::{self, Outbox, Pool, Server};
use oj_mcp_rs::solvelog::SolveLog;
use oj_mcp_rs::{info, log};

#[cfg_attr(oj_size, optimize(size))]
fn main() -> ExitCode {
    // Started again by the judge as a run's init (src/judge/init.rs): before anything else, so
    // that the init sets up no logging, no signal handlers and no worker pool.
    let mut args = std::env::args_os().skip(1).peekable();
    if args.peek().is_some_and(|a| a == oj_mcp_rs::judge::init::FLAG) {
        fds::close_inherited();
        return oj_mcp_rs::judge::init::main(&args.skip(1).collect::<Vec<_>>(), rusage::WAIT);
    }
    let env = |k: &str| std::env::var(k).ok();
    let config = match cli::parse(args, &env) {
        Ok(Command::Run(c)) => c,
        Ok(Command::Help) => return print_and_exit(oj_mcp_rs::help()),
        Ok(Command::Version) => {
            return print_and_exit(concat!("oj-mcp-rs ", env!("CARGO_PKG_VERSION"), "\n"));
        }
        Err(e) => {
            let _ = write!(io::stderr(), "oj-mcp-rs: {e}\n\n{}", oj_mcp_rs::help());
            return ExitCode::from(2);
        }
    };
    log::set_level(config.log_level);
    signals::exit_quietly_on_termination();
    info!(
        "oj-mcp-rs {} serving {} (token {}, timeout {} s)",
        env!("CARGO_PKG_VERSION"),
        config.base_url,
        if config.token.is_some() { "set" } else { "not set" },
        config.timeout.as_secs()
    );
    if !config.structured_content {
        info!("structured content off: no outputSchema, no structuredContent");
    }
    if config.allow_run {
        info!("--allow-run: test_solution compiles and runs code on this machine");
    }
    let server = Arc::new(
        Server::new(Client::new(&config), Box::new(clock()))
            .with_structured_content(config.structured_content)
            .with_allow_run(config.allow_run)
            .with_solve_log(solve_log(&config, &env))
            .with_ui(config.ui),
    );
    let outbox = Arc::new(Outbox::new(Box::new(io::stdout())).exit_on_close());
    let pool = Pool::new(server::WORKERS);
    let result = server::run(&server, &mut io::stdin().lock(), &outbox, &pool);
    if !pool.shutdown(server::EXIT_GRACE) {
        info!("exiting with backend calls still in flight");
    }
    // The programs test_solution built this session.
    oj_mcp_rs::judge::cleanup();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            oj_mcp_rs::error!("reading stdin failed: {e}");
            ExitCode::from(1)
        }
    }
}

/// SIGTERM, SIGINT and SIGHUP end the process at once with exit code 0: replies already written
/// are flushed (each is flushed as it is written) and there is nothing else to save.
#[cfg(unix)]
#[allow(unsafe_code)]
mod signals {
    use std::ffi::c_int;

    unsafe extern "C" {
        fn signal(signum: c_int, handler: extern "C" fn(c_int)) -> usize;
        fn _exit(status: c_int) -> !;
    }

    extern "C" fn on_signal(_: c_int) {
        // Only async-signal-safe calls here: `_exit` is one.
        unsafe { _exit(0) }
    }

    /// Installs the handler (the signal numbers are the same on Linux and macOS).
    pub fn exit_quietly_on_termination() {
        const SIGHUP: c_int = 1;
        const SIGINT: c_int = 2;
        const SIGTERM: c_int = 15;
        for sig in [SIGHUP, SIGINT, SIGTERM] {
            // SAFETY: `on_signal` only calls `_exit`, which is async-signal-safe.
            unsafe { signal(sig, on_signal) };
        }
    }
}

/// Windows' equivalent: Ctrl-C, Ctrl-Break, a closed console, log-off and shut-down reach a console
/// control handler (on a thread of their own) instead of signals. Without one, Ctrl-C ends the
/// process with STATUS_CONTROL_C_EXIT (0xC000013A); with it, they all exit 0 as on Unix.
#[cfg(windows)]
#[allow(unsafe_code)]
mod signals {
    use std::ffi::c_void;

    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn SetConsoleCtrlHandler(handler: Option<extern "system" fn(u32) -> i32>, add: i32) -> i32;
        fn GetCurrentProcess() -> *mut c_void;
        fn TerminateProcess(process: *mut c_void, code: u32) -> i32;
    }

    extern "system" fn on_control(event: u32) -> i32 {
        // A thread of its own, not a signal context: it may log, so the reason is on record (and
        // the Windows tests tell this handler from Wine's default one, which also exits 0).
        let what = match event {
            0 => "Ctrl-C",
            1 => "Ctrl-Break",
            2 => "the console was closed",
            5 => "log-off",
            6 => "shut-down",
            _ => "a console control event",
        };
        oj_mcp_rs::info!("{what}: exiting");
        // TerminateProcess, like `_exit`, runs no exit code in other threads or DLLs, so it cannot
        // deadlock on a lock another thread held (ExitProcess could); replies are already flushed.
        // SAFETY: the pseudo-handle of the current process is always valid.
        unsafe { TerminateProcess(GetCurrentProcess(), 0) };
        1 // handled (not reached)
    }

    /// Installs the handler for every control event (Ctrl-C, Ctrl-Break, close, log-off,
    /// shut-down). A failure (no console at all) leaves the default, which nothing then triggers.
    pub fn exit_quietly_on_termination() {
        // SAFETY: `on_control` has the HandlerRoutine signature and lives for the whole process.
        unsafe { SetConsoleCtrlHandler(Some(on_control), 1) };
    }
}

#[cfg(not(any(unix, windows)))]
mod signals {
    /// No termination signals to handle on this platform.
    pub fn exit_quietly_on_termination() {}
}

/// The judge's init waits for its program with `wait4`, whose `ru_maxrss` is the run's peak
/// memory (src/judge/init.rs): std's `wait` drops the resource usage. Linux on 64-bit targets,
/// whose `struct rusage` is two `timeval`s then 14 `long`s (glibc and musl alike).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
#[allow(unsafe_code)]
mod rusage {
    use std::ffi::c_int;

    unsafe extern "C" {
        fn wait4(pid: c_int, status: *mut c_int, options: c_int, usage: *mut [i64; 18]) -> c_int;
    }

    pub const WAIT: oj_mcp_rs::judge::init::Wait = Some(wait);

    /// Waits for `pid`: its raw status, `ru_maxrss` (KiB) and CPU time (`ru_utime` +
    /// `ru_stime`, ms); `None` if the wait failed.
    fn wait(pid: u32) -> Option<(i32, u64, u64)> {
        let pid = c_int::try_from(pid).ok()?;
        let (mut status, mut usage) = (0, [0i64; 18]);
        loop {
            // SAFETY: both pointers are to live locals of the sizes `wait4` writes (`struct
            // rusage` is 144 bytes on these targets).
            let got = unsafe { wait4(pid, &mut status, 0, &mut usage) };
            if got == pid {
                let ms = |sec: i64, usec: i64| u64::try_from(sec * 1000 + usec / 1000).unwrap_or(0);
                return Some((
                    status,
                    u64::try_from(usage[4]).unwrap_or(0),
                    ms(usage[0], usage[1]) + ms(usage[2], usage[3]),
                ));
            }
            if got != -1 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                return None;
            }
        }
    }
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
mod rusage {
    pub const WAIT: oj_mcp_rs::judge::init::Wait = None;
}

/// The judge's init closes every descriptor above stderr before it starts anything: the server
/// inherits whatever its client left open without close-on-exec (a test harness's pipes, a
/// build tool's jobserver), and a judged program must not reach them. `close_range` (Linux 5.9);
/// on older kernels, each descriptor `/proc/self/fd` lists.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod fds {
    use std::ffi::{c_int, c_long};

    unsafe extern "C" {
        fn syscall(number: c_long, ...) -> c_long;
        fn close(fd: c_int) -> c_int;
    }

    /// `close_range`'s number, the same on every Linux architecture (a syscall added after 5.1).
    const CLOSE_RANGE: c_long = 436;

    pub fn close_inherited() {
        // SAFETY: close_range(3, ~0, 0) takes no pointers; nothing of this process uses a
        // descriptor above 2 yet (the init calls this first).
        if unsafe { syscall(CLOSE_RANGE, 3 as c_long, c_long::from(u32::MAX), 0 as c_long) } == 0 {
            return;
        }
        let listed: Vec<c_int> = std::fs::read_dir("/proc/self/fd")
            .map(|dir| dir.flatten().filter_map(|e| e.file_name().to_str()?.parse().ok()).collect())
            .unwrap_or_default();
        // The listing's own descriptor is closed by now: closing it again fails harmlessly.
        for fd in listed.into_iter().filter(|fd| *fd > 2) {
            // SAFETY: closing a descriptor number owns no Rust object: none above 2 is held.
            unsafe { close(fd) };
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod fds {
    pub fn close_inherited() {}
}

/// `--help` and `--version` are the only things printed outside the protocol.
fn print_and_exit(text: &str) -> ExitCode {
    let _ = io::stdout().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// The solve log the configuration names, said once at start-up.
fn solve_log(config: &cli::Config, env: &dyn Fn(&str) -> Option<String>) -> SolveLog {
    let log = SolveLog::from_config(config, env);
    match log.path() {
        Some(p) => info!("solve log: {}", p.display()),
        None if config.solve_log_off => info!("solve log off"),
        None => info!("solve log off: no data folder (HOME, XDG_DATA_HOME or APPDATA), and no --log-file"),
    }
    log
}

/// The clock for "today": the system time, or `OJ_MCP_NOW` (Unix seconds) when set, so tests can
/// pin the day.
fn clock() -> impl Fn() -> i64 + Send + Sync + 'static {
    let fixed = std::env::var("OJ_MCP_NOW").ok().and_then(|s| s.trim().parse::<i64>().ok());
    move || {
        fixed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
        })
    }
}
