import Foundation

/// Where an exported clip goes: beside the original (a network source's in the videos folder),
/// named after it and the range, `name [mm.ss-mm.ss].mkv`, never over a file that exists (` (2)`, ` (3)`, … are added).
public enum ClipName {
    /// `seconds` as mm.ss, with hours in front past the hour (h.mm.ss): dots, as colons are
    /// awkward in file names.
    public static func stamp(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded(.down)))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours).\(two(minutes)).\(two(rest))" : "\(two(minutes)).\(two(rest))"
    }

    public static func fileName(of original: String, from a: Double, to b: Double, suffix: String = "") -> String {
        fileName(stem: ((original as NSString).lastPathComponent as NSString).deletingPathExtension, from: a, to: b, suffix: suffix)
    }

    static func fileName(stem: String, from a: Double, to b: Double, suffix: String = "") -> String {
        "\(stem) [\(stamp(a))-\(stamp(b))]\(suffix).mkv"
    }

    /// The first name for the clip that no file has yet, in the original's folder.
    public static func url(for original: String, from a: Double, to b: Double,
                           exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> URL {
        let stem = ((original as NSString).lastPathComponent as NSString).deletingPathExtension
        return url(stem: stem, in: URL(fileURLWithPath: original).deletingLastPathComponent(), from: a, to: b, exists: exists)
    }

    /// The first name for a clip named `stem` that no file has yet in `folder`.
    public static func url(stem: String, in folder: URL, from a: Double, to b: Double,
                           exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> URL {
        var candidate = folder.appendingPathComponent(fileName(stem: stem, from: a, to: b))
        var number = 2
        while exists(candidate.path) {
            candidate = folder.appendingPathComponent(fileName(stem: stem, from: a, to: b, suffix: " (\(number))"))
            number += 1
        }
        return candidate
    }

    /// Where a clip of a network source goes: `$XDG_VIDEOS_DIR`, else ~/Videos when it
    /// exists, else the working directory.
    public static func networkFolder(environment: [String: String] = ProcessInfo.processInfo.environment,
                                     isDirectory: (String) -> Bool = isDirectory) -> URL {
        if let videos = environment["XDG_VIDEOS_DIR"], !videos.isEmpty { return URL(fileURLWithPath: videos) }
        if let home = environment["HOME"], !home.isEmpty {
            let videos = URL(fileURLWithPath: home).appendingPathComponent("Videos")
            if isDirectory(videos.path) { return videos }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// A network clip's name: the media title, or the URL's last part without its extension
    /// when the title is that part; a slash, which would name a folder, becomes a dash.
    public static func stem(title: String, urlName: String) -> String {
        let stem = title.isEmpty || title == urlName ? (urlName as NSString).deletingPathExtension : title
        let clean = stem.replacingOccurrences(of: "/", with: "-")
        return clean.isEmpty ? "clip" : clean
    }

    public static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
