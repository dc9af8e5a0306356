package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.statement.ReservedWordNames;

/**
 * {@code reserved-word-name}: a reserved word of Flink's SQL parser used as a name (an alias {@code AS running}, a
 * column {@code value}, {@code timestamp}, {@code views}), which the parser refuses unless it is in back-ticks
 * ({@link ReservedWordNames}: only where the statement parses with the words quoted).
 *
 * <p>Planner symptom (Flink 2.3.0 and 1.20.0, from the parser): {@code SQL parse failed. Encountered "running" at
 * line 1, column 29.} Flink's docs ("Reserved Keywords") list the reserved words and say to quote them with
 * back-ticks to use them as names. The {@code quoted-names} rewrite writes the quoted statement and proves that it
 * plans.
 */
public final class ReservedWordNameRule extends DiagnosisRule {

    public static final String ID = "reserved-word-name";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID, "A reserved word of Flink's SQL parser used as a name without back-ticks (`AS running`, `value`).");

    public ReservedWordNameRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String message, AnalysisContext context) {
        return ReservedWordNames.of(context.statement().text(), message).isPresent();
    }

    @Override
    protected String reason(String message, AnalysisContext context) {
        ReservedWordNames names = ReservedWordNames.of(context.statement().text(), message).orElseThrow();
        boolean one = names.words().stream().map(String::toLowerCase).distinct().count() == 1;
        String list = String.join(", ", names.words().stream().distinct().toList());
        return list + (one ? " is a reserved word" : " are reserved words") + " of Flink's SQL parser, which reads "
                + (one ? "it" : "them") + " only as " + (one ? "a keyword" : "keywords") + ": where the statement uses "
                + (one ? "it" : "them") + " as a name (a column or an alias), the parser refuses the statement.";
    }

    @Override
    protected String fix(String message, AnalysisContext context) {
        ReservedWordNames names = ReservedWordNames.of(context.statement().text(), message).orElseThrow();
        boolean one = names.words().stream().map(String::toLowerCase).distinct().count() == 1;
        return "Quote " + (one ? "it" : "them") + " with back-ticks wherever " + (one ? "it names" : "they name")
                + " a column or an alias: " + names.quotedList() + " (Flink then reads " + (one ? "it" : "them")
                + " as a name, in the case written); or choose another name.";
    }
}
