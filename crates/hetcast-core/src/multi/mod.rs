//! The many-source multicast model with non-blocking sends (Wu, Yeh, Liu, paper 001):
//! the instance ([`model`]), the plan of task lists ([`plan`]), its simulator ([`simulate`]),
//! the section 5 generator ([`generate`]) and the gallery instances ([`gallery`]).
//! Its algorithms are in [`crate::algo::multi`].

pub mod experiment;
pub mod gallery;
pub mod generate;
pub mod model;
pub mod plan;
pub mod simulate;

pub use model::{Link, Message, MultiInstance, NodeClass, Overhead};
pub use plan::{MultiPlan, Op, Task};
pub use simulate::{simulate_multi, MultiSchedule, Transfer};
