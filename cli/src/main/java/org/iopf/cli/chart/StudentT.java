package org.iopf.cli.chart;

/**
 * The 97.5% quantile of Student's t distribution, for two-sided 95% confidence intervals of a mean.
 *
 * <p>For 1 to 30 degrees of freedom the values are tabled to four decimals (the table of critical
 * values of the t distribution, NIST/SEMATECH e-Handbook of Statistical Methods §1.3.6.7.2, gives
 * them to three; these agree with SciPy's {@code t.ppf(0.975, df)}). Beyond 30 the Cornish-Fisher
 * expansion of Abramowitz and Stegun, Handbook of Mathematical Functions, 26.7.5, to its fourth
 * term, is within 10<sup>-6</sup> of the exact value.
 *
 * @since 0.1
 */
public final class StudentT {
    /** The 97.5% quantile of the standard normal distribution. */
    static final double Z_975 = 1.959963984540054;

    private static final double[] TABLE = {
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
        2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
    };

    private StudentT() {
    }

    /**
     * The 97.5% quantile of Student's t with {@code degreesOfFreedom} degrees of freedom.
     *
     * @param degreesOfFreedom {@code >= 1}
     * @return the quantile, {@code > 1.96}
     */
    public static double quantile975(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1: " + degreesOfFreedom);
        }
        if (degreesOfFreedom <= TABLE.length) {
            return TABLE[degreesOfFreedom - 1];
        }
        double z = Z_975;
        double v = degreesOfFreedom;
        double z2 = z * z;
        double g1 = (z2 + 1) * z / 4;
        double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
        double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
        double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
        return z + (g1 + (g2 + (g3 + g4 / v) / v) / v) / v;
    }
}
