import Foundation

/// The subtitle lines as the player reads them: their time, what the snapshot says of them,
/// and moving by them (`sub-seek`, the search).
extension Player {
    /// Media time the subtitles show: the position, less the user's delay.
    var subtitleTime: Double {
        state.position + startTime - state.subtitles.delay
    }

    /// Has both tracks read the lines on screen at `position` (seconds from the start) that
    /// playback, starting from there, will not read.
    func readSubtitleLines(showingAt position: Double) {
        let time = position + startTime - state.subtitles.delay
        subtitles?.readLines(showingAt: time)
        secondarySubtitles?.readLines(showingAt: time)
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
        let key = SubtitleListKey(lines: lines, count: lines.count, offset: offset)
        if key != publishedSubtitleList {
            publishedSubtitleList = key
            state.subtitleList = lines.events.map { SubtitleEvent(start: $0.start + offset, end: $0.end + offset, text: $0.text) }
        }
    }

    /// When the lines on screen next change, of either track.
    var nextSubtitleChange: Double? {
        let time = subtitleTime
        let first = subtitles?.lines?.nextChange(after: time), second = secondarySubtitles?.lines?.nextChange(after: time)
        guard let first, let second else { return first ?? second }
        return min(first, second)
    }

    /// `sub-seek`: to where the next or previous line starts, exactly. While the track is still
    /// read ahead and has no such line yet, the move waits for it.
    func seekToSubtitleLine(forward: Bool, now: Double) {
        pendingSubtitleMove = nil
        guard let lines = subtitles?.lines, let start = lines.lineStart(from: subtitleTime, forward: forward) else {
            if subtitles?.isReadingAhead == true {
                pendingSubtitleMove = .line(forward: forward)
                return
            }
            show("No \(forward ? "next" : "previous") subtitle", now: now)
            return
        }
        requestSeek(to: max(0, start - startTime + state.subtitles.delay), precision: .exact, announce: true)
    }

    /// The overlay's search: to the start of the next line with `phrase`, exactly. While the
    /// track is still read ahead, only a line after the position is taken at once.
    func searchSubtitles(for phrase: String, now: Double) {
        pendingSubtitleMove = nil
        guard let lines = subtitles?.lines else {
            show("No subtitles to search", now: now)
            return
        }
        let time = subtitleTime
        let line = SubtitleSearch.next(phrase, in: lines.events, after: time)
        if subtitles?.isReadingAhead == true, line.map({ $0.start <= time + 0.01 }) ?? true {
            // A line further on may not have been read yet: found then, it comes before going round.
            pendingSubtitleMove = .search(phrase)
            return
        }
        guard let line else {
            show("Not found: \(phrase)", now: now)
            return
        }
        requestSeek(to: max(0, line.start - startTime + state.subtitles.delay), precision: .exact, announce: true)
    }

    /// Tries the waiting `sub-seek` or search again with the lines read meanwhile; it gives its
    /// answer once the track is read whole, if not before.
    func retrySubtitleMove(now: Double, into tick: inout Tick) {
        guard let move = pendingSubtitleMove else { return }
        switch move {
        case .line(let forward): seekToSubtitleLine(forward: forward, now: now)
        case .search(let phrase): searchSubtitles(for: phrase, now: now)
        }
        // The reader wakes the loop once it is done; lines found before that are looked at soon.
        if pendingSubtitleMove != nil { tick.wakeAt = min(tick.wakeAt, now + 0.05) }
    }
}

/// A move by the subtitle lines that waits for them to be read.
enum SubtitleMove: Equatable {
    case line(forward: Bool)
    case search(String)
}

/// What `state.subtitleList` was made from: remade when any of it changes. The lines are held,
/// so that another track's lines made later at the same address are never taken for them.
struct SubtitleListKey: Equatable {
    var lines: SubtitleLines
    var count: Int
    var offset: Double

    static func == (a: Self, b: Self) -> Bool {
        a.lines === b.lines && a.count == b.count && a.offset == b.offset
    }
}
