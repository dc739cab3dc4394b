use crate::decoder::{Decode, DecoderResult};
use crate::encoder::Encode;
use crate::sink::Sink;
// PLACEHOLDER: replaced by the family's implementation.
#[derive(Clone, Debug, Default)]
pub(crate) struct ShiftJisDecoder;
impl Decode for ShiftJisDecoder {
    fn decode<S: Sink>(&mut self, _: &[u8], _: &mut S, _: bool) -> (DecoderResult, usize) { unimplemented!() }
}
#[derive(Clone, Debug, Default)]
pub(crate) struct ShiftJisEncoder;
impl Encode for ShiftJisEncoder {
    fn encode_char(&mut self, _: char, _: &mut [u8]) -> Result<usize, usize> { unimplemented!() }
}
