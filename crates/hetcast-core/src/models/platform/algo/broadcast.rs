//! The plain broadcast heuristic of section 5.1.4 (paper 002): broadcast to the whole
//! platform at the optimal broadcast throughput Broadcast-EB(P), which is achievable
//! (weighted Edmonds and König theorems, the paper's references [6, 5]); the targets get the
//! message with every other node.
//!
//! # Complexity
//! One Broadcast-EB LP (see [`super::bounds`]).
//!
//! # Example
//! ```
//! use hetcast_core::models::platform::{algo::broadcast, PlatformInstance};
//! // P0 -> P1 -> P2: the broadcast also feeds P1 (not a target), at no extra cost.
//! let p = PlatformInstance::new(3, &[(0, 1, 1.0), (1, 2, 3.0)], 0, &[2]);
//! let b = broadcast::broadcast(&p).unwrap();
//! assert!((b.period - 3.0).abs() < 1e-6);
//! ```

use super::super::{PlatformInstance, PlatformSolution};
use super::PlatformAlgorithm;
use crate::error::Error;

/// Broadcast on the whole platform (the nodes the source reaches).
pub fn broadcast(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    let mut s = super::bounds::broadcast_eb(inst)?;
    s.algorithm = PlatformAlgorithm::Broadcast;
    Ok(s)
}
