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
