#ifndef REACTIVE_BENCH_CEVENTCONTROLS_H
#define REACTIVE_BENCH_CEVENTCONTROLS_H

#include <stdint.h>

/// Controls for the events callgrind's cache and branch simulation counts (`run --metric instructions
/// --simulate`): each does an exact number of one event per call, in x86-64 assembly where the compiler
/// could otherwise add or remove one. Every action runs through the same loop, one call through a
/// table per iteration, so that `cevent_empty` is what the loop alone costs and each other action's
/// events minus `cevent_empty`'s are the action's own.
///
/// Exact under valgrind's models with the cache geometry `Callgrind.simulationArguments` fixes
/// (L1 32 KiB, 8-way; LL 8 MiB, 16-way; 64-byte lines). Elsewhere they still run; only x86-64 has the
/// assembly (`cevent_supported`).

/// What one call does.
typedef enum {
    /// Nothing: the loop's own cost.
    cevent_empty = 0,
    /// One conditional branch, never taken.
    cevent_conditional_branch,
    /// Four runs of one conditional branch, taken, taken, not taken, not taken, each after 8 branches
    /// that are never taken, so that valgrind's predictor (2-bit counters indexed by the last 7
    /// directions and the address) uses the same counter each time: exactly 3 of the 4 are mispredicted
    /// once it has settled (36 conditional branches in all).
    cevent_mispredicted_branches,
    /// The same 36 branches, the four patterned ones always taken: none mispredicted. The reference for
    /// `cevent_mispredicted_branches`, with the same loop: after either, the loop's own branch sees the
    /// same history at every iteration, which costs it a misprediction per call of `cevent_perform` with
    /// `times` above 1 (its taken, taken, ..., not taken on one counter) in both alike.
    cevent_predicted_branches,
    /// One indirect call whose target alternates between two functions: one indirect branch, mispredicted
    /// (valgrind's indirect predictor remembers one target per call site).
    cevent_indirect_call,
    /// One load from the next 64-byte line of a 256 KiB ring, walked in a random order that each line
    /// names (no prefetcher can run ahead): an L1 miss that hits the last level.
    cevent_l1_miss,
    /// The same in a 64 MiB ring: an L1 miss and a last-level miss.
    cevent_ll_miss,
} cevent_action;

/// The ring and counters an action works on; NULL when memory could not be had.
typedef struct cevent_state cevent_state;

/// What `action` needs: the 256 KiB ring for `cevent_l1_miss`, the 64 MiB one for `cevent_ll_miss`.
cevent_state *cevent_state_create(cevent_action action);
void cevent_state_destroy(cevent_state *state);

/// Does `action` `times` times; `state` must have been made for it.
void cevent_perform(cevent_state *state, cevent_action action, long times);

/// 1 where the actions are written in assembly (x86-64), 0 elsewhere.
int cevent_supported(void);

#endif
