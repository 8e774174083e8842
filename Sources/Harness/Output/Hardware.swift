import Foundation

/// The processor a run was measured on, as Linux describes it: what tells two runs' hardware apart when
/// `cpu_model` does not ("AMD EPYC" names several generations of processor).
///
/// Written into environment.csv (``environmentKeys``); `compare` and `summary --check-order` warn when two
/// runs' values differ (``EnvironmentNote/hardware(base:new:)``). A value Linux does not give reads "unknown".
public struct Hardware: Sendable, Equatable {
    /// `/proc/cpuinfo`'s "model name", as `cpu_model` has always recorded it.
    public var modelName: String
    /// `vendor_id`: "AuthenticAMD", "GenuineIntel".
    public var vendor: String
    /// `cpu family`, `model` and `stepping`, in decimal as /proc/cpuinfo prints them: which design it is.
    public var family: String
    public var model: String
    public var stepping: String
    /// `microcode`, e.g. "0x1000065": a microcode update can change what an instruction costs.
    public var microcode: String
    /// Each cache of the first processor, keyed `l1d`, `l1i`, `l2`, `l3`: "48K 12-way 64B".
    public var caches: [String: String]
    /// Which of ``flagsThatMatter`` the processor has, in that order, space-separated.
    public var flags: String

    /// The feature flags that change what the compiled code or the libraries run: the vector widths libc's
    /// memcpy and the allocator choose by, the bit-manipulation and fused instructions, fast string moves,
    /// and whether a hypervisor sits between the run and the processor.
    public static let flagsThatMatter = [
        "sse4_2", "avx", "avx2", "avx512f", "avx512bw", "avx512vl", "fma", "bmi1", "bmi2", "popcnt", "movbe",
        "erms", "fsrm", "sha_ni", "hypervisor",
    ]

    /// The caches recorded, in environment.csv's order.
    public static let cacheNames = ["l1d", "l1i", "l2", "l3"]

    /// The environment.csv keys this writes, in its order.
    public static let environmentKeys = [
        "cpu_model", "cpu_vendor", "cpu_family", "cpu_model_number", "cpu_stepping", "cpu_microcode",
    ] + cacheNames.map { "cache_\($0)" } + ["cpu_flags"]

    /// This machine's processor: /proc/cpuinfo's first processor and /sys's description of its caches.
    public static func current() -> Hardware {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        return Hardware(cpuinfo: cpuinfo, cacheDirectory: "/sys/devices/system/cpu/cpu0/cache")
    }

    /// Reads the first processor of a /proc/cpuinfo text, and the caches described under `cacheDirectory`
    /// (`index0`, `index1`, ... each with `level`, `type`, `size`, `ways_of_associativity` and
    /// `coherency_line_size`, as Linux's sysfs has them).
    public init(cpuinfo: String, cacheDirectory: String) {
        var fields: [String: String] = [:]
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            // The first processor's block ends at the first empty line.
            if line.trimmingCharacters(in: .whitespaces).isEmpty, !fields.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[key] == nil { fields[key] = value }
        }
        func field(_ key: String) -> String {
            guard let value = fields[key], !value.isEmpty else { return "unknown" }
            return value
        }
        modelName = field("model name")
        vendor = field("vendor_id")
        family = field("cpu family")
        model = field("model")
        stepping = field("stepping")
        microcode = field("microcode")
        let present = Set((fields["flags"] ?? "").split(separator: " ").map(String.init))
        flags = fields["flags"] == nil ? "unknown" : Self.flagsThatMatter.filter(present.contains).joined(separator: " ")
        caches = Self.caches(in: cacheDirectory)
    }

    /// The rows environment.csv records, keyed as ``environmentKeys``.
    public var environmentRows: [[String]] {
        let values = [modelName, vendor, family, model, stepping, microcode]
            + Self.cacheNames.map { caches[$0] ?? "unknown" } + [flags]
        return zip(Self.environmentKeys, values).map { [$0, $1] }
    }

    private static func caches(in directory: String) -> [String: String] {
        let indices = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
            .filter { $0.hasPrefix("index") } ?? []
        var caches: [String: String] = [:]
        for index in indices {
            func read(_ name: String) -> String? {
                let text = try? String(contentsOfFile: "\(directory)/\(index)/\(name)", encoding: .utf8)
                return text?.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level"), let type = read("type"), let size = read("size") else { continue }
            let name: String
            switch (level, type) {
            case ("1", "Data"): name = "l1d"
            case ("1", "Instruction"): name = "l1i"
            default: name = "l\(level)"
            }
            var description = size
            if let ways = read("ways_of_associativity") { description += " \(ways)-way" }
            if let line = read("coherency_line_size") { description += " \(line)B" }
            caches[name] = description
        }
        return caches
    }
}
