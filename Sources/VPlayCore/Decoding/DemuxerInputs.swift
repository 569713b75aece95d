import CFFmpeg

/// The files one `Demuxer` reads as one item: the main file, then files adding tracks to it
/// (`--audio-file`, `audio-add`). Each added file's streams are numbered from an offset of their own, so
/// that every stream of the item has one index.
struct DemuxerInputs {
    /// How far apart the files' stream numberings start: past any container's stream count,
    /// and below the subtitle files' (`Player.subtitleFileStreamBase`).
    static let streamSpacing = 1 << 12

    var files: [MediaFile]

    init(main: MediaFile, added: [MediaFile] = []) {
        files = [main] + added
    }

    var main: MediaFile { files[0] }

    /// The index stream `local` of file `input` has in the item.
    static func index(input: Int, local: Int) -> Int { input * streamSpacing + local }

    /// The file and its own stream index for `index` in the item.
    static func locate(_ index: Int) -> (input: Int, local: Int) {
        (index / streamSpacing, index % streamSpacing)
    }

    func file(containing index: Int) -> MediaFile { files[Self.locate(index).input] }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        let place = Self.locate(index)
        return files[place.input].stream(place.local)
    }

    /// Which input's packet comes next: the one with the earliest time (seconds). A packet
    /// with no time goes first, as it came; ties go to the earlier input.
    static func next(among times: [Double?]) -> Int? {
        var best: (input: Int, time: Double)?
        for (input, time) in times.enumerated() {
            guard let time else { continue }
            if time.isNaN { return input }
            if best == nil || time < best!.time { best = (input, time) }
        }
        return best?.input
    }
}
