package dev.kbench.opencl.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import dev.kbench.api.Dim3;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;

/**
 * The GELU kernel of {@code kernels/opencl/gelu.cl} (packaged as a resource beside this class), its
 * deterministic inputs and its double-precision reference. Shared by the tests and {@link GeluSweep}.
 */
public final class Gelu {

    /** The kernel's entry point. */
    public static final String ENTRY = "gelu_forward";
    /** Inputs are spread uniformly over [-RANGE, RANGE]. */
    public static final double RANGE = 6.0;

    private Gelu() {
    }

    /**
     * The kernel source, from the resource {@code dev/kbench/opencl/tools/gelu.cl}.
     *
     * @return the OpenCL C source
     */
    public static KernelSource source() {
        try (InputStream in = Gelu.class.getResourceAsStream("gelu.cl")) {
            if (in == null) {
                throw new IllegalStateException("gelu.cl is missing beside " + Gelu.class.getName()
                        + "; backend-opencl/pom.xml copies it from kernels/opencl");
            }
            return KernelSource.ofText(SourceKind.OPENCL_C, new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    "kernels/opencl/gelu.cl");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read gelu.cl: " + e.getMessage(), e);
        }
    }

    /**
     * The launch grid for {@code n} elements: enough work-groups of {@code block} to cover them.
     *
     * @param n elements
     * @param block work-group size
     * @return {@code ceil(n / block)} work-groups
     */
    public static Dim3 grid(long n, int block) {
        return Dim3.of((n + block - 1) / block);
    }

    /**
     * Bytes one call moves: reads {@code n} floats, writes {@code n} floats.
     *
     * @param n elements
     * @return {@code 8 n}
     */
    public static long bytesMoved(long n) {
        return 8 * n;
    }

    /**
     * The {@code i}-th input: a hash of {@code i} spread uniformly over [-6, 6].
     *
     * @param i the index
     * @return the input value
     */
    public static float input(long i) {
        long z = i * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        double unit = (z >>> 40) / (double) (1L << 24);
        return (float) ((unit * 2 - 1) * RANGE);
    }

    /**
     * Fills host memory with the inputs {@code input(0) .. input(n-1)}.
     *
     * @param target at least {@code 4 n} bytes
     * @param n elements
     */
    public static void fillInputs(MemorySegment target, long n) {
        for (long i = 0; i < n; i++) {
            target.setAtIndex(ValueLayout.JAVA_FLOAT, i, input(i));
        }
    }

    /**
     * GELU in double precision: {@code x * 0.5 * (1 + erf(x / sqrt 2))}.
     *
     * @param x the input
     * @return the exact value, to about 1e-15 relative
     */
    public static double reference(double x) {
        return x * 0.5 * (1 + erf(x / Math.sqrt(2)));
    }

    /**
     * How far the device's float result may be from {@link #reference(double)}. OpenCL allows {@code erf} an
     * error of 16 ulp in float; an error {@code e} of erf moves the result by {@code 0.5 |x| e}, and
     * 16 ulp of values below 1 is below 1e-6, hence {@code 1e-6 |x|}, plus 4 ulp of the result for the
     * multiplications and the rounding of the argument.
     *
     * @param x the input
     * @param reference the exact result
     * @return the allowed absolute error
     */
    public static double tolerance(float x, double reference) {
        return 1e-6 * Math.abs(x) + 4 * Math.ulp((float) Math.abs(reference)) + Float.MIN_NORMAL;
    }

    /**
     * The error function in double precision, from the everywhere-convergent series
     * {@code erf(x) = 2/sqrt(pi) exp(-x^2) sum_n 2^n x^(2n+1) / (1 * 3 * ... * (2n+1))}, whose terms are all
     * positive (no cancellation); {@code erf(x) = sign(x)} to double precision for {@code |x| > 6}.
     *
     * @param x the argument
     * @return erf(x), to about 1e-15 relative
     */
    public static double erf(double x) {
        double a = Math.abs(x);
        if (a == 0 || Double.isNaN(x)) {
            return x;
        }
        if (a > 6) {
            return Math.signum(x);
        }
        double term = a;
        double sum = a;
        double x2 = a * a;
        for (int n = 1; n < 500; n++) {
            term *= 2 * x2 / (2 * n + 1);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        double value = 2 / Math.sqrt(Math.PI) * Math.exp(-x2) * sum;
        return Math.copySign(Math.min(value, 1.0), x);
    }
}
