//! What the page's `compact` greedy costs (docs/performance.md, "The app's wasm", step 17):
//! greedy with its steps ([`greedy`]), 100 times on each of two 500-node random instances (the
//! app's largest one-source instances), `RandomSpec { nodes: 500, types: 5, max_cost: 20,
//! seed: 1 }` in the node and the sender-receiver model. Count its instructions with and
//! without the feature `compact` (which sends every instance to the binary heap):
//!
//! ```text
//! RUSTFLAGS="-C opt-level=z" cargo build --release -p hetcast-core --example greedy_page_cost [--features compact]
//! valgrind --tool=callgrind target/release/examples/greedy_page_cost
//! ```
//! It prints the number of runs; the schedules are the same with and without the feature
//! (`tests/greedy_equivalence.rs`).

use hetcast_core::models::overhead::algo::greedy::greedy;
use hetcast_core::models::overhead::generate::{random, RandomSpec};
use hetcast_core::models::overhead::ModelKind;
use std::hint::black_box;

fn main() {
    let mut runs = 0;
    for model in [ModelKind::Node, ModelKind::SenderReceiver] {
        let inst = random(RandomSpec {
            model,
            nodes: 500,
            types: 5,
            max_cost: 20,
            seed: 1,
        });
        for _ in 0..100 {
            black_box(greedy(black_box(&inst)).expect("a valid random instance"));
            runs += 1;
        }
    }
    println!("{runs} runs of greedy with its steps");
}
