import Foundation

/// Writing the A-B range (or the chapter playing) to a clip beside the file (a network
/// source's from its demuxer cache), with its progress on screen.
extension Player {
    func exportClip(now: Double) {
        if let clipExport, case .writing = clipExport.job.status {
            show("A clip is being written already", now: now)
            return
        }
        let source = file.source
        guard let range = exportRange else {
            show("Nothing to export: set A and B first (l)", now: now, seconds: 3)
            return
        }
        if source.isNetwork {
            guard demuxerCacheEnabled else {
                show("Export of a network source needs its cache (--cache)", now: now, seconds: 3)
                return
            }
            let urlName = source.location.displayName
            let destination = ClipName.url(stem: ClipName.stem(title: state.title, urlName: urlName), in: ClipName.networkFolder(),
                                           from: range.a, to: range.b)
            clipExport = (ClipExport(cacheOf: demuxer, startTime: file.startTime, path: source.text, range: range,
                                     destination: destination), -1)
        } else {
            let destination = ClipName.url(for: source.location.filePath ?? source.text, from: range.a, to: range.b)
            clipExport = (ClipExport(source: source, range: range, destination: destination, options: options), -1)
        }
        show("Exporting clip: 0 %", now: now, seconds: 2)
    }

    /// The A-B loop's points when both are set, else the chapter playing.
    var exportRange: ClipWriter.Range? {
        if let a = abLoop.a, let b = abLoop.b, b > a { return ClipWriter.Range(a: a, b: b) }
        let chapters = state.chapters, index = state.chapterIndex
        guard chapters.indices.contains(index) else { return nil }
        let end = index + 1 < chapters.count ? chapters[index + 1].time : state.duration
        guard let end, end > chapters[index].time else { return nil }
        return ClipWriter.Range(a: chapters[index].time, b: end)
    }

    /// Each turn while a clip is written: its progress (when it moved), then where it went or
    /// why it failed.
    func followExport(now: Double, into tick: inout Tick) {
        guard let (job, shown) = clipExport else { return }
        switch job.status {
        case .writing(let share):
            let percent = Int(share * 100)
            if percent != shown {
                show("Exporting clip: \(percent) %", now: now, seconds: 2)
                clipExport = (job, percent)
            }
            tick.wakeAt = min(tick.wakeAt, now + 0.25)
        case .saved(let url):
            show("Clip saved: \(url.path)" + (job.notice.map { " (\($0))" } ?? ""), now: now, seconds: 4)
            clipExport = nil
        case .failed(let reason):
            show("Export failed: \(reason)", now: now, seconds: 4)
            clipExport = nil
        }
    }
}
