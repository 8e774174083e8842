#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written so that readers see the old content or the new, never a part.
///
/// Why not Foundation's `.atomic` writes: on Linux each leaves an empty `TemporaryDirectory.XXXXXX`
/// behind in the temporary directory, one per call, so one per cell of every run.
public enum AtomicFile {
    /// Writes `bytes` to `path` through a temporary file renamed into place. `durable` also flushes both
    /// to disk first: what results deserve, and what the files a parent and its cell processes exchange
    /// (thousands per `ab`, deleted at once) do not.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(HarnessError) {
        try FileSystem.writeAtomically(bytes, to: path, durable: durable)
    }
}

/// The few POSIX file operations the harness needs, with errors that name the path and the reason.
enum FileSystem {
    /// The most bytes a file the harness reads may hold: a results.csv of every cell of `--full` with
    /// its samples is under 1 MiB; this is far beyond any run, and short of exhausting memory.
    static let maximumReadBytes = 256 * 1024 * 1024

    /// The whole content of a regular file of at most ``maximumReadBytes``: a device (`/dev/zero`), a
    /// pipe or a file larger than that is refused with one line instead of being read without bound.
    static func readAll(_ path: String) throws(HarnessError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno, "cannot read \(path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno, "cannot read \(path)") }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw HarnessError("cannot read \(path): not a regular file (a device, a pipe or a socket)")
        }
        guard status.st_size <= maximumReadBytes else {
            throw HarnessError("cannot read \(path): \(status.st_size) bytes, more than the \(maximumReadBytes) a run's file can hold")
        }
        var content = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return content }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno, "cannot read \(path)")
            }
            content.append(contentsOf: chunk[0..<count])
            guard content.count <= maximumReadBytes else {
                throw HarnessError("cannot read \(path): more than the \(maximumReadBytes) bytes a run's file can hold")
            }
        }
    }

    /// Replaces `path` with `bytes` so that readers see the old content or the new, never a part: the bytes
    /// go to a new file in the same directory, which is flushed to disk and then renamed over `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(HarnessError) {
        let (directory, name) = split(path)
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw failure(errno, "cannot write \(path): cannot create a file in \(directory)")
        }
        do throws(HarnessError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard !durable || fsync(descriptor) == 0 else { throw failure(errno, "cannot write \(path): fsync failed") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let failed = failure(errno, "cannot write \(path): close failed")
            unlink(temporary)
            throw failed
        }
        guard rename(temporary, path) == 0 else {
            let failed = failure(errno, "cannot write \(path): cannot rename the new file into place")
            unlink(temporary)
            throw failed
        }
        if durable { syncDirectory(directory) }
    }

    /// Creates `path` and any missing parents (`mkdir -p`); fine if it already is a directory.
    static func makeDirectories(_ path: String) throws(HarnessError) {
        guard !path.isEmpty else { throw HarnessError("cannot create a directory with an empty path") }
        if isDirectory(path) { return }
        let (parent, _) = split(path)
        if parent != path && !isDirectory(parent) { try makeDirectories(parent) }
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        guard code == EEXIST else { throw failure(code, "cannot create directory \(path)") }
        guard isDirectory(path) else { throw HarnessError("\(path) exists and is not a directory") }
    }

    /// Whether anything (a file, a directory, ...) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The directory part (`.` when there is none) and the last component of a path.
    static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        return (directory, String(trimmed[trimmed.index(after: slash)...]))
    }

    /// An error naming what failed and the reason for an `errno` code. The code comes first so that a call
    /// `failure(errno, "... \(path)")` reads `errno` before building the message can change it.
    static func failure(_ code: Int32, _ what: String) -> HarnessError {
        HarnessError("\(what): \(String(cString: strerror(code)))")
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(HarnessError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(errno, "cannot write \(path)")
            }
            offset += written
        }
    }

    /// Makes the rename itself durable. The new content is already in place, so a failure here is not
    /// reported: there is nothing the caller could undo.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
