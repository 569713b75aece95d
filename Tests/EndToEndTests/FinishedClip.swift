import Foundation
import TestSupport

/// The duration of a clip vplay writes, once it is finished: Matroska gets it with its index,
/// at the end, and it is read twice alike to be sure the file is complete.
func finishedDuration(of url: URL, timeout: Duration = .seconds(60)) throws -> Double {
    var duration: Double?
    var previous: (duration: Double, size: Int)?
    let finished = try poll(timeout: timeout, interval: 0.2) {
        guard let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else { return false }
        let probe = try ChildProcess.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                                     url.path])
        duration = Double(probe.outputText.trimmingCharacters(in: .whitespacesAndNewlines))
        defer { previous = duration.map { ($0, size) } }
        guard probe.status == 0, let duration, let previous else { return false }
        return previous.duration == duration && previous.size == size
    }
    guard finished, let duration else { throw EndToEndError(description: "\(url.lastPathComponent) was not written") }
    return duration
}
