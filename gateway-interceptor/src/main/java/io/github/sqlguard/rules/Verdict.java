package io.github.sqlguard.rules;

import java.util.Comparator;
import java.util.List;

/**
 * The guard's decision on one statement: its findings and the highest level among them.
 *
 * @param findings every finding with a level above {@link Level#OFF}, in rule catalog order
 * @param suppressed ids of rules lowered to INFO by a {@code -- sql-guard:allow} comment
 */
public record Verdict(List<Finding> findings, List<String> suppressed) {

    public Verdict {
        findings = List.copyOf(findings);
        suppressed = List.copyOf(suppressed);
    }

    /** No findings. */
    public static Verdict ok() {
        return new Verdict(List.of(), List.of());
    }

    /** The highest level among the findings; {@link Level#OFF} when there are none. */
    public Level level() {
        return findings.stream().map(Finding::level).max(Comparator.naturalOrder()).orElse(Level.OFF);
    }

    /** {@code OK}, {@code INFO}, {@code WARN} or {@code BLOCK}. */
    public String label() {
        Level level = level();
        return level == Level.OFF ? "OK" : level.name();
    }

    /** True when the statement must not run. */
    public boolean blocked() {
        return level() == Level.BLOCK;
    }

    /** Findings at {@code level}. */
    public List<Finding> findings(Level level) {
        return findings.stream().filter(f -> f.level() == level).toList();
    }
}
