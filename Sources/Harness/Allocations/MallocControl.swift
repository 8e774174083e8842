import CJemalloc

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// jemalloc's control interface, found at run time with `dlsym` so that a process without jemalloc gets an
/// error instead of a link failure (see `Sources/CJemalloc/shim.h`).
///
/// Names are turned into MIBs once; reads by MIB neither allocate nor walk the name tree, which keeps a
/// snapshot cheap and out of the counts it takes.
struct MallocControl: @unchecked Sendable {
    /// `int mallctlnametomib(const char *name, size_t *mibp, size_t *miblenp)`
    typealias NameToMIB = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?
    ) -> Int32
    /// `int mallctlbymib(const size_t *mib, size_t miblen, void *oldp, size_t *oldlenp, void *newp, size_t newlen)`
    typealias ByMIB = @convention(c) (
        UnsafePointer<Int>?, Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
    ) -> Int32

    /// `MALLCTL_ARENAS_ALL` in jemalloc.h (5.x): the arena index that reads the merged statistics of all arenas.
    static let allArenas: UInt32 = 4096

    static let notLoadedFix =
        "run the reactive-bench executable (it links jemalloc) or preload the library, e.g. "
        + "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 (Debian: apt-get install libjemalloc-dev)"

    private let byName: reactive_bench_mallctl_fn
    private let nameToMIB: NameToMIB
    private let byMIB: ByMIB

    /// Finds jemalloc's entry points in the running process.
    static func load() throws(HarnessError) -> MallocControl {
        guard let byName = lookUp("mallctl"), let nameToMIB = lookUp("mallctlnametomib"),
            let byMIB = lookUp("mallctlbymib")
        else {
            throw HarnessError("jemalloc is not the process allocator: mallctl is not in this process; \(notLoadedFix)")
        }
        return MallocControl(
            byName: unsafeBitCast(byName, to: reactive_bench_mallctl_fn.self),
            nameToMIB: unsafeBitCast(nameToMIB, to: NameToMIB.self),
            byMIB: unsafeBitCast(byMIB, to: ByMIB.self)
        )
    }

    private static func lookUp(_ symbol: String) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        // glibc's RTLD_DEFAULT is the null handle; the macro does not import into Swift.
        return dlsym(nil, symbol)
        #else
        return dlsym(UnsafeMutableRawPointer(bitPattern: -2), symbol)
        #endif
    }

    /// Translates a control name into its MIB, or throws naming the control.
    func mib(_ name: String) throws(HarnessError) -> [Int] {
        var components = [Int](repeating: 0, count: 8)
        var length = components.count
        let status = nameToMIB(name, &components, &length)
        guard status == 0 else {
            throw HarnessError("jemalloc has no control named \(name) (\(Self.describe(status)))")
        }
        return Array(components[0..<length])
    }

    /// Reads a 64-bit control (`uint64_t` or `size_t` on 64-bit targets). Never allocates.
    func read(_ mib: [Int]) -> UInt64 {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        let status = mib.withUnsafeBufferPointer { components in
            byMIB(components.baseAddress, components.count, &value, &length, nil, 0)
        }
        precondition(status == 0 && length == MemoryLayout<UInt64>.size, "jemalloc refused to read a statistic")
        return value
    }

    /// Writes a 64-bit control, such as `epoch`. Never allocates.
    func write(_ mib: [Int], _ value: UInt64) {
        var newValue = value
        let status = mib.withUnsafeBufferPointer { components in
            byMIB(components.baseAddress, components.count, nil, nil, &newValue, MemoryLayout<UInt64>.size)
        }
        precondition(status == 0, "jemalloc refused a control write")
    }

    /// Runs a control that takes no value, such as `thread.tcache.flush`; returns jemalloc's status.
    @discardableResult
    func run(_ mib: [Int]) -> Int32 {
        mib.withUnsafeBufferPointer { components in
            byMIB(components.baseAddress, components.count, nil, nil, nil, 0)
        }
    }

    /// Reads a control of any fixed-size type by name (setup paths only).
    func read<Value: BitwiseCopyable>(_ name: String, as type: Value.Type, initial: Value) throws(HarnessError)
        -> Value
    {
        var value = initial
        var length = MemoryLayout<Value>.size
        let status = withUnsafeMutableBytes(of: &value) { byName(name, $0.baseAddress, &length, nil, 0) }
        guard status == 0 else { throw HarnessError("cannot read jemalloc's \(name) (\(Self.describe(status)))") }
        return value
    }

    /// Writes a control of any fixed-size type by name (setup paths only).
    func write<Value: BitwiseCopyable>(_ name: String, _ value: Value) throws(HarnessError) {
        var newValue = value
        let status = withUnsafeMutableBytes(of: &newValue) { byName(name, nil, nil, $0.baseAddress, $0.count) }
        guard status == 0 else { throw HarnessError("cannot write jemalloc's \(name) (\(Self.describe(status)))") }
    }

    /// Runs a control that takes no value by name (setup paths only).
    func run(_ name: String) throws(HarnessError) {
        let status = byName(name, nil, nil, nil, 0)
        guard status == 0 else { throw HarnessError("cannot run jemalloc's \(name) (\(Self.describe(status)))") }
    }

    /// jemalloc's version string, such as `5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c`.
    func version() throws(HarnessError) -> String {
        let pointer = try read("version", as: UnsafePointer<CChar>?.self, initial: nil)
        guard let pointer else { throw HarnessError("jemalloc returned no version string") }
        return String(cString: pointer)
    }

    static func describe(_ status: Int32) -> String {
        String(cString: strerror(status))
    }
}
