package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.BoundedJoinSide;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.statement.HintInputName;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.List;
import java.util.Optional;

/**
 * The join a {@code state-ttl-hint} rewrite answers, where one of its sides is read once ({@link BoundedJoinSide}: a
 * source Flink translated as bounded): the hint on its SELECT names the streaming side alone, and the side read once
 * keeps its rows without a TTL, for the stream's later rows to match them. Only for the statement's one join, written
 * in one SELECT that joins two inputs and neither aggregates nor has a {@code STATE_TTL} hint already: the SELECT's
 * inputs are the join's two sides in order (Flink plans a join's inputs in the order the {@code FROM} clause gives
 * them, and reorders joins only with {@code table.optimizer.join-reorder-enabled}, off by default).
 *
 * @param select the SELECT that joins
 * @param side the join's side read once
 * @param streaming the name the hint gives the streaming side (its alias or table)
 * @param once the name of the side read once
 * @param tables the tables the side read once reads, as a message names them
 */
record ReadOnce(SqlSelect select, BoundedJoinSide side, String streaming, String once, String tables) {

    /** The join of {@code finding} in {@code tree} with a side read once, where the rewrite can name it; else empty. */
    static Optional<ReadOnce> of(Finding finding, RewriteContext context, SqlNode tree) {
        Optional<ExplainedPlan> plan = context.request().plan();
        if (plan.isEmpty()) {
            return Optional.empty();
        }
        List<Operator.Join> joins = plan.get().operators(Operator.Join.class);
        if (joins.size() != 1 || !finding.planNode().equals(Optional.of(joins.get(0).node().id()))) {
            return Optional.empty();
        }
        Optional<BoundedJoinSide> side = BoundedJoinSide.of(joins.get(0), plan.get());
        List<SqlSelect> joining = Trees.selects(tree).stream().filter(Blocks::joins).toList();
        if (side.isEmpty() || joining.size() != 1 || Blocks.aggregates(joining.get(0))
                || !Blocks.stateTtlHints(joining.get(0)).isEmpty()) {
            return Optional.empty();
        }
        List<String> inputs = HintInputName.inputs(joining.get(0));
        if (inputs == null || inputs.size() != 2) {
            return Optional.empty();
        }
        return Optional.of(new ReadOnce(joining.get(0), side.get(), inputs.get(side.get().streaming()),
                inputs.get(side.get().side()), tables(plan.get(), joins.get(0), side.get())));
    }

    /**
     * What the {@code changes:} line of a TTL that reaches both sides of a join adds where one side is read once: that
     * the TTL expires its rows too, for good. For the join {@code join} (a plan node id: a hint on its SELECT where
     * this class cannot name the streaming side alone), or for every join of the plan where {@code join} is empty (a
     * {@code SET}, which reaches them all). Empty where no such join has a side read once.
     */
    static String expired(RewriteContext context, Optional<Integer> join, String value) {
        Optional<ExplainedPlan> plan = context.request().plan();
        StringBuilder out = new StringBuilder();
        for (Operator.Join each : plan.map(p -> p.operators(Operator.Join.class)).orElse(List.of())) {
            Optional<BoundedJoinSide> side = BoundedJoinSide.of(each, plan.get());
            if (side.isPresent() && join.map(id -> id == each.node().id()).orElse(true)) {
                out.append("; the join's ").append(side.get().name()).append(" side (")
                        .append(tables(plan.get(), each, side.get()))
                        .append(") is read once, a bounded source: the TTL expires its rows too, never to be read again, and ")
                        .append(value).append(" after they were read the join matches nothing from that side");
            }
        }
        return out.toString();
    }

    /** The tables the side {@code side} of {@code join} reads, by name: {@code customers}. */
    private static String tables(ExplainedPlan plan, Operator.Join join, BoundedJoinSide side) {
        return String.join(", ", plan.tablesRead(plan.inputs(join.node()).get(side.side())).stream()
                .map(ObjectIdentifier::getObjectName).toList());
    }

    /**
     * What the {@code changes:} line says of the join ({@code join}: as the line names it, {@code "this statement's
     * join"} or {@code "the join of the view shipped_orders"}) under the hint {@code hints} of {@code value} on the
     * streaming side alone: what expires there, and why the side read once keeps its rows and what bounds its state.
     */
    String changes(String join, String value, String hints) {
        String source = tables.isEmpty() || tables.equals(once) ? "a bounded source" : tables + ": a bounded source";
        return join + " keeps each row of " + streaming + " " + value + " after it was last written (" + hints
                + "): a row of " + streaming + " is forgotten then, and a row of " + once + " read later is not joined to it; "
                + once + ", the side read once (" + source + "), keeps every row it read with no TTL: its state holds those"
                + " rows and no more, and they must stay for the later rows of " + streaming + " to match them (a TTL there,"
                + " or a SET 'table.exec.state.ttl', would expire them after " + value + ", and the join would match nothing"
                + " from " + once + " after that)";
    }
}
