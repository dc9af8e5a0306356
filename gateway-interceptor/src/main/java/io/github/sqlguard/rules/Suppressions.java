package io.github.sqlguard.rules;

import io.github.sqlguard.statement.SqlText;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Reads inline suppressions: a line comment {@code -- sql-guard:allow <rule-id> <reason>} in the
 * statement. A reason is required; a comment without one suppresses nothing. Only {@code --}
 * comments outside string literals and quoted identifiers count.
 */
public final class Suppressions {

    static final String MARKER = "sql-guard:allow";

    private Suppressions() {}

    /** Rule ids named by well-formed suppression comments in {@code sql}. */
    public static Set<String> allowedRuleIds(String sql) {
        Set<String> ids = new LinkedHashSet<>();
        if (sql == null) {
            return ids;
        }
        int i = 0;
        int n = sql.length();
        while (i < n) {
            if (SqlText.isLineComment(sql, i)) {
                int end = SqlText.skipComment(sql, i);
                parse(sql.substring(i + 2, end).strip(), ids);
                i = end;
            } else {
                int next = SqlText.skipQuotedOrComment(sql, i);
                i = next == i ? i + 1 : next;
            }
        }
        return ids;
    }

    private static void parse(String comment, Set<String> ids) {
        if (!comment.toLowerCase(Locale.ROOT).startsWith(MARKER)) {
            return;
        }
        String[] words = comment.substring(MARKER.length()).strip().split("\\s+", 2);
        if (words.length == 2 && !words[0].isEmpty() && !words[1].isBlank()) {
            ids.add(words[0].toLowerCase(Locale.ROOT));
        }
    }
}
