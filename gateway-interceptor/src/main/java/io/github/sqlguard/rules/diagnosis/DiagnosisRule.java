package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A rule that explains a planner rejection: it recognises Flink's error (as Flink 2.3.0 words it)
 * and adds the cause in plain words and a rewrite that works. The original planner message is kept
 * as the finding's node. When no diagnosis matches, the {@link
 * io.github.sqlguard.rules.RuleRole#FALLBACK fallback} ({@link PlannerErrorRule}) reports the error
 * unchanged.
 *
 * <p>Flink wraps its real reason in outer errors; the guard reads the error once into a {@link
 * PlannerError} ({@link AnalysisContext#plannerError()}), and {@link #matches} is asked about every
 * message of its chain, the most specific (the root) first; the first message it accepts is the
 * one {@link #reason} and {@link #fix} are given.
 */
public abstract class DiagnosisRule implements Rule {

    private final RuleDeclaration declaration;

    /** @param declaration the subclass's own constant ({@link RuleDeclaration#diagnosis}) */
    protected DiagnosisRule(RuleDeclaration declaration) {
        this.declaration = Objects.requireNonNull(declaration);
    }

    @Override
    public final RuleDeclaration declaration() {
        return declaration;
    }

    /**
     * True when {@code message}, one message of the planner error's chain, is this rule's symptom
     * for {@code context}'s statement.
     */
    protected abstract boolean matches(String message, AnalysisContext context);

    /** The cause in plain words. */
    protected abstract String reason(String message, AnalysisContext context);

    /** A rewrite that works. */
    protected abstract String fix(String message, AnalysisContext context);

    /** What the symptom establishes as values, for the rewrites that answer it; none by default. */
    protected Facts facts(String message, AnalysisContext context) {
        return Facts.NONE;
    }

    @Override
    public final List<RuleHit> check(AnalysisContext context) {
        if (context.plannerError().isEmpty()) {
            return List.of();
        }
        PlannerError error = context.plannerError().get();
        Optional<String> symptom = error.find(message -> matches(message, context));
        if (symptom.isEmpty()) {
            return List.of();
        }
        String message = symptom.get();
        return List.of(RuleHit.of(reason(message, context), "Flink: " + error.text(), "", fix(message, context))
                .with(facts(message, context)));
    }
}
