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

import dev.kbench.api.DeviceException;
import dev.kbench.api.DriverLookupException;
import dev.kbench.api.Drivers;
import dev.kbench.api.InputException;
import dev.kbench.api.OutputException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Maps kbench's exception types to one message and a named exit code (docs/formats.md §8): a usage
 * error or bad input is one line plus a hint and exit 2, a failed driver lookup is the text of
 * docs/formats.md §1 with the command line's own hint and exit 3, an output that cannot be written exit
 * 5, a device or driver failure exit 1. Any other exception thrown in a backend module from outside kbench
 * (one that provides kbench's driver service, not named {@code dev.kbench.*}) is that backend's fault, said so
 * with its module (exit 1); any other is kbench's own fault, an internal error (exit 1) said as such, never
 * mistaken for a usage error. Stack traces only with {@code --verbose}.
 */
final class Errors implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    /** The command line's hint after a failed driver lookup, in place of the library's. */
    static final String CHOOSE_DRIVER = "Choose one with --backend NAME, -D" + Drivers.BACKEND_PROPERTY + "=NAME or "
            + Drivers.BACKEND_ENV + "=NAME; `kbench info` shows every driver's state.";

    /** What kbench adds to an internal error's message: it is a bug, and how to report it. */
    static final String INTERNAL = "internal error (a bug in kbench; run again with --verbose and report the stack trace): ";

    static int exitCode(Throwable error) {
        return switch (error) {
            case DriverLookupException _ -> ExitCodes.NO_DRIVER;
            case OutputException _ -> ExitCodes.WRITE_FAILED;
            case UsageException _ -> ExitCodes.INVALID_INPUT;
            case InputException _ -> ExitCodes.INVALID_INPUT;
            case CommandLine.ParameterException _ -> ExitCodes.INVALID_INPUT;
            case DeviceException _ -> ExitCodes.FAILURE;
            default -> ExitCodes.FAILURE;
        };
    }

    private static boolean isBadInput(Throwable error) {
        return exitCode(error) == ExitCodes.INVALID_INPUT;
    }

    private static boolean isKnown(Throwable error) {
        return error instanceof UsageException || error instanceof InputException || error instanceof OutputException
                || error instanceof DeviceException || error instanceof DriverLookupException
                || error instanceof CommandLine.ParameterException;
    }

    @Override
    public int handleExecutionException(Exception error, CommandLine cli, CommandLine.ParseResult parsed) {
        boolean verbose = verbose(parsed);
        PrintWriter err = cli.getErr();
        if (verbose) {
            error.printStackTrace(err);
        } else if (error instanceof DriverLookupException lookup) {
            err.println(lookup.diagnosis());
            err.println(CHOOSE_DRIVER);
        } else if (error instanceof OutputException) {
            err.println(prefix(cli) + message(error));
        } else if (!isKnown(error)) {
            java.util.Optional<String> backend = backendOf(error);
            err.println(prefix(cli) + unexpected(error, backend) + (backend.isEmpty() ? "" : " (a fault of that "
                    + "backend's, not kbench's: report it to its authors; --verbose shows the stack trace)"));
        } else {
            err.println(prefix(cli) + message(error));
            err.println(isBadInput(error)
                    ? "Try '" + cli.getCommandSpec().qualifiedName() + " --help' for usage."
                    : "Run again with --verbose for the stack trace.");
        }
        err.flush();
        return exitCode(error);
    }

    /**
     * An error in one phrase, for one that kbench reports and goes on after: a known error's message; an
     * unexpected one's owner, {@code the backend in module M failed: ERROR} where {@link #backendModule} finds
     * one, else kbench's internal error.
     *
     * @param error the error
     * @return the phrase
     */
    static String described(Throwable error) {
        return isKnown(error) ? message(error) : unexpected(error, backendOf(error));
    }

    /** An unexpected error's phrase: the backend's fault where one is found, else kbench's. */
    private static String unexpected(Throwable error, java.util.Optional<String> backend) {
        return backend.map(where -> "the backend in " + where + " failed: " + error).orElse(INTERNAL + error);
    }

    /** The backend an unexpected error was thrown in, in this JVM ({@link #backendModule}). */
    private static java.util.Optional<String> backendOf(Throwable error) {
        return backendModule(error, Errors::providesDriver, Errors.classPathBackends());
    }

    /** kbench's API module, whose value types refuse bad arguments in their constructors. */
    private static final String API_MODULE = "dev.kbench.api";

    /** The service a backend module provides. */
    private static final String DRIVER_SERVICE = "dev.kbench.spi.Driver";

    /**
     * The backend module from outside kbench an unexpected error was thrown in, if it was: the module of the
     * error's first frame outside the JDK, where that module provides kbench's driver service and is not one of
     * kbench's own ({@code dev.kbench.*}, the built-in backends included, whose faults are kbench's). A constructor
     * of kbench's API that refuses its arguments (a {@code DeviceFacts} with a negative size) is passed over: the
     * fault is its caller's. On the class path, where code has no module name, the frame's package tells: kbench's
     * ({@code dev.kbench.*}), or the package of a driver a class-path jar provides.
     *
     * @param error the error
     * @param providesDriver whether a module of that name, in this JVM, provides the driver service
     * @param classPathBackends the packages of the drivers provided on the class path
     * @return where the backend is: {@code module M} or {@code package P on the class path}
     */
    static java.util.Optional<String> backendModule(Throwable error, java.util.function.Predicate<String> providesDriver,
                                                    java.util.Set<String> classPathBackends) {
        boolean inApi = false;
        boolean refused = false;
        for (StackTraceElement frame : error.getStackTrace()) {
            String module = frame.getModuleName();
            String type = frame.getClassName();
            if (module != null && (module.startsWith("java.") || module.startsWith("jdk."))) {
                continue;
            }
            if (API_MODULE.equals(module)
                    || module == null && (type.startsWith("dev.kbench.api.") || type.startsWith("dev.kbench.spi."))) {
                inApi = true;
                refused |= frame.getMethodName().equals("<init>");
                continue;
            }
            if (inApi && !refused) {
                return java.util.Optional.empty();
            }
            if (module == null) {
                String pkg = type.lastIndexOf('.') < 0 ? "" : type.substring(0, type.lastIndexOf('.'));
                return pkg.startsWith("dev.kbench.") || !classPathBackends.contains(pkg)
                        ? java.util.Optional.empty() : java.util.Optional.of("package " + pkg + " on the class path");
            }
            return module.startsWith("dev.kbench.") || !providesDriver.test(module)
                    ? java.util.Optional.empty() : java.util.Optional.of("module " + module);
        }
        return java.util.Optional.empty();
    }

    /**
     * The packages of the drivers that jars on the class path provide ({@code META-INF/services}); empty where none
     * can be read.
     */
    private static java.util.Set<String> classPathBackends() {
        java.util.Set<String> packages = new java.util.HashSet<>();
        try {
            var files = ClassLoader.getSystemClassLoader().getResources("META-INF/services/" + DRIVER_SERVICE);
            while (files.hasMoreElements()) {
                try (var in = files.nextElement().openStream()) {
                    new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                            .map(line -> line.replaceFirst("#.*", "").strip())
                            .filter(name -> name.lastIndexOf('.') > 0)
                            .forEach(name -> packages.add(name.substring(0, name.lastIndexOf('.'))));
                }
            }
        } catch (java.io.IOException e) {
            // no attribution is kbench's internal error, as before
        }
        return packages;
    }

    private static boolean providesDriver(String module) {
        return ModuleLayer.boot().findModule(module).map(m -> m.getDescriptor().provides().stream()
                .anyMatch(p -> p.service().equals(DRIVER_SERVICE))).orElse(false);
    }

    /**
     * Reports running out of memory: one message with the fix, the stack trace only when verbose.
     *
     * @param error the error
     * @param verbose whether --verbose was given
     * @param err standard error
     * @return {@link ExitCodes#FAILURE}
     */
    static int outOfMemory(OutOfMemoryError error, boolean verbose, PrintWriter err) {
        if (verbose) {
            error.printStackTrace(err);
        }
        long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
        err.println("kbench: out of memory (" + message(error) + ") with a Java heap of at most " + maxMiB + " MiB; give "
                + "it more, e.g. KBENCH_JAVA_OPTS=-Xmx" + Math.max(1, 4 * maxMiB >> 10) + "g ./kbench ..."
                + (verbose ? "" : " (--verbose shows the stack trace)"));
        err.flush();
        return ExitCodes.FAILURE;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException error, String[] args) {
        CommandLine cli = error.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println(prefix(cli) + error.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(error, err);
        err.println("Try '" + cli.getCommandSpec().qualifiedName() + " --help' for usage.");
        err.flush();
        return ExitCodes.INVALID_INPUT;
    }

    private static String prefix(CommandLine cli) {
        return cli.getCommandSpec().qualifiedName() + ": ";
    }

    private static String message(Throwable error) {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            message = error.toString();
        }
        return message;
    }

    private static boolean verbose(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
