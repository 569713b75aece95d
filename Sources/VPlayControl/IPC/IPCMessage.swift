import VPlayCore

/// The shapes of everything the server writes: replies, events, property changes.
enum IPCMessage {
    static func reply(to requestID: JSONValue, data: JSONValue?) -> JSONValue {
        var members: [String: JSONValue] = ["request_id": requestID, "error": .string("success")]
        members["data"] = data
        return .object(members)
    }

    static func reply(to requestID: JSONValue, error: IPCError) -> JSONValue {
        .object(["request_id": requestID, "error": .string(error.rawValue)])
    }

    /// An unavailable value is sent without `data`, as mpv does.
    static func propertyChange(id: Int, name: String, value: JSONValue?) -> JSONValue {
        var members: [String: JSONValue] = ["event": "property-change", "id": .int(id), "name": .string(name)]
        members["data"] = value
        return .object(members)
    }

    static func event(_ name: String) -> JSONValue {
        .object(["event": .string(name)])
    }

    static func event(for event: PlayerEvent) -> JSONValue {
        switch event {
        case .startFile: self.event("start-file")
        case .fileLoaded: self.event("file-loaded")
        case .seek: self.event("seek")
        case .playbackRestart: self.event("playback-restart")
        case .endFile(let reason, nil): .object(["event": "end-file", "reason": .string(reason.rawValue)])
        case .endFile(let reason, let message?):
            .object(["event": "end-file", "reason": .string(reason.rawValue), "file_error": .string(message)])
        case .shutdown: self.event("shutdown")
        }
    }
}
