import CSDL2
import Foundation
import VPlayCore

/// Links from outside the window: text pasted with Ctrl+V (Ctrl+Shift+V appends) or dropped
/// on it. Each non-empty line is a URL or a path to play, as if given on the command line.
public enum PastedLinks {
    /// What `text` asks for: the one link to play now, several as the playlist, or (appending)
    /// entries added after the others, the first played when nothing plays. Nil for no link.
    public static func command(for text: String, appending: Bool) -> PlayerCommand? {
        let links = links(in: text)
        guard let first = links.first else { return nil }
        if appending { return .appendFiles(links, play: true) }
        return links.count == 1 ? .loadFile(first) : .openFiles(links)
    }

    /// The lines of `text` that name something, trimmed; `#` lines (as in a `text/uri-list`) left out.
    static func links(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// What the clipboard asks for (`command(for:appending:)`), or a message saying it holds
    /// no link.
    static func clipboardCommand(appending: Bool) -> PlayerCommand {
        var text = ""
        if SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() {
            text = String(cString: pointer)
            SDL_free(pointer)
        }
        return command(for: text, appending: appending) ?? .showText(noLink, seconds: 2)
    }

    static let noLink = "The clipboard holds no file or URL"
}

extension KeyPress {
    /// Ctrl+V: play the clipboard's link; Ctrl+Shift+V: append it. Nil for other keys.
    var pasteAppends: Bool? {
        switch (key, modifiers) {
        case (.character("v"), [.control]): false
        case (.character("V"), [.control, .shift]): true
        default: nil
        }
    }
}
