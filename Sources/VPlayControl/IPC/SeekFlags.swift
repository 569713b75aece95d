import VPlayCore

/// mpv's seek flags: a mode (`relative` by default, `absolute`, `absolute-percent`,
/// `relative-percent`) and a precision (`exact` by default, `keyframes`), joined by `+`.
/// mpv's older form gives the precision as a third argument (`seek 1 relative exact`);
/// scripts still send it, so it is taken too.
enum SeekFlags {
    /// - Parameter legacy: the older third argument: `exact`, `keyframes`, or `default-precise`
    ///   and `unused`, which leave the precision to the flags.
    static func command(target: Double, flags: String?, legacy: String? = nil) throws(IPCError) -> PlayerCommand {
        var mode: ((Double) -> SeekTarget)?
        var precision: SeekPrecision?
        let parts = flags.map { $0.isEmpty ? [] : $0.split(separator: "+", omittingEmptySubsequences: false) } ?? []
        for part in parts {
            switch part {
            case "relative": try set(&mode, SeekTarget.relative)
            case "absolute": try set(&mode, SeekTarget.absolute)
            case "absolute-percent": try set(&mode, SeekTarget.absolutePercent)
            case "relative-percent": try set(&mode, SeekTarget.relativePercent)
            case "exact": try set(&precision, .exact)
            case "keyframes": try set(&precision, .keyframe)
            default: throw .invalidParameter
            }
        }
        switch legacy {
        case nil, "unused", "default-precise": break
        // The same precision in both places is no clash; different ones are.
        case "exact" where precision != .keyframe: precision = .exact
        case "keyframes" where precision != .exact: precision = .keyframe
        default: throw .invalidParameter
        }
        return .seek((mode ?? SeekTarget.relative)(target), precision ?? .exact)
    }

    /// Each kind of flag may be given once: `absolute+relative` is a mistake.
    private static func set<Value>(_ slot: inout Value?, _ value: Value) throws(IPCError) {
        guard slot == nil else { throw .invalidParameter }
        slot = value
    }
}
