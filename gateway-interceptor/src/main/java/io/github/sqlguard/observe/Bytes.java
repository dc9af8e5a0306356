package io.github.sqlguard.observe;

import java.util.Locale;

/** Sizes and durations as people read them in messages: {@code 1.2 MB}, {@code 6 h}. */
final class Bytes {

    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB", "PB"};

    private Bytes() {}

    /** {@code bytes} in the largest 1024-based unit that keeps a number of at least 1, one decimal. */
    static String human(long bytes) {
        double value = bytes;
        int unit = 0;
        while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }

    /** {@code ms} in the largest whole unit: {@code 45 s}, {@code 12 min}, {@code 6 h}, {@code 3 d}. */
    static String duration(long ms) {
        long s = ms / 1000;
        if (s < 120) {
            return s + " s";
        }
        if (s < 2 * 3600) {
            return s / 60 + " min";
        }
        if (s < 2 * 86400) {
            return s / 3600 + " h";
        }
        return s / 86400 + " d";
    }
}
