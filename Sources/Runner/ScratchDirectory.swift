import Foundation
import Harness
import Workloads

/// A private temporary directory for the files a parent and its child processes exchange.
///
/// Its name holds the pid of the process that made it (`reactive-bench-<pid>-XXXXXX`): a directory whose
/// process is gone belongs to a run that died without cleaning up (kill -9, a power cut), and the next
/// run to start removes it. A second SIGINT removes it at once (``ProcessControl/cleanUpNow()``).
public final class ScratchDirectory {
    /// The name of every scratch directory starts with this, under the temporary directory.
    static let prefix = "reactive-bench-"

    /// The files a cell's request and result pass through, named relative to the directory, where the
    /// cell's process runs.
    static let request = "request.json", result = "result.json"

    public let root: String
    private var removed = false

    public init() throws(HarnessError) {
        let base = FileManager.default.temporaryDirectory.path
        Self.removeAbandoned(under: base)
        var template = Array("\(base)/\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw HarnessError("cannot create a temporary directory under \(base): \(String(cString: strerror(errno)))")
        }
        root = String(cString: created)
        ProcessControl.setScratch(root)
    }

    deinit { remove() }

    public func path(_ name: String) -> String { "\(root)/\(name)" }

    /// Removes the directory and everything in it (once; later calls do nothing).
    public func remove() {
        guard !removed else { return }
        removed = true
        ProcessControl.setScratch(nil)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Removes the scratch directories under `base` whose process is gone. A pid that another process
    /// took since only keeps a directory a little longer.
    static func removeAbandoned(under base: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        for entry in entries where entry.hasPrefix(prefix) {
            let fields = entry.dropFirst(prefix.count).split(separator: "-")
            guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: "\(base)/\(entry)")
            }
        }
    }
}
