//! The worker pool: up to a fixed number of named threads, started on demand, joined on shutdown
//! when idle.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use super::lock;

pub(super) type Job = Box<dyn FnOnce() + Send>;

/// The pool's queue and bookkeeping, under one lock.
#[derive(Default)]
struct PoolState {
    jobs: VecDeque<Job>,
    /// Jobs queued or running.
    busy: usize,
    /// Workers waiting for a job.
    idle: usize,
    closed: bool,
}

#[derive(Default)]
struct PoolShared {
    state: Mutex<PoolState>,
    /// Signalled when a job is queued or the pool closes.
    work: Condvar,
    /// Signalled when `busy` drops to zero.
    done: Condvar,
}

/// Up to `max` named worker threads, started only when a job finds none idle: a session that
/// never calls a tool starts none, and one that calls tools one at a time starts one.
pub struct Pool {
    shared: Arc<PoolShared>,
    handles: Mutex<Vec<thread::JoinHandle<()>>>,
    max: usize,
}

/// Runs a job; a panic that escapes it (the read loop catches a handler's, so this is a bug in
/// the code around one) is logged and stops there, so the worker lives on and `busy` still drops.
fn run_job(job: Job) {
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
        crate::error!("a job panicked on a worker");
    }
}

impl Pool {
    /// A pool of at most `max` workers; none is started yet.
    pub fn new(max: usize) -> Pool {
        Pool { shared: Arc::default(), handles: Mutex::new(Vec::new()), max: max.max(1) }
    }

    fn worker(shared: &PoolShared) {
        let mut st = lock(&shared.state);
        loop {
            if let Some(job) = st.jobs.pop_front() {
                drop(st);
                run_job(job);
                st = lock(&shared.state);
                st.busy -= 1;
                if st.busy == 0 {
                    shared.done.notify_all();
                }
            } else if st.closed {
                return;
            } else {
                st.idle += 1;
                st = shared.work.wait(st).unwrap_or_else(PoisonError::into_inner);
                st.idle -= 1;
            }
        }
    }

    pub(super) fn submit(&self, job: Job) {
        let mut st = lock(&self.shared.state);
        st.busy += 1;
        st.jobs.push_back(job);
        let mut handles = lock(&self.handles);
        if st.jobs.len() > st.idle && handles.len() < self.max {
            let shared = self.shared.clone();
            let name = format!("oj-worker-{}", handles.len());
            match thread::Builder::new().name(name).spawn(move || Pool::worker(&shared)) {
                Ok(h) => handles.push(h),
                Err(e) if handles.is_empty() => {
                    // No thread at all: run the job here rather than drop its reply.
                    crate::warn!("cannot start a worker thread ({e}); running the call inline");
                    let job = st.jobs.pop_back().expect("just queued");
                    drop((handles, st));
                    run_job(job);
                    let mut st = lock(&self.shared.state);
                    st.busy -= 1;
                    return;
                }
                Err(e) => crate::warn!("cannot start another worker thread: {e}"),
            }
        }
        self.shared.work.notify_one();
    }

    /// Closes the queue, gives running calls up to `grace` to finish (so their replies still go
    /// out), and joins the workers if they are then idle. Workers still blocked in a backend call
    /// are not waited for (returns `false`): the process exits without them.
    pub fn shutdown(self, grace: Duration) -> bool {
        let st = {
            let mut st = lock(&self.shared.state);
            st.closed = true;
            self.shared.work.notify_all();
            st
        };
        let (st, _) =
            self.shared.done.wait_timeout_while(st, grace, |st| st.busy > 0).unwrap_or_else(PoisonError::into_inner);
        if st.busy > 0 {
            return false;
        }
        drop(st);
        for h in lock(&self.handles).drain(..) {
            if h.join().is_err() {
                crate::error!("a worker thread panicked");
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;

    use super::*;

    /// A job that panics neither kills its worker nor leaves `busy` raised: the next job runs on
    /// the same worker, and shutdown finds the pool idle at once.
    #[test]
    fn a_panicking_job_leaves_the_pool_idle() {
        let pool = Pool::new(1);
        pool.submit(Box::new(|| panic!("a job that panics (expected in this test)")));
        let ran = Arc::new(AtomicBool::new(false));
        let flag = ran.clone();
        pool.submit(Box::new(move || flag.store(true, Ordering::SeqCst)));
        let started = Instant::now();
        assert!(pool.shutdown(Duration::from_secs(10)), "shutdown saw a job still busy");
        assert!(started.elapsed() < Duration::from_secs(5), "shutdown waited {:?}", started.elapsed());
        assert!(ran.load(Ordering::SeqCst), "the job after the panic did not run");
    }
}
