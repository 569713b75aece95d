import Foundation

/// Shoutcast/Icecast metadata as FFmpeg's http protocol keeps it.
enum IcyMetadata {
    /// The title in a metadata packet: `StreamTitle='Artist - Song';StreamUrl='';`.
    static func streamTitle(in packet: String) -> String? {
        guard let start = packet.range(of: "StreamTitle='") else { return nil }
        let rest = packet[start.upperBound...]
        // The title may itself hold quotes; it ends at the quote before the next field.
        let end = rest.range(of: "';")?.lowerBound ?? rest.lastIndex(of: "'") ?? rest.endIndex
        let title = rest[..<end].trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }

    /// The station's name from the response headers (`icy-name: Radio X`, one per line).
    static func stationName(in headers: String) -> String? {
        for line in headers.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "icy-name" else { continue }
            let name = parts[1].trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
        return nil
    }
}
