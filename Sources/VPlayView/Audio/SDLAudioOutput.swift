import CSDL2
import VPlayCore

/// The audio device: SDL calls back on its own thread and the `AudioRenderer` fills
/// the buffer. Format is always interleaved s16; rate and channel count are what
/// the device prefers (the renderer resamples to them).
public final class SDLAudioOutput: AudioSink {
    private var device: SDL_AudioDeviceID = 0
    private var retained: Unmanaged<AudioRenderer>?

    public init() {}

    deinit { close() }

    public func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat {
        if SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0 && SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) != 0 {
            throw SDLError("no audio device")
        }
        let box = Unmanaged.passRetained(renderer)
        var want = SDL_AudioSpec()
        want.freq = Int32(preferred.sampleRate)
        want.format = vp_audio_s16sys()
        want.channels = UInt8(preferred.channels)
        want.samples = UInt16(preferred.bufferFrames)
        want.userdata = box.toOpaque()
        want.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            let renderer = Unmanaged<AudioRenderer>.fromOpaque(userdata).takeUnretainedValue()
            renderer.render(into: UnsafeMutableRawBufferPointer(start: stream, count: Int(length)))
        }
        var have = SDL_AudioSpec()
        let allowed = Int32(SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_CHANNELS_CHANGE)
        let id = SDL_OpenAudioDevice(nil, 0, &want, &have, allowed)
        guard id != 0 else {
            box.release()
            throw SDLError("no audio device")
        }
        device = id
        retained = box
        let format = AudioFormat(sampleRate: Int(have.freq), channels: Int(have.channels), bufferFrames: Int(have.samples))
        renderer.prepare(for: format)
        return format
    }

    public func setPaused(_ paused: Bool) {
        if device != 0 { SDL_PauseAudioDevice(device, paused ? 1 : 0) }
    }

    public func close() {
        if device != 0 {
            SDL_CloseAudioDevice(device)
            device = 0
        }
        retained?.release()
        retained = nil
    }
}
