import CFFmpeg
import Foundation

/// A video decoder's hardware decoding: the device's frames copied into memory for the
/// presentation path, and what a fall-back to software needs to leave no gap (the packets
/// since the last keyframe, decoded again in software). Used on the decoder's thread only.
final class HardwareSession {
    /// What `hwdec-current` says while it lasts.
    let name: String
    private let device: HardwareDevice?
    private let makeSoftwareCodec: () throws -> CodecContext
    private(set) var packetsSinceKeyframe: [Packet] = []
    /// Test hook (`VPLAY_HWDEC_TEST_FAIL_AFTER`): frames left before acting as a device that
    /// stops working; nil for a real device.
    private var framesBeforeFailure: Int?
    private let downloaded = Frame()
    /// Set when the codec chose to decode in memory after all (a profile the device lacks).
    private(set) var decodesInSoftware = false

    init(device: HardwareDevice, makeSoftwareCodec: @escaping () throws -> CodecContext) {
        name = device.name
        self.device = device
        self.makeSoftwareCodec = makeSoftwareCodec
        packetsSinceKeyframe.reserveCapacity(256)
    }

    /// A stand-in for a device, decoding in software, that fails after `frames` frames: how
    /// the tests drive the fall-back on machines without one.
    init(simulatingFailureAfter frames: Int, makeSoftwareCodec: @escaping () throws -> CodecContext) {
        name = "simulated"
        device = nil
        framesBeforeFailure = frames
        self.makeSoftwareCodec = makeSoftwareCodec
        packetsSinceKeyframe.reserveCapacity(256)
    }

    /// The frame count of the test hook, from the environment.
    static var simulatedFailure: Int? {
        ProcessInfo.processInfo.environment["VPLAY_HWDEC_TEST_FAIL_AFTER"].flatMap(Int.init).map { max(0, $0) }
    }

    /// Keeps `packet` until the next keyframe: a fall-back decodes from there again.
    func note(_ packet: Packet) {
        if packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 { packetsSinceKeyframe.removeAll(keepingCapacity: true) }
        // A keyframe that never comes (a damaged or open-GOP stream) must not grow this without end.
        if packetsSinceKeyframe.count >= 600 { packetsSinceKeyframe.removeFirst(300) }
        packetsSinceKeyframe.append(packet)
    }

    func forgetPackets() {
        packetsSinceKeyframe.removeAll(keepingCapacity: true)
    }

    /// Brings `frame` from the device into memory, in place. False when the device failed.
    func download(_ frame: Frame) -> Bool {
        if let left = framesBeforeFailure {
            guard left > 0 else { return false }
            framesBeforeFailure = left - 1
        }
        guard let device else { return true }
        guard frame.pointer.pointee.format == device.pixelFormat.rawValue else {
            decodesInSoftware = true
            return true
        }
        av_frame_unref(downloaded.pointer)
        guard av_hwframe_transfer_data(downloaded.pointer, frame.pointer, 0) >= 0,
              av_frame_copy_props(downloaded.pointer, frame.pointer) >= 0
        else { return false }
        av_frame_unref(frame.pointer)
        av_frame_move_ref(frame.pointer, downloaded.pointer)
        return true
    }

    func softwareCodec() throws -> CodecContext {
        try makeSoftwareCodec()
    }
}
