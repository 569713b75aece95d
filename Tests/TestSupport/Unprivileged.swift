import Foundation

/// Runs the player as a user who is denied what the permission bits deny: the test user
/// itself, or when that is root (who may read anything) the unprivileged uid/gid 65534
/// through `setpriv` or, failing that, `runuser`.
public enum Unprivileged {
    public static let uid: UInt32 = 65534

    /// The command line that runs `executable` with `arguments` unprivileged; nil when the test
    /// runs as root and neither tool is there.
    public static func commandLine(_ executable: String, _ arguments: [String]) -> [String]? {
        guard geteuid() == 0 else { return [executable] + arguments }
        if let setpriv = ChildProcess.locate("setpriv") {
            return [setpriv.path, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--", executable] + arguments
        }
        if let runuser = ChildProcess.locate("runuser"), let name = getpwuid(uid).map({ String(cString: $0.pointee.pw_name) }) {
            return [runuser.path, "-u", name, "--", executable] + arguments
        }
        return nil
    }

    /// A new empty directory under /tmp that the unprivileged user may enter and list (/tmp
    /// itself is open to everyone, unlike `$TMPDIR` may be).
    public static func makeDirectory(named prefix: String) throws -> URL {
        let url = URL(fileURLWithPath: "/tmp").appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        return url
    }
}
