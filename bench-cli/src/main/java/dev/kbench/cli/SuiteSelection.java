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

import dev.kbench.api.Device;
import dev.kbench.api.Dim3;
import dev.kbench.api.Drivers;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Suite;
import dev.kbench.cli.suite.ArgSpec;
import dev.kbench.cli.suite.BuiltinSuite;
import dev.kbench.cli.suite.SuiteKernels;
import dev.kbench.cli.suite.UserKernel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * Which benchmarks {@code run} measures: the built-in suite (filtered, with parameter overrides) or a
 * user kernel given on the command line.
 */
final class SuiteSelection {

    @Option(names = "--filter", paramLabel = "NAME", split = ",",
            description = "Run only benchmarks whose name contains one of these, e.g. --filter gelu,copy.")
    List<String> filters = List.of();

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUES",
            description = "Override a parameter's values, e.g. -p n=2^20,2^24 or -p size=512,1024 (built-in suite: "
                    + "n = " + BuiltinSuite.DEFAULT_N + ", size = " + BuiltinSuite.DEFAULT_SIZE + "); a name given "
                    + "twice takes the values of both (-p n=2^12 -p n=2^13 is -p n=2^12,2^13).")
    List<String> paramArgs = new ArrayList<>();

    /**
     * The {@code -p} overrides by parameter name, the values of a name given twice joined.
     *
     * @return name to comma-separated values, in the order first given
     * @throws UsageException naming the value that is not {@code NAME=VALUES}
     */
    Map<String, String> params() {
        Map<String, String> params = new LinkedHashMap<>();
        for (String arg : paramArgs) {
            int eq = arg.indexOf('=');
            if (eq <= 0 || eq == arg.length() - 1) {
                throw new UsageException("-p '" + arg + "' is not NAME=VALUES; e.g. -p n=2^20,2^24");
            }
            params.merge(arg.substring(0, eq).strip(), arg.substring(eq + 1), (a, b) -> a + "," + b);
        }
        return params;
    }

    @Option(names = "--suite-source", paramLabel = "KIND",
            description = "Load the built-in suite from this kind of code, by name or extension (the suite ships cl, ptx and spv; default: the first the device accepts).")
    String suiteSource;

    @Option(names = "--suite-dir", paramLabel = "DIR",
            description = "Load the built-in suite's kernels from DIR/suite.cl, suite.ptx or suite.spv (e.g. another "
                    + "build of kernels/suite) instead of the shipped ones.")
    Path suiteDirectory;

    @Option(names = "--kernel", paramLabel = "FILE",
            description = "Benchmark a kernel from FILE (.ptx, .cubin, .fatbin, .cl, .spv) instead of the built-in suite.")
    Path kernel;

    @Option(names = "--entry", paramLabel = "NAME", description = "The kernel's name in --kernel FILE.")
    String entry;

    @Option(names = "--name", paramLabel = "NAME", description = "The benchmark's name in results (default: the entry).")
    String name;

    @Option(names = "--grid", paramLabel = "X[,Y,Z]", description = "Work-groups (CUDA blocks) per dimension.")
    String grid;

    @Option(names = "--block", paramLabel = "X[,Y,Z]", description = "Work-group size (CUDA threads per block).")
    String block;

    @Option(names = "--arg", paramLabel = "SPEC",
            description = "A kernel argument, in order: buf:TYPE:N[:fill=V|:fill=random] (TYPE f32, f64, i32, i64, u8), "
                    + "i32:V, i64:V, f32:V, f64:V or local:BYTES.")
    List<String> args = List.of();

    @Option(names = "--build-options", paramLabel = "OPTS", description = "Compiler options for --kernel (e.g. -cl-fast-relaxed-math).")
    String buildOptions;

    @Option(names = "--bytes", paramLabel = "N", description = "Bytes one call of --kernel moves, for GB/s (2^k accepted).")
    String bytes;

    @Option(names = "--flops", paramLabel = "N", description = "Floating-point operations of one call of --kernel, for TFLOP/s.")
    String flops;

    /** The files read, by what they are, for the outputs' check that none is overwritten. */
    Map<String, Path> inputs() {
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("the --kernel file", kernel);
        return inputs;
    }

    /** Whether a user kernel was given. */
    boolean userKernel() {
        return kernel != null;
    }

    /**
     * Checks everything that does not need a device, so bad input fails before a driver is looked up.
     *
     * @throws UsageException on the first problem
     */
    void validate() {
        if (userKernel()) {
            if (!filters.isEmpty() || !paramArgs.isEmpty() || suiteSource != null || suiteDirectory != null) {
                throw new UsageException("--filter, -p, --suite-source and --suite-dir select from the built-in suite; "
                        + "they cannot be combined with --kernel");
            }
            userKernelSpec();
        } else {
            if (entry != null || name != null || grid != null || block != null || !args.isEmpty() || bytes != null
                    || flops != null || buildOptions != null) {
                throw new UsageException("--entry, --name, --grid, --block, --arg, --bytes, --flops and "
                        + "--build-options describe a user kernel and need --kernel FILE");
            }
            params();
            suiteSourceKind();
            if (suiteDirectory != null && !Files.isDirectory(suiteDirectory)) {
                throw new UsageException("suite directory '" + suiteDirectory + "' does not exist or is not a directory");
            }
            builtin(null, OptionalLong.empty());
        }
    }

    /**
     * The benchmarks to run on a device.
     *
     * @param device the device
     * @param kernels receives the built-in suite's kernels, for the caller to close; unused for a user kernel
     * @param inputsNow whether a user kernel's buffer values, or the built-in suite's module and random inputs,
     *        are made now (a run about to measure, which may wait for its turn first), not when a workload is
     *        set up (a listing)
     * @return the suite
     */
    Suite suite(Device device, Consumer<SuiteKernels> kernels, boolean inputsNow) {
        if (userKernel()) {
            UserKernel spec = userKernelSpec();
            SourceKind kind = spec.source().kind();
            if (!device.acceptedSources().contains(kind)) {
                throw new UsageException("'" + kernel + "' is " + kind + " but the device accepts "
                        + device.acceptedSources() + "; choose another --backend or kernel file");
            }
            return Suite.of(inputsNow ? spec.benchmarkWithInputsMade() : spec.benchmark());
        }
        SuiteKernels loaded = SuiteKernels.forDevice(device, suiteSourceKind(), Optional.ofNullable(suiteDirectory));
        kernels.accept(loaded);
        Suite suite = builtin(loaded, device.facts().totalMemoryBytes());
        if (inputsNow) {
            BuiltinSuite.prepare(loaded, suite);
        }
        return suite;
    }

    private Suite builtin(SuiteKernels kernels, OptionalLong memory) {
        Suite builtin = BuiltinSuite.create(kernels, memory);
        Suite filtered = UsageException.option("--filter", builtin::filter, filters);
        return UsageException.option("-p", filtered::withOverrides, params());
    }

    private Optional<SourceKind> suiteSourceKind() {
        return suiteSource == null ? Optional.empty() : Optional.of(SuiteKernels.parseKind(suiteSource, Drivers.system().sourceKinds()));
    }

    private UserKernel userKernelSpec() {
        if (entry == null || grid == null || block == null) {
            throw new UsageException("--kernel needs --entry NAME, --grid X[,Y,Z] and --block X[,Y,Z]");
        }
        if (!Files.isRegularFile(kernel)) {
            throw new UsageException("kernel file '" + kernel + "' does not exist or is not a file");
        }
        KernelSource source = KernelSource.of(kernel);
        if (buildOptions != null) {
            source = source.withBuildOptions(buildOptions);
        }
        List<ArgSpec> parsed = UserKernel.parseArgs(args);
        UserKernel spec = new UserKernel(source, entry, name == null ? entry : name, dim("--grid", grid),
                dim("--block", block), parsed, count("--bytes", bytes), count("--flops", flops));
        // the benchmark's name is the entry's unless --name gives one: the benchmark's own rule checks it
        UsageException.option(name == null ? "--entry" : "--name", spec::benchmark);
        return spec;
    }

    private static Dim3 dim(String option, String text) {
        try {
            return Dim3.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " " + e.getMessage(), e);
        }
    }

    private static OptionalLong count(String option, String text) {
        if (text == null) {
            return OptionalLong.empty();
        }
        try {
            long value = ArgSpec.parseLong(text);
            if (value < 0) {
                throw new IllegalArgumentException("negative");
            }
            return OptionalLong.of(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " '" + text + "' is not a count >= 0 (2^k accepted)", e);
        }
    }
}
