import VPlayCore

/// One client's side of the protocol, free of I/O: turns request lines into
/// replies and player commands, and keeps the client's observed properties.
struct IPCSession {
    /// What handling one line produced.
    struct Response: Equatable {
        var messages: [JSONValue] = []
        var commands: [PlayerCommand] = []
    }

    private struct Observation {
        let id: Int
        let property: String
        /// The value last sent; nil when it was unavailable.
        var lastValue: JSONValue?
    }

    let clientName: String
    private var observations: [Observation] = []

    init(clientName: String) {
        self.clientName = clientName
    }

    mutating func handle(_ line: [UInt8], state: PlayerState) -> Response {
        // Blank lines (e.g. keep-alives from `socat`) get no answer, as in mpv.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return Response() }
        let request: IPCRequest
        do {
            request = try IPCRequest(parsing: line)
        } catch {
            return Response(messages: [IPCMessage.reply(to: error.id, error: .invalidParameter)])
        }
        do {
            switch try IPCCommandMapper.action(for: request, state: state, clientName: clientName) {
            case .reply(let data):
                return Response(messages: [IPCMessage.reply(to: request.id, data: data)])
            case .perform(let command):
                return Response(messages: [IPCMessage.reply(to: request.id, data: nil)], commands: [command])
            case .observe(let id, let property):
                // mpv sends the current value right after the reply.
                let value = try? IPCProperties.value(of: property, in: state)
                observations.append(Observation(id: id, property: property, lastValue: value))
                return Response(messages: [
                    IPCMessage.reply(to: request.id, data: nil),
                    IPCMessage.propertyChange(id: id, name: property, value: value),
                ])
            case .unobserve(let id):
                observations.removeAll { $0.id == id }
                return Response(messages: [IPCMessage.reply(to: request.id, data: nil)])
            }
        } catch {
            return Response(messages: [IPCMessage.reply(to: request.id, error: error)])
        }
    }

    /// `property-change` events for observed values that differ from the last ones sent.
    mutating func propertyChanges(in state: PlayerState) -> [JSONValue] {
        var messages: [JSONValue] = []
        for index in observations.indices where IPCProperties.isObservable(observations[index].property) {
            let value = try? IPCProperties.value(of: observations[index].property, in: state)
            guard value != observations[index].lastValue else { continue }
            observations[index].lastValue = value
            messages.append(IPCMessage.propertyChange(id: observations[index].id, name: observations[index].property, value: value))
        }
        return messages
    }
}
