import Foundation

/// Subtitles on screen: the view asks each turn whether their image changed and has it drawn
/// into its own pixels, above the picture.
extension Player {
    /// Media time the subtitles show: the position, less the user's delay.
    var subtitleTime: Double {
        state.position + startTime - state.subtitles.delay
    }

    /// The subtitle line on screen now, for the snapshot; the whole list when it grew.
    func publishSubtitles() {
        guard let lines = subtitles?.lines else {
            state.subtitleText = nil
            state.subtitleStart = nil
            state.subtitleEnd = nil
            if !state.subtitleList.isEmpty { state.subtitleList = [] }
            publishedSubtitleList = nil
            return
        }
        let time = subtitleTime
        state.subtitleText = lines.text(at: time)
        let shown = lines.firstShown(at: time)
        let offset = state.subtitles.delay - startTime
        state.subtitleStart = shown.map { $0.start + offset }
        state.subtitleEnd = shown.map { $0.end + offset }
        let key = SubtitleListKey(lines: ObjectIdentifier(lines), count: lines.count, offset: offset)
        if key != publishedSubtitleList {
            publishedSubtitleList = key
            state.subtitleList = lines.events.map { SubtitleEvent(start: $0.start + offset, end: $0.end + offset, text: $0.text) }
        }
    }

    /// `sub-seek`: to where the next or previous line starts, exactly.
    func seekToSubtitleLine(forward: Bool, now: Double) {
        guard let lines = subtitles?.lines, let start = lines.lineStart(from: subtitleTime, forward: forward) else {
            show("No \(forward ? "next" : "previous") subtitle", now: now)
            return
        }
        requestSeek(to: max(0, start - startTime + state.subtitles.delay), precision: .exact, announce: true)
    }

    /// The overlay's search: to the start of the next line with `phrase`, exactly.
    func searchSubtitles(for phrase: String, now: Double) {
        guard let lines = subtitles?.lines else {
            show("No subtitles to search", now: now)
            return
        }
        guard let line = SubtitleSearch.next(phrase, in: lines.events, after: subtitleTime) else {
            show("Not found: \(phrase)", now: now)
            return
        }
        requestSeek(to: max(0, line.start - startTime + state.subtitles.delay), precision: .exact, announce: true)
    }

    /// Starts loading the fonts (once): the first subtitle track needs them.
    func prepareSubtitleFonts() {
        guard subtitleCompositor == nil else { return }
        let wake = wake
        subtitleCompositor = SubtitleCompositor(fonts: SubtitleFontLoader(fonts: AttachedFonts.fonts(of: file), done: wake))
    }

    /// Renders the subtitles due now for `canvas`; true when the image differs from the last one
    /// (then redraw it with `drawSubtitles`). Costs nothing more when libass reports no change.
    public func updateSubtitles(on canvas: SubtitleCanvas) -> Bool {
        guard let subtitleCompositor else { return false }
        let size = geometry.map { ($0.width, $0.height) } ?? (canvas.video.width, canvas.video.height)
        return subtitleCompositor.update(lines: subtitles?.lines, time: subtitleTime, canvas: canvas,
                                         settings: state.subtitles, videoSize: size)
    }

    /// Where the current subtitle image lies on the canvas, nil when none shows.
    public var subtitleBounds: SubtitleBox? {
        subtitleCompositor?.bounds
    }

    /// The lower lines of the image when they may move apart from the others (above the bar).
    public var subtitleLowerBounds: SubtitleBox? {
        subtitleCompositor?.lowerBounds
    }

    /// Paints the current subtitle image into `region` of the canvas: `pixels` holds that region
    /// from its top-left corner as 32-bit B, G, R, A (straight alpha), `pitch` bytes a row.
    public func drawSubtitles(into pixels: UnsafeMutableRawPointer, pitch: Int, region: SubtitleBox) {
        subtitleCompositor?.draw(into: pixels, pitch: pitch, region: region)
    }
}

/// What `state.subtitleList` was made from: remade when any of it changes.
struct SubtitleListKey: Equatable {
    var lines: ObjectIdentifier
    var count: Int
    var offset: Double
}

extension Player {
    /// Paints the subtitles showing now over packed RGB24 pixels of the picture at its own size
    /// (a screenshot). The window's image is drawn again afterwards.
    func paintSubtitles(onRGB rgb: UnsafeMutablePointer<UInt8>, pitch: Int, width: Int, height: Int) {
        guard let subtitleCompositor, width > 0, height > 0 else { return }
        let canvas = SubtitleCanvas(width: width, height: height, video: SubtitleBox(x: 0, y: 0, width: width, height: height))
        _ = subtitleCompositor.update(lines: subtitles?.lines, time: subtitleTime, canvas: canvas,
                                      settings: state.subtitles, videoSize: (width, height))
        guard let bounds = subtitleCompositor.bounds else { return }
        var layer = [UInt8](repeating: 0, count: bounds.width * bounds.height * 4)
        layer.withUnsafeMutableBytes { buffer in
            subtitleCompositor.draw(into: buffer.baseAddress!, pitch: bounds.width * 4, region: bounds)
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
