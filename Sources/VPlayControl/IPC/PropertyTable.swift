import VPlayCore

/// mpv property names over a `PlayerState` snapshot: reading them, and the
/// `PlayerCommand` that writing one means.
enum PropertyTable {
    static func value(of name: String, in state: PlayerState) throws(IPCError) -> JSONValue {
        let hasFile = !state.path.isEmpty
        switch name {
        case "pause": return .bool(state.isPaused)
        case "time-pos": return try available(hasFile ? state.position : nil)
        case "percent-pos": return try available(state.percentPosition)
        case "duration": return try available(state.duration)
        case "time-remaining": return try available(state.timeRemaining)
        case "speed": return .double(state.speed)
        case "volume": return .double(state.volume)
        case "volume-max": return .double(state.volumeMax)
        case "mute": return .bool(state.isMuted)
        case "fullscreen": return .bool(state.isFullscreen)
        case "eof-reached": return .bool(state.eofReached)
        case "seeking": return .bool(state.isSeeking)
        // vplay always has a file while it runs; there is no idle mode.
        case "idle-active": return .bool(false)
        case "path": return try available(hasFile ? state.path : nil)
        case "filename": return try available(hasFile ? fileName(of: state.path) : nil)
        case "media-title": return try available(hasFile ? (state.title.isEmpty ? fileName(of: state.path) : state.title) : nil)
        case "width": return try available(state.hasVideo && state.videoWidth > 0 ? state.videoWidth : nil)
        case "height": return try available(state.hasVideo && state.videoHeight > 0 ? state.videoHeight : nil)
        case "container-fps": return try available(state.containerFPS)
        case "estimated-vf-fps": return try available(state.estimatedFPS)
        case "frame-drop-count": return try available(state.hasVideo ? state.droppedFrames : nil)
        case "avsync": return try available(state.avOffset)
        // mpv answers "no" for an unset loop point.
        case "ab-loop-a": return state.abLoopA.map(JSONValue.double) ?? .string("no")
        case "ab-loop-b": return state.abLoopB.map(JSONValue.double) ?? .string("no")
        case "playlist-pos": return .int(state.playlistPosition)
        // Clients (python-mpv-jsonipc among them) ask for this list on connecting.
        case "property-list": return .array(names.map(JSONValue.string))
        case "playlist-count": return .int(state.playlistCount)
        default: throw .propertyNotFound
        }
    }

    /// The command that sets `name` to `value`, checked against the current state.
    static func command(setting name: String, to value: JSONValue, in state: PlayerState) throws(IPCError) -> PlayerCommand {
        switch name {
        case "pause": return .setPaused(try flag(value))
        case "mute": return .setMute(try flag(value))
        case "fullscreen": return .setFullscreen(try flag(value))
        case "speed": return .setSpeed(try number(value, in: Speed.range))
        case "volume": return .setVolume(try number(value, in: 0...state.volumeMax))
        case "time-pos":
            guard !state.path.isEmpty else { throw .propertyUnavailable }
            return .seek(.absolute(try number(value, in: 0...Double.greatestFiniteMagnitude)), .exact)
        case "percent-pos":
            guard state.duration != nil else { throw .propertyUnavailable }
            return .seek(.absolutePercent(try number(value, in: 0...100)), .exact)
        case "ab-loop-a":
            return .setABLoop(a: try loopPoint(value), b: state.abLoopB)
        case "ab-loop-b":
            return .setABLoop(a: state.abLoopA, b: try loopPoint(value))
        default:
            // Known but read-only, or not known at all.
            _ = try self.value(of: name, in: state)
            throw .propertyAccess
        }
    }

    /// Every property name this table knows, for `property-list`.
    static let names = [
        "pause", "time-pos", "percent-pos", "duration", "time-remaining", "speed", "volume", "volume-max",
        "mute", "fullscreen", "eof-reached", "seeking", "idle-active", "path", "filename", "media-title",
        "width", "height", "container-fps", "estimated-vf-fps", "frame-drop-count", "avsync",
        "ab-loop-a", "ab-loop-b", "playlist-pos", "playlist-count", "property-list",
    ]

    /// A loop point: seconds, or "no" to clear it.
    private static func loopPoint(_ value: JSONValue) throws(IPCError) -> Double? {
        if case .string("no") = value { return nil }
        return try number(value, in: 0...Double.greatestFiniteMagnitude)
    }

    /// The last path component, as mpv's `filename` (URLs keep their query).
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func available(_ value: Double?) throws(IPCError) -> JSONValue {
        guard let value else { throw .propertyUnavailable }
        return .double(value)
    }

    private static func available(_ value: Int?) throws(IPCError) -> JSONValue {
        guard let value else { throw .propertyUnavailable }
        return .int(value)
    }

    private static func available(_ value: String?) throws(IPCError) -> JSONValue {
        guard let value else { throw .propertyUnavailable }
        return .string(value)
    }

    private static func flag(_ value: JSONValue) throws(IPCError) -> Bool {
        guard let flag = value.flag else { throw .invalidParameter }
        return flag
    }

    private static func number(_ value: JSONValue, in range: ClosedRange<Double>) throws(IPCError) -> Double {
        guard let number = value.number, range.contains(number) else { throw .invalidParameter }
        return number
    }
}
