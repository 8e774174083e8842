// A reproducer, not part of any target: swift-frontend 6.3.1 (swift-6.3.1-RELEASE, x86_64 Linux) crashes
// with signal 11 compiling this file at -O:
//
//     swiftc -O -parse-as-library -emit-library ExistentialConditional.swift
//
// "Found verification error when verifying before lowering ownership" in OwnershipModelEliminator, on the
// specialisation of `perform` for `Rig.apply`'s arguments (mangled `...Tf4nee_n`). Three things together:
// a conditional that picks one of two existential arguments, a caller passing existentials of a protocol
// that refines the parameter's, and the optimiser. Call each one in a branch of its own and it compiles:
// the workaround in Sources/ReactiveBenchConformance/Scripts/Step.swift. scripts/lib/compiler-crashes
// compiles this file and says whether the compiler in use still crashes.

public protocol DrivenInput: AnyObject { func send(_ value: Int) }
public protocol TrackedInput: DrivenInput {}

public func perform(_ first: Bool, on primary: any DrivenInput, _ secondary: any DrivenInput) {
    (first ? primary : secondary).send(1)
}

public final class Rig {
    let primary: any TrackedInput
    let secondary: any TrackedInput

    init(primary: any TrackedInput, secondary: any TrackedInput) {
        self.primary = primary
        self.secondary = secondary
    }

    public func apply(_ first: Bool) { perform(first, on: primary, secondary) }
}
