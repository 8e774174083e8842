@testable import Harness
import Testing

/// ``InstructionComponents`` on a hand-written callgrind_annotate report: each function's own instructions
/// go to its library or its Swift module's component, the frames holding the whole region are left out,
/// and what no rule names is counted as such.
struct InstructionComponentsTests {
    static let report = """
        --------------------------------------------------------------------------------
        1,000 (100.0%)  PROGRAM TOTALS
        --------------------------------------------------------------------------------
        Ir                   file:function
        --------------------------------------------------------------------------------
        1,000 (100.0%)  ./csu/../csu/libc-start.c:__libc_start_main@@GLIBC_2.34 [/usr/lib/x86_64-linux-gnu/libc.so.6]
        1,000 (100.0%)  ???:$s6RunnerAAV14measureUngatedF [/tmp/x/reactive-bench-stripped]
          300 (30.00%)  ???:swift_retain [/opt/swift/usr/lib/swift/linux/libswiftCore.so]
          200 (20.00%)  ???:$s11OpenCombine18PassthroughSubjectC4sendyyxF [/tmp/x/reactive-bench-stripped]
          150 (15.00%)  ???:$s12StructBridge3MapV7receiveyxF [/tmp/x/reactive-bench-stripped]
          100 (10.00%)  ./nptl/pthread_mutex_lock.c:pthread_mutex_lock@@GLIBC_2.2.5 [/usr/lib/x86_64-linux-gnu/libc.so.6]
           80 ( 8.00%)  ???:$sSi9Workloads13ChecksummableA2aBP7combineyyF [/tmp/x/reactive-bench-stripped]
           50 ( 5.00%)  ???:$sSa6appendyyxnFSi_Tg5 [/tmp/x/reactive-bench-stripped]
           40 ( 4.00%)  ???:__swift_instantiateGenericMetadata [/tmp/x/reactive-bench-stripped]
           30 ( 3.00%)  ???:opencombine_unfair_lock_lock [/tmp/x/reactive-bench-stripped]
           30 ( 3.00%)  ???:0x00000000004ff400 [/tmp/x/reactive-bench-stripped]
           20 ( 2.00%)  ???:je_malloc [/usr/lib/x86_64-linux-gnu/libjemalloc.so.2]
        """

    @Test func eachFunctionGoesToItsComponentAndTheWholeRegionsFramesAreLeftOut() {
        let components = InstructionComponents(annotation: Self.report)
        #expect(components.total == 1_000)
        let byName = Dictionary(uniqueKeysWithValues: components.shares.map { ($0.component, $0.instructions) })
        #expect(byName == [
            "Swift runtime": 300 + 50 + 40, "library core (OpenCombine)": 200 + 30, "operator stages (StructBridge)": 150,
            "libc and locks": 100, "source and sink": 80, "other code": 30, "allocator (jemalloc)": 20,
        ])
        #expect(components.shares.first?.component == "Swift runtime", "most first")
        #expect(components.namedFraction == 0.97)
    }

    @Test(arguments: [
        ("$s11OpenCombine4JustV", "OpenCombine"), ("$ss5Int64V", "Swift"), ("$sSi9Workloads13ChecksummableA", "Workloads"),
        ("$sSa6appendyyxnF", "Swift"), ("$s8MyModule5StyleV", "MyModule"), ("main", nil),
    ])
    func theModuleOfAMangledName(name: String, module: String?) {
        #expect(InstructionComponents.swiftModule(of: name) == module)
    }
}
