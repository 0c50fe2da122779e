//! The read loop: one message at a time from stdin; every request, alone or in a batch, goes
//! through [`Loop::dispatch`]: fast ones answered inline, slow ones (those that may call the
//! backend) registered in flight and run on the pool.

use std::io::{self, BufRead};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use super::inflight::{Inflight, LiveCall};
use super::outbox::Outbox;
use super::pool::Pool;
use super::{Server, lock};
use crate::mcp::{self, ErrorCode, Incoming, Message, Request, Response, ResponseError};
use crate::problems::{Idle, Live};

/// The read loop: reads messages from `input` until EOF (or until stdout closes), answers each
/// request exactly once on `outbox`, and runs slow requests on `pool`.
pub fn run(server: &Arc<Server>, input: &mut dyn BufRead, outbox: &Arc<Outbox>, pool: &Pool) -> io::Result<()> {
    let inflight = Arc::new(Inflight::new(outbox.clone()));
    let lp = Loop { server: server.clone(), outbox: outbox.clone(), pool, inflight: inflight.clone() };
    let result = lp.read(input);
    inflight.stop_ticker();
    result
}

/// What the loop hands each request.
struct Loop<'p> {
    server: Arc<Server>,
    outbox: Arc<Outbox>,
    pool: &'p Pool,
    inflight: Arc<Inflight>,
}

/// Where a request's reply goes: straight to stdout, or into its place in a batch's reply.
enum ReplyTo {
    Alone(Arc<Outbox>),
    Slot(Arc<Batch>, usize),
}

impl ReplyTo {
    /// Delivers a reply; `None` (a cancelled call) sends nothing, and leaves a batch slot empty.
    fn deliver(self, reply: Option<Value>) {
        match self {
            ReplyTo::Alone(outbox) => {
                if let Some(reply) = reply {
                    outbox.send(&reply);
                }
            }
            ReplyTo::Slot(batch, slot) => batch.fill(slot, reply),
        }
    }
}

/// A batch's reply being assembled: one slot per entry that is answered, sent as one array when
/// the last is filled (the entries' replies in the order of their requests).
struct Batch {
    outbox: Arc<Outbox>,
    state: Mutex<BatchState>,
}

struct BatchState {
    replies: Vec<Option<Value>>,
    /// Slots not filled yet, plus one held by the reader until every entry has been dispatched,
    /// so a fast worker cannot send the array before the last slot exists.
    pending: usize,
}

impl Batch {
    fn new(outbox: Arc<Outbox>) -> Arc<Batch> {
        Arc::new(Batch { outbox, state: Mutex::new(BatchState { replies: Vec::new(), pending: 1 }) })
    }

    /// A new empty slot.
    fn slot(self: &Arc<Self>) -> ReplyTo {
        let mut st = lock(&self.state);
        st.replies.push(None);
        st.pending += 1;
        ReplyTo::Slot(self.clone(), st.replies.len() - 1)
    }

    fn fill(&self, slot: usize, reply: Option<Value>) {
        let mut st = lock(&self.state);
        st.replies[slot] = reply;
        self.release(st);
    }

    /// Gives up the reader's hold: the batch is complete once its slots are filled.
    fn seal(&self) {
        self.release(lock(&self.state));
    }

    fn release(&self, mut st: std::sync::MutexGuard<'_, BatchState>) {
        st.pending -= 1;
        if st.pending > 0 {
            return;
        }
        let replies: Vec<Value> = std::mem::take(&mut st.replies).into_iter().flatten().collect();
        drop(st);
        // A batch of notifications, or of calls all cancelled, gets no reply at all.
        if !replies.is_empty() {
            self.outbox.send(&Value::Array(replies));
        }
    }
}

impl Loop<'_> {
    fn read(&self, input: &mut dyn BufRead) -> io::Result<()> {
        while !self.outbox.is_closed() {
            let line = match mcp::read_line(input, mcp::MAX_LINE_BYTES)? {
                None => break,
                Some(Err(e)) => {
                    crate::warn!("bad input line: {e:?}");
                    self.outbox.send(&e.response().into_value());
                    continue;
                }
                Some(Ok(line)) => line,
            };
            match mcp::parse(&line) {
                Incoming::Single(item) => self.message(item, || ReplyTo::Alone(self.outbox.clone())),
                Incoming::Batch(items) => {
                    let batch = Batch::new(self.outbox.clone());
                    for item in items {
                        self.message(item, || batch.slot());
                    }
                    batch.seal();
                }
            }
        }
        Ok(())
    }

    /// One message, alone or a batch entry; `to` gives the place of its reply, if it has one.
    fn message(&self, item: Result<Message, Response>, to: impl FnOnce() -> ReplyTo) {
        match item {
            Err(resp) => to().deliver(Some(resp.into_value())),
            Ok(Message::Request(req)) => self.dispatch(req, to()),
            Ok(Message::Notification(n)) => self.server.notify(&n, &self.inflight),
            Ok(Message::Response(_)) => crate::debug!("ignored a response from the client"),
        }
    }

    /// The one path of every request: a fast one is answered here; a slow one is registered in
    /// flight (cancellation, progress, one reply) and answered on a worker.
    fn dispatch(&self, req: Request, to: ReplyTo) {
        if !Server::is_slow(&req.method) {
            to.deliver(Some(answer(&self.server, &req, &Idle)));
            return;
        }
        let call = self.inflight.start(&req);
        let (server, inflight, outbox) = (self.server.clone(), self.inflight.clone(), self.outbox.clone());
        self.pool.submit(Box::new(move || {
            // What the handler sees of its call, alone or in a batch: cancelled? its own steps.
            let live = LiveCall { call: &call, outbox: &outbox };
            let reply = answer(&server, &req, &live);
            to.deliver(inflight.finish(&req.id, &call, reply));
        }));
    }
}

/// A request's reply; a panic in its handler is a bug, but still gets its reply. `live` is what the
/// handler sees of its call (cancellation, progress).
fn answer(server: &Server, req: &Request, live: &dyn Live) -> Value {
    catch_unwind(AssertUnwindSafe(|| server.handle(req, live)))
        .unwrap_or_else(|_| {
            crate::error!("handling {} (id {}) panicked", req.method, req.id);
            Response::err(Some(req.id.clone()), ResponseError::new(ErrorCode::InternalError, "internal error"))
        })
        .into_value()
}
