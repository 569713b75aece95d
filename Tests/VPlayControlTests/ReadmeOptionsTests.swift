import Foundation
import TestSupport
import XCTest
@testable import VPlayControl

/// The README's option table says what `--help` says: every option of the help is a row, with
/// the same meaning and default, and every option in the table parses.
final class ReadmeOptionsTests: XCTestCase {
    private struct Row: Equatable {
        var usages: [String]
        var meaning: String
        var defaultValue: String
    }

    /// The rows of the table under `## Options` in README.md.
    private func readmeRows() throws -> [Row] {
        let text = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "## Options"), "README has no '## Options' section")
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        return section.filter { $0.hasPrefix("| `-") }.map { line in
            // `\|` is a bar inside a cell.
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|")
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{1}", with: "|") }
            let usages = cells[0].components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            return Row(usages: usages, meaning: cells[1], defaultValue: cells.count > 2 ? cells[2] : "")
        }
    }

    /// The rows of `--help`, split the same way.
    private func helpRows() -> [Row] {
        OptionParser.helpText().split(separator: "\n").filter { $0.hasPrefix("  -") }.map { line in
            let trimmed = line.dropFirst(2)
            let usage = trimmed.components(separatedBy: "  ")[0]
            let text = trimmed.dropFirst(usage.count).trimmingCharacters(in: .whitespaces)
            let split = text.range(of: " (default: ", options: .backwards)!
            return Row(usages: usage.components(separatedBy: ", "), meaning: String(text[..<split.lowerBound]),
                       defaultValue: String(text[split.upperBound...].dropLast()))
        }
    }

    func testEveryOptionOfTheHelpIsInTheReadmeTable() throws {
        let readme = try readmeRows()
        XCTAssertGreaterThan(readme.count, 50)
        for row in helpRows() {
            guard let found = readme.first(where: { $0.usages == row.usages }) else {
                XCTFail("README's option table lacks \(row.usages.joined(separator: ", "))")
                continue
            }
            XCTAssertEqual(found.meaning, row.meaning, "meaning of \(row.usages[0])")
            XCTAssertEqual(found.defaultValue, row.defaultValue, "default of \(row.usages[0])")
        }
    }

    func testEveryOptionInTheReadmeTableIsAccepted() throws {
        for row in try readmeRows() {
            for usage in row.usages {
                // `--opt=VALUE`, `-opt VALUE`, `--opt[=VALUE]` or a bare flag.
                let name: String
                var value: [String] = []
                if let bracket = usage.firstIndex(of: "[") {
                    name = String(usage[..<bracket])
                } else if let equals = usage.firstIndex(of: "=") {
                    name = String(usage[..<equals])
                    value = [Self.sample(String(usage[usage.index(after: equals)...]))]
                } else if let space = usage.firstIndex(of: " ") {
                    name = String(usage[..<space])
                    value = [Self.sample(String(usage[usage.index(after: space)...]))]
                } else {
                    name = usage
                }
                XCTAssertNoThrow(try OptionParser.parse([name] + value + ["a.mp4"]), "README's \(usage)")
            }
        }
    }

    /// A value its placeholder accepts.
    private static func sample(_ placeholder: String) -> String {
        let samples = ["TIME": "1", "N": "2", "PERCENT": "100", "X": "1", "WxH": "2x2", "W": "2", "H": "2", "ID": "1",
                       "SECONDS": "-0.5", "PIXELS": "40", "#RRGGBB": "#FFFF00", "SECS": "5", "SIZE": "20MiB",
                       "W:H": "16:9", "WxH+X+Y": "20x20+2+2",
                       "FIELDS": "X-A: b", "KINDS": "video,audio", "NITS": "1000", "LANGS": "en",
                       "LUFS": "-16"]
        if let sample = samples[placeholder] { return sample }
        // A list of choices (`auto|yes|no`): the first.
        if placeholder.contains("|") { return String(placeholder.split(separator: "|")[0]) }
        return "text"
    }
}
