//! Random instances of the section 5 setting of paper 001.
