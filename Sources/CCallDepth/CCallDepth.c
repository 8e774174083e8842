#include "CCallDepth.h"

#include <stdint.h>

__attribute__((noinline)) const void *rb_caller_frame(void) {
    return __builtin_frame_address(1);
}

__attribute__((noinline)) long rb_frames_below(const void *outer) {
    // Each frame holds the address of its caller's frame at its frame pointer, and callers' frames lie at
    // higher addresses: a step that does not go up, or goes up by more than a megabyte, is no frame.
    const uintptr_t *frame = (const uintptr_t *)__builtin_frame_address(0);
    const uintptr_t stop = (uintptr_t)outer;
    long frames = -1;
    while ((uintptr_t)frame < stop) {
        uintptr_t next = frame[0];
        if (next <= (uintptr_t)frame || next - (uintptr_t)frame > (1u << 20)) return -1;
        frame = (const uintptr_t *)next;
        frames += 1;
    }
    return (uintptr_t)frame == stop ? frames : -1;
}
