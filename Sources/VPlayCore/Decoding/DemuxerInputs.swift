import CFFmpeg

/// The files one `Demuxer` reads as one item: the main file, then files adding tracks to it
/// (`--audio-file`, `audio-add`). Each added file's streams are numbered from an offset of their own, so
/// that every stream of the item has one index.
struct DemuxerInputs {
    /// How far apart the files' stream numberings start: past any container's stream count,
    /// and below the subtitle files' (`Player.subtitleFileStreamBase`).
    static let streamSpacing = 1 << 12

    /// The files by input number; nil where one was removed (`audio-remove`), whose number
    /// is not given again.
    private(set) var slots: [MediaFile?]

    init(main: MediaFile, added: [MediaFile] = []) {
        slots = [main] + added
    }

    /// The files still read, in input order.
    var files: [MediaFile] { slots.compactMap { $0 } }

    var main: MediaFile { slots[0]! }

    /// Takes `file` as the next input; returns its number.
    mutating func append(_ file: MediaFile) -> Int {
        slots.append(file)
        return slots.count - 1
    }

    /// Lets go of input `input` (never the main file): closed once no one else holds it.
    mutating func remove(_ input: Int) {
        guard input > 0, slots.indices.contains(input) else { return }
        slots[input] = nil
    }

    /// The index stream `local` of file `input` has in the item.
    static func index(input: Int, local: Int) -> Int { input * streamSpacing + local }

    /// The file and its own stream index for `index` in the item.
    static func locate(_ index: Int) -> (input: Int, local: Int) {
        (index / streamSpacing, index % streamSpacing)
    }

    /// The file of stream `index`; a removed file's streams are never asked for (their
    /// tracks went with it).
    func file(containing index: Int) -> MediaFile { slots[Self.locate(index).input]! }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        let place = Self.locate(index)
        return file(containing: index).stream(place.local)
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
