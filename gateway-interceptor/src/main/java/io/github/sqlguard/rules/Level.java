package io.github.sqlguard.rules;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * How much a finding matters. Ordered: {@code OFF < INFO < WARN < BLOCK}. A statement's verdict is
 * the highest level among its findings; {@code BLOCK} refuses the statement.
 */
public enum Level {
    /** The rule is switched off: its findings are dropped. */
    OFF,
    /** Advice only. */
    INFO,
    /** The statement runs; the caller is warned. */
    WARN,
    /** The statement is refused before it runs. */
    BLOCK;

    /**
     * {@code "1 blocking finding, 2 warnings and 1 advisory"}: {@code levels} counted by level, highest first, in the
     * words lint's summary uses (a WARN finding is a warning, an INFO finding an advisory); empty for none.
     */
    public static String counted(Collection<Level> levels) {
        List<String> counts = new ArrayList<>();
        for (Level level : List.of(BLOCK, WARN, INFO)) {
            long n = levels.stream().filter(level::equals).count();
            if (n > 0) {
                counts.add(n + " " + switch (level) {
                    case BLOCK -> n == 1 ? "blocking finding" : "blocking findings";
                    case WARN -> n == 1 ? "warning" : "warnings";
                    default -> n == 1 ? "advisory" : "advisories";
                });
            }
        }
        if (counts.size() < 2) {
            return String.join("", counts);
        }
        return String.join(", ", counts.subList(0, counts.size() - 1)) + " and " + counts.get(counts.size() - 1);
    }

    /** The lower of two levels. */
    public Level atMost(Level cap) {
        return compareTo(cap) <= 0 ? this : cap;
    }
}
