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
package dev.kbench.forks;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown by {@link Forks#run} when every fork died: nothing was measured, so no result can be mistaken
 * for one. The message names how the first fork ended and its last lines of output (a child that cannot
 * reach the suite's class, for example, says which module does not export or open its package); the
 * outcomes are in {@link #result()}.
 */
public final class ForksFailedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The lines of the first fork's output the message quotes. */
    static final int QUOTED_LINES = 5;

    /** Not serialized: the outcomes live as long as this JVM does. */
    private final transient Forks.Result result;

    ForksFailedException(Forks.Result result) {
        super(message(result));
        this.result = result;
    }

    /**
     * Every fork's outcome, each one dead.
     *
     * @return the seed and the outcomes; null after deserialization
     */
    public Forks.Result result() {
        return result;
    }

    private static String message(Forks.Result result) {
        ForkOutcome first = result.forks().getFirst();
        List<String> tail = first.stderrTail();
        String quoted = tail.subList(Math.max(0, tail.size() - QUOTED_LINES), tail.size()).stream()
                .map(line -> "\n    " + line).collect(Collectors.joining());
        return "every fork died (" + result.forks().size() + " of " + result.forks().size() + "), nothing was measured; "
                + first.describe() + (quoted.isEmpty() ? "" : "; its last lines of output:" + quoted);
    }
}
