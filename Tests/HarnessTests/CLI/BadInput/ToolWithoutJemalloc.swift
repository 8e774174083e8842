import Foundation

/// A copy of the release tool whose dynamic loader cannot find jemalloc: what a machine without the
/// `libjemalloc2` package sees. The copy's `DT_NEEDED` entry `libjemalloc.so.2` is renamed to
/// `libjemalloc.so.9`, a soname no jemalloc has, so the loader's search fails exactly as it does when the
/// library is not installed (the machine's own jemalloc cannot be removed under running tests).
enum ToolWithoutJemalloc {
    static let installed = "libjemalloc.so.2"
    static let absent = "libjemalloc.so.9"

    /// Writes the copy into `directory` and returns its path.
    static func make(from tool: String, in directory: String) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: tool))
        // Sonames sit NUL-terminated in .dynstr; the NULs keep longer strings (a help text) untouched.
        let needed = Data("\0\(installed)\0".utf8), renamed = Data("\0\(absent)\0".utf8)
        guard let range = bytes.range(of: needed), bytes.range(of: needed, in: range.upperBound..<bytes.endIndex) == nil
        else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: "\(tool): no single \(installed) entry"])
        }
        bytes.replaceSubrange(range, with: renamed)
        let copy = "\(directory)/reactive-bench"
        try bytes.write(to: URL(fileURLWithPath: copy))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        return copy
    }
}

extension ToolWithoutJemalloc {
    /// Debian's multiarch directory name for this machine.
    static var multiarch: String {
        #if arch(arm64)
        "aarch64-linux-gnu"
        #else
        "x86_64-linux-gnu"
        #endif
    }
}
