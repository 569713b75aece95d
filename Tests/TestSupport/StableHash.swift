/// A 64-bit FNV-1a hash. Unlike `Hasher`, it is the same in every process, so
/// it can name cache files shared between test runs.
enum StableHash {
    static func hex(of strings: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for string in strings {
            // A NUL after each string keeps ["ab", "c"] apart from ["a", "bc"].
            for byte in string.utf8 + [0] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
