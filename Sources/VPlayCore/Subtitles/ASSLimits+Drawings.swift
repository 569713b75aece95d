import Foundation

/// Bounds on ASS drawings: the shapes between `{\p1}` and `{\p0}` and vector clips
/// (`\clip(m …)`, `\iclip(…)`). libass rasterises a drawing whole, however far it reaches: a
/// square 5000 units wide takes about a gigabyte. Every number of a drawing is kept within
/// reach of its origin: twice the script's height (as the letters), for drawings at the
/// largest `\fscx`/`\fscy` of their line.
extension ASSLimits {
    /// The drawing level each block leaves (`\p2` → 2, `\p0` → 0), starting from `level`.
    static func drawingLevel(after block: Substring, from level: Int) -> Int {
        var level = level
        var rest = block
        while let slash = rest.firstIndex(of: "\\") {
            rest = rest[rest.index(after: slash)...]
            guard rest.first == "p" else { continue }
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            if let value = Int(digits.prefix(4)) { level = value }
        }
        return level
    }

    /// How much the line's drawings may be stretched: its largest `\fscx`/`\fscy`, at least 100 %.
    static func stretch(of line: String) -> Double {
        var largest = 100.0
        for tag in ["\\fscx", "\\fscy"] {
            var rest = line[...]
            while let range = rest.range(of: tag) {
                rest = rest[range.upperBound...]
                let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
                if let value = Double(number) { largest = max(largest, value) }
            }
        }
        return largest / 100
    }

    /// The farthest a drawing at `level` (whose units are 2^(level-1) times finer) stretched by
    /// `stretch` may reach, in its own units.
    func drawingBound(level: Int, stretch: Double) -> Double {
        fontSize * pow(2, Double(min(max(level, 1), 32) - 1)) / max(1, min(stretch, scalePercent / 100))
    }

    /// The arguments of a vector clip (`m 0 0 l …`, after an optional scale) within bounds; a
    /// rectangle clip is left as it is.
    func clampClip(_ arguments: Substring) -> String {
        guard arguments.contains(where: { $0 == "m" || $0 == "n" }) else { return String(arguments) }
        var level = 1
        var commands = arguments
        if let comma = arguments.firstIndex(of: ","), let scale = Int(arguments[..<comma].trimmingCharacters(in: .whitespaces)) {
            level = scale
            commands = arguments[arguments.index(after: comma)...]
        }
        return arguments[..<commands.startIndex] + Self.clampNumbers(in: commands, to: drawingBound(level: level, stretch: 1))
    }

    /// `commands` with every number (`-12`, `3.5`, `1e9`) brought within ±`limit`.
    static func clampNumbers(in commands: Substring, to limit: Double) -> String {
        var output = ""
        var index = commands.startIndex
        while index < commands.endIndex {
            let end = numberEnd(in: commands, from: index)
            guard end > index else {
                output.append(commands[index])
                index = commands.index(after: index)
                continue
            }
            let number = commands[index..<end]
            if let value = Double(number), !(abs(value) <= limit) {
                output += String(format: "%g", value < 0 ? -limit : limit)
            } else {
                output += number
            }
            index = end
        }
        return output
    }

    /// Where a number starting at `start` ends (`start` when none starts there).
    private static func numberEnd(in text: Substring, from start: Substring.Index) -> Substring.Index {
        var index = start
        func skip(_ accepted: (Character) -> Bool) -> Bool {
            let before = index
            while index < text.endIndex, accepted(text[index]) { index = text.index(after: index) }
            return index > before
        }
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        _ = skip { $0 == "-" || $0 == "+" }
        var digits = skip(isDigit)
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            digits = skip(isDigit) || digits
        }
        guard digits else { return start }
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            let mantissaEnd = index
            index = text.index(after: index)
            _ = skip { $0 == "-" || $0 == "+" }
            if !skip(isDigit) { index = mantissaEnd }
        }
        return index
    }
}
