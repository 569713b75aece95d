/// Where and how the picture shows (`video-zoom`, `video-pan-x/y`, `video-rotate`,
/// `video-aspect-override`, `video-crop`, `panscan`, the equalizer) and what the window does
/// (`ontop`, `window-scale`, `picture-in-picture`), by mpv's names; part of `PropertyRegistry.all`.
extension PropertyRegistry {
    static let displayProperties: [Property] = [
        display("video-zoom", "magnification, log2: 1 doubles the picture, -1 halves it", \.zoom,
                DisplaySettings.zoomRange, DisplaySetting.zoom),
        display("video-pan-x", "picture moved right, in its widths (negative: left)", \.panX,
                DisplaySettings.panRange, DisplaySetting.panX),
        display("video-pan-y", "picture moved down, in its heights (negative: up)", \.panY,
                DisplaySettings.panRange, DisplaySetting.panY),
        Property("video-rotate", .integer, "clockwise degrees added to the stream's rotation: 0, 90, 180, 270",
                 get: { .integer($0.display.rotate) },
                 domain: .custom { value, _ in
                     guard let number = value.number, DisplaySettings.rotations.contains(where: { Double($0) == number })
                     else { return nil }
                     return .integer(Int(number))
                 },
                 set: { value, _ in .setDisplay(.rotate(Int(value.number ?? 0))) },
                 cycle: { state, up in .setDisplay(.rotate((state.display.rotate + (up ? 90 : 270)) % 360)) },
                 add: { state, degrees in
                     let quarters = Int((degrees / 90).rounded())
                     return .setDisplay(.rotate(((state.display.rotate + quarters * 90) % 360 + 360) % 360))
                 }),
        Property("video-aspect-override", .text, "the picture's shape: 16:9, 4:3, 2.35:1, a number, or -1 for the stream's",
                 get: { .text($0.display.aspectOverride.map { AspectRatioText.format($0) } ?? "-1") },
                 domain: .custom { value, _ in
                     let text: String? = switch value {
                     case .text(let text): text
                     case .integer(let number): String(number)
                     case .number(let number): String(number)
                     default: nil
                     }
                     guard let text, let parsed = AspectRatioText.parse(text) else { return nil }
                     guard let ratio = parsed else { return .text("-1") }
                     return DisplaySettings.aspectRange.contains(ratio) ? .number(ratio) : nil
                 },
                 set: { value, _ in
                     if case .number(let ratio) = value { return .setDisplay(.aspectOverride(ratio)) }
                     return .setDisplay(.aspectOverride(nil))
                 },
                 cycle: { state, up in
                     // mpv's A: 16:9, 4:3, 2.35:1, the stream's own, round again.
                     let ratios: [Double?] = [16.0 / 9, 4.0 / 3, 2.35, nil]
                     let index = ratios.firstIndex { $0.map { abs($0 - (state.display.aspectOverride ?? -9)) < 0.001 }
                         ?? (state.display.aspectOverride == nil) } ?? ratios.count - 1
                     return .setDisplay(.aspectOverride(ratios[(index + (up ? 1 : ratios.count - 1)) % ratios.count]))
                 }),
        Property("video-crop", .text, "the part of the picture shown: WxH+X+Y, WxH (centred), or empty for all",
                 get: { .text($0.display.crop?.description ?? "") },
                 domain: .custom { value, state in
                     guard case .text(let text) = value else { return nil }
                     if text.isEmpty || text == "no" { return .text("") }
                     guard let crop = VideoCrop(text) else { return nil }
                     // Refused when it leaves nothing of a picture whose size is known.
                     if state.videoWidth > 0, state.videoHeight > 0,
                        crop.rectangle(inWidth: state.videoWidth, height: state.videoHeight) == nil { return nil }
                     return .text(crop.description)
                 },
                 set: { value, _ in .setDisplay(.crop(value.textValue.flatMap(VideoCrop.init))) }),
        Property("vf", .text, "the video filters: a libavfilter chain (hflip,scale=640:-2), empty for none",
                 get: { .text($0.picture.videoFilters.joined(separator: ",")) },
                 domain: .text({ $0.utf8.count < 4096 }),
                 set: { value, state in .setPicture(state.picture.with(.set(value.textValue ?? ""))) }),
        display("panscan", "0..1: how far the picture grows into the black bars, its sides cut", \.panscan,
                DisplaySettings.panscanRange, DisplaySetting.panscan),
    ] + PictureEqualizer.Control.allCases.map(equalizer) + [
        .flag("ontop", "the window stays above others", get: { $0.windowSettings.isOnTop },
              set: { .setWindow(.onTop($0)) }),
        .number("window-scale", "window size as a multiple of the picture's (0.5, 1, 2...)",
                get: { .number($0.windowSettings.scale) }, bounds: { _ in WindowSettings.scaleRange },
                set: { scale, _ in .setWindow(.scale(scale)) }),
        .flag("picture-in-picture", "a small borderless window in a corner, on top", get: { $0.windowSettings.isPictureInPicture },
              set: { .setWindow(.pictureInPicture($0)) }),
    ]

    private static func display(_ name: String, _ help: String, _ value: KeyPath<DisplaySettings, Double> & Sendable,
                                _ range: ClosedRange<Double>, _ setting: @escaping @Sendable (Double) -> DisplaySetting) -> Property {
        .number(name, help, get: { .number($0.display[keyPath: value]) }, bounds: { _ in range },
                set: { number, _ in .setDisplay(setting(number)) })
    }

    private static func equalizer(_ control: PictureEqualizer.Control) -> Property {
        let range = Double(PictureEqualizer.range.lowerBound)...Double(PictureEqualizer.range.upperBound)
        return .number(control.rawValue, "\(control.rawValue), -100..100 (0: as decoded)",
                       get: { .integer($0.display.equalizer[control]) }, bounds: { _ in range },
                       set: { number, _ in .setDisplay(.equalizer(control, Int(number.rounded()))) })
    }
}
