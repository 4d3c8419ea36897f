//! Layout (being written).
