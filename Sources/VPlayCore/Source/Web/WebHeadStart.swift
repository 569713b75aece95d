/// yt-dlp started for the page a run opens first as soon as the options are read, so that the
/// window, the sound device and the rest of the start are made while it runs (it takes most of
/// a page's start). The open of that page takes its answer when it asks yt-dlp the same; any
/// other open finds it given up.
public enum WebHeadStart {
    private struct Waiting {
        let program: String
        let arguments: [String]
        let child: ChildProcess.Started
    }

    private static let waiting = Locked<Waiting?>(nil)

    /// Starts yt-dlp when `files` name one URL that is, or may be, a web page (its name does not
    /// say it is media); true when it started. A failure to start is left to the open to report.
    @discardableResult
    public static func begin(files: [String], options: PlayerOptions) -> Bool {
        guard options.web.enabled, files.count == 1 else { return false }
        let source = Source(files[0], network: options.network)
        guard source.isNetwork, source.refusal == nil, PageCheck.byName(source.location) != false else { return false }
        let arguments = WebPageResolver.arguments(for: source.text, options: options)
        guard case .success(let child) = ChildProcess.start(options.web.program, arguments) else { return false }
        let earlier = waiting.withLock { slot in
            defer { slot = Waiting(program: options.web.program, arguments: arguments, child: child) }
            return slot
        }
        earlier?.child.abandon()
        return true
    }

    /// The yt-dlp started for exactly this command line, taken by its one caller; one started
    /// for anything else is given up.
    static func take(program: String, arguments: [String]) -> ChildProcess.Started? {
        guard let started = waiting.withLock({ slot in defer { slot = nil }; return slot }) else { return nil }
        guard started.program == program, started.arguments == arguments else {
            started.child.abandon()
            return nil
        }
        return started.child
    }

    /// Gives up a yt-dlp started for a URL that turned out not to be a page.
    static func discard() {
        waiting.withLock { slot in defer { slot = nil }; return slot }?.child.abandon()
    }

    /// Whether a yt-dlp started ahead waits to be taken.
    static var isWaiting: Bool { waiting.withLock { $0 != nil } }
}
