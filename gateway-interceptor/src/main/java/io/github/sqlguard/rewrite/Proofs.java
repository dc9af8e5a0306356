package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Prover.Proof;
import io.github.sqlguard.rewrite.Prover.Proven;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The proofs {@link Rewriter} made for one statement's findings. A proof is of one finding: it checks that this
 * finding's operator is gone or has the intended TTL ({@link Intent}, {@link Prover}), so the same SQL written for
 * another finding is proven for that one (a hint on an aggregation's view proves nothing of the join below it, case
 * 712); the same candidate written again for the same finding reuses its proof. Of a rule's proven candidates with the
 * same SQL, the first is the one shown: its statements and {@code changes:} line, which the text shows once and names
 * again under a later finding.
 */
final class Proofs {

    /** What a proof is of: the finding (rule, plan node, intent) and the candidate's statements and configuration. */
    private record Of(AnsweredFinding finding, Intent intent, String sql, String planned,
            Map<String, String> config) {

        Of(Candidate candidate) {
            this(candidate.answers(), candidate.intent(), candidate.sql(), candidate.planned(),
                    candidate.config());
        }
    }

    /** A rule's rewrite as shown: its statements. */
    private record Shown(String ruleId, String sql) {}

    private final Map<Of, Proof> made = new HashMap<>();
    private final Map<Shown, Proven> shown = new HashMap<>();

    /**
     * The proof of {@code candidate} for its finding, {@code prover}'s (asked once per finding and SQL); a proven one
     * as first shown for its rule and SQL.
     */
    Proof of(Candidate candidate, Function<Candidate, Proof> prover) {
        Proof proof = made.computeIfAbsent(new Of(candidate), of -> prover.apply(candidate));
        return proof instanceof Proven proven
                ? shown.computeIfAbsent(new Shown(candidate.ruleId(), candidate.sql()), s -> proven)
                : proof;
    }
}
