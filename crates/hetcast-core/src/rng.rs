//! A seeded generator that gives the same numbers on every target.
//!
//! `rand::rngs::SmallRng` is Xoshiro256++ on 64-bit targets but Xoshiro128++ on 32-bit ones
//! (WebAssembly), and `gen_range` over `usize` draws 64-bit numbers on one and 32-bit numbers
//! on the other: the same seed gave the browser other random runs than the CLI. [`Rng64`] is
//! Xoshiro256++ everywhere, seeded as `SmallRng::seed_from_u64` is (so the CLI's numbers do
//! not change), and [`below`] / [`between`] draw indices through `u64`.

use rand::{Rng, RngCore, SeedableRng};

/// Xoshiro256++: `rand` 0.8's `SmallRng` of 64-bit targets, on every target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng64 {
    s: [u64; 4],
}

impl SeedableRng for Rng64 {
    type Seed = [u8; 32];

    /// The state from `seed` (little-endian words); an all-zero seed is replaced as `rand`'s
    /// Xoshiro256++ does. (`seed_from_u64` is the trait's own, PCG32 filling the seed, as for
    /// `SmallRng`.)
    fn from_seed(seed: [u8; 32]) -> Rng64 {
        if seed.iter().all(|&x| x == 0) {
            return Rng64::splitmix(0);
        }
        let mut s = [0u64; 4];
        for (w, chunk) in s.iter_mut().zip(seed.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            *w = u64::from_le_bytes(b);
        }
        Rng64 { s }
    }
}

impl Rng64 {
    /// Xoshiro256++'s own seeding from a `u64` ([`SplitMix64`]), for the all-zero seed.
    fn splitmix(state: u64) -> Rng64 {
        let mut mix = SplitMix64(state);
        let mut s = [0u64; 4];
        for w in &mut s {
            *w = mix.next_u64();
        }
        Rng64 { s }
    }
}

impl RngCore for Rng64 {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

/// SplitMix64 (Steele, Lea, Flood): a small seeded generator whose output does not depend on
/// the platform's word size.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl RngCore for SplitMix64 {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl SeedableRng for SplitMix64 {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Self {
        SplitMix64(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(state: u64) -> Self {
        SplitMix64(state)
    }
}

/// A uniform index in `0..n` (n > 0), drawn through `u64` (the same on every target).
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    rng.gen_range(0..n as u64) as usize
}

/// A uniform number in `lo..=hi`, drawn through `u64` (the same on every target).
pub fn between<R: Rng + ?Sized>(rng: &mut R, lo: usize, hi: usize) -> usize {
    rng.gen_range(lo as u64..=hi as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On 64-bit targets `SmallRng` is this generator: the same numbers, and the same indices
    /// as `gen_range` over `usize`.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn equals_small_rng_on_64_bit_targets() {
        use rand::rngs::SmallRng;
        for seed in [0u64, 1, 2004, u64::MAX] {
            let mut a = SmallRng::seed_from_u64(seed);
            let mut b = Rng64::seed_from_u64(seed);
            for n in 1..500usize {
                assert_eq!(a.gen_range(0..n), below(&mut b, n));
                assert_eq!(a.gen_range(3..=n + 3), between(&mut b, 3, n + 3));
                assert_eq!(a.gen_range(-3.0..6.0f64), b.gen_range(-3.0..6.0f64));
                assert_eq!(a.gen_bool(0.5), b.gen_bool(0.5));
            }
        }
    }

    #[test]
    fn known_values() {
        // Fixed outputs of seed 2004, so that every target (wasm32 too) is checked.
        let mut r = Rng64::seed_from_u64(2004);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(
            first,
            [
                13578098415226102307,
                15782323116025930110,
                8599672247758969230
            ]
        );
        let idx: Vec<usize> = (0..5).map(|_| below(&mut r, 7)).collect();
        assert_eq!(idx, [3, 2, 5, 4, 3]);
        assert_eq!(Rng64::from_seed([0; 32]), Rng64::splitmix(0));
        let mut bytes = [0u8; 5];
        Rng64::seed_from_u64(2004).fill_bytes(&mut bytes);
        assert_eq!(bytes[..], first[0].to_le_bytes()[..5]);
    }
}
