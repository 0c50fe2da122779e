//! The read loop: one message at a time from stdin; every request, alone or in a batch, goes
//! through [`Loop::dispatch`]: fast ones answered inline, slow ones (those that may call the
//! backend) registered in flight and run on the pool.

use std::io::{self, BufRead};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use serde_json::Value;

use super::Server;
use super::inflight::{Inflight, LiveCall};
use super::outbox::Outbox;
use super::pool::{Free, Pool};
use super::reply::{Batch, ReplyTo};
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

impl Loop<'_> {
    fn read(&self, input: &mut dyn BufRead) -> io::Result<()> {
        while !self.outbox.is_closed() {
            let line = match mcp::read_line(input, mcp::MAX_LINE_BYTES)? {
                None => break,
                Some(Err(e)) => {
                    crate::warn!("bad input line: {e}");
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
        let call = self.inflight.start(&req, to);
        let (server, inflight, outbox) = (self.server.clone(), self.inflight.clone(), self.outbox.clone());
        self.pool.submit(Box::new(move |free: &Free| {
            // What the handler sees of its call, alone or in a batch: cancelled? its own steps.
            let live = LiveCall { call: &call, outbox: &outbox };
            let reply = answer(&server, &req, &live);
            // Only the reply is left: the client's next call may come as soon as it is out.
            free.now();
            inflight.finish(&req.id, &call, reply);
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
