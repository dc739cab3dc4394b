//! replacement (<https://encoding.spec.whatwg.org/#replacement>): a decoder that turns any
//! non-empty input into one U+FFFD; no encoder.

use crate::handler::{Decode, DecoderResult};
use crate::sink::Sink;

/// replacement decoder (<https://encoding.spec.whatwg.org/#replacement-decoder>).
#[derive(Clone, Debug, Default)]
pub(crate) struct ReplacementDecoder {
    replacement_error_returned: bool,
}

impl ReplacementDecoder {
    /// Replacement error returned, as 0 or 1.
    pub(crate) fn save(&self) -> u32 {
        u32::from(self.replacement_error_returned)
    }

    pub(crate) fn restore(saved: u32) -> Option<ReplacementDecoder> {
        (saved < 2).then_some(ReplacementDecoder {
            replacement_error_returned: saved == 1,
        })
    }
}

impl Decode for ReplacementDecoder {
    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, _last: bool) -> (DecoderResult, usize) {
        if src.is_empty() {
            return (DecoderResult::InputEmpty, 0);
        }
        if !self.replacement_error_returned {
            if !dst.has_room() {
                return (DecoderResult::OutputFull, 0);
            }
            self.replacement_error_returned = true;
            return (DecoderResult::Malformed, 1);
        }
        // The handler returned finished: nothing after the error is decoded.
        (DecoderResult::InputEmpty, src.len())
    }
}
