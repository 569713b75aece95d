import Foundation

/// Everything a subtitle track has decoded, kept for the whole file: the plain lines
/// (`sub-text`, `sub-list`), the styled events on their way to libass, and the pictures of a
/// bitmap track. Decoder threads add (playback's, and the one reading the whole track ahead);
/// the main thread reads. An event both read is kept once.
final class SubtitleLines: @unchecked Sendable {
    /// The codec's ASS header (styles); empty for bitmap tracks.
    let header: [UInt8]
    let isBitmap: Bool
    /// Whether the track is ASS/SSA itself, whose styling the user's text style leaves alone.
    let isStyled: Bool
    private let timeline = Locked(SubtitleTimeline())
    /// Every styled event, in the order decoded: each libass track made for these lines (after
    /// a switch away and back, or as the second track) reads them all from its own cursor.
    /// Beside them, the events handed on so far without their ReadOrder, which tells repeats.
    private let styled = Locked(StyledEvents())
    private let pictures = Locked(SubtitlePictures())
    /// What the script may ask of libass.
    let limits: ASSLimits

    init(header: [UInt8], isBitmap: Bool, isStyled: Bool) {
        self.header = header
        limits = ASSLimits(playResY: ASSLimits.playResY(ofHeader: header))
        self.isBitmap = isBitmap
        self.isStyled = isStyled
    }

    /// Adds a decoded text event; one read again after a seek is kept once.
    func add(_ event: SubtitleEvent, assLine: String?) {
        timeline.withLock { $0.insert(event) }
        guard let assLine else { return }
        let start = Int64((event.start * 1000).rounded())
        let duration = max(1, Int64(((event.end - event.start) * 1000).rounded()))
        // libavcodec numbers events anew after a flush: the ReadOrder field cannot tell repeats.
        let key = "\(start) \(duration)\(assLine.drop { $0 != "," })"
        guard !styled.withLock({ $0.seen.contains(key) }) else { return }
        let event = LibassEvent(line: limits.clamp(assLine), startMilliseconds: start, durationMilliseconds: duration)
        styled.withLock { styled in
            // Another decoder may have handed it on meanwhile.
            guard styled.seen.insert(key).inserted else { return }
            styled.events.append(event)
        }
    }

    func add(_ picture: SubtitlePicture) {
        pictures.withLock { $0.insert(picture) }
        timeline.withLock { $0.insert(SubtitleEvent(start: picture.start, end: picture.end, text: "")) }
    }

    /// The events from `cursor` on, appended to `events`; `cursor` moves past them.
    func events(from cursor: inout Int, into events: inout [LibassEvent]) {
        styled.withLock { styled in
            let all = styled.events
            guard cursor < all.count else { return }
            events.append(contentsOf: all[cursor...])
            cursor = all.count
        }
    }

    /// The text on screen at media time `time`, nil when no line shows.
    func text(at time: Double) -> String? {
        timeline.withLock { $0.text(at: time) }
    }

    /// The earliest-starting line on screen at `time`.
    func firstShown(at time: Double) -> SubtitleEvent? {
        timeline.withLock { $0.firstShown(at: time) }
    }

    func lineStart(from time: Double, forward: Bool) -> Double? {
        timeline.withLock { $0.lineStart(from: time, forward: forward) }
    }

    /// When the lines on screen next change after `time`.
    func nextChange(after time: Double) -> Double? {
        timeline.withLock { $0.nextChange(after: time) }
    }

    /// How many lines there are: changes whenever a line is added.
    var count: Int {
        timeline.withLock { $0.events.count }
    }

    /// Every line decoded so far, in start order.
    var events: [SubtitleEvent] {
        timeline.withLock { $0.events }
    }

    /// The bitmap picture showing at `time` and a number that changes whenever that answer does.
    func picture(at time: Double) -> (picture: SubtitlePicture?, key: Int) {
        pictures.withLock { $0.picture(at: time) }
    }
}

/// The styled events of `SubtitleLines` and the keys of those seen.
private struct StyledEvents {
    var events: [LibassEvent] = []
    var seen = Set<String>()
}
