import CFFmpeg
import Synchronization

/// FFmpeg's own log is noise to a user: vplay reports errors itself in one line.
/// `-v` lets it through again for diagnosis.
public enum FFmpegLog {
    public static func configure(verbosity: Int) {
        let level: Int32 = switch verbosity {
        case ..<1: AV_LOG_QUIET
        case 1: AV_LOG_WARNING
        case 2: AV_LOG_INFO
        default: AV_LOG_DEBUG
        }
        av_log_set_level(level)
        verbose.store(verbosity >= 1, ordering: .relaxed)
        av_log_set_callback { context, level, format, arguments in
            // Only the format is looked at: the arguments go on to FFmpeg's own logger unread.
            if let format, FFmpegLog.saysReconnect(format) {
                FFmpegLog.reconnects.add(1, ordering: .relaxed)
            }
            if let arguments { av_log_default_callback(context, level, format, arguments) }
        }
    }

    /// How many times the http protocol has said it will reconnect, in the whole process
    /// (its log line is the only sign of a dropped connection it mends by itself).
    static var reconnectCount: Int { reconnects.load(ordering: .relaxed) }

    /// Whether `-v` was given: libraries' own stderr lines are then left alone (`DeviceChatter`).
    static var isVerbose: Bool { verbose.load(ordering: .relaxed) }

    private static let reconnects = Atomic(0)
    private static let verbose = Atomic(false)
    /// Whether a log format is the http protocol's reconnect notice; allocates nothing (the
    /// callback runs on every thread FFmpeg logs from).
    private static func saysReconnect(_ format: UnsafePointer<CChar>) -> Bool {
        let prefix: StaticString = "Will reconnect"
        return prefix.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { strncmp(format, $0.baseAddress!, $0.count) == 0 }
        }
    }
}
