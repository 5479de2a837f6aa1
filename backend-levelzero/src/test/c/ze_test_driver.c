/**
 * Copyright 2026 The kbench authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
// A Level Zero driver for kbench's tests: no GPU, a CPU behind the real Level Zero loader.
//
// The loader (libze_loader.so.1) loads it when ZE_ENABLE_ALT_DRIVERS names this library; the
// backend then talks to the loader exactly as it would on Intel hardware. The driver implements the
// calls the backend makes (API 1.4) and nothing else: unused DDI table entries stay null.
//
// The device:
//   - one driver with ZE_TEST_DRIVER_DEVICES GPU-typed devices (default 1), each with one command queue
//     group (compute + copy); the devices share the name and differ in their UUIDs (as identical GPUs
//     of one host do) and all run on the host's CPU;
//   - memory (device and host allocations) is host memory; every pointer a command touches must lie in
//     a live allocation, so a backend that passes Java heap or arena memory is caught;
//   - immediate command lists run their commands in order on a worker thread, like a device
//     consuming a ring buffer: appends return at once (asynchronous mode) and the host waits through
//     an event signalled by a barrier;
//   - the device clock counts ZE_TEST_DRIVER_TIMER_HZ ticks per second (default 19.2 MHz, as Intel
//     GPUs), of which ZE_TEST_DRIVER_VALID_BITS are valid (default 24: wraps every 0.87 s, so the tests
//     cross wrap-arounds); the bits above them are filled with junk that a correct reader masks off.
//     It is CLOCK_MONOTONIC minus the time the OS kept the list's worker thread off the CPU while it was
//     executing a fill, copy or kernel (wall time minus CLOCK_THREAD_CPUTIME_ID time): a GPU is not
//     preempted by the host's scheduler, and without this a kernel that spins for 2 ms would measure
//     20 ms whenever a loaded CI machine deschedules the thread. Time the device spends idle, waiting
//     for the host to append work, still counts, as on a GPU. Each command list (each worker thread)
//     thus has its own clock; the backend only compares timestamps of one list;
//   - modules are real SPIR-V: the driver parses OpEntryPoint, OpFunction and the parameter types,
//     and runs its own CPU implementation of the kernels it knows (fill, copy, gelu, block_sum,
//     busy_wait; see src/test/opencl/kbench_test_kernels.cl; and kinds, of the conformance kit's
//     kernels, bench-tck's conformance.cl). Other entry points fail the build with a build log. busy_wait(out, micros) spins for `micros` microseconds of the worker's CPU time,
//     which is `micros` microseconds of the device clock.
//
// Environment (read once, at zeInit):
//   ZE_TEST_DRIVER_API_VERSION  "1.4" (default) or e.g. "1.1": what zeDriverGetApiVersion reports; below
//                               1.2 the driver refuses ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2
//   ZE_TEST_DRIVER_TIMER_HZ     device clock frequency (default 19200000)
//   ZE_TEST_DRIVER_VALID_BITS   timestampValidBits, 1..64 (default 24)
//   ZE_TEST_DRIVER_INIT_RESULT  a ze_result_t zeInit returns, e.g. 0x70000001 (default 0, success)
//   ZE_TEST_DRIVER_DEVICES      how many devices the driver exposes, 1..4 (default 1)
//
// Test hooks outside the Level Zero API: zeTestDriverStat(name) returns a counter (live objects,
// executed commands); zeCommandListHostSynchronize (API 1.6, absent from loader 1.8.12) is exported
// so the backend's lazily resolved optional path can be exercised against it directly.

#define _GNU_SOURCE
#include <level_zero/ze_api.h>
#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))

// ---------------------------------------------------------------------------------------------
// Configuration

static struct {
    ze_api_version_t api_version;
    uint64_t timer_hz;
    uint32_t valid_bits;
    ze_result_t init_result;
    uint32_t devices;
} cfg;

static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;

static void read_config(void) {
    cfg.api_version = ZE_API_VERSION_1_4;
    cfg.timer_hz = 19200000;
    cfg.valid_bits = 24;
    cfg.init_result = ZE_RESULT_SUCCESS;
    cfg.devices = 1;
    const char *v = getenv("ZE_TEST_DRIVER_API_VERSION");
    unsigned major, minor;
    if (v && sscanf(v, "%u.%u", &major, &minor) == 2) {
        cfg.api_version = (ze_api_version_t)ZE_MAKE_VERSION(major, minor);
    }
    v = getenv("ZE_TEST_DRIVER_TIMER_HZ");
    if (v && strtoull(v, NULL, 0) > 0) {
        cfg.timer_hz = strtoull(v, NULL, 0);
    }
    v = getenv("ZE_TEST_DRIVER_VALID_BITS");
    if (v && strtoul(v, NULL, 0) >= 1 && strtoul(v, NULL, 0) <= 64) {
        cfg.valid_bits = (uint32_t)strtoul(v, NULL, 0);
    }
    v = getenv("ZE_TEST_DRIVER_INIT_RESULT");
    if (v) {
        cfg.init_result = (ze_result_t)strtoul(v, NULL, 0);
    }
    v = getenv("ZE_TEST_DRIVER_DEVICES");
    if (v && strtoul(v, NULL, 0) >= 1 && strtoul(v, NULL, 0) <= 4) {
        cfg.devices = (uint32_t)strtoul(v, NULL, 0);
    }
}

// Diagnostics (a refused launch: what a real driver would only return as an error code) go to the
// file named by ZE_TEST_DRIVER_LOG when it is set (the build sets it, so that the console of a test
// run shows no output of tests that expect an error), else to stderr.
static void log_diagnostic(const char *format, ...) {
    const char *path = getenv("ZE_TEST_DRIVER_LOG");
    FILE *out = path && *path ? fopen(path, "a") : NULL;
    va_list args;
    va_start(args, format);
    fputs("ze_test_driver: ", out ? out : stderr);
    vfprintf(out ? out : stderr, format, args);
    fputc('\n', out ? out : stderr);
    va_end(args);
    if (out) {
        fclose(out);
    }
}

// ---------------------------------------------------------------------------------------------
// Bookkeeping: object tags, live counts, executed-command counters

enum tag {
    TAG_DRIVER = 0x6b620001, TAG_DEVICE, TAG_CONTEXT, TAG_LIST, TAG_POOL, TAG_EVENT, TAG_MODULE,
    TAG_LOG, TAG_KERNEL
};

enum stat {
    LIVE_CONTEXTS, LIVE_COMMAND_LISTS, LIVE_EVENT_POOLS, LIVE_EVENTS, LIVE_MODULES, LIVE_BUILD_LOGS,
    LIVE_KERNELS, LIVE_ALLOCATIONS, LIVE_ALLOCATED_BYTES,
    RUN_BARRIERS, RUN_TIMESTAMPS, RUN_FILLS, RUN_FILLED_BYTES, RUN_COPIES, RUN_LAUNCHES, STAT_COUNT
};

static const char *const stat_names[STAT_COUNT] = {
    "live.contexts", "live.commandLists", "live.eventPools", "live.events", "live.modules",
    "live.buildLogs", "live.kernels", "live.allocations", "live.allocatedBytes",
    "run.barriers", "run.timestamps", "run.fills", "run.filledBytes", "run.copies", "run.launches",
};

static atomic_llong stats[STAT_COUNT];

static void count(enum stat s, long long delta) {
    atomic_fetch_add(&stats[s], delta);
}

// Returns the counter called `name` (see stat_names), or -1 if there is none.
EXPORT int64_t zeTestDriverStat(const char *name) {
    for (int i = 0; i < STAT_COUNT; i++) {
        if (strcmp(name, stat_names[i]) == 0) {
            return atomic_load(&stats[i]);
        }
    }
    return -1;
}

#define CHECK_HANDLE(h, t) \
    do { if ((h) == NULL || *(const uint32_t *)(h) != (t)) return ZE_RESULT_ERROR_INVALID_NULL_HANDLE; } while (0)
#define CHECK_POINTER(p) \
    do { if ((p) == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER; } while (0)

// ---------------------------------------------------------------------------------------------
// The device clock

static uint64_t read_clock(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t monotonic_ns(void) {
    return read_clock(CLOCK_MONOTONIC);
}

static uint64_t thread_cpu_ns(void) {
    return read_clock(CLOCK_THREAD_CPUTIME_ID);
}

// Per worker thread, so per command list: the time the OS took the thread off the CPU during commands.
static _Thread_local uint64_t stolen_ns;

// What zeCommandListAppendWriteGlobalTimestamp writes: the tick count in the low valid bits, junk above.
static uint64_t device_timestamp(void) {
    static _Thread_local uint64_t junk = 0x9e3779b97f4a7c15u;
    uint64_t ns = monotonic_ns() - stolen_ns;
    uint64_t ticks = (uint64_t)((unsigned __int128)ns * cfg.timer_hz / 1000000000u);
    if (cfg.valid_bits >= 64) {
        return ticks;
    }
    junk ^= junk << 13;
    junk ^= junk >> 7;
    junk ^= junk << 17;
    uint64_t mask = (UINT64_C(1) << cfg.valid_bits) - 1;
    return (ticks & mask) | (junk & ~mask);
}

// ---------------------------------------------------------------------------------------------
// Driver, device, context

struct driver { uint32_t tag; };
struct device { uint32_t tag; };
struct context { uint32_t tag; };

static struct driver the_driver = { TAG_DRIVER };
#define MAX_DEVICES 4
static struct device the_devices[MAX_DEVICES] = { { TAG_DEVICE }, { TAG_DEVICE }, { TAG_DEVICE }, { TAG_DEVICE } };

static ze_result_t ZE_APICALL td_zeInit(ze_init_flags_t flags) {
    (void)flags;
    pthread_once(&cfg_once, read_config);
    return cfg.init_result;
}

static ze_result_t ZE_APICALL td_zeDriverGet(uint32_t *pCount, ze_driver_handle_t *phDrivers) {
    CHECK_POINTER(pCount);
    if (*pCount == 0 || phDrivers == NULL) {
        *pCount = 1;
        return ZE_RESULT_SUCCESS;
    }
    phDrivers[0] = (ze_driver_handle_t)&the_driver;
    *pCount = 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDriverGetApiVersion(ze_driver_handle_t hDriver, ze_api_version_t *version) {
    CHECK_HANDLE(hDriver, TAG_DRIVER);
    CHECK_POINTER(version);
    *version = cfg.api_version;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDriverGetProperties(ze_driver_handle_t hDriver, ze_driver_properties_t *p) {
    CHECK_HANDLE(hDriver, TAG_DRIVER);
    CHECK_POINTER(p);
    memset(p->uuid.id, 0, sizeof p->uuid.id);
    memcpy(p->uuid.id, "kbench-test-drv", 15);
    p->driverVersion = 0x00010000;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDeviceGet(ze_driver_handle_t hDriver, uint32_t *pCount, ze_device_handle_t *phDevices) {
    CHECK_HANDLE(hDriver, TAG_DRIVER);
    CHECK_POINTER(pCount);
    if (*pCount == 0 || phDevices == NULL) {
        *pCount = cfg.devices;
        return ZE_RESULT_SUCCESS;
    }
    uint32_t n = *pCount < cfg.devices ? *pCount : cfg.devices;
    for (uint32_t i = 0; i < n; i++) {
        phDevices[i] = (ze_device_handle_t)&the_devices[i];
    }
    *pCount = n;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDeviceGetProperties(ze_device_handle_t hDevice, ze_device_properties_t *p) {
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(p);
    uint64_t resolution;
    if (p->stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2 && cfg.api_version >= ZE_API_VERSION_1_2) {
        resolution = cfg.timer_hz;                                      // cycles per second
    } else if (p->stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES) {
        resolution = (1000000000u + cfg.timer_hz / 2) / cfg.timer_hz;   // nanoseconds per tick
    } else {
        return ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION;
    }
    p->type = ZE_DEVICE_TYPE_GPU;
    p->vendorId = 0;
    p->deviceId = 0x6b62;
    p->flags = 0;
    p->subdeviceId = 0;
    p->coreClockRate = 1000;
    p->maxMemAllocSize = UINT64_C(4) << 30;
    p->maxHardwareContexts = 1;
    p->maxCommandQueuePriority = 0;
    p->numThreadsPerEU = 7;
    p->physicalEUSimdWidth = 8;
    p->numEUsPerSubslice = 8;
    p->numSubslicesPerSlice = 2;
    p->numSlices = 1;
    p->timerResolution = resolution;
    p->timestampValidBits = cfg.valid_bits;
    p->kernelTimestampValidBits = cfg.valid_bits;
    memset(p->uuid.id, 0, sizeof p->uuid.id);
    memcpy(p->uuid.id, "kbench-test-dev", 15);
    p->uuid.id[15] = (uint8_t)((struct device *)hDevice - the_devices);   // the device's index: UUIDs differ
    snprintf(p->name, sizeof p->name, "kbench test driver (CPU)");
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDeviceGetComputeProperties(ze_device_handle_t hDevice, ze_device_compute_properties_t *p) {
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(p);
    p->maxTotalGroupSize = 1024;
    p->maxGroupSizeX = 1024;
    p->maxGroupSizeY = 1024;
    p->maxGroupSizeZ = 64;
    p->maxGroupCountX = UINT32_MAX;
    p->maxGroupCountY = UINT32_MAX;
    p->maxGroupCountZ = UINT32_MAX;
    p->maxSharedLocalMemory = 65536;
    p->numSubGroupSizes = 1;
    p->subGroupSizes[0] = 16;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDeviceGetMemoryProperties(ze_device_handle_t hDevice, uint32_t *pCount,
                                                             ze_device_memory_properties_t *p) {
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(pCount);
    if (*pCount == 0 || p == NULL) {
        *pCount = 1;
        return ZE_RESULT_SUCCESS;
    }
    *pCount = 1;
    p->flags = 0;
    p->maxClockRate = 1600;
    p->maxBusWidth = 64;
    p->totalSize = UINT64_C(8) << 30;
    snprintf(p->name, sizeof p->name, "host memory");
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDeviceGetCacheProperties(ze_device_handle_t hDevice, uint32_t *pCount,
                                                            ze_device_cache_properties_t *p) {
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(pCount);
    if (*pCount == 0 || p == NULL) {
        *pCount = 1;
        return ZE_RESULT_SUCCESS;
    }
    *pCount = 1;
    p->flags = 0;
    p->cacheSize = 4u << 20;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeDeviceGetCommandQueueGroupProperties(ze_device_handle_t hDevice, uint32_t *pCount,
                                                                        ze_command_queue_group_properties_t *p) {
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(pCount);
    if (*pCount == 0 || p == NULL) {
        *pCount = 1;
        return ZE_RESULT_SUCCESS;
    }
    *pCount = 1;
    p->flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
    p->maxMemoryFillPatternSize = 128;
    p->numQueues = 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeContextCreate(ze_driver_handle_t hDriver, const ze_context_desc_t *desc,
                                                 ze_context_handle_t *phContext) {
    CHECK_HANDLE(hDriver, TAG_DRIVER);
    CHECK_POINTER(desc);
    CHECK_POINTER(phContext);
    struct context *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    c->tag = TAG_CONTEXT;
    count(LIVE_CONTEXTS, 1);
    *phContext = (ze_context_handle_t)c;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeContextDestroy(ze_context_handle_t hContext) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    ((struct context *)hContext)->tag = 0;
    free(hContext);
    count(LIVE_CONTEXTS, -1);
    return ZE_RESULT_SUCCESS;
}

// ---------------------------------------------------------------------------------------------
// Memory: every allocation is recorded, so commands can check the ranges they touch

struct allocation {
    char *base;
    size_t size;
    struct allocation *next;
};

static pthread_mutex_t mem_lock = PTHREAD_MUTEX_INITIALIZER;
static struct allocation *allocations;

// Whether [p, p + size) lies inside one live allocation.
static int is_allocated(const void *p, size_t size) {
    const char *c = p;
    int found = 0;
    pthread_mutex_lock(&mem_lock);
    for (struct allocation *a = allocations; a != NULL; a = a->next) {
        if (c >= a->base && c <= a->base + a->size && size <= (size_t)(a->base + a->size - c)) {
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&mem_lock);
    return found;
}

static ze_result_t allocate(size_t size, size_t alignment, void **pptr) {
    CHECK_POINTER(pptr);
    if (size == 0 || size > (UINT64_C(4) << 30)) {
        return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    }
    if (alignment == 0) {
        alignment = 64;
    }
    if ((alignment & (alignment - 1)) != 0) {
        return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    }
    if (alignment < sizeof(void *)) {
        alignment = sizeof(void *);
    }
    struct allocation *a = malloc(sizeof *a);
    void *p = NULL;
    if (a == NULL || posix_memalign(&p, alignment, size) != 0) {
        free(a);
        return ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
    }
    a->base = p;
    a->size = size;
    pthread_mutex_lock(&mem_lock);
    a->next = allocations;
    allocations = a;
    pthread_mutex_unlock(&mem_lock);
    count(LIVE_ALLOCATIONS, 1);
    count(LIVE_ALLOCATED_BYTES, (long long)size);
    *pptr = p;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeMemAllocDevice(ze_context_handle_t hContext, const ze_device_mem_alloc_desc_t *desc,
                                                  size_t size, size_t alignment, ze_device_handle_t hDevice, void **pptr) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(desc);
    return allocate(size, alignment, pptr);
}

static ze_result_t ZE_APICALL td_zeMemAllocHost(ze_context_handle_t hContext, const ze_host_mem_alloc_desc_t *desc,
                                                size_t size, size_t alignment, void **pptr) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    CHECK_POINTER(desc);
    return allocate(size, alignment, pptr);
}

static ze_result_t ZE_APICALL td_zeMemFree(ze_context_handle_t hContext, void *ptr) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    CHECK_POINTER(ptr);
    struct allocation *found = NULL;
    pthread_mutex_lock(&mem_lock);
    for (struct allocation **a = &allocations; *a != NULL; a = &(*a)->next) {
        if ((*a)->base == ptr) {
            found = *a;
            *a = found->next;
            break;
        }
    }
    pthread_mutex_unlock(&mem_lock);
    if (found == NULL) {
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    count(LIVE_ALLOCATIONS, -1);
    count(LIVE_ALLOCATED_BYTES, -(long long)found->size);
    free(found->base);
    free(found);
    return ZE_RESULT_SUCCESS;
}

// ---------------------------------------------------------------------------------------------
// Events

struct event_pool {
    uint32_t tag;
    uint32_t count;
    struct event **slots;
};

struct event {
    uint32_t tag;
    struct event_pool *pool;
    uint32_t index;
    int signalled;   // guarded by event_lock
};

static pthread_mutex_t event_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t event_signalled = PTHREAD_COND_INITIALIZER;

static void signal_event(struct event *e) {
    if (e == NULL) {
        return;
    }
    pthread_mutex_lock(&event_lock);
    e->signalled = 1;
    pthread_cond_broadcast(&event_signalled);
    pthread_mutex_unlock(&event_lock);
}

static ze_result_t ZE_APICALL td_zeEventPoolCreate(ze_context_handle_t hContext, const ze_event_pool_desc_t *desc,
                                                   uint32_t numDevices, ze_device_handle_t *phDevices,
                                                   ze_event_pool_handle_t *phEventPool) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    CHECK_POINTER(desc);
    CHECK_POINTER(phEventPool);
    (void)numDevices;
    (void)phDevices;
    if (desc->count == 0) {
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    if (desc->flags & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP) {
        // Kernel timestamp events are not how kbench times work; this driver does not have them.
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    }
    struct event_pool *p = calloc(1, sizeof *p);
    struct event **slots = calloc(desc->count, sizeof *slots);
    if (p == NULL || slots == NULL) {
        free(p);
        free(slots);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    p->tag = TAG_POOL;
    p->count = desc->count;
    p->slots = slots;
    count(LIVE_EVENT_POOLS, 1);
    *phEventPool = (ze_event_pool_handle_t)p;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeEventPoolDestroy(ze_event_pool_handle_t hEventPool) {
    CHECK_HANDLE(hEventPool, TAG_POOL);
    struct event_pool *p = (struct event_pool *)hEventPool;
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->slots[i] != NULL) {
            return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
        }
    }
    p->tag = 0;
    free(p->slots);
    free(p);
    count(LIVE_EVENT_POOLS, -1);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeEventCreate(ze_event_pool_handle_t hEventPool, const ze_event_desc_t *desc,
                                               ze_event_handle_t *phEvent) {
    CHECK_HANDLE(hEventPool, TAG_POOL);
    CHECK_POINTER(desc);
    CHECK_POINTER(phEvent);
    struct event_pool *p = (struct event_pool *)hEventPool;
    if (desc->index >= p->count) {
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    if (p->slots[desc->index] != NULL) {
        return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
    }
    struct event *e = calloc(1, sizeof *e);
    if (e == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    e->tag = TAG_EVENT;
    e->pool = p;
    e->index = desc->index;
    p->slots[desc->index] = e;
    count(LIVE_EVENTS, 1);
    *phEvent = (ze_event_handle_t)e;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeEventDestroy(ze_event_handle_t hEvent) {
    CHECK_HANDLE(hEvent, TAG_EVENT);
    struct event *e = (struct event *)hEvent;
    e->pool->slots[e->index] = NULL;
    e->tag = 0;
    free(e);
    count(LIVE_EVENTS, -1);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeEventHostSynchronize(ze_event_handle_t hEvent, uint64_t timeout) {
    CHECK_HANDLE(hEvent, TAG_EVENT);
    struct event *e = (struct event *)hEvent;
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    if (timeout != UINT64_MAX) {
        uint64_t ns = (uint64_t)deadline.tv_nsec + timeout % 1000000000u;
        deadline.tv_sec += (time_t)(timeout / 1000000000u + ns / 1000000000u);
        deadline.tv_nsec = (long)(ns % 1000000000u);
    }
    ze_result_t result = ZE_RESULT_SUCCESS;
    pthread_mutex_lock(&event_lock);
    while (!e->signalled) {
        if (timeout == 0) {
            result = ZE_RESULT_NOT_READY;
            break;
        }
        if (timeout == UINT64_MAX) {
            pthread_cond_wait(&event_signalled, &event_lock);
        } else if (pthread_cond_timedwait(&event_signalled, &event_lock, &deadline) == ETIMEDOUT) {
            result = e->signalled ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
            break;
        }
    }
    pthread_mutex_unlock(&event_lock);
    return result;
}

static ze_result_t ZE_APICALL td_zeEventHostReset(ze_event_handle_t hEvent) {
    CHECK_HANDLE(hEvent, TAG_EVENT);
    pthread_mutex_lock(&event_lock);
    ((struct event *)hEvent)->signalled = 0;
    pthread_mutex_unlock(&event_lock);
    return ZE_RESULT_SUCCESS;
}

// ---------------------------------------------------------------------------------------------
// Modules: SPIR-V entry points and their parameter kinds

enum param { P_GLOBAL, P_LOCAL, P_I32, P_I64, P_F32, P_F64, P_OTHER };
static const char *const param_names[] = { "__global pointer", "__local pointer", "32-bit int", "64-bit int",
                                           "float", "double", "unsupported type" };

#define MAX_PARAMS 8
#define MAX_ENTRIES 32

struct launch;

struct kernel_impl {
    const char *name;
    int num_params;
    enum param params[MAX_PARAMS];
    // Checks the launch (buffer sizes, group shape); writes why not into `why` and returns 0 if it is invalid.
    int (*check)(const struct launch *l, char *why, size_t why_size);
    void (*run)(const struct launch *l);
};

struct launch {
    const struct kernel_impl *impl;
    uint64_t args[MAX_PARAMS];        // pointer, integer or float bits; for __local, the size in bytes
    uint32_t group_size[3];
    uint32_t group_count[3];
};

static uint64_t global_size(const struct launch *l) {
    return (uint64_t)l->group_size[0] * l->group_count[0];
}

static void *arg_ptr(const struct launch *l, int i) {
    return (void *)(uintptr_t)l->args[i];
}

static uint32_t arg_u32(const struct launch *l, int i) {
    return (uint32_t)l->args[i];
}

static float arg_f32(const struct launch *l, int i) {
    float f;
    uint32_t bits = (uint32_t)l->args[i];
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint64_t min_u64(uint64_t a, uint64_t b) {
    return a < b ? a : b;
}

// The number of elements a 1-D kernel over n elements touches: work items with id < n.
static uint64_t touched(const struct launch *l, uint32_t n) {
    return min_u64(n, global_size(l));
}

static int check_buffer(const struct launch *l, int i, uint64_t bytes, char *why, size_t why_size) {
    if (bytes == 0) {
        return 1;
    }
    if (!is_allocated(arg_ptr(l, i), bytes)) {
        snprintf(why, why_size, "%s: argument %d (%p) is not device memory of at least %llu bytes", l->impl->name, i,
                 arg_ptr(l, i), (unsigned long long)bytes);
        return 0;
    }
    return 1;
}

static int check_fill(const struct launch *l, char *why, size_t n) {
    return check_buffer(l, 0, 4 * touched(l, arg_u32(l, 2)), why, n);
}

static void run_fill(const struct launch *l) {
    float *out = arg_ptr(l, 0);
    float value = arg_f32(l, 1);
    for (uint64_t i = 0, end = touched(l, arg_u32(l, 2)); i < end; i++) {
        out[i] = value;
    }
}

static int check_unary(const struct launch *l, char *why, size_t n) {
    uint64_t bytes = 4 * touched(l, arg_u32(l, 2));
    return check_buffer(l, 0, bytes, why, n) && check_buffer(l, 1, bytes, why, n);
}

static void run_copy(const struct launch *l) {
    const float *in = arg_ptr(l, 0);
    float *out = arg_ptr(l, 1);
    memmove(out, in, 4 * touched(l, arg_u32(l, 2)));
}

static void run_gelu(const struct launch *l) {
    const float *in = arg_ptr(l, 0);
    float *out = arg_ptr(l, 1);
    for (uint64_t i = 0, end = touched(l, arg_u32(l, 2)); i < end; i++) {
        float x = in[i];
        out[i] = 0.5f * x * (1.0f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x)));
    }
}

static int check_block_sum(const struct launch *l, char *why, size_t n) {
    uint32_t s = l->group_size[0];
    if ((s & (s - 1)) != 0 || l->group_size[1] != 1 || l->group_size[2] != 1) {
        snprintf(why, n, "block_sum: the work-group size must be (2^k, 1, 1), got (%u, %u, %u)", l->group_size[0],
                 l->group_size[1], l->group_size[2]);
        return 0;
    }
    if (l->args[2] < 4u * s) {
        snprintf(why, n, "block_sum: local memory (argument 2) must hold %u floats, got %llu bytes", s,
                 (unsigned long long)l->args[2]);
        return 0;
    }
    return check_buffer(l, 0, 4 * touched(l, arg_u32(l, 3)), why, n)
        && check_buffer(l, 1, 4 * (uint64_t)l->group_count[0], why, n);
}

static void run_block_sum(const struct launch *l) {
    const float *in = arg_ptr(l, 0);
    float *out = arg_ptr(l, 1);
    uint32_t n = arg_u32(l, 3);
    uint64_t s = l->group_size[0];
    for (uint64_t g = 0; g < l->group_count[0]; g++) {
        float sum = 0.0f;
        for (uint64_t i = g * s; i < (g + 1) * s && i < n; i++) {
            sum += in[i];
        }
        out[g] = sum;
    }
}

static int check_busy_wait(const struct launch *l, char *why, size_t n) {
    return check_buffer(l, 0, 8, why, n);
}

static void run_busy_wait(const struct launch *l) {
    uint64_t until = thread_cpu_ns() + l->args[1] * 1000u;
    uint64_t spins = 0;
    while (thread_cpu_ns() < until) {
        spins++;
    }
    *(uint64_t *)arg_ptr(l, 0) = spins;
}

static int check_kinds(const struct launch *l, char *why, size_t n) {
    return check_buffer(l, 0, 4 * sizeof(double), why, n);
}

// kinds(out, int a, long b, float c, double d): out = {a, b, c, d} as doubles (work item 0).
static void run_kinds(const struct launch *l) {
    double *out = arg_ptr(l, 0);
    double d;
    memcpy(&d, &l->args[4], sizeof d);
    out[0] = (double)(int32_t)(uint32_t)l->args[1];
    out[1] = (double)(int64_t)l->args[2];
    out[2] = (double)arg_f32(l, 3);
    out[3] = d;
}

static const struct kernel_impl kernel_impls[] = {
    { "fill", 3, { P_GLOBAL, P_F32, P_I32 }, check_fill, run_fill },
    { "copy", 3, { P_GLOBAL, P_GLOBAL, P_I32 }, check_unary, run_copy },
    { "gelu", 3, { P_GLOBAL, P_GLOBAL, P_I32 }, check_unary, run_gelu },
    { "block_sum", 4, { P_GLOBAL, P_GLOBAL, P_LOCAL, P_I32 }, check_block_sum, run_block_sum },
    { "busy_wait", 2, { P_GLOBAL, P_I64 }, check_busy_wait, run_busy_wait },
    { "kinds", 5, { P_GLOBAL, P_I32, P_I64, P_F32, P_F64 }, check_kinds, run_kinds },
};

struct build_log {
    uint32_t tag;
    char *text;
};

struct module {
    uint32_t tag;
    int num_entries;
    char *names[MAX_ENTRIES];
    const struct kernel_impl *impls[MAX_ENTRIES];
};

struct text {
    char buf[4096];
    size_t len;
};

__attribute__((format(printf, 2, 3)))
static void append(struct text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0) {
        t->len = min_u64(t->len + (size_t)n, sizeof t->buf - 1);
    }
}

enum { OP_ENTRY_POINT = 15, OP_TYPE_INT = 21, OP_TYPE_FLOAT = 22, OP_TYPE_POINTER = 32, OP_TYPE_FUNCTION = 33,
       OP_FUNCTION = 54 };
enum { SC_WORKGROUP = 4, SC_CROSS_WORKGROUP = 5 };

// Parses the SPIR-V words into m, or writes errors into log and returns 0.
static int parse_spirv(const uint32_t *w, size_t n, struct module *m, struct text *log) {
    if (n < 5 || w[0] != 0x07230203u) {
        append(log, "error: not a SPIR-V module (%zu bytes, magic 0x%08x; expected 0x07230203)\n", n * 4,
               n > 0 ? w[0] : 0u);
        return 0;
    }
    uint32_t bound = w[3];
    if (bound == 0 || bound > (1u << 22)) {
        append(log, "error: SPIR-V id bound %u is out of range\n", bound);
        return 0;
    }
    // For every id: the opcode that defined it, and the word offset of its instruction.
    uint16_t *op_of = calloc(bound, sizeof *op_of);
    uint32_t *at = calloc(bound, sizeof *at);
    uint32_t entry_ids[MAX_ENTRIES];
    uint32_t entry_at[MAX_ENTRIES];
    int entries = 0, ok = op_of != NULL && at != NULL;
    for (size_t i = 5; ok && i < n;) {
        uint32_t op = w[i] & 0xffffu, wc = w[i] >> 16;
        if (wc == 0 || i + wc > n) {
            append(log, "error: truncated SPIR-V instruction at word %zu\n", i);
            ok = 0;
            break;
        }
        uint32_t id = 0;
        switch (op) {
            case OP_ENTRY_POINT:
                if (wc >= 4 && entries < MAX_ENTRIES) {
                    entry_ids[entries] = w[i + 2];
                    entry_at[entries++] = (uint32_t)i;
                }
                break;
            case OP_TYPE_INT: case OP_TYPE_FLOAT: case OP_TYPE_POINTER: case OP_TYPE_FUNCTION:
                id = wc >= 3 ? w[i + 1] : 0;
                break;
            case OP_FUNCTION:
                id = wc >= 5 ? w[i + 2] : 0;
                break;
            default:
                break;
        }
        if (id != 0 && id < bound) {
            op_of[id] = (uint16_t)op;
            at[id] = (uint32_t)i;
        }
        i += wc;
    }
    if (ok && entries == 0) {
        append(log, "error: the module has no entry points\n");
        ok = 0;
    }
    for (int e = 0; ok && e < entries; e++) {
        const uint32_t *ep = w + entry_at[e];
        size_t max_chars = 4 * ((size_t)(ep[0] >> 16) - 3);
        char name[128];
        size_t len = strnlen((const char *)(ep + 3), min_u64(max_chars, sizeof name - 1));
        memcpy(name, ep + 3, len);
        name[len] = '\0';
        uint32_t fid = entry_ids[e];
        if (fid >= bound || op_of[fid] != OP_FUNCTION || w[at[fid] + 4] >= bound
                || op_of[w[at[fid] + 4]] != OP_TYPE_FUNCTION) {
            append(log, "error: entry point '%s' names no function\n", name);
            ok = 0;
            break;
        }
        const uint32_t *ft = w + at[w[at[fid] + 4]];
        int nparams = (int)(ft[0] >> 16) - 3;
        enum param kinds[MAX_PARAMS];
        for (int p = 0; p < nparams && p < MAX_PARAMS; p++) {
            uint32_t t = ft[3 + p];
            kinds[p] = P_OTHER;
            if (t < bound && op_of[t] == OP_TYPE_POINTER) {
                uint32_t sc = w[at[t] + 2];
                kinds[p] = sc == SC_CROSS_WORKGROUP ? P_GLOBAL : sc == SC_WORKGROUP ? P_LOCAL : P_OTHER;
            } else if (t < bound && op_of[t] == OP_TYPE_INT) {
                kinds[p] = w[at[t] + 2] == 32 ? P_I32 : w[at[t] + 2] == 64 ? P_I64 : P_OTHER;
            } else if (t < bound && op_of[t] == OP_TYPE_FLOAT) {
                kinds[p] = w[at[t] + 2] == 32 ? P_F32 : w[at[t] + 2] == 64 ? P_F64 : P_OTHER;
            }
        }
        const struct kernel_impl *impl = NULL;
        for (size_t k = 0; k < sizeof kernel_impls / sizeof kernel_impls[0]; k++) {
            if (strcmp(kernel_impls[k].name, name) == 0) {
                impl = &kernel_impls[k];
            }
        }
        if (impl == NULL) {
            append(log, "error: kernel '%s': the kbench test driver has no CPU implementation of it "
                        "(it runs fill, copy, gelu, block_sum, busy_wait and kinds)\n", name);
            ok = 0;
            continue;
        }
        int same = nparams == impl->num_params;
        for (int p = 0; same && p < nparams; p++) {
            same = kinds[p] == impl->params[p];
        }
        if (!same) {
            append(log, "error: kernel '%s' has %d parameters (", name, nparams);
            for (int p = 0; p < nparams && p < MAX_PARAMS; p++) {
                append(log, "%s%s", p ? ", " : "", param_names[kinds[p]]);
            }
            append(log, "), not the signature the test driver implements\n");
            ok = 0;
            continue;
        }
        m->names[m->num_entries] = strdup(name);
        m->impls[m->num_entries++] = impl;
    }
    free(op_of);
    free(at);
    return ok;
}

static void free_module(struct module *m) {
    for (int i = 0; i < m->num_entries; i++) {
        free(m->names[i]);
    }
    m->tag = 0;
    free(m);
}

static ze_result_t ZE_APICALL td_zeModuleCreate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                const ze_module_desc_t *desc, ze_module_handle_t *phModule,
                                                ze_module_build_log_handle_t *phBuildLog) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(desc);
    CHECK_POINTER(desc->pInputModule);
    CHECK_POINTER(phModule);
    if (desc->format != ZE_MODULE_FORMAT_IL_SPIRV) {
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    if (desc->inputSize == 0) {
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    struct text log = { .len = 0 };
    struct module *m = calloc(1, sizeof *m);
    int ok = 0;
    if (m != NULL) {
        m->tag = TAG_MODULE;
        if (desc->inputSize % 4 != 0) {
            append(&log, "error: SPIR-V size %zu is not a multiple of 4 bytes\n", desc->inputSize);
        } else {
            uint32_t *words = malloc(desc->inputSize);
            if (words != NULL) {
                memcpy(words, desc->pInputModule, desc->inputSize);
                ok = parse_spirv(words, desc->inputSize / 4, m, &log);
                free(words);
            }
        }
    }
    if (phBuildLog != NULL) {
        struct build_log *b = calloc(1, sizeof *b);
        if (b != NULL) {
            b->tag = TAG_LOG;
            b->text = strdup(log.buf);
            count(LIVE_BUILD_LOGS, 1);
        }
        *phBuildLog = (ze_module_build_log_handle_t)b;
    }
    if (m == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (!ok) {
        free_module(m);
        return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
    }
    count(LIVE_MODULES, 1);
    *phModule = (ze_module_handle_t)m;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeModuleDestroy(ze_module_handle_t hModule) {
    CHECK_HANDLE(hModule, TAG_MODULE);
    free_module((struct module *)hModule);
    count(LIVE_MODULES, -1);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeModuleGetKernelNames(ze_module_handle_t hModule, uint32_t *pCount,
                                                        const char **pNames) {
    CHECK_HANDLE(hModule, TAG_MODULE);
    CHECK_POINTER(pCount);
    struct module *m = (struct module *)hModule;
    if (*pCount == 0 || pNames == NULL) {
        *pCount = (uint32_t)m->num_entries;
        return ZE_RESULT_SUCCESS;
    }
    uint32_t n = *pCount < (uint32_t)m->num_entries ? *pCount : (uint32_t)m->num_entries;
    for (uint32_t i = 0; i < n; i++) {
        pNames[i] = m->names[i];
    }
    *pCount = n;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeModuleBuildLogGetString(ze_module_build_log_handle_t hLog, size_t *pSize,
                                                           char *pBuildLog) {
    CHECK_HANDLE(hLog, TAG_LOG);
    CHECK_POINTER(pSize);
    struct build_log *b = (struct build_log *)hLog;
    size_t needed = strlen(b->text) + 1;
    if (pBuildLog == NULL) {
        *pSize = needed;
        return ZE_RESULT_SUCCESS;
    }
    if (*pSize < needed) {
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    memcpy(pBuildLog, b->text, needed);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeModuleBuildLogDestroy(ze_module_build_log_handle_t hLog) {
    CHECK_HANDLE(hLog, TAG_LOG);
    struct build_log *b = (struct build_log *)hLog;
    b->tag = 0;
    free(b->text);
    free(b);
    count(LIVE_BUILD_LOGS, -1);
    return ZE_RESULT_SUCCESS;
}

// ---------------------------------------------------------------------------------------------
// Kernels

struct kernel {
    uint32_t tag;
    const struct kernel_impl *impl;
    uint32_t group_size[3];
    uint64_t args[MAX_PARAMS];
    int arg_set[MAX_PARAMS];
};

static ze_result_t ZE_APICALL td_zeKernelCreate(ze_module_handle_t hModule, const ze_kernel_desc_t *desc,
                                                ze_kernel_handle_t *phKernel) {
    CHECK_HANDLE(hModule, TAG_MODULE);
    CHECK_POINTER(desc);
    CHECK_POINTER(desc->pKernelName);
    CHECK_POINTER(phKernel);
    struct module *m = (struct module *)hModule;
    for (int i = 0; i < m->num_entries; i++) {
        if (strcmp(m->names[i], desc->pKernelName) == 0) {
            struct kernel *k = calloc(1, sizeof *k);
            if (k == NULL) {
                return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
            }
            k->tag = TAG_KERNEL;
            k->impl = m->impls[i];
            k->group_size[0] = k->group_size[1] = k->group_size[2] = 1;
            count(LIVE_KERNELS, 1);
            *phKernel = (ze_kernel_handle_t)k;
            return ZE_RESULT_SUCCESS;
        }
    }
    return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
}

static ze_result_t ZE_APICALL td_zeKernelDestroy(ze_kernel_handle_t hKernel) {
    CHECK_HANDLE(hKernel, TAG_KERNEL);
    ((struct kernel *)hKernel)->tag = 0;
    free(hKernel);
    count(LIVE_KERNELS, -1);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeKernelGetProperties(ze_kernel_handle_t hKernel, ze_kernel_properties_t *p) {
    CHECK_HANDLE(hKernel, TAG_KERNEL);
    CHECK_POINTER(p);
    struct kernel *k = (struct kernel *)hKernel;
    p->numKernelArgs = (uint32_t)k->impl->num_params;
    p->requiredGroupSizeX = p->requiredGroupSizeY = p->requiredGroupSizeZ = 0;
    p->requiredNumSubGroups = 0;
    p->requiredSubgroupSize = 0;
    p->maxSubgroupSize = 16;
    p->maxNumSubgroups = 64;
    p->localMemSize = 0;
    p->privateMemSize = 0;
    p->spillMemSize = 0;
    memset(&p->uuid, 0, sizeof p->uuid);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeKernelSetGroupSize(ze_kernel_handle_t hKernel, uint32_t x, uint32_t y, uint32_t z) {
    CHECK_HANDLE(hKernel, TAG_KERNEL);
    if (x == 0 || y == 0 || z == 0 || (uint64_t)x * y * z > 1024 || z > 64) {
        return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    }
    struct kernel *k = (struct kernel *)hKernel;
    k->group_size[0] = x;
    k->group_size[1] = y;
    k->group_size[2] = z;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeKernelSetArgumentValue(ze_kernel_handle_t hKernel, uint32_t argIndex,
                                                          size_t argSize, const void *pArgValue) {
    CHECK_HANDLE(hKernel, TAG_KERNEL);
    struct kernel *k = (struct kernel *)hKernel;
    if (argIndex >= (uint32_t)k->impl->num_params) {
        return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
    }
    uint64_t value = 0;
    switch (k->impl->params[argIndex]) {
        case P_GLOBAL:
            if (argSize != sizeof(void *)) {
                return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
            }
            if (pArgValue != NULL) {      // a null pArgValue passes a null pointer
                memcpy(&value, pArgValue, sizeof(void *));
            }
            break;
        case P_LOCAL:
            if (pArgValue != NULL) {
                return ZE_RESULT_ERROR_INVALID_ARGUMENT;
            }
            if (argSize == 0) {
                return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
            }
            value = argSize;
            break;
        case P_I32: case P_F32:
            if (argSize != 4) {
                return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
            }
            CHECK_POINTER(pArgValue);
            memcpy(&value, pArgValue, 4);
            break;
        case P_I64: case P_F64:
            if (argSize != 8) {
                return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
            }
            CHECK_POINTER(pArgValue);
            memcpy(&value, pArgValue, 8);
            break;
        default:
            return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    k->args[argIndex] = value;
    k->arg_set[argIndex] = 1;
    return ZE_RESULT_SUCCESS;
}

// ---------------------------------------------------------------------------------------------
// Immediate command lists: an in-order queue drained by a worker thread

enum command_kind { CMD_BARRIER, CMD_TIMESTAMP, CMD_FILL, CMD_COPY, CMD_LAUNCH };

struct command {
    enum command_kind kind;
    struct event *signal;
    void *dst;
    const void *src;
    size_t size;
    uint8_t pattern[128];
    size_t pattern_size;
    struct launch launch;
    struct command *next;
};

struct command_list {
    uint32_t tag;
    int synchronous;
    pthread_t worker;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    struct command *head, *tail;
    uint64_t appended, completed;
    int stopping;
};

static void execute(const struct command *c) {
    switch (c->kind) {
        case CMD_BARRIER:      // the worker runs one command at a time: everything before is done
            count(RUN_BARRIERS, 1);
            break;
        case CMD_TIMESTAMP:
            *(uint64_t *)c->dst = device_timestamp();
            count(RUN_TIMESTAMPS, 1);
            break;
        case CMD_FILL:
            if (c->pattern_size == 1) {
                memset(c->dst, c->pattern[0], c->size);
            } else {
                for (size_t i = 0; i < c->size; i += c->pattern_size) {
                    memcpy((char *)c->dst + i, c->pattern, c->pattern_size);
                }
            }
            count(RUN_FILLS, 1);
            count(RUN_FILLED_BYTES, (long long)c->size);
            break;
        case CMD_COPY:
            memmove(c->dst, c->src, c->size);
            count(RUN_COPIES, 1);
            break;
        case CMD_LAUNCH:
            c->launch.impl->run(&c->launch);
            count(RUN_LAUNCHES, 1);
            break;
    }
    signal_event(c->signal);
}

static void *worker_main(void *arg) {
    struct command_list *l = arg;
    pthread_mutex_lock(&l->lock);
    for (;;) {
        while (l->head == NULL && !l->stopping) {
            pthread_cond_wait(&l->changed, &l->lock);
        }
        if (l->head == NULL) {
            break;
        }
        struct command *c = l->head;
        pthread_mutex_unlock(&l->lock);
        if (c->kind == CMD_FILL || c->kind == CMD_COPY || c->kind == CMD_LAUNCH) {
            // Not for timestamps: the clock must not step back past one just written.
            uint64_t wall = monotonic_ns(), cpu = thread_cpu_ns();
            execute(c);
            wall = monotonic_ns() - wall;
            cpu = thread_cpu_ns() - cpu;
            stolen_ns += wall > cpu ? wall - cpu : 0;
        } else {
            execute(c);
        }
        pthread_mutex_lock(&l->lock);
        l->head = c->next;
        if (l->head == NULL) {
            l->tail = NULL;
        }
        l->completed++;
        pthread_cond_broadcast(&l->changed);
        free(c);
    }
    pthread_mutex_unlock(&l->lock);
    return NULL;
}

static ze_result_t wait_until_done(struct command_list *l, uint64_t timeout) {
    uint64_t deadline = timeout == UINT64_MAX ? UINT64_MAX : monotonic_ns() + timeout;
    ze_result_t result = ZE_RESULT_SUCCESS;
    pthread_mutex_lock(&l->lock);
    uint64_t target = l->appended;
    while (l->completed < target) {
        if (monotonic_ns() >= deadline) {
            result = ZE_RESULT_NOT_READY;
            break;
        }
        if (deadline == UINT64_MAX) {
            pthread_cond_wait(&l->changed, &l->lock);
        } else {
            pthread_mutex_unlock(&l->lock);
            struct timespec pause = { 0, 50000 };
            nanosleep(&pause, NULL);
            pthread_mutex_lock(&l->lock);
        }
    }
    pthread_mutex_unlock(&l->lock);
    return result;
}

static ze_result_t submit(struct command_list *l, struct command *c, ze_event_handle_t hSignalEvent,
                          uint32_t numWaitEvents) {
    if (numWaitEvents != 0) {
        free(c);
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;    // the backend never waits on events in a list
    }
    if (hSignalEvent != NULL && *(const uint32_t *)hSignalEvent != TAG_EVENT) {
        free(c);
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    c->signal = (struct event *)hSignalEvent;
    c->next = NULL;
    pthread_mutex_lock(&l->lock);
    if (l->tail != NULL) {
        l->tail->next = c;
    } else {
        l->head = c;
    }
    l->tail = c;
    l->appended++;
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    return l->synchronous ? wait_until_done(l, UINT64_MAX) : ZE_RESULT_SUCCESS;
}

static struct command *new_command(enum command_kind kind) {
    struct command *c = calloc(1, sizeof *c);
    if (c != NULL) {
        c->kind = kind;
    }
    return c;
}

static ze_result_t ZE_APICALL td_zeCommandListCreateImmediate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                              const ze_command_queue_desc_t *desc,
                                                              ze_command_list_handle_t *phCommandList) {
    CHECK_HANDLE(hContext, TAG_CONTEXT);
    CHECK_HANDLE(hDevice, TAG_DEVICE);
    CHECK_POINTER(desc);
    CHECK_POINTER(phCommandList);
    if (desc->ordinal != 0 || desc->index != 0) {
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    struct command_list *l = calloc(1, sizeof *l);
    if (l == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    l->tag = TAG_LIST;
    l->synchronous = desc->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
    pthread_mutex_init(&l->lock, NULL);
    pthread_cond_init(&l->changed, NULL);
    if (pthread_create(&l->worker, NULL, worker_main, l) != 0) {
        free(l);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    count(LIVE_COMMAND_LISTS, 1);
    *phCommandList = (ze_command_list_handle_t)l;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL td_zeCommandListDestroy(ze_command_list_handle_t hCommandList) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    struct command_list *l = (struct command_list *)hCommandList;
    pthread_mutex_lock(&l->lock);
    l->stopping = 1;
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    pthread_join(l->worker, NULL);     // drains what is queued first
    pthread_mutex_destroy(&l->lock);
    pthread_cond_destroy(&l->changed);
    l->tag = 0;
    free(l);
    count(LIVE_COMMAND_LISTS, -1);
    return ZE_RESULT_SUCCESS;
}

// API 1.6; not in the DDI tables of API 1.4. Exported for the tests of the backend's optional path.
EXPORT ze_result_t ZE_APICALL zeCommandListHostSynchronize(ze_command_list_handle_t hCommandList, uint64_t timeout) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    return wait_until_done((struct command_list *)hCommandList, timeout);
}

static ze_result_t ZE_APICALL td_zeCommandListAppendBarrier(ze_command_list_handle_t hCommandList,
                                                            ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                            ze_event_handle_t *phWaitEvents) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    (void)phWaitEvents;
    struct command *c = new_command(CMD_BARRIER);
    if (c == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    return submit((struct command_list *)hCommandList, c, hSignalEvent, numWaitEvents);
}

static ze_result_t ZE_APICALL td_zeCommandListAppendWriteGlobalTimestamp(ze_command_list_handle_t hCommandList,
                                                                         uint64_t *dstptr,
                                                                         ze_event_handle_t hSignalEvent,
                                                                         uint32_t numWaitEvents,
                                                                         ze_event_handle_t *phWaitEvents) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    CHECK_POINTER(dstptr);
    (void)phWaitEvents;
    if ((uintptr_t)dstptr % 8 != 0 || !is_allocated(dstptr, 8)) {
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    struct command *c = new_command(CMD_TIMESTAMP);
    if (c == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    c->dst = dstptr;
    return submit((struct command_list *)hCommandList, c, hSignalEvent, numWaitEvents);
}

static ze_result_t ZE_APICALL td_zeCommandListAppendMemoryFill(ze_command_list_handle_t hCommandList, void *ptr,
                                                               const void *pattern, size_t pattern_size, size_t size,
                                                               ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                               ze_event_handle_t *phWaitEvents) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    CHECK_POINTER(ptr);
    CHECK_POINTER(pattern);
    (void)phWaitEvents;
    if (pattern_size == 0 || pattern_size > 128 || (pattern_size & (pattern_size - 1)) != 0 || size % pattern_size != 0) {
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    if (!is_allocated(ptr, size)) {
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    struct command *c = new_command(CMD_FILL);
    if (c == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    c->dst = ptr;
    c->size = size;
    memcpy(c->pattern, pattern, pattern_size);   // the pattern is read at append time
    c->pattern_size = pattern_size;
    return submit((struct command_list *)hCommandList, c, hSignalEvent, numWaitEvents);
}

static ze_result_t ZE_APICALL td_zeCommandListAppendMemoryCopy(ze_command_list_handle_t hCommandList, void *dstptr,
                                                               const void *srcptr, size_t size,
                                                               ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                               ze_event_handle_t *phWaitEvents) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    CHECK_POINTER(dstptr);
    CHECK_POINTER(srcptr);
    (void)phWaitEvents;
    if (!is_allocated(dstptr, size) || !is_allocated(srcptr, size)) {
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;   // both must be Level Zero allocations
    }
    struct command *c = new_command(CMD_COPY);
    if (c == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    c->dst = dstptr;
    c->src = srcptr;
    c->size = size;
    return submit((struct command_list *)hCommandList, c, hSignalEvent, numWaitEvents);
}

static ze_result_t ZE_APICALL td_zeCommandListAppendLaunchKernel(ze_command_list_handle_t hCommandList,
                                                                 ze_kernel_handle_t hKernel,
                                                                 const ze_group_count_t *pLaunchFuncArgs,
                                                                 ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                                 ze_event_handle_t *phWaitEvents) {
    CHECK_HANDLE(hCommandList, TAG_LIST);
    CHECK_HANDLE(hKernel, TAG_KERNEL);
    CHECK_POINTER(pLaunchFuncArgs);
    (void)phWaitEvents;
    struct kernel *k = (struct kernel *)hKernel;
    if (pLaunchFuncArgs->groupCountX == 0 || pLaunchFuncArgs->groupCountY == 0 || pLaunchFuncArgs->groupCountZ == 0) {
        return ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION;
    }
    for (int i = 0; i < k->impl->num_params; i++) {
        if (!k->arg_set[i]) {
            return ZE_RESULT_ERROR_INVALID_ARGUMENT;
        }
    }
    struct command *c = new_command(CMD_LAUNCH);
    if (c == NULL) {
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    c->launch.impl = k->impl;
    memcpy(c->launch.args, k->args, sizeof k->args);      // arguments are captured at append time
    memcpy(c->launch.group_size, k->group_size, sizeof k->group_size);
    c->launch.group_count[0] = pLaunchFuncArgs->groupCountX;
    c->launch.group_count[1] = pLaunchFuncArgs->groupCountY;
    c->launch.group_count[2] = pLaunchFuncArgs->groupCountZ;
    char why[256];
    if (!k->impl->check(&c->launch, why, sizeof why)) {
        log_diagnostic("refused launch: %s", why);
        free(c);
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    return submit((struct command_list *)hCommandList, c, hSignalEvent, numWaitEvents);
}

// ---------------------------------------------------------------------------------------------
// DDI tables. Loader 1.8.12 requires every non-experimental getter of ze, zet and zes (and
// zetGetTracerExpProcAddrTable) to be exported and to succeed for API 1.4 (its ZE_API_VERSION_CURRENT,
// as of the Debian libze-dev 1.8.12 headers); entries we do not implement stay null.

static ze_result_t check_version(ze_api_version_t version, void *table, size_t size) {
    if (table == NULL) {
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    // The tables filled here have the layout of the headers this file is compiled with.
    if (ZE_MAJOR_VERSION(version) != 1 || version > ZE_API_VERSION_CURRENT) {
        return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
    }
    memset(table, 0, size);
    return ZE_RESULT_SUCCESS;
}

#define TABLE(getter, type, fill)                                                   \
    ZE_DLLEXPORT ze_result_t ZE_APICALL getter(ze_api_version_t version, type *t) { \
        ze_result_t r = check_version(version, t, sizeof *t);                        \
        if (r == ZE_RESULT_SUCCESS) {                                                \
            fill;                                                                    \
        }                                                                            \
        return r;                                                                    \
    }

TABLE(zeGetGlobalProcAddrTable, ze_global_dditable_t, t->pfnInit = td_zeInit)
TABLE(zeGetDriverProcAddrTable, ze_driver_dditable_t, {
    t->pfnGet = td_zeDriverGet;
    t->pfnGetApiVersion = td_zeDriverGetApiVersion;
    t->pfnGetProperties = td_zeDriverGetProperties;
})
TABLE(zeGetDeviceProcAddrTable, ze_device_dditable_t, {
    t->pfnGet = td_zeDeviceGet;
    t->pfnGetProperties = td_zeDeviceGetProperties;
    t->pfnGetComputeProperties = td_zeDeviceGetComputeProperties;
    t->pfnGetMemoryProperties = td_zeDeviceGetMemoryProperties;
    t->pfnGetCacheProperties = td_zeDeviceGetCacheProperties;
    t->pfnGetCommandQueueGroupProperties = td_zeDeviceGetCommandQueueGroupProperties;
})
TABLE(zeGetContextProcAddrTable, ze_context_dditable_t, {
    t->pfnCreate = td_zeContextCreate;
    t->pfnDestroy = td_zeContextDestroy;
})
TABLE(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t, (void)0)
TABLE(zeGetCommandListProcAddrTable, ze_command_list_dditable_t, {
    t->pfnCreateImmediate = td_zeCommandListCreateImmediate;
    t->pfnDestroy = td_zeCommandListDestroy;
    t->pfnAppendBarrier = td_zeCommandListAppendBarrier;
    t->pfnAppendWriteGlobalTimestamp = td_zeCommandListAppendWriteGlobalTimestamp;
    t->pfnAppendMemoryFill = td_zeCommandListAppendMemoryFill;
    t->pfnAppendMemoryCopy = td_zeCommandListAppendMemoryCopy;
    t->pfnAppendLaunchKernel = td_zeCommandListAppendLaunchKernel;
})
TABLE(zeGetEventProcAddrTable, ze_event_dditable_t, {
    t->pfnCreate = td_zeEventCreate;
    t->pfnDestroy = td_zeEventDestroy;
    t->pfnHostSynchronize = td_zeEventHostSynchronize;
    t->pfnHostReset = td_zeEventHostReset;
})
TABLE(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t, {
    t->pfnCreate = td_zeEventPoolCreate;
    t->pfnDestroy = td_zeEventPoolDestroy;
})
TABLE(zeGetFenceProcAddrTable, ze_fence_dditable_t, (void)0)
TABLE(zeGetImageProcAddrTable, ze_image_dditable_t, (void)0)
TABLE(zeGetKernelProcAddrTable, ze_kernel_dditable_t, {
    t->pfnCreate = td_zeKernelCreate;
    t->pfnDestroy = td_zeKernelDestroy;
    t->pfnSetGroupSize = td_zeKernelSetGroupSize;
    t->pfnSetArgumentValue = td_zeKernelSetArgumentValue;
    t->pfnGetProperties = td_zeKernelGetProperties;
})
TABLE(zeGetMemProcAddrTable, ze_mem_dditable_t, {
    t->pfnAllocDevice = td_zeMemAllocDevice;
    t->pfnAllocHost = td_zeMemAllocHost;
    t->pfnFree = td_zeMemFree;
})
TABLE(zeGetModuleProcAddrTable, ze_module_dditable_t, {
    t->pfnCreate = td_zeModuleCreate;
    t->pfnDestroy = td_zeModuleDestroy;
    t->pfnGetKernelNames = td_zeModuleGetKernelNames;
})
TABLE(zeGetModuleBuildLogProcAddrTable, ze_module_build_log_dditable_t, {
    t->pfnDestroy = td_zeModuleBuildLogDestroy;
    t->pfnGetString = td_zeModuleBuildLogGetString;
})
TABLE(zeGetPhysicalMemProcAddrTable, ze_physical_mem_dditable_t, (void)0)
TABLE(zeGetSamplerProcAddrTable, ze_sampler_dditable_t, (void)0)
TABLE(zeGetVirtualMemProcAddrTable, ze_virtual_mem_dditable_t, (void)0)

TABLE(zetGetDeviceProcAddrTable, zet_device_dditable_t, (void)0)
TABLE(zetGetContextProcAddrTable, zet_context_dditable_t, (void)0)
TABLE(zetGetCommandListProcAddrTable, zet_command_list_dditable_t, (void)0)
TABLE(zetGetModuleProcAddrTable, zet_module_dditable_t, (void)0)
TABLE(zetGetKernelProcAddrTable, zet_kernel_dditable_t, (void)0)
TABLE(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t, (void)0)
TABLE(zetGetMetricProcAddrTable, zet_metric_dditable_t, (void)0)
TABLE(zetGetMetricStreamerProcAddrTable, zet_metric_streamer_dditable_t, (void)0)
TABLE(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t, (void)0)
TABLE(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t, (void)0)
TABLE(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t, (void)0)
TABLE(zetGetDebugProcAddrTable, zet_debug_dditable_t, (void)0)

TABLE(zesGetDriverProcAddrTable, zes_driver_dditable_t, (void)0)
TABLE(zesGetDeviceProcAddrTable, zes_device_dditable_t, (void)0)
TABLE(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t, (void)0)
TABLE(zesGetPerformanceFactorProcAddrTable, zes_performance_factor_dditable_t, (void)0)
TABLE(zesGetPowerProcAddrTable, zes_power_dditable_t, (void)0)
TABLE(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t, (void)0)
TABLE(zesGetEngineProcAddrTable, zes_engine_dditable_t, (void)0)
TABLE(zesGetStandbyProcAddrTable, zes_standby_dditable_t, (void)0)
TABLE(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t, (void)0)
TABLE(zesGetMemoryProcAddrTable, zes_memory_dditable_t, (void)0)
TABLE(zesGetFabricPortProcAddrTable, zes_fabric_port_dditable_t, (void)0)
TABLE(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t, (void)0)
TABLE(zesGetPsuProcAddrTable, zes_psu_dditable_t, (void)0)
TABLE(zesGetFanProcAddrTable, zes_fan_dditable_t, (void)0)
TABLE(zesGetLedProcAddrTable, zes_led_dditable_t, (void)0)
TABLE(zesGetRasProcAddrTable, zes_ras_dditable_t, (void)0)
TABLE(zesGetDiagnosticsProcAddrTable, zes_diagnostics_dditable_t, (void)0)
