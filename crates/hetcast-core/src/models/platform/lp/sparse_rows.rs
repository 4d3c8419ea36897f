//! Serde of [`super::LpSolution::flows`] as sparse rows, `{"len": 218, "nonzero": [[3, 0.5], ...]}`:
//! a flow is mostly zeros (Broadcast-EB on a 65-node platform has 64 commodities over 218
//! edges: 14,000 numbers, a few hundred of them not 0), and the web worker sends solutions to
//! the page as JSON. Dense, the answer was 66 KB of text to parse on the page's thread.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize, Deserialize)]
struct Sparse {
    len: usize,
    nonzero: Vec<(usize, f64)>,
}

/// Write each row as its length and its entries that are not 0.
pub fn serialize<S: Serializer>(rows: &[Vec<f64>], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(rows.iter().map(|row| {
        Sparse {
            len: row.len(),
            nonzero: row
                .iter()
                .enumerate()
                .filter(|(_, &x)| x != 0.0)
                .map(|(i, &x)| (i, x))
                .collect(),
        }
    }))
}

/// Read rows written by [`serialize`] (an index past a row's length is an error).
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<f64>>, D::Error> {
    Vec::<Sparse>::deserialize(d)?
        .into_iter()
        .map(|r| {
            let mut row = vec![0.0; r.len];
            for (i, x) in r.nonzero {
                *row.get_mut(i).ok_or_else(|| {
                    D::Error::custom(format!("flow entry {i} past the row's {}", r.len))
                })? = x;
            }
            Ok(row)
        })
        .collect()
}
