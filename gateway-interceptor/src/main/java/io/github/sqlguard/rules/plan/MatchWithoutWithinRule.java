package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.ParsedStatement.MatchRecognize;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code match-without-within}: a {@code MATCH_RECOGNIZE} without {@code WITHIN} whose pattern has a quantifier without
 * an upper bound ({@code A+}, {@code B*}, {@code {2,}}). Flink plans it as a {@code Match}
 * node, run by the CEP library's {@code CepOperator} ({@code CommonExecMatch#translateToPlanInternal}), which keeps per
 * partition key an {@code NFAState} (the partial matches) and a {@code SharedBuffer} (the rows they hold), and for
 * event time the rows waiting for the watermark. A partial match is dropped when a row breaks it (the pattern's
 * variables follow each other strictly) or, with {@code WITHIN}, when it is older than the interval ({@code
 * Pattern#within}, set by {@code CommonExecMatch} from the {@code WITHIN} interval); without one, it lives as long as
 * rows keep continuing it. No state TTL reaches it: {@code CepOperator} (flink-cep 2.3.0) creates its state without
 * a {@code StateTtlConfig} and never clears a key's {@code NFAState}, and Flink's docs say "the MATCH_RECOGNIZE
 * clause does not use a configured state retention time. One may want to use the WITHIN clause for this purpose"
 * (Pattern Recognition, Known Limitations). Without {@code PARTITION BY}, the input is one partition on one parallel
 * instance ({@code CommonExecMatch}: parallelism 1 for a singleton input). Flink's plan prints no {@code WITHIN}
 * ({@code CommonPhysicalMatch#explainTerms}), so the rule reads it from the statement; where the statement's {@code
 * MATCH_RECOGNIZE}s are as many as the plan's {@code Match} nodes they are paired in order, and otherwise a {@code
 * Match} is reported only where none of them has a {@code WITHIN}.
 */
public final class MatchWithoutWithinRule extends StreamingPlanRule {

    public static final String ID = "match-without-within";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "`MATCH_RECOGNIZE` without `WITHIN` whose pattern has an unbounded quantifier (`A+`, `B*`): a partial"
                    + " match grows as long as rows continue it, and no state TTL reaches it.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<Operator> matches = plan.operators().stream().filter(o -> o.node().is("Match")).toList();
        List<MatchRecognize> written = context.statement().facts().matchRecognizes();
        List<RuleHit> hits = new ArrayList<>();
        for (int i = 0; i < matches.size(); i++) {
            Optional<MatchRecognize> match = written.size() == matches.size() ? Optional.of(written.get(i)) : Optional.empty();
            boolean unbounded = match.map(MatchWithoutWithinRule::unbounded)
                    .orElse(written.stream().allMatch(MatchWithoutWithinRule::unbounded));
            if (unbounded) {
                hits.add(PlanRules.hit(plan, matches.get(i), reason(matches.get(i), match), fix(match)));
            }
        }
        return hits;
    }

    /**
     * No {@code WITHIN}, and a quantifier without an upper bound: a partial match grows for as long as rows keep
     * satisfying it. A pattern of bounded length ({@code A B C}, {@code TEMP_UP{5}}) keeps at most that many rows per
     * partial match, which the next row of the partition continues or breaks (the variables follow each other
     * strictly: {@code CommonExecMatch} joins them with {@code next()} and makes quantifiers {@code consecutive()}).
     */
    private static boolean unbounded(MatchRecognize match) {
        return match.within().isEmpty() && !match.unbounded().isEmpty();
    }

    private static String reason(Operator node, Optional<MatchRecognize> match) {
        List<String> partition = match.map(MatchRecognize::partitionBy).orElse(List.of());
        String per = partition.isEmpty() ? "" : " per " + String.join(", ", partition) + ",";
        String shape = match.map(m -> (partition.isEmpty() ? " with no PARTITION BY" : " partitioned by "
                + String.join(", ", partition)) + " and PATTERN (" + m.pattern() + ")").orElse("");
        String single = match.isPresent() && partition.isEmpty()
                ? " Without PARTITION BY, every row goes to one partition on one parallel instance." : "";
        String quantified = match.map(m -> String.join(", ", m.unbounded())).orElse("a quantifier");
        return node.node().label() + " is a MATCH_RECOGNIZE" + shape + " and no WITHIN: it keeps," + per + " each partial"
                + " match and the rows it has matched until the pattern completes or a row breaks it, and " + quantified
                + " has no upper bound, so a partial match grows for as long as rows of its partition keep satisfying it"
                + " (a variable without DEFINE is satisfied by every row). Flink's state TTL does not reach a"
                + " MATCH_RECOGNIZE (its CEP operator gives its state no TTL; Flink's docs: \"the MATCH_RECOGNIZE clause"
                + " does not use a configured state retention time\"), and each partition's matcher state is never"
                + " freed." + single;
    }

    private static String fix(Optional<MatchRecognize> match) {
        String pattern = match.map(m -> "PATTERN (" + m.pattern() + ")").orElse("the PATTERN");
        return "Bound each match in time: write WITHIN INTERVAL '1' HOUR after " + pattern + ", or the longest a match"
                + " may take from its first row to its last, in the time of its ORDER BY. Flink then drops a partial"
                + " match older than that, with the rows it holds; a match that would take longer is no longer found."
                + " Each partition's matcher state without partial matches is small, and still kept.";
    }
}
