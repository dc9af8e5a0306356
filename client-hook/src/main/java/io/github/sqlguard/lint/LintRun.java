package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Level;

import java.util.List;
import java.util.Optional;

/**
 * Everything one lint run found.
 *
 * @param files the scripts linted, as displayed
 * @param statements every statement's verdict, in file and statement order
 * @param problems inputs that could not be read
 * @param baseline with {@code --baseline} or {@code --since}: each finding against the baseline
 */
public record LintRun(
        List<String> files, List<LintedStatement> statements, List<LintProblem> problems,
        Optional<BaselineComparison> baseline) {

    public LintRun {
        files = List.copyOf(files);
        statements = List.copyOf(statements);
        problems = List.copyOf(problems);
    }

    /** A run without a baseline. */
    public LintRun(List<String> files, List<LintedStatement> statements, List<LintProblem> problems) {
        this(files, statements, problems, Optional.empty());
    }

    /** This run compared with a baseline. */
    public LintRun against(BaselineComparison comparison) {
        return new LintRun(files, statements, problems, Optional.of(comparison));
    }

    /** The number of findings at {@code level}. */
    public long count(Level level) {
        return statements.stream().flatMap(s -> s.findings().stream()).filter(f -> f.level() == level).count();
    }

    /** The statements whose analysis could not run for a missing dependency. */
    public long unanalysed() {
        return statements.stream().filter(s -> s.findings().stream().anyMatch(LintFinding::unanalysed)).count();
    }

    /** Whether {@code finding} fails the run: every finding, or with a baseline only a new one. */
    public boolean counts(LintFinding finding) {
        return baseline.map(b -> b.isNew(finding)).orElse(true);
    }

    /**
     * True when a finding that {@link #counts} is at or above {@code threshold} ({@link Level#OFF}:
     * never).
     */
    public boolean reaches(Level threshold) {
        return threshold != Level.OFF
                && statements.stream().flatMap(s -> s.findings().stream())
                        .anyMatch(f -> counts(f) && f.level() != Level.OFF && f.level().compareTo(threshold) >= 0);
    }
}
