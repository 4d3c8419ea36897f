//! The papers' worked examples, ready to load.

use crate::model::Instance;

/// One gallery entry.
pub struct Example {
    /// Stable identifier (used in URLs and tests).
    pub id: &'static str,
    /// Title shown in the gallery menu.
    pub title: &'static str,
    /// What the example shows and which numbers to expect.
    pub description: &'static str,
    /// Builds the instance.
    pub build: fn() -> Instance,
}

/// 000 Figure 1: source of cost 3, four destinations of cost 2, seven of cost 3.
/// Greedy completes at 10, the optimum at 9.
pub fn libeskind_hadas_figure1() -> Instance {
    let mut costs = vec![3.0];
    costs.extend([2.0; 4]);
    costs.extend([3.0; 7]);
    Instance::node_model(0, &costs)
}

/// 004 Figures 1-3: p0, p1 with s=1, r=2; p2 with s=2, r=3; L=1. FNF finishes at 6, the best
/// schedule at 5.
pub fn liu_figure1() -> Instance {
    Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0)])
}

/// A power-of-2 cluster (004 section 4.1): every send and receive time a power of two (L = 0).
/// FNF is optimal here (004 Theorem 2 for the last ready-to-receive time; the completion time
/// matches the exhaustive optimum too, checked in tests).
pub fn power_of_two_cluster() -> Instance {
    let mut c = vec![(1.0, 2.0)];
    c.extend([(1.0, 2.0); 3]);
    c.extend([(2.0, 4.0); 3]);
    c.extend([(4.0, 8.0); 2]);
    Instance::sender_receiver(0, 0.0, &c)
}

/// All examples, in menu order.
pub fn examples() -> Vec<Example> {
    vec![
        Example {
            id: "lh-fig1",
            title: "Libeskind-Hadas et al. Fig. 1: greedy 10, optimum 9",
            description: "Node model. Source cost 3, four destinations of cost 2, seven of cost 3. Greedy completes at 10; the optimal schedule at 9.",
            build: libeskind_hadas_figure1,
        },
        Example {
            id: "liu-fig1",
            title: "Liu et al. Figs. 1-3: FNF 6, optimum 5",
            description: "Sender-receiver model. p0, p1: s=1, r=2; p2: s=2, r=3; L=1. FNF sends to the fast p1 first and finishes at 6; sending to the slow p2 first finishes at 5.",
            build: liu_figure1,
        },
        Example {
            id: "pow2",
            title: "Power-of-2 cluster: FNF is optimal (Liu et al. Thm. 2)",
            description: "Sender-receiver model, L=0, every send and receive time a power of two: FNF equals the optimum.",
            build: power_of_two_cluster,
        },
    ]
}
