import CFFmpeg

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
    }
}
