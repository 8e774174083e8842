import ReactiveBenchConformance

/// A subject under test (one of `SubjectID`), sending `Int`s and failing with ``TestError``.
protocol SubjectRig: AnyObject {
    /// Whether subscribers have demand (the Combine family) or take everything (Rx).
    var hasDemand: Bool { get }
    func subscribe(_ demand: DemandPolicy) -> any SubjectDownstream
    func send(_ value: Int)
    func finish()
}
