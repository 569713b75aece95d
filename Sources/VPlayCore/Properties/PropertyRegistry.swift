/// Every property vplay has, by mpv's names, in the order `property-list` gives them.
public enum PropertyRegistry {
    public static let all: [Property] = [
        .flag("pause", "playback paused", get: { $0.isPaused }, set: PlayerCommand.setPaused),
        position("time-pos", "position in seconds; setting it seeks exactly"),
        .number("percent-pos", "position in percent of the duration",
                get: { .available($0.percentPosition) }, bounds: { _ in 0...100 },
                set: { percent, _ in .seek(.absolutePercent(percent), .exact) }),
        .readOnly("duration", .number, "length of the file in seconds") { .available($0.duration) },
        .readOnly("time-remaining", .number, "seconds left to play") { .available($0.timeRemaining) },
        .number("speed", "playback speed, pitch kept", get: { .number($0.speed) }, bounds: { _ in Speed.range },
                set: { speed, _ in .setSpeed(speed) }),
        Property("play-dir", .text, "which way playback runs: forward, or backward towards the start (picture only)",
                 get: { .text($0.playDirection.rawValue) }, domain: .choice(PlayDirection.allCases.map(\.rawValue)),
                 set: { value, state in .setPlayDirection(value.textValue.flatMap(PlayDirection.init) ?? state.playDirection) },
                 cycle: { state, _ in .setPlayDirection(state.playDirection == .forward ? .backward : .forward) }),
        .number("volume", "volume in percent, 0..volume-max", get: { .number($0.volume) }, bounds: { 0...$0.volumeMax },
                set: { volume, _ in .setVolume(volume) }),
        .readOnly("volume-max", .number, "highest volume allowed") { .number($0.volumeMax) },
        .flag("mute", "sound muted", get: { $0.isMuted }, set: PlayerCommand.setMute),
        .flag("fullscreen", "window fills the screen", get: { $0.isFullscreen }, set: PlayerCommand.setFullscreen),
        .readOnly("eof-reached", .flag, "playback reached the end") { .flag($0.eofReached) },
        .readOnly("seeking", .flag, "a seek is under way") { .flag($0.isSeeking) },
        .readOnly("idle-active", .flag, "waiting in the idle window with no file") { .flag($0.isIdle) },
        .readOnly("path", .text, "the file or URL playing") { .available($0.path.isEmpty ? nil : $0.path) },
        .readOnly("filename", .text, "last component of the path") { .available($0.path.isEmpty ? nil : fileName(of: $0.path)) },
        .readOnly("media-title", .text, "the file's title, else its name") { state in
            .available(state.path.isEmpty ? nil : state.title.isEmpty ? fileName(of: state.path) : state.title)
        },
        .readOnly("width", .integer, "video width in pixels") { .available($0.hasVideo && $0.videoWidth > 0 ? $0.videoWidth : nil) },
        .readOnly("height", .integer, "video height in pixels") { .available($0.hasVideo && $0.videoHeight > 0 ? $0.videoHeight : nil) },
        .readOnly("container-fps", .number, "frame rate the file declares") { .available($0.containerFPS) },
        .readOnly("estimated-vf-fps", .number, "frame rate measured from the frames shown") { .available($0.estimatedFPS) },
        .readOnly("frame-drop-count", .integer, "frames dropped to keep in sync") { .available($0.hasVideo ? $0.droppedFrames : nil) },
        .readOnly("avsync", .number, "audio minus video clock in seconds") { .available($0.avOffset) },
        // mpv answers "no" for an unset loop point.
        .number("ab-loop-a", "A-B loop start in seconds, or no", get: { $0.abLoopA.map(PropertyValue.number) ?? .text("no") },
                bounds: { _ in anyTime }, set: { a, state in .setABLoop(a: a, b: state.abLoopB) },
                clear: { .setABLoop(a: nil, b: $0.abLoopB) }),
        .number("ab-loop-b", "A-B loop end in seconds, or no", get: { $0.abLoopB.map(PropertyValue.number) ?? .text("no") },
                bounds: { _ in anyTime }, set: { b, state in .setABLoop(a: state.abLoopA, b: b) },
                clear: { .setABLoop(a: $0.abLoopA, b: nil) }),
        .readOnly("track-list", .list, "every track: id, type, lang, title, codec, selected, ...") { state in
            .list(state.tracks.map(\.propertyValue))
        },
        .track("aid", .audio, "the audio track playing: an id, or no"),
        .track("vid", .video, "the video track playing: an id, or no"),
        .track("sid", .sub, "the subtitle track shown: an id, or no"),
        // mpv's other names for the three, which `cycle sub` and old scripts use.
        .track("audio", .audio, "another name for aid"),
        .track("video", .video, "another name for vid"),
        .track("sub", .sub, "another name for sid"),
        Property("loop-file", .text, "extra plays of each file: a count, inf or no", get: { loopValue($0.loopFile) },
                 domain: .loopCount, set: { value, _ in .setLoopFile(loopCount(value)) },
                 cycle: { state, _ in .setLoopFile(state.loopFile == 0 ? nil : 0) }),
        Property("loop-playlist", .text, "after the last file, the first again: inf or no", get: { loopValue($0.loopsPlaylist ? nil : 0) },
                 domain: .loopCount, set: { value, _ in .setLoopPlaylist(loopCount(value) != 0) },
                 cycle: { state, _ in .setLoopPlaylist(!state.loopsPlaylist) }),
        .readOnly("chapter-list", .list, "every chapter: title, time") { state in
            .list(state.chapters.map { chapter in
                .map(["time": .number(chapter.time)].merging(chapter.title.map { ["title": .text($0)] } ?? [:]) { a, _ in a })
            })
        },
        .readOnly("chapters", .integer, "number of chapters") { .available($0.path.isEmpty ? nil : $0.chapters.count) },
        Property("chapter", .integer, "the chapter playing, from 0 (-1 before the first); setting it seeks there",
                 get: { .available($0.chapters.isEmpty ? nil : $0.chapterIndex) },
                 domain: .number { -1...Double(max(-1, $0.chapters.count - 1)) },
                 set: { value, _ in .goToChapter(.chapter(Int((value.number ?? -1).rounded()))) },
                 add: { state, step in
                     ChapterNavigation.destination(from: state.position, step: Int(step.rounded()), in: state.chapters)
                         .map(PlayerCommand.goToChapter)
                 }),
        .readOnly("chapter-metadata", .map, "the tags of the chapter playing") { state in
            let index = state.chapterIndex
            guard index >= 0 else { return .unavailable }
            return .map(state.chapters[index].metadata.mapValues(PropertyValue.text))
        },
        .readOnly("seekable", .flag, "a seek can go anywhere in the file") { $0.path.isEmpty ? .unavailable : .flag($0.isSeekable) },
        .readOnly("partially-seekable", .flag, "seeks work only inside the cache") { state in
            state.path.isEmpty ? .unavailable : .flag(!state.isSeekable && !(state.cache?.seekableRanges.isEmpty ?? true))
        },
        .readOnly("paused-for-cache", .flag, "playing waits for the cache to fill") { $0.path.isEmpty ? .unavailable : .flag($0.isPausedForCache) },
        .readOnly("cache-buffering-state", .integer, "0-100: how far the cache is towards playing on") { .available($0.cache?.bufferingPercent) },
        .readOnly("demuxer-cache-duration", .number, "seconds cached ahead of the position") { .available($0.cache?.duration) },
        .readOnly("demuxer-cache-state", .map, "the cache: seekable-ranges, cache-end, fw-bytes, total-bytes") { state in
            guard let cache = state.cache else { return .unavailable }
            var fields: [String: PropertyValue] = [
                "seekable-ranges": .list(cache.seekableRanges.map { .map(["start": .number($0.lowerBound), "end": .number($0.upperBound)]) }),
                "fw-bytes": .integer(cache.forwardBytes),
                "total-bytes": .integer(cache.totalBytes),
                "cache-duration": .number(cache.duration),
            ]
            if let end = cache.cacheEnd { fields["cache-end"] = .number(end) }
            return .map(fields)
        },
        .readOnly("cache-speed", .integer, "bytes per second read from the source lately") { .available($0.cache.map { Int($0.speed) }) },
        .choice("deinterlace", "turn interlaced pictures into whole frames: auto (flagged frames), yes, no",
                 \.deinterlace),
        .choice("tone-mapping", "how HDR highlights fit into SDR: auto, clip, mobius, reinhard, hable, bt.2390",
                 \.toneMapping),
        Property("hwdec", .text, "hardware decoders to try: no, auto, auto-safe, vaapi, vdpau, nvdec; cycle: no and auto-safe",
                 get: { .text($0.picture.hwdec.rawValue) }, domain: .choice(HardwareDecoding.allCases.map(\.rawValue)),
                 set: { value, state in
                     var picture = state.picture
                     if case .text(let name) = value, let choice = HardwareDecoding(rawValue: name) { picture.hwdec = choice }
                     return .setPicture(picture)
                 }, cycle: { state, _ in
                     // mpv's Ctrl+h: software and the dependable hardware decoders, in turn.
                     var picture = state.picture
                     picture.hwdec = picture.hwdec == .no ? .autoSafe : .no
                     return .setPicture(picture)
                 }),
        .readOnly("hwdec-current", .text, "the hardware API decoding the video now, or no") { .text($0.hwdecCurrent) },
    ] + subtitleProperties + displayProperties + audioProperties + clientProperties + playlistProperties + webProperties + [
        // Clients (python-mpv-jsonipc among them) ask for this list on connecting.
        .readOnly("property-list", .list, "names of all properties", observable: false) { _ in
            .list(all.map { .text($0.name) })
        },
    ]

