package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.UnquotedSetAfterCommentRule;
import io.github.sqlguard.statement.CommentedSet;
import io.github.sqlguard.statement.SqlText;
import io.github.sqlguard.statement.StatementKind;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code quoted-set}, for {@code unquoted-set-after-comment}: the {@code SET} or {@code RESET} with its
 * key (and value) quoted, which Flink's SQL parser reads with comments around it ({@code SqlSet},
 * {@code SqlReset}); the comments before the statement stay where they were, a comment inside it
 * goes (the quoted form is written anew).
 */
final class QuotedSet implements RewriteFamily {

    static final String ID = "quoted-set";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(UnquotedSetAfterCommentRule.ID),
            List.of(),
            "the `SET` or `RESET` with its key and value quoted, which Flink's parser reads after a comment");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        String text = context.text();
        Optional<CommentedSet> set = CommentedSet.of(text);
        if (set.isEmpty()) {
            return List.of();
        }
        String head = text.substring(0, firstToken(text));
        String body = text.substring(head.length());
        boolean inside = SqlText.withoutComments(body).strip().length() != body.strip().length();
        String rewritten = head + set.get().quoted();
        String word = set.get().kind() == StatementKind.SET ? "set" : "reset";
        return List.of(new Candidate(
                ID, context.answering(finding), List.of(), rewritten, rewritten, Map.of(), List.of(), Intent.NO_PLAN,
                Columns.SAME,
                "'" + set.get().key() + "' is " + word + " as the unquoted statement meant; Flink refused it before"
                        + (inside ? "; the comment inside the statement goes" : ""),
                "", Optional.empty()));
    }

    /** The offset of the statement's first token: after its leading comments and blanks. */
    private static int firstToken(String text) {
        int i = 0;
        while (i < text.length()) {
            int next = SqlText.skipComment(text, i);
            if (next != i) {
                i = next;
            } else if (Character.isWhitespace(text.charAt(i))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
