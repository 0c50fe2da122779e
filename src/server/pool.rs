//! The worker pool: up to a fixed number of named threads, started on demand, joined on shutdown
//! when idle. Calls made one after another run on one worker, whose caches are warm and whose
//! kept buffers (the converter's text, `dom::Texts`) serve the next statement: a worker counts as
//! free as soon as its job says that only the reply is left to write ([`Free::now`]), so the
//! next call waits for it rather than for a new thread; and of the sleeping workers, the one
//! that slept last is woken first.

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use super::lock;

/// A job; it may tell the pool through [`Free`] when its worker is as good as free.
pub(super) type Job = Box<dyn FnOnce(&Free) + Send>;

/// The pool's queue and bookkeeping, under one lock.
#[derive(Default)]
struct PoolState {
    jobs: VecDeque<Job>,
    /// Jobs queued or running.
    busy: usize,
    /// Workers that will look at the queue before they sleep: just started, just woken, or done
    /// with their job but for its reply. Each takes one queued job.
    looking: usize,
    /// Sleeping workers by index, the one that fell asleep last at the end: woken first.
    sleeping: Vec<usize>,
    closed: bool,
}

struct PoolShared {
    state: Mutex<PoolState>,
    /// One per worker: each sleeps on its own, so that the pool chooses which one wakes.
    wake: Vec<Condvar>,
    /// Signalled when `busy` drops to zero.
    done: Condvar,
}

/// Up to `max` named worker threads, started only when a job finds none free: a session that
/// never calls a tool starts none, and one that calls tools one at a time starts one.
pub struct Pool {
    shared: Arc<PoolShared>,
    handles: Mutex<Vec<thread::JoinHandle<()>>>,
    max: usize,
}

/// What a running job may tell the pool: that what is left of it is only the delivery of its
/// reply. The client may send its next call as soon as it reads that reply; the call then finds
/// this worker free and waits the few microseconds it needs, instead of waking another.
pub(super) struct Free<'a> {
    /// `None` for a job run inline (no worker could be started).
    shared: Option<&'a PoolShared>,
    said: Cell<bool>,
}

impl Free<'_> {
    /// The worker is free from here (the first call counts; a job that never says it is free
    /// when it returns).
    pub(super) fn now(&self) {
        if let Some(shared) = self.shared
            && !self.said.replace(true)
        {
            lock(&shared.state).looking += 1;
        }
    }
}

/// Runs a job; a panic that escapes it (the read loop catches a handler's, so this is a bug in
/// the code around one) is logged and stops there, so the worker lives on and `busy` still drops.
fn run_job(job: Job, free: &Free) {
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(free))).is_err() {
        crate::error!("a job panicked on a worker");
    }
}

impl Pool {
    /// A pool of at most `max` workers; none is started yet.
    pub fn new(max: usize) -> Pool {
        let max = max.max(1);
        let shared = PoolShared {
            state: Mutex::default(),
            wake: (0..max).map(|_| Condvar::new()).collect(),
            done: Condvar::new(),
        };
        Pool { shared: Arc::new(shared), handles: Mutex::new(Vec::new()), max }
    }

    /// Worker `me`, counted in `looking` by whoever started it.
    fn worker(shared: &PoolShared, me: usize) {
        let mut st = lock(&shared.state);
        loop {
            st.looking -= 1;
            if let Some(job) = st.jobs.pop_front() {
                drop(st);
                let free = Free { shared: Some(shared), said: Cell::new(false) };
                run_job(job, &free);
                st = lock(&shared.state);
                if !free.said.get() {
                    st.looking += 1;
                }
                st.busy -= 1;
                if st.busy == 0 {
                    shared.done.notify_all();
                }
            } else if st.closed {
                return;
            } else {
                st.sleeping.push(me);
                // Whoever takes `me` off the list counts it in `looking` again.
                while st.sleeping.contains(&me) {
                    st = shared.wake[me].wait(st).unwrap_or_else(PoisonError::into_inner);
                }
            }
        }
    }

