/// JSON string literals, written by hand where a whole encoder is not wanted (one line of the
/// watch history, IPC replies).
public enum JSONString {
    /// Appends `text` as a JSON string. Control characters are escaped, so a newline in a
    /// file name cannot split a line of JSON in two.
    public static func append(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
