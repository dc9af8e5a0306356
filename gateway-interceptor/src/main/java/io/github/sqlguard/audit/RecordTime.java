package io.github.sqlguard.audit;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A record's {@code time}: {@link Instant#toString()} (ISO-8601 in UTC, {@code
 * DateTimeFormatter.ISO_INSTANT}: seconds always written, the fraction in groups of three digits
 * as long as it needs, none when zero, e.g. {@code 2026-12-03T17:40:12.044123Z}), without the
 * formatter's work per call: a {@code LocalDateTime}, its {@code toString} and a {@code
 * StringBuilder} that grows, about 1 kB for each of a statement's two records. Years outside 1-9999
 * are left to {@link Instant#toString()}. {@code RecordTimeTest} compares both.
 */
final class RecordTime {

    private RecordTime() {}

    /** {@code 0001-01-01T00:00:00Z} and {@code 10000-01-01T00:00:00Z} in epoch seconds. */
    private static final long FIRST_SECOND_OF_YEAR_1 = -62_135_596_800L;
    private static final long FIRST_SECOND_OF_YEAR_10000 = 253_402_300_800L;

    /** {@code instant.toString()}. */
    static String of(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_SECOND_OF_YEAR_1 || seconds >= FIRST_SECOND_OF_YEAR_10000) {
            return instant.toString();
        }
        int nanos = instant.getNano();
        int secondOfDay = (int) Math.floorMod(seconds, 86_400L);
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, 86_400L));
        int digits = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1000 == 0 ? 6 : 9;
        char[] c = new char[20 + (digits == 0 ? 0 : digits + 1)];
        dateAndTime(c, date, secondOfDay);
        if (digits > 0) {
            c[19] = '.';
            digits(c, 20, digits == 3 ? nanos / 1_000_000 : digits == 6 ? nanos / 1000 : nanos, digits);
        }
        c[c.length - 1] = 'Z';
        return new String(c);
    }

    /** Writes {@code yyyy-MM-ddTHH:mm:ss} of {@code date} (year 1-9999) and {@code secondOfDay} into {@code c}'s first 19 chars. */
    static void dateAndTime(char[] c, LocalDate date, int secondOfDay) {
        digits(c, 0, date.getYear(), 4);
        c[4] = '-';
        digits(c, 5, date.getMonthValue(), 2);
        c[7] = '-';
        digits(c, 8, date.getDayOfMonth(), 2);
        c[10] = 'T';
        digits(c, 11, secondOfDay / 3600, 2);
        c[13] = ':';
        digits(c, 14, secondOfDay / 60 % 60, 2);
        c[16] = ':';
        digits(c, 17, secondOfDay % 60, 2);
    }

    /** Writes {@code value} as {@code width} decimal digits, zero-padded, at {@code at}. */
    static void digits(char[] into, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            into[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
