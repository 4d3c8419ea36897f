//! Placeholder while the exact solvers are written (see issue 2).
use super::Solution;
use crate::error::Error;
use crate::model::Instance;

/// Exact solver (being written).
pub fn exhaustive(inst: &Instance) -> Result<Solution, Error> {
    let _ = inst;
    Err(Error::UnknownAlgorithm("exhaustive".into()))
}
