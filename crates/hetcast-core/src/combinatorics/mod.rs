//! Algorithms that more than one model needs, apart from any model. Bipartite multigraph edge
//! colouring (the periodic schedules of paper 002 and the unit-step schedules of paper 003)
//! joins here with the first model that uses it.
pub mod edge_colouring;

pub mod weighted_colouring;
