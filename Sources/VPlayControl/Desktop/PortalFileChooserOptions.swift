import Foundation

/// The `OpenFile` call of the desktop portal's file chooser: its arguments and how its
/// answer reads.
enum PortalFileChooserOptions {
    static let service = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.FileChooser"
    static let requestInterface = "org.freedesktop.portal.Request"

    /// `MediaFileKinds`' filters as the portal takes them: globs (type 0).
    static let filters: [(name: String, patterns: [(type: UInt32, pattern: String)])] = MediaFileKinds.filters.map { filter in
        (filter.name, filter.extensions.isEmpty ? [(0, "*")] : filter.extensions.map { (0, "*.\($0)") })
    }

    /// `OpenFile`'s arguments: no parent window, the title, and the options.
    static func arguments(title: String, token: String) -> [DBusValue] {
        let filterList = DBusValue.array(element: "(sa(us))", filters.map { filter in
            .structure([.string(filter.name),
                        .array(element: "(us)", filter.patterns.map { .structure([.uint32($0.type), .string($0.pattern)]) })])
        })
        return [.string(""), .string(title), .variantMap([
            "handle_token": .string(token),
            "multiple": .boolean(true),
            "modal": .boolean(true),
            "filters": filterList,
        ])]
    }

    /// The answer of a `Response` signal (`u` code, `a{sv}` results).
    static func choice(from arguments: [DBusValue]) -> FileChoice {
        guard arguments.count == 2, arguments[0].integer == 0 else { return .cancelled }
        let uris = arguments[1].entries?["uris"]?.elements?.compactMap(\.string) ?? []
        return .chosen(uris.map(path(of:)))
    }

    /// A `file://` URI as its path; any other URI as given.
    static func path(of uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.path
    }
}
