package dev.kbench.cli;

import dev.kbench.api.Driver;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kbench run}: benchmarks on the active driver. */
@Command(name = "run", description = "Run benchmarks on the active (or --backend) driver.")
final class RunCommand implements Callable<Integer> {

    @CommandLine.ParentCommand
    private Main main;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Driver driver = main.driver();
        throw new UnsupportedOperationException("the built-in suite is not available yet in this build; driver '"
                + driver.name() + "' was found and is active");
    }
}
