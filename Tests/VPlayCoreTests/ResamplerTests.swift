import CFFmpeg
import XCTest
@testable import VPlayCore

/// The resampler runs on the audio device's thread: once the input format has settled, a
/// frame must neither set up a converter nor move the output buffer.
final class ResamplerTests: XCTestCase {
    private let output = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)

    /// A frame of a 440 Hz tone; `channels` with no order says only how many there are.
    private func makeFrame(rate: Int32, format: AVSampleFormat = AV_SAMPLE_FMT_FLTP, channels: Int32 = 2,
                           unordered: Bool = false, samples: Int32 = 1024) throws -> UnsafeMutablePointer<AVFrame> {
        let frame = try XCTUnwrap(av_frame_alloc())
        frame.pointee.format = format.rawValue
        frame.pointee.sample_rate = rate
        frame.pointee.nb_samples = samples
        if unordered {
            frame.pointee.ch_layout.order = AV_CHANNEL_ORDER_UNSPEC
            frame.pointee.ch_layout.nb_channels = channels
        } else {
            av_channel_layout_default(&frame.pointee.ch_layout, channels)
        }
        XCTAssertEqual(av_frame_get_buffer(frame, 0), 0)
        XCTAssertEqual(av_samples_set_silence(frame.pointee.extended_data, 0, samples, channels, format), 0)
        return frame
    }

    private func convert(_ resampler: Resampler, _ frame: UnsafeMutablePointer<AVFrame>,
                         into buffer: inout ResampleBuffer) -> Int {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&frame) }
        return resampler.convert(frame!, into: &buffer)
    }

    func testSteadyStateKeepsTheConverterAndTheBuffer() throws {
        let resampler = Resampler(output: output)
        var buffer = ResampleBuffer()   // as the renderer has it
        let base = buffer.base
        let capacity = buffer.capacity
        var total = 0
        for index in 0..<500 {
            total += convert(resampler, try makeFrame(rate: 44100), into: &buffer)
            guard buffer.base == base, buffer.capacity == capacity else {
                return XCTFail("the output buffer moved at frame \(index)")
            }
        }
        XCTAssertEqual(resampler.setups, 1, "one converter for one input format")
        // All of it came out but what the rate converter holds back (a few dozen samples).
        let expected = 500 * 1024 * 48000.0 / 44100
        XCTAssertEqual(Double(total / output.bytesPerFrame), expected, accuracy: 256)
    }

    func testOnlyARealChangeOfFormatSetsUpAgain() throws {
        let resampler = Resampler(output: output)
        var buffer = ResampleBuffer()
        func setups(after frame: UnsafeMutablePointer<AVFrame>) -> Int {
            XCTAssertGreaterThan(convert(resampler, frame, into: &buffer), 0)
            return resampler.setups
        }
        XCTAssertEqual(setups(after: try makeFrame(rate: 44100)), 1)
        XCTAssertEqual(setups(after: try makeFrame(rate: 44100, unordered: true)), 1, "two unordered channels are stereo")
        XCTAssertEqual(setups(after: try makeFrame(rate: 44100, samples: 512)), 1, "a shorter frame is the same format")
        var small = ResampleBuffer(capacity: 16)
        XCTAssertGreaterThan(convert(resampler, try makeFrame(rate: 44100), into: &small), 16, "the buffer grows when it must")
        XCTAssertEqual(setups(after: try makeFrame(rate: 48000)), 2, "a new rate")
        XCTAssertEqual(setups(after: try makeFrame(rate: 48000, format: AV_SAMPLE_FMT_S16)), 3, "a new sample format")
        XCTAssertEqual(setups(after: try makeFrame(rate: 48000, format: AV_SAMPLE_FMT_S16, channels: 6)), 4, "a new layout")
        XCTAssertEqual(setups(after: try makeFrame(rate: 48000, format: AV_SAMPLE_FMT_S16, channels: 6)), 4)
    }
}
