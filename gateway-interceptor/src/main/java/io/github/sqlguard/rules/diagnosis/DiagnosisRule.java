package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.PlannerError;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;
import java.util.Optional;

/**
 * A rule that explains a planner rejection: it recognises Flink's error text (as printed by Flink
 * 2.3.0) and adds the cause in plain words and a rewrite that works. The original planner message
 * is kept as the finding's node. At most one diagnosis is reported per statement; when none
 * matches, {@link PlannerErrorRule} reports the error unchanged.
 *
 * <p>Flink wraps its real reason in outer errors, so the error is read as a {@link PlannerError}
 * and {@link #matches} is asked about every message of its chain, the most specific (the root)
 * first; the first message it accepts is the one {@link #reason} and {@link #fix} are given.
 */
public abstract class DiagnosisRule implements Rule {

    /** The statement fails in Flink anyway, so diagnoses block by default. */
    @Override
    public Level defaultLevel() {
        return Level.BLOCK;
    }

    /**
     * True when {@code plannerError}, one message of the planner error's chain, is this rule's
     * symptom for {@code context}'s statement.
     */
    protected abstract boolean matches(String plannerError, AnalysisContext context);

    /** The cause in plain words. */
    protected abstract String reason(String plannerError, AnalysisContext context);

    /** A rewrite that works. */
    protected abstract String fix(String plannerError, AnalysisContext context);

    @Override
    public final List<RuleHit> check(AnalysisContext context) {
        if (context.plannerError().isEmpty()) {
            return List.of();
        }
        PlannerError error = PlannerError.of(context.plannerError().get());
        Optional<String> symptom = error.find(message -> matches(message, context));
        if (symptom.isEmpty()) {
            return List.of();
        }
        String message = symptom.get();
        return List.of(RuleHit.of(reason(message, context), "Flink: " + error.text(), "", fix(message, context)));
    }
}
