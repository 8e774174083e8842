import AnySubscriberStyle
import Builtin
import ClassSubscription
import StructBridge
import StyleKit

extension Implementation {
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
        default: return visitor.visit(style)
        }
    }
}
