import Foundation

/// Everything a subtitle track has decoded, kept for the whole file: the plain lines
/// (`sub-text`, `sub-list`), the styled events on their way to libass, and the pictures of a
/// bitmap track. A decoder thread adds; the main thread reads.
final class SubtitleLines: @unchecked Sendable {
    /// The codec's ASS header (styles); empty for bitmap tracks.
    let header: [UInt8]
    let isBitmap: Bool
    /// Whether the track is ASS/SSA itself, whose styling the user's text style leaves alone.
    let isStyled: Bool
    private let timeline = Locked(SubtitleTimeline())
    /// Every styled event, in the order decoded: each libass track made for these lines (after
    /// a switch away and back, or as the second track) reads them all from its own cursor.
    private let styled = Locked([LibassEvent]())
    private let pictures = Locked(SubtitlePictures())
    /// Events handed on so far, without their ReadOrder: decoder thread only.
    private var seen = Set<String>()
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
        let body = assLine.drop { $0 != "," }
        guard seen.insert("\(start) \(duration)\(body)").inserted else { return }
        let event = LibassEvent(line: limits.clamp(assLine), startMilliseconds: start, durationMilliseconds: duration)
        styled.withLock { $0.append(event) }
    }

    func add(_ picture: SubtitlePicture) {
        pictures.withLock { $0.insert(picture) }
        timeline.withLock { $0.insert(SubtitleEvent(start: picture.start, end: picture.end, text: "")) }
    }

    /// The events from `cursor` on, appended to `events`; `cursor` moves past them.
    func events(from cursor: inout Int, into events: inout [LibassEvent]) {
        styled.withLock { all in
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
