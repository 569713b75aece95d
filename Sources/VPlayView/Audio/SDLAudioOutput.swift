import CSDL2
import VPlayCore

/// The audio device: SDL calls back on its own thread and the `AudioRenderer` fills
/// the buffer. Format is always interleaved s16; rate and channel count are what
/// the device prefers (the renderer resamples to them).
///
/// While paused the device is closed: SDL keeps a paused device's thread feeding silence,
/// which would cost CPU for nothing. It reopens with the same format on play.
public final class SDLAudioOutput: AudioSink {
    private var device: SDL_AudioDeviceID = 0
    private var retained: Unmanaged<AudioRenderer>?
    private var wanted = SDL_AudioSpec()
    private var accepted: AudioFormat?

    public init() {}

    deinit { close() }

    public func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat {
        if SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0 && SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) != 0 {
            throw SDLError("no audio device")
        }
        let box = Unmanaged.passRetained(renderer)
        wanted.freq = Int32(preferred.sampleRate)
        wanted.format = vp_audio_s16sys()
        wanted.channels = UInt8(preferred.channels)
        wanted.samples = UInt16(preferred.bufferFrames)
        wanted.userdata = box.toOpaque()
        wanted.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            let renderer = Unmanaged<AudioRenderer>.fromOpaque(userdata).takeUnretainedValue()
            renderer.render(into: UnsafeMutableRawBufferPointer(start: stream, count: Int(length)))
        }
        retained = box
        guard let format = openDevice(allowingChanges: true) else {
            box.release()
            retained = nil
            throw SDLError("no audio device")
        }
        accepted = format
        renderer.prepare(for: format)
        return format
    }

    public func setPaused(_ paused: Bool) {
        if paused {
            closeDevice()
        } else if device == 0, accepted != nil {
            // Same format as before, so the renderer's setup stays valid.
            _ = openDevice(allowingChanges: false)
        }
        if device != 0 { SDL_PauseAudioDevice(device, paused ? 1 : 0) }
    }

    public func close() {
        closeDevice()
        retained?.release()
        retained = nil
        accepted = nil
    }

    private func openDevice(allowingChanges: Bool) -> AudioFormat? {
        var have = SDL_AudioSpec()
        let changes = allowingChanges ? Int32(SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_CHANNELS_CHANGE) : 0
        if !allowingChanges, let accepted {
            wanted.freq = Int32(accepted.sampleRate)
            wanted.channels = UInt8(accepted.channels)
        }
        let id = SDL_OpenAudioDevice(nil, 0, &wanted, &have, changes)
        guard id != 0 else { return nil }
        device = id
        return AudioFormat(sampleRate: Int(have.freq), channels: Int(have.channels), bufferFrames: Int(have.samples))
    }

    private func closeDevice() {
        if device != 0 {
            SDL_CloseAudioDevice(device)
            device = 0
        }
    }
}
