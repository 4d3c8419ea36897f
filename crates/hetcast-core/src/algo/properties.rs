//! Schedule properties (being written).
