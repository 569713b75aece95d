import Foundation

/// The everyday features that sit on top of playback: on-screen messages, the A-B loop
/// and screenshots.
extension Player {
    /// Puts `text` on screen for `seconds` (the overlay fades it out).
    func show(_ text: String, now: Double, seconds: Double = 1.5) {
        state.message = text
        state.messageExpiry = now + seconds
    }

    static func speedText(_ speed: Double) -> String {
        let rounded = (speed * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    func showABLoop(now: Double) {
        state.abLoopA = abLoop.a
        state.abLoopB = abLoop.b
        show(abLoop.message, now: now)
    }

    /// Saves the picture on screen at its native size as a PNG and says where it went.
    func saveScreenshot(includingSubtitles: Bool, now: Double) {
        guard let frame = currentFrame else {
            show("No picture to save", now: now)
            return
        }
        let directory = URL(fileURLWithPath: options.screenshotDirectory ?? FileManager.default.currentDirectoryPath)
        let name = ScreenshotWriter.fileName(mediaPath: state.path, position: state.position)
        let url = ScreenshotWriter.uniqueURL(in: directory, name: name)
        do {
            let width = Int(frame.pointer.pointee.width), height = Int(frame.pointer.pointee.height)
            let equalizer = state.display.equalizer, colorimetry = Colorimetry(of: frame.pointer)
            try ScreenshotWriter.writePNG(of: frame.pointer, to: url) { rgb, pitch in
                equalizer.apply(toRGB: rgb, pitch: pitch, width: width, height: height, colorimetry: colorimetry)
                if includingSubtitles { paintSubtitles(onRGB: rgb, pitch: pitch, width: width, height: height) }
            }
            show("Screenshot: \(url.path)", now: now, seconds: 3)
        } catch {
            show("\(error)", now: now, seconds: 4)
        }
    }
}

extension Player {
    /// The one line a burst of damage gets: where, and how much.
    static func damageLine(stream: String, _ burst: DamageTracker.Burst, startTime: Double) -> String {
        let from = TimeFormat.label(burst.from.isFinite ? burst.from - startTime : nil)
        let to = TimeFormat.label(burst.to.isFinite ? burst.to - startTime : nil)
        let place = from == to ? "at \(from)" : "from \(from) to \(to)"
        let count = burst.errors == 1 ? "1 decode error" : "\(burst.errors) decode errors"
        return "\(stream): damaged data \(place) (\(count)); playing on"
    }
}
