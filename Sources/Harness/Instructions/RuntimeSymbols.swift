/// The functions each ``AnatomyCounter`` counts calls to, by the name callgrind gives them (version
/// suffix, parameter list and recursion mark removed). Entry points that never showed up in these
/// profiles are listed too, so that a pipeline that starts using one is counted rather than missed.
/// A call from one member of a group to another (`swift_bridgeObjectRetain` -> `swift_retain`,
/// `swift_getTupleTypeMetadata2` -> `swift_getTupleTypeMetadata`) is part of the one call counted.
enum RuntimeSymbols {
    /// Strong retains. `_n` forms count once per call, not n times: callgrind does not see arguments.
    static let retains: Set<String> = [
        "swift_retain", "swift_retain_n", "swift_nonatomic_retain", "swift_nonatomic_retain_n",
        "swift_bridgeObjectRetain", "swift_bridgeObjectRetain_n",
        "swift_nonatomic_bridgeObjectRetain", "swift_nonatomic_bridgeObjectRetain_n",
        "swift_unknownObjectRetain", "swift_unknownObjectRetain_n",
        "swift_nonatomic_unknownObjectRetain", "swift_nonatomic_unknownObjectRetain_n",
        // Loads that return a new strong reference from a weak or unowned one.
        "swift_tryRetain", "swift_unownedRetainStrong", "swift_unownedRetainStrongAndRelease",
        "swift_weakLoadStrong", "swift_weakTakeStrong",
        "swift_unknownObjectWeakLoadStrong", "swift_unknownObjectWeakTakeStrong",
    ]

    /// Strong releases; `_n` forms count once per call.
    static let releases: Set<String> = [
        "swift_release", "swift_release_n", "swift_nonatomic_release", "swift_nonatomic_release_n",
        "swift_bridgeObjectRelease", "swift_bridgeObjectRelease_n",
        "swift_nonatomic_bridgeObjectRelease", "swift_nonatomic_bridgeObjectRelease_n",
        "swift_unknownObjectRelease", "swift_unknownObjectRelease_n",
        "swift_nonatomic_unknownObjectRelease", "swift_nonatomic_unknownObjectRelease_n",
    ]

    /// glibc's lock functions, by their public names and the internal aliases callgrind may name them by.
    /// OpenCombine's `opencombine_unfair_lock` and its recursive lock, the Rx core's `RecursiveLock`,
    /// `NSLock` and jemalloc's mutexes all end in one of them.
    static let lockAcquisitions: Set<String> = [
        "pthread_mutex_lock", "__pthread_mutex_lock", "___pthread_mutex_lock",
        "pthread_mutex_trylock", "__pthread_mutex_trylock", "___pthread_mutex_trylock",
        "pthread_mutex_timedlock", "pthread_mutex_clocklock", "__pthread_mutex_cond_lock",
        "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_rwlock_tryrdlock", "pthread_rwlock_trywrlock",
        "pthread_rwlock_timedrdlock", "pthread_rwlock_timedwrlock", "pthread_rwlock_clockrdlock",
        "pthread_rwlock_clockwrlock", "__pthread_rwlock_rdlock", "__pthread_rwlock_wrlock",
        "pthread_spin_lock", "pthread_spin_trylock",
    ]

    /// The runtime's lookups of type metadata (generic, tuple, function, metatype, existential, opaque,
    /// by mangled name) and of witness tables and associated types. Not the helpers the compiler emits
    /// into each binary (`__swift_instantiateConcreteTypeFromMangledName`, `__swift_instantiateGenericMetadata`,
    /// ...): those are wrappers whose runtime call is what is counted, and the mangled-name one caches
    /// per call site, calling the runtime only the first time.
    static let metadataLookups: Set<String> = [
        "swift_getGenericMetadata", "swift_getCanonicalPrespecializedGenericMetadata",
        "swift_getCanonicalSpecializedMetadata", "swift_getForeignTypeMetadata", "swift_checkMetadataState",
        "swift_getTupleTypeMetadata", "swift_getTupleTypeMetadata2", "swift_getTupleTypeMetadata3",
        "swift_getFunctionTypeMetadata", "swift_getFunctionTypeMetadata0", "swift_getFunctionTypeMetadata1",
        "swift_getFunctionTypeMetadata2", "swift_getFunctionTypeMetadata3",
        "swift_getFunctionTypeMetadataDifferentiable", "swift_getFunctionTypeMetadataGlobalActor",
        "swift_getExtendedFunctionTypeMetadata",
        "swift_getMetatypeMetadata", "swift_getExistentialMetatypeMetadata", "swift_getExistentialTypeMetadata",
        "swift_getExtendedExistentialTypeMetadata", "swift_getExtendedExistentialTypeMetadata_unique",
        "swift_getOpaqueTypeMetadata", "swift_getOpaqueTypeMetadata2",
        "swift_getOpaqueTypeConformance", "swift_getOpaqueTypeConformance2",
        "swift_getWitnessTable", "swift_getAssociatedTypeWitness", "swift_getAssociatedConformanceWitness",
        "swift_getTypeByMangledName", "swift_getTypeByMangledNameInContext", "swift_getTypeByMangledNameInContext2",
        "swift_getTypeByMangledNameInContextInMetadataState", "swift_getTypeByMangledNameInContextInMetadataState2",
        "swift_getTypeByMangledNameInEnvironment", "swift_getTypeByMangledNameInEnvironmentInMetadataState",
    ]

    /// The runtime's dynamic casts (`as?`, `as!`, `is` when the compiler cannot decide them) and
    /// conformance lookups.
    static let dynamicCasts: Set<String> = [
        "swift_dynamicCast", "swift_dynamicCastClass", "swift_dynamicCastClassUnconditional",
        "swift_dynamicCastUnknownClass", "swift_dynamicCastUnknownClassUnconditional",
        "swift_dynamicCastMetatype", "swift_dynamicCastMetatypeUnconditional",
        "swift_dynamicCastMetatypeToObjectConditional", "swift_dynamicCastMetatypeToObjectUnconditional",
        "swift_dynamicCastForeignClass", "swift_dynamicCastForeignClassUnconditional",
        "swift_dynamicCastForeignClassMetatype", "swift_dynamicCastForeignClassMetatypeUnconditional",
        "swift_conformsToProtocol", "swift_conformsToProtocol2", "swift_conformsToProtocolCommon",
    ]

    /// The allocator's entry points: C's and C++'s. `swift_allocObject` reaches `malloc` through
    /// `swift_slowAlloc`. C++ `operator new` (OpenCombine's locks) is libstdc++'s, which calls `malloc`,
    /// or jemalloc's own, which does not (when jemalloc comes first in the symbol search order, as under
    /// `LD_PRELOAD`): it is counted itself, and the `malloc` it may call is part of it.
    static let mallocs: Set<String> = [
        "malloc", "calloc", "realloc", "reallocarray", "posix_memalign", "aligned_alloc", "memalign", "valloc",
        "pvalloc", "mallocx", "rallocx", "__libc_malloc", "__libc_calloc", "__libc_realloc", "__libc_memalign",
        // Demangled, as callgrind names them, then mangled: new, new[], aligned, nothrow.
        "operator new", "operator new[]",
        "_Znwm", "_Znam", "_ZnwmRKSt9nothrow_t", "_ZnamRKSt9nothrow_t", "_ZnwmSt11align_val_t", "_ZnamSt11align_val_t",
        "_ZnwmSt11align_val_tRKSt9nothrow_t", "_ZnamSt11align_val_tRKSt9nothrow_t",
    ]
}
