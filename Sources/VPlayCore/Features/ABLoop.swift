/// An A-B loop (mpv's `l` key and `--ab-loop-a/-b/-count`): once playback reaches B it
/// jumps back to A, `count` times or forever.
public struct ABLoop: Equatable, Sendable {
    public private(set) var a: Double?
    public private(set) var b: Double?
    /// Jumps left before the loop stops; nil loops forever.
    public private(set) var remaining: Int?
    /// The jumps each new pair of points starts with (`--ab-loop-count`).
    private let count: Int?
    /// False from a jump until a position before B is seen, so a caller that polls again
    /// before its seek lands does not jump (and count) twice.
    private var isArmed = true

    /// - Parameter count: jumps per loop; nil loops forever, 0 never jumps.
    public init(a: Double? = nil, b: Double? = nil, count: Int? = nil) {
        self.count = count
        setPoints(a: a, b: b)
    }

    /// Sets both points at once (IPC, options); B before A counts as the same loop, as in
    /// mpv. The loop's jump count starts over.
    public mutating func setPoints(a: Double?, b: Double?) {
        (self.a, self.b) = if let a, let b, b < a { (b, a) } else { (a, b) }
        remaining = count
        isArmed = true
    }

    /// mpv's `l`: no points → A here; A only → B here; both → cleared. A position that is
    /// not yet known changes nothing.
    public mutating func cycle(at position: Double) {
        guard position.isFinite else { return }
        if a != nil, b != nil {
            setPoints(a: nil, b: nil)
        } else if a == nil {
            setPoints(a: position, b: b)
        } else {
            setPoints(a: a, b: position)
        }
    }

    /// Playback reaching B will jump back: both points are set and jumps are left.
    public var jumpsAtB: Bool {
        guard let a, let b, b > a else { return false }
        return remaining.map { $0 > 0 } ?? true
    }

    /// Where to seek when playback at `position` has reached B, or nil to play on.
    /// A returned target counts as one jump.
    public mutating func loopTarget(position: Double) -> Double? {
        guard let a, let b, b > a, position.isFinite else { return nil }
        guard position >= b else {
            isArmed = true
            return nil
        }
        guard isArmed, jumpsAtB else { return nil }
        isArmed = false
        remaining = remaining.map { $0 - 1 }
        return a
    }

    /// The on-screen text describing the points, shown after `cycle(at:)`.
    public var message: String {
        switch (a, b) {
        case let (a?, b?): "A-B loop: \(TimeFormat.label(a)) - \(TimeFormat.label(b))"
        case let (a?, nil): "A-B loop: A \(TimeFormat.label(a))"
        case let (nil, b?): "A-B loop: B \(TimeFormat.label(b))"
        case (nil, nil): "A-B loop cleared"
        }
    }
}
