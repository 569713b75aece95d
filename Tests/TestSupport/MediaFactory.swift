import Foundation

/// Makes test media with the ffmpeg CLI at test time (keeping git small) and
/// caches it in `$TMPDIR/vplay-test-media`, named by a hash of the command, so
/// later tests and runs reuse the files.
public enum MediaFactory {
    public static var cacheDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vplay-test-media", isDirectory: true)
    }

    /// The file for `spec`, generated on first use.
    public static func clip(_ spec: ClipSpec) throws -> URL {
        let key = StableHash.hex(of: spec.arguments + ["--remux"] + spec.remuxArguments)
        let url = cacheDirectory.appendingPathComponent("\(spec.name)-\(key).\(spec.fileExtension)")
        if FileManager.default.fileExists(atPath: url.path) { return url }

        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        let encoded = temporaryURL(like: url)
        defer { try? FileManager.default.removeItem(at: encoded) }
        try ffmpeg(spec.arguments + [encoded.path])
        guard !spec.remuxArguments.isEmpty else {
            try publish(encoded, as: url)
            return url
        }
        let remuxed = temporaryURL(like: url)
        defer { try? FileManager.default.removeItem(at: remuxed) }
        try ffmpeg(["-i", encoded.path, "-map", "0", "-c", "copy"] + spec.remuxArguments + [remuxed.path])
        try publish(remuxed, as: url)
        return url
    }

    /// Writes `data` to `url` unless it already exists, via `publish(_:as:)`.
    static func store(_ data: Data, at url: URL) throws -> URL {
        if FileManager.default.fileExists(atPath: url.path) { return url }
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        let temporary = temporaryURL(like: url)
        defer { try? FileManager.default.removeItem(at: temporary) }
        try data.write(to: temporary)
        try publish(temporary, as: url)
        return url
    }

    /// A hidden, unique name next to `url` with the same extension (ffmpeg picks
    /// its muxer from the extension).
    private static func temporaryURL(like url: URL) -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(UUID().uuidString).\(url.pathExtension)")
    }

    /// Moves a finished file into place atomically, so a test running in
    /// parallel never sees half a file; a concurrent writer's identical file may
    /// be replaced, which is harmless.
    private static func publish(_ temporary: URL, as url: URL) throws {
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSFilePathErrorKey: url.path,
                NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
            ])
        }
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        try ChildProcess.run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments,
                             timeout: .seconds(300))
            .requireSuccess()
    }
}
