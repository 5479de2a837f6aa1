package dev.kbench.cli;

import dev.kbench.api.Driver;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteOptions;
import dev.kbench.cli.suite.SuiteKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kbench run}: the built-in suite or a user kernel on the active (or {@code --backend}) driver. */
@Command(name = "run", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Run the built-in suite or a kernel file on the active (or --backend) driver.", "",
                "The built-in suite is empty, copy, triad, gelu, reduce_sum and sgemm, each checked against a CPU "
                + "reference before it is timed. Repetitions are interleaved in a seeded random order; each is a "
                + "do_bench-style measurement with a cache clear before every timed call and device events around it.",
                "", "Examples:",
                "  kbench run --filter gelu -p n=2^20,2^24 --csv-samples base.csv",
                "  kbench run --kernel saxpy.cl --entry saxpy --grid 4096 --block 256 \\",
                "      --arg i32:2^20 --arg f32:2 --arg buf:f32:2^20:fill=1 --arg buf:f32:2^20 \\",
                "      --bytes 12582912 --flops 2097152", ""},
        footer = {"", "Exit status: 0 all measured; 1 a benchmark failed (its error is in the table); 2 bad input; "
                + "3 no single driver."})
final class RunCommand implements Callable<Integer> {

    @CommandLine.ParentCommand
    private Main main;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private SuiteSelection selection;

    @CommandLine.Mixin
    private MeasureOptions measure;

    @CommandLine.Mixin
    private OutputOptions output;

    @Override
    public Integer call() {
        selection.validate();
        measure.validate();
        output.validate();
        Driver driver = main.driver();
        List<SuiteKernels> kernels = new ArrayList<>();
        try {
            Suite suite = selection.suite(driver.deviceInterface(), kernels::add);
            SuiteOptions options = measure.resolve(SuiteOptions.withDefaults(), driver.deviceInterface().facts());
            return SuiteSession.run(driver, suite, options, output, spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        } finally {
            kernels.forEach(SuiteKernels::close);
        }
    }
}
