/// Which chapter a position is in, and where `add chapter ±n` goes from it, by mpv's rules.
public enum ChapterNavigation {
    /// Within this many seconds of a chapter's start, going back goes to the chapter before
    /// rather than to this one's start (mpv's `chapter-seek-threshold`).
    public static let backThreshold: Double = 5

    /// Where a chapter move lands.
    public enum Destination: Equatable, Sendable {
        /// The start of chapter `index`; -1 is the start of the file, before the first chapter.
        case chapter(Int)
        /// Past the last chapter: the end of the file.
        case end
    }

    /// The index of the chapter `position` is in, -1 before the first (and with no chapters).
    /// Chapters are taken in time order, as libavformat gives them.
    public static func index(at position: Double, in chapters: [Chapter]) -> Int {
        // A seek to a chapter lands on a frame that may lie a hair before its start.
        let tolerance = 0.001
        return (chapters.lastIndex { $0.time <= position + tolerance }) ?? -1
    }

    /// Where `add chapter step` from `position` goes; nil when there are no chapters.
    public static func destination(from position: Double, step: Int, in chapters: [Chapter]) -> Destination? {
        guard !chapters.isEmpty, step != 0 else { return nil }
        let current = index(at: position, in: chapters)
        var target = current + step
        // Well into a chapter, one step back is this chapter's own start.
        if step < 0, current >= 0, position - chapters[current].time > backThreshold {
            target += 1
        }
        if target >= chapters.count { return .end }
        return .chapter(max(-1, target))
    }
}
