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
