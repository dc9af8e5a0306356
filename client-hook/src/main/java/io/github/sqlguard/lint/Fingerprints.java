package io.github.sqlguard.lint;

import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.statement.SqlText;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The identity of a finding across runs, as SARIF's {@code partialFingerprints} carries it (the key
 * {@value #KEY}): SHA-256 of the rule id, the statement's text without comments and with blanks
 * collapsed, and the finding's index among the same rule's findings on that text in the file. Lines
 * are left out, so a finding keeps its identity when the script above it changes; a finding is new
 * when its statement or its rule is. {@code --baseline} and {@code --since} match findings by their
 * file and this fingerprint.
 */
public final class Fingerprints {

    /** The {@code partialFingerprints} key, and the JSON report's {@code fingerprint}. */
    public static final String KEY = "sqlGuardStatementHash/v1";

    private Fingerprints() {}

    /** The fingerprint of every finding of {@code statements}, by identity (equal findings can repeat). */
    public static Map<LintFinding, String> of(List<LintedStatement> statements) {
        Map<LintFinding, String> out = new IdentityHashMap<>();
        Map<String, Integer> occurrences = new HashMap<>();
        for (LintedStatement s : statements) {
            String statement = normalized(s.text());
            for (LintFinding f : s.findings()) {
                int occurrence = occurrences.merge(s.file() + "\n" + f.ruleId() + "\n" + statement, 1, Integer::sum) - 1;
                out.put(f, Auditor.sha256(f.ruleId() + "\n" + statement + "\n" + occurrence));
            }
        }
        return out;
    }

    /** {@code text} without comments, blanks collapsed to one space. */
    public static String normalized(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int afterComment = SqlText.skipComment(text, i);
            if (afterComment != i) {
                out.append(' ');
                i = afterComment;
                continue;
            }
            int next = SqlText.skipQuotedOrComment(text, i);
            int end = next == i ? i + 1 : next;
            out.append(text, i, end);
            i = end;
        }
        return out.toString().strip().replaceAll("\\s+", " ");
    }
}
