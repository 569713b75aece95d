import Foundation

/// Finding a moment by its words: the next subtitle line containing a phrase, ignoring case and
/// accents ("ete" finds "Été"), looking from just after the position and then round from the start.
public enum SubtitleSearch {
    /// `text` as compared: lower case, accents and line breaks gone.
    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// The first line starting after `time` that contains `phrase`, else the first one from the
    /// start; nil when no line has it (or the phrase is blank).
    public static func next(_ phrase: String, in lines: [SubtitleEvent], after time: Double) -> SubtitleEvent? {
        let wanted = folded(phrase).trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        let matches = lines.lazy.filter { folded($0.text).contains(wanted) }
        // A little past `time`: the line just jumped to is not found again.
        return matches.first { $0.start > time + 0.01 } ?? matches.first
    }
}
