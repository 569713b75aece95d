import Foundation

/// A playlist file named on the command line (`.m3u`, an `.m3u8` of plain entries, `.pls`):
/// its entries join vplay's playlist in its place. An HLS playlist (`#EXT-X-` tags) is a
/// stream, not a list, and plays as one. Only local playlist files are read: a list fetched
/// from a server could name local files, which a network source may never open.
public enum PlaylistFile {
    static let extensions: Set<String> = ["m3u", "m3u8", "pls"]

    /// `files` with each local playlist file replaced by its entries; a playlist that cannot be
    /// read, or holds nothing, stays as given (its open then says what is wrong). `file:` URLs
    /// (a desktop's `%U`) become the paths they name.
    public static func expand(_ files: [String]) -> [String] {
        files.flatMap { given -> [String] in
            let named = SourceLocation(given)
            let file = named.scheme == "file" ? named.filePath ?? given : given
            let location = SourceLocation(file)
            guard location.kind == .local, location.scheme == nil,
                  extensions.contains((file as NSString).pathExtension.lowercased()),
                  let data = FileManager.default.contents(atPath: file), data.count <= 16 << 20,
                  let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else { return [file] }
            let entries = Self.entries(in: text, isPLS: file.lowercased().hasSuffix(".pls"),
                                       directory: (file as NSString).deletingLastPathComponent)
            return entries?.isEmpty == false ? entries! : [file]
        }
    }

    /// The entries of a playlist's `text`, relative paths resolved against `directory`; nil
    /// when the text is an HLS playlist.
    static func entries(in text: String, isPLS: Bool, directory: String) -> [String]? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.contains(where: { $0.hasPrefix("#EXT-X-") }) { return nil }
        let named: [String]
        if isPLS {
            named = lines.compactMap { line in
                guard line.lowercased().hasPrefix("file"), let equals = line.firstIndex(of: "=") else { return nil }
                return String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            }
        } else {
            named = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return named.filter { !$0.isEmpty }.map { entry in
            if SourceLocation(entry).scheme != nil || entry.hasPrefix("/") || directory.isEmpty { return entry }
            return (directory as NSString).appendingPathComponent(entry)
        }
    }
}
