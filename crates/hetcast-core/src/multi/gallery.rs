//! Gallery instances of the many-source model (paper 001).
