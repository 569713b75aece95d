import Foundation
import VPlayCore

/// What `OpenUri` takes: local files (as `file://` URLs or paths) and the network schemes
/// the player reads; anything else is refused before it reaches the player.
enum MPRISOpenURI {
    static let schemes = ["file", "http", "https"]

    static let mimeTypes = [
        "video/mp4", "video/x-matroska", "video/webm", "video/quicktime", "video/x-msvideo", "video/mpeg",
        "video/ogg", "video/x-flv", "video/mp2t", "audio/mpeg", "audio/mp4", "audio/ogg", "audio/flac",
        "audio/x-wav", "audio/webm", "audio/x-matroska", "application/vnd.apple.mpegurl", "application/dash+xml",
    ]

    /// The lowercased scheme of `text` (`http` in `http://…`), nil when it has none.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }

    /// The command that opens `uri`.
    /// - Throws: for a scheme vplay does not read, or a local file that does not exist.
    static func command(opening uri: String) throws(MPRISError) -> PlayerCommand {
        guard !uri.isEmpty else { throw .invalidArguments("OpenUri needs a URI") }
        switch scheme(of: uri) {
        case "http", "https":
            return .loadFile(uri)
        case "file":
            guard let url = URL(string: uri), url.isFileURL, !url.path.isEmpty else {
                throw .invalidArguments("'\(uri)' is not a file URL")
            }
            return try openingFile(url.path)
        case nil:
            return try openingFile(uri)
        case let other?:
            throw .notSupported("vplay does not open \(other): URIs (it opens \(schemes.joined(separator: ", ")))")
        }
    }

    private static func openingFile(_ path: String) throws(MPRISError) -> PlayerCommand {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .fileNotFound("no file at '\(path)'")
        }
        return .loadFile(path)
    }
}
