//! The room of the page's charts: the results panel's width and the window's height in CSS
//! px ([`Screen`]), measured when the page opens and once a resize of the window has settled.
//! The worker draws the charts for it, to be shown 1:1 (their type sizes are in px, see
//! `hetcast-charts`), and draws them again when it changes ([`super::page`]).

use hetcast_worker::Canvas;

/// The page's rem in CSS px (static/style.css, `:root`).
const REM: f64 = 20.0;
/// The results panel's horizontal padding (static/experiments.css: 0.8rem each side).
const PAD_X: f64 = 2.0 * 0.8 * REM;
/// The smallest canvas drawn: a window narrower than the page is made for scales it down.
const MIN_WIDTH: u32 = 320;
const MIN_HEIGHT: u32 = 200;
/// A resize of the window is measured once it has paused this long (ms).
pub const SETTLE_MS: u32 = 250;

/// The results panel's width (inside its padding) and the window's height, in CSS px.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// Width of the charts.
    pub width: u32,
    /// The window's height.
    pub height: u32,
}

impl Screen {
    /// Measure the results panel `results` (`None` while it is hidden).
    pub fn measure(results: &web_sys::Element) -> Option<Screen> {
        let width = results.client_width() as f64 - PAD_X;
        let height = gloo::utils::window().inner_height().ok()?.as_f64()?;
        (width > 0.0).then_some(Screen {
            width: width as u32,
            height: height as u32,
        })
    }

    /// The room for a chart's height: its style's `max-height` (static/experiments.css:
    /// `100vh - 9.5rem`, or `50vh - 2rem` for a `short` one).
    fn room(self, short: bool) -> u32 {
        let h = self.height as f64;
        let room = if short {
            h / 2.0 - 2.0 * REM
        } else {
            h - 9.5 * REM
        };
        room.max(0.0) as u32
    }

    /// A canvas as wide as the charts' room, `ratio` of that high within its height's room
    /// (`short`: [`Screen::room`]).
    pub fn canvas(self, ratio: f64, short: bool) -> Canvas {
        let width = self.width.max(MIN_WIDTH);
        let height = ((width as f64 * ratio) as u32).min(self.room(short));
        Canvas::Px {
            width,
            height: height.max(MIN_HEIGHT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The canvas is the panel's width and fits under the style's `max-height`, so that the
    /// chart is shown 1:1.
    #[test]
    fn the_canvas_fits_the_room() {
        let s = Screen {
            width: 610,
            height: 768,
        };
        let px = |width, height| Canvas::Px { width, height };
        assert_eq!(s.canvas(0.62, false), px(610, 378));
        assert_eq!(s.canvas(1.0, false), px(610, 768 - 190));
        assert_eq!(s.canvas(1.0, true), px(610, 768 / 2 - 40));
        let tiny = Screen {
            width: 100,
            height: 300,
        };
        assert_eq!(tiny.canvas(0.62, false), px(320, 200));
    }
}
