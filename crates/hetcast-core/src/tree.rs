//! Trees given by a parent array (`parents[v]`: the node `v` receives from, `None` at the
//! root and off the tree), as a one-source plan's tree or one message's tree in a many-source
//! plan: what moving a node to a new sender must check.

/// True when `w` is below `node` (a child, a grandchild, ...) in the tree of `parents`. A
/// broken array (one with a cycle) is walked at most `parents.len() + 1` steps, and a node past
/// its end has no parent.
///
/// # Complexity
/// O(depth of `w`).
///
/// # Example
/// ```
/// use hetcast_core::tree::is_below;
/// // 0 -> 1 -> 2, and 0 -> 3.
/// let parents = [None, Some(0), Some(1), Some(0)];
/// assert!(is_below(&parents, 2, 0));
/// assert!(is_below(&parents, 2, 1));
/// assert!(!is_below(&parents, 3, 1));
/// assert!(!is_below(&parents, 1, 1));
/// ```
pub fn is_below(parents: &[Option<usize>], w: usize, node: usize) -> bool {
    let mut w = w;
    for _ in 0..=parents.len() {
        match parents.get(w).copied().flatten() {
            Some(p) if p == node => return true,
            Some(p) => w = p,
            None => return false,
        }
    }
    false
}
