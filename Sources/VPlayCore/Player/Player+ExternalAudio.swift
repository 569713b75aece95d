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
                let file = try MediaFile(path: path, options: options, interrupt: interrupt)
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
        var added: [Track] = []
        var nextID = tracks.filter { $0.kind == .audio }.count + 1
        for (offset, entry) in files.enumerated() {
            for var track in TrackCatalog.tracks(of: entry.file) where track.kind == .audio {
                track.id = nextID
                nextID += 1
                track.streamIndex = DemuxerInputs.index(input: offset + 1, local: track.streamIndex)
                track.isExternal = true
                track.externalFilename = entry.path
                track.title = track.title ?? (entry.path as NSString).lastPathComponent
                track.isDefault = false
                added.append(track)
            }
        }
        return added
    }
}
