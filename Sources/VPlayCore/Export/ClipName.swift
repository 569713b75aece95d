import Foundation

/// Where an exported clip goes: beside the original, named after it and the range,
/// `name [mm.ss-mm.ss].mkv`, never over a file that exists (` (2)`, ` (3)`, … are added).
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
        let stem = ((original as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(stem) [\(stamp(a))-\(stamp(b))]\(suffix).mkv"
    }

    /// The first name for the clip that no file has yet, in the original's folder.
    public static func url(for original: String, from a: Double, to b: Double,
                           exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> URL {
        let folder = URL(fileURLWithPath: original).deletingLastPathComponent()
        var candidate = folder.appendingPathComponent(fileName(of: original, from: a, to: b))
        var number = 2
        while exists(candidate.path) {
            candidate = folder.appendingPathComponent(fileName(of: original, from: a, to: b, suffix: " (\(number))"))
            number += 1
        }
        return candidate
    }
}
