import Foundation

/// The user's audio filters as mpv's `--af` writes them: a comma-separated list of entries,
/// each a libavfilter filter (`equalizer=f=1000:t=q:w=1:g=-10`, also as `lavfi-equalizer=…`) or
/// a whole graph (`lavfi=[highpass=f=200,loudnorm]`), optionally labelled (`@eq:equalizer=…`).
/// Pure text: the graph is built beside the audio device (see `TempoFilter`).
public enum AudioFilterChain {
    /// The label an entry was given (`@eq:…`), nil without one.
    public static func label(of entry: String) -> String? {
        guard entry.hasPrefix("@"), let colon = entry.firstIndex(of: ":") else { return nil }
        return String(entry[entry.index(after: entry.startIndex)..<colon])
    }

    /// The libavfilter graph text of one entry: its label dropped, `lavfi=[…]` unwrapped,
    /// `lavfi-` taken off a filter's name.
    public static func graph(of entry: String) -> String {
        var text = Substring(entry)
        if label(of: entry) != nil, let colon = text.firstIndex(of: ":") { text = text[text.index(after: colon)...] }
        if text.hasPrefix("lavfi=") {
            text = text.dropFirst("lavfi=".count)
            if text.hasPrefix("graph=") { text = text.dropFirst("graph=".count) }
            if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        } else if text.hasPrefix("lavfi-") {
            text = text.dropFirst("lavfi-".count)
        }
        return String(text)
    }

    /// The graph text of the whole chain, entries one after another; empty for none.
    public static func graph(of entries: [String]) -> String {
        entries.map(graph(of:)).joined(separator: ",")
    }

    /// What mpv's `af` command does to the chain: `set` replaces it, `add` appends, `remove`
    /// takes out the entries named (by their text or `@label`), `toggle` adds an entry absent and
    /// removes one present, `clr` empties it. Nil for an operation it does not know.
    public static func apply(_ operation: String, _ argument: String, to chain: [String]) -> [String]? {
        let given = FilterListText.entries(argument)
        // The same text, or the same label (`@eq` alone names the entry labelled so).
        func matches(_ entry: String, _ other: String) -> Bool {
            if entry == other { return true }
            guard other.hasPrefix("@") else { return false }
            return label(of: entry) == (label(of: other) ?? String(other.dropFirst()))
        }
        switch operation {
        case "set": return given
        case "add", "append": return chain + given
        case "pre": return given + chain
        case "clr": return []
        case "remove", "del":
            return chain.filter { entry in !given.contains { matches(entry, $0) } }
        case "toggle":
            var result = chain
            for entry in given {
                if result.contains(where: { matches($0, entry) }) { result.removeAll { matches($0, entry) } } else { result.append(entry) }
            }
            return result
        default: return nil
        }
    }
}
