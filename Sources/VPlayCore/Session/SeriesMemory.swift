import Foundation

/// The choices of each folder's episodes, kept across runs: one small JSON file per folder in
/// `$XDG_STATE_HOME/vplay/series`, named by a stable hash of the folder's path. What it reads
/// back is checked: anything unexpected counts as no choices.
public final class SeriesMemory: Sendable {
    public let directory: URL
    static let sizeLimit = 16 << 10

    public init(directory: URL = SeriesMemory.defaultDirectory()) {
        self.directory = directory
    }

    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        WatchLaterStore.defaultDirectory(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("series", isDirectory: true)
    }

    /// The folder a local file's series is: its directory; nil for URLs.
    public static func folder(of path: String) -> String? {
        guard SourceLocation(path).kind == .local, let file = SourceLocation(path).filePath else { return nil }
        return (WatchLaterStore.absolutePath(file) as NSString).deletingLastPathComponent
    }

    public func choices(forFolder folder: String) -> SeriesChoices? {
        let url = entryURL(folder)
        guard let data = try? Data(contentsOf: url), data.count <= Self.sizeLimit,
              let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.folder == folder else { return nil }
        return stored.choices.isEmpty ? nil : stored.choices
    }

    public func save(_ choices: SeriesChoices, forFolder folder: String) throws(WatchLaterError) {
        let url = entryURL(folder)
        guard let data = try? JSONEncoder().encode(Stored(folder: folder, choices: choices)), data.count <= Self.sizeLimit else {
            throw WatchLaterError(path: url.path, reason: "the folder's path is too long to record")
        }
        do throws(FileSystem.Failure) {
            try FileSystem.makeDirectories(directory, mode: 0o700)
            try FileSystem.replace(url, with: Array(data), permissions: 0o600)
        } catch {
            throw WatchLaterError(path: url.path, reason: error.reason)
        }
    }

    public func forget(folder: String) {
        unlink(entryURL(folder).path)
    }

    private func entryURL(_ folder: String) -> URL {
        directory.appendingPathComponent(WatchLaterStore.fnv1a64Hex(folder) + ".json")
    }

    /// The folder is stored too, so that two folders whose hashes meet never share choices.
    private struct Stored: Codable {
        let folder: String
        let choices: SeriesChoices
    }
}