    pub(super) fn submit(&self, job: Job) {
        let mut st = lock(&self.shared.state);
        st.busy += 1;
        st.jobs.push_back(job);
        if st.jobs.len() <= st.looking {
            return;
        }
        if let Some(me) = st.sleeping.pop() {
            st.looking += 1;
            self.shared.wake[me].notify_one();
            return;
        }
        let mut handles = lock(&self.handles);
        if handles.len() == self.max {
            return;
        }
        let (shared, me) = (self.shared.clone(), handles.len());
        match thread::Builder::new().name(format!("oj-worker-{me}")).spawn(move || Pool::worker(&shared, me)) {
            Ok(h) => {
                st.looking += 1;
                handles.push(h);
            }
            Err(e) if handles.is_empty() => {
                // No thread at all: run the job here rather than drop its reply.
                crate::warn!("cannot start a worker thread ({e}); running the call inline");
                let job = st.jobs.pop_back().expect("just queued");
                drop((handles, st));
                run_job(job, &Free { shared: None, said: Cell::new(false) });
                lock(&self.shared.state).busy -= 1;
            }
            Err(e) => crate::warn!("cannot start another worker thread: {e}"),
        }
    }

    /// Closes the queue, gives running calls up to `grace` to finish (so their replies still go
    /// out), and joins the workers if they are then idle. Workers still blocked in a backend call
    /// are not waited for (returns `false`): the process exits without them.
    pub fn shutdown(self, grace: Duration) -> bool {
        let st = {
            let mut st = lock(&self.shared.state);
            st.closed = true;
            for me in std::mem::take(&mut st.sleeping) {
                st.looking += 1;
                self.shared.wake[me].notify_one();
            }
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
    use std::sync::mpsc;
    use std::time::Instant;

    use super::*;

    /// A job that panics neither kills its worker nor leaves `busy` raised: the next job runs on
    /// the same worker, and shutdown finds the pool idle at once.
    #[test]
    fn a_panicking_job_leaves_the_pool_idle() {
        let pool = Pool::new(1);
        pool.submit(Box::new(|_| panic!("a job that panics (expected in this test)")));
        let ran = Arc::new(AtomicBool::new(false));
        let flag = ran.clone();
        pool.submit(Box::new(move |_| flag.store(true, Ordering::SeqCst)));
        let started = Instant::now();
        assert!(pool.shutdown(Duration::from_secs(10)), "shutdown saw a job still busy");
        assert!(started.elapsed() < Duration::from_secs(5), "shutdown waited {:?}", started.elapsed());
        assert!(ran.load(Ordering::SeqCst), "the job after the panic did not run");
    }

    /// Jobs submitted one after another, each once the last one's "reply" is out (sent after
    /// `Free::now`, as the read loop does), all run on one worker, also once several exist.
    #[test]
    fn sequential_jobs_stay_on_one_worker() {
        let pool = Pool::new(4);
        let (tx, rx) = mpsc::channel();
        let job = |tx: mpsc::Sender<thread::ThreadId>| -> Job {
            Box::new(move |free: &Free| {
                free.now();
                tx.send(thread::current().id()).unwrap();
            })
        };
        // A burst first: jobs that wait for one another start all four workers.
        let gate = Arc::new((Mutex::new(0usize), Condvar::new()));
        for _ in 0..4 {
            let gate = gate.clone();
            pool.submit(Box::new(move |_| {
                let mut n = lock(&gate.0);
                *n += 1;
                gate.1.notify_all();
                while *n < 4 {
                    n = gate.1.wait(n).unwrap();
                }
            }));
        }
        assert_eq!(lock(&pool.handles).len(), 4);
        while lock(&pool.shared.state).sleeping.len() < 4 {
            thread::yield_now();
        }
        let mut seen = Vec::new();
        for _ in 0..50 {
            pool.submit(job(tx.clone()));
            seen.push(rx.recv().unwrap());
        }
        seen.dedup();
        assert_eq!(seen.len(), 1, "sequential jobs moved between workers: {seen:?}");
        assert!(pool.shutdown(Duration::from_secs(10)));
    }
}
