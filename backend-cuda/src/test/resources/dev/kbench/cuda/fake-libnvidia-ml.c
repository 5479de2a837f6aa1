/*
 * A stand-in for NVIDIA's libnvidia-ml.so.1 with the entry points the cuda backend reads telemetry
 * through (FakeDriverTest): the GPU at PCI bus id 0000:19:00.0 runs its SM clock at 1980 MHz and is at
 * 41 C; any other bus id is not found (NVML_ERROR_NOT_FOUND), as on a machine where NVML and CUDA
 * disagree. Its clocks are held down by the software power cap (reason bits: idle 0x1 | SW power cap
 * 0x4 | sync boost 0x10), its power-violation time is 5000 ns, thermal violation is not supported, and
 * its energy counter grows by 700 mJ every 10 ms of CLOCK_MONOTONIC time, as a 70 W board's would.
 * The reasons come from the older name (nvmlDeviceGetCurrentClocksThrottleReasons) only, as with
 * drivers before 535.
 */
#include <stdio.h>
#include <strings.h>
#include <time.h>

int nvmlInit_v2(void) { return 0; }
int nvmlDeviceGetHandleByPciBusId_v2(const char *id, void **device) {
    if (strcasecmp(id, "0000:19:00.0") != 0) return 6;
    *device = (void *) 0x19;
    return 0;
}
int nvmlDeviceGetClockInfo(void *device, int type, unsigned *mhz) {
    if (device != (void *) 0x19 || type != 1) return 2;   /* NVML_ERROR_INVALID_ARGUMENT */
    *mhz = 1980;
    return 0;
}
int nvmlDeviceGetTemperature(void *device, int sensor, unsigned *celsius) {
    if (device != (void *) 0x19 || sensor != 0) return 2;
    *celsius = 41;
    return 0;
}
int nvmlSystemGetDriverVersion(char *version, unsigned length) { snprintf(version, length, "570.124.06"); return 0; }
int nvmlDeviceGetCurrentClocksThrottleReasons(void *device, unsigned long long *reasons) {
    if (device != (void *) 0x19) return 2;
    *reasons = 0x1ULL | 0x4ULL | 0x10ULL;
    return 0;
}
typedef struct { unsigned long long referenceTime; unsigned long long violationTime; } nvmlViolationTime_t;
int nvmlDeviceGetViolationStatus(void *device, int policy, nvmlViolationTime_t *time) {
    if (device != (void *) 0x19) return 2;
    if (policy != 0) return 3;   /* NVML_ERROR_NOT_SUPPORTED */
    time->referenceTime = 123456789ULL;
    time->violationTime = 5000ULL;
    return 0;
}
int nvmlDeviceGetTotalEnergyConsumption(void *device, unsigned long long *millijoules) {
    struct timespec now;
    if (device != (void *) 0x19) return 2;
    clock_gettime(CLOCK_MONOTONIC, &now);
    *millijoules = 700ULL * (unsigned long long) (now.tv_sec * 100LL + now.tv_nsec / 10000000LL);
    return 0;
}
