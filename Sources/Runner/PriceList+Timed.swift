import Harness
import Workloads

extension PriceList {
    /// The prices a time run's controls give, each group measured interleaved (``InterleavedRunner``): an
    /// action's `ns` from its k = 1 and k = 3 cells, then ``deepFrame``'s two from the call chain. A group
    /// that is not whole (a cell not `ok`, no round) gives none. Each price is read off the rounds'
    /// differences, each timed in the same moment of the machine (``pairedPrice(_:_:)``), and judged
    /// (``InterleavedCells/sharedCoreReason``, ``distrust(_:)``).
    public static func prices(timed groups: [InterleavedCells]) -> [Price] {
        func group(_ workloads: [any Workload]) -> InterleavedCells? {
            groups.first { group in
                group.results.map(\.workload) == workloads.map(\.name) && group.results.allSatisfy { $0.status == .ok }
                    && !group.rounds.isEmpty
            }
        }
        let prices = AnatomyControlAction.allCases.compactMap { action -> Price? in
            group([1, 3].map { AnatomyControlWorkload(action, times: $0) }).map { pairedPrice(action, $0) }
        }
        let call = prices.first { $0.event == AnatomyControlAction.emptyCall.rawValue }
        guard let chain = group(callChain), let call else { return prices }
        return prices + deepFramePrices(chain, call: call)
    }

    /// `action`'s ns per event from its two controls' rounds: in each round the k = 3 cell's ns per element
    /// less the k = 1 cell's, halved; the price is the Hodges-Lehmann estimate of those differences, with its
    /// 95% interval (``WilcoxonSignedRank/hodgesLehmann(_:confidence:)``: distribution-free for differences
    /// spread alike either side of their centre, and one round a neighbour disturbed moves it by one rank,
    /// not by its size). With fewer than 6 rounds it is their whole range, which covers less (with 5, 93.75%).
    static func pairedPrice(_ action: AnatomyControlAction, _ group: InterleavedCells) -> Price {
        let once = group.rounds.map { $0[0].nanosecondsPerUnit }, thrice = group.rounds.map { $0[1].nanosecondsPerUnit }
        let centre = WilcoxonSignedRank.hodgesLehmann(zip(once, thrice).map { ($1 - $0) / 2 }, confidence: 0.95)!
        var price = Price(
            event: action.rawValue, metric: "ns", perEvent: centre.centre, interval: centre.low...centre.high,
            once: SampleStatistics.median(once), thrice: SampleStatistics.median(thrice)
        )
        price.untrustedReason = group.sharedCoreReason
        return judged(price)
    }

    /// ``deepFrame``'s two prices, from the call chain's rounds and an ordinary call's price (`emptyCall`):
    /// the line through the two deep chains has one frame's cost beyond the predictor as its slope (the
    /// Hodges-Lehmann estimate of the rounds' slopes, each timed in one moment), and meets the line an
    /// ordinary call's price draws through the shallow chain (its median) where the predictor runs out. The
    /// chain at depth d nests d + 1 frames below its loop. The ns price is the slope less the call's price;
    /// its interval, the slope's less the call's, end against opposite end.
    static func deepFramePrices(_ chain: InterleavedCells, call: Price) -> [Price] {
        let (held, near, far) = (0, 1, 2)
        let times = [held, near, far].map { depth in chain.rounds.map { $0[depth].nanosecondsPerUnit } }
        let span = Double(callChainDepths[far] - callChainDepths[near])
        let slopes = zip(times[near], times[far]).map { ($1 - $0) / span }
        let slope = WilcoxonSignedRank.hodgesLehmann(slopes, confidence: 0.95)!
        let callInterval = call.interval ?? call.perEvent...call.perEvent
        let low = slope.low - callInterval.upperBound, high = slope.high - callInterval.lowerBound
        var ns = Price(
            event: deepFrame, metric: "ns", perEvent: slope.centre - call.perEvent, interval: low...max(low, high), once: nil,
            thrice: nil
        )
        ns.untrustedReason = chain.sharedCoreReason
        return deepFramePrices(
            ns, slope: slope.centre, call: call, held: SampleStatistics.median(times[held]), near: SampleStatistics.median(times[near])
        )
    }

    /// Why `deepFrame,frames` is not trusted when its ns price is not.
    static let framesReason = "read off the same times as \(deepFrame) ns, which is not trusted"

    /// ``deepFrame``'s `ns` price judged, and its `frames` price where the lines meet: the call chain grew `slope`
    /// ns a frame between its two deep depths, and its shallow and near depths took `held` and `near` ns. Both
    /// are marked as not trusted when the slope is not above an ordinary call's price (no bend was measured:
    /// a machine busy enough to drown it, and there is no place for the lines to meet), when `call` is not
    /// trusted, or when the ns price does not hold (its rounds shared the core, as `ns` says, or
    /// ``distrust(_:)``).
    static func deepFramePrices(_ ns: Price, slope: Double, call: Price, held: Double, near: Double) -> [Price] {
        var ns = ns
        // Nothing measured when the lines do not meet.
        var frames = Price(event: deepFrame, metric: "frames", perEvent: .nan, interval: nil, once: nil, thrice: nil)
        if slope > call.perEvent {
            let (heldDepth, nearDepth) = (Double(callChainDepths[0]), Double(callChainDepths[1]))
            // held + call x (d - heldDepth) = near + slope x (d - nearDepth)
            frames.perEvent = (near - held - slope * nearDepth + call.perEvent * heldDepth) / (call.perEvent - slope) + 1
        }
        if !call.isTrusted {
            ns.untrustedReason = "it is read beyond \(call.event)'s price, which is not trusted"
        } else if !(slope > call.perEvent) {
            let growth = slope < 0 ? "took \(amount(-slope, "ns")) less a frame" : "grew \(amount(slope, "ns")) a frame"
            ns.untrustedReason = "the call chain \(growth) from \(callChainDepths[1]) to \(callChainDepths[2]) deep, not more "
                + "than an ordinary call's \(amount(call.perEvent, "ns")): no bend measured (a busy machine?)"
        } else {
            ns = judged(ns)
        }
        frames.untrustedReason = ns.untrustedReason.map { _ in framesReason }
        return [ns, frames]
    }
}
