/// Where playback stands. The user's pause is kept apart (it is an intent, not a phase):
/// paused or not, the player is in one of these.
public enum PlaybackPhase: Equatable, Sendable {
    /// Going to a position — the start of the file or a seek — until its first picture is up
    /// and the sound reaches it: sound and picture then start together.
    case restarting(Restart)
    case playing
    /// Playing, but the cache ran dry: the clocks and the sound wait until it has
    /// `--cache-pause-wait` seconds again (mpv's `paused-for-cache`).
    case buffering
    /// One frame forward, shown at once whatever its time.
    case stepping
    /// The last file reached its end and went back to the start, where it waits (paused).
    case ended
}

/// A restart in progress: where to, and how far it got.
public struct Restart: Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The file opening (at its start, or at `--start` / a resumed position).
        case open
        /// A seek by the user (or a step back): its picture goes up and playing starts at once,
        /// the sound joining it.
        case seek
        /// A loop of the file or an A-B loop's jump back: the sound from the new position
        /// follows what the device still holds of the old one's end, without a gap.
        case loop
        /// Back to the start after the end, to wait there paused.
        case rewind
    }

    public var reason: Reason
    /// Seconds from the start of the file.
    public var target: Double
    /// An exact seek: the position is the target itself when the first picture covers it.
    public var isExact: Bool
    /// The position the first picture stands for, once it is up; nil before.
    public var landing: Double?
    /// When the first picture went up (monotonic seconds).
    public var landedAt: Double?
    /// When the demuxer had carried out the seek, so that decoding towards it began.
    public var settledAt: Double?

    public init(reason: Reason, target: Double, isExact: Bool) {
        self.reason = reason
        self.target = target
        self.isExact = isExact
    }
}

/// The lifecycle of one file's playback: the phase, changed in `handle(_:)` only. Pure, so
/// every transition is tested without a file or a clock.
public struct Lifecycle: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// Go to a position (see `Restart.Reason`).
        case restart(Restart.Reason, target: Double, exact: Bool)
        /// The demuxer has carried out the restart's seek.
        case settled(at: Double)
        /// The first picture at the restart's position is up.
        case pictureShown(position: Double, at: Double)
        /// Sound and picture run from the restart's position (or there is nothing to wait for).
        case started
        /// A frame step was asked for.
        case step
        /// The stepped-to frame is up.
        case stepped
        /// Played on after waiting at the end.
        case resumed
        /// The cache has nothing left to play while playing (and the source has more to come).
        case cacheRanDry
        /// The cache holds enough to play on.
        case cacheFilled
    }

    public private(set) var phase: PlaybackPhase

    public init() {
        phase = .restarting(Restart(reason: .open, target: 0, isExact: false))
    }

    /// The phase after `event`; events that make no sense in the current phase change nothing
    /// (a picture shown while playing, a step while a seek lands).
    public mutating func handle(_ event: Event) {
        switch (phase, event) {
        case (_, .restart(let reason, let target, let exact)):
            phase = .restarting(Restart(reason: reason, target: target, isExact: exact))
        case (.restarting(var restart), .settled(let at)) where restart.settledAt == nil:
            restart.settledAt = at
            phase = .restarting(restart)
        case (.restarting(var restart), .pictureShown(let position, let at)) where restart.landing == nil:
            restart.landing = position
            restart.landedAt = at
            phase = .restarting(restart)
        case (.restarting(let restart), .started):
            phase = restart.reason == .rewind ? .ended : .playing
        case (.playing, .step), (.ended, .step):
            phase = .stepping
        case (.stepping, .stepped), (.ended, .resumed), (.buffering, .cacheFilled):
            phase = .playing
        case (.playing, .cacheRanDry):
            phase = .buffering
        default:
            break
        }
    }

    // What the phase says, derived rather than stored beside it.

    public var restart: Restart? {
        if case .restarting(let restart) = phase { return restart }
        return nil
    }

    /// A seek is under way (mpv's `seeking`): not the opening of the file.
    public var isSeeking: Bool {
        guard let restart else { return false }
        return restart.reason != .open
    }

    /// Waiting at the start after the end (mpv's `eof-reached`).
    public var hasEnded: Bool {
        phase == .ended || restart?.reason == .rewind
    }

    public var isRestarting: Bool { restart != nil }
    /// Waiting for the cache (mpv's `paused-for-cache`).
    public var isBuffering: Bool { phase == .buffering }
    public var isStepping: Bool { phase == .stepping }
}
