//! The read loop: one message at a time from stdin; fast requests answered inline, slow ones
//! (those that may call the backend) handed to the pool.

use std::io::{self, BufRead};
use std::sync::Arc;

use serde_json::Value;

use super::Server;
use super::inflight::{Inflight, LiveCall};
use super::outbox::Outbox;
use super::pool::Pool;
use crate::mcp::{self, ErrorCode, Incoming, Message, Response, ResponseError};

/// The read loop: reads messages from `input` until EOF (or until stdout closes), answers each
/// request exactly once on `outbox`, and runs slow requests on `pool`.
pub fn run(server: &Arc<Server>, input: &mut dyn BufRead, outbox: &Arc<Outbox>, pool: &Pool) -> io::Result<()> {
    let inflight = Arc::new(Inflight::new(outbox.clone()));
    let result = read_loop(server, input, outbox, pool, &inflight);
    inflight.stop_ticker();
    result
}

fn read_loop(
    server: &Arc<Server>,
    input: &mut dyn BufRead,
    outbox: &Arc<Outbox>,
    pool: &Pool,
    inflight: &Arc<Inflight>,
) -> io::Result<()> {
    while !outbox.is_closed() {
        let line = match mcp::read_line(input, mcp::MAX_LINE_BYTES)? {
            None => break,
            Some(Err(e)) => {
                crate::warn!("bad input line: {e:?}");
                outbox.send(&e.response().into_value());
                continue;
            }
            Some(Ok(line)) => line,
        };
        match mcp::parse(&line) {
            Incoming::Single(Err(resp)) => outbox.send(&resp.into_value()),
            Incoming::Single(Ok(Message::Request(req))) => {
                if Server::is_slow(&req.method) {
                    let call = inflight.start(&req);
                    let (server, outbox, inflight) = (server.clone(), outbox.clone(), inflight.clone());
                    pool.submit(Box::new(move || {
                        // A panic in a handler is a bug, but still gets its reply.
                        let live = LiveCall { call: &call, outbox: &outbox };
                        let reply =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.handle_live(&req, &live)))
                                .unwrap_or_else(|_| {
                                    crate::error!("handling {} (id {}) panicked", req.method, req.id);
                                    Response::err(
                                        Some(req.id.clone()),
                                        ResponseError::new(ErrorCode::InternalError, "internal error"),
                                    )
                                })
                                .into_value();
                        inflight.finish(&req.id, &call, &reply, &outbox);
                    }));
                } else {
                    outbox.send(&server.handle(&req).into_value());
                }
            }
            Incoming::Single(Ok(Message::Notification(n))) => server.notify(&n, inflight),
            Incoming::Single(Ok(Message::Response(_))) => {
                crate::debug!("ignored a response from the client")
            }
            Incoming::Batch(items) => {
                let slow = items.iter().any(|m| matches!(m, Ok(Message::Request(r)) if Server::is_slow(&r.method)));
                let (server2, outbox2, inflight2) = (server.clone(), outbox.clone(), inflight.clone());
                let job = move || {
                    let mut replies = Vec::new();
                    for item in items {
                        match item {
                            Err(resp) => replies.push(resp.into_value()),
                            Ok(Message::Request(req)) => replies.push(server2.handle(&req).into_value()),
                            Ok(Message::Notification(n)) => server2.notify(&n, &inflight2),
                            Ok(Message::Response(_)) => {}
                        }
                    }
                    if !replies.is_empty() {
                        outbox2.send(&Value::Array(replies));
                    }
                };
                if slow { pool.submit(Box::new(job)) } else { job() }
            }
        }
    }
    Ok(())
}
