//! § 12 Legacy multi-byte Japanese encodings: EUC-JP, ISO-2022-JP and Shift_JIS.

mod euc_jp;
mod iso_2022_jp;
mod shift_jis;

pub(crate) use euc_jp::{EucJpDecoder, EucJpEncoder};
pub(crate) use iso_2022_jp::{Iso2022JpDecoder, Iso2022JpEncoder};
pub(crate) use shift_jis::{ShiftJisDecoder, ShiftJisEncoder};
