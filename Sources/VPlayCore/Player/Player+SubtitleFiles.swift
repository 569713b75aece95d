import Foundation

/// Subtitle files with the video: found beside it (`--sub-auto`), named (`--sub-file`), added
/// while playing (`sub-add`, a drop). Each becomes an external subtitle track, read once.
extension Player {
    /// Stream indices of subtitle files start here, past any file's streams.
    static let subtitleFileStreamBase = 1 << 20

    /// The files `--sub-file` names, then those `--sub-auto` finds beside a local video.
    static func subtitleFilePaths(for path: String, options: PlayerOptions) -> [(path: String, sidecar: Sidecar?)] {
        var paths: [(String, Sidecar?)] = options.subtitleFiles.map { path in
            (path, options.subtitleFileLanguages[path].map { Sidecar(name: (path as NSString).lastPathComponent, language: $0, isForced: false) })
        }
        guard !path.contains("://"), options.subtitleAutoLoad != .no else { return paths }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for sidecar in SidecarFinder.sidecars(for: url.lastPathComponent, among: names, mode: options.subtitleAutoLoad) {
            let full = directory.appendingPathComponent(sidecar.name).path
            if !paths.contains(where: { $0.0 == full }) { paths.append((full, sidecar)) }
        }
        return paths
    }

    /// Starts reading each file and makes its track, numbered after `tracks`.
    static func openSubtitleFiles(_ paths: [(path: String, sidecar: Sidecar?)], after tracks: [Track], options: PlayerOptions,
                                  warn: @escaping @Sendable (String) -> Void,
                                  wake: @escaping @Sendable () -> Void) -> [(track: Track, file: SubtitleFile)] {
        var opened: [(track: Track, file: SubtitleFile)] = []
        var all = tracks
        for (path, sidecar) in paths {
            let track = externalTrack(path: path, sidecar: sidecar, after: all)
            opened.append((track, SubtitleFile(path: path, codepage: options.subtitleCodepage, warn: warn, done: wake)))
            all.append(track)
        }
        return opened
    }

    /// The track of a subtitle file: numbered after the subtitle tracks there are, its language
    /// from its name.
    static func externalTrack(path: String, sidecar: Sidecar?, after tracks: [Track]) -> Track {
        let id = tracks.filter { $0.kind == .sub }.count + 1
        let index = subtitleFileStreamBase + tracks.filter(\.isExternal).count
        var track = Track(id: id, kind: .sub, codec: codecName(forExtension: (path as NSString).pathExtension), streamIndex: index)
        track.isExternal = true
        track.externalFilename = path
        track.title = (path as NSString).lastPathComponent
        track.language = sidecar?.language
        track.isForced = sidecar?.isForced ?? false
        return track
    }

    /// The codec a subtitle file's extension stands for, as FFmpeg names it.
    static func codecName(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "srt": "subrip"
        case "ass": "ass"
        case "ssa": "ssa"
        case "vtt", "webvtt": "webvtt"
        case "sup": "hdmv_pgs_subtitle"
        case "idx", "sub": "dvd_subtitle"
        default: ext.lowercased()
        }
    }

    /// What shows `track`: its file's lines, or a decoder for the stream.
    /// A text track of a local file is read whole ahead of playback as well, opened again with
    /// `options`; `wake` is called once it is in.
    static func subtitleSource(for track: Track, file: MediaFile, demuxer: Demuxer, files: [Int: SubtitleFile],
                               options: PlayerOptions, wake: @escaping @Sendable () -> Void) throws -> SubtitleSource {
        if track.isExternal, let subtitleFile = files[track.streamIndex] {
            return ExternalSubtitlePath(file: subtitleFile, streamIndex: track.streamIndex)
        }
        return try SubtitleTrackPath(file: file, stream: track.streamIndex, packets: demuxer.makeQueue(for: track.streamIndex),
                                     readAhead: (options, wake))
    }

    /// `sub-add`: reads the file as a new subtitle track; `select` (and `cached` when new)
    /// shows it, `auto` only adds it; `cached` shows a file added before instead of reading it again.
    func addSubtitleFile(_ request: SubtitleFileRequest, mode: SubtitleAddMode, now: Double) {
        let path = request.path
        if mode == .cached, let known = tracks.first(where: { $0.isExternal && $0.externalFilename == path }) {
            selectTrack(.sub, .id(known.id), now: now)
            return
        }
        do throws(PlayerError) {
            try SubtitleFile.checkRegularFile(path)
        } catch {
            warn(error.description)
            show(error.description, now: now, seconds: 3)
            return
        }
        var track = Self.externalTrack(path: path, sidecar: nil, after: tracks)
        if let title = request.title, !title.isEmpty { track.title = title }
        if let language = request.language, !language.isEmpty { track.language = language }
        let warn = warn, wake = wake
        subtitleFiles[track.streamIndex] = SubtitleFile(path: path, codepage: options.subtitleCodepage, warn: warn, done: wake)
        tracks.append(track)
        publishTracks()
        if mode == .auto {
            show("Added subtitles: \(track.label)", now: now)
        } else {
            selectTrack(.sub, .id(track.id), now: now)
        }
    }
}

/// A subtitle file to add, with the title and language its track is to have (else its name's).
public struct SubtitleFileRequest: Sendable, Equatable {
    public var path: String
    public var title: String?
    public var language: String?

    public init(path: String, title: String? = nil, language: String? = nil) {
        self.path = path
        self.title = title
        self.language = language
    }
}

/// What `sub-add` does with the file once added (mpv's flags).
public enum SubtitleAddMode: String, Sendable, CaseIterable {
    case select, auto, cached
}
