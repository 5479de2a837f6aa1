/*
 * A stand-in for NVIDIA's libnvidia-ml.so.1 with the entry points the cuda backend reads telemetry
 * through (FakeDriverTest): the GPU at PCI bus id 0000:19:00.0 runs its SM clock at 1980 MHz and is at
 * 41 C; any other bus id is not found (NVML_ERROR_NOT_FOUND), as on a machine where NVML and CUDA
 * disagree.
 */
#include <stdio.h>
#include <strings.h>

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
