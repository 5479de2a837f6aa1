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

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Why an I/O operation failed, said for a message that already names the file. */
public final class IoErrors {

    private IoErrors() {
    }

    /**
     * Why {@code e} happened, in the operating system's words where there are some. The JDK gives the
     * commonest errors (EACCES, ENOENT, EEXIST, ENOTDIR, ENOTEMPTY) as exceptions without a reason, whose message is only the
     * path tried (at times a temporary file the user never named), so their reason is said here.
     *
     * @param e the failure
     * @return e.g. {@code Permission denied}, {@code No space left on device}
     */
    public static String reason(IOException e) {
        return switch (e) {
            case FileSystemException f when f.getReason() != null -> f.getReason();
            case AccessDeniedException f -> "Permission denied";
            case NoSuchFileException f -> "No such file or directory";
            case FileAlreadyExistsException f -> "File exists";
            case NotDirectoryException f -> "Not a directory";
            case DirectoryNotEmptyException f -> "Directory not empty";
            default -> e.getMessage() == null ? e.toString() : e.getMessage();
        };
    }
}
