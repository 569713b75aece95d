import Foundation

/// The entries a history file's bytes hold, read line by line and checked: one damaged line
/// (a bad sector, a hand edit, another program's bytes) costs that line, not the history.
struct WatchHistoryLines {
    /// The valid entries, oldest first (in the order they were appended).
    private(set) var entries: [WatchHistory.Entry] = []
    /// Complete lines that are not entries; blank lines do not count.
    private(set) var skipped = 0
    /// Whether there was anything but blanks, so an empty file is not taken for a damaged one.
    private(set) var hasContent = false

    /// - Parameter fromMiddle: the bytes start somewhere inside the file, so their first
    ///   line is part of one and is dropped.
    init(_ bytes: [UInt8], fromMiddle: Bool) {
        let newline = UInt8(ascii: "\n")
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
        // The last piece is "" after a final newline, or a line still being written (or cut
        // short for good): either way not an entry, and not worth a warning.
        let unfinished = lines.removeLast()
        if fromMiddle, !lines.isEmpty { lines.removeFirst() }
        let decoder = JSONDecoder()
        for line in lines where line.contains(where: { !Self.isBlank($0) }) {
            hasContent = true
            if let entry = WatchHistory.Entry(jsonLine: line, decoder: decoder) {
                entries.append(entry)
            } else {
                skipped += 1
            }
        }
        if unfinished.contains(where: { !Self.isBlank($0) }) { hasContent = true }
    }

    /// Not a history at all (a binary file, another program's): content, but not one entry.
    var isUnusable: Bool { hasContent && entries.isEmpty }

    /// The newest entry for each path, newest first, at most `limit`. Newest by the order
    /// the lines were appended, not by `time`, so a clock set back does not reorder them.
    func newestPerPath(limit: Int, excluding excluded: String? = nil) -> [WatchHistory.Entry] {
        var seen: Set<String> = []
        var newest: [WatchHistory.Entry] = []
        for entry in entries.reversed() where newest.count < limit && entry.path != excluded {
            if seen.insert(entry.path).inserted { newest.append(entry) }
        }
        return newest
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
