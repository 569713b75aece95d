import Glibc

/// What a folder's subfolders become when the folder is opened (mpv's `--directory-mode`).
public enum DirectoryMode: String, Sendable, CaseIterable {
    /// Their media join the list too, each subfolder's after its parent's files.
    case recursive
    /// Each stays one entry, its path, listed only when playback reaches it: a folder of
    /// many subfolders opens at once.
    case lazy
    /// Left out.
    case ignore

    /// An option's value; mpv's `auto` lists everything, as `recursive` does.
    public init?(option: String) {
        self.init(rawValue: option == "auto" ? DirectoryMode.recursive.rawValue : option)
    }
}

/// A folder named as a playlist entry, turned into the media files it holds.
public enum DirectoryExpansion {
    /// True when `path` is a folder, or a link to one.
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The absolute paths of the media files in `directory`, of the given `kinds` (an empty
    /// set takes every file but subtitles, as mpv's empty `--directory-filter-types` does), in
    /// natural order: a folder's files, then its subfolders as `mode` says.
    ///
    /// Hidden entries are left out, and a folder reached twice (a link back up the tree) is
    /// listed once. What cannot be read is skipped: the first few with a warning each, the
    /// rest counted in one.
    public static func entries(of directory: String, mode: DirectoryMode, kinds: Set<MediaKind>,
                               warn: (String) -> Void) -> [String] {
        var lister = FolderLister(mode: mode, kinds: kinds)
        let paths = lister.list(absolute(directory)) ?? []
        lister.problems.report(to: warn)
        return paths
    }

    /// `path` from the root: relative to the working folder, without `.` or repeated slashes.
    /// `..` stays, as the folder a link leads to has its own parent.
    static func absolute(_ path: String) -> String {
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                components = cwd.split(separator: "/")
            }
        }
        components += path.split(separator: "/").filter { $0 != "." }
        return "/" + components.joined(separator: "/")
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }
}

/// One listing's walk through the folders and the problems it met.
struct FolderLister {
    let mode: DirectoryMode
    let kinds: Set<MediaKind>
    private(set) var problems = ReadProblems()
    /// Folders already listed, by device and inode: a link cannot lead the walk in circles.
    private var visited: Set<FolderIdentity> = []

    init(mode: DirectoryMode, kinds: Set<MediaKind>) {
        self.mode = mode
        self.kinds = kinds
    }

    /// The entries of `folder` (an absolute path) and, as `mode` says, of its subfolders; nil
    /// when `folder` itself cannot be opened.
    mutating func list(_ folder: String) -> [String]? {
        var paths: [String] = []
        return listInto(&paths, folder) ? paths : nil
    }

    private mutating func listInto(_ paths: inout [String], _ folder: String) -> Bool {
        guard let stream = opendir(folder) else {
            problems.note(folder, errno)
            return false
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var status = stat()
        if fstat(descriptor, &status) == 0, !visited.insert(FolderIdentity(status)).inserted { return true }

        var files: [String] = []
        var folders: [String] = []
        var unreadable: [(name: String, code: Int32)] = []
        var failure: Int32 = 0
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                // Gone or broken while read: what came before still counts.
                failure = errno
                break
            }
            let type = entry.pointee.d_type
            withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                    // Hidden, and `.` and `..` with them.
                    guard name[0] != 0x2E else { return }
                    switch classify(name, type: type, in: descriptor) {
                    case .file(let text): files.append(text)
                    case .folder(let text): folders.append(text)
                    case .unreadable(let text, let code): unreadable.append((text, code))
                    case nil: break
                    }
                }
            }
        }

        if failure != 0 { problems.note(folder, failure) }
        // In the order of the names, not the file system's: the same warnings on every run.
        unreadable.sort { NaturalOrder.precedes($0.name, $1.name) }
        for (name, code) in unreadable { problems.note(DirectoryExpansion.join(folder, name), code) }
        files.sort(by: NaturalOrder.precedes)
        folders.sort(by: NaturalOrder.precedes)
        paths.reserveCapacity(paths.count + files.count + folders.count)
        for name in files { paths.append(DirectoryExpansion.join(folder, name)) }
        for name in folders {
            let path = DirectoryExpansion.join(folder, name)
            switch mode {
            case .recursive: _ = listInto(&paths, path)
            case .lazy: paths.append(path)
            case .ignore: break
            }
        }
        return true
    }

    private enum Found {
        case file(String)
        case folder(String)
        case unreadable(String, Int32)
    }

    /// What the entry `name` of the folder open at `descriptor` adds, if anything. Only a
    /// link, or a file system that does not say an entry's type, costs a `stat`: a large
    /// folder lists quickly.
    private func classify(_ name: UnsafePointer<CChar>, type: UInt8, in descriptor: Int32) -> Found? {
        let isFile: Bool
        switch Int(type) {
        case Int(DT_REG):
            isFile = true
        case Int(DT_DIR):
            isFile = false
        case Int(DT_LNK), Int(DT_UNKNOWN):
            // Not a kind taken and not to be walked into: no need to learn what it is.
            if mode == .ignore, let text = String(validatingCString: name), !accepts(text) { return nil }
            var status = stat()
            guard fstatat(descriptor, name, &status, 0) == 0 else { return .unreadable(String(cString: name), errno) }
            switch status.st_mode & S_IFMT {
            case S_IFREG: isFile = true
            case S_IFDIR:
                // A lazy entry is listed later, by itself: a link back to this folder is
                // caught here or not at all.
                if mode == .lazy && visited.contains(FolderIdentity(status)) { return nil }
                isFile = false
            default: return nil
            }
        default:
            // Pipes, sockets, devices.
            return nil
        }
        if !isFile && mode == .ignore { return nil }
        guard let text = String(validatingCString: name) else {
            // vplay names files by Swift strings, which cannot hold a name that is not UTF-8:
            // worth a warning when it would have played.
            let shown = String(cString: name)
            return isFile && !accepts(shown) ? nil : .unreadable(shown, EILSEQ)
        }
        if isFile { return accepts(text) ? .file(text) : nil }
        return .folder(text)
    }

    private func accepts(_ name: String) -> Bool {
        if kinds.isEmpty { return !SidecarFinder.isSubtitleFile(name) }
        guard let kind = MediaKind.of(fileName: Substring(name)) else { return false }
        return kinds.contains(kind)
    }
}

struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// The entries a listing could not read: the first few by name, the rest by number, so a
/// folder of thousands of broken links does not flood the terminal.
struct ReadProblems {
    static let named = 3
    private(set) var messages: [String] = []
    private(set) var unnamed = 0

    mutating func note(_ path: String, _ code: Int32) {
        guard messages.count < Self.named else {
            unnamed += 1
            return
        }
        messages.append("cannot read '\(path)': \(String(cString: strerror(code))); skipped")
    }

    func report(to warn: (String) -> Void) {
        messages.forEach(warn)
        if unnamed > 0 { warn("\(unnamed) more \(unnamed == 1 ? "entry" : "entries") could not be read; skipped") }
    }
}
