import Foundation

/// python3-dbusmock standing in for the desktop portal (`org.freedesktop.portal.Desktop`) on a
/// private bus. Its `OpenFile` checks what it is asked (the title, `multiple`, the filters),
/// publishes the request object (with `Close`), and answers with `Response` when told to.
public final class PortalStandIn {
    public static let python = "/usr/bin/python3"
    public static let service = "org.freedesktop.portal.Desktop"
    public static let objectPath = "/org/freedesktop/portal/desktop"
    public static let interface = "org.freedesktop.portal.FileChooser"

    /// The mock's log: a line per method called (`… Close`).
    public let process: RunningProcess

    public struct NotStarted: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether python3-dbusmock is there to run.
    public static var isAvailable: Bool {
        (try? ChildProcess.run(python, ["-c", "import dbusmock"], timeout: .seconds(20)).succeeded) ?? false
    }

    /// - Parameters:
    ///   - title: what the call must ask with.
    ///   - response: the portal's answer code (0 chosen, 1 cancelled) and URIs; nil: never answers.
    public init(on bus: PrivateBus, title: String, response: (code: UInt32, uris: [String])?) throws {
        process = try bus.launch(Self.python, ["-m", "dbusmock", Self.service, Self.objectPath, Self.interface])
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let owned = try bus.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus.NameHasOwner", "string:\(Self.service)"])
            if owned.outputText.contains("boolean true") { break }
            guard ContinuousClock.now < deadline, process.isRunning else {
                process.terminate()
                throw NotStarted(description: "the portal stand-in did not start: \(process.waitForExit(timeout: .seconds(2)).errorText)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        var code = """
        options = args[2]
        assert args[1] == '\(title)', args[1]
        assert options['multiple'] == True, 'multiple is not true'
        assert [f[0] for f in options['filters']] == ['Video', 'Audio', 'Subtitles', 'All files'], options['filters']
        assert '*.srt' in [p[1] for p in options['filters'][2][1]], options['filters'][2]
        path = '/org/freedesktop/portal/desktop/request/mock/' + options['handle_token']
        self.AddObject(path, 'org.freedesktop.portal.Request', {}, [('Close', '', '', '')])
        ret = dbus.ObjectPath(path)
        """
        if let response {
            code += "\n" + """
            objects[path].EmitSignal('org.freedesktop.portal.Request', 'Response', 'ua{sv}',
                [dbus.UInt32(\(response.code)), {'uris': dbus.Array(\(response.uris), signature='s')}])
            """
        }
        try bus.run("dbus-send", ["--session", "--print-reply", "--dest=\(Self.service)", Self.objectPath,
                                  "org.freedesktop.DBus.Mock.AddMethod", "string:\(Self.interface)", "string:OpenFile",
                                  "string:ssa{sv}", "string:o", "string:\(code)"]).requireSuccess()
    }

    deinit {
        process.terminate()
        process.waitForExit(timeout: .seconds(5))
    }
}
