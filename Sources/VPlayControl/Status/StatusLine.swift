import Foundation
import VPlayCore

/// The terminal status line, in mpv's shape:
/// `(Paused) AV: 0:03 / 0:10 (30%) x1.50 A-V: +0.012 Dropped: 0`.
public enum StatusLine {
    public static func text(for state: PlayerState) -> String {
        var parts: [String] = []
        if state.isPaused { parts.append("(Paused)") }
        // mpv names the streams being played: A, V or AV.
        let streams = state.hasAudio == state.hasVideo ? "AV:" : state.hasAudio ? "A:" : "V:"
        parts.append(streams + " " + TimeFormat.pair(position: state.position, duration: state.duration))
        if let percent = state.percentPosition { parts.append("(\(Int(percent))%)") }
        if state.speed != 1 { parts.append(String(format: "x%.2f", state.speed)) }
        if state.hasAudio && state.hasVideo, let offset = state.avOffset {
            parts.append(String(format: "A-V: %+.3f", offset))
        }
        if state.hasVideo { parts.append("Dropped: \(state.droppedFrames)") }
        return parts.joined(separator: " ")
    }
}
