use crate::decoder::{Decode, DecoderResult};
use crate::encoder::Encode;
use crate::sink::Sink;
// PLACEHOLDER: replaced by the family's implementation.
#[derive(Clone, Debug, Default)]
pub(crate) struct Gb18030Decoder;
impl Decode for Gb18030Decoder {
    fn decode<S: Sink>(&mut self, _: &[u8], _: &mut S, _: bool) -> (DecoderResult, usize) { unimplemented!() }
}
#[derive(Clone, Debug)]
pub(crate) struct Gb18030Encoder;
impl Gb18030Encoder { pub(crate) fn new(_is_gbk: bool) -> Self { Gb18030Encoder } }
impl Encode for Gb18030Encoder {
    fn encode_char(&mut self, _: char, _: &mut [u8]) -> Result<usize, usize> { unimplemented!() }
}
