#include "CEventControls.h"

#include <stdlib.h>

struct cevent_state {
    /// The ring an L1 miss walks (256 KiB) and the one a last-level miss walks (64 MiB).
    char *small_ring;
    char *large_ring;
    uint64_t small_next;
    uint64_t large_next;
    /// Which target the indirect call takes next.
    uint64_t indirect_next;
    /// Where the mispredicted branches are in their taken, taken, not, not pattern.
    uint64_t pattern;
};

enum {
    line = 64,
    small_lines = 256 * 1024 / line,
    large_lines = 64 * 1024 * 1024 / line,
};

/// Links the ring's lines into one cycle in a random order (Sattolo's shuffle, a fixed seed): each line
/// starts with the index of the next. A walk is then a chain of dependent loads whose next address the
/// CPU cannot guess, so its prefetchers do not hide the misses the simulation counts. Writes every line.
static int link_in_random_order(char *ring, uint64_t lines) {
    uint32_t *order = malloc(lines * sizeof(uint32_t));
    if (!order) return 0;
    for (uint64_t index = 0; index < lines; index++) order[index] = (uint32_t)index;
    uint64_t random = 0x9E3779B97F4A7C15u;
    for (uint64_t index = lines - 1; index > 0; index--) {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        uint64_t other = random % index;
        uint32_t swapped = order[index];
        order[index] = order[other];
        order[other] = swapped;
    }
    // Sattolo's shuffle leaves one cycle: each index's successor is the next in `order`.
    for (uint64_t position = 0; position < lines; position++) {
        uint64_t from = order[position], to = order[(position + 1) % lines];
        *(uint64_t *)(ring + from * line) = to;
    }
    free(order);
    return 1;
}

cevent_state *cevent_state_create(cevent_action action) {
    cevent_state *state = calloc(1, sizeof(cevent_state));
    if (!state) return NULL;
    // Only the ring the action walks, written once: the L1 ring's lines are then in the last level, and
    // stay there (no other ring pushes them out).
    if (action == cevent_l1_miss) {
        state->small_ring = aligned_alloc(line, (size_t)small_lines * line);
        if (!state->small_ring || !link_in_random_order(state->small_ring, small_lines)) {
            return cevent_state_destroy(state), NULL;
        }
    } else if (action == cevent_ll_miss) {
        state->large_ring = aligned_alloc(line, (size_t)large_lines * line);
        if (!state->large_ring || !link_in_random_order(state->large_ring, large_lines)) {
            return cevent_state_destroy(state), NULL;
        }
    }
    return state;
}

void cevent_state_destroy(cevent_state *state) {
    if (!state) return;
    free(state->small_ring);
    free(state->large_ring);
    free(state);
}

int cevent_supported(void) {
#if defined(__x86_64__)
    return 1;
#else
    return 0;
#endif
}

typedef void (*cevent_step)(cevent_state *);

__attribute__((noinline)) static void empty(cevent_state *state) {
    __asm__ volatile("" ::"r"(state) : "memory");
}

__attribute__((noinline)) static void conditional_branch(cevent_state *state) {
    (void)state;
#if defined(__x86_64__)
    __asm__ volatile("xor %%eax, %%eax\n\ttest %%eax, %%eax\n\tjnz 1f\n\tnop\n1:" ::: "eax", "cc");
#endif
}

#if defined(__x86_64__)
#define CEVENT_NOT_TAKEN "\ttest %%eax, %%eax\n\tjnz 9f\n"
#endif

/// One branch of the pattern, after 8 that are never taken. Valgrind's predictor indexes its 2-bit
/// counters by the last 7 branches' directions and the branch address's low 7 bits; after 8 branches
/// not taken, the history is always the same, and so is the counter the patterned branch uses. The
/// function is aligned to 128 bytes and its branches lie within them, so that no branch of its own
/// shares that counter. Never inlined: every run of it is the same branch instruction.
__attribute__((noinline, aligned(128))) static void patterned_branch(uint64_t taken) {
#if defined(__x86_64__)
    __asm__ volatile(
        "xor %%eax, %%eax\n" CEVENT_NOT_TAKEN CEVENT_NOT_TAKEN CEVENT_NOT_TAKEN CEVENT_NOT_TAKEN CEVENT_NOT_TAKEN
        CEVENT_NOT_TAKEN CEVENT_NOT_TAKEN CEVENT_NOT_TAKEN
        "\ttest %0, %0\n\tjnz 1f\n\tnop\n1:\n9:" ::"r"(taken) : "eax", "cc");
#else
    (void)taken;
#endif
}

/// The pattern's next direction.
static inline uint64_t next_in_pattern(cevent_state *state) {
    uint64_t position = state->pattern;
    state->pattern = (position + 1) & 3;
    return position < 2;
}

/// Four runs, written out: a loop's own exit branch would be mispredicted once per call as well.
__attribute__((noinline)) static void mispredicted_branches(cevent_state *state) {
    patterned_branch(next_in_pattern(state));
    patterned_branch(next_in_pattern(state));
    patterned_branch(next_in_pattern(state));
    patterned_branch(next_in_pattern(state));
}

__attribute__((noinline)) static void predicted_branches(cevent_state *state) {
    (void)state;
    patterned_branch(1);
    patterned_branch(1);
    patterned_branch(1);
    patterned_branch(1);
}

__attribute__((noinline)) static void target_a(void) { __asm__ volatile(""); }
__attribute__((noinline)) static void target_b(void) { __asm__ volatile(""); }
static void (*const targets[2])(void) = {target_a, target_b};

__attribute__((noinline)) static void indirect_call(cevent_state *state) {
    uint64_t next = state->indirect_next;
    state->indirect_next = next ^ 1;
    void (*volatile target)(void) = targets[next];
    target();
}

/// The next line of the walk: one load, which the line before it named.
__attribute__((noinline)) static void l1_miss(cevent_state *state) {
    state->small_next = *(volatile uint64_t *)(state->small_ring + state->small_next * line);
}

__attribute__((noinline)) static void ll_miss(cevent_state *state) {
    state->large_next = *(volatile uint64_t *)(state->large_ring + state->large_next * line);
}

static const cevent_step steps[] = {
    [cevent_empty] = empty,
    [cevent_conditional_branch] = conditional_branch,
    [cevent_mispredicted_branches] = mispredicted_branches,
    [cevent_predicted_branches] = predicted_branches,
    [cevent_indirect_call] = indirect_call,
    [cevent_l1_miss] = l1_miss,
    [cevent_ll_miss] = ll_miss,
};

void cevent_perform(cevent_state *state, cevent_action action, long times) {
    cevent_step step = steps[action];
    for (long time = 0; time < times; time++) {
        // Through a pointer the compiler must reload: one indirect call per iteration, whatever the action.
        cevent_step volatile call = step;
        call(state);
    }
}
