package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;

/**
 * One finding of lint, where it is in the script.
 *
 * @param line 1-based line in the file: of the statement, or of what the finding is about when
 *     known (the parser's error position, a hint, a table option; see {@link Locations})
 * @param column 1-based column in the file
 * @param finding what the guard found
 */
public record LintFinding(int line, int column, Finding finding) {

    public String ruleId() {
        return finding.ruleId();
    }

    /** The level; {@link Level#OFF} for a statement that could not be analysed ({@link #unanalysed()}). */
    public Level level() {
        return finding.level();
    }

    /** True when this is not a finding on the SQL but the analysis that could not run ({@value MissingDependency#ID}). */
    public boolean unanalysed() {
        return finding.ruleId().equals(MissingDependency.ID);
    }

    /** {@code BLOCK}, {@code WARN}, {@code INFO}, or {@code UNANALYSED}. */
    public String label() {
        return unanalysed() ? "UNANALYSED" : finding.level().name();
    }
}
