import VPlayCore

/// The picture's placement and colours, the window's behaviour, and video filters: each option
/// seeds the property of its name (checked by the property registry).
extension OptionTable {
    static let pictureOptions: [OptionSpec] = [
        display("--video-zoom", "X", "magnification, log2: 1 doubles the picture, -20..20", default: "0"),
        display("--video-pan-x", "X", "picture moved right, in its widths, -3..3", default: "0"),
        display("--video-pan-y", "X", "picture moved down, in its heights, -3..3", default: "0"),
        display("--video-rotate", "0|90|180|270", "clockwise degrees added to the stream's rotation", default: "0"),
        display("--video-aspect-override", "W:H", "the picture's shape (16:9, 4:3, 2.35:1, a number); -1: the stream's", default: "-1"),
        display("--video-crop", "WxH+X+Y", "show only this part of the picture (WxH alone: centred)", default: "none"),
        display("--panscan", "X", "0..1: how far the picture grows into the black bars, its sides cut", default: "0"),
        display("--brightness", "N", "picture brightness, -100..100", default: "0"),
        display("--contrast", "N", "picture contrast, -100..100", default: "0"),
        display("--saturation", "N", "colour saturation, -100..100 (-100: grey)", default: "0"),
        display("--gamma", "N", "picture gamma, -100..100", default: "0"),
        display("--hue", "N", "hue turned, -100..100 (a half turn each way)", default: "0"),
        OptionSpec(["--ontop"], .flag, "keep the window above others", default: "no") { draft, use throws(OptionError) in
            draft.options.player.windowSettings.isOnTop = try use.flag(for: "ontop")
        },
        display("--window-scale", "X", "window size as a multiple of the picture's, 0.125..8", default: "1"),
        OptionSpec(["--vf"], .value("FILTERS"), "video filters: a libavfilter chain, e.g. hflip,scale=640:-2", default: "none") { draft, use throws(OptionError) in
            draft.options.player.picture.videoFilters = FilterListText.entries(try use.text())
        },
        OptionSpec(["--autofit"], .value("WxH"), "fit the window into WxH, or W alone wide (pixels, or N% of the screen), the picture's shape kept",
                   default: "none") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let fit = WindowFit(text) else {
                throw .invalidValue(use.name, text, expected: "W or WxH in pixels or percent of the screen (1280x720, 50%)")
            }
            draft.options.autofit = fit
        },
        OptionSpec(["--screen"], .value("default|N"), "the monitor the window opens on, 0 the first", default: "default") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let index = ScreenChoice.window(text) else {
                throw .invalidValue(use.name, text, expected: "a screen number 0..32 or default")
            }
            draft.options.screens.window = index
        },
        OptionSpec(["--fs-screen"], .value("current|all|N"), "the monitor full screen fills, 0 the first; current: the window's; all: every one",
                   default: "current") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let choice = ScreenChoice.fullscreen(text) else {
                throw .invalidValue(use.name, text, expected: "a screen number 0..32, current or all")
            }
            draft.options.screens.fullscreen = choice
        },
    ]

    /// An option that seeds the display or window setting of the property of its name.
    private static func display(_ name: String, _ value: String, _ help: String, default: String) -> OptionSpec {
        let property = String(name.dropFirst(2))
        return OptionSpec([name], .value(value), help, default: `default`) { draft, use throws(OptionError) in
            switch try use.command(for: property) {
            case .setDisplay(let setting): draft.options.player.display = draft.options.player.display.with(setting)
            case .setWindow(let setting): draft.options.player.windowSettings = draft.options.player.windowSettings.with(setting)
            default: break
            }
        }
    }
}
