import Foundation

extension WatchHistory {
    /// One file played: what the idle window lists, and how far it got.
    public struct Entry: Sendable, Equatable {
        /// When playback of the file ended, in Unix seconds.
        public var time: Int
        /// The absolute path, or the URL of a stream.
        public var path: String
        public var title: String
        /// Where playback stopped, in seconds.
        public var position: Double
        /// The file's length in seconds; nil (or anything not a length) for an unknown one.
        public var duration: Double?

        public init(path: String, title: String, position: Double, duration: Double?,
                    time: Int = Int(Date().timeIntervalSince1970)) {
            self.time = time
            self.path = path
            self.title = title
            self.position = position
            self.duration = duration
        }
    }
}

extension WatchHistory.Entry {
    /// Why an entry cannot be written.
    struct Unwritable: Error {
        let reason: String
    }

    /// The entry as one line of the file, newline included:
    /// `{"time":…,"path":…,"title":…,"position":…,"duration":…}`, mpv's three keys first.
    /// Numbers are written in full (`Double.description` reads back to the same value); a
    /// duration that is not a length is left out.
    func jsonLine() throws(Unwritable) -> [UInt8] {
        guard position.isFinite, position >= 0 else {
            throw Unwritable(reason: "\(position) is not a playback position")
        }
        var line = "{\"time\":\(time),\"path\":"
        JSONString.append(path, to: &line)
        line += ",\"title\":"
        JSONString.append(title, to: &line)
        line += ",\"position\":\(position)"
        // What the player reports for a live stream (infinite, NaN) is as good as no length.
        if let duration, duration.isFinite, duration >= 0 { line += ",\"duration\":\(duration)" }
        line += "}\n"
        return Array(line.utf8)
    }

    /// The line's keys as written; `position` and `duration` may be missing, as in the lines
    /// mpv itself writes to a history shared through `--watch-history-path`.
    private struct Line: Decodable {
        let time: Int
        let path: String
        let title: String
        let position: Double?
        let duration: Double?
    }

    /// Parses one line (without its newline) strictly: a JSON object with an integer `time`,
    /// an absolute path or a URL, a title, and sane numbers; nil for anything else.
    /// A line without `position` (one of mpv's) reads as watched from the start.
    init?(jsonLine bytes: ArraySlice<UInt8>, decoder: JSONDecoder) {
        guard let line = try? decoder.decode(Line.self, from: Data(bytes)) else { return nil }
        let position = line.position ?? 0
        guard line.path.hasPrefix("/") || line.path.contains("://"), !line.path.contains("\0"),
              position.isFinite, position >= 0,
              line.duration.map({ $0.isFinite && $0 >= 0 }) ?? true
        else { return nil }
        self.init(path: line.path, title: line.title, position: position, duration: line.duration, time: line.time)
    }
}
