package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.ArrayList;
import java.util.List;

/**
 * A state TTL value written by the call under analysis: a {@code table.exec.state.ttl} change (SET,
 * session property, per-statement config) or a {@code STATE_TTL} hint value. The TTL rules read
 * these and nothing else.
 *
 * @param value the value as written
 * @param where how it reads in the statement, for the finding's node
 * @param hint true for a {@code STATE_TTL} hint value
 * @param hintKey the table or alias the hint names (hints only)
 */
record WrittenTtl(String value, String where, boolean hint, String hintKey) {

    /** Every state TTL value {@code context}'s call writes, changes first, then hints. */
    static List<WrittenTtl> of(AnalysisContext context) {
        List<WrittenTtl> values = new ArrayList<>();
        for (ConfigChange change : context.changes()) {
            if (StateTtl.KEY.equals(change.key())) {
                values.add(new WrittenTtl(change.value(), change.asSql(), false, null));
            }
        }
        for (SqlOption hint : context.statement().stateTtlHints()) {
            values.add(
                    new WrittenTtl(
                            hint.value(),
                            "STATE_TTL('" + hint.key() + "' = '" + hint.value() + "') at line " + hint.line(),
                            true,
                            hint.key()));
        }
        return values;
    }

    /** How the fix writes this value with {@code newValue} in its place. */
    String rewrite(String newValue) {
        return hint
                ? "/*+ STATE_TTL('" + hintKey + "' = " + newValue + ") */"
                : "SET '" + StateTtl.KEY + "' = " + newValue;
    }
}
