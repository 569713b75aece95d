import CFFmpeg
import Foundation

/// A page's subtitles, fetched before its media opens into files of this run's own (removed
/// at exit), so that they become external subtitle tracks with their languages.
enum WebSubtitleFetch {
    /// At most this many languages, those the user prefers (`--slang`) first.
    static let maxCount = 8
    /// Larger than any subtitle file a page serves.
    static let sizeLimit = 16 << 20

    /// Fetches `subtitles` with `network`'s options, all at once (each on a connection of its
    /// own: the media waits for the slowest, not for their sum); one that cannot be fetched is
    /// left out with a warning. Returns each file's path and language, in the order chosen.
    static func fetch(_ subtitles: [WebSubtitle], preferring languages: [String], network: NetworkOptions,
                      interrupt: InterruptFlag, warn: (String) -> Void) -> [(path: String, language: String)] {
        guard !subtitles.isEmpty, let directory = RunDirectory.shared.makeSubdirectory() else { return [] }
        let preferred = subtitles.filter { subtitle in languages.contains { subtitle.language.hasPrefix($0) } }
        let chosen = Array((preferred + subtitles.filter { !preferred.contains($0) }).prefix(maxCount))
        let paths = chosen.enumerated().map { index, subtitle in
            let ext = SidecarFinder.fileExtensions.contains(subtitle.format ?? "") ? subtitle.format! : "vtt"
            return "\(directory)/\(index).\(subtitle.language.filter { $0.isLetter || $0.isNumber || $0 == "-" }).\(ext)"
        }
        // Each download's failure, or nil once it is written.
        let outcomes = Locked([String?](repeating: "not fetched", count: chosen.count))
        let downloads = DispatchGroup()
        for (index, subtitle) in chosen.enumerated() {
            DispatchQueue.global().async(group: downloads) {
                let outcome = interrupt.isRaised ? "not fetched" : download(subtitle.url, to: paths[index], network: network,
                                                                               interrupt: interrupt)
                outcomes.withLock { $0[index] = outcome }
            }
        }
        downloads.wait()
        var fetched: [(path: String, language: String)] = []
        for (index, outcome) in outcomes.withLock({ $0 }).enumerated() {
            let language = chosen[index].language
            switch outcome {
            case nil: fetched.append((paths[index], language))
            case let reason?: if !interrupt.isRaised { warn("subtitles '\(language)' of the page: \(reason); playing without them") }
            }
        }
        return fetched
    }

    /// Copies `url` into `path`; nil when done, else why not.
    private static func download(_ url: String, to path: String, network: NetworkOptions, interrupt: InterruptFlag) -> String? {
        NetworkConnection.with(url, network: network, interrupt: interrupt, refused: FFmpegError.message) { opened, guardian in
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                guardian.limit(to: network.timeout)
                let count = avio_read(opened, &buffer, Int32(buffer.count))
                if count == vp_averror_eof() || count == 0 { break }
                guard count > 0 else { return FFmpegError.message(count) }
                data.append(buffer, count: Int(count))
                if data.count > sizeLimit { return "too large for a subtitle file" }
            }
            guard !data.isEmpty else { return "empty" }
            return FileManager.default.createFile(atPath: path, contents: data) ? nil : "cannot write '\(path)'"
        }
    }
}

/// A directory of this run's own under the temporary directory, removed when vplay exits.
final class RunDirectory: Sendable {
    static let shared = RunDirectory()
    private let path = Locked<String?>(nil)

    private init() {
        atexit { RunDirectory.shared.remove() }
    }

    /// A new empty directory inside it; nil when none can be made.
    func makeSubdirectory() -> String? {
        path.withLock { path -> String? in
            if path == nil {
                var template = Array((NSTemporaryDirectory() + "/vplay-XXXXXX").utf8CString)
                guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } }) else {
                    return nil
                }
                path = made
            }
            let made = path! + "/" + UUID().uuidString
            return mkdir(made, 0o700) == 0 ? made : nil
        }
    }

    private func remove() {
        path.withLock { path in
            if let path { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
