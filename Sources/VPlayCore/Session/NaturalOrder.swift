/// The order people expect of file names: `S01E2` before `S01E10`, `file9` before `file10`,
/// `Clip` beside `clip`. Runs of ASCII digits compare by their value, letters regardless of
/// case; what still ties (`01` and `1`, `A` and `a`) is settled so that the order is total and
/// a sort by it does not depend on the order it was given:
/// fewer leading zeros first, then the plain UTF-8 byte order.
///
/// Letters beyond ASCII compare by code point once lower-cased (no locale's collation): a
/// folder sorts the same on every machine, and a comparison reads the bytes in place.
public enum NaturalOrder {
    /// True when `a` sorts before `b`; `names.sorted(by: NaturalOrder.precedes)`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`; zero only when equal.
    static func compare(_ a: String, _ b: String) -> Int {
        // A native string's bytes, read in place (a small one's from the stack).
        let inPlace = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
        }
        if let order = inPlace ?? nil { return order }
        var a = a, b = b
        return a.withUTF8 { left in b.withUTF8 { right in compare(left, right) } }
    }

    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        // The first difference in leading zeros, should everything else be equal.
        var zeroTie = 0
        while i < a.count && j < b.count {
            let x = a[i], y = b[j]
            let xIsDigit = isDigit(x), yIsDigit = isDigit(y)
            if xIsDigit && yIsDigit {
                let order = compareNumbers(a, &i, b, &j, zeroTie: &zeroTie)
                if order != 0 { return order }
                continue
            }
            if x < 0x80 && y < 0x80 {
                // A digit run against anything else compares as its first digit would; no
                // other character lies between `0` and `9`, so every run stands in one place.
                let fx = xIsDigit ? 0x30 : lower(x), fy = yIsDigit ? 0x30 : lower(y)
                if fx != fy { return Int(fx) - Int(fy) }
                i += 1
                j += 1
                continue
            }
            let (sx, nx) = scalar(a, at: i), (sy, ny) = scalar(b, at: j)
            if sx != sy {
                let fx = xIsDigit ? 0x30 : folded(sx), fy = yIsDigit ? 0x30 : folded(sy)
                if fx != fy { return fx < fy ? -1 : 1 }
            }
            i += nx
            j += ny
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        if zeroTie != 0 { return zeroTie }
        return bytewise(a, b)
    }

    /// Compares the digit runs at `i` and `j` by value and moves both past them.
    private static func compareNumbers(_ a: UnsafeBufferPointer<UInt8>, _ i: inout Int,
                                       _ b: UnsafeBufferPointer<UInt8>, _ j: inout Int,
                                       zeroTie: inout Int) -> Int {
        let startA = i, startB = j
        while i < a.count && a[i] == 0x30 { i += 1 }
        while j < b.count && b[j] == 0x30 { j += 1 }
        let significantA = i, significantB = j
        while i < a.count && isDigit(a[i]) { i += 1 }
        while j < b.count && isDigit(b[j]) { j += 1 }
        // Without leading zeros the longer run is the larger number, however long both are.
        let lengthA = i - significantA, lengthB = j - significantB
        if lengthA != lengthB { return lengthA - lengthB }
        for k in 0..<lengthA where a[significantA + k] != b[significantB + k] {
            return Int(a[significantA + k]) - Int(b[significantB + k])
        }
        if zeroTie == 0 { zeroTie = (i - startA) - (j - startB) }
        return 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// The scalar whose UTF-8 starts at `index`, and how many bytes it takes. Swift strings
    /// hold valid UTF-8; a cut-off sequence still reads as something rather than trapping.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length > 1, index + length <= bytes.count else { return (UInt32(lead), 1) }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for k in 1..<length { value = value << 6 | UInt32(bytes[index + k] & 0x3F) }
        return (value, length)
    }

    /// The lower-case form of a scalar when it is one scalar (`É` → `é`), else the scalar.
    private static func folded(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return value }
        if value < 0x80 { return UInt32(lower(UInt8(value))) }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        guard let first = mapping.first, mapping.count == 1 else { return value }
        return first.value
    }

    private static func bytewise(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        for k in 0..<min(a.count, b.count) where a[k] != b[k] { return Int(a[k]) - Int(b[k]) }
        return a.count - b.count
    }
}
