import CEventControls
import Harness
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The objects the actions work on, made once per cell (outside every measured region).
final class AnatomyControlTarget {
    /// What `dynamicCast` casts to.
    final class CastTarget {
        let value = 1
    }

    /// A generic type whose metadata `metadataLookup` asks for.
    struct Box<Value> {
        var value: Value
    }

    let action: AnatomyControlAction
    private let probe = ExclusivityProbe()
    private let castSource: Any = CastTarget()
    private let counter = Atomic<Int>(0)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// The ring and counters of an action written in C (``AnatomyControlAction/eventControl``), made only
    /// for those (64 MiB for `llMiss`).
    private let events: OpaquePointer?

    init(action: AnatomyControlAction) {
        self.action = action
        pthread_mutex_init(mutex, nil)
        events = action.eventControl.flatMap { cevent_state_create($0) }
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        cevent_state_destroy(events)
    }

    /// Whether the action can run: a C action needs the ring its state allocates (the workload's
    /// `unsupportedReason` has already turned it away from a machine that is not x86-64).
    var isAvailable: Bool {
        action.eventControl == nil || events != nil
    }

    /// Does the action `times` times.
    @inline(never)
    func perform(times: Int) {
        if let control = action.eventControl {
            cevent_perform(events, control, times)
            return
        }
        var folded = 0
        for _ in 0..<times {
            switch action {
            case .none: break
            case .retainRelease: Self.retainAndRelease(probe)
            case .exclusivityCheck: Self.increment(probe)
            case .lock: Self.lockAndUnlock(mutex)
            case .metadataLookup: folded &+= Self.metadataIdentity(of: Int.self)
            case .dynamicCast: folded &+= Self.castValue(castSource)
            case .malloc: Self.allocateAndFree(bytes: 16 &+ (folded & 1))
            case .atomicRMW: Self.add(to: counter)
            case .instructions: folded = Self.xorshift(folded)
            case .independentInstructions: folded = Self.independentXorshifts(folded)
            case .emptyCall, .conditionalBranch, .mispredictedBranches, .predictedBranches, .indirectCall, .l1Miss, .llMiss: break
            }
        }
        blackHole(folded)
    }

    // MARK: - The actions, one counted call each

    @inline(never)
    private static func retainAndRelease(_ object: AnyObject) {
        let unmanaged = Unmanaged.passUnretained(object).retain()
        release(unmanaged)
    }

    @inline(never)
    private static func release(_ unmanaged: Unmanaged<AnyObject>) {
        unmanaged.release()
    }

    /// The modify spans a call the optimiser cannot see into, which might touch `probe` too: the
    /// access is checked at run time (a modify it can see whole is proven exclusive and not checked).
    @inline(never)
    private static func increment(_ probe: ExclusivityProbe) {
        addOne(to: &probe.value)
    }

    @inline(never)
    private static func addOne(to value: inout Int) {
        value &+= 1
    }

    @inline(never)
    private static func lockAndUnlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_lock(mutex)
        pthread_mutex_unlock(mutex)
    }

    /// Specialising it for `Int` would make `Box<Int>`'s metadata a constant; unspecialised, it asks the
    /// runtime for `Box<Value>` with the `Value` it is handed.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    private static func metadataIdentity<Value>(of type: Value.Type) -> Int {
        ObjectIdentifier(Box<Value>.self).hashValue & 1
    }

    @inline(never)
    private static func castValue(_ value: Any) -> Int {
        (value as? CastTarget)?.value ?? 0
    }

    /// The pointer goes to the black hole: LLVM deletes a `malloc` whose block is only freed.
    @inline(never)
    private static func allocateAndFree(bytes: Int) {
        let block = malloc(bytes)
        blackHole(block)
        free(block)
    }

    /// Inlined into the loop on purpose: a call would be more than arithmetic. The steps depend on each
    /// other and on `value`, so none can be folded or dropped.
    @inline(__always)
    private static func xorshift(_ value: Int) -> Int {
        var state = UInt64(bitPattern: Int64(value)) | 1
        for _ in 0..<16 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        return Int(Int64(bitPattern: state))
    }

    /// Inlined, as ``xorshift(_:)``: four streams seeded from `value`, four steps each, folded together
    /// only at the end, so that the steps of different streams can run at once. As many instructions as
    /// sixteen steps of one stream, but a quarter of the chain. Each stream shifts by its own amounts:
    /// with the same ones, the compiler made the four streams vector instructions (two lanes each), which
    /// is neither what it measures nor what a pipeline's code is.
    @inline(__always)
    private static func independentXorshifts(_ value: Int) -> Int {
        let seed = UInt64(bitPattern: Int64(value)) | 1
        var a = seed, b = seed &* 3, c = seed &* 5, d = seed &* 7
        for _ in 0..<4 {
            a ^= a << 13
            b ^= b << 12
            c ^= c << 21
            d ^= d << 17
            a ^= a >> 7
            b ^= b >> 25
            c ^= c >> 35
            d ^= d >> 31
            a ^= a << 17
            b ^= b << 27
            c ^= c << 4
            d ^= d << 8
        }
        return Int(Int64(bitPattern: a ^ b ^ c ^ d))
    }

    @inline(never)
    private static func add(to counter: borrowing Atomic<Int>) {
        counter.wrappingAdd(1, ordering: .relaxed)
    }
}
