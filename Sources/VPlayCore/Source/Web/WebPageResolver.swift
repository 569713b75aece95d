import Foundation

/// Asks yt-dlp what a web page holds: `yt-dlp -J` as a child process (the one `WebHeadStart`
/// started, when it asked the same), given up when the open is cancelled, and given twice
/// `--network-timeout` to answer.
public enum WebPageResolver {
    /// The package that brings yt-dlp, named when it is missing.
    static let packageName = "yt-dlp"
    /// The longest line of yt-dlp's own error message passed on.
    static let messageLimit = 200

    public static func resolve(_ url: String, options: PlayerOptions, interrupt: InterruptFlag) throws(PlayerError) -> WebPage {
        let limit = max(2 * options.network.timeout, 1)
        let arguments = arguments(for: url, options: options)
        let started = WebHeadStart.take(program: options.web.program, arguments: arguments).map { .success($0) }
            ?? ChildProcess.start(options.web.program, arguments)
        // `-J` answers with one line of JSON: once that line is whole the page is known, and
        // yt-dlp's own exit is not waited for.
        var answer: [String: Any]?
        let outcome = started.flatMap { child in
            child.finish(interrupt: interrupt, limit: limit) { output in
                guard output.last == UInt8(ascii: "\n") else { return false }
                answer = WebPage.object(output)
                return answer != nil
            }
        }
        switch outcome {
        case .failure(.notFound(let program)):
            let named = program == WebOptions().program ? "" : " ('\(program)', --ytdl-path)"
            throw .cannotOpen(url, "yt-dlp is needed for web pages and was not found\(named): install the package \(packageName)")
        case .failure(.cannotStart(let reason)):
            throw .cannotOpen(url, "cannot run yt-dlp: \(reason)")
        case .failure(.cancelled):
            throw .cancelled(url)
        case .failure(.timedOut):
            throw .cannotOpen(url, "yt-dlp gave no answer in \(number(limit)) s (--network-timeout)")
        case .failure(.outputTooLarge):
            throw .cannotOpen(url, "yt-dlp's answer is too large")
        case .success(let outcome) where (outcome.status ?? 0) != 0:
            throw .cannotOpen(url, failureMessage(String(decoding: outcome.errors, as: UTF8.self), status: outcome.status ?? 0))
        case .success(let outcome):
            do throws(WebPage.ReadError) {
                if let answer { return try WebPage.read(page: answer) }
                return try WebPage.read(outcome.output)
            } catch {
                switch error {
                case .invalidJSON: throw .cannotOpen(url, "yt-dlp's answer is not valid JSON")
                case .noVideo: throw .cannotOpen(url, noVideo)
                case .refused(let target):
                    throw .cannotOpen(url, "refused: the page points at '\(shortened(target))', not at the network")
                }
            }
        }
    }

    static let noVideo = "no video found at URL"

    /// yt-dlp's command line: mpv's choices (`-J`, flat playlists, every subtitle described)
    /// with the user's format and raw options, and the network timeout.
    static func arguments(for url: String, options: PlayerOptions) -> [String] {
        var arguments = ["--no-warnings", "-J", "--flat-playlist", "--format", options.web.format,
                         "--write-subs", "--sub-langs", "all", "--sub-format", "ass/srt/vtt/best",
                         "--socket-timeout", number(options.network.timeout)]
        if !options.network.verifiesTLS { arguments.append("--no-check-certificates") }
        for (name, value) in options.web.rawOptions {
            arguments.append("--" + name)
            if let value { arguments.append(value) }
        }
        arguments += ["--", url]
        return arguments
    }

    /// The line of yt-dlp's standard error worth showing: its last `ERROR:`, shortened, or
    /// "no video found" when it found nothing it could play.
    static func failureMessage(_ errors: String, status: Int32) -> String {
        let lines = errors.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard var line = lines.last(where: { $0.hasPrefix("ERROR:") }) ?? lines.last(where: { !$0.isEmpty }) else {
            return "yt-dlp failed (exit status \(status))"
        }
        if line.hasPrefix("ERROR:") { line = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
        if line.contains("Unsupported URL") || line.contains("No video formats found") || line.contains("no suitable InfoExtractor") {
            return noVideo
        }
        return "yt-dlp: " + shortened(line)
    }

    /// Seconds as a command line or a message writes them: `60`, `0.5`.
    static func number(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    static func shortened(_ text: String) -> String {
        text.count <= messageLimit ? text : String(text.prefix(messageLimit - 1)) + "…"
    }
}
