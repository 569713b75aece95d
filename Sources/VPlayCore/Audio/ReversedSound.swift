/// Sound played backwards: each stretch decoded forward is turned round whole, and the stretches
/// follow one another on a mirrored timeline that runs forward while media time runs down, so
/// the audio output plays them as an ordinary stream and its clock, mirrored back, is the
/// master. Pure.
public struct ReversedSound: Equatable, Sendable {
    /// Media time `t` is mirrored time `mirror - t`.
    public let mirror: Double

    /// Later than any file's time: mirrored times stay positive.
    public static let standardMirror = 1_000_000.0

    public init(mirror: Double = standardMirror) {
        self.mirror = mirror
    }

    /// The mirrored time of media time `time`, and back (the mapping is its own inverse).
    public func mirrored(_ time: Double) -> Double { mirror - time }
    public func mediaTime(_ mirrored: Double) -> Double { mirror - mirrored }

    /// Where the pieces of a stretch go once turned round: the stretch holds `samples` sample
    /// frames at `rate` from media time `start`; its pieces of `piece` frames at most, in the
    /// order played, each with its mirrored start and length in sample frames.
    public func pieces(start: Double, samples: Int, rate: Int, piece: Int)
        -> [(mirroredStart: Double, offset: Int, count: Int)] {
        guard samples > 0, rate > 0, piece > 0 else { return [] }
        let mirroredStart = mirrored(start + Double(samples) / Double(rate))
        return stride(from: 0, to: samples, by: piece).map { offset in
            (mirroredStart + Double(offset) / Double(rate), offset, min(piece, samples - offset))
        }
    }

    /// Turns `samples` (interleaved, `channels` a frame) round in place: the last sample frame
    /// first, each channel kept in its place within a frame.
    public static func reverse<Sample>(_ samples: UnsafeMutableBufferPointer<Sample>, channels: Int) {
        guard channels > 0 else { return }
        let frames = samples.count / channels
        var low = 0, high = frames - 1
        while low < high {
            for channel in 0..<channels {
                samples.swapAt(low * channels + channel, high * channels + channel)
            }
            low += 1
            high -= 1
        }
    }
}
