import CFFmpeg
import XCTest
@testable import VPlayCore

extension FrameQueue {
    /// Queues a frame of `samples` stereo s16 samples at 48 kHz; both channels of sample `i`
    /// are `level(i)`. Blocks while the queue is full.
    func pushStereo(samples: Int = 1024, pts: Double, serial: Int, level: (Int) -> Int16) throws {
        let slot = try XCTUnwrap(writableSlot())
        let frame = slot.pointer
        av_frame_unref(frame)
        frame.pointee.format = AV_SAMPLE_FMT_S16.rawValue
        frame.pointee.sample_rate = 48000
        frame.pointee.nb_samples = Int32(samples)
        av_channel_layout_default(&frame.pointee.ch_layout, 2)
        XCTAssertEqual(av_frame_get_buffer(frame, 0), 0)
        let data = UnsafeMutableRawPointer(frame.pointee.data.0!).assumingMemoryBound(to: Int16.self)
        for i in 0..<samples {
            let value = level(i)
            data[2 * i] = value
            data[2 * i + 1] = value
        }
        slot.pts = pts
        slot.serial = serial
        push()
    }
}
