import Foundation

/// What the user named: a local file (a path, or a `file:` URL) or a network resource
/// (a URL whose scheme is a network protocol). Decides which protocols the source may open.
public struct SourceLocation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case local
        case network
    }

    /// As given; FFmpeg opens this.
    public let text: String
    public let kind: Kind
    /// Lower-cased, nil for a plain path.
    public let scheme: String?

    public init(_ text: String) {
        self.text = text
        let scheme = Self.scheme(of: text)
        self.scheme = scheme
        kind = scheme.map { ProtocolPolicy.networkSchemes.contains($0) } == true ? .network : .local
    }

    public var isNetwork: Bool { kind == .network }

    /// The local path a `file:` URL names (percent-decoded, as a desktop's `%U` passes files),
    /// or the text itself when it is a path; nil for other schemes.
    public var filePath: String? {
        switch scheme {
        case nil: text
        case "file": URL(string: text).map(\.path).flatMap { $0.isEmpty ? nil : $0 }
        default: nil
        }
    }

    /// The scheme a string starts with (`http` in `http://host/x`), lower-cased; nil for a path.
    /// A Windows-like drive letter or a path with a colon later on is not a scheme.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard candidate.count >= 2, let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return candidate.lowercased()
    }

    /// The name to show when the stream says none: the URL path's last component without its
    /// query, percent-decoded (`clip.mp4` for `https://host/a/clip.mp4?token=1`), else the host.
    public var displayName: String {
        guard isNetwork, let components = URLComponents(string: text) else {
            return (text as NSString).lastPathComponent
        }
        let last = components.path.split(separator: "/").last.map(String.init) ?? ""
        if !last.isEmpty { return last.removingPercentEncoding ?? last }
        return components.host ?? text
    }
}
