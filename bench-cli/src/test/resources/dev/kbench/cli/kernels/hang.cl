// A kernel that never ends once it has been called `after` times: the first work-item counts the calls
// in `count` and then spins on `flag`, which nothing ever sets. The watchdog's test.
__kernel void hang(volatile __global int *flag, __global int *count, int after) {
    if (get_global_id(0) == 0 && atomic_inc(count) >= after) {
        while (flag[0] == 0) {
        }
    }
}
