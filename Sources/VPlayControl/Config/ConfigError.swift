/// A problem in a configuration file, as one line naming the file and, where there is one,
/// the line: `vplay: /home/me/.config/vplay/vplay.conf:3: unknown option 'bogus'`.
/// The line it names is ignored; the rest of the file still counts.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// 1-based; nil when the whole file is rejected (too big, not text, unreadable).
    public let line: Int?
    public let reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        let place = ConfigText.quotable(file, limit: 200) + (line.map { ":\($0)" } ?? "")
        return "vplay: \(place): \(reason)"
    }
}
