#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the configuration files live, and reading them without trusting them: size, type
/// and encoding are checked before anything is parsed, and text that goes into a message
/// is escaped so a hostile file cannot drive the terminal.
public enum ConfigText {
    /// Files larger than this are rejected whole (1 MiB).
    public static let maximumFileSize = 1 << 20
    /// Longer lines are reported and ignored.
    public static let maximumLineLength = 4096
    /// Problems reported per file; the rest are counted in one more line.
    public static let maximumReportedProblems = 20

    /// `$XDG_CONFIG_HOME/vplay`, else `$HOME/.config/vplay`; nil without an absolute home.
    /// A relative `XDG_CONFIG_HOME` is ignored, as the XDG spec says.
    public static func directory(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return join(base, "vplay")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return join(join(home, ".config"), "vplay")
        }
        return nil
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    enum Contents: Equatable {
        /// No file there: not an error.
        case missing
        case bytes([UInt8])
        case rejected(ConfigError)
    }

    /// Reads a regular file of at most `maximumFileSize` bytes. FIFOs, devices and directories
    /// are refused without blocking (the open is non-blocking and the type checked before reading).
    static func read(path: String) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .rejected(ConfigError(file: path, line: nil, reason: "cannot read: \(describe(errno: code))"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .rejected(ConfigError(file: path, line: nil, reason: "cannot read: \(describe(errno: errno))"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .rejected(ConfigError(file: path, line: nil, reason: "not a regular file; ignored"))
        }
        guard info.st_size <= maximumFileSize else {
            return .rejected(tooLarge(file: path))
        }
        // The size can change under us: never read more than the limit plus one byte.
        var bytes = [UInt8](repeating: 0, count: maximumFileSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .rejected(ConfigError(file: path, line: nil, reason: "cannot read: \(describe(errno: errno))"))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumFileSize else { return .rejected(tooLarge(file: path)) }
        return .bytes(Array(bytes[..<count]))
    }

    static func tooLarge(file: String) -> ConfigError {
        ConfigError(file: file, line: nil, reason: "larger than 1 MiB; ignored")
    }

    private static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The file's lines (1-based numbers) once the whole file passed the checks that reject it
    /// outright: size, UTF-8, NUL bytes. A UTF-8 byte order mark and `\r\n` line ends are accepted.
    /// Lines that are too long or hold control characters come back as problems, the rest as text.
    static func lines(of bytes: [UInt8], file: String) -> Result<[(number: Int, text: Result<Substring, ConfigError>)], ConfigError> {
        guard bytes.count <= maximumFileSize else { return .failure(tooLarge(file: file)) }
        guard !bytes.contains(0) else {
            return .failure(ConfigError(file: file, line: nil, reason: "not a text file (it contains NUL bytes); ignored"))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(ConfigError(file: file, line: nil, reason: "not UTF-8 text; ignored"))
        }
        var result: [(number: Int, text: Result<Substring, ConfigError>)] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = index + 1
            if line.utf8.count > maximumLineLength {
                result.append((number, .failure(ConfigError(file: file, line: number,
                    reason: "line longer than \(maximumLineLength) bytes; ignored"))))
            } else if line.unicodeScalars.contains(where: { $0 != "\t" && $0.properties.generalCategory == .control }) {
                result.append((number, .failure(ConfigError(file: file, line: number,
                    reason: "control characters in the line; ignored"))))
            } else {
                result.append((number, .success(line)))
            }
        }
        return .success(result)
    }

    /// Surrounding spaces and tabs removed.
    static func trimmed(_ text: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }) else { return text[text.endIndex...] }
        let last = text.lastIndex(where: { !isBlank($0) })!
        return text[first...last]
    }

    /// Text from a file made safe to print inside quotes: control, format (bidi overrides),
    /// separator and unassigned characters become `\u{…}`, and long text is cut with `…`.
    static func quotable(_ text: some StringProtocol, limit: Int = 60) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                result += "…"
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

    /// The messages to print for a file's problems: at most `maximumReportedProblems`,
    /// then one line counting the rest.
    static func warnings(for problems: [ConfigError]) -> [String] {
        guard problems.count > maximumReportedProblems else { return problems.map(\.description) }
        let shown = problems.prefix(maximumReportedProblems).map(\.description)
        let file = problems[0].file
        return shown + [ConfigError(file: file, line: nil,
                                    reason: "\(problems.count - maximumReportedProblems) more problems not shown").description]
    }
}
