import Foundation

/// How the user wants sound played: mpv's `audio-delay`, `audio-device`, kept across files.
public struct AudioSettings: Sendable, Equatable {
    /// Seconds the sound is played later than the picture (negative: earlier), in media time.
    public var delay: Double = 0
    /// The output chosen: `auto` (the sound server's default) or a device's name from
    /// `audio-device-list`.
    public var device = AudioSettings.automaticDevice
    /// The device the sound goes to now (the default one with `auto`); empty while unknown.
    public var playing = ""
    /// The delay each output device was last given: a device keeps its own (headphones their
    /// latency, speakers none) and gets it back when it becomes the output again.
    public var deviceDelays: [String: Double] = [:]
    /// The delay of a device never given one: the one the run started with.
    public var startDelay: Double = 0
    /// The user's filters, as mpv's `--af` entries (see `AudioFilterChain`).
    public var filters: [String] = []
    /// Night mode: loud passages compressed (`--drc`).
    public var drc = DynamicRange.no
    /// Loudness normalization (`--normalize`) and the loudness it aims at, LUFS.
    public var normalize = LoudnessNormalization.no
    public var normalizeTarget = -16.0

    public init() {}

    public static let automaticDevice = "auto"
    /// Beyond this a delay is a mistake (minutes typed for seconds), not a device's latency.
    public static let delayRange: ClosedRange<Double> = -100...100

    /// What the sound passes through before the tempo: night mode, then the user's filters.
    public var graph: String {
        ([drc.graph].compactMap { $0 } + [AudioFilterChain.graph(of: filters)].filter { !$0.isEmpty }).joined(separator: ",")
    }

    /// The delay `device` gets when it becomes the output.
    public func delay(for device: String) -> Double {
        deviceDelays[device] ?? startDelay
    }
}

/// One change to `AudioSettings`, as a command carries it.
public enum AudioSetting: Sendable, Equatable {
    /// The delay of the device playing now.
    case delay(Double)
    /// Another output chosen (`audio-device`).
    case device(String)
    /// The sound goes to another device now (chosen, or the server's default changed): it
    /// brings the delay it was last given.
    case playing(String)
    /// The user's filters, replaced by these entries.
    case filters([String])
    /// Night mode's strength.
    case drc(DynamicRange)
    /// Loudness normalization's mode, and its target (LUFS).
    case normalize(LoudnessNormalization)
    case normalizeTarget(Double)
}

extension AudioSettings {
    /// The settings `options` start a run with: the delay given is the one of the device chosen.
    public static func starting(delay: Double, device: String) -> AudioSettings {
        var settings = AudioSettings()
        settings.device = device
        settings.startDelay = delay
        settings.delay = delay
        return settings
    }

    /// `setting` applied, kept within its range.
    public func with(_ setting: AudioSetting) -> AudioSettings {
        var copy = self
        switch setting {
        case .delay(let seconds):
            copy.delay = min(Self.delayRange.upperBound, max(Self.delayRange.lowerBound, seconds))
            copy.deviceDelays[playing] = copy.delay
        case .device(let name):
            copy.device = name
        case .playing(let name) where playing.isEmpty:
            // The first device heard: it takes the delay set so far.
            copy.playing = name
            copy.deviceDelays[name] = delay
        case .playing(let name):
            copy.deviceDelays[playing] = delay
            copy.playing = name
            copy.delay = copy.delay(for: name)
        case .filters(let entries):
            copy.filters = entries
        case .drc(let mode):
            copy.drc = mode
        case .normalize(let mode):
            copy.normalize = mode
        case .normalizeTarget(let target):
            copy.normalizeTarget = min(LoudnessNormalization.targetRange.upperBound, max(LoudnessNormalization.targetRange.lowerBound, target))
        }
        return copy
    }

    /// What the on-screen message says after `setting` changed.
    public func message(for setting: AudioSetting) -> String {
        switch setting {
        case .delay: "A-V delay: \(Int((delay * 1000).rounded())) ms"
        case .device: "Audio device: \(device)"
        case .playing: "Audio output: \(playing), A-V delay: \(Int((delay * 1000).rounded())) ms"
        case .drc: "Dynamic range compression: \(drc.rawValue)"
        case .normalize: "Loudness normalization: \(normalize.rawValue)"
        case .normalizeTarget: "Loudness target: \(String(format: "%g", normalizeTarget)) LUFS"
        case .filters: filters.isEmpty ? "Audio filters: none" : "Audio filters: \(filters.joined(separator: ","))"
        }
    }
}
