import Foundation

/// Measures one file's loudness on a low-priority thread of its own, off the playback path:
/// first an estimate from its opening minute, then the whole file (a local one: a network
/// source is not fetched twice over). The player reads
/// `integrated` as it ticks; `cancel` (a new file, quitting) makes the thread give up.
final class LoudnessAnalysis: @unchecked Sendable {
    /// The latest figure, LUFS: the estimate, then the whole file's; nil until one is known or
    /// when none can be made.
    var integrated: Double? { figure.withLock { $0?.lufs } }
    /// The whole file's figure; nil until it is known.
    var wholeFile: Double? { figure.withLock { $0?.isWholeFile == true ? $0?.lufs : nil } }
    private let figure = Locked<(lufs: Double, isWholeFile: Bool)?>(nil)
    private let interrupt = InterruptFlag()
    /// Seconds the first estimate is made from.
    static let estimateSeconds = 60.0

    init(path: String, options: PlayerOptions, verbose: @escaping @Sendable (String) -> Void) {
        let passes: [Double?] = SourceLocation(path).isNetwork ? [Self.estimateSeconds] : [Self.estimateSeconds, nil]
        let thread = Thread { [figure, interrupt] in
            // Named from within: only then does the name reach the system (/proc, top -H).
            Thread.current.name = "vplay-loudness"
            // Low priority: playback's threads come first on a busy machine.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            for seconds in passes {
                let measured = LoudnessMeter.measure(path: path, options: options, seconds: seconds, interrupt: interrupt)
                guard !interrupt.isRaised else { return }
                guard let measured, measured.isFinite, measured > LoudnessNormalization.silence else {
                    verbose("loudness of \(path) cannot be measured (no sound, silence or a broken stream): played as it is")
                    return
                }
                figure.withLock { $0 = (measured, seconds == nil) }
                verbose(String(format: "loudness of %@: %.1f LUFS (%@)", path, measured, seconds == nil ? "whole file" : "first minute"))
            }
        }
        thread.start()
    }

    /// The whole file's figure known already (kept from an earlier play): nothing to measure.
    init(wholeFile lufs: Double) {
        figure.withLock { $0 = (lufs, true) }
    }

    /// Whether `lufs` can be a file's integrated loudness: a number above silence, not above
    /// full scale.
    static func isPlausible(_ lufs: Double) -> Bool {
        lufs.isFinite && lufs > LoudnessNormalization.silence && lufs <= 0
    }

    func cancel() { interrupt.raise() }

    deinit { interrupt.raise() }
}
