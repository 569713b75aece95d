import Foundation

/// The history file's system calls. Several players may use one file at once, so every
/// change goes through a lock file beside it: appends hold it shared (each is one atomic
/// `write(2)`, so appends need not exclude each other), rewrites hold it exclusively (so
/// none starts between a rewrite's read and its rename, and none is lost).
struct WatchHistoryFile: Sendable {
    typealias Failure = FileSystem.Failure

    let url: URL
    var lockURL: URL { URL(fileURLWithPath: url.path + ".lock") }

    enum Contents {
        case missing
        /// A folder, a FIFO, a device: nothing to read lines from.
        case notRegular
        /// The whole file, or only its last bytes when it is too big to read (`isTail`).
        case bytes([UInt8], isTail: Bool)
    }

    /// Reads the file without locking: appends are atomic and rewrites are renames, so at
    /// worst the last line is still being written (and is skipped as truncated).
    /// - Parameters:
    ///   - hugeSize: files bigger than this are read from their last `tailSize` bytes only.
    func read(hugeSize: Int, tailSize: Int) throws(Failure) -> Contents {
        // O_NONBLOCK: opening a FIFO put in the file's place must not hang the player.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return .missing }
            throw .current
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .current }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        let size = Int(info.st_size)
        // One byte before the tail tells whether the tail starts on a line boundary.
        let start = size > hugeSize ? size - tailSize - 1 : 0
        var bytes = [UInt8](repeating: 0, count: size - start)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(start + count)) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .current }
            if n == 0 { break }   // truncated meanwhile by someone else
            count += n
        }
        bytes.removeSubrange(count...)
        return .bytes(bytes, isTail: start > 0)
    }

    /// Runs `body` holding the lock file's lock, shared or exclusive; the lock ends with the
    /// descriptor, so it is released even when `body` throws.
    func withLock<Result>(exclusive: Bool, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .current }
        defer { close(fd) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw .current }
        }
        return try body()
    }

    /// Appends `line` with one `write(2)`, under the shared lock; returns the file's size after.
    /// A file that does not end with a newline (a write cut short by a crash or a full disk)
    /// gets one first, in the same write, so the new line is not glued to the broken one.
    func append(_ line: [UInt8]) throws(Failure) -> Int {
        let size = try withLock(exclusive: false) { () throws(Failure) in try appendLocked(line, mayRepair: false) }
        if let size { return size }
        // Under the shared lock the missing newline may be another player's line still being
        // written; under the exclusive one no line is, so a missing newline is for good.
        return try withLock(exclusive: true) { () throws(Failure) in try appendLocked(line, mayRepair: true) }!
    }

    /// The append itself; nil, writing nothing, when the file does not end with a newline
    /// and `mayRepair` is false.
    private func appendLocked(_ line: [UInt8], mayRepair: Bool) throws(Failure) -> Int? {
        // Opened under the lock: a rewrite renamed in before that point is the file written to.
        // Read as well as write, to look at the last byte.
        let fd = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .current }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .current }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "not a regular file") }
        var bytes = line
        var last: UInt8 = 0
        if info.st_size > 0 {
            guard pread(fd, &last, 1, info.st_size - 1) == 1 else { throw .current }
            if last != UInt8(ascii: "\n") {
                guard mayRepair else { return nil }
                bytes.insert(UInt8(ascii: "\n"), at: 0)
            }
        }
        var written = -1
        repeat {
            written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        } while written < 0 && errno == EINTR
        guard written >= 0 else { throw .current }
        // Writing the rest separately could let another player's line in between; what was
        // written reads back as one broken line, skipped.
        guard written == bytes.count else { throw Failure(reason: "the disk is full") }
        guard fstat(fd, &info) == 0 else { throw .current }
        return Int(info.st_size)
    }

    /// Replaces the file with `bytes` (a temporary file renamed over it). Call with the lock
    /// held exclusively. A symbolic link in the file's place is followed, not replaced.
    /// - Parameter keepingOld: first link the old file to a free backup name, for a rewrite
    ///   that keeps only part of what the old file held.
    func replace(with bytes: [UInt8], keepingOld: Bool) throws(Failure) -> URL? {
        let target = url.resolvingSymlinksInPath()
        var backup: URL?
        if keepingOld {
            let name = try freeBackupName(for: target)
            guard link(target.path, name.path) == 0 else { throw .current }
            backup = name
        }
        try FileSystem.replace(target, with: bytes, permissions: 0o600)
        return backup
    }

    /// Renames whatever is in the file's place (a damaged file, a folder) to a free backup
    /// name beside it: `watch_history.jsonl.bak`, else `.bak.2`, `.bak.3`… so that no earlier
    /// backup is overwritten. Call with the lock held exclusively.
    func setAside() throws(Failure) -> URL {
        let backup = try freeBackupName(for: url)
        guard rename(url.path, backup.path) == 0 else { throw .current }
        return backup
    }

    private func freeBackupName(for file: URL) throws(Failure) -> URL {
        var info = stat()
        for number in 1...1000 {
            let name = URL(fileURLWithPath: file.path + (number == 1 ? ".bak" : ".bak.\(number)"))
            if lstat(name.path, &info) != 0 {
                guard errno == ENOENT else { throw .current }
                return name
            }
        }
        throw Failure(reason: "too many backups beside it already")
    }
}
