import Foundation

/// Some libraries under FFmpeg's hardware devices write to stderr themselves, out of reach
/// of FFmpeg's log level: libvdpau prints "Failed to open VDPAU backend …" on every machine
/// without its driver, so `--hwdec=auto` would print it even with `--really-quiet`.
/// While a device opens, stderr goes to a scratch file; what was written then goes on to
/// stderr, less those lines unless `-v` was given (its own line says why a device failed).
enum DeviceChatter {
    /// Lines the device libraries write themselves, by how they start.
    static let prefixes = ["Failed to open VDPAU backend"]

    /// Openings may happen on several threads; stderr is one, so they take turns.
    private static let lock = Locked(())

    static func muting<Result>(_ body: () -> Result) -> Result {
        guard !FFmpegLog.isVerbose else { return body() }
        return lock.withLock { _ in
            fflush(nil)
            guard let scratch = tmpfile() else { return body() }
            defer { fclose(scratch) }
            let saved = dup(STDERR_FILENO)
            guard saved >= 0, dup2(fileno(scratch), STDERR_FILENO) >= 0 else {
                if saved >= 0 { close(saved) }
                return body()
            }
            let result = body()
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
            // Other threads' lines written meanwhile are passed on, a moment late.
            let kept = kept(from: written(to: fileno(scratch)))
            kept.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let count = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                    if count <= 0 { break }
                    offset += count
                }
            }
            return result
        }
    }

    /// `text` without the device libraries' own lines.
    static func kept(from text: Data) -> Data {
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter { line in
            !prefixes.contains { line.starts(with: Data($0.utf8)) }
        }
        return Data(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    private static func written(to descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
        return data
    }
}
