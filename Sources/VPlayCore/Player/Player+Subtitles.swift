import Foundation

/// Subtitles on screen: the view asks each turn whether the image of each layer changed and
/// has it drawn into its own pixels, above the picture; screenshots get them too.
extension Player {
    /// Starts loading the fonts (once per layer): its first track needs them. Each layer has a
    /// libass renderer of its own, as an image stays valid only until its renderer's next frame.
    func prepareSubtitleFonts(for layer: SubtitleLayer = .primary) {
        guard compositor(layer) == nil else { return }
        let made = SubtitleCompositor(fonts: SubtitleFontLoader(fonts: AttachedFonts.fonts(of: file), done: wake),
                                      alignsTop: layer == .secondary)
        switch layer {
        case .primary: subtitleCompositor = made
        case .secondary: secondaryCompositor = made
        }
    }

    func compositor(_ layer: SubtitleLayer) -> SubtitleCompositor? {
        layer == .primary ? subtitleCompositor : secondaryCompositor
    }

    private func source(_ layer: SubtitleLayer) -> SubtitleSource? {
        layer == .primary ? subtitles : secondarySubtitles
    }

    /// Renders the subtitles of `layer` due now for `canvas`; true when the image differs from
    /// the last one (then redraw it with `drawSubtitles`). Costs nothing more when libass reports
    /// no change.
    public func updateSubtitles(on canvas: SubtitleCanvas, layer: SubtitleLayer = .primary) -> Bool {
        guard let compositor = compositor(layer) else { return false }
        let size = geometry.map { ($0.width, $0.height) } ?? (canvas.video.width, canvas.video.height)
        var settings = state.subtitles
        if layer == .secondary { settings.isVisible = settings.isSecondaryVisible }
        return compositor.update(lines: source(layer)?.lines, time: subtitleTime, canvas: canvas, settings: settings,
                                 videoSize: size)
    }

    /// Where the current subtitle image of `layer` lies on the canvas, nil when none shows.
    public func subtitleBounds(_ layer: SubtitleLayer = .primary) -> PixelBox? {
        compositor(layer)?.bounds
    }

    /// The lower lines of the image when they may move apart from the others (above the bar).
    public func subtitleLowerBounds(_ layer: SubtitleLayer = .primary) -> PixelBox? {
        compositor(layer)?.lowerBounds
    }

    /// Paints the current subtitle image of `layer` into `region` of the canvas: `pixels` holds
    /// that region from its top-left corner as 32-bit B, G, R, A (straight alpha), `pitch` bytes a row.
    public func drawSubtitles(into pixels: UnsafeMutableRawPointer, pitch: Int, region: PixelBox,
                              layer: SubtitleLayer = .primary) {
        compositor(layer)?.draw(into: pixels, pitch: pitch, region: region)
    }
}


extension Player {
    /// Paints the subtitles showing now over packed RGB24 pixels of the picture at its own size
    /// (a screenshot). The window's image is drawn again afterwards.
    func paintSubtitles(onRGB rgb: UnsafeMutablePointer<UInt8>, pitch: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let canvas = SubtitleCanvas(width: width, height: height, video: PixelBox(x: 0, y: 0, width: width, height: height))
        for layer in SubtitleLayer.allCases {
            _ = updateSubtitles(on: canvas, layer: layer)
            guard let compositor = compositor(layer), let bounds = compositor.bounds else { continue }
            paint(compositor, in: bounds, onRGB: rgb, pitch: pitch)
        }
    }

    private func paint(_ compositor: SubtitleCompositor, in bounds: PixelBox, onRGB rgb: UnsafeMutablePointer<UInt8>, pitch: Int) {
        var layer = [UInt8](repeating: 0, count: bounds.width * bounds.height * 4)
        layer.withUnsafeMutableBytes { buffer in
            compositor.draw(into: buffer.baseAddress!, pitch: bounds.width * 4, region: bounds)
        }
        for y in 0..<bounds.height {
            let row = rgb + (bounds.y + y) * pitch + bounds.x * 3
            for x in 0..<bounds.width {
                let o = (y * bounds.width + x) * 4
                let alpha = Int(layer[o + 3])
                guard alpha > 0 else { continue }
                // The layer is B, G, R, A with straight alpha; the picture R, G, B.
                for channel in 0..<3 {
                    let below = Int(row[x * 3 + channel]), above = Int(layer[o + 2 - channel])
                    row[x * 3 + channel] = UInt8((above * alpha + below * (255 - alpha) + 127) / 255)
                }
            }
        }
    }
}

/// The two subtitle tracks that may show at once: the main one, and a second one at the top
/// (mpv's `secondary-sid`, for a second language).
public enum SubtitleLayer: Sendable, CaseIterable {
    case primary, secondary
}
