import Foundation

/// Bounds on what a subtitle script may ask of libass. A font size of 100000 makes glyph
/// bitmaps of gigabytes; no real script needs letters twice the picture's height, outlines a
/// quarter of that, or stretching past ten times. Sizes are in script units (of `PlayResY`).
struct ASSLimits: Equatable, Sendable {
    let fontSize: Double
    let border: Double
    let scalePercent: Double = 1000
    let blur: Double = 50

    /// Limits for a script `playResY` units high (libass takes 288 when the script says nothing).
    init(playResY: Double) {
        let height = playResY > 0 && playResY.isFinite ? max(playResY, 288) : 288
        fontSize = height * 2
        border = fontSize / 4
    }

    /// The script's height as its header gives it (`PlayResY: 1080`), 288 when absent.
    static func playResY(ofHeader header: [UInt8]) -> Double {
        let text = String(decoding: header.prefix(64 * 1024), as: UTF8.self)
        guard let range = text.range(of: "PlayResY:", options: .caseInsensitive) else { return 288 }
        let digits = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber || $0 == "." }
        return Double(digits) ?? 288
    }

    /// `line` with every size-like override tag (`\fs`, `\fscx`, `\bord`, `\blur`, …) inside
    /// its `{…}` blocks and every drawing brought within bounds; other text is left alone.
    func clamp(_ line: String) -> String {
        guard line.contains("{") else { return line }
        let stretch = Self.stretch(of: line)
        var level = 0
        func text(_ part: Substring) -> String {
            level > 0 ? Self.clampNumbers(in: part, to: drawingBound(level: level, stretch: stretch)) : String(part)
        }
        var result = ""
        var rest = line[...]
        while let open = rest.firstIndex(of: "{") {
            result += text(rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}") else {
                result += clampBlock(rest[open...])
                return result
            }
            let block = rest[open...close]
            result += clampBlock(block)
            level = Self.drawingLevel(after: block, from: level)
            rest = rest[rest.index(after: close)...]
        }
        return result + text(rest)
    }

    /// Longest names first, so that `\fs` does not take `\fscx`'s place.
    private static let tags: [(name: String, kind: Kind)] = [
        ("fscx", .scale), ("fscy", .scale), ("fsp", .size), ("fs", .size), ("xbord", .border), ("ybord", .border),
        ("bord", .border), ("xshad", .border), ("yshad", .border), ("shad", .border), ("blur", .blur), ("be", .blur),
    ]

    private enum Kind { case size, scale, border, blur }

    private func bound(for kind: Kind) -> Double {
        switch kind {
        case .size: fontSize
        case .scale: scalePercent
        case .border: border
        case .blur: blur
        }
    }

    private func clampBlock(_ block: Substring) -> String {
        var output = ""
        var index = block.startIndex
        while index < block.endIndex {
            let character = block[index]
            output.append(character)
            index = block.index(after: index)
            guard character == "\\" else { continue }
            if let clip = ["clip(", "iclip("].first(where: { block[index...].hasPrefix($0) }),
               let close = block[index...].firstIndex(of: ")") {
                let arguments = block.index(index, offsetBy: clip.count)
                output += block[index..<arguments] + clampClip(block[arguments..<close])
                index = close
                continue
            }
            guard let tag = Self.tags.first(where: { block[index...].hasPrefix($0.name) }) else { continue }
            let nameEnd = block.index(index, offsetBy: tag.name.count)
            let number = block[nameEnd...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
            output += tag.name
            index = nameEnd
            guard !number.isEmpty else { continue }
            let limit = bound(for: tag.kind)
            if let value = Double(number), abs(value) > limit {
                output += String(format: "%g", value < 0 ? -limit : limit)
            } else {
                output += number
            }
            index = block.index(index, offsetBy: number.count)
        }
        return output
    }
}
