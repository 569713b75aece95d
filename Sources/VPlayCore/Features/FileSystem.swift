import Foundation

/// The few file-system steps the features need, with failures worded by the system.
enum FileSystem {
    struct Failure: Error, Equatable {
        let reason: String

        /// The failure the last system call reported through `errno`.
        static var current: Failure { Failure(reason: String(cString: strerror(errno))) }
    }

    /// Replaces the file at `url` in one step: the bytes go to a hidden temporary file in the
    /// same directory, reach the disk (fsync), and the temporary file is renamed over `url`.
    /// A reader, a crash or a kill sees the old file or the new one, never part of either.
    /// - Parameter permissions: mode for a new file, before the umask.
    static func replace(_ url: URL, with bytes: [UInt8], permissions: mode_t) throws(Failure) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw .current }
        var failure: Failure?
        if !writeAll(bytes, to: fd) || fsync(fd) != 0 { failure = .current }
        if close(fd) != 0, failure == nil { failure = .current }
        if failure == nil, rename(temporary, url.path) != 0 { failure = .current }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Creates `url` and any missing parents with `mode`; mkdir applies it from the start,
    /// so a private directory is never briefly open to others.
    static func makeDirectories(_ url: URL, mode: mode_t) throws(Failure) {
        var prefix = ""
        for component in url.standardizedFileURL.path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, mode) != 0, errno != EEXIST { throw .current }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
