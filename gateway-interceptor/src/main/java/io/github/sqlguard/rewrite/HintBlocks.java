package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.statement.HintInputName;

import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Which SELECT of a rewrite scope a plan node's {@code STATE_TTL} hint is written on, as Flink answers it: the scope is
 * planned once with a marker TTL of its own on each SELECT that may take a hint (each value of a hint already there
 * replaced by it, or a hint naming the SELECT's inputs added), and each join or group aggregation of the compiled plan
 * belongs to the SELECT whose marker one of its states gets. Flink resolves a hint's keys to its block's inputs ({@code
 * QueryHintsResolver}) and gives the operator the hint's TTL in its {@code StateMetadata} ({@code
 * StateTtlHint#getStateTtlFromHintOnSingleRel} for a {@code StreamPhysicalGroupAggregate}, {@code
 * getStateTtlFromHintOnBiRel} for a {@code StreamPhysicalJoin}); the plan prints no hint, and neither a table name nor a
 * group key tells two SELECTs apart (two {@code GROUP BY url} under one {@code UNION ALL}, case 1158; two joins of
 * {@code orders} with {@code customers}, case 917). A join's SELECT is also found from the tables it reads ({@link
 * ReadOnce#join}) where one side is read once; this answers for every join and aggregation.
 *
 * <p>Planned only where the scope has two SELECTs or more that may take a hint (with one, it is the finding's), once
 * per statement and scope (the judgement is cached by text, {@link RewriteContext#judge}), within the proofs' budget.
 * A rewrite that changes hints alone plans the same operators in the same order, so the probe's node ids name the
 * statement's nodes (as {@link Intent#pinsKept} and {@code flink.HintPins} read them); a node whose name differs there
 * is not matched.
 */
final class HintBlocks {

    /**
     * The first marker, in ms: 7 d and 1 ms, a TTL nobody writes; the SELECT at index {@code i} of {@link Trees#selects}
     * gets this plus {@code i}.
     */
    private static final long MARKER = Duration.ofDays(7).toMillis() + 1;

    private HintBlocks() {}

    /**
     * The index in {@link Trees#selects}{@code (scope's tree)} of the SELECT whose hint reaches {@code finding}'s
     * operator, with every node that SELECT's hint reaches ({@link Block}); empty where the scope has fewer than two
     * SELECTs that may take a hint ({@link StateTtlHint#hintable}), the plan is not compiled, the proofs' budget is spent, the probe does not
     * plan, or no SELECT's marker reaches the finding's operator.
     */
    static Optional<Block> of(Finding finding, RewriteContext context, Scope scope, StateTtlHint family) {
        Optional<ExplainedPlan> original = context.request().plan();
        if (finding.planNode().isEmpty() || original.isEmpty() || !original.get().compiled()) {
            return Optional.empty();
        }
        SqlNode probe = ScopedFamily.tree(scope);
        List<SqlSelect> selects = Trees.selects(probe);
        java.util.Set<SqlSelect> exists = StateTtlHint.existsSelects(probe);
        int marked = 0;
        for (int i = 0; i < selects.size(); i++) {
            SqlSelect select = selects.get(i);
            if (!StateTtlHint.hintable(select, exists)) {
                continue;
            }
            String marker = (MARKER + i) + " ms";
            List<SqlHint> hints = Blocks.stateTtlHints(select);
            if (hints.isEmpty()) {
                List<String> inputs = HintInputName.inputs(select);
                if (inputs == null || inputs.isEmpty()) {
                    continue;
                }
                Blocks.addHint(select, Blocks.stateTtl(inputs, marker));
            } else {
                for (SqlHint hint : hints) {
                    SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
                    for (int v = 1; v < options.size(); v += 2) {
                        options.set(v, SqlLiteral.createCharString(marker, SqlParserPos.ZERO));
                    }
                }
            }
            marked++;
        }
        if (marked < 2) {
            return Optional.empty();
        }
        String planned = context.candidate(family, finding, scope, probe, List.of(), Map.of(), List.of(),
                Optional.empty(), Intent.PLANS, Candidate.Columns.SAME, "", "").planned();
        if (context.budgetSpent(planned, Map.of(), List.of()).isPresent()) {
            return Optional.empty();
        }
        Optional<ExplainedPlan> plan = context.judge(planned, Map.of(), List.of()).plan();
        if (plan.isEmpty() || !plan.get().compiled()) {
            return Optional.empty();
        }
        Map<Integer, List<Integer>> nodes = new HashMap<>();
        for (PlanNode node : plan.get().nodes()) {
            if (!StatefulOperators.HINT_REACHES.contains(node.name())
                    || !original.get().node(node.id()).map(n -> n.name().equals(node.name())).orElse(false)) {
                continue;
            }
            OptionalInt block = block(node, selects.size());
            if (block.isPresent()) {
                nodes.computeIfAbsent(block.getAsInt(), b -> new java.util.ArrayList<>()).add(node.id());
            }
        }
        int own = finding.planNode().get();
        return nodes.entrySet().stream().filter(e -> e.getValue().contains(own)).findFirst()
                .map(e -> new Block(e.getKey(), java.util.Set.copyOf(e.getValue())));
    }

    /** The index of the SELECT whose marker one of {@code node}'s states has; empty where none has one. */
    private static OptionalInt block(PlanNode node, int selects) {
        for (OperatorState state : node.state()) {
            long index = state.ttl().toMillis() - MARKER;
            if (index >= 0 && index < selects && state.ttl().equals(Duration.ofMillis(MARKER + index))) {
                return OptionalInt.of((int) index);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The SELECT whose hint reaches a finding's operator.
     *
     * @param index its index in {@link Trees#selects} of the scope's tree (a fresh tree of the same text has its SELECTs
     *     in the same order)
     * @param nodes the plan nodes its hint reaches, by id: the finding's, and the joins or aggregations beside it
     */
    record Block(int index, java.util.Set<Integer> nodes) {}
}
