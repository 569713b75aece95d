import Foundation
import VPlayCore

/// One option as written on the command line, with conversions that throw an
/// `OptionError` naming the spelling the user typed.
struct OptionUse {
    /// As typed, without any `=value`: `--start`, `-ss`.
    let name: String
    /// The `=value` part or the next argument; nil for a bare flag.
    let value: String?

    func text() throws(OptionError) -> String {
        guard let value, !value.isEmpty else { throw .missingValue(name) }
        return value
    }

    /// A bare flag means yes; `--flag=yes|no` says it explicitly.
    func flag() throws(OptionError) -> Bool {
        switch value {
        case nil, "yes": return true
        case "no": return false
        case let other?: throw .invalidValue(name, other, expected: "yes or no")
        }
    }

    func time() throws(OptionError) -> Double {
        let text = try text()
        guard let seconds = ValueText.time(text) else {
            throw .invalidValue(name, text, expected: "a time (seconds or [[h:]m:]ss[.fff])")
        }
        return seconds
    }

    func number() throws(OptionError) -> Double {
        let text = try text()
        guard let number = ValueText.number(text) else { throw .invalidValue(name, text, expected: "a number") }
        return number
    }

    func number(in range: ClosedRange<Double>) throws(OptionError) -> Double {
        let number = try number()
        guard range.contains(number) else { throw .outOfRange(name, value ?? "", ValueText.describe(range)) }
        return number
    }

    /// A track: `auto`, `no`, or an id from 1.
    func track() throws(OptionError) -> TrackChoice {
        let text = try text()
        guard let choice = TrackChoice(text) else { throw .invalidValue(name, text, expected: "auto, no or a track id from 1") }
        return choice
    }

    /// A comma list of language codes, most wanted first.
    func languages() throws(OptionError) -> [String] {
        let codes = try text().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !codes.isEmpty, codes.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "-" || $0 == "_" } }) else {
            throw .invalidValue(name, value ?? "", expected: "language codes separated by commas (en,fr or eng,fre)")
        }
        return codes
    }

    /// A size in bytes (`150MiB`, `20M`, `1048576`).
    func byteSize() throws(OptionError) -> Int {
        let text = try text()
        guard let bytes = ValueText.byteSize(text) else {
            throw .invalidValue(name, text, expected: "a size (bytes, or with KiB, MiB, GiB)")
        }
        return bytes
    }

    func integer(in range: ClosedRange<Int>) throws(OptionError) -> Int {
        let text = try text()
        guard let integer = Int(text) else { throw .invalidValue(name, text, expected: "a whole number") }
        guard range.contains(integer) else {
            throw .outOfRange(name, text, "\(range.lowerBound)..\(range.upperBound)")
        }
        return integer
    }
}
