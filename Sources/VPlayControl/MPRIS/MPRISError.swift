/// A D-Bus error answer: its name and a message a person can act on.
struct MPRISError: Error, Equatable {
    let name: String
    let message: String

    static func invalidArguments(_ message: String) -> MPRISError {
        MPRISError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    static func unknownProperty(_ interface: String, _ name: String) -> MPRISError {
        MPRISError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(name) on \(interface)")
    }

    static func unknownInterface(_ interface: String) -> MPRISError {
        MPRISError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: "no interface \(interface)")
    }

    static func readOnly(_ name: String) -> MPRISError {
        MPRISError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(name) is read-only")
    }

    static func notSupported(_ message: String) -> MPRISError {
        MPRISError(name: "org.freedesktop.DBus.Error.NotSupported", message: message)
    }

    static func fileNotFound(_ message: String) -> MPRISError {
        MPRISError(name: "org.freedesktop.DBus.Error.FileNotFound", message: message)
    }
}
