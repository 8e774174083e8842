@testable import Harness
import Testing

/// ``InstructionComponents`` on a hand-written callgrind part file: each function's own instructions (its
/// cost lines, not the calls it makes) go to its library or its Swift module's component, they sum to the
/// file's total, and what no rule names is counted as such.
struct InstructionComponentsTests {
    static let part = """
        # callgrind format
        version: 1
        desc: Trigger: Client Request: reactive-bench steady
        positions: line
        events: Ir Ge
        summary: 1000 2

        ob=(1) /tmp/x/reactive-bench-stripped
        fl=(1) ???
        fn=(1) $s6RunnerAAV14measureUngatedF
        0 30
        cob=(2) /opt/swift/usr/lib/swift/linux/libswiftCore.so
        cfn=(2) swift_retain
        calls=3 0
        0 300 2
        cfn=(3) $s11OpenCombine18PassthroughSubjectC4sendyyxF
        calls=1 0
        0 640
        fn=(3)
        0 200
        cob=(3) /usr/lib/x86_64-linux-gnu/libc.so.6
        cfn=(4) pthread_mutex_lock@@GLIBC_2.2.5
        calls=1 0
        0 100
        0 30
        fn=(5) $s12StructBridge3MapV7receiveyxF
        +2 150
        fn=(6) $sSi9Workloads13ChecksummableA2aBP7combineyyF
        0 80
        fn=(7) $sSa6appendyyxnFSi_Tg5
        0 40
        fn=(8) opencombine_unfair_lock_lock
        0 30
        fn=(9) 0x00000000004ff400
        0 20

        ob=(2)
        fn=(2)
        0 300 2
        ob=(3)
        fn=(4)
        0 100
        ob=(4) /usr/lib/x86_64-linux-gnu/libjemalloc.so.2
        fn=(10) je_malloc
        0 20

        totals: 1000 2
        """

    @Test func eachFunctionsOwnInstructionsGoToItsComponentAndSumToTheTotal() {
        let graph = CallgrindCallGraph(parsing: Self.part)
        #expect(graph.selfInstructions.values.reduce(0, +) == 1_000, "the calls' lines are not the caller's own")
        #expect(graph.selfInstructions[.init(object: "/tmp/x/reactive-bench-stripped", name: "$s11OpenCombine18PassthroughSubjectC4sendyyxF")] == 230)
        let components = InstructionComponents(graph)
        #expect(components.total == 1_000)
        let byLabel = Dictionary(uniqueKeysWithValues: components.shares.map { ($0.label, $0.instructions) })
        #expect(byLabel == [
            "Swift runtime": 300 + 40, "library core (OpenCombine)": 230 + 30, "operator stages (StructBridge)": 150,
            "libc and locks": 100, "source and sink": 80, "other code": 20, "allocator (jemalloc)": 20, "harness": 30,
        ])
        #expect(components.shares.first?.label == "Swift runtime", "most first")
        #expect(components[.libraryCore] == 260 && components[.operatorStages] == 150)
        #expect(components.byComponent.values.reduce(0, +) == 1_000)
        #expect(components.namedFraction == 0.98)
    }

    @Test(arguments: [
        ("$s11OpenCombine4JustV", "OpenCombine"), ("$ss5Int64V", "Swift"), ("$sSi9Workloads13ChecksummableA", "Workloads"),
        ("$sSa6appendyyxnF", "Swift"), ("$s8MyModule5StyleV", "MyModule"), ("main", nil),
        ("$sx11OpenCombine11SubscribersO6DemandVIegnr_xAEIegnd_s5ErrorR_r0_lTRSi_s5NeverOTG5TA", "OpenCombine"),
    ])
    func theModuleOfAMangledName(name: String, module: String?) {
        #expect(InstructionComponent.swiftModule(of: name) == module)
    }

    /// Per unit, the median is split in the proportions of all the region's samples, so the parts sum to it.
    @Test func perUnitComponentsSumToTheMedian() throws {
        let samples = [
            InstructionSample(region: .steady, units: 10, instructions: 1_000, components: [.libraryCore: 600, .swiftRuntime: 400]),
            InstructionSample(region: .steady, units: 10, instructions: 1_100, components: [.libraryCore: 700, .swiftRuntime: 400]),
            InstructionSample(region: .setup, units: 1, instructions: 5_000, components: [.harness: 5_000]),
        ]
        let perUnit = try #require(InstructionSample.componentsPerUnit(samples, region: .steady))
        #expect(perUnit.values.reduce(0, +) == 105)
        #expect(abs(perUnit[.libraryCore]! - 105 * 1_300 / 2_100) < 1e-9 && perUnit[.harness] == 0)
        #expect(InstructionSample.componentsPerUnit([InstructionSample(region: .steady, units: 1, instructions: 9)], region: .steady) == nil)
    }
}
