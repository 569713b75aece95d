import Foundation

/// One subtitle line: when it shows and what it says.
public struct SubtitleEvent: Sendable, Equatable {
    /// Media seconds (the file's start time included), end exclusive.
    public var start: Double
    public var end: Double
    /// The words, without styling: mpv's `sub-text`.
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }

    /// The text of an ASS event line as libavcodec gives it
    /// (`ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`), with override
    /// blocks (`{\b1}`) removed and `\N` as a line break.
    static func plainText(ofASSEvent line: String) -> String {
        var fields = 0
        var index = line.startIndex
        while fields < 8, let comma = line[index...].firstIndex(of: ",") {
            index = line.index(after: comma)
            fields += 1
        }
        let text = fields == 8 ? line[index...] : Substring(line)
        var plain = ""
        var inOverride = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "{": inOverride = true
            case "}" where inOverride: inOverride = false
            case _ where inOverride: break
            case "\\":
                switch iterator.next() {
                case "N", "n": plain.append("\n")
                case "h": plain.append(" ")
                case let other?: plain.append("\\"); plain.append(other)
                case nil: plain.append("\\")
                }
            default: plain.append(character)
            }
        }
        return plain.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
