package io.github.sqlguard.rules;

import java.util.ArrayList;
import java.util.Collections;
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

    /**
     * The highest level among the findings; {@link Level#OFF} when there are none. A loop, not a stream
     * (asked several times of every statement's verdict, most often of none or one finding: a stream's
     * pipeline there was 1.3 % of the guard's CPU samples on a cheap statement,
     * bench/results/2026-12-05-cheap-r54.md).
     */
    public Level level() {
        Level highest = Level.OFF;
        for (Finding finding : findings) {
            if (finding.level().compareTo(highest) > 0) {
                highest = finding.level();
            }
        }
        return highest;
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

    /** Findings at {@code level}, in their order (a loop, as {@link #level()}). */
    public List<Finding> findings(Level level) {
        List<Finding> at = new ArrayList<>();
        for (Finding finding : findings) {
            if (finding.level() == level) {
                at.add(finding);
            }
        }
        return Collections.unmodifiableList(at);
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
