import Harness

extension EstimatePrices {
    /// `instructions` and the anatomy `counts` of one unit or one stage, priced. An event of
    /// ``pricedAsInstructions`` or ``unpriced`` is left among the instructions. A retain+release pair is priced only as
    /// often as the counts hold its atomics (a retain of an object that needs none, a nil context or an
    /// immortal object, costs instructions only); the atomics no pair made at the atomic's price; each of
    /// the `framesBeyondPredictor` at deepFrame's price, on top of its instructions; the `consumerWork`
    /// instructions (a slow consumer's own chain, ``InstructionComponent/consumerWork``) at
    /// ``perDependentInstruction``; every instruction no event accounts for at ``perInstruction``.
    public func price(
        instructions: Double, counts: [AnatomyCounter: Double], framesBeyondPredictor: Double = 0, consumerWork: Double = 0
    ) -> PricedCounts {
        let chained = min(atLeastZero(consumerWork), atLeastZero(instructions))
        var left = instructions - chained, atomics = counts[.atomicRMWs] ?? 0
        let events = PricedEvent.all.map { priced -> Double in
            let event = priced.event
            guard !pricedAsInstructions.contains(event), let price = nanoseconds[event] else { return 0 }
            let ownAtomics = self.atomics[event] ?? 0
            var count: Double
            if priced.counter == .atomicRMWs {
                count = atLeastZero(atomics)
            } else {
                count = atLeastZero(counts[priced.counter] ?? 0)
                if ownAtomics > 0 { count = min(count, atLeastZero(atomics) / ownAtomics) }
                atomics -= count * ownAtomics
            }
            left -= count * self.instructions[event]!
            return count * price
        }
        let other = atLeastZero(left)
        return PricedCounts(
            events: events, deepFrames: framesBeyondPredictor * (deepFrame?.nanoseconds ?? 0),
            consumerWork: chained * perDependentInstruction, otherInstructions: other,
            otherInstructionsNanoseconds: other * perInstruction
        )
    }

    /// The frames of a delivery `callDepth` frames deep that the return-address predictor does not hold:
    /// 0 without a depth or a deepFrame price.
    public func framesBeyondPredictor(callDepth: Double?) -> Double {
        guard let callDepth, let deepFrame else { return 0 }
        return atLeastZero(callDepth - deepFrame.frames)
    }

    /// What the same counts cost were every other instruction on a dependent chain: the upper bound.
    public func ifDependent(_ priced: PricedCounts) -> Double {
        priced.estimate + priced.otherInstructions * (perDependentInstruction - perInstruction)
    }
}

/// `value`, or 0 when it is not above 0 (-0 and NaN included: `max(0, -0.0)` is -0.0, which a CSV shows as
/// `-0`).
func atLeastZero(_ value: Double) -> Double {
    value > 0 ? value : 0
}
