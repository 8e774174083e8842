import Foundation
import Harness
import Workloads

/// A private temporary directory for the files a parent and its child processes exchange.
struct ScratchDirectory {
    let root: String

    init() throws(HarnessError) {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/reactive-bench-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw HarnessError("cannot create a temporary directory under \(base)")
        }
        root = String(cString: created)
    }

    func path(_ name: String) -> String { "\(root)/\(name)" }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
