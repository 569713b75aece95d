import Foundation

/// What mpv's clients (scrobblers, remote controls, media-server clients) read about the file,
/// the playback, the window and vplay itself, by mpv's names; part of `PropertyRegistry.all`.
extension PropertyRegistry {
    static let clientProperties: [Property] = [
        // The file.
        .readOnly("working-directory", .text, "the directory vplay runs in, which relative paths start from",
                  observable: false) { _ in .text(FileManager.default.currentDirectoryPath) },
        .readOnly("filename/no-ext", .text, "the file's name without its extension") { state in
            .available(state.path.isEmpty ? nil : removingExtension(fileName(of: state.path)))
        },
        .readOnly("stream-open-filename", .text, "the path or URL vplay opened") { .available($0.path.isEmpty ? nil : $0.path) },
        .readOnly("file-format", .text, "the container as the demuxer names it (mov,mp4,m4a,3gp,3g2,mj2)") {
            .available($0.media?.format)
        },
        .readOnly("file-size", .integer, "the file's size in bytes; unavailable for streams of unknown size") {
            .available($0.media?.size)
        },
        .readOnly("metadata", .map, "the file's tags; metadata/by-key/KEY reads one, metadata/list/count counts them") {
            $0.media.map { .map($0.tags.mapValues(PropertyValue.text)) } ?? .unavailable
        },
        .readOnly("filtered-metadata", .map, "the tags shown by default: title, artist, album, date, ...") {
            $0.media.map { .map($0.displayedTags.mapValues(PropertyValue.text)) } ?? .unavailable
        },
        .readOnly("current-tracks", .map, "the tracks playing: video, audio, sub, sub2, each as in track-list") { state in
            guard !state.path.isEmpty else { return .unavailable }
            func entry(_ track: Track?) -> PropertyValue { track?.propertyValue ?? .unavailable }
            return .map([
                "video": entry(selectedTrack(.video, in: state)), "audio": entry(selectedTrack(.audio, in: state)),
                "sub": entry(selectedTrack(.sub, in: state)),
                "sub2": entry(state.tracks.first { $0.kind == .sub && $0.isSecondarySelection }),
            ])
        },
        .readOnly("video-params", .map, "the pictures as decoded: pixelformat, w, h, dw, dh, aspect, par, colormatrix, ...") {
            videoParameters(in: $0)?.propertyValue ?? .unavailable
        },
        .readOnly("video-out-params", .map, "the pictures as they go to the screen, after tone mapping and conversion") {
            videoParameters(in: $0)?.output.propertyValue ?? .unavailable
        },
        .readOnly("audio-params", .map, "the sound as decoded: format, samplerate, channels, channel-count, hr-channels") { state in
            guard let track = selectedTrack(.audio, in: state), let parameters = state.media?.audio[track.streamIndex] else {
                return .unavailable
            }
            return parameters.propertyValue
        },

        // The playback.
        position("playback-time", "position in seconds, within the file's length; setting it seeks exactly"),
        .readOnly("playtime-remaining", .number, "seconds left to play at the current speed") { .available($0.playtimeRemaining) },
        .readOnly("core-idle", .flag, "playback stands still: paused, opening, seeking, buffering or no file") {
            .flag($0.isCoreIdle)
        },
        .readOnly("estimated-frame-count", .integer, "frames in the file, by its length and frame rate") {
            .available($0.estimatedFrameCount)
        },
        .readOnly("estimated-frame-number", .integer, "the frame playing, by the position and frame rate") {
            .available($0.estimatedFrameNumber)
        },
        // Late pictures are dropped at display (`frame-drop-count`), never by the decoder.
        .readOnly("decoder-frame-drop-count", .integer, "video frames the decoder skipped to catch up (always 0)") {
            .available($0.hasVideo && !$0.path.isEmpty ? 0 : nil)
        },
        .readOnly("screenshot-directory", .text, "where screenshots go; empty for the current directory") {
            .text($0.screenshotDirectory ?? "")
        },

        // The window; without one it is 0×0, not minimized, on no display (as in mpv).
        .readOnly("window-minimized", .flag, "the window is minimized") { .flag($0.window?.isMinimized ?? false) },
        .readOnly("osd-width", .integer, "width of the window's drawing area in pixels") { .integer($0.window?.width ?? 0) },
        .readOnly("osd-height", .integer, "height of the window's drawing area in pixels") { .integer($0.window?.height ?? 0) },
        .readOnly("display-fps", .number, "refresh rate of the window's display in Hz") { .available($0.window?.displayFPS) },

        // vplay itself.
        .readOnly("mpv-version", .text, "the player and its version, for mpv's clients", observable: false) { _ in
            .text("vplay \(VPlayVersion.string)")
        },
        .readOnly("ffmpeg-version", .text, "the version of the FFmpeg libraries", observable: false) { _ in
            .text(VPlayVersion.ffmpeg)
        },
    ]

    /// The track of `kind` that plays, nil for none.
    private static func selectedTrack(_ kind: Track.Kind, in state: PlayerState) -> Track? {
        state.tracks.first { $0.kind == kind && $0.isSelected }
    }

    private static func videoParameters(in state: PlayerState) -> VideoParameters? {
        guard let track = selectedTrack(.video, in: state) else { return nil }
        return state.media?.video[track.streamIndex]
    }

    /// `name` without its extension, as mpv's `filename/no-ext`: the dot of a hidden file's
    /// name and one that ends the name are not an extension's.
    static func removingExtension(_ name: String) -> String {
        let searched = name.hasPrefix(".") ? name.dropFirst() : Substring(name)
        guard let dot = searched.lastIndex(of: "."), name.index(after: dot) != name.endIndex else { return name }
        return String(name[..<dot])
    }
}
