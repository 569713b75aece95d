/// Loudness normalization: one constant gain per file, a `volume` stage first in the sound's
/// graph, apart from the user's volume.
extension Player {
    /// The gain (dB) normalization gives this file now: 0 when off or not yet measured.
    var loudnessGain: Double {
        guard state.audio.normalize != .no else { return 0 }
        return LoudnessNormalization.gain(integrated: loudness?.integrated, target: state.audio.normalizeTarget)
    }

    /// What the sound passes through before the tempo: the normalizing gain, then the settings' stages.
    var soundGraph: String {
        ([LoudnessNormalization.graph(gain: loudnessGain)].compactMap { $0 } + [state.audio.graph])
            .filter { !$0.isEmpty }.joined(separator: ",")
    }

    /// Starts the measurement when normalization is on and applies a gain newly known.
    func followLoudness() {
        guard output != nil, state.audio.normalize != .no || loudness != nil else { return }
        if loudness == nil {
            loudness = LoudnessAnalysis(path: file.path, options: options, verbose: verbose)
        }
        let gain = loudnessGain
        guard gain != appliedLoudnessGain else { return }
        appliedLoudnessGain = gain
        output?.renderer.setFilters(soundGraph)
    }
}
