/// The character set of a subtitle file, told from its bytes: what libavcodec must convert
/// from (`sub_charenc`) for the text to arrive as UTF-8.
enum SubtitleEncoding {
    /// nil for UTF-8 or a byte-order mark (read as is); else the legacy code page to convert
    /// from: `preferred` (`--sub-codepage`) when given, else CP1251 when most high bytes are
    /// Cyrillic letters there, else CP1252 (Western Europe).
    static func detect(_ bytes: some Collection<UInt8>, preferred: String? = nil) -> String? {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return nil
        }
        if let preferred, !preferred.isEmpty, preferred.lowercased() != "auto", preferred.lowercased() != "utf-8",
           preferred.lowercased() != "utf8" {
            return preferred
        }
        if isValidUTF8(bytes) { return nil }
        var cyrillic = 0, other = 0
        for byte in bytes where byte >= 0x80 {
            // CP1251 puts А..я at C0..FF; Western text has most of its accents there too, but
            // also many at 80..BF and far fewer high bytes in a row.
            if byte >= 0xC0 { cyrillic += 1 } else { other += 1 }
        }
        return cyrillic > 0 && cyrillic >= 8 * max(1, other) && looksCyrillic(bytes) ? "CP1251" : "CP1252"
    }

    static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Words of several high bytes in a row: Cyrillic text, where Western text has one accent
    /// among ASCII letters.
    private static func looksCyrillic(_ bytes: some Collection<UInt8>) -> Bool {
        var run = 0, longRuns = 0, highBytes = 0
        for byte in bytes {
            if byte >= 0xC0 { run += 1; highBytes += 1 } else {
                if run >= 3 { longRuns += run }
                run = 0
            }
        }
        if run >= 3 { longRuns += run }
        return highBytes > 0 && longRuns * 2 >= highBytes
    }
}
