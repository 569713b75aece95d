import Glibc

/// The POSIX calls behind the IPC socket. File descriptors come back non-blocking and close-on-exec.
enum UnixSocket {
    /// Which file a path named when we bound it, so `stop()` removes only our own socket.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// Listens on a fresh socket at `path` with mode 0600, replacing a stale socket there.
    static func listen(at path: String) throws(IPCServerError) -> (descriptor: Int32, identity: Identity) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !path.isEmpty, path.utf8.count < capacity else {
            throw .cannotListen(path, "a socket path must be 1 to \(capacity - 1) bytes long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8)
        }
        try removeStaleSocket(at: path)

        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(path, errorText()) }
        // On Linux the socket file takes the socket's own mode at bind: only the owner may connect.
        let bound = fchmod(descriptor, 0o600) == 0 && withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard bound, Glibc.listen(descriptor, 16) == 0, let identity = identity(of: path) else {
            let reason = errorText()
            close(descriptor)
            throw .cannotListen(path, reason)
        }
        return (descriptor, identity)
    }

    /// The next pending connection, or nil when there is none (or accepting failed).
    static func accept(from listener: Int32) -> Int32? {
        let descriptor = Glibc.accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        makeNonBlocking(descriptor)
        return descriptor
    }

    /// Non-blocking and close-on-exec (Glibc's `accept4`/`pipe2` are not visible to Swift).
    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// A socket left by an earlier run is replaced (as mpv does); anything else at the path is kept.
    private static func removeStaleSocket(at path: String) throws(IPCServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .cannotListen(path, errorText()) }
            return
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw .cannotListen(path, "it exists and is not a socket")
        }
        guard unlink(path) == 0 else { throw .cannotListen(path, errorText()) }
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
