/// Splits a byte stream into `\n`-terminated lines, refusing to hold an
/// unfinished line longer than `limit` so a client cannot make the server buffer forever.
struct LineBuffer {
    enum Next: Equatable {
        /// A complete line without its `\n` (or `\r\n`).
        case line([UInt8])
        case needMore
        /// The current line exceeds the limit; the stream cannot be resynchronised.
        case tooLong
    }

    let limit: Int
    private var bytes: [UInt8] = []
    /// Where the next line starts; consumed bytes are dropped lazily.
    private var start = 0
    /// Bytes before this index are known not to contain `\n`.
    private var scanned = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ chunk: some Collection<UInt8>) {
        if start > 0 {
            bytes.removeFirst(start)
            scanned -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    mutating func next() -> Next {
        guard let newline = bytes[scanned...].firstIndex(of: 0x0A) else {
            scanned = bytes.count
            return bytes.count - start > limit ? .tooLong : .needMore
        }
        guard newline - start <= limit else { return .tooLong }
        var end = newline
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        let line = Array(bytes[start..<end])
        start = newline + 1
        scanned = start
        return .line(line)
    }
}
