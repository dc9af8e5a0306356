package io.github.sqlguard.rules;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The platform limits' ({@link RuleRole#LIMIT}) verdict on a statement before it is planned ({@link
 * RuleEngine#evaluateLimits}), with each limit's hits and the context they were found in, so that the
 * evaluation of every rule on the same statement ({@link RuleEngine#evaluate(AnalysisContext, LimitsVerdict)})
 * takes a limit's hits from here instead of running it again when its context is equal: the same statement,
 * configuration and options, and no plan or restore (after planning a limit also reads the tables of the
 * compiled plan and a savepoint's state files). A rule's hits are a function of its context (a rule keeps no
 * state that changes what it finds), so equal contexts give equal hits: each limit runs once for a statement the
 * guard does not plan ({@code SET}, {@code RESET}, DDL, {@code SHOW}), and again over the plan of one it plans.
 * Immutable.
 *
 * @param verdict the limits' verdict
 * @param context the context the limits judged
 * @param hits each limit's hits by rule id, for every limit that ran (a limit configured {@link Level#OFF}
 *     did not)
 */
public record LimitsVerdict(Verdict verdict, Optional<AnalysisContext> context, Map<String, List<RuleHit>> hits) {

    /** No limit's hits are known: every rule runs. */
    public static final LimitsVerdict NONE =
            new LimitsVerdict(new Verdict(List.of(), List.of(), List.of()), Optional.empty(), Map.of());

    public LimitsVerdict {
        hits = Map.copyOf(hits);
    }

    /**
     * The hits the limits found in a context equal to {@code context} (then each limit that ran has its hits
     * here), or empty: every limit runs on {@code context}.
     */
    Optional<Map<String, List<RuleHit>>> reusableIn(AnalysisContext context) {
        return this.context.filter(judged -> judged.plan().isEmpty() && judged.restore().isEmpty()
                        && judged.equals(context))
                .map(judged -> hits);
    }
}
