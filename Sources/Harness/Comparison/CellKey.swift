/// What matches a row of one run with a row of another: the workload (with its parameter, as in
/// `demand (max1Requested)`) and the implementation.
public struct CellKey: Hashable, Sendable, CustomStringConvertible {
    public let workload: String
    public let implementation: String

    public init(workload: String, implementation: String) {
        self.workload = workload
        self.implementation = implementation
    }

    public var description: String { "\(workload) / \(implementation)" }
}
