package dev.kbench.cuda;

/**
 * Prints the launch path a fresh JVM chooses for {@code -Dkbench.cuda.launch} (unset: FFM when it can be
 * set up). {@link LaunchPathTest} runs it with and without native access for the backend.
 */
public final class LaunchModeProbe {

    private LaunchModeProbe() {
    }

    /**
     * Prints {@link LaunchMode#description()}.
     *
     * @param args none
     */
    public static void main(String[] args) {
        System.out.println(LaunchMode.select(System.getProperty(LaunchMode.PROPERTY)).description());
    }
}
