import Foundation

/// Why a resume position was not saved.
public struct WatchLaterError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot save resume position to '\(path)': \(reason)" }
}

/// Remembers where playback of each file stopped (mpv's watch_later): one small file per
/// media file, named by a stable hash of its absolute path, holding
/// `start=<seconds>\npath=<absolute path>\n`, then what was chosen there and the file's
/// loudness. What it reads back is checked, not trusted: anything unexpected counts as no
/// position and is reported once.
public final class WatchLaterStore: Sendable {
    public let directory: URL
    private let warn: (@Sendable (String) -> Void)?
    /// Entry files already reported, so a bad one is mentioned once, not on every read.
    private let reported = Locked<Set<String>>([])
    /// Entries are a few dozen bytes; anything bigger is not one of ours.
    static let sizeLimit = 4096

    public init(directory: URL = WatchLaterStore.defaultDirectory(),
                warn: (@Sendable (String) -> Void)? = nil) {
        self.directory = directory
        self.warn = warn
    }

    /// `$XDG_STATE_HOME/vplay/watch_later` (ignored unless absolute, as the XDG spec says),
    /// else `~/.local/state/vplay/watch_later`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let state: URL
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            state = home.appendingPathComponent(".local/state", isDirectory: true)
        }
        return state.appendingPathComponent("vplay/watch_later", isDirectory: true)
    }

    /// Whether stopping at `position` is worth remembering: only files over a minute long,
    /// and not in the first 10 s or the last 5 %, where starting over is what one wants.
    public static func shouldSave(position: Double, duration: Double?) -> Bool {
        guard let duration, duration.isFinite, duration > 60, position.isFinite else { return false }
        return position >= 10 && position < duration * 0.95
    }

    /// Records `position` (seconds) for the media at `path`, replacing any earlier one.
    public func save(position: Double, for path: String) throws(WatchLaterError) {
        try save(WatchLaterEntry(position: position), for: path)
    }

    /// Records where the media at `path` was left and what was chosen there, replacing any
    /// earlier entry.
    public func save(_ entry: WatchLaterEntry, for path: String) throws(WatchLaterError) {
        let absolute = Self.absolutePath(path)
        let url = entryURL(absolutePath: absolute)
        let position = entry.position
        guard position.isFinite, position >= 0 else {
            throw WatchLaterError(path: url.path, reason: "\(position) is not a playback position")
        }
        var text = "start=\(String(format: "%.3f", position))\npath=\(absolute)\n"
        for (key, choice) in [("aid", entry.audioTrack), ("sid", entry.subtitleTrack)] {
            switch choice {
            case .id(let id)?: text += "\(key)=\(id)\n"
            case .none?: text += "\(key)=no\n"
            case .auto?, nil: break
            }
        }
        if let delay = entry.subtitleDelay, delay.isFinite, delay != 0 { text += "sub-delay=\(String(format: "%.3f", delay))\n" }
        if let loudness = entry.loudness, loudness.isFinite { text += "loudness=\(String(format: "%.2f", loudness))\n" }
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.sizeLimit else {
            throw WatchLaterError(path: url.path, reason: "the media path is too long to record")
        }
        do throws(FileSystem.Failure) {
            // 0700 / 0600: the list of what was watched is nobody else's business.
            try FileSystem.makeDirectories(directory, mode: 0o700)
            try FileSystem.replace(url, with: bytes, permissions: 0o600)
        } catch {
            throw WatchLaterError(path: url.path, reason: error.reason)
        }
        _ = reported.withLock { $0.remove(url.path) }
    }

    /// The position saved for the media at `path`, or nil when there is none or the entry
    /// cannot be trusted.
    public func position(for path: String) -> Double? {
        entry(for: path)?.position
    }

    /// What was saved for the media at `path`, or nil when there is nothing or the entry
    /// cannot be trusted.
    public func entry(for path: String) -> WatchLaterEntry? {
        let absolute = Self.absolutePath(path)
        let url = entryURL(absolutePath: absolute)
        do throws(EntryProblem) {
            guard let bytes = try Self.contents(of: url) else { return nil }
            return try Self.entry(in: bytes, absolutePath: absolute)
        } catch {
            let isNew = reported.withLock { $0.insert(url.path).inserted }
            if isNew { warn?("ignoring resume position '\(url.path)': \(error.reason)") }
            return nil
        }
    }

    /// Forgets the position for the media at `path` (played to the end, or not worth keeping).
    public func remove(for path: String) {
        unlink(entryURL(absolutePath: Self.absolutePath(path)).path)
    }

    func entryURL(for path: String) -> URL { entryURL(absolutePath: Self.absolutePath(path)) }

    private func entryURL(absolutePath: String) -> URL {
        directory.appendingPathComponent(Self.fnv1a64Hex(absolutePath))
    }

    /// The path as one file has one name: absolute and without `.`/`..`; URLs (streams) as given.
    static func absolutePath(_ path: String) -> String {
        path.contains("://") ? path : URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// 64-bit FNV-1a, as 16 hex digits: the same in every process, unlike `Hasher`.
    static func fnv1a64Hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private struct EntryProblem: Error {
        let reason: String
    }

    /// The bytes of the regular file at `url`, or nil when there is none. Symbolic links,
    /// FIFOs (which would block) and big files are refused without reading them.
    private static func contents(of url: URL) throws(EntryProblem) -> [UInt8]? {
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw EntryProblem(reason: errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw EntryProblem(reason: "not a regular file")
        }
        // One byte past the limit tells an oversized file (even one still growing) from a full one.
        var bytes = [UInt8](repeating: 0, count: sizeLimit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw EntryProblem(reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
        }
        guard count <= sizeLimit else { throw EntryProblem(reason: "larger than \(sizeLimit) bytes") }
        return Array(bytes[..<count])
    }

    /// Parses an entry strictly: the lines `save` writes, for this very path, with plain
    /// decimal numbers (no exponent, `nan` or `inf`) and nothing else.
    private static func entry(in bytes: [UInt8], absolutePath: String) throws(EntryProblem) -> WatchLaterEntry {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw EntryProblem(reason: "not UTF-8 text") }
        guard text.hasSuffix("\n") else { throw EntryProblem(reason: "malformed") }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0].hasPrefix("start="), lines[1] == "path=\(absolutePath)" else {
            throw EntryProblem(reason: lines.count >= 2 && lines[0].hasPrefix("start=")
                               ? "it records a different file or is malformed" : "malformed")
        }
        guard let position = number(lines[0].dropFirst(6), signed: false) else { throw EntryProblem(reason: "invalid start time") }
        var entry = WatchLaterEntry(position: position)
        for line in lines.dropFirst(2) {
            guard let equals = line.firstIndex(of: "=") else { throw EntryProblem(reason: "malformed") }
            let value = line[line.index(after: equals)...]
            switch line[..<equals] {
            case "aid" where entry.audioTrack == nil: entry.audioTrack = try choice(value)
            case "sid" where entry.subtitleTrack == nil: entry.subtitleTrack = try choice(value)
            case "sub-delay" where entry.subtitleDelay == nil:
                guard let delay = number(value, signed: true) else { throw EntryProblem(reason: "invalid subtitle delay") }
                entry.subtitleDelay = delay
            case "loudness" where entry.loudness == nil:
                // A figure is only an aid: one that cannot be read does not cost the position.
                entry.loudness = number(value, signed: true) ?? .nan
            default: throw EntryProblem(reason: "malformed")
            }
        }
        return entry
    }

    private static func choice(_ text: Substring) throws(EntryProblem) -> TrackChoice {
        if text == "no" { return .none }
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(text), id > 0 else {
            throw EntryProblem(reason: "invalid track")
        }
        return .id(id)
    }

    /// A plain decimal number: digits and at most one point (and a leading minus when `signed`).
    private static func number(_ text: Substring, signed: Bool) -> Double? {
        let digits = signed && text.hasPrefix("-") ? text.dropFirst() : text
        guard (1...20).contains(digits.count), digits.filter({ $0 == "." }).count <= 1,
              digits.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

/// What is kept for one file: where it was left, and what was chosen there.
public struct WatchLaterEntry: Sendable, Equatable {
    public var position: Double
    /// The audio and subtitle tracks chosen (`.id`, or `.none` for none); nil: not recorded.
    public var audioTrack: TrackChoice?
    public var subtitleTrack: TrackChoice?
    /// Seconds; nil for none.
    public var subtitleDelay: Double?
    /// The whole file's integrated loudness (LUFS) once measured, so normalization's gain is
    /// known at once when the file is resumed; nil when not measured, not a number when the
    /// stored line could not be read.
    public var loudness: Double?

    public init(position: Double, audioTrack: TrackChoice? = nil, subtitleTrack: TrackChoice? = nil, subtitleDelay: Double? = nil,
                loudness: Double? = nil) {
        self.position = position
        self.audioTrack = audioTrack
        self.subtitleTrack = subtitleTrack
        self.subtitleDelay = subtitleDelay
        self.loudness = loudness
    }
}
