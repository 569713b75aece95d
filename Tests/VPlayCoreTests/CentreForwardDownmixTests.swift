import CFFmpeg
import XCTest
@testable import VPlayCore

/// Night mode keeps the centre (dialogue) of 5.1 forward, folded to stereo or kept as 5.1 for
/// the sound server to fold: through the real resampler, a centre-only frame comes out louder
/// against a surround-only one than with libswresample's own matrix.
final class CentreForwardDownmixTests: XCTestCase {
    func testOnlyNightModeChangesTheLevels() throws {
        XCTAssertNil(DynamicRange.no.downmix)
        for mode in [DynamicRange.light, .strong] {
            let downmix = try XCTUnwrap(mode.downmix)
            XCTAssertGreaterThan(downmix.centre, 1, "the centre above the fronts")
            XCTAssertLessThan(downmix.surround, 0.707, "the surrounds below libswresample's own level")
        }
    }

    /// The output's RMS, all channels, for a 5.1 frame with a square wave in `channel` only.
    private func level(_ channel: AVChannel, downmix: DynamicRange.Downmix?, outputChannels: Int) throws -> Double {
        let output = AudioFormat(sampleRate: 48000, channels: outputChannels, bufferFrames: 1024)
        let resampler = Resampler(output: output)
        resampler.downmix = downmix
        var frame: UnsafeMutablePointer<AVFrame>? = try XCTUnwrap(av_frame_alloc())
        defer { av_frame_free(&frame) }
        let pointer = try XCTUnwrap(frame)
        pointer.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        pointer.pointee.sample_rate = 48000
        pointer.pointee.nb_samples = 4800
        XCTAssertEqual(av_channel_layout_from_string(&pointer.pointee.ch_layout, "5.1(side)"), 0)
        XCTAssertEqual(av_frame_get_buffer(pointer, 0), 0)
        let index = Int(av_channel_layout_index_from_channel(&pointer.pointee.ch_layout, channel))
        XCTAssertGreaterThanOrEqual(index, 0)
        for plane in 0..<6 {
            let samples = UnsafeMutableRawPointer(pointer.pointee.extended_data[plane]!).assumingMemoryBound(to: Float.self)
            for sample in 0..<4800 { samples[sample] = plane == index ? (sample / 24 % 2 == 0 ? 0.5 : -0.5) : 0 }
        }
        var buffer = ResampleBuffer()
        let bytes = resampler.convert(pointer, into: &buffer)
        XCTAssertGreaterThan(bytes, 0)
        let samples = UnsafeRawPointer(buffer.base).assumingMemoryBound(to: Int16.self)
        let count = bytes / 2
        let squares = (0..<count).reduce(0.0) { sum, index in
            let value = Double(samples[index]) / 32768
            return sum + value * value
        }
        return (squares / Double(count)).squareRoot()
    }

    func testTheCentreComesForwardAndTheSurroundsGoBack() throws {
        let downmix = DynamicRange.light.downmix
        func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }
        for outputChannels in [2, 6] {
            let plainCentre = try level(AV_CHAN_FRONT_CENTER, downmix: nil, outputChannels: outputChannels)
            let plainSurround = try level(AV_CHAN_SIDE_LEFT, downmix: nil, outputChannels: outputChannels)
            let nightCentre = try level(AV_CHAN_FRONT_CENTER, downmix: downmix, outputChannels: outputChannels)
            let nightSurround = try level(AV_CHAN_SIDE_LEFT, downmix: downmix, outputChannels: outputChannels)
            XCTAssertGreaterThan(plainCentre, 0.01)
            XCTAssertGreaterThan(nightSurround, 0.01)
            // libswresample: centre and surround at one level (0.707 each folded, 1 kept); folded,
            // the centre reaches both outputs and the left surround only one, 3 dB less in all.
            XCTAssertEqual(decibels(plainCentre / plainSurround), outputChannels == 2 ? 3.01 : 0, accuracy: 0.5, "\(outputChannels) channels")
            // Night mode: 1.414 against 0.5, 9 dB more.
            XCTAssertEqual(decibels(nightCentre / nightSurround) - decibels(plainCentre / plainSurround), decibels(1.414 / 0.5),
                           accuracy: 0.5, "\(outputChannels) channels")
            XCTAssertLessThan(nightSurround, plainSurround, "\(outputChannels) channels")
        }
    }

    /// Changing the levels sets the converter up again; the same levels keep it.
    func testAChangeOfLevelsSetsTheConverterUpAgain() throws {
        let output = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
        let resampler = Resampler(output: output)
        var frame: UnsafeMutablePointer<AVFrame>? = try XCTUnwrap(av_frame_alloc())
        defer { av_frame_free(&frame) }
        let pointer = try XCTUnwrap(frame)
        pointer.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        pointer.pointee.sample_rate = 48000
        pointer.pointee.nb_samples = 480
        XCTAssertEqual(av_channel_layout_from_string(&pointer.pointee.ch_layout, "5.1(side)"), 0)
        XCTAssertEqual(av_frame_get_buffer(pointer, 0), 0)
        XCTAssertEqual(av_samples_set_silence(pointer.pointee.extended_data, 0, 480, 6, AV_SAMPLE_FMT_FLTP), 0)
        var buffer = ResampleBuffer()
        _ = resampler.convert(pointer, into: &buffer)
        _ = resampler.convert(pointer, into: &buffer)
        XCTAssertEqual(resampler.setups, 1)
        resampler.downmix = DynamicRange.strong.downmix
        _ = resampler.convert(pointer, into: &buffer)
        _ = resampler.convert(pointer, into: &buffer)
        XCTAssertEqual(resampler.setups, 2)
    }
}
