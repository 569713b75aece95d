import Foundation

/// How late a tempo filter puts sound relative to the ideal mapping (output second s carries
/// media second s × tempo), in output seconds. It depends on the filter's windowing, the
/// rate and the FFmpeg build — nothing the filter reports — so it is measured: clicks at
/// known instants go through a fresh filter and their onsets are found in the output.
/// Measured once per (tempo, rate) on a background thread; until then the delay reads 0.
final class TempoCalibration: Sendable {
    static let shared = TempoCalibration()

    private struct Key: Hashable {
        var tempo: Double
        var sampleRate: Int
    }
    private enum Entry {
        case measuring
        case measured(Double)
    }
    private let entries = Locked([Key: Entry]())

    /// The measured delay, or nil while it is being measured (which this call starts).
    func delay(tempo: Double, sampleRate: Int) -> Double? {
        if tempo == 1 { return 0 }
        let key = Key(tempo: tempo, sampleRate: sampleRate)
        let entry = entries.withLock { entries -> Entry? in
            let entry = entries[key]
            if entry == nil { entries[key] = .measuring }
            return entry
        }
        switch entry {
        case .measured(let delay): return delay
        case .measuring: return nil
        case nil:
            // Seconds of CPU at slow speeds: never on the audio device's thread.
            Thread.detachNewThread { [self] in
                let delay = Self.measure(tempo: tempo, sampleRate: sampleRate) ?? 0
                entries.withLock { $0[key] = .measured(delay) }
            }
            return nil
        }
    }

    /// Instants of the test clicks, seconds into the input. Spread over different phases of
    /// the filters' hops, so the median is the delay a typical onset sees.
    static let clickTimes = (0..<12).map { 0.3 + clickSpacing * Double($0) }
    private static let clickSpacing = 0.237
    /// About as long as a spoken consonant or a drum hit, the onsets sync is judged by.
    private static let clickLength = 0.03

    /// Median delay of the clicks' onsets, in output seconds; nil if the filter fails.
    static func measure(tempo: Double, sampleRate: Int) -> Double? {
        guard let output = stretched(clicks(sampleRate: sampleRate), tempo: tempo, sampleRate: sampleRate) else { return nil }
        let found = onsets(in: output, sampleRate: sampleRate, minimumGap: 0.4 * clickSpacing / tempo)
        guard found.count == clickTimes.count else { return nil }
        let delays = zip(found, clickTimes).map { $0 - $1 / tempo }.sorted()
        return delays[delays.count / 2]
    }

    /// Mono `input` through a fresh filter for `tempo`, drained; nil if the filter fails.
    static func stretched(_ input: [Int16], tempo: Double, sampleRate: Int) -> [Int16]? {
        guard let filter = TempoFilter(sampleRate: sampleRate, channels: 1, tempo: tempo) else { return nil }
        var output: [Int16] = []
        output.reserveCapacity(Int(Double(input.count) / tempo) + sampleRate)
        input.withUnsafeBytes { bytes in
            // Device-sized pushes, as in playback.
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 2048)
                filter.process(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) {
                    output += $0.bindMemory(to: Int16.self)
                }
                start = end
            }
        }
        filter.drain { output += $0.bindMemory(to: Int16.self) }
        return output
    }

    /// A 1 kHz burst of `clickLength` at each of `clickTimes`, silence elsewhere.
    static func clicks(sampleRate: Int) -> [Int16] {
        let rate = Double(sampleRate)
        var samples = [Int16](repeating: 0, count: Int((clickTimes.last! + 0.5) * rate))
        for time in clickTimes {
            let first = Int((time * rate).rounded())
            for i in 0..<Int(clickLength * rate) {
                samples[first + i] = Int16(16000 * sin(2 * Double.pi * 1000 * Double(i) / rate))
            }
        }
        return samples
    }

    /// Seconds at which the signal first reaches 30 % of its peak after `minimumGap` of quiet.
    static func onsets(in samples: [Int16], sampleRate: Int, minimumGap: Double) -> [Double] {
        let peak = samples.lazy.map { abs(Int($0)) }.max() ?? 0
        guard peak > 0 else { return [] }
        let threshold = Int(Double(peak) * 0.3)
        let gap = Int(minimumGap * Double(sampleRate))
        var found: [Double] = []
        var lastLoud = Int.min / 2
        for (index, sample) in samples.enumerated() where abs(Int(sample)) >= threshold {
            if index - lastLoud > gap { found.append(Double(index) / Double(sampleRate)) }
            lastLoud = index
        }
        return found
    }
}
