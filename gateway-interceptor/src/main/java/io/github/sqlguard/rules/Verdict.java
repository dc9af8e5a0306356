package io.github.sqlguard.rules;

import java.util.Comparator;
import java.util.List;

/**
 * The guard's decision on one statement: its findings and the highest level among them.
 *
 * @param findings every finding with a level above {@link Level#OFF}, in rule catalog order
 * @param suppressed ids of rules lowered to INFO by a {@code -- sql-guard:allow} comment
 * @param fallbacks ids of the rules among {@code findings} whose role is {@link RuleRole#FALLBACK}:
 *     Flink's rejection passed through because no diagnosis explains it
 */
public record Verdict(List<Finding> findings, List<String> suppressed, List<String> fallbacks) {

    public Verdict {
        findings = List.copyOf(findings);
        suppressed = List.copyOf(suppressed);
        fallbacks = List.copyOf(fallbacks);
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

    /**
     * True when the statement is blocked and every BLOCK finding is a fallback's: Flink rejects the
     * statement for an ordinary reason that no diagnosis explains.
     */
    public boolean blockedOnlyByFallback() {
        List<Finding> blocking = findings(Level.BLOCK);
        return !blocking.isEmpty() && blocking.stream().allMatch(f -> fallbacks.contains(f.ruleId()));
    }
}
