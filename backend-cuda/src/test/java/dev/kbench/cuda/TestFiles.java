package dev.kbench.cuda;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository's kernels/cuda files from the test's working directory (the module or the root). */
final class TestFiles {

    private TestFiles() {
    }

    static Path kernel(String name) {
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            Path candidate = p.resolve("kernels/cuda").resolve(name);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("kernels/cuda/" + name + " not found above " + dir
                + "; run from the repository or the backend-cuda module");
    }
}
