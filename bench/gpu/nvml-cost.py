#
# Copyright 2026 The kbench authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#


"""What each NVML reading that kbench takes around a repetition costs (CudaDevice.telemetry(): Nvml.read),
timed from Python through ctypes on the GPU host: the median and 90th percentile of TRIES calls of each
function, in microseconds, while the GPU idles, while a CuPy kernel loop keeps it busy (if CuPy is there)
and, where BESIDE names a shell command (e.g. `kbench run --forks 40 ...`), while that command runs (started
2 s before, waited for after). Besides each function alone: a whole reading as Nvml.read takes it without
the energy counter (clock, temperature, clock-event reasons, the two violation counters), and the two
violation counters read in one nvmlDeviceGetFieldValues call (fields 74 and 75, whose values it prints
beside the separate calls' once, to compare their units).

    python3 bench/gpu/nvml-cost.py [TRIES]    # default 200; device 0
"""
import os
import subprocess
import ctypes
import statistics
import sys
import threading
import time

tries = int(sys.argv[1]) if len(sys.argv) > 1 else 200
nvml = ctypes.CDLL("libnvidia-ml.so.1")
assert nvml.nvmlInit_v2() == 0, "nvmlInit_v2 failed"
handle = ctypes.c_void_p()
assert nvml.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(handle)) == 0
u32, u64 = ctypes.c_uint(), ctypes.c_ulonglong()


class Violation(ctypes.Structure):
    _fields_ = [("referenceTime", ctypes.c_ulonglong), ("violationTime", ctypes.c_ulonglong)]


violation = Violation()


class FieldValue(ctypes.Structure):  # nvmlFieldValue_t
    _fields_ = [("fieldId", ctypes.c_uint), ("scopeId", ctypes.c_uint), ("timestamp", ctypes.c_longlong),
                ("latencyUsec", ctypes.c_longlong), ("valueType", ctypes.c_int), ("nvmlReturn", ctypes.c_int),
                ("value", ctypes.c_ulonglong)]


fields = (FieldValue * 2)()
fields[0].fieldId, fields[1].fieldId = 74, 75  # NVML_FI_DEV_PERF_POLICY_POWER, _THERMAL


def reading():
    nvml.nvmlDeviceGetClockInfo(handle, 1, ctypes.byref(u32))
    nvml.nvmlDeviceGetTemperature(handle, 0, ctypes.byref(u32))
    nvml.nvmlDeviceGetCurrentClocksEventReasons(handle, ctypes.byref(u64))
    nvml.nvmlDeviceGetViolationStatus(handle, 0, ctypes.byref(violation))
    return nvml.nvmlDeviceGetViolationStatus(handle, 1, ctypes.byref(violation))


calls = {
    "nvmlDeviceGetClockInfo(SM)": lambda: nvml.nvmlDeviceGetClockInfo(handle, 1, ctypes.byref(u32)),
    "nvmlDeviceGetTemperature(GPU)": lambda: nvml.nvmlDeviceGetTemperature(handle, 0, ctypes.byref(u32)),
    "nvmlDeviceGetCurrentClocksEventReasons": lambda: nvml.nvmlDeviceGetCurrentClocksEventReasons(handle, ctypes.byref(u64)),
    "nvmlDeviceGetViolationStatus(POWER)": lambda: nvml.nvmlDeviceGetViolationStatus(handle, 0, ctypes.byref(violation)),
    "nvmlDeviceGetViolationStatus(THERMAL)": lambda: nvml.nvmlDeviceGetViolationStatus(handle, 1, ctypes.byref(violation)),
    "nvmlDeviceGetTotalEnergyConsumption": lambda: nvml.nvmlDeviceGetTotalEnergyConsumption(handle, ctypes.byref(u64)),
    "a reading (Nvml.read, no energy)": reading,
    "nvmlDeviceGetFieldValues(POWER, THERMAL)": lambda: nvml.nvmlDeviceGetFieldValues(handle, 2, fields),
}
for policy in (0, 1):
    nvml.nvmlDeviceGetViolationStatus(handle, policy, ctypes.byref(violation))
    print(f"violation status, policy {policy}: referenceTime {violation.referenceTime} violationTime {violation.violationTime}")
status = nvml.nvmlDeviceGetFieldValues(handle, 2, fields)
for f in fields:
    print(f"field {f.fieldId}: status {status}/{f.nvmlReturn} type {f.valueType} value {f.value} timestamp {f.timestamp}")


def measure(label):
    print(f"{label}: microseconds a call, median / p90 of {tries}")
    for name, call in calls.items():
        times = []
        for _ in range(tries):
            t0 = time.perf_counter_ns()
            status = call()
            times.append((time.perf_counter_ns() - t0) / 1000)
        times.sort()
        print(f"  {name:40} {statistics.median(times):9.1f} {times[int(0.9 * len(times))]:9.1f}  status {status}")


measure("idle")
try:
    import cupy
    stop = threading.Event()

    def busy():
        x = cupy.ones(1 << 24, dtype=cupy.float32)
        while not stop.is_set():
            for _ in range(100):
                x = x * 1.0001
            cupy.cuda.runtime.deviceSynchronize()

    worker = threading.Thread(target=busy)
    worker.start()
    time.sleep(0.5)
    measure("busy (a CuPy loop)")
    stop.set()
    worker.join()
except ImportError:
    print("no CuPy: the busy case was not measured")

beside = os.environ.get("BESIDE")
if beside:
    load = subprocess.Popen(beside, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2)
    measure(f"beside: {beside[:60]}")
    print(f"  (the command exited {load.wait()})")
