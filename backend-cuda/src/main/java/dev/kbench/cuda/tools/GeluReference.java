package dev.kbench.cuda.tools;

/**
 * The CPU reference for {@code kernels/cuda/gelu.cu}: {@code x * 0.5 * (1 + erf(x / sqrt(2)))} in
 * double precision, with an {@code erf} accurate to about 1e-15 (Java has none). Stateless and
 * thread-safe.
 */
public final class GeluReference {

    private static final double TWO_OVER_SQRT_PI = 1.1283791670955126;
    private static final double ONE_OVER_SQRT_PI = 0.5641895835477563;

    private GeluReference() {
    }

    /**
     * GELU of one value.
     *
     * @param x the input
     * @return {@code x * 0.5 * (1 + erf(x / sqrt(2)))}
     */
    public static double gelu(double x) {
        return x * 0.5 * (1 + erf(x * 0.7071067811865476));
    }

    /**
     * The error function: its Maclaurin series for {@code |x| < 1.5}, else {@code 1 - erfc(|x|)} with
     * the continued fraction of {@code erfc}, with the sign of {@code x}.
     *
     * @param x the argument; NaN gives NaN
     * @return erf(x)
     */
    public static double erf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        double a = Math.abs(x);
        if (a < 1.5) {
            // erf(x) = 2/sqrt(pi) * sum_k (-1)^k x^(2k+1) / (k! (2k+1))
            double x2 = x * x;
            double term = x;
            double sum = x;
            for (int k = 1; k < 200; k++) {
                term *= -x2 / k;
                double add = term / (2 * k + 1);
                sum += add;
                if (Math.abs(add) < 1e-17 * Math.abs(sum)) {
                    break;
                }
            }
            return TWO_OVER_SQRT_PI * sum;
        }
        if (a > 6.5) {
            return Math.copySign(1.0, x);   // erfc(6.5) < 4e-20: 1 in double
        }
        // erfc(a) = exp(-a^2)/sqrt(pi) * 1/(a + (1/2)/(a + 1/(a + (3/2)/(a + 2/(a + ...))))), evaluated bottom-up
        double fraction = a;
        for (int k = 120; k >= 1; k--) {
            fraction = a + (k / 2.0) / fraction;
        }
        double erfc = Math.exp(-a * a) * ONE_OVER_SQRT_PI / fraction;
        return Math.copySign(1.0 - erfc, x);
    }

    /**
     * The largest error of a GPU result against this reference, relative where the reference is larger
     * than 1 in magnitude and absolute below: {@code max |gpu - ref| / max(1, |ref|)}.
     *
     * @param input the inputs
     * @param gpu the kernel's outputs, as long as {@code input}
     * @return the error
     */
    public static double maxError(float[] input, float[] gpu) {
        if (input.length != gpu.length) {
            throw new IllegalArgumentException("input and output lengths differ: " + input.length + " vs " + gpu.length);
        }
        double worst = 0;
        for (int i = 0; i < input.length; i++) {
            double ref = gelu(input[i]);
            double error = Math.abs(gpu[i] - ref) / Math.max(1, Math.abs(ref));
            if (!(error <= worst)) {
                worst = Double.isNaN(error) ? Double.POSITIVE_INFINITY : error;
            }
        }
        return worst;
    }

    /** Tolerance of {@link #maxError}: a few float ulps (erff is within 2 ulp, plus three roundings). */
    public static final double TOLERANCE = 2e-6;
}
