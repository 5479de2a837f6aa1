/*
 * A stand-in for the NVIDIA driver's libcuda.so.1 with just the entry points the cuda backend calls to
 * list and open devices (two, with PCI bus ids 0000:18:00.0 and 0000:19:00.0), load a module, allocate
 * and launch (FakeDriverTest). cuLaunchKernel prints what it
 * was given, reading parameter i as FAKE_PARAM_SIZES[i] bytes (e.g. "8,8,4"), so that the FFM and the
 * JCuda launch paths can be compared byte for byte. Handles are made-up numbers; nothing runs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext, *CUstream, *CUmodule, *CUfunction;
typedef unsigned long long CUdeviceptr;

static unsigned long long next_alloc = 0x7f0000100000ULL;

CUresult cuInit(unsigned flags) { return 0; }
CUresult cuDriverGetVersion(int *version) { *version = 13000; return 0; }
CUresult cuDeviceGetCount(int *count) { *count = 2; return 0; }
CUresult cuDeviceGetPCIBusId(char *id, int length, CUdevice device) {
    snprintf(id, length, "0000:%02X:00.0", 0x18 + device); return 0;
}
typedef struct { char bytes[16]; } CUuuid;
CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice device) {
    for (int i = 0; i < 16; i++) uuid->bytes[i] = (char) (0xa0 + i + 16 * device);
    return 0;
}
CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice device) { return cuDeviceGetUuid(uuid, device); }
CUresult cuDeviceGet(CUdevice *device, int ordinal) { *device = ordinal; return 0; }
CUresult cuDeviceGetName(char *name, int length, CUdevice device) { snprintf(name, length, "Fake GPU"); return 0; }
CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice device) { *value = 64; return 0; }
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice device) { *bytes = 1ULL << 34; return 0; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) { *context = (CUcontext) 0xc0c0; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) { return 0; }
CUresult cuCtxSetCurrent(CUcontext context) { return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuStreamCreate(CUstream *stream, unsigned flags) { *stream = (CUstream) 0x5ea0; return 0; }
CUresult cuStreamDestroy_v2(CUstream stream) { return 0; }
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned n, void *options, void **values) {
    *module = (CUmodule) 0x3000; return 0;
}
CUresult cuModuleUnload(CUmodule module) { return 0; }
CUresult cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
    *function = (CUfunction) (0xf000 + strlen(name)); return 0;
}
CUresult cuFuncSetAttribute(CUfunction function, int attribute, int value) {
    printf("cuFuncSetAttribute %p %d %d\n", function, attribute, value); fflush(stdout); return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) { *pointer = next_alloc; next_alloc += 0x100000; return 0; }
CUresult cuMemFree_v2(CUdeviceptr pointer) { return 0; }
CUresult cuGetErrorString(CUresult error, const char **text) { *text = error == 1 ? "invalid argument" : "fake"; return 0; }

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, CUstream stream, void **params, void **extra) {
    printf("cuLaunchKernel f=%p grid=%u,%u,%u block=%u,%u,%u shared=%u stream=%p extra=%p params=", f, gx, gy, gz,
           bx, by, bz, shared, stream, (void *) extra);
    const char *sizes = getenv("FAKE_PARAM_SIZES");
    for (int i = 0; sizes != NULL && *sizes != '\0'; i++) {
        int size = (int) strtol(sizes, (char **) &sizes, 10);
        if (*sizes == ',') sizes++;
        printf(i == 0 ? "" : " ");
        for (int b = size - 1; b >= 0; b--) printf("%02x", ((unsigned char *) params[i])[b]);
    }
    printf("\n");
    fflush(stdout);
    return gx == 999 ? 1 : 0;   /* CUDA_ERROR_INVALID_VALUE */
}
