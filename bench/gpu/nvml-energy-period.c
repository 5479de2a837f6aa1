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
/*
 * The update period of NVML's total-energy counter, measured apart from kbench: samples
 * nvmlDeviceGetTotalEnergyConsumption of GPU INDEX (default 0) in a tight loop for SECONDS (default 3),
 * prints one line per change (time since start in ms, counter in mJ, step in mJ, gap since the previous
 * change in ms), then the number of reads, the read cost, and the median, min and max gap between
 * changes (the first change ends a period that began before sampling, so its gap is left out).
 * No NVIDIA headers needed: libnvidia-ml.so.1 is opened at run time.
 *   cc -O2 -o nvml-energy-period bench/gpu/nvml-energy-period.c -ldl
 *   ./nvml-energy-period [INDEX [SECONDS]]
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef int (*init_fn)(void);
typedef int (*handle_fn)(unsigned, void **);
typedef int (*energy_fn)(void *, unsigned long long *);

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    unsigned index = argc > 1 ? (unsigned) atoi(argv[1]) : 0;
    double seconds = argc > 2 ? atof(argv[2]) : 3;
    void *nvml = dlopen("libnvidia-ml.so.1", RTLD_NOW);
    if (!nvml) { fprintf(stderr, "nvml-energy-period: %s\n", dlerror()); return 2; }
    init_fn init = (init_fn) dlsym(nvml, "nvmlInit_v2");
    handle_fn handle = (handle_fn) dlsym(nvml, "nvmlDeviceGetHandleByIndex_v2");
    energy_fn energy = (energy_fn) dlsym(nvml, "nvmlDeviceGetTotalEnergyConsumption");
    if (!init || !handle || !energy) { fprintf(stderr, "nvml-energy-period: a function is missing\n"); return 2; }
    void *device;
    int rc = init();
    if (rc == 0) rc = handle(index, &device);
    unsigned long long last, value;
    if (rc == 0) rc = energy(device, &last);
    if (rc != 0) { fprintf(stderr, "nvml-energy-period: NVML error %d\n", rc); return 2; }
    double *gaps = malloc(sizeof(double) * 100000);
    int changes = 0, gapCount = 0;
    long reads = 0;
    double start = now_ms(), previous = 0;
    printf("t_ms,energy_mj,step_mj,gap_ms\n");
    while (now_ms() - start < seconds * 1e3 && gapCount < 100000) {
        if (energy(device, &value) != 0) continue;
        reads++;
        if (value != last) {
            double t = now_ms() - start;
            printf("%.3f,%llu,%llu,%.3f\n", t, value, value - last, changes ? t - previous : 0.0);
            if (changes) gaps[gapCount++] = t - previous;
            previous = t;
            changes++;
            last = value;
        }
    }
    double elapsed = now_ms() - start;
    printf("# %ld reads in %.0f ms (%.2f us a read), %d changes\n", reads, elapsed, 1e3 * elapsed / reads, changes);
    if (gapCount == 0) { printf("# update period: unknown (fewer than 2 changes)\n"); return 1; }
    qsort(gaps, gapCount, sizeof(double), by_value);
    printf("# update period: median %.3f ms, min %.3f ms, max %.3f ms over %d gaps\n",
           gapCount % 2 ? gaps[gapCount / 2] : (gaps[gapCount / 2 - 1] + gaps[gapCount / 2]) / 2,
           gaps[0], gaps[gapCount - 1], gapCount);
    return 0;
}
