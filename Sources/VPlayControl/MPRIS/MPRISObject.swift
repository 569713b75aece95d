import VPlayCore

/// A method call on the MPRIS object, read out of its message.
struct MPRISCall: Equatable {
    let interface: String
    let member: String
    let arguments: [DBusValue]
}

/// What to answer a call with.
enum MPRISOutcome: Equatable {
    case reply([DBusValue])
    /// Send the commands; answer (with nothing) once the player has applied them.
    case perform([PlayerCommand])
    case failure(MPRISError)
    /// Not a method of ours: sd-bus answers that it is unknown.
    case unhandled
}

/// The object at `/org/mpris/MediaPlayer2`: its methods, the properties interface and its
/// introspection, decided without touching the bus or the player.
enum MPRISObject {
    static func outcome(for call: MPRISCall, in context: MPRISContext) -> MPRISOutcome {
        do throws(MPRISError) {
            switch call.interface {
            case "org.freedesktop.DBus.Properties": return try properties(call, context)
            case "org.freedesktop.DBus.Introspectable":
                guard call.member == "Introspect" else { return .unhandled }
                try expect(call, "")
                return .reply([.string(MPRISIntrospection.xml)])
            case MPRISContext.rootInterface: return try rootMethod(call)
            case MPRISContext.playerInterface: return try playerMethod(call, context)
            default: return .unhandled
            }
        } catch {
            return .failure(error)
        }
    }

    private static func properties(_ call: MPRISCall, _ context: MPRISContext) throws(MPRISError) -> MPRISOutcome {
        let arguments = call.arguments
        switch call.member {
        case "Get":
            try expect(call, "ss")
            let property = try MPRISProperties.property(interface: arguments[0].string!, name: arguments[1].string!)
            return .reply([.variant(property.get(context))])
        case "GetAll":
            try expect(call, "s")
            return .reply([.variantMap(try MPRISProperties.values(of: arguments[0].string!, in: context))])
        case "Set":
            try expect(call, "ssv")
            let property = try MPRISProperties.property(interface: arguments[0].string!, name: arguments[1].string!)
            guard let set = property.set else { throw .readOnly(property.name) }
            return .perform(try set(arguments[2].unwrapped, context.state))
        default:
            return .unhandled
        }
    }

    private static func rootMethod(_ call: MPRISCall) throws(MPRISError) -> MPRISOutcome {
        switch call.member {
        case "Raise":
            try expect(call, "")
            return .reply([])
        case "Quit":
            try expect(call, "")
            return .perform([.quit(code: 0)])
        default:
            return .unhandled
        }
    }

    private static func playerMethod(_ call: MPRISCall, _ context: MPRISContext) throws(MPRISError) -> MPRISOutcome {
        let arguments = call.arguments
        switch call.member {
        case "Play", "Pause", "PlayPause", "Stop", "Next", "Previous":
            try expect(call, "")
            return .perform(simpleCommands[call.member]!)
        case "Seek":
            try expect(call, "x")
            guard context.value(of: "duration").number != nil else { return .reply([]) }
            return .perform([.seek(.relative(Double(arguments[0].integer!) / 1_000_000), .exact)])
        case "SetPosition":
            try expect(call, "ox")
            let position = Double(arguments[1].integer!) / 1_000_000
            // The specification: a stale track, or a position outside the track, does nothing.
            guard arguments[0].string == context.trackID, position >= 0,
                  let duration = context.value(of: "duration").number, position <= duration else { return .reply([]) }
            return .perform([.seek(.absolute(position), .exact)])
        case "OpenUri":
            try expect(call, "s")
            return .perform([try MPRISOpenURI.command(opening: arguments[0].string!)])
        default:
            return .unhandled
        }
    }

    /// What the argument-less methods do. `Stop` is mpv's: the idle window with `--idle`, else quit.
    private static let simpleCommands: [String: [PlayerCommand]] = [
        "Play": [.setPaused(false)],
        "Pause": [.setPaused(true)],
        "PlayPause": [.togglePause],
        "Stop": [.stop],
        "Next": [.playlistNext],
        "Previous": [.playlistPrevious],
    ]

    private static func expect(_ call: MPRISCall, _ signature: String) throws(MPRISError) {
        let given = call.arguments.map(\.signature).joined()
        guard given == signature else {
            throw .invalidArguments("\(call.member) takes (\(signature)), not (\(given))")
        }
    }
}
