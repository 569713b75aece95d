import Foundation
import Glibc

/// A real folder tree under the temporary directory, made from relative paths and removed by
/// `remove()`: a name ending in `/` is a folder, any other an empty file.
struct TemporaryFolder {
    let path: String

    init(_ prefix: String, _ entries: [String] = []) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try make(entries)
    }

    func make(_ entries: [String]) throws {
        for entry in entries {
            let full = self[entry]
            if entry.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
            } else {
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: full, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            }
        }
    }

    /// A symbolic link at `name` leading to `target`, as given (relative to the link's folder).
    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: self[name], withDestinationPath: target)
    }

    /// The absolute path of `relative`, without a trailing slash.
    subscript(_ relative: String) -> String {
        let trimmed = relative.hasSuffix("/") ? String(relative.dropLast()) : relative
        return trimmed.isEmpty ? path : path + "/" + trimmed
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
