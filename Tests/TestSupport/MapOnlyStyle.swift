import CombineFramework
import StyleKit

/// A test-only Combine style that builds `map` alone, with something planted in it (a cost, a demand bug):
/// it supports `map` only, and the other seven operators throw ``UnsupportedOperator`` naming the style
/// (``CombineOperatorStyle``'s defaults), as a style that cannot express them must. A conformer writes `map` and names itself.
public protocol MapOnlyStyle: CombineOperatorStyle {}

extension MapOnlyStyle {
    public static var supportedOperators: Set<OperatorID> { [.map] }
    public static var unsupportedReason: String { "the test style implements map only" }
}
