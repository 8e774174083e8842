#ifndef REACTIVE_BENCH_CCALLDEPTH_H
#define REACTIVE_BENCH_CCALLDEPTH_H

/// How deep an element's delivery nests its calls: the frames between the function that sends it and the
/// sink that receives it, counted along the frame-pointer chain (Swift keeps frame pointers in the
/// functions that call others; checked on Linux x86-64). Inlined calls make no frame, as they push no
/// return address: what a CPU's return-address predictor sees.

/// The frame of the function that calls this one: where a later `rb_frames_below` stops counting.
const void *rb_caller_frame(void);

/// The frames from the caller of this function up to, not including, `outer`, which must be a frame
/// further up the same thread's stack; -1 when the chain does not reach it (a frame without a frame
/// pointer on the way, or `outer` not on the chain).
long rb_frames_below(const void *outer);

#endif
