/// Strict text-to-value conversions for options: no exponents, `inf` or hex
/// that `Double(_:)` would quietly accept.
enum ValueText {
    /// Seconds (`90`, `1.5`) or `[[h:]m:]ss[.fff]`; never negative.
    static func time(_ text: String) -> Double? {
        let body = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let seconds = decimal(parts[parts.count - 1]) else { return nil }
        var total = seconds
        for (part, unit) in zip(parts.dropLast().reversed(), [60.0, 3600.0]) {
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit), let whole = Int(part) else { return nil }
            total += Double(whole) * unit
        }
        return total
    }

    /// A decimal number with an optional sign: `130`, `-2`, `0.25`, `.5`.
    static func number(_ text: String) -> Double? {
        let sign: Double = text.hasPrefix("-") ? -1 : 1
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return decimal(body).map { sign * $0 }
    }

    /// A size in bytes: a whole number with an optional unit, `KiB`, `MiB` or `GiB` (powers of
    /// 1024, as mpv's), or `k`/`M`/`G` meaning the same.
    static func byteSize(_ text: String) -> Int? {
        let units: [(suffix: String, factor: Int)] = [
            ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("k", 1 << 10), ("K", 1 << 10),
            ("M", 1 << 20), ("G", 1 << 30), ("B", 1),
        ]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1)
        guard let amount = number(String(text.dropLast(unit.suffix.count))), amount >= 0 else { return nil }
        let bytes = amount * Double(unit.factor)
        guard bytes <= Double(Int.max / 2) else { return nil }
        return Int(bytes.rounded())
    }

    /// `0..130`, `0.25..4`: whole numbers print without a fraction.
    static func describe(_ range: ClosedRange<Double>) -> String {
        "\(describe(range.lowerBound))..\(describe(range.upperBound))"
    }

    static func describe(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Unsigned digits with at most one point and at least one digit.
    private static func decimal(_ text: Substring) -> Double? {
        let digits = text.filter(\.isASCIIDigit).count
        guard digits > 0, digits + (text.contains(".") ? 1 : 0) == text.count else { return nil }
        return Double(text)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
