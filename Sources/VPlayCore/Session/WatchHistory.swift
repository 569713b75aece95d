import Foundation

/// Why the watch history was not written.
public struct WatchHistoryError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot write watch history to '\(path)': \(reason)" }
}

/// What was played, for the idle window's list (mpv's `--save-watch-history`): a JSON-lines
/// file, one line appended per file played, which several players may append to at once.
/// What it reads back is checked, not trusted; a file that cannot be used is moved aside
/// beside it, never deleted, and the history starts afresh.
///
/// Reading parses the whole file (a few MiB at most), as does the first `record` of each
/// instance: both belong off the thread that draws.
public final class WatchHistory: Sendable {
    public let file: URL
    private let storage: WatchHistoryFile
    private let limits: Limits
    private let warn: (@Sendable (String) -> Void)?
    /// Warnings already given, so reading the same file again does not repeat them.
    private let reported = Locked<Set<String>>([])
    /// Whether this player has looked at the file yet: a damaged one must be moved aside
    /// before the first append, or the new entry would go aside with it.
    private let checked = Locked(false)

    struct Limits: Sendable {
        /// A `record` that leaves the file bigger than this rewrites it, newest per path.
        var compactionSize = 4 << 20
        /// How many paths a rewrite keeps.
        var keptPaths = 2_000
        /// Files bigger than this (not written by us, or not compacted) are read from their
        /// last `tailSize` bytes only, so a runaway file cannot stall the idle window.
        var hugeSize = 16 << 20
        var tailSize = 1 << 20
    }

    public convenience init(file: URL = WatchHistory.defaultFile(),
                            warn: (@Sendable (String) -> Void)? = nil) {
        self.init(file: file, limits: Limits(), warn: warn)
    }

    init(file: URL, limits: Limits, warn: (@Sendable (String) -> Void)?) {
        self.file = file
        self.storage = WatchHistoryFile(url: file)
        self.limits = limits
        self.warn = warn
    }

    /// `watch_history.jsonl` in vplay's state folder, beside the resume positions
    /// (`$XDG_STATE_HOME/vplay`, else `~/.local/state/vplay`).
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        WatchLaterStore.defaultDirectory(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("watch_history.jsonl")
    }

    /// Appends `entry` (its path made absolute) as one line; past `compactionSize` the file
    /// is then rewritten with the newest entry per path.
    public func record(_ entry: Entry) throws(WatchHistoryError) {
        var entry = entry
        entry.path = WatchLaterStore.absolutePath(entry.path)
        let line: [UInt8]
        do throws(Entry.Unwritable) {
            line = try entry.jsonLine()
        } catch {
            throw WatchHistoryError(path: file.path, reason: error.reason)
        }
        if !checked.withLock({ $0 }) { _ = usableSnapshot() }
        let size: Int
        do throws(FileSystem.Failure) {
            // 0700 / 0600: what was watched is nobody else's business.
            try FileSystem.makeDirectories(file.deletingLastPathComponent(), mode: 0o700)
            size = try storage.append(line)
        } catch {
            throw WatchHistoryError(path: file.path, reason: error.reason)
        }
        guard size > limits.compactionSize else { return }
        do throws(FileSystem.Failure) {
            try rewrite(excluding: nil, ifBiggerThan: limits.compactionSize)
        } catch {
            // The entry is written; the next record tries again.
            warn?("cannot compact watch history '\(file.path)': \(error.reason)")
        }
    }

    /// The newest entry for each path, newest first, at most `limit`.
    public func recent(limit: Int) -> [Entry] {
        guard limit > 0 else { return [] }
        return usableSnapshot()?.lines.newestPerPath(limit: limit) ?? []
    }

    /// Removes every entry for `path` (the idle window's "remove from history").
    public func forget(path: String) throws(WatchHistoryError) {
        var info = stat()
        if lstat(file.path, &info) != 0, errno == ENOENT { return }   // no history, nothing to forget
        do throws(FileSystem.Failure) {
            try rewrite(excluding: WatchLaterStore.absolutePath(path), ifBiggerThan: nil)
        } catch {
            throw WatchHistoryError(path: file.path, reason: error.reason)
        }
    }

    // MARK: - Reading and rewriting

