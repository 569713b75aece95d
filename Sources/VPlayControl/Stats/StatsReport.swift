import Foundation
import VPlayCore

/// The JSON documents `--bench` prints and `--dump-stats` writes.
public enum StatsReport {
    /// What the process cost, read from the kernel at the end of a run.
    public struct ProcessCost: Sendable {
        public var wallSeconds: Double
        public var cpuSeconds: Double
        /// Peak resident set, bytes.
        public var peakRSS: Int

        public static func measure(since start: Double, now: Double) -> ProcessCost {
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            return ProcessCost(wallSeconds: now - start,
                               cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                               peakRSS: Int(usage.ru_maxrss) * 1024)
        }
    }

    /// One line for `--bench`.
    public static func benchLine(stats: PlaybackStats, cost: ProcessCost) -> String {
        let fps = cost.wallSeconds > 0 ? Double(stats.framesShown) / cost.wallSeconds : 0
        let object: [String: Any] = [
            "frames_decoded": stats.framesDecoded,
            "frames_presented": stats.framesShown,
            "frames_dropped": stats.framesDropped,
            "fps": rounded(fps),
            "wall_seconds": rounded(cost.wallSeconds),
            "cpu_seconds": rounded(cost.cpuSeconds),
            "peak_rss_bytes": cost.peakRSS,
        ]
        return encode(object)
    }

    /// The `--dump-stats` document.
    public static func document(stats: PlaybackStats, cost: ProcessCost) -> String {
        var object: [String: Any] = [
            "frames_decoded": stats.framesDecoded,
            "frames_shown": stats.framesShown,
            "frames_dropped": stats.framesDropped,
            "decode_errors": stats.decodeErrors,
            "backward_stalls": stats.backwardStalls,
            "seek_latency_seconds": stats.seekLatencies.map(rounded),
            "wall_seconds": rounded(cost.wallSeconds),
            "cpu_seconds": rounded(cost.cpuSeconds),
            "peak_rss_bytes": cost.peakRSS,
        ]
        object["time_to_first_frame_seconds"] = stats.timeToFirstFrame.map(rounded) ?? NSNull()
        if let offsets = Distribution(stats.avOffsets) {
            object["av_offset_seconds"] = [
                "count": offsets.count, "min": rounded(offsets.min), "median": rounded(offsets.median),
                "p95": rounded(offsets.p95), "max": rounded(offsets.max),
            ]
        } else {
            object["av_offset_seconds"] = NSNull()
        }
        return encode(object)
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }

    private static func encode(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
