package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.GroupWindowEmit;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ChangelogSources;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code rank-retract}: {@code Rank(strategy=[RetractStrategy])}. The input is an update stream (a
 * GROUP BY, a join, a CDC source), so Flink's {@code RetractableTopNFunction} keeps every input row
 * of each partition, not just the Top-N.
 *
 * <p>Where the updates are the source's own (the Rank reads a table straight, through stateless
 * operators, or through the {@code ChangelogNormalize} of an upsert source), the fix says so: no
 * window Top-N reads them (r54, {@code StreamPhysicalWindowRank} "doesn't support consuming update and
 * delete changes"), and Flink takes no column of a changelog source as monotonic ({@code
 * FlinkRelMdModifiedMonotonicity#getRelModifiedMonotonicity} for a {@code TableSourceScan} whose
 * changelog mode is not inserts only: {@code NOT_MONOTONIC}; {@code RankProcessStrategy} then keeps
 * {@code RetractStrategy}), so neither "an append-only input" below it nor a monotonic order is
 * something the query can give: only another source, or a state TTL.
 */
public final class RankRetractRule extends StreamingPlanRule {

    public static final String ID = "rank-retract";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Top-N over an updating input (`RetractStrategy`) keeps every input row per partition.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        StatementNames names = new StatementNames(plan, context);
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            if (rank.retracts()) {
                Optional<ObjectIdentifier> table = changelogTable(rank, names);
                Optional<String> changelog = table.map(t -> names.readName(rank.node())
                        .filter(read -> !read.equals(t.getObjectName()))
                        .map(view -> view + " (a view of " + t.getObjectName() + ")")
                        .orElse(t.getObjectName()));
                String partitions = " (" + PlanRules.keysText(rank.partitionKeys()) + ")";
                Optional<GroupWindowEmit> firing = names.statefulBelow(rank.node())
                        .flatMap(n -> GroupWindowEmit.firing(plan, n));
                if (firing.isPresent()) {
                    // The updates are the group window's own, under a firing the session turned on: without it the
                    // window emits inserts only and Flink 2.3.0 ranks them with AppendFastStrategy (its EXPLAIN of
                    // case 1014 without the SETs).
                    GroupWindowEmit emit = firing.get();
                    hits.add(PlanRules.hit(
                            plan,
                            rank,
                            "The Top-N reads a legacy group window (GROUP BY TUMBLE(...) or HOP(...)) under " + emit.firing()
                                    + " (" + String.join(", ", emit.options().stream().map(o -> "'" + o + "'").toList())
                                    + "), which updates each window's result after emitting it, so " + rank.node().name()
                                    + " uses RetractStrategy and stores every input row of each partition" + partitions
                                    + ", not only the top rows, to be able to retract them.",
                            emit.reset() + " before the statement: without " + emit.firing() + " the group window emits"
                                    + " each window's result once, when the window closes, as an insert, and Flink ranks"
                                    + " those keeping the top rows only (AppendFastStrategy); set a state TTL."));
                    continue;
                }
                hits.add(changelog.isPresent()
                        ? PlanRules.hit(
                                plan,
                                rank,
                                "The Top-N reads " + changelog.get() + ", whose source emits its rows' updates and"
                                        + " deletes, so " + rank.node().name() + " uses RetractStrategy and stores every"
                                        + " current row of the table that reaches it, in each partition" + partitions
                                        + ", not only the top rows, to be able to retract them.",
                                "Rank the rows of " + ChangelogSources.INSERTS_ONLY + " in place of "
                                        + table.get().getObjectName() + ", which Flink ranks keeping the top rows only"
                                        + " (AppendFastStrategy); over " + table.get().getObjectName() + " no window"
                                        + " Top-N is planned (it reads inserts only), and no"
                                        + " column of a changelog source is monotonic to Flink (UpdateFastStrategy); set a"
                                        + " state TTL.")
                        : PlanRules.hit(
                                plan,
                                rank,
                                "The Top-N input is an update stream, so " + rank.node().name() + " uses RetractStrategy"
                                        + " and stores every input row of each partition" + partitions + ", not only"
                                        + " the top rows, to be able to retract them.",
                                "Rank an append-only input (for example a windowed aggregate with TUMBLE and a window"
                                        + " Top-N), or make the ORDER BY column monotonic so Flink can use"
                                        + " UpdateFastStrategy; set a state TTL."));
            }
        }
        return hits;
    }

    /**
     * The changelog table whose updates the Rank reads: the table it reads straight ({@link
     * StatementNames#directTable}), or through the {@code ChangelogNormalize} of an upsert source. Empty where
     * another stateful operator (an aggregation, a join) makes the updates.
     */
    private static Optional<ObjectIdentifier> changelogTable(Operator.Rank rank, StatementNames names) {
        Optional<PlanNode> below = names.statefulBelow(rank.node());
        if (below.isEmpty()) {
            return names.directTable(rank.node());
        }
        boolean normalized = names.plan().operators(Operator.ChangelogNormalize.class).stream()
                .anyMatch(n -> n.node() == below.get());
        return normalized ? names.directTable(below.get()) : Optional.empty();
    }
}
