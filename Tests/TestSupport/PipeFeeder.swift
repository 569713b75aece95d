import Foundation
import Glibc

/// A named pipe (FIFO) a test writes a file into piece by piece, as a slow source would: the
/// reader blocks whenever the test holds the rest back. Opening and writing happen in order on
/// a thread of their own, since each blocks until the reader takes part. SIGPIPE is ignored in
/// the test process from then on, so a reader that goes away fails a write instead of killing
/// the tests.
public final class PipeFeeder: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let url: URL
    private let queue = DispatchQueue(label: "vplay.test.pipe-feeder")
    private let condition = NSCondition()
    /// Only used on `queue`.
    private var descriptor: Int32 = -1
    private var pending = 0
    private var failure: String?

    /// Makes the pipe at `url`, which must not exist.
    public init(at url: URL) throws {
        guard mkfifo(url.path, 0o644) == 0 else {
            throw Failure(description: "mkfifo \(url.path): \(String(cString: strerror(errno)))")
        }
        self.url = url
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
        unlink(url.path)
    }

    /// Opens the pipe for writing once a reader has opened it, giving up after `timeout`.
    public func open(timeout: Duration) {
        enqueue { [self] in
            let deadline = ContinuousClock.now + timeout
            while true {
                // Non-blocking, so a reader that never comes fails the test instead of hanging it.
                let fd = Glibc.open(url.path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                    descriptor = fd
                    return nil
                }
                guard errno == ENXIO, ContinuousClock.now < deadline else {
                    return "no reader opened \(url.path) within \(timeout)"
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// Writes `bytes` after everything asked for before.
    public func write(_ bytes: Data) {
        enqueue { [self] in
            guard descriptor >= 0 else { return "\(url.path) is not open" }
            return bytes.withUnsafeBytes { raw -> String? in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return "writing to \(url.path): \(String(cString: strerror(errno)))"
                    }
                    offset += written
                }
                return nil
            }
        }
    }

    /// Closes the writing end after everything asked for before: the reader sees the end of the file.
    public func close() {
        enqueue { [self] in
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
            return nil
        }
    }

    /// Waits until everything asked for is done (the reader took every byte written); false when
    /// `timeout` passes first. Throws the first failure.
    public func waitUntilDone(timeout: Duration) throws -> Bool {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while pending > 0 {
            guard condition.wait(until: deadline) else { break }
        }
        if let failure { throw Failure(description: failure) }
        return pending == 0
    }

    /// Runs `step` on the feeder's thread; it returns a failure or nil.
    private func enqueue(_ step: @escaping @Sendable () -> String?) {
        condition.lock()
        pending += 1
        condition.unlock()
        queue.async { [self] in
            condition.lock()
            let failed = failure != nil
            condition.unlock()
            let outcome = failed ? nil : step()
            condition.lock()
            pending -= 1
            if failure == nil { failure = outcome }
            condition.broadcast()
            condition.unlock()
        }
    }
}
