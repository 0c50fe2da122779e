//! Requests running on workers: cancellation (a cancelled call sends no reply) and progress
//! notifications for slow calls, with the one thread that sends them.
//!
//! Lock order, the one place it is stated: the call map (`Inflight::map`), then a call's
//! `Call::sent`, then a batch's state, then the outbox's writer. No code takes them in another
//! order, and the map is never held while `sent` is taken; `Call::to` is held only to take what
//! it holds. A progress notification is sent only while `sent` is held and still `Some`; a call's
//! reply is sent (alone, or in its batch's array) only after [`Inflight::finish`] has set `sent`
//! to `None` under that lock: so no progress notification can follow the reply of its call
//! (`no_progress_after_the_reply`). A cancelled call's place in its batch is settled, empty, by
//! [`Inflight::cancel`] itself, after the same step: a batch waits for the entries still
//! answering, not for the worker of one that was cancelled (which may be blocked in a backend
//! call for seconds).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::lock;
use super::outbox::Outbox;
use super::reply::ReplyTo;
use crate::mcp::{Request, RequestId};

/// One request running on a worker.
pub(super) struct Call {
    seq: u64,
    cancelled: AtomicBool,
    /// `_meta.progressToken`, when the client asked for progress.
    progress_token: Option<Value>,
    started: Instant,
    /// Progress notifications sent so far; `None` once the reply is out or the call cancelled
    /// (no progress after either).
    sent: Mutex<Option<u64>>,
    /// How many notifications the ticker had sent when the handler began reporting its own
    /// steps (`u64::MAX` until then): the ticker stops, and step `k` is `from + k` of
    /// `from + total`, so that progress only grows.
    steps_from: AtomicU64,
    /// Where the reply goes; taken by whichever comes first, the reply or the cancellation.
    to: Mutex<Option<ReplyTo>>,
}

/// Requests being worked on: so a `notifications/cancelled` can suppress a reply, and a slow one
/// can report progress.
pub(crate) struct Inflight {
    map: Mutex<HashMap<RequestId, Arc<Call>>>,
    seq: AtomicU64,
    outbox: Arc<Outbox>,
    /// The progress thread, started by the first call that asks for progress: the sender wakes
    /// it, dropping the sender stops it.
    ticker: Mutex<Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>>,
}

/// After how long a running call starts reporting progress, and how often.
pub(crate) const PROGRESS_EVERY: Duration = Duration::from_secs(1);

impl Inflight {
    pub(super) fn new(outbox: Arc<Outbox>) -> Inflight {
        Inflight { map: Mutex::default(), seq: AtomicU64::new(0), outbox, ticker: Mutex::new(None) }
    }

    /// Wakes the progress thread, starting it if needed. It sleeps until a call that wants
    /// progress is in flight, then ticks every 100 ms until none is.
    fn wake_ticker(self: &Arc<Self>) {
        let mut ticker = lock(&self.ticker);
        if let Some((wake, _)) = &*ticker {
            let _ = wake.send(());
            return;
        }
        let (wake, woken) = mpsc::channel::<()>();
        let me = self.clone();
        let spawned = thread::Builder::new().name("oj-progress".into()).spawn(move || {
            loop {
                let stop = if me.wants_progress() {
                    woken.recv_timeout(Duration::from_millis(100)) == Err(mpsc::RecvTimeoutError::Disconnected)
                } else {
                    woken.recv().is_err()
                };
                if stop {
                    break;
                }
                me.tick(&me.outbox);
            }
        });
        match spawned {
            Ok(handle) => *ticker = Some((wake, handle)),
            Err(e) => crate::warn!("cannot start the progress thread: {e}"),
        }
    }

    pub(super) fn stop_ticker(&self) {
        let taken = lock(&self.ticker).take();
        if let Some((wake, handle)) = taken {
            drop(wake);
            if handle.join().is_err() {
                crate::error!("the progress thread panicked");
            }
        }
    }

