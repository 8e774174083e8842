import CostModel
import Harness
import Testing

/// One unit's counts priced, on prices whose products are exact: a retain+release pair 10 ns and 60
/// instructions (2 atomics), a lock 8 ns and 70, an atomic 5 ns and 10; the other events priced as their
/// instructions; an instruction 0.125 ns where instructions run at once, 0.5 ns in a dependent chain; a
/// frame beyond the 30 the return-address predictor holds 5 ns.
struct PricingTests {
    static let prices = EstimatePrices(
        nanoseconds: [
            "retainRelease": 10, "exclusivityCheck": 1, "lock": 8, "metadataLookup": 1, "dynamicCast": 1, "malloc": 1, "atomicRMW": 5,
        ],
        instructions: [
            "retainRelease": 60, "exclusivityCheck": 100, "lock": 70, "metadataLookup": 100, "dynamicCast": 100, "malloc": 100,
            "atomicRMW": 10,
        ],
        atomics: ["retainRelease": 2], perInstruction: 0.125, perDependentInstruction: 0.5,
        deepFrame: (nanoseconds: 5, frames: 30), pricedAsInstructions: ["exclusivityCheck", "metadataLookup", "dynamicCast", "malloc"]
    )

    /// 1,000 instructions, 2 pairs, 1 lock, 5 atomics (4 of them the pairs'): 2 x 10 + 8 + 1 x 5 ns, and
    /// 1000 - 2 x 60 - 70 - 10 = 800 instructions left at 0.125 ns, 100 ns; 133 in all.
    @Test func eachEventAtItsPriceAndTheRestAtTheIndependentPrice() {
        let priced = Self.prices.price(instructions: 1000, counts: [.retains: 2, .lockAcquisitions: 1, .atomicRMWs: 5])
        #expect(priced.events == [20, 0, 8, 0, 0, 0, 5])
        #expect(priced.deepFrames == 0)
        #expect(priced.otherInstructions == 800 && priced.otherInstructionsNanoseconds == 100)
        #expect(priced.estimate == 133 && priced.eventsOnly == 33)
        // The same 800 instructions in a dependent chain: 0.375 ns more each.
        #expect(Self.prices.ifDependent(priced) == 433)
    }

    /// A retain of an object that needs no atomic (a nil context, an immortal object) costs instructions
    /// only: a pair is priced as often as the counts hold its two atomics.
    @Test func aRetainWithoutItsAtomicsIsPricedAsInstructions() {
        let priced = Self.prices.price(instructions: 1000, counts: [.retains: 1, .releases: 1])
        #expect(priced.events == [0, 0, 0, 0, 0, 0, 0])
        #expect(priced.otherInstructions == 1000 && priced.estimate == 125)
        // Two retains but three atomics: one and a half pairs, which make every atomic; none left for an atomic
        // of its own.
        let partly = Self.prices.price(instructions: 1000, counts: [.retains: 2, .atomicRMWs: 3])
        #expect(partly.events == [15, 0, 0, 0, 0, 0, 0])
        #expect(partly.otherInstructions == 1000 - 1.5 * 60)
    }

    /// An event priced as its instructions takes none off: its count's instructions stay the cell's own.
    @Test func anEventPricedAsInstructionsLeavesItsInstructionsAmongTheOthers() {
        let priced = Self.prices.price(instructions: 1000, counts: [.metadataLookups: 3, .mallocs: 1])
        #expect(priced.events == [0, 0, 0, 0, 0, 0, 0])
        #expect(priced.otherInstructions == 1000)
    }

    /// A delivery 42 frames deep where the predictor holds 30: 12 returns lost, 5 ns each, on top of the
    /// same instructions; as deep as the predictor holds, or without a depth, nothing.
    @Test func framesBeyondTheReturnPredictorAtTheDeepFramePrice() {
        let frames = Self.prices.framesBeyondPredictor(callDepth: 42)
        #expect(frames == 12)
        let priced = Self.prices.price(instructions: 1000, counts: [:], framesBeyondPredictor: frames)
        #expect(priced.deepFrames == 60 && priced.estimate == 60 + 125)
        #expect(Self.prices.framesBeyondPredictor(callDepth: 30) == 0)
        #expect(Self.prices.framesBeyondPredictor(callDepth: nil) == 0)
        var withoutDeepFrame = Self.prices
        withoutDeepFrame.deepFrame = nil
        #expect(withoutDeepFrame.framesBeyondPredictor(callDepth: 42) == 0)
    }

    /// A slow consumer's own work is a chain: its 600 instructions at the dependent 0.5 ns (300 ns), taken off
    /// the others (1000 - 600 = 400 at 0.125 ns, 50 ns), and counted with the events, not the rest; the
    /// dependent bound prices only the rest again. More of it than the cell's instructions is all of them.
    @Test func aSlowConsumersWorkAtTheDependentPriceAndNotAmongTheOthers() {
        let priced = Self.prices.price(instructions: 1000, counts: [:], consumerWork: 600)
        #expect(priced.consumerWork == 300 && priced.otherInstructions == 400 && priced.otherInstructionsNanoseconds == 50)
        #expect(priced.estimate == 350 && priced.eventsOnly == 300)
        #expect(Self.prices.ifDependent(priced) == 500)
        let beyond = Self.prices.price(instructions: 100, counts: [:], consumerWork: 600)
        #expect(beyond.consumerWork == 50 && beyond.otherInstructions == 0)
    }

    /// A count or a remainder below 0 (a slope of -0.0001) is no event: 0, never -0 (a CSV's `-0`).
    @Test func aNegativeCountIsNone() {
        let priced = Self.prices.price(instructions: -5, counts: [.retains: -0.0, .lockAcquisitions: -1, .atomicRMWs: -0.0])
        #expect(priced.events.allSatisfy { $0 == 0 && $0.sign == .plus })
        #expect(priced.otherInstructions == 0 && priced.otherInstructions.sign == .plus)
    }
}
