import CPulseStream
import Foundation
import VPlayCore

/// The PulseAudio server's sinks as `audio-device` names them (`pulse/NAME`), watched by a
/// connection of their own (see pulse_devices.h), and the choice among them for a stream.
final class PulseDevices: @unchecked Sendable {
    private let monitor: OpaquePointer
    /// The sink chosen, without `pulse/`; nil: the server's default. Main thread only.
    private(set) var chosen: String?
    private var lastGeneration: UInt32 = 0
    private var list: (defaultSink: String, devices: [AudioOutputDevice]) = ("", [])

    static let prefix = "pulse/"

    /// Nil when libpulse cannot be loaded or no server answers.
    init?() {
        guard let monitor = vp_pulse_monitor_open() else { return nil }
        self.monitor = monitor
        refresh()
    }

    deinit { vp_pulse_monitor_close(monitor) }

    /// Reads the list again when the server said it changed; true when it did.
    @discardableResult
    func refresh() -> Bool {
        let generation = vp_pulse_monitor_generation(monitor)
        guard generation != lastGeneration else { return false }
        lastGeneration = generation
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = vp_pulse_monitor_text(monitor, &buffer, buffer.count)
        if length >= buffer.count {
            buffer = [CChar](repeating: 0, count: length + 1)
            _ = vp_pulse_monitor_text(monitor, &buffer, buffer.count)
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let defaultSink = lines.isEmpty ? "" : lines.removeFirst()
        let devices = lines.compactMap { line -> AudioOutputDevice? in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = fields.first, !name.isEmpty else { return nil }
            return AudioOutputDevice(name: Self.prefix + name, description: fields.count > 1 ? String(fields[1]) : String(name))
        }
        list = (defaultSink, devices)
        return true
    }

    var generation: Int { Int(lastGeneration) }
    var devices: [AudioOutputDevice] { list.devices }

    /// Takes `device` (`pulse/NAME`, nil for the default) as the choice; false when there is
    /// no such sink now.
    func choose(_ device: String?) -> Bool {
        refresh()
        chosen = device.map { $0.hasPrefix(Self.prefix) ? String($0.dropFirst(Self.prefix.count)) : $0 }
        return chosen.map { name in list.devices.contains { $0.name == Self.prefix + name } } ?? true
    }

    /// Moves `stream` to the chosen sink if there is one now (else to the default: a stream moved
    /// to the default sink follows the default again); false when the chosen one is missing.
    @discardableResult
    func place(_ stream: PulseStream) -> Bool {
        let present = chosen.map { name in list.devices.contains { $0.name == Self.prefix + name } } ?? false
        let target = present ? chosen : list.defaultSink.isEmpty ? nil : list.defaultSink
        if let target, stream.device != target { _ = stream.move(to: target) }
        return chosen == nil || present
    }
}

extension PulseStream {
    /// Moves the stream to the sink `name`, waiting for the server: what it holds goes along.
    func move(to name: String) -> Bool { vp_pulse_move(raw, name) == 0 }

    /// The sink the stream plays on, nil when the server has not said.
    var device: String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = vp_pulse_device(raw, &buffer, buffer.count)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
