//! Random instances of the multimessage model, reproducible from a seed ([`crate::rng`]).

use super::instance::{Message, MmInstance};
use crate::rng::{below, between, Rng64};
use rand::SeedableRng;

/// The name of message `k`: a, b, ..., z, aa, ab, ...
pub fn message_name(k: usize) -> String {
    let mut k = k;
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (k % 26) as u8);
        if k < 26 {
            break;
        }
        k = k / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// A random instance on `n` processors of degree at most `d`: messages are added while some
/// processor can still send one, each to up to `fanout` processors that can still receive one
/// (distinct, not the source), until `messages` have been made or no message fits.
pub fn random_degree(n: usize, d: usize, fanout: usize, messages: usize, seed: u64) -> MmInstance {
    let mut rng = Rng64::seed_from_u64(seed);
    let mut out_deg = vec![0usize; n];
    let mut in_deg = vec![0usize; n];
    let mut list = Vec::new();
    let mut misses = 0;
    while list.len() < messages && misses < 4 * n + 8 {
        let senders: Vec<usize> = (0..n).filter(|&p| out_deg[p] < d).collect();
        if senders.is_empty() || n < 2 {
            break;
        }
        let src = senders[below(&mut rng, senders.len())];
        let mut free: Vec<usize> = (0..n).filter(|&q| q != src && in_deg[q] < d).collect();
        if free.is_empty() {
            misses += 1;
            continue;
        }
        let want = between(&mut rng, 1, fanout.max(1)).min(free.len());
        let mut dests = Vec::with_capacity(want);
        for _ in 0..want {
            let i = below(&mut rng, free.len());
            dests.push(free.swap_remove(i));
        }
        dests.sort_unstable();
        for &q in &dests {
            in_deg[q] += 1;
        }
        out_deg[src] += 1;
        list.push(Message {
            name: message_name(list.len()),
            source: src,
            destinations: dests,
        });
    }
    MmInstance {
        processors: n.max(1),
        names: None,
        messages: list,
    }
}

/// A random instance of about `n` processors for the model registry, across what validation
/// accepts: by `seed`, degree 1 (seed ≡ 0 mod 5), a single message (≡ 1), fan-out 1
/// (unicasting, ≡ 2), or any degree up to 4 and fan-out up to `n - 1`; processor names on
/// every third seed. One processor gives the instance with no message.
pub fn random_instance(n: usize, seed: u64) -> MmInstance {
    let n = n.clamp(1, super::instance::MAX_PROCESSORS);
    if n == 1 {
        return MmInstance {
            processors: 1,
            names: None,
            messages: Vec::new(),
        };
    }
    let mut rng = Rng64::seed_from_u64(seed ^ 0x5eed);
    let fan = between(&mut rng, 1, n - 1);
    let d = between(&mut rng, 1, 4);
    let mut inst = match seed % 5 {
        0 => random_degree(n, 1, fan, n, seed),
        1 => random_degree(n, 1, fan, 1, seed),
        2 => random_degree(n, d, 1, n * d, seed),
        _ => random_degree(n, d, fan, n * d, seed),
    };
    // Every third seed names the processors (non-ASCII, of different lengths).
    if seed % 3 == 2 {
        inst.names = Some(
            (0..n)
                .map(|p| format!("nœud-{}{}", p, "é".repeat(p % 5)))
                .collect(),
        );
    }
    inst
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_degrees() {
        assert_eq!(
            [0, 25, 26, 27, 701, 702].map(message_name),
            ["a", "z", "aa", "ab", "zz", "aaa"].map(String::from)
        );
        for seed in 0..200 {
            let inst = random_degree(9, 3, 4, 100, seed);
            inst.validate().unwrap();
            assert!(inst.degree() <= 3);
        }
    }
}
