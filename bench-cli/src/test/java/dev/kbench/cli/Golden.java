package dev.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files: machine-readable output compared byte for byte with a file under
 * {@code src/test/resources/dev/kbench/cli}. After an intended change of a format, regenerate them with
 * {@code ./mvnw -pl bench-cli test -Dkbench.updateGolden=true} and review the diff.
 */
final class Golden {

    private Golden() {
    }

    static void assertMatches(String resource, String actual) {
        if (Boolean.getBoolean("kbench.updateGolden")) {
            Path file = Path.of("src/test/resources/dev/kbench/cli").resolve(resource);
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        assertEquals(Cli.text(resource), actual, "output differs from the golden file " + resource
                + " (after an intended format change: -Dkbench.updateGolden=true, then review the diff)");
    }
}