    /// Registers a call whose reply goes `to`.
    pub(super) fn start(self: &Arc<Self>, req: &Request, to: ReplyTo) -> Arc<Call> {
        let progress_token = req
            .params
            .as_ref()
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("progressToken"))
            .filter(|t| t.is_string() || t.is_i64() || t.is_u64())
            .cloned();
        let call = Arc::new(Call {
            seq: self.seq.fetch_add(1, Ordering::Relaxed),
            cancelled: AtomicBool::new(false),
            progress_token,
            started: Instant::now(),
            sent: Mutex::new(Some(0)),
            steps_from: AtomicU64::new(u64::MAX),
            to: Mutex::new(Some(to)),
        });
        lock(&self.map).insert(req.id.clone(), call.clone());
        if call.progress_token.is_some() {
            self.wake_ticker();
        }
        call
    }

    fn wants_progress(&self) -> bool {
        lock(&self.map).values().any(|c| c.progress_token.is_some())
    }

    /// Forgets a finished call, stops its progress and delivers its reply, unless it was
    /// cancelled (then nothing, or only its empty place in a batch if the cancellation has not
    /// settled it yet).
    pub(super) fn finish(&self, id: &RequestId, call: &Call, reply: Value) {
        {
            let mut map = lock(&self.map);
            if map.get(id).is_some_and(|c| c.seq == call.seq) {
                map.remove(id);
            }
        }
        call.end_progress();
        let to = lock(&call.to).take();
        if let Some(to) = to {
            to.deliver((!call.cancelled.load(Ordering::Relaxed)).then_some(reply));
        }
    }

    /// Cancels a call in flight: it sends no reply, and its place in a batch is settled now,
    /// empty, so the batch's reply goes out once the other entries are answered.
    pub(super) fn cancel(&self, id: &RequestId) {
        let Some(call) = lock(&self.map).get(id).cloned() else { return };
        crate::debug!("request {id} cancelled");
        call.cancelled.store(true, Ordering::Relaxed);
        call.end_progress();
        let to = lock(&call.to).take();
        if let Some(to) = to {
            to.deliver(None);
        }
    }

    /// Sends `notifications/progress` for calls that asked for it and have run longer than
    /// [`PROGRESS_EVERY`], at most once per interval each.
    fn tick(&self, outbox: &Outbox) {
        let calls: Vec<Arc<Call>> = lock(&self.map).values().filter(|c| c.progress_token.is_some()).cloned().collect();
        for call in calls {
            if call.steps_from.load(Ordering::Relaxed) != u64::MAX {
                continue;
            }
            let elapsed = call.started.elapsed();
            let mut sent = lock(&call.sent);
            let Some(n) = *sent else { continue };
            let due = (elapsed.as_millis() / PROGRESS_EVERY.as_millis().max(1)) as u64;
            if due > n && !call.cancelled.load(Ordering::Relaxed) {
                let note = json!({
                    "jsonrpc": "2.0",
                    "method": "notifications/progress",
                    "params": {
                        "progressToken": call.progress_token,
                        "progress": n + 1,
                        "message": format!("waiting for the backend ({} s)", elapsed.as_secs()),
                    }
                });
                outbox.send(&note);
                *sent = Some(n + 1);
            }
        }
    }
}

impl Call {
    /// Stops the call's progress notifications. Under the progress lock, which a notification is
    /// written under: every one already sent is written before this returns, and none can follow.
    #[inline]
    fn end_progress(&self) {
        *lock(&self.sent) = None;
    }
}

/// A call on its worker, as its handler sees it: whether it was cancelled, and its own progress.
pub(super) struct LiveCall<'a> {
    pub(super) call: &'a Call,
    pub(super) outbox: &'a Outbox,
}

