import CFFmpeg
import Foundation

/// The demux thread: reads packets and routes them to per-stream queues, keeping the
/// queues bounded, and carries out seek requests (latest request wins).
final class Demuxer: @unchecked Sendable {
    struct SeekRequest: Equatable, Sendable {
        /// Seconds on the media timeline (file start time already added).
        var target: Double
        var precision: SeekPrecision
    }

    /// ffplay's figures: stop reading past 15 MiB in all; a stream has enough with
    /// more than 25 packets lasting more than a second.
    static let maxQueuedBytes = 15 * 1024 * 1024
    static let enoughPackets = 25
    static let enoughSeconds = 1.0

    private let file: MediaFile
    private let queues: [Int: PacketQueue]
    private let condition = NSCondition()
    private var pendingSeek: SeekRequest?
    private var stopping = false
    private var reachedEnd = false
    private var readErrors = 0
    private var seeksRequested = 0
    private var seeksCompleted = 0
    private var completedSerial = 0
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    /// Told the serial and target after a seek has flushed the queues.
    private let onSeekDone: @Sendable (Int, SeekRequest) -> Void

    init(file: MediaFile, queues: [Int: PacketQueue], onSeekDone: @escaping @Sendable (Int, SeekRequest) -> Void) {
        self.file = file
        self.queues = queues
        self.onSeekDone = onSeekDone
        completedSerial = queues.values.first?.serial ?? 0
        for queue in queues.values {
            queue.onTake = { [weak self] in self?.poke() }
        }
    }

    func start() {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "vplay.demux"
        started = true
        thread.start()
    }

    /// Replaces any seek not yet started: a drag or a held key never queues stale seeks.
    func requestSeek(_ request: SeekRequest) {
        condition.withLock {
            pendingSeek = request
            seeksRequested += 1
            condition.signal()
        }
    }

    /// Wakes the thread when a decoder freed room in a queue.
    private func poke() {
        condition.withLock { condition.signal() }
    }

    var isAtEnd: Bool { condition.withLock { reachedEnd && pendingSeek == nil } }
    /// The serial of the last finished seek, or nil while one is still to be carried out.
    var settledSerial: Int? {
        condition.withLock { seeksCompleted == seeksRequested ? completedSerial : nil }
    }

    /// Stops the thread, waiting at most `stopGrace` for it. A read blocked in the system (a
    /// pipe whose writer went quiet) cannot be interrupted: the thread is then left to end by
    /// itself once the read returns, keeping the file and queues it uses alive until then.
    func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
        file.interruptBlockingCalls()
        if started { _ = done.wait(timeout: .now() + Self.stopGrace) }
    }

    /// Ample for a read from a local disk to finish; short enough that quitting feels immediate.
    static let stopGrace: DispatchTimeInterval = .milliseconds(250)

    private func run() {
        let packet = Packet()
        while true {
            var seek: SeekRequest?
            var mustWait = false
            let keepGoing = condition.withLock { () -> Bool in
                if stopping { return false }
                seek = pendingSeek
                pendingSeek = nil
                if seek == nil {
                    mustWait = reachedEnd || queuesHaveEnough()
                    if mustWait {
                        // Sleep until a seek, a stop, or a decoder takes a packet: no polling,
                        // so a paused player costs nothing here.
                        condition.wait()
                    }
                }
                return true
            }
            if !keepGoing { return }
            if let seek {
                perform(seek)
                continue
            }
            if mustWait { continue }
            read(into: packet)
        }
    }

    private func queuesHaveEnough() -> Bool {
        var bytes = 0
        var allEnough = true
        for queue in queues.values {
            let fill = queue.currentFill
            bytes += fill.bytes
            if !(fill.count > Self.enoughPackets && (fill.duration == 0 || fill.duration > Self.enoughSeconds)) {
                allEnough = false
            }
        }
        return bytes > Self.maxQueuedBytes || allEnough
    }

    private func read(into packet: Packet) {
        let status = av_read_frame(file.context, packet.pointer)
        if status < 0 {
            if status == FFmpegError.endOfFile || avio_feof(file.context.pointee.pb) != 0 {
                for queue in queues.values { queue.putEndOfStream() }
                condition.withLock { reachedEnd = true }
            } else {
                // A damaged region: count it and read on.
                readErrors += 1
                if readErrors > 1000 {
                    for queue in queues.values { queue.putEndOfStream() }
                    condition.withLock { reachedEnd = true }
                }
            }
            return
        }
        readErrors = 0
        if let queue = queues[packet.streamIndex] {
            let owned = Packet()
            av_packet_move_ref(owned.pointer, packet.pointer)
            queue.put(owned)
        } else {
            av_packet_unref(packet.pointer)
        }
    }

    private func perform(_ request: SeekRequest) {
        let timestamp = Int64((request.target * Double(vp_time_base())).rounded())
        // Keyframe at or before the target: exact seeks decode forward from it.
        var status = avformat_seek_file(file.context, -1, Int64.min, timestamp, timestamp, 0)
        if status < 0 {
            status = avformat_seek_file(file.context, -1, Int64.min, timestamp, Int64.max, 0)
        }
        let dropBefore = request.precision == .exact ? request.target : nil
        var serial = 0
        for queue in queues.values { serial = queue.flush(dropBefore: dropBefore) }
        condition.withLock {
            reachedEnd = false
            completedSerial = serial
            // Requests that arrived meanwhile were folded into this one, or are pending.
            seeksCompleted = seeksRequested - (pendingSeek == nil ? 0 : 1)
        }
        onSeekDone(serial, request)
    }
}
