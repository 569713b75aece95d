import VPlayCore

/// Every property of `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player`, in the
/// specification's order.
enum MPRISProperties {
    static let root = MPRISContext.rootInterface
    static let player = MPRISContext.playerInterface

    static let all: [MPRISProperty] = [
        .fixed(root, "Identity", .string("vplay")),
        .fixed(root, "DesktopEntry", .string("vplay")),
        .fixed(root, "CanQuit", .boolean(true)),
        // Without a window manager's help a program cannot bring itself to the front.
        .fixed(root, "CanRaise", .boolean(false)),
        MPRISProperty(root, "Fullscreen", get: { .boolean($0.value(of: "fullscreen").flag ?? false) },
                      set: { value, state throws(MPRISError) in
                          [try MPRISProperty.registryCommand("fullscreen", .flag(try MPRISProperty.boolean(value, for: "Fullscreen")), in: state)]
                      }),
        MPRISProperty(root, "CanSetFullscreen", get: { .boolean($0.state.hasVideo) }),
        .fixed(root, "HasTrackList", .boolean(false)),
        .fixed(root, "SupportedUriSchemes", .strings(MPRISOpenURI.schemes)),
        .fixed(root, "SupportedMimeTypes", .strings(MPRISOpenURI.mimeTypes)),

        MPRISProperty(player, "PlaybackStatus", get: { .string(playbackStatus($0.state)) }),
        MPRISProperty(player, "LoopStatus", get: { .string(loopStatus($0)) }, set: { value, state throws(MPRISError) in
            guard let status = value.string, let loops = loopSettings[status] else {
                throw .invalidArguments("LoopStatus is None, Track or Playlist")
            }
            return [try MPRISProperty.registryCommand("loop-file", loops.file, in: state),
                    try MPRISProperty.registryCommand("loop-playlist", loops.playlist, in: state)]
        }),
        MPRISProperty(player, "Rate", get: { .double($0.value(of: "speed").number ?? 1) }, set: { value, state throws(MPRISError) in
            let rate = try MPRISProperty.double(value, for: "Rate")
            // The specification: a rate of 0 pauses.
            if rate == 0 { return [.setPaused(true)] }
            return [try MPRISProperty.registryCommand("speed", .number(rate), in: state)]
        }),
        .fixed(player, "MinimumRate", .double(Speed.range.lowerBound)),
        .fixed(player, "MaximumRate", .double(Speed.range.upperBound)),
        .fixed(player, "Shuffle", .boolean(false)),
        MPRISProperty(player, "Metadata", get: MPRISMetadata.value),
        MPRISProperty(player, "Volume", get: { .double(($0.value(of: "volume").number ?? 0) / 100) }, set: { value, state throws(MPRISError) in
            // The specification: below 0 is 0. Above 1 goes up to `volume-max`.
            let volume = max(0, try MPRISProperty.double(value, for: "Volume")) * 100
            return [try MPRISProperty.registryCommand("volume", .number(min(volume, state.volumeMax)), in: state)]
        }),
        MPRISProperty(player, "Position", changes: .onDemand, get: {
            .int64(MPRISContext.microseconds($0.value(of: "time-pos").number ?? 0))
        }),
        // With loop-playlist the list goes round.
        MPRISProperty(player, "CanGoNext", get: { .boolean($0.state.playlistPosition + 1 < $0.state.playlistCount || $0.state.loopsPlaylist) }),
        MPRISProperty(player, "CanGoPrevious", get: { .boolean($0.state.playlistPosition > 0 || $0.state.loopsPlaylist) }),
        MPRISProperty(player, "CanPlay", get: { .boolean(!$0.state.path.isEmpty) }),
        MPRISProperty(player, "CanPause", get: { .boolean(!$0.state.path.isEmpty) }),
        MPRISProperty(player, "CanSeek", get: { .boolean($0.value(of: "duration").number != nil) }),
        .fixed(player, "CanControl", .boolean(true)),
    ]

    /// `Track` while the file repeats (`loop-file`), else `Playlist` while the list does.
    static func loopStatus(_ context: MPRISContext) -> String {
        if context.value(of: "loop-file") != .text("no") { return "Track" }
        return context.value(of: "loop-playlist") != .text("no") ? "Playlist" : "None"
    }

    /// The `loop-file` and `loop-playlist` values of each `LoopStatus`.
    private static let loopSettings: [String: (file: PropertyValue, playlist: PropertyValue)] = [
        "None": (.text("no"), .text("no")),
        "Track": (.text("inf"), .text("no")),
        "Playlist": (.text("no"), .text("inf")),
    ]

    /// `Playing`, `Paused` (also at the end, where vplay waits paused), or `Stopped` with no file.
    static func playbackStatus(_ state: PlayerState) -> String {
        if state.path.isEmpty { return "Stopped" }
        return state.isPaused || state.eofReached ? "Paused" : "Playing"
    }

    static func property(interface: String, name: String) throws(MPRISError) -> MPRISProperty {
        guard interface == root || interface == player else { throw .unknownInterface(interface) }
        guard let property = all.first(where: { $0.interface == interface && $0.name == name }) else {
            throw .unknownProperty(interface, name)
        }
        return property
    }

    /// Every property of `interface` by name.
    static func values(of interface: String, in context: MPRISContext) throws(MPRISError) -> [String: DBusValue] {
        guard interface == root || interface == player else { throw .unknownInterface(interface) }
        var values: [String: DBusValue] = [:]
        for property in all where property.interface == interface {
            values[property.name] = property.get(context)
        }
        return values
    }
}
