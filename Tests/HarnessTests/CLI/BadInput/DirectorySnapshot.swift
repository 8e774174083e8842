import Foundation

/// Every entry under a directory with its bytes (a symbolic link: its target's path): two snapshots are equal when nothing under the
/// directory was created, removed or changed.
struct DirectorySnapshot: Equatable {
    /// Relative path -> contents; nil for a directory.
    let entries: [String: Data?]

    init(_ root: String) throws {
        var entries: [String: Data?] = [:]
        let files = FileManager.default
        for case let path as String in files.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator() {
            var isDirectory: ObjCBool = false
            _ = files.fileExists(atPath: "\(root)/\(path)", isDirectory: &isDirectory)
            if let link = try? files.destinationOfSymbolicLink(atPath: "\(root)/\(path)") {
                // A link stands for its target's path (one fixture links /dev/zero, which never ends).
                entries[path] = Data("-> \(link)".utf8)
                continue
            }
            entries[path] = isDirectory.boolValue ? .some(nil) : try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(path)"))
        }
        self.entries = entries
    }

    /// What differs from `earlier`, for a failure message.
    func changes(since earlier: DirectorySnapshot) -> [String] {
        let paths = Set(entries.keys).union(earlier.entries.keys)
        return paths.filter { entries[$0] != earlier.entries[$0] }.sorted()
    }
}
