import Foundation

/// Audio files played with the video (`--audio-file`): each is opened with the video, read by
/// the same demuxer, and its sound becomes one more audio track, selected like the others.
extension Player {
    /// Opens each of `paths` with the video's options (network, protocols); one that cannot be
    /// opened, or has no sound, is reported once and left out.
    static func openAudioFiles(_ paths: [String], options: PlayerOptions, interrupt: InterruptFlag,
                               warn: @Sendable (String) -> Void) -> [(path: String, file: MediaFile)] {
        var opened: [(path: String, file: MediaFile)] = []
        for path in paths {
            if interrupt.isRaised { break }
            do throws(PlayerError) {
                var fileOptions = options
                if let network = options.audioFileNetwork[path] { fileOptions.network = network }
                let file = try MediaFile(path: path, options: fileOptions, interrupt: interrupt)
                guard TrackCatalog.tracks(of: file).contains(where: { $0.kind == .audio }) else {
                    warn("audio file '\(path)' has no sound; playing without it")
                    continue
                }
                opened.append((path, file))
            } catch {
                warn("audio file '\(path)': \(error.reason); playing without it")
            }
        }
        return opened
    }

    /// The audio tracks of `files` (the demuxer's added inputs, in order), numbered after the
    /// audio tracks in `tracks`, their streams at each input's offset.
    static func audioFileTracks(_ files: [(path: String, file: MediaFile)], after tracks: [Track]) -> [Track] {
        var all = tracks
        for (offset, entry) in files.enumerated() {
            all += externalAudioTracks(of: entry.file, path: entry.path, input: offset + 1, after: all)
        }
        return Array(all.dropFirst(tracks.count))
    }

    /// The audio tracks of `file`, the demuxer's input number `input`, numbered after the
    /// audio tracks in `tracks`.
    static func externalAudioTracks(of file: MediaFile, path: String, input: Int, after tracks: [Track]) -> [Track] {
        var nextID = (tracks.filter { $0.kind == .audio }.map(\.id).max() ?? 0) + 1
        var added: [Track] = []
        for var track in TrackCatalog.tracks(of: file) where track.kind == .audio {
            track.id = nextID
            nextID += 1
            track.streamIndex = DemuxerInputs.index(input: input, local: track.streamIndex)
            track.isExternal = true
            track.externalFilename = path
            track.title = track.title ?? (path as NSString).lastPathComponent
            track.isDefault = false
            added.append(track)
        }
        return added
    }
}
