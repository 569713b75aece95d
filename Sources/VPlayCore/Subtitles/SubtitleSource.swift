/// The subtitle track that shows: one of the file's streams, decoded as the file is read, or
/// a subtitle file of its own, read whole beside playback.
protocol SubtitleSource: AnyObject {
    /// The stream index its track has (a number past the file's streams for a file of its own).
    var streamIndex: Int { get }
    /// The queue the demuxer fills for it; nil for a file of its own.
    var packets: PacketQueue? { get }
    /// Its lines; nil while a file of its own has not been opened yet.
    var lines: SubtitleLines? { get }
    /// True while lines past those playback has read are still being read; the lines that
    /// are there may then miss some yet.
    var isReadingAhead: Bool { get }
    /// Reads the lines on screen at media time `time` that playback is not to read (they began
    /// before where it reads from): playback starts from there.
    func readLines(showingAt time: Double)
    func start()
    func stop()
}

/// A subtitle file shown as the subtitle track: it is read once, when added, and kept.
final class ExternalSubtitlePath: SubtitleSource {
    let streamIndex: Int
    let file: SubtitleFile

    init(file: SubtitleFile, streamIndex: Int) {
        self.file = file
        self.streamIndex = streamIndex
    }

    var packets: PacketQueue? { nil }
    var lines: SubtitleLines? { file.lines }
    /// The file is read whole at once, as soon as it is added.
    var isReadingAhead: Bool { false }
    /// Every line is there already.
    func readLines(showingAt time: Double) {}
    func start() {}
    func stop() {}
}