    /// The file's entries as read once.
    private struct Snapshot {
        var lines: WatchHistoryLines
        /// Only the file's last bytes were read (it is huge).
        var isTail: Bool
        var byteCount: Int
    }

    /// The file's entries, after moving it aside if it cannot be used; nil when it cannot
    /// be read (reported once).
    private func usableSnapshot() -> Snapshot? {
        do throws(FileSystem.Failure) {
            var snapshot = try snapshot()
            if snapshot == nil {
                // Judged again under the lock: another player may have moved it aside already,
                // or been half way through writing the first line.
                snapshot = try storage.withLock(exclusive: true) { () throws(FileSystem.Failure) in
                    try snapshotSettingAside()
                }
            }
            checked.withLock { $0 = true }
            return snapshot
        } catch {
            report("cannot read watch history '\(file.path)': \(error.reason)")
            return nil
        }
    }

    /// Reads and checks the file, warning about skipped lines; nil when it cannot be used.
    private func snapshot() throws(FileSystem.Failure) -> Snapshot? {
        switch try storage.read(hugeSize: limits.hugeSize, tailSize: limits.tailSize) {
        case .missing:
            return Snapshot(lines: WatchHistoryLines([], fromMiddle: false), isTail: false, byteCount: 0)
        case .notRegular:
            return nil
        case .bytes(let bytes, let isTail):
            if isTail {
                report("watch history '\(file.path)' is larger than \(Self.size(limits.hugeSize)): "
                    + "reading only its last \(Self.size(limits.tailSize))")
            }
            let lines = WatchHistoryLines(bytes, fromMiddle: isTail)
            guard !lines.isUnusable else { return nil }
            if lines.skipped > 0 {
                report("watch history '\(file.path)': skipped \(lines.skipped) "
                    + (lines.skipped == 1 ? "line that is not a valid entry" : "lines that are not valid entries"))
            }
            return Snapshot(lines: lines, isTail: isTail, byteCount: bytes.count)
        }
    }

    /// `snapshot()`, but a file that cannot be used is renamed to a backup beside it and the
    /// history starts empty. Call with the lock held exclusively.
    private func snapshotSettingAside() throws(FileSystem.Failure) -> Snapshot? {
        if let snapshot = try snapshot() { return snapshot }
        do throws(FileSystem.Failure) {
            let backup = try storage.setAside()
            warn?("watch history '\(file.path)' is not a watch history (binary, damaged or a folder): "
                + "moved to '\(backup.path)', starting afresh")
        } catch {
            report("watch history '\(file.path)' is not a watch history and cannot be moved aside: \(error.reason)")
            return nil
        }
        return Snapshot(lines: WatchHistoryLines([], fromMiddle: false), isTail: false, byteCount: 0)
    }

    /// Rewrites the file with the newest entry per path (the newest `keptPaths`), leaving out
    /// `excluded`, under the exclusive lock so that no line appended meanwhile is lost.
    /// - Parameter size: rewrite only a file still bigger than this (another player may have
    ///   compacted it while this one waited for the lock).
    private func rewrite(excluding excluded: String?, ifBiggerThan size: Int?) throws(FileSystem.Failure) {
        try storage.withLock(exclusive: true) { () throws(FileSystem.Failure) in
            guard let snapshot = try snapshotSettingAside() else { return }
            if let size, snapshot.byteCount <= size, !snapshot.isTail { return }
            if let excluded, !snapshot.lines.entries.contains(where: { $0.path == excluded }) { return }
            let kept = snapshot.lines.newestPerPath(limit: limits.keptPaths, excluding: excluded)
            let bytes = Array(kept.reversed().compactMap { try? $0.jsonLine() }.joined())
            // From a tail, the older part of the file would be lost: it stays as a backup.
            if let backup = try storage.replace(with: bytes, keepingOld: snapshot.isTail) {
                warn?("watch history '\(file.path)' was rewritten from its last \(Self.size(limits.tailSize)); "
                    + "the whole file is kept as '\(backup.path)'")
            }
        }
    }

    private func report(_ message: String) {
        let isNew = reported.withLock { $0.insert(message).inserted }
        if isNew { warn?(message) }
    }

    private static func size(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
