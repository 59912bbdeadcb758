//! Fuzz target `engine`: see ../harness.rs.
#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::engine(data));
