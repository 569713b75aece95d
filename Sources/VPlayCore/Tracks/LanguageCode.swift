/// ISO 639 language codes as files tag tracks and users name them: two letters (639-1),
/// three (639-2/T), or the bibliographic three (639-2/B: `fre`, `ger`, `chi`). `en` and
/// `eng` name the same language.
public enum LanguageCode {
    private struct Entry {
        let two: String
        let three: [String]
        let name: String
    }

    private static let entries: [Entry] = [
        Entry(two: "ar", three: ["ara"], name: "Arabic"),
        Entry(two: "bg", three: ["bul"], name: "Bulgarian"),
        Entry(two: "ca", three: ["cat"], name: "Catalan"),
        Entry(two: "cs", three: ["ces", "cze"], name: "Czech"),
        Entry(two: "da", three: ["dan"], name: "Danish"),
        Entry(two: "de", three: ["deu", "ger"], name: "German"),
        Entry(two: "el", three: ["ell", "gre"], name: "Greek"),
        Entry(two: "en", three: ["eng"], name: "English"),
        Entry(two: "es", three: ["spa"], name: "Spanish"),
        Entry(two: "et", three: ["est"], name: "Estonian"),
        Entry(two: "fa", three: ["fas", "per"], name: "Persian"),
        Entry(two: "fi", three: ["fin"], name: "Finnish"),
        Entry(two: "fr", three: ["fra", "fre"], name: "French"),
        Entry(two: "he", three: ["heb"], name: "Hebrew"),
        Entry(two: "hi", three: ["hin"], name: "Hindi"),
        Entry(two: "hr", three: ["hrv"], name: "Croatian"),
        Entry(two: "hu", three: ["hun"], name: "Hungarian"),
        Entry(two: "id", three: ["ind"], name: "Indonesian"),
        Entry(two: "is", three: ["isl", "ice"], name: "Icelandic"),
        Entry(two: "it", three: ["ita"], name: "Italian"),
        Entry(two: "ja", three: ["jpn"], name: "Japanese"),
        Entry(two: "ko", three: ["kor"], name: "Korean"),
        Entry(two: "lt", three: ["lit"], name: "Lithuanian"),
        Entry(two: "lv", three: ["lav"], name: "Latvian"),
        Entry(two: "ms", three: ["msa", "may"], name: "Malay"),
        Entry(two: "nl", three: ["nld", "dut"], name: "Dutch"),
        Entry(two: "no", three: ["nor", "nob", "nno"], name: "Norwegian"),
        Entry(two: "pl", three: ["pol"], name: "Polish"),
        Entry(two: "pt", three: ["por"], name: "Portuguese"),
        Entry(two: "ro", three: ["ron", "rum"], name: "Romanian"),
        Entry(two: "ru", three: ["rus"], name: "Russian"),
        Entry(two: "sk", three: ["slk", "slo"], name: "Slovak"),
        Entry(two: "sl", three: ["slv"], name: "Slovenian"),
        Entry(two: "sr", three: ["srp"], name: "Serbian"),
        Entry(two: "sv", three: ["swe"], name: "Swedish"),
        Entry(two: "th", three: ["tha"], name: "Thai"),
        Entry(two: "tr", three: ["tur"], name: "Turkish"),
        Entry(two: "uk", three: ["ukr"], name: "Ukrainian"),
        Entry(two: "vi", three: ["vie"], name: "Vietnamese"),
        Entry(two: "zh", three: ["zho", "chi"], name: "Chinese"),
    ]

    private static let byCode: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            table[entry.two] = index
            for code in entry.three { table[code] = index }
        }
        return table
    }()

    /// True when both name the same language; codes outside the table match only themselves.
    /// Region suffixes (`en-US`, `pt_BR`) are ignored.
    public static func matches(_ a: String, _ b: String) -> Bool {
        let a = primary(a), b = primary(b)
        if a == b { return true }
        guard let left = byCode[a], let right = byCode[b] else { return false }
        return left == right
    }

    /// The language's English name, nil for a code outside the table.
    public static func name(of code: String) -> String? {
        byCode[primary(code)].map { entries[$0].name }
    }

    private static func primary(_ code: String) -> String {
        let lower = code.lowercased()
        return String(lower.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(lower))
    }
}
