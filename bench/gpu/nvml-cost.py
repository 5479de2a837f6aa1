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
function, in microseconds, while the GPU idles and while a CuPy kernel loop keeps it busy (if CuPy is
there).

    python3 bench/gpu/nvml-cost.py [TRIES]    # default 200; device 0
"""
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
calls = {
    "nvmlDeviceGetClockInfo(SM)": lambda: nvml.nvmlDeviceGetClockInfo(handle, 1, ctypes.byref(u32)),
    "nvmlDeviceGetTemperature(GPU)": lambda: nvml.nvmlDeviceGetTemperature(handle, 0, ctypes.byref(u32)),
    "nvmlDeviceGetCurrentClocksEventReasons": lambda: nvml.nvmlDeviceGetCurrentClocksEventReasons(handle, ctypes.byref(u64)),
    "nvmlDeviceGetViolationStatus(POWER)": lambda: nvml.nvmlDeviceGetViolationStatus(handle, 0, ctypes.byref(violation)),
    "nvmlDeviceGetViolationStatus(THERMAL)": lambda: nvml.nvmlDeviceGetViolationStatus(handle, 1, ctypes.byref(violation)),
    "nvmlDeviceGetTotalEnergyConsumption": lambda: nvml.nvmlDeviceGetTotalEnergyConsumption(handle, ctypes.byref(u64)),
}


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
