//! Where a request's reply goes: straight to stdout, or into its place in a batch's reply, which
//! is sent as one array when its last place is settled.

use std::sync::{Arc, Mutex, MutexGuard};

use serde_json::Value;

use super::lock;
use super::outbox::Outbox;

/// Where a request's reply goes: straight to stdout, or into its place in a batch's reply.
pub(super) enum ReplyTo {
    Alone(Arc<Outbox>),
    Slot(Arc<Batch>, usize),
}

impl ReplyTo {
    /// Delivers a reply; `None` (a cancelled call) sends nothing, and leaves a batch slot empty.
    pub(super) fn deliver(self, reply: Option<Value>) {
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
/// the last is filled (the entries' replies in the order of their requests). A cancelled entry's
/// slot is settled, empty, when the cancellation arrives (`Inflight::cancel`), not when its
/// worker gets back from the backend.
pub(super) struct Batch {
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
    pub(super) fn new(outbox: Arc<Outbox>) -> Arc<Batch> {
        Arc::new(Batch { outbox, state: Mutex::new(BatchState { replies: Vec::new(), pending: 1 }) })
    }

    /// A new empty slot.
    pub(super) fn slot(self: &Arc<Self>) -> ReplyTo {
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
    pub(super) fn seal(&self) {
        self.release(lock(&self.state));
    }

    fn release(&self, mut st: MutexGuard<'_, BatchState>) {
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
