// A kernel of known duration, to check event timing (normal and CUDA-graph mode):
// one thread spins until the global nanosecond timer has advanced by `ns`.
// Compiled to spin.ptx by build-ptx.sh.

extern "C" __global__ void spin(unsigned long long ns)
{
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < ns);
}
