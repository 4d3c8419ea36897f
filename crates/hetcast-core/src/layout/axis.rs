//! The time axis every chart shares: "nice" tick values ([`nice_ticks`]), their labels
//! ([`tick_label`]) and the unit the times are shown in ([`TimeAxis`], [`Ticks`]).
//!
//! The axis is continuous: ticks at multiples of 1, 2 or 5 times a power of ten from 0 to the
//! first tick at or after the latest time. [`TimeAxis`] says how times read; a model with
//! integer steps or one repeating period adds a variant there (and its tick rule to
//! [`Ticks::new`]) without touching the charts that draw the ticks.

use crate::units::time_unit;

/// How a chart's times read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TimeAxis {
    /// Unitless model times (the overhead model's costs): labels "0, 2, 4", axis label "time".
    #[default]
    Plain,
    /// Times in microseconds, shown in µs, ms or s after the axis's end
    /// ([`crate::units::time_unit`]): axis label "time (ms)".
    Micros,
    /// Unit steps (the multimessage model): whole-number ticks only, axis label "step".
    Steps,
}

/// The ticks of a time axis: values, step and the unit the labels are in.
#[derive(Debug, Clone, PartialEq)]
pub struct Ticks {
    /// Tick values, 0 first, in model time.
    pub values: Vec<f64>,
    /// The last tick: the time at the axis's end.
    pub max: f64,
    /// The distance between two ticks.
    pub step: f64,
    /// Model time per label unit (1 for [`TimeAxis::Plain`] and µs, 1000 for ms, ...).
    pub scale: f64,
    /// The axis label: "time" or "time (ms)".
    pub label: String,
}

impl Ticks {
    /// The ticks of an axis of `kind` covering `[0, max_t]` with at most `max_ticks` intervals
    /// (see [`nice_ticks`]).
    ///
    /// ```
    /// use hetcast_core::layout::axis::{Ticks, TimeAxis};
    /// let t = Ticks::new(23.0, 5, TimeAxis::Plain);
    /// assert_eq!((t.max, t.step, t.label.as_str()), (25.0, 5.0, "time"));
    /// let t = Ticks::new(23_000.0, 5, TimeAxis::Micros);
    /// assert_eq!((t.text(10_000.0), t.label.as_str()), ("10".to_string(), "time (ms)"));
    /// let t = Ticks::new(3.0, 12, TimeAxis::Steps);
    /// assert_eq!((t.values, t.label.as_str()), (vec![0.0, 1.0, 2.0, 3.0], "step"));
    /// ```
    pub fn new(max_t: f64, max_ticks: usize, kind: TimeAxis) -> Ticks {
        let mut values = nice_ticks(max_t.max(f64::MIN_POSITIVE), max_ticks);
        if kind == TimeAxis::Steps && values.len() > 1 && values[1] - values[0] < 1.0 {
            let last = max_t.ceil().max(1.0) as usize;
            values = (0..=last).map(|v| v as f64).collect();
        }
        let max = values.last().copied().unwrap_or(1.0);
        let step = if values.len() > 1 {
            values[1] - values[0]
        } else {
            1.0
        };
        let (scale, label) = match kind {
            TimeAxis::Plain => (1.0, "time".to_string()),
            TimeAxis::Steps => (1.0, "step".to_string()),
            TimeAxis::Micros => {
                let (scale, unit) = time_unit(max);
                (scale, format!("time ({unit})"))
            }
        };
        Ticks {
            values,
            max,
            step,
            scale,
            label,
        }
    }

    /// The label of tick `t` (model time) in the axis's unit.
    pub fn text(&self, t: f64) -> String {
        tick_label(t / self.scale, self.step / self.scale)
    }
}

/// Tick values `0, step, 2 step, ..., k step` covering `[0, max]` (the last tick is the first
/// one at or after `max`), with `step` = 1, 2 or 5 times a power of ten, the smallest such step
/// that needs at most `max_ticks` intervals. A `max` that is not a positive finite number is
/// treated as 1; `max_ticks` is at least 1.
///
/// ```
/// use hetcast_core::layout::axis::nice_ticks;
/// assert_eq!(nice_ticks(10.0, 10), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]);
/// assert_eq!(nice_ticks(23.0, 5), vec![0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
/// assert_eq!(nice_ticks(23.0, 4), vec![0.0, 10.0, 20.0, 30.0]);
/// assert_eq!(nice_ticks(0.7, 4), vec![0.0, 0.2, 0.4, 0.6, 0.8]);
/// ```
pub fn nice_ticks(max: f64, max_ticks: usize) -> Vec<f64> {
    let max = if max.is_finite() && max > 0.0 {
        max
    } else {
        1.0
    };
    let max_ticks = max_ticks.max(1) as f64;
    let step = tick_step(max, max_ticks);
    let count = ((max / step) - 1e-9).ceil().max(1.0) as usize;
    let scale = 10f64.powi(decimals(step).min(300) as i32);
    (0..=count)
        .map(|i| {
            let t = i as f64 * step;
            let r = (t * scale).round() / scale;
            // Round away float noise (0.30000000000000004) where the scale allows it.
            if r.is_finite() {
                r
            } else {
                t
            }
        })
        .collect()
}

fn tick_step(max: f64, max_ticks: f64) -> f64 {
    // Clamped so that a subnormal `max` (log10 of 0 is -inf) cannot overflow the exponent.
    let mut e = (max / max_ticks).log10().floor().clamp(-330.0, 310.0) as i32 - 1;
    loop {
        for m in [1.0, 2.0, 5.0] {
            let step = m * 10f64.powi(e);
            if !step.is_finite() {
                // Only near f64::MAX: one interval from 0 to max.
                return max;
            }
            if (max / step - 1e-9).ceil() <= max_ticks {
                return step;
            }
        }
        e += 1;
    }
}

/// Decimal places needed to print multiples of `step`.
fn decimals(step: f64) -> usize {
    if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()).max(0.0) as usize
    }
}

/// A tick label: `t` with the decimals its step needs (`0.5`, `10`), or in scientific notation
/// (`2.5e-6`, `1e12`) when the step is below 1e-4 or at least 1e9.
///
/// ```
/// use hetcast_core::layout::axis::tick_label;
/// assert_eq!(tick_label(10.0, 2.0), "10");
/// assert_eq!(tick_label(0.6000000000000001, 0.2), "0.6");
/// assert_eq!(tick_label(2.5e-6, 5e-7), "2.5e-6");
/// ```
pub fn tick_label(t: f64, step: f64) -> String {
    if t == 0.0 {
        "0".into()
    } else if (1e-4..1e9).contains(&step) {
        format!("{:.*}", decimals(step), t)
    } else {
        let s = format!("{t:.3e}");
        match s.split_once('e') {
            Some((m, e)) => {
                let m = if m.contains('.') {
                    m.trim_end_matches('0').trim_end_matches('.')
                } else {
                    m
                };
                format!("{m}e{e}")
            }
            None => s,
        }
    }
}
