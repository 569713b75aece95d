import Foundation

/// zenity's file dialog (`zenity --file-selection --multiple`), where it is installed.
public struct ZenityFileChooser: FileChooser {
    /// The zenity to run; nil when none is on PATH.
    let executable: URL?

    public init(path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") {
        executable = path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("zenity") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The arguments for a dialog picking several files, with the usual filters.
    static var arguments: [String] {
        ["--file-selection", "--multiple", "--separator=\n", "--title=Open"]
            + MediaFileKinds.filters.map { filter in
                let patterns = filter.extensions.isEmpty ? "*" : filter.extensions.map { "*.\($0)" }.joined(separator: " ")
                return "--file-filter=\(filter.name) | \(patterns)"
            }
    }

    /// The files in zenity's answer: one path a line.
    static func files(in output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    public func chooseFiles(done: @escaping @Sendable (FileChoice) -> Void) {
        guard let executable else { return done(.unavailable) }
        // The dialog waits for the user for as long as they take: off the main thread.
        Thread {
            let process = Process()
            process.executableURL = executable
            process.arguments = Self.arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return done(.unavailable) }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            switch process.terminationStatus {
            case 0: done(.chosen(Self.files(in: String(decoding: data, as: UTF8.self))))
            // zenity's "Cancel" and a closed dialog.
            case 1: done(.cancelled)
            default: done(.unavailable)
            }
        }.start()
    }
}
