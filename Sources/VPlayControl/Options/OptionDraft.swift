import VPlayCore

/// Options as they are being read. Checks that depend on other options (volume
/// against `--volume-max`, the end against the start) wait for `finish()` so the
/// order on the command line does not matter.
struct OptionDraft {
    var options = LaunchOptions()
    /// Checked against `--volume-max` once all options are read.
    var volume: OptionUse?
    var length: (use: OptionUse, value: Double)?
    var end: (use: OptionUse, value: Double)?

    func finish() throws(OptionError) -> LaunchOptions {
        var result = options
        if let volume {
            var state = PlayerState()
            state.volumeMax = result.player.volumeMax
            do {
                result.player.volume = try volume.number(for: "volume", in: state)
            } catch {
                // The top is another option's value: say which, or the limit looks fixed.
                guard let value = try? volume.number(), value > state.volumeMax,
                      value <= OptionTable.volumeMaxRange.upperBound else { throw error }
                throw .outOfRange(volume.name, volume.value ?? "", ValueText.describe(0...state.volumeMax),
                                  hint: "raise --volume-max to allow more")
            }
        }
        let start = result.player.start ?? 0
        // With both --end and --length, mpv stops at whichever comes first.
        let ends = [end, length.map { (use: $0.use, value: start + $0.value) }].compactMap { $0 }
        if let first = ends.min(by: { $0.value < $1.value }) {
            guard first.value > start else {
                throw OptionError("option '\(first.use.name)': '\(first.use.value ?? "")' leaves nothing to play after the start")
            }
            result.player.end = first.value
        }
        // With a window, no file is the idle window; without one there is nothing to do.
        if result.files.isEmpty && !result.player.videoEnabled && !result.showHelp && !result.showVersion
            && !result.listProperties {
            throw .noFile
        }
        return result
    }
}
