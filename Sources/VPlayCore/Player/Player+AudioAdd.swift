import Foundation

/// `audio-add` and `audio-remove`: sound files joining the item while it plays. Each is opened
/// on a thread of its own (a URL may take seconds), then handed to the demuxer, which reads it
/// with the other files from the play position; its sound becomes one more external track.
extension Player {
    func addAudioFile(_ request: AudioFileRequest, mode: AudioAddMode, now: Double) {
        if mode == .cached,
           let known = tracks.first(where: { $0.kind == .audio && $0.isExternal && $0.externalFilename == request.path }) {
            selectTrack(.audio, .id(known.id), now: now)
            return
        }
        let adds = audioAdds, options = options
        let thread = Thread {
            let opened = Result { () throws(PlayerError) in
                try MediaFile(path: request.path, options: options, interrupt: adds.interrupt)
            }
            adds.finish(AudioFileAdds.Opened(request: request, mode: mode, file: opened))
        }
        thread.name = "vplay.audio-add"
        thread.start()
    }

    /// Each tick: the files opened since join the item.
    func takeAddedAudioFiles(now: Double) {
        for opened in audioAdds.takeOpened() {
            let path = opened.request.path
            let file: MediaFile
            switch opened.file {
            case .success(let found): file = found
            case .failure(let error):
                if case .cancelled = error { continue }
                reportAudioFile("audio file '\(path)': \(error.reason); not added", now: now)
                continue
            }
            guard TrackCatalog.tracks(of: file).contains(where: { $0.kind == .audio }) else {
                reportAudioFile("audio file '\(path)' has no sound; not added", now: now)
                continue
            }
            let input = demuxer.add(file, at: masterTime(at: now) ?? state.position + startTime)
            var added = Self.externalAudioTracks(of: file, path: path, input: input, after: tracks)
            for index in added.indices {
                if let title = opened.request.title, !title.isEmpty { added[index].title = title }
                if let language = opened.request.language, !language.isEmpty { added[index].language = language }
            }
            tracks += added
            publishTracks()
            if opened.mode == .auto || audioDevice == nil {
                if audioDevice == nil { warn("audio file '\(path)' added, but this file plays without sound output") }
                show("Added audio: \(added[0].label)", now: now)
            } else {
                selectTrack(.audio, .id(added[0].id), now: now)
            }
        }
    }

    /// `audio-remove`: the external audio track `id` (the one playing when nil) goes from the
    /// list; when it plays, the item goes on with the track chosen among those left (without
    /// sound when none is). Its file closes once none of its tracks is left.
    func removeAudioFile(_ id: Int?, now: Double) {
        guard let id = id ?? state.selectedTrackID(.audio),
              let track = Self.track(.audio, id, in: tracks), track.isExternal else {
            reportAudioFile("no external audio track \(id.map(String.init) ?? "playing") to remove", now: now)
            return
        }
        tracks.removeAll { $0.kind == .audio && $0.id == id }
        if audio?.streamIndex == track.streamIndex {
            let next = TrackChooser.choose(.auto, among: tracks, kind: .audio, languages: options.audioLanguages)
            selectTrack(.audio, next.map { .id($0) } ?? .none, now: now)
        }
        let input = DemuxerInputs.locate(track.streamIndex).input
        if !tracks.contains(where: { $0.kind == .audio && $0.isExternal && DemuxerInputs.locate($0.streamIndex).input == input }) {
            demuxer.remove(input: input)
        }
        publishTracks()
        show("Removed audio: \(track.label)", now: now)
    }

    private func reportAudioFile(_ line: String, now: Double) {
        warn(line)
        show(line, now: now, seconds: 3)
    }
}

/// A sound file to add, with the title and language its track is to have (else its own).
public typealias AudioFileRequest = SubtitleFileRequest
/// What `audio-add` does with the file once added (mpv's flags, as for `sub-add`).
public typealias AudioAddMode = SubtitleAddMode

/// The `audio-add` files being opened; the main thread takes them once open. Quitting the file
/// raises `interrupt`, giving up opens under way.
final class AudioFileAdds: Sendable {
    struct Opened: @unchecked Sendable {
        var request: AudioFileRequest
        var mode: AudioAddMode
        var file: Result<MediaFile, PlayerError>
    }

    let interrupt = InterruptFlag()
    private let opened = Locked([Opened]())
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func finish(_ result: Opened) {
        opened.withLock { $0.append(result) }
        wake()
    }

    func takeOpened() -> [Opened] {
        opened.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}
