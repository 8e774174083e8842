@testable import Harness
import Testing

/// Reading the calls of a callgrind part file, and the anatomy counted from them.
struct CallgrindCallGraphTests {
    /// A part file as valgrind 3.19 writes one (trimmed): compressed names defined at first use, a
    /// versioned glibc name, a C++ name with parameters, a recursion mark, inclusive cost lines after
    /// every `calls=` line, two events.
    static let part = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        part: 4
        desc: Trigger: Client Request: reactive-bench steady
        positions: line
        events: Ir Ge
        summary: 36000 80

        ob=(10) /opt/swift/usr/lib/swift/linux/libswiftCore.so
        fl=(204) ???
        fn=(5272) swift_bridgeObjectRetain
        0 120
        cfn=(5258) swift_retain
        calls=10 0
        0 50 10

        fn=(6000) $s12StructBridge3MapV7receiveyF
        0 400
        cfn=(5272)
        calls=10 0
        0 170 10
        cfn=(5258)
        calls=20 0
        0 100 20
        cfn=(5300) swift_release'2
        calls=25 0
        0 125 25
        ob=(3) /usr/lib/x86_64-linux-gnu/libc.so.6
        cfl=(209) ./nptl/./nptl/pthread_mutex_lock.c
        cfn=(1938) pthread_mutex_lock@@GLIBC_2.2.5
        calls=30 0
        0 900
        cfn=(5734) _swift_getGenericMetadata(swift::MetadataRequest, void const* const*)
        calls=7 0
        0 700

        fn=(5636) swift_getTupleTypeMetadata2
        0 20
        cfn=(5638) swift_getTupleTypeMetadata
        calls=5 0
        0 300

        fn=(6000)
        cfn=(5636)
        calls=5 0
        0 320
        cfn=(5638)
        calls=2 0
        0 100

        totals: 36000 80
        """

    @Test func callsAreSummedPerCallerAndCalleeWithNamesDefinedAtFirstUse() {
        let graph = CallgrindCallGraph(parsing: Self.part)
        let map = "$s12StructBridge3MapV7receiveyF"
        #expect(graph.label == "reactive-bench steady")
        #expect(graph.totals == ["Ir": 36_000, "Ge": 80])
        #expect(graph.calls[.init(caller: "swift_bridgeObjectRetain", callee: "swift_retain")] == 10)
        #expect(graph.calls[.init(caller: map, callee: "swift_bridgeObjectRetain")] == 10)
        #expect(graph.calls[.init(caller: map, callee: "swift_retain")] == 20)
        #expect(graph.calls[.init(caller: map, callee: "swift_release")] == 25, "the recursion mark is not part of the name")
        #expect(graph.calls[.init(caller: map, callee: "pthread_mutex_lock")] == 30, "nor glibc's version")
        #expect(graph.calls[.init(caller: map, callee: "_swift_getGenericMetadata")] == 7, "nor C++ parameters")
        #expect(graph.calls[.init(caller: map, callee: "swift_getTupleTypeMetadata2")] == 5, "fn=(6000) again: the same caller")
        #expect(graph.calls.count == 9)
    }

    @Test func aCallFromOneMemberOfAGroupToAnotherIsPartOfTheOneCounted() {
        let anatomy = CallAnatomy(CallgrindCallGraph(parsing: Self.part))
        #expect(anatomy[.retains] == 30, "10 bridge retains (each retaining through swift_retain) and 20 retains")
        #expect(anatomy[.releases] == 25)
        #expect(anatomy[.lockAcquisitions] == 30)
        #expect(anatomy[.metadataLookups] == 7, "5 tuple lookups through swift_getTupleTypeMetadata2, 2 direct")
        #expect(anatomy[.atomicRMWs] == 80, "the Ge total")
        #expect(anatomy[.exclusivityChecks] == 0 && anatomy[.dynamicCasts] == 0 && anatomy[.mallocs] == 0)
        #expect(anatomy[.calls] == 114, "every calls= line, the calls within a group too")
    }

    @Test func namesAreReducedToTheSymbol() {
        #expect(CallgrindCallGraph.normalizedName("pthread_mutex_trylock@@GLIBC_2.34") == "pthread_mutex_trylock")
        #expect(CallgrindCallGraph.normalizedName("memcpy@GLIBC_2.2.5") == "memcpy")
        #expect(CallgrindCallGraph.normalizedName("swift_retain'2") == "swift_retain")
        #expect(CallgrindCallGraph.normalizedName("getCache(swift::TargetTypeContextDescriptor<swift::InProcess> const&)") == "getCache")
        #expect(CallgrindCallGraph.normalizedName("(below main)") == "(below main)")
        #expect(CallgrindCallGraph.normalizedName("(anonymous namespace)::PThreadMutex::lock()") == "(anonymous namespace)::PThreadMutex::lock")
        #expect(CallgrindCallGraph.normalizedName("$s9Workloads11MapWorkloadVwcp") == "$s9Workloads11MapWorkloadVwcp")
    }

    @Test func theAnatomyPerUnitIsTheMedianOverRepetitionsOfOneRegion() throws {
        func anatomy(retains: Double, locks: Double) -> CallAnatomy {
            var anatomy = CallAnatomy()
            anatomy[.retains] = retains
            anatomy[.lockAcquisitions] = locks
            return anatomy
        }
        let samples = [
            InstructionSample(region: .setup, units: 1, instructions: 100, anatomy: anatomy(retains: 9, locks: 4)),
            InstructionSample(region: .steady, units: 1_000, instructions: 1, anatomy: anatomy(retains: 3_010, locks: 3_000)),
            InstructionSample(region: .steady, units: 2_000, instructions: 1, anatomy: anatomy(retains: 6_000, locks: 6_000)),
            InstructionSample(region: .steady, units: 1_000, instructions: 1, anatomy: anatomy(retains: 3_000, locks: 3_002)),
        ]
        let steady = try #require(CallAnatomy.perUnitMedian(samples, region: .steady))
        #expect(steady[.retains] == 3 && steady[.lockAcquisitions] == 3)
        #expect(steady[.mallocs] == 0)
        #expect(CallAnatomy.perUnitMedian(samples, region: .setup)?[.retains] == 9)
        let perf = [InstructionSample(region: .steady, units: 1_000, instructions: 1_800_000)]
        #expect(CallAnatomy.perUnitMedian(perf, region: .steady) == nil, "perf counts instructions only")
    }
}
