#include "CCallDepth.h"

#include <stdint.h>

__attribute__((noinline)) const void *rb_caller_frame(void) {
    return __builtin_frame_address(1);
}

__attribute__((noinline)) long rb_frames_below(const void *outer) {
    // Each frame holds the address of its caller's frame at its frame pointer, and callers' frames lie at
    // higher addresses, up to `outer`: a step that does not go up, lands past `outer` or is not aligned is
    // no frame (a function that used the register for something else), and the walk stops there. So every
    // address read lies on the live stack between this frame and `outer`, whatever the register held.
    const uintptr_t *frame = (const uintptr_t *)__builtin_frame_address(0);
    const uintptr_t stop = (uintptr_t)outer;
    long frames = -1;
    while ((uintptr_t)frame < stop) {
        uintptr_t next = frame[0];
        if (next <= (uintptr_t)frame || next > stop || next % sizeof(uintptr_t) != 0) return -1;
        frame = (const uintptr_t *)next;
        frames += 1;
    }
    return frames;
}
