import AnySubscriberStyle
import Builtin
import ClassSubscription
import StructBridge
import StyleKit

extension Implementation {
    /// Whether ``withCombineStyle(_:)`` hands the style to its visitor as a concrete type, so that its
    /// cells are specialised for it: true for the project's Combine styles, false for a style another
    /// package added, whose cells are the same code unspecialised (environment.csv lists such rows, and
    /// `summary` and `compare` warn). Not a Combine row: true (nothing to specialise).
    public var isSpecialised: Bool {
        combineStyle == nil || withCombineStyle(SpecialisationProbe())
    }

    /// Calls `visitor` with this implementation's Combine style as a concrete type: the one place that
    /// turns the registry's `any CombineOperatorStyle.Type` back into each style's own type, so that code
    /// reached from a specialised caller through `visitor` is specialised for the style, with
    /// cross-module optimisation, down to where a library hides its types. A style the registry does not
    /// list (the tests' own) is passed opened from the existential: the same code, unspecialised.
    ///
    /// - Precondition: the implementation is of the Combine family.
    @inline(__always)
    public func withCombineStyle<Visitor: CombineStyleVisitor>(_ visitor: Visitor) -> Visitor.Result {
        let style = combineStyle!
        switch ObjectIdentifier(style) {
        case ObjectIdentifier(BuiltinOperators.self): return visitor.visit(BuiltinOperators.self)
        case ObjectIdentifier(StructBridgeOperators.self): return visitor.visit(StructBridgeOperators.self)
        case ObjectIdentifier(ClassSubscriptionOperators.self): return visitor.visit(ClassSubscriptionOperators.self)
        case ObjectIdentifier(AnySubscriberOperators.self): return visitor.visit(AnySubscriberOperators.self)
        default: return visitor.visitUnlisted(style)
        }
    }
}

/// Tells whether ``Implementation/withCombineStyle(_:)`` lists a style.
private struct SpecialisationProbe: CombineStyleVisitor {
    func visit<Style: CombineOperatorStyle>(_ style: Style.Type) -> Bool { true }
    func visitUnlisted<Style: CombineOperatorStyle>(_ style: Style.Type) -> Bool { false }
}
