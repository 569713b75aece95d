import Foundation

/// Loudness normalization: one constant gain per file, a `volume` stage first in the sound's
/// graph, apart from the user's volume.
extension Player {
    /// The gain (dB) normalization gives this file now: 0 when off or not yet measured. An
    /// album's files take the album's gain once it is known, their own estimate until then.
    var loudnessGain: Double {
        guard state.audio.normalize != .no else { return 0 }
        return LoudnessNormalization.gain(integrated: normalizingLoudness.figure, target: state.audio.normalizeTarget)
    }

    /// The loudness the gain is made from, and whose it is.
    private var normalizingLoudness: (figure: Double?, of: String) {
        if state.audio.normalize == .album, let albumIntegrated { return (albumIntegrated, "album") }
        return (loudness?.integrated, "track")
    }

    /// What the sound passes through before the tempo: the normalizing gain, then the settings' stages.
    var soundGraph: String {
        ([LoudnessNormalization.graph(gain: loudnessGain)].compactMap { $0 } + [state.audio.graph])
            .filter { !$0.isEmpty }.joined(separator: ",")
    }

    /// Starts the measurements when normalization is on and applies a gain newly known.
    func followLoudness() {
        guard output != nil else { return }
        if state.fileLoudness == nil { state.fileLoudness = loudness?.wholeFile ?? resumedLoudness }
        guard state.audio.normalize != .no || loudness != nil else { return }
        if loudness == nil {
            loudness = resumedLoudness.map { LoudnessAnalysis(wholeFile: $0) }
                ?? LoudnessAnalysis(path: file.path, options: options, verbose: verbose)
        }
        followAlbumLoudness()
        let gain = loudnessGain
        guard gain != appliedLoudnessGain else { return }
        appliedLoudnessGain = gain
        verbose(String(format: "normalization gain for %@: %+.2f dB (%@)", file.path, gain, normalizingLoudness.of))
        output?.renderer.setFilters(soundGraph)
    }

    /// The loudness kept with the resume position, when it can be one; nil (and said once)
    /// otherwise.
    private var resumedLoudness: Double? {
        guard let lufs = options.resumedLoudness else { return nil }
        guard LoudnessAnalysis.isPlausible(lufs) else {
            if !reportedResumedLoudness {
                reportedResumedLoudness = true
                let figure = lufs.isNaN ? "unreadable" : "\(lufs) LUFS is not a file's loudness"
                verbose("stored loudness of \(file.path) ignored (\(figure)): measuring it")
            }
            return nil
        }
        return lufs
    }

    /// Asks for the album's loudness again whenever another of the run's files was measured.
    private func followAlbumLoudness() {
        guard state.audio.normalize == .album, albumIntegrated == nil, let album,
              album.loudness.generation != albumGeneration else { return }
        albumGeneration = album.loudness.generation
        albumIntegrated = album.loudness.integrated(of: album.members, options: options, verbose: verbose)
        if let albumIntegrated {
            verbose(String(format: "album loudness of %@: %.1f LUFS over %d files", file.path, albumIntegrated, album.members.count))
        }
    }
}
