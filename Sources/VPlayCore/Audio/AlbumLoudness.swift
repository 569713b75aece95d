import Foundation

/// `--normalize=album`: the files of a folder share one gain, so a quiet song stays quieter
/// than the loud one after it, as mastered. Each file is measured once a run on a low-priority
/// thread of its own, one at a time; the album's figure is known once all of its files are.
public final class AlbumLoudness: @unchecked Sendable {
    /// One file's whole integrated loudness (nil: it has no measurable sound) and its length.
    struct Measurement: Equatable, Sendable {
        var integrated: Double?
        var seconds: Double
    }

    private struct State {
        var measured: [String: Measurement] = [:]
        /// Files waiting for the thread, first first.
        var wanted: [String] = []
        /// The file the thread measures now, nil when it is not running.
        var current: String?
        var measuring = false
        /// Counts measurements made: a reader recombines only when it moved.
        var generation = 0
    }

    private let state = Locked(State())
    private let interrupt = InterruptFlag()

    public init() {}

    deinit { interrupt.raise() }

    /// Counts the measurements made so far.
    var generation: Int { state.withLock { $0.generation } }

    /// The album's integrated loudness when every one of `paths` has been measured, nil
    /// before; the ones not measured yet are queued (in `paths`' order).
    func integrated(of paths: [String], options: PlayerOptions, verbose: @escaping @Sendable (String) -> Void) -> Double? {
        let (known, start) = state.withLock { state -> ([Measurement]?, Bool) in
            let unknown = paths.filter { state.measured[$0] == nil }
            guard !unknown.isEmpty else { return (paths.compactMap { state.measured[$0] }, false) }
            let missing = unknown.filter { $0 != state.current }
            state.wanted = missing + state.wanted.filter { !missing.contains($0) }
            guard !state.measuring else { return (nil, false) }
            state.measuring = true
            return (nil, true)
        }
        if start { startThread(options: options, verbose: verbose) }
        return known.flatMap(Self.combined)
    }

    /// The loudness of files played one after another: their mean energy, each weighted by its
    /// length, `10·log10(Σ tᵢ·10^(Lᵢ/10) / Σ tᵢ)`. This is what EBU R128's gating gives over
    /// the joined files when their loudness ranges overlap (the relative gate, 10 LU below the
    /// whole, then drops little more than it drops in each file alone). Files without sound
    /// count for nothing; nil when none has any.
    static func combined(_ files: [Measurement]) -> Double? {
        var energy = 0.0, seconds = 0.0
        for file in files {
            guard let loudness = file.integrated, loudness.isFinite, loudness > LoudnessNormalization.silence,
                  file.seconds.isFinite, file.seconds > 0 else { continue }
            energy += file.seconds * pow(10, loudness / 10)
            seconds += file.seconds
        }
        guard seconds > 0, energy > 0 else { return nil }
        return 10 * log10(energy / seconds)
    }

    /// The playlist's entries that make `path`'s album: the local files in its folder, in the
    /// playlist's order. Empty for a network source.
    static func members(of path: String, in playlist: [String]) -> [String] {
        guard SourceLocation(path).kind == .local else { return [] }
        let folder = Self.folder(of: path)
        return playlist.filter { SourceLocation($0).kind == .local && Self.folder(of: $0) == folder }
    }

    private static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }

    private func startThread(options: PlayerOptions, verbose: @escaping @Sendable (String) -> Void) {
        let thread = Thread { [state, interrupt] in
            // Named from within: only then does the name reach the system (/proc, top -H).
            Thread.current.name = "vplay-album"
            // Low priority: playback's threads come first on a busy machine.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            while !interrupt.isRaised {
                let next = state.withLock { state -> String? in
                    guard !state.wanted.isEmpty else {
                        state.measuring = false
                        state.current = nil
                        return nil
                    }
                    state.current = state.wanted.removeFirst()
                    return state.current
                }
                guard let path = next else { return }
                let measured = LoudnessMeter.measurement(path: path, options: options, interrupt: interrupt)
                guard !interrupt.isRaised else { return }
                let measurement = Measurement(integrated: measured?.integrated, seconds: measured?.seconds ?? 0)
                state.withLock {
                    $0.measured[path] = measurement
                    $0.generation += 1
                }
                verbose(measurement.integrated.map { String(format: "loudness of %@: %.1f LUFS over %.1f s (album)", path, $0, measurement.seconds) }
                        ?? "loudness of \(path) cannot be measured: it counts for nothing in its album")
            }
        }
        thread.start()
    }
}
