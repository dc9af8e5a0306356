package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.ReservedWordNameRule;
import io.github.sqlguard.statement.ReservedWordNames;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code quoted-names}, for {@code reserved-word-name}: the statement with each reserved word it uses as a name in
 * back-ticks, where Flink's parser stopped at it ({@link ReservedWordNames}); the rest of the text as written. The
 * statement's own text is read again by Flink's parser, not the finding's message.
 */
final class QuotedNames implements RewriteFamily {

    static final String ID = "quoted-names";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(ReservedWordNameRule.ID),
            List.of(),
            "each reserved word the statement uses as a name, written in back-ticks, which Flink's parser then reads as"
                    + " a name");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        Optional<ReservedWordNames> names = ReservedWordNames.of(context.text());
        if (names.isEmpty()) {
            return List.of();
        }
        String rewritten = names.get().text();
        return List.of(new Candidate(
                ID, context.answering(finding), List.of(), rewritten, rewritten, Map.of(), List.of(), Intent.PLANS,
                Columns.SAME,
                names.get().quotedList() + " in back-ticks, read as the names the statement meant; Flink refused the"
                        + " statement before",
                "", Optional.empty()));
    }
}
