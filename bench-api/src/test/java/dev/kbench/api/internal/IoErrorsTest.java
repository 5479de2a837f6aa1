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
package dev.kbench.api.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reasons of real failed file operations on Linux: the operating system's words, never only the path
 * (which is what the JDK's message holds for these errors).
 */
class IoErrorsTest {

    @TempDir
    Path dir;

    private static String reasonOf(Class<? extends IOException> type, IoCall call) {
        return IoErrors.reason(assertThrows(type, call::run));
    }

    @FunctionalInterface
    private interface IoCall {
        void run() throws IOException;
    }

    @Test
    void saysWhyInTheSystemsWords() throws IOException {
        Path file = Files.writeString(dir.resolve("a.csv"), "x\n");
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("b"), "");
        assertEquals("No such file or directory", reasonOf(IOException.class, () -> Files.readAllBytes(dir.resolve("none.csv"))));
        assertEquals("File exists", reasonOf(IOException.class, () -> Files.createFile(file)));
        assertEquals("Not a directory", reasonOf(IOException.class, () -> Files.newDirectoryStream(file).close()));
        assertEquals("Directory not empty", reasonOf(IOException.class, () -> Files.delete(full)));
        // what the JDK throws for EACCES, which root (as CI runs) cannot be made to meet portably
        assertEquals("Permission denied", IoErrors.reason(new AccessDeniedException(dir.resolve(".a.csv.1.kbench-tmp").toString())));
        // an error the JDK gives with its reason: kept as it is
        assertEquals("Is a directory", reasonOf(IOException.class, () -> Files.readAllBytes(full)));
    }
}
