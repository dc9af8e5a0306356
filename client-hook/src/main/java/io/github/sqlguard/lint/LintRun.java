package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Level;

import java.util.List;

/**
 * Everything one lint run found.
 *
 * @param files the scripts linted, as displayed
 * @param statements every statement's verdict, in file and statement order
 * @param problems inputs that could not be read
 */
public record LintRun(List<String> files, List<LintedStatement> statements, List<LintProblem> problems) {

    public LintRun {
        files = List.copyOf(files);
        statements = List.copyOf(statements);
        problems = List.copyOf(problems);
    }

    /** The number of findings at {@code level}. */
    public long count(Level level) {
        return statements.stream().flatMap(s -> s.findings().stream()).filter(f -> f.level() == level).count();
    }

    /** The statements whose analysis could not run for a missing dependency. */
    public long unanalysed() {
        return statements.stream().filter(s -> s.findings().stream().anyMatch(LintFinding::unanalysed)).count();
    }

    /** True when a finding is at or above {@code threshold} ({@link Level#OFF}: never). */
    public boolean reaches(Level threshold) {
        return threshold != Level.OFF
                && statements.stream().anyMatch(s -> s.level() != Level.OFF && s.level().compareTo(threshold) >= 0);
    }
}
