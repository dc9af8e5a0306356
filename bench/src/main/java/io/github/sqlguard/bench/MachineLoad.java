package io.github.sqlguard.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The machine's state when a table was measured: its core count and the 1/5/15-minute load averages
 * of {@code /proc/loadavg}. A load above the core count means other work competed for the CPU and
 * the numbers next to it are not those of a quiet machine.
 *
 * @param cores the processors available to this JVM
 * @param one the 1-minute load average, NaN when /proc/loadavg cannot be read
 * @param five the 5-minute load average
 * @param fifteen the 15-minute load average
 */
public record MachineLoad(int cores, double one, double five, double fifteen) {

    /** Reads the load of this machine now. */
    public static MachineLoad now() {
        int cores = Runtime.getRuntime().availableProcessors();
        try {
            double[] load = parse(Files.readString(Path.of("/proc/loadavg")));
            return new MachineLoad(cores, load[0], load[1], load[2]);
        } catch (IOException | RuntimeException e) {
            return new MachineLoad(cores, Double.NaN, Double.NaN, Double.NaN);
        }
    }

    /** The three load averages of a /proc/loadavg line ({@code "0.52 0.58 0.59 1/467 12345"}). */
    static double[] parse(String procLoadavg) {
        String[] parts = procLoadavg.strip().split("\\s+");
        if (parts.length < 3) {
            throw new IllegalArgumentException("not a /proc/loadavg line: " + procLoadavg);
        }
        return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2])};
    }

    /** {@code "0.52 0.58 0.59"}, or {@code "unknown"}. */
    public String averages() {
        return Double.isNaN(one) ? "unknown" : String.format(Locale.ROOT, "%.2f %.2f %.2f", one, five, fifteen);
    }

    /** {@code "2 cores, load 0.52 0.58 0.59"}. */
    @Override
    public String toString() {
        return cores + (cores == 1 ? " core" : " cores") + ", load " + averages();
    }

    /** {@code "2 cores, load 0.52 0.58 0.59 -> 3.10 1.02 0.71"}: the load before and after a measurement. */
    public static String span(MachineLoad before, MachineLoad after) {
        return before + " -> " + after.averages();
    }
}
