import Foundation
import Harness
import Testing

struct RunEnvironmentTests {
    @Test func captureFillsEveryField() {
        let environment = RunEnvironment.capture()
        #expect(environment.gitCommit == "unknown" || isGitHash(environment.gitCommit))
        #expect(environment.swiftVersion == "unknown" || environment.swiftVersion.contains("Swift"))
        #if DEBUG
        #expect(environment.buildConfiguration == "debug")
        #else
        #expect(environment.buildConfiguration == "release")
        #endif
        #expect(!environment.hardware.modelName.isEmpty)
        #expect(environment.coreCount >= 1)
        #expect(!environment.hostName.isEmpty)
        #expect(environment.date.count == 20 && environment.date.hasSuffix("Z"))
        #expect(!environment.os.isEmpty)
        if JemallocRequirement.isWaived {
            #expect(environment.jemallocVersion == "unavailable")
        } else {
            #expect(environment.jemallocVersion.hasPrefix("5."))
        }
    }

    @Test func csvTableIsKeyValueAndRoundTrips() throws {
        let table = RunEnvironment.capture().csvTable
        #expect(table.header == ["key", "value"])
        #expect(
            table.rows.map { $0[0] } == [
                "git_commit", "git_tree_dirty", "swift_version", "build_configuration", "cross_module_optimization",
                "code_alignment", "cpu_model", "cpu_vendor", "cpu_family", "cpu_model_number", "cpu_stepping",
                "cpu_microcode", "cache_l1d", "cache_l1i", "cache_l2", "cache_l3", "cpu_flags", "core_count", "host_name",
                "date_utc", "os", "jemalloc_version",
            ]
        )
        #expect(try CSVTable.decode(table.encoded()) == table)
    }

    /// The first processor's fields and the caches as sysfs describes them; the flags kept are those of
    /// `flagsThatMatter` the processor has, in that list's order.
    @Test func hardwareReadsTheFirstProcessorAndItsCaches() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let caches = [("index0", "1", "Data", "48K", "12"), ("index1", "1", "Instruction", "32K", "8"),
                      ("index2", "2", "Unified", "1024K", "16"), ("index3", "3", "Unified", "32768K", "16")]
        for (index, level, type, size, ways) in caches {
            let path = directory.appending("cache/\(index)")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, value) in [("level", level), ("type", type), ("size", size), ("ways_of_associativity", ways),
                                  ("coherency_line_size", "64")] {
                try "\(value)\n".write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8)
            }
        }
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1
            microcode\t: 0x1000065
            flags\t\t: fpu hypervisor avx2 avx sse4_2 erms avx512f

            processor\t: 1
            cpu family\t: 25
            """
        let hardware = Hardware(cpuinfo: cpuinfo, cacheDirectory: directory.appending("cache"))
        #expect(hardware.environmentRows == [
            ["cpu_model", "AMD EPYC"], ["cpu_vendor", "AuthenticAMD"], ["cpu_family", "26"], ["cpu_model_number", "2"],
            ["cpu_stepping", "1"], ["cpu_microcode", "0x1000065"], ["cache_l1d", "48K 12-way 64B"],
            ["cache_l1i", "32K 8-way 64B"], ["cache_l2", "1024K 16-way 64B"], ["cache_l3", "32768K 16-way 64B"],
            ["cpu_flags", "sse4_2 avx avx2 avx512f erms hypervisor"],
        ])
        let unknown = Hardware(cpuinfo: "processor\t: 0\n", cacheDirectory: directory.appending("none"))
        #expect(unknown.environmentRows.allSatisfy { $0[1] == "unknown" })
    }

    private func isGitHash(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy(\.isHexDigit)
    }
}
