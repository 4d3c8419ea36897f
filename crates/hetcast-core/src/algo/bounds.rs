//! Bounds (being written).