impl crate::problems::Live for LiveCall<'_> {
    fn cancelled(&self) -> bool {
        self.call.cancelled.load(Ordering::Relaxed)
    }

    /// Steps may be reported from several threads in any order: each notification counts one
    /// more than the last, under the progress lock, so the value only grows.
    fn progress(&self, _done: u64, total: u64, message: &str) {
        let Some(token) = &self.call.progress_token else { return };
        let mut sent = lock(&self.call.sent);
        let Some(n) = *sent else { return };
        if self.cancelled() {
            return;
        }
        let from = match self.call.steps_from.load(Ordering::Relaxed) {
            u64::MAX => {
                self.call.steps_from.store(n, Ordering::Relaxed);
                n
            }
            from => from,
        };
        self.outbox.send(&json!({
            "jsonrpc": "2.0",
            "method": "notifications/progress",
            "params": { "progressToken": token, "progress": n + 1, "total": from + total, "message": message },
        }));
        *sent = Some(n + 1);
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use super::*;

    /// An outbox that writes into memory.
    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);

    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            lock(&self.0).extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn lines(buf: &Buf) -> Vec<Value> {
        let bytes = lock(&buf.0).clone();
        String::from_utf8(bytes).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// A call that asked for progress and has run for three intervals already.
    fn overdue_call(inflight: &Inflight, id: &RequestId) -> Arc<Call> {
        let call = Arc::new(Call {
            seq: inflight.seq.fetch_add(1, Ordering::Relaxed),
            cancelled: AtomicBool::new(false),
            progress_token: Some(json!("tok")),
            started: Instant::now().checked_sub(PROGRESS_EVERY * 3).unwrap(),
            sent: Mutex::new(Some(0)),
            steps_from: AtomicU64::new(u64::MAX),
            to: Mutex::new(Some(ReplyTo::Alone(inflight.outbox.clone()))),
        });
        lock(&inflight.map).insert(id.clone(), call.clone());
        call
    }

    #[test]
    fn progress_stops_at_the_reply() {
        let buf = Buf::default();
        let outbox = Arc::new(Outbox::new(Box::new(buf.clone())));
        let inflight = Inflight::new(outbox.clone());
        let id = RequestId::String("a".into());
        let call = overdue_call(&inflight, &id);
        inflight.tick(&outbox);
        inflight.finish(&id, &call, json!({"jsonrpc": "2.0", "id": "a", "result": {}}));
        inflight.tick(&outbox);
        let out = lines(&buf);
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0]["method"], "notifications/progress");
        assert_eq!(out[1]["id"], "a");
    }

    /// A handler's own steps follow what the ticker sent, only grow, carry a total, stop the
    /// ticker for that call, and end with the reply.
    #[test]
    fn a_handlers_steps_continue_the_count() {
        use crate::problems::Live;
        let buf = Buf::default();
        let outbox = Arc::new(Outbox::new(Box::new(buf.clone())));
        let inflight = Inflight::new(outbox.clone());
        let id = RequestId::String("j".into());
        let call = overdue_call(&inflight, &id);
        inflight.tick(&outbox);
        let live = LiveCall { call: &call, outbox: &outbox };
        assert!(!live.cancelled());
        // Steps may arrive out of order from the judge's threads: the values still grow.
        live.progress(2, 3, "sample 2");
        live.progress(1, 3, "sample 1");
        inflight.tick(&outbox);
        live.progress(3, 3, "sample 3");
        inflight.finish(&id, &call, json!({"jsonrpc": "2.0", "id": "j", "result": {}}));
        live.progress(3, 3, "late");
        let out = lines(&buf);
        let values: Vec<(u64, Option<u64>)> = out
            .iter()
            .filter(|m| m["method"] == "notifications/progress")
            .map(|m| (m["params"]["progress"].as_u64().unwrap(), m["params"]["total"].as_u64()))
            .collect();
        assert_eq!(values, [(1, None), (2, Some(4)), (3, Some(4)), (4, Some(4))], "{out:?}");
        assert_eq!(out.last().unwrap()["id"], "j");
    }

    /// A batch of two calls whose slow entry is cancelled: its reply (the other entry's alone)
    /// goes out at the cancellation, and the slow call's late finish adds nothing.
    #[test]
    fn a_cancelled_entry_settles_its_batch_place() {
        use super::super::reply::Batch;
        let buf = Buf::default();
        let outbox = Arc::new(Outbox::new(Box::new(buf.clone())));
        let inflight = Arc::new(Inflight::new(outbox.clone()));
        let batch = Batch::new(outbox.clone());
        let req = |id: &str| Request { id: RequestId::String(id.into()), method: "tools/call".into(), params: None };
        let (slow, fast) = (req("slow"), req("fast"));
        let slow_call = inflight.start(&slow, batch.slot());
        let fast_call = inflight.start(&fast, batch.slot());
        batch.seal();
        inflight.finish(&fast.id, &fast_call, json!({"jsonrpc": "2.0", "id": "fast", "result": {}}));
        assert!(lines(&buf).is_empty(), "the batch went out with an entry still running");
        inflight.cancel(&slow.id);
        assert_eq!(lines(&buf), [json!([{"jsonrpc": "2.0", "id": "fast", "result": {}}])]);
        inflight.finish(&slow.id, &slow_call, json!({"jsonrpc": "2.0", "id": "slow", "result": {}}));
        assert_eq!(lines(&buf).len(), 1, "a line after the batch reply");
    }

    /// The progress thread and a worker race: whatever the interleaving, no progress notification
    /// of a call is written after its reply (the lock order in the module documentation).
    #[test]
    fn no_progress_after_the_reply() {
        for round in 0..200 {
            let buf = Buf::default();
            let outbox = Arc::new(Outbox::new(Box::new(buf.clone())));
            let inflight = Arc::new(Inflight::new(outbox.clone()));
            let id = RequestId::String(format!("r{round}"));
            let call = overdue_call(&inflight, &id);
            // Ticks until the call is gone from the map, then once more.
            let ticker = {
                let (inflight, outbox) = (inflight.clone(), outbox.clone());
                thread::spawn(move || {
                    while !lock(&inflight.map).is_empty() {
                        inflight.tick(&outbox);
                        // Mark the call due again, so every tick wants to send.
                        if let Some(c) = lock(&inflight.map).values().next().cloned() {
                            let mut sent = lock(&c.sent);
                            if let Some(n) = *sent {
                                *sent = Some(n.min(1));
                            }
                        }
                    }
                    inflight.tick(&outbox);
                })
            };
            thread::yield_now();
            inflight.finish(&id, &call, json!({"jsonrpc": "2.0", "id": id.to_string(), "result": {}}));
            ticker.join().unwrap();
            let out = lines(&buf);
            let reply = out.iter().position(|m| m.get("id").is_some()).expect("the reply was written");
            assert_eq!(reply, out.len() - 1, "round {round}: a progress notification followed the reply: {out:?}");
        }
    }
}