    /// - Throws: `.notFound` for a name no property has.
    public static func property(named name: String) throws(PropertyError) -> Property {
        guard let property = byName[name] else { throw .notFound }
        return property
    }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// mpv's spelling of a loop count: `inf`, `no`, or the number.
    private static func loopValue(_ count: Int?) -> PropertyValue {
        guard let count else { return .text("inf") }
        return count == 0 ? .text("no") : .integer(count)
    }

    /// A checked loop value (`.text("inf")` or `.integer`) as a count, nil for forever.
    private static func loopCount(_ value: PropertyValue) -> Int? {
        if case .integer(let count) = value { return count }
        return nil
    }

    /// The position in seconds; setting it seeks there exactly (`time-pos`, `playback-time`).
    static func position(_ name: String, _ help: String) -> Property {
        .number(name, help, get: { .available($0.path.isEmpty ? nil : $0.position) }, bounds: { _ in anyTime },
                set: { seconds, _ in .seek(.absolute(seconds), .exact) },
                // Relative, so a seek forward past the end ends the file as the seek keys do.
                add: { _, seconds in .seek(.relative(seconds), .exact) })
    }

    /// Seconds from the start, any amount.
    private static let anyTime = 0...Double.greatestFiniteMagnitude

    /// The last path component, as mpv's `filename` (URLs keep their query).
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
