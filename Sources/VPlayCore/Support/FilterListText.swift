import Foundation

/// mpv's text for a filter list (`--af`, `--vf` and their commands): entries separated by
/// commas, where a comma inside quotes, brackets or parentheses, or after a backslash, belongs
/// to its entry (`volume='0.5,'`, `lavfi=[highpass,loudnorm]`, `mod(n\,8)`).
public enum FilterListText {
    /// The entries of `text`, trimmed, empty ones left out.
    public static func entries(_ text: String) -> [String] {
        var entries: [String] = [], current = "", depth = 0, escaped = false
        var quote: Character?
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "[" || character == "(" {
                depth += 1
            } else if character == "]" || character == ")" {
                depth = max(0, depth - 1)
            } else if character == "," && depth == 0 {
                entries.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        entries.append(current)
        return entries.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
