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

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/** The temporary files kbench writes an output through before renaming it over the output's path. */
public final class TemporaryFiles {

    /** The longest file name most file systems take, in bytes (NAME_MAX). */
    public static final int NAME_MAX = 255;

    private TemporaryFiles() {
    }

    /**
     * The temporary file beside {@code file}, in the same directory (so that a rename replaces the file in one
     * step): {@code .NAME.RANDOM.kbench-tmp}, the name shortened to fit {@link #NAME_MAX}.
     *
     * @param file the output
     * @return a fresh name beside it, absolute; the file is not created
     */
    public static Path beside(Path file) {
        Path absolute = file.toAbsolutePath();
        String name = absolute.getFileName().toString();
        String suffix = "." + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + ".kbench-tmp";
        while (("." + name + suffix).getBytes(StandardCharsets.UTF_8).length > NAME_MAX) {
            name = name.substring(0, name.length() - 1);
        }
        return absolute.resolveSibling("." + name + suffix);
    }
}
