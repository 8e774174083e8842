import Harness
import Testing

/// What compare says about how two runs were made.
struct EnvironmentNoteTests {
    static let reference: [String: String] = [
        "git_commit": "3188a0bfcf7676f7088b8af8584486c2e1032f1e", "git_tree_dirty": "false",
        "swift_version": "Swift version 6.3.1 (swift-6.3.1-RELEASE)", "build_configuration": "release",
        "cross_module_optimization": "true", "code_alignment": "64", "cpu_model": "AMD EPYC", "core_count": "2",
        "host_name": "vm",
        "date_utc": "2026-11-23T00:00:22Z", "sentinel_best_ns_per_element": "120",
        "cpu_vendor": "AuthenticAMD", "cpu_family": "25", "cpu_model_number": "17", "cpu_stepping": "1",
        "cpu_microcode": "0xa101148", "cache_l1d": "32K 8-way 64B", "cache_l1i": "32K 8-way 64B",
        "cache_l2": "1024K 8-way 64B", "cache_l3": "32768K 16-way 64B", "cpu_flags": "avx2 avx512f hypervisor",
    ]

    private func notes(changing key: String, to value: String) -> [EnvironmentNote] {
        var new = Self.reference
        new[key] = value
        return EnvironmentNote.notes(base: Self.reference, new: new)
    }

    @Test func theSameEnvironmentSaysNothing() {
        var new = Self.reference
        new["date_utc"] = "2026-11-24T00:00:00Z"
        new["host_name"] = "another-vm"
        #expect(EnvironmentNote.notes(base: Self.reference, new: new) == [])
    }

    @Test func anotherCommitIsANoteNotAWarning() {
        let notes = notes(changing: "git_commit", to: "5659429aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
        #expect(notes == [EnvironmentNote(.note, "different commits (base 3188a0bfcf, new 5659429aaa)")])
    }

    @Test(arguments: ["cross_module_optimization", "code_alignment", "build_configuration", "core_count"])
    func aDifferentBuildOrMachineIsAWarning(key: String) {
        let notes = notes(changing: key, to: "other")
        #expect(notes.count == 1)
        #expect(notes.first?.level == .warning)
        #expect(notes.first?.message.contains(key) == true)
        #expect(notes.first?.description.hasPrefix("warning: \(key) differs") == true)
    }

    /// Every key of the processor is compared, and what differs is told in one warning.
    @Test(arguments: Hardware.environmentKeys)
    func anotherProcessorIsOneWarningNamingWhatDiffers(key: String) {
        let notes = notes(changing: key, to: "other")
        #expect(notes == [EnvironmentNote(
            .warning,
            "the hardware differs (\(key) base \(Self.reference[key]!), new other): times measured on different processors are not comparable"
        )])
        var new = Self.reference
        new["cpu_microcode"] = "0xa101154"
        new["cache_l3"] = "16384K 16-way 64B"
        #expect(EnvironmentNote.hardware(base: Self.reference, new: new)?.message
            == "the hardware differs (cpu_microcode base 0xa101148, new 0xa101154; cache_l3 base 32768K 16-way 64B, "
            + "new 16384K 16-way 64B): times measured on different processors are not comparable")
    }

    /// A run written before environment.csv recorded the processor, or with a key Linux did not give, could
    /// hide another processor: a note, and the keys it does record are still compared.
    @Test func aRunThatDoesNotRecordItsProcessorIsANote() {
        var old = Self.reference
        for key in Hardware.environmentKeys where key != "cpu_model" { old[key] = nil }
        let notes = EnvironmentNote.notes(base: old, new: Self.reference)
        #expect(notes.map(\.level) == [.note])
        #expect(notes.first?.message.hasPrefix("the base run does not record every hardware key (cpu_model, cpu_vendor,") == true)
        var unknown = Self.reference
        unknown["cpu_microcode"] = "unknown"
        #expect(EnvironmentNote.hardware(base: Self.reference, new: unknown)?.message.hasPrefix("the new run does not") == true)
        #expect(EnvironmentNote.hardware(base: unknown, new: unknown)?.message.hasPrefix("the base run and the new run do not") == true)
        old["cpu_model"] = "Intel Xeon"
        #expect(EnvironmentNote.hardware(base: old, new: Self.reference)?.level == .warning)
    }

    @Test(arguments: [("133", "slower"), ("107", "faster")])
    func aSentinelMovedByMoreThanTenPercentIsAWarning(value: String, direction: String) {
        let notes = notes(changing: "sentinel_best_ns_per_element", to: value)
        #expect(notes.count == 1)
        #expect(notes.first?.level == .warning)
        #expect(notes.first?.message.contains("ran \(direction)") == true)
    }

    @Test(arguments: ["125", "110", "130.1x", ""])
    func aSentinelWithinTenPercentOrUnreadableSaysNothing(value: String) {
        #expect(notes(changing: "sentinel_best_ns_per_element", to: value) == [])
    }

    @Test func aRunWithoutEnvironmentIsANote() {
        let notes = EnvironmentNote.notes(base: nil, new: Self.reference)
        #expect(notes.map(\.level) == [.note])
        #expect(notes.first?.message.contains("base") == true)
    }

    @Test func anIncompleteRunIsAWarningWithOrWithoutTheOther() {
        var incomplete = Self.reference
        incomplete["run_complete"] = "false"
        let notes = EnvironmentNote.notes(base: Self.reference, new: incomplete)
        #expect(notes == [EnvironmentNote(.warning, "the new run is incomplete (interrupted, or still going): it holds only the cells it finished")])
        #expect(EnvironmentNote.notes(base: incomplete, new: nil).map(\.level) == [.note, .warning])
        incomplete["run_complete"] = "true"
        #expect(EnvironmentNote.notes(base: Self.reference, new: incomplete) == [])
    }

    /// A build without cross-module optimisation (a dependent's, by default) and rows of another package
    /// that ran unspecialised are warned about for the run itself, in `summary` and in each side of `compare`.
    @Test func aBuildWithoutCrossModuleOptimisationOrWithUnspecialisedRowsIsAWarning() {
        var optimised = Self.reference
        optimised[EnvironmentNote.unspecialisedKey] = "myOperators; theirOperators"
        #expect(EnvironmentNote.compilation(Self.reference) == [])
        #expect(EnvironmentNote.compilation(optimised).map(\.description) == [
            "warning: this run's rows myOperators, theirOperators ran unspecialised (made from an existential "
                + "style) beside the project's specialised Combine rows: compare them with care",
        ])
        // Without the optimisation the project's rows are no more specialised than the package's: one warning.
        var dependent = optimised
        dependent["cross_module_optimization"] = "false"
        #expect(EnvironmentNote.compilation(dependent).map(\.description) == [
            "warning: this run's build had no cross-module optimisation: every style ran unspecialised across its "
                + "module boundary, unlike an app's code (docs/YOUR-OPERATORS.md)",
        ])
        let both = EnvironmentNote.notes(base: dependent, new: dependent)
        #expect(both.filter { $0.level == .warning }.map(\.message).map { $0.prefix(12) } == [
            "the base run", "the new run'",
        ])
    }
}
