// The one seam between Apple's Combine and OpenCombine. Every Combine-family module imports this one,
// which re-exports Apple's Combine where it can be imported (macOS, iOS) and OpenCombine, with its
// DispatchQueue scheduler, elsewhere; what the two spell differently is here, and nowhere else. Only the
// OpenCombine side is built and run by this project (Linux): the Apple side is written to Apple's
// documented API and has never been compiled (docs/YOUR-OPERATORS.md, "Apple's Combine").
//
// Not OpenCombine's own `OpenCombineShim`: it also links OpenCombineFoundation, whose conformances the
// runtime then searches too, and set-up counts rose by about 1,300 instructions per subscription in cells
// that never use it (rxSink's floor [direct]: 8,895 -> 10,230).
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombine
import OpenCombineDispatch
#endif
import Dispatch

/// Which Combine the Combine-family rows ran over, for environment.csv (`combine_framework`).
public enum CombineFramework {
    #if canImport(Combine)
    public static let name = "Combine (Apple)"
    #else
    public static let name = "OpenCombine"
    #endif
}

extension DispatchQueue {
    /// The queue as a Combine scheduler, for `receive(on:)`: the queue itself in Apple's Combine, its
    /// `ocombine` wrapper (OpenCombineDispatch) in OpenCombine.
    #if canImport(Combine)
    public var combineScheduler: DispatchQueue { self }
    #else
    public var combineScheduler: DispatchQueue.OCombine { ocombine }
    #endif
}
