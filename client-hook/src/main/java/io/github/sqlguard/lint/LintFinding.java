package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;

/**
 * One finding of lint, where it is in the script.
 *
 * @param line 1-based line (the statement's, or the parser error's)
 * @param column 1-based column
 * @param finding what the guard found
 */
public record LintFinding(int line, int column, Finding finding) {

    public String ruleId() {
        return finding.ruleId();
    }

    public Level level() {
        return finding.level();
    }
}
