/// Chapter moves: `chapter` set, `add chapter ±n`, PgUp/PgDn.
extension Player {
    func goToChapter(_ destination: ChapterNavigation.Destination, now: Double) {
        let chapters = state.chapters
        switch destination {
        case .end:
            // Past the last chapter is the end of the file, as a seek past the end.
            guard let duration = state.duration else { return }
            seek(.relative(duration - state.position + 1), precision: .exact, now: now)
        case .chapter(let index):
            guard index < chapters.count else { return }
            seek(.absolute(index < 0 ? 0 : chapters[index].time), precision: .exact, now: now)
            show(Self.chapterText(index, of: chapters), now: now)
        }
    }

    /// "Chapter: Intro (1/3)"; the stretch before the first chapter is "Chapter: start".
    static func chapterText(_ index: Int, of chapters: [Chapter]) -> String {
        guard index >= 0 else { return "Chapter: start" }
        let name = chapters[index].title.map { "\($0) " } ?? ""
        return "Chapter: \(name)(\(index + 1)/\(chapters.count))"
    }
}
