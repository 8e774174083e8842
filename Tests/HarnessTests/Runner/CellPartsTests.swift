import Harness
import Testing
@testable import Runner

/// A time run's cell is measured in up to three processes, each a pass over every cell, so that one
/// process's layout cannot set a cell's median; an instruction run and a short run keep one process a cell.
struct CellPartsTests {
    private func parts(repetitions: Int, instructions: Bool = false) -> [Int] {
        var configuration = instructions ? .instructions(.callgrind, quick: false) : RunConfiguration()
        configuration.repetitions = repetitions
        return IsolatedRunner.parts(configuration)
    }

    @Test func theDefaultElevenAreFourFourAndThree() {
        #expect(parts(repetitions: 11) == [4, 4, 3])
        #expect(parts(repetitions: RunConfiguration.standard.repetitions) == [4, 4, 3])
    }

    /// Every repetition is asked for once; a process has at least three; with three processes, each has
    /// fewer than half, so one slow process alone cannot set the median.
    @Test func thePartsAddUpAndNoneHoldsHalf() {
        for repetitions in 1...40 {
            let split = parts(repetitions: repetitions)
            #expect(split.reduce(0, +) == repetitions, "\(repetitions): \(split)")
            #expect(split.count <= 3 && (split.count == 1 || split.allSatisfy { $0 >= 3 }), "\(repetitions): \(split)")
            if split.count == 3 { #expect(split.allSatisfy { 2 * $0 < repetitions }, "\(repetitions): \(split)") }
        }
    }

    @Test func aQuickRunAndAnInstructionRunKeepOneProcessACell() {
        #expect(parts(repetitions: RunConfiguration.quick.repetitions) == [5])
        #expect(parts(repetitions: 11, instructions: true) == [11])
        #expect(parts(repetitions: 1) == [1])
    }

    /// In parts, a cell is measured again only while it has fewer quiet repetitions than the half the
    /// statistics need; in one process, while it has fewer than asked for, as before.
    @Test func theGateMeasuresAgainBelowHalfInPartsAndBelowAllInOneProcess() {
        #expect(IsolatedRunner.remeasuredBelow(RunConfiguration()) == 6)
        #expect(IsolatedRunner.remeasuredBelow(.quick) == 5)
    }
}
