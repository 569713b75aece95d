import Foundation
import VPlayCore

/// PulseAudio's own output where a server answers (it reports its latency); SDL's otherwise,
/// or when `SDL_AUDIODRIVER` names another SDL driver.
public final class AutomaticAudioOutput: AudioSink {
    private var chosen: AudioSink?

    public init() {}

    /// True once `open` chose PulseAudio's output.
    var usesPulseAudio: Bool { chosen is PulseAudioOutput }

    public func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat {
        let driver = ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"] ?? "pulseaudio"
        let pulse = PulseAudioOutput()
        if ["pulseaudio", "pulse"].contains(driver), let format = try? pulse.open(preferred: preferred, renderer: renderer) {
            chosen = pulse
            return format
        }
        let sdl = SDLAudioOutput()
        let format = try sdl.open(preferred: preferred, renderer: renderer)
        chosen = sdl
        return format
    }

    public func setPaused(_ paused: Bool) { chosen?.setPaused(paused) }

    public func selectDevice(_ device: String?) -> Bool { chosen?.selectDevice(device) ?? (device == nil) }

    public func updateDevices() -> (generation: Int, devices: [AudioOutputDevice]) { chosen?.updateDevices() ?? (0, []) }

    public var playingDevice: String? { chosen?.playingDevice }

    public func close() {
        chosen?.close()
        chosen = nil
    }
}
