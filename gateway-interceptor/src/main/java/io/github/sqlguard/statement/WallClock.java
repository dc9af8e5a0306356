package io.github.sqlguard.statement;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flink's built-in functions whose value is the time of the call, not a time the row carries (Flink docs, "System
 * (Built-in) Functions", temporal): {@code CURRENT_TIMESTAMP}, {@code CURRENT_ROW_TIMESTAMP}, {@code LOCALTIMESTAMP},
 * {@code CURRENT_TIME}, {@code LOCALTIME}, {@code CURRENT_DATE}, {@code NOW}, {@code PROCTIME}, and {@code
 * UNIX_TIMESTAMP()} without arguments ("the current Unix timestamp in seconds"; with an argument it converts that
 * argument). Found in a computed column's SQL ({@code ts AS CURRENT_TIMESTAMP}) and in Flink's plan text, which prints
 * each as a call ({@code CURRENT_TIMESTAMP()}). The one list the guard keeps of them.
 *
 * <p>Stateless.
 */
public final class WallClock {

    private static final Pattern FUNCTION = Pattern.compile(
            "(?i)(?<![\\w$`])(CURRENT_TIMESTAMP|CURRENT_ROW_TIMESTAMP|LOCALTIMESTAMP|CURRENT_TIME|LOCALTIME|CURRENT_DATE"
                    + "|NOW|PROCTIME|UNIX_TIMESTAMP(?=\\s*\\(\\s*\\)))(?![\\w$`])");

    private WallClock() {}

    /** The first wall-clock function {@code expression} reads, upper case ({@code NOW}); empty where it reads none. */
    public static Optional<String> in(String expression) {
        Matcher m = FUNCTION.matcher(expression);
        return m.find() ? Optional.of(m.group(1).toUpperCase(Locale.ROOT)) : Optional.empty();
    }
}
