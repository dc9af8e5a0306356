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

    public Level level() {
        return finding.level();
    }
}
