import CSDL2
import VPlayCore

/// The part of the view one phase of the session shows in the window: it draws what is due
/// each turn and handles the events that mean something only there. `ViewLoop` handles the rest.
protocol ViewScene: AnyObject {
    /// After the player's tick, before the turn's state is published (nil: no player).
    func prepare(after tick: Player.Tick?, decidedAt: Double)
    /// Draws what is due; when the scene next needs a turn (monotonic seconds; infinite: never).
    func draw(_ state: PlayerState, now: Double) -> Double
    /// True when the event was the scene's; the loop's shared handling takes it otherwise.
    func handle(_ event: SDL_Event, state: PlayerState) -> Bool
    /// The scene is no longer shown: it lets go what it started.
    func leave()
}

/// Which scene the window shows for the session's phase. A new file's player gets a scene of
/// its own; while a file opens there is none, so the window keeps its last picture.
public enum SceneChoice: Equatable, Sendable {
    /// Nothing drawn: no window (`--no-video`), a file opening, or the run ending.
    case none
    case idle
    /// The file whose player this is.
    case playing(ObjectIdentifier)

    /// - Parameters:
    ///   - player: the session's player, if any.
    ///   - hasWindow: false with `--no-video`.
    public init(phase: Session.Phase, player: ObjectIdentifier?, hasWindow: Bool) {
        guard hasWindow else {
            self = .none
            return
        }
        switch phase {
        case .idle: self = .idle
        case .playing: self = player.map(SceneChoice.playing) ?? .none
        case .opening, .quitting: self = .none
        }
    }

    /// How long a turn may sleep: until the player's next tick or the scene's next deadline,
    /// whichever is first; without either, until an event.
    public static func waitDeadline(playerWakeAt: Double?, sceneDeadline: Double?) -> Double {
        min(playerWakeAt ?? .infinity, sceneDeadline ?? .infinity)
    }
}

/// A new file's first picture, waited for a moment: until it is up the window keeps the last
/// picture of the file before (or the idle screen) rather than going black between files.
public struct FirstPictureWait: Sendable, Equatable {
    /// How long the picture is waited for before the window is drawn without it.
    public static let limit = 1.0
    /// When the file's scene started (monotonic seconds).
    public let startedAt: Double

    public init(startedAt: Double) {
        self.startedAt = startedAt
    }

    /// True while drawing is held back: the file has a picture to come, not up yet, and the
    /// wait is not over.
    public func holdsDrawing(hasVideo: Bool, hasPicture: Bool, now: Double) -> Bool {
        hasVideo && !hasPicture && now - startedAt < Self.limit
    }

    /// When the wait ends: the window is drawn then, picture or not.
    public var deadline: Double { startedAt + Self.limit }
}
