import Glibc
import VPlayCore

/// Keeps the status line current on one terminal line of stderr. Used from the main loop only.
public final class StatusLineWriter {
    /// Where the text goes; nil when the line is not shown.
    private let output: ((String) -> Void)?
    private var shownText: String?

    /// Shows the line only when stderr is a terminal and `--really-quiet` was not given.
    public convenience init(reallyQuiet: Bool) {
        let visible = !reallyQuiet && isatty(STDERR_FILENO) == 1
        self.init(output: visible ? { text in _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) } } : nil)
    }

    init(output: ((String) -> Void)?) {
        self.output = output
    }

    /// Rewrites the line in place (carriage return, text, clear to end of line) when its text changed.
    public func update(_ state: PlayerState) {
        guard let output else { return }
        let text = StatusLine.text(for: state)
        guard text != shownText else { return }
        shownText = text
        output("\r" + text + "\u{1B}[K")
    }

    /// Ends the line so later messages and the shell prompt start on a fresh one.
    public func finish() {
        guard let output, shownText != nil else { return }
        shownText = nil
        output("\n")
    }
}
