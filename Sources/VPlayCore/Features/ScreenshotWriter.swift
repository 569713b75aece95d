import CFFmpeg
import Foundation

/// Why a screenshot was not saved, worded for the on-screen message.
struct ScreenshotError: Error, Equatable, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write screenshot '\(path)': \(reason)" }
}

/// Saves decoded video frames as PNG files (mpv's `s` and `S` keys: with or without subtitles, never the OSD).
enum ScreenshotWriter {
    /// Writes `frame` at its decoded size, converted to RGB24, as a PNG at `url`; `decorate`
    /// may paint over the RGB24 pixels first (subtitles). The file appears complete or not at all.
    static func writePNG(of frame: UnsafeMutablePointer<AVFrame>, to url: URL,
                         decorate: (_ rgb: UnsafeMutablePointer<UInt8>, _ pitch: Int) -> Void = { _, _ in }) throws(ScreenshotError) {
        let png: [UInt8]
        do throws(EncodingFailure) {
            let rgb = try RGBConverter(for: frame).convert(frame)
            if let pixels = rgb.pointer.pointee.data.0 { decorate(pixels, Int(rgb.pointer.pointee.linesize.0)) }
            png = try PNGEncoder(width: frame.pointee.width, height: frame.pointee.height).encode(rgb.pointer)
        } catch {
            throw ScreenshotError(path: url.path, reason: error.reason)
        }
        do throws(FileSystem.Failure) {
            try FileSystem.replace(url, with: png, permissions: 0o666)
        } catch {
            throw ScreenshotError(path: url.path, reason: error.reason)
        }
    }

    /// `<media base name>-HH-MM-SS.mmm.png`, e.g. `clip-00-01-02.345.png`, with every
    /// character that is not a letter, digit, `-`, `_` or `.` replaced by `_`.
    static func fileName(mediaPath: String, position: Double) -> String {
        let milliseconds = position.isFinite ? Int((max(0, position) * 1000).rounded()) : 0
        let seconds = milliseconds / 1000
        let stamp = "\(padded(seconds / 3600))-\(padded(seconds / 60 % 60))-\(padded(seconds % 60))"
            + ".\(padded(milliseconds % 1000, width: 3))"
        return "\(baseName(of: mediaPath))-\(stamp).png"
    }

    /// `directory/name`, or the first of `name-1`, `name-2`, … (before the extension) that
    /// does not exist yet.
    static func uniqueURL(in directory: URL, name: String) -> URL {
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension.isEmpty ? "" : "." + (name as NSString).pathExtension
        var candidate = directory.appendingPathComponent(name)
        var number = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = directory.appendingPathComponent("\(stem)-\(number)\(suffix)")
            number += 1
        }
        return candidate
    }

    /// The media file's name without extension, made safe: no separators or shell
    /// metacharacters, not hidden, and short enough to leave room for the stamp and a
    /// temporary-file suffix within the 255-byte name limit.
    private static func baseName(of mediaPath: String) -> String {
        let name = ((mediaPath as NSString).lastPathComponent as NSString).deletingPathExtension
        var safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        while safe.hasPrefix(".") { safe.removeFirst() }
        while safe.utf8.count > 150 { safe.removeLast() }
        return safe.isEmpty ? "screenshot" : safe
    }

    private static func padded(_ value: Int, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
