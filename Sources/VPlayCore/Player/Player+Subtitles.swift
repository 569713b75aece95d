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
        state.secondarySubtitleText = secondarySubtitles?.lines.map { $0.text(at: subtitleTime) ?? "" }
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

    /// `secondary-sid`: a second subtitle track at the top, or none (`auto` is none, as in mpv).
    func selectSecondarySubtitles(_ choice: TrackChoice, now: Double) {
        var track: Track?
        if case .id(let id) = choice {
            guard let found = Self.track(.sub, id, in: tracks) else {
                warn("no subtitle track \(id)")
                show("No subtitle track \(id)", now: now)
                return
            }
            guard id != state.selectedTrackID(.sub) else {
                show("Subtitle track \(id) is already shown", now: now)
                return
            }
            track = found
        }
        guard track?.id != state.secondarySubtitleID else { return }
        secondarySubtitles?.stop()
        secondarySubtitles = nil
        if let track {
            do {
                let source = try Self.subtitleSource(for: track, file: file, demuxer: demuxer, files: subtitleFiles)
                source.start()
                secondarySubtitles = source
                prepareSubtitleFonts(for: .secondary)
            } catch {
                warn("subtitle track \(track.id): \(error)")
            }
        }
        if secondarySubtitles?.packets != nil {
            demuxer.setRoutes(routes, refreshAt: masterTime(at: now) ?? state.position + startTime)
        } else {
            demuxer.setRoutes(routes)
        }
        publishTracks()
        show("Secondary subtitles: \(track?.label ?? "no")", now: now)
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

    /// When the lines on screen next change, of either track.
    var nextSubtitleChange: Double? {
        let time = subtitleTime
        let first = subtitles?.lines?.nextChange(after: time), second = secondarySubtitles?.lines?.nextChange(after: time)
        guard let first, let second else { return first ?? second }
        return min(first, second)
    }

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
    public func subtitleBounds(_ layer: SubtitleLayer = .primary) -> SubtitleBox? {
        compositor(layer)?.bounds
    }

    /// The lower lines of the image when they may move apart from the others (above the bar).
    public func subtitleLowerBounds(_ layer: SubtitleLayer = .primary) -> SubtitleBox? {
        compositor(layer)?.lowerBounds
    }

    /// Paints the current subtitle image of `layer` into `region` of the canvas: `pixels` holds
    /// that region from its top-left corner as 32-bit B, G, R, A (straight alpha), `pitch` bytes a row.
    public func drawSubtitles(into pixels: UnsafeMutableRawPointer, pitch: Int, region: SubtitleBox,
                              layer: SubtitleLayer = .primary) {
        compositor(layer)?.draw(into: pixels, pitch: pitch, region: region)
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
        guard width > 0, height > 0 else { return }
        let canvas = SubtitleCanvas(width: width, height: height, video: SubtitleBox(x: 0, y: 0, width: width, height: height))
        for layer in SubtitleLayer.allCases {
            _ = updateSubtitles(on: canvas, layer: layer)
            guard let compositor = compositor(layer), let bounds = compositor.bounds else { continue }
            paint(compositor, in: bounds, onRGB: rgb, pitch: pitch)
        }
    }

    private func paint(_ compositor: SubtitleCompositor, in bounds: SubtitleBox, onRGB rgb: UnsafeMutablePointer<UInt8>, pitch: Int) {
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
