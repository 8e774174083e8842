@testable import Harness
import Testing

/// Reading what callgrind writes: the region labels a cell dumps, the totals, and callgrind_annotate's
/// function lines.
struct CallgrindOutputTests {
    @Test func aRegionLabelReadsBackAsItsSample() {
        let steady = "\(InstructionSample.callgrindLabel(.steady))", setup = "\(InstructionSample.callgrindLabel(.setup))"
        #expect(steady == "reactive-bench steady" && setup == "reactive-bench setup")
        #expect(
            InstructionSample(callgrindLabel: steady, instructions: 36_146_180, steadyUnits: 20_000)
                == InstructionSample(region: .steady, units: 20_000, instructions: 36_146_180)
        )
        #expect(
            InstructionSample(callgrindLabel: setup, instructions: 18_114, steadyUnits: 20_000)
                == InstructionSample(region: .setup, units: 1, instructions: 18_114), "one subscription"
        )
        for other in ["", "Program termination", "reactive-bench outside", "reactive-bench teardown", "reactive-bench steady units=1"] {
            #expect(InstructionSample(callgrindLabel: other, instructions: 1, steadyUnits: 1) == nil, "\(other)")
        }
        #expect(InstructionSample(callgrindLabel: steady, instructions: 1, steadyUnits: 0) == nil)
    }

    @Test func thePerUnitCountIsTheMedianOverRepetitionsOfOneRegion() {
        let samples = [
            InstructionSample(region: .setup, units: 1, instructions: 18_000),
            InstructionSample(region: .steady, units: 1_000, instructions: 1_800_000),
            InstructionSample(region: .setup, units: 1, instructions: 18_100),
            InstructionSample(region: .steady, units: 2_000, instructions: 3_620_000),
            InstructionSample(region: .steady, units: 1_000, instructions: 1_830_000),
        ]
        #expect(InstructionSample.perUnitMedian(samples, region: .steady) == 1_810)
        #expect(InstructionSample.perUnitMedian(samples, region: .setup) == 18_050)
        #expect(InstructionSample.perUnitMedian([], region: .steady) == nil)
    }

    @Test func theTotalOfAPartFile() {
        let part = """
            version: 1
            creator: callgrind-3.19.0
            desc: Trigger: Client Request: reactive-bench setup
            events: Ir
            fn=(1) main
            5 100
            summary: 18114
            totals: 18114
            """
        #expect(Callgrind.total(part) == 18_114)
        #expect(Callgrind.total("events: Ir\n") == nil)
    }
}

/// callgrind_annotate's report as valgrind 3.19 prints it: a count, its share, `file:function [object]`.
struct CallgrindAnnotationParsingTests {
    @Test func functionLinesGiveCountAndFunctionWithoutFileOrObject() {
        let report = """
            --------------------------------------------------------------------------------
            Thresholds:       100
            Timerange: Basic block 0 - 19008215
            --------------------------------------------------------------------------------
            36,146,180 (100.0%)  PROGRAM TOTALS

            --------------------------------------------------------------------------------
            Ir                  file:function
            --------------------------------------------------------------------------------
            3,080,620 ( 8.52%)  ???:swift_beginAccess [/opt/swift/usr/lib/swift/linux/libswiftCore.so]
            2,700,520 ( 7.47%)  ???:swift::runtime::AccessSet::insert(swift::runtime::Access*, void*) [/lib/libswiftCore.so]
            2,620,000 ( 7.25%)  ./nptl/./nptl/pthread_mutex_lock.c:pthread_mutex_lock@@GLIBC_2.2.5 [/usr/lib/libc.so.6]
                  900  ???:$s11OpenCombine18PassthroughSubjectC4sendyyxF [/tmp/x/reactive-bench-stripped]
            """
        let functions = CallgrindAnnotation.functions(inAnnotation: report)
        #expect(functions.map(\.instructions) == [3_080_620, 2_700_520, 2_620_000, 900])
        #expect(functions.map(\.name) == [
            "swift_beginAccess", "swift::runtime::AccessSet::insert(swift::runtime::Access*, void*)",
            "pthread_mutex_lock@@GLIBC_2.2.5", "$s11OpenCombine18PassthroughSubjectC4sendyyxF",
        ])
    }
}
