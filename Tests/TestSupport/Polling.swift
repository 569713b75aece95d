import Foundation

/// Asks `condition` every `interval` seconds until it holds or `timeout` has passed, and once
/// more at the deadline (a slow last step still counts); whether it held.
public func poll(timeout: Duration = .seconds(5), interval: Double = 0.03, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: interval)
    }
    return try condition()
}

/// Calls `read` until its value satisfies `condition`; that value, or nil once `timeout` passes.
public func poll<Value>(timeout: Duration, interval: Double = 0.05, until condition: (Value) -> Bool,
                        _ read: () throws -> Value?) throws -> Value? {
    let deadline = ContinuousClock.now + timeout
    repeat {
        if let value = try read(), condition(value) { return value }
        Thread.sleep(forTimeInterval: interval)
    } while ContinuousClock.now < deadline
    return nil
}
