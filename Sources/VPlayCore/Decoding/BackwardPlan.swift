/// Which stretch of the file to decode next when playing backwards, and in what order its
/// frames go up. Pure: the decoding thread carries out each span and reports what it found.
///
/// A span is decoded from the keyframe at or before its seek target up to its end (the
/// earliest frame already shown), keeping at most `limit` frames, the latest ones; those go up
/// latest first. The next span ends at the earliest frame kept: the same keyframe again when
/// the limit let earlier frames go (a GOP longer than the limit is decoded once per piece of
/// it), else the keyframe before. A seek that finds nothing before the end (an index that
/// lies, a keyframe missing) reaches further back each time, so every span either moves the
/// end back or reaches further, and the start of the file is always reached.
public struct BackwardPlan: Equatable, Sendable {
    public struct Span: Equatable, Sendable {
        /// Seek to the keyframe at or before this time (seconds, the stream's timeline).
        public var seekTarget: Double
        /// Frames at or after this time are shown already: decoding stops at the first one.
        public var end: Double
        /// Keep at most this many frames, the latest before `end`.
        public var limit: Int
    }

    /// What decoding a span found.
    public struct Outcome: Equatable, Sendable {
        /// The earliest frame kept; nil when none came before the span's end.
        public var earliest: Double?
        /// Frames before the earliest kept were let go to stay within the limit.
        public var overflowed: Bool

        public init(earliest: Double?, overflowed: Bool) {
            self.earliest = earliest
            self.overflowed = overflowed
        }
    }

    /// Frames from here on are shown (or planned) already.
    public private(set) var end: Double
    /// Nothing before `end` is left: the start of the file is reached.
    public private(set) var isFinished = false
    /// How far before `end` the next seek aims.
    private var reach = nudge
    private let fileStart: Double
    private let limit: Int

    /// Aims just before a time, so that a keyframe stamped exactly at `end` is not found again.
    static let nudge = 0.001
    /// The first reach after a seek found nothing before the end; it doubles each time after.
    static let firstFallback = 1.0

    /// - Parameters:
    ///   - position: the frame covering this time is the first to go up (seconds, the stream's timeline).
    ///   - fileStart: the stream's first time: a seek aimed there finds everything.
    ///   - limit: frames a span may keep (at least 1).
    public init(from position: Double, fileStart: Double, limit: Int) {
        end = position + Self.nudge
        self.fileStart = fileStart
        self.limit = max(1, limit)
    }

    /// The span to decode next; nil once the start is reached.
    public var next: Span? {
        guard !isFinished else { return nil }
        return Span(seekTarget: max(fileStart, end - reach), end: end, limit: limit)
    }

    /// Takes what decoding `span` found.
    public mutating func record(_ outcome: Outcome, of span: Span) {
        guard span.end == end, !isFinished else { return }   // a span of an older plan
        let fromStart = span.seekTarget <= fileStart
        if let earliest = outcome.earliest, earliest < span.end {
            end = earliest
            reach = Self.nudge
            // At the stream's first time, or decoded from the very start with nothing let go:
            // nothing earlier exists.
            if earliest <= fileStart || (fromStart && !outcome.overflowed) { isFinished = true }
        } else if fromStart {
            isFinished = true
        } else {
            reach = max(reach * 2, Self.firstFallback)
        }
    }

    /// Indices of `times` in the order their frames go up: latest first. Frames without a time
    /// cannot be placed and are left out.
    public static func presentationOrder(of times: [Double]) -> [Int] {
        times.indices.filter { times[$0].isFinite }.sorted { times[$0] > times[$1] || (times[$0] == times[$1] && $0 > $1) }
    }

    /// Frames decoded backwards may hold, in all: the span being shown, the span decoded next
    /// and the picture on screen. Within `budget` bytes, at least 5 (two spans of 2).
    public static func framesInMemory(frameBytes: Int, budget: Int) -> Int {
        max(5, min(241, budget / max(1, frameBytes)))
    }

    /// Frames one span may keep when `total` are allowed in all (see `framesInMemory`).
    public static func spanLimit(framesInMemory total: Int) -> Int {
        max(1, (total - 1) / 2)
    }
}
