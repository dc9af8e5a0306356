package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Level;

import java.util.List;

/**
 * The guard's verdict on one statement of a script.
 *
 * @param file the script, as given on the command line
 * @param line 1-based line of the statement's first code character
 * @param column 1-based column of that character
 * @param text the statement as written (leading comments kept, no terminating {@code ;})
 * @param kind the statement kind, e.g. {@code QUERY}
 * @param verdict {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK} or {@code UNANALYSED}
 * @param findings the findings, BLOCK first
 * @param applied whether the statement took effect in the lint session (DDL, SET, ...)
 */
public record LintedStatement(
        String file, int line, int column, String text, String kind, String verdict, List<LintFinding> findings, boolean applied) {

    public LintedStatement {
        findings = List.copyOf(findings);
    }

    /** The highest level among the findings, {@link Level#OFF} when there are none. */
    public Level level() {
        return findings.stream().map(LintFinding::level).max(Level::compareTo).orElse(Level.OFF);
    }
}
