/*
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
package dev.kbench.cuda;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Whether this machine has the NVIDIA driver's libcuda.so.1, found the way the dynamic loader would. */
final class NoGpu {

    private NoGpu() {
    }

    static boolean libcudaPresent() {
        List<String> dirs = new ArrayList<>(List.of("/lib", "/lib64", "/usr/lib", "/usr/lib64", "/lib/x86_64-linux-gnu",
                "/usr/lib/x86_64-linux-gnu", "/usr/local/nvidia/lib64", "/usr/lib/wsl/lib"));
        String ldPath = System.getenv("LD_LIBRARY_PATH");
        if (ldPath != null) {
            dirs.addAll(List.of(ldPath.split(":")));
        }
        if (dirs.stream().filter(d -> !d.isEmpty()).anyMatch(d -> Files.exists(Path.of(d, "libcuda.so.1")))) {
            return true;
        }
        try {
            Process ldconfig = new ProcessBuilder("ldconfig", "-p").redirectErrorStream(true).start();
            String cache = new String(ldconfig.getInputStream().readAllBytes());
            ldconfig.waitFor();
            return cache.contains("libcuda.so.1 ");
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
