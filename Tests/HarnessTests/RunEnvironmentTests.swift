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
        #expect(!environment.cpuModel.isEmpty)
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
                "code_alignment", "cpu_model", "core_count", "host_name", "date_utc", "os", "jemalloc_version",
            ]
        )
        #expect(try CSVTable.decode(table.encoded()) == table)
    }

    private func isGitHash(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy(\.isHexDigit)
    }
}
