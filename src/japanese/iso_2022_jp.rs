use crate::decoder::{Decode, DecoderResult};
use crate::encoder::Encode;
use crate::sink::Sink;
// PLACEHOLDER: replaced by the family's implementation.
#[derive(Clone, Debug, Default)]
pub(crate) struct Iso2022JpDecoder;
impl Decode for Iso2022JpDecoder {
    fn decode<S: Sink>(&mut self, _: &[u8], _: &mut S, _: bool) -> (DecoderResult, usize) { unimplemented!() }
}
#[derive(Clone, Debug, Default)]
pub(crate) struct Iso2022JpEncoder;
impl Encode for Iso2022JpEncoder {
    fn encode_char(&mut self, _: char, _: &mut [u8]) -> Result<usize, usize> { unimplemented!() }
}
