import VPlayCore

/// The overlay's subtitle search (`/`): a line of text typed in, Enter to jump to the next line
/// that has it (again for the one after), Esc to close. Pure editing; the overlay shows it.
public struct SearchField: Equatable, Sendable {
    public private(set) var query = ""
    /// The text of the key that opened the field, which may arrive as typed text just after.
    private var openingText: String?

    public init(openedWith text: String? = nil) {
        openingText = text
    }

    /// What a key does while the field is open.
    public enum Outcome: Equatable {
        case edited
        case search(String)
        case close
        /// Keys the field does not use (typed text arrives as text, not as keys).
        case ignored
    }

    public mutating func handle(_ key: Key) -> Outcome {
        openingText = nil
        switch key {
        case .escape: return .close
        case .enter: return query.isEmpty ? .ignored : .search(query)
        case .backspace:
            guard !query.isEmpty else { return .ignored }
            query.removeLast()
            return .edited
        default: return .ignored
        }
    }

    /// Text typed (from the system's text input, so accents and layouts come right).
    public mutating func type(_ text: String) {
        var text = text
        if let opening = openingText {
            openingText = nil
            if text.hasPrefix(opening) { text.removeFirst(opening.count) }
        }
        // A line long enough for any phrase; control characters are not text.
        query += text.filter { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } }
        if query.count > 200 { query = String(query.prefix(200)) }
    }

    /// What the overlay shows.
    public var label: String { "Find: \(query)▏" }

    /// The command Enter sends.
    public static func command(for phrase: String) -> PlayerCommand { .searchSubtitles(phrase) }
}
