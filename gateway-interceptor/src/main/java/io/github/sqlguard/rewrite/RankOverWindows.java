package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;

import org.apache.calcite.sql.SqlNode;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a window rewrite of an aggregation ({@code window-group}, {@code window-aggregate}) leaves above it: a ranking
 * whose {@code PARTITION BY} does not hold both {@code window_start} and {@code window_end} stays a general {@code
 * Rank} over the window aggregation's results, where Flink plans a window Top-N ({@code WindowRank}) only for a ranking
 * partitioned by both (Flink docs, "Window Top-N": "the PARTITION BY clause must contain window_start and window_end
 * columns"). Read from the rewrite's plan, so that its {@code changes:} line says the ranking is not per window and
 * keeps its state. Stateless.
 */
final class RankOverWindows {

    /** The operators of a window aggregation. */
    private static final Set<String> WINDOW_AGGREGATION =
            Set.of("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate");

    /** The operators between a window aggregation and the ranking that reads its rows as they are. */
    private static final Set<String> PASSING = Set.of("Calc", "Exchange");

    private RankOverWindows() {}

    /**
     * The {@code changes:} clause of the first {@code Rank} of {@code plan} over a window aggregation's results; empty
     * where there is none (the ranking is a window Top-N, or there is no ranking). A partition key Flink computed
     * ({@code DATE_FORMAT(window_start, 'yyyy-MM-dd')}) is named as {@code statement}, the rewrite's, writes it in the
     * ranking's {@code PARTITION BY} ({@link #written}).
     */
    static String changes(ExplainedPlan plan, String statement) {
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            List<PlanNode> below = plan.below(rank.node(), n -> n.equals(rank.node()) || PASSING.contains(n.name()));
            if (below.stream().noneMatch(n -> WINDOW_AGGREGATION.contains(n.name()))) {
                continue;
            }
            return clause(plan, rank, written(rank, statement));
        }
        return "";
    }

    private static String clause(ExplainedPlan plan, Operator.Rank rank, Optional<String> written) {
        List<String> keys = rank.partitionKeys().stream().map(k -> named(k, written)).toList();
        String top = rank.range().end().isPresent() ? "Top-" + rank.range().end().getAsLong() : "ranking";
        String per = String.join(", ", keys);
        String stays = "; the ranking above it stays a Rank" + (keys.isEmpty() ? " with no PARTITION BY" : " partitioned by " + per)
                + ", not a window Top-N: ";
        String window = "; with both window columns (window_start, window_end) in its PARTITION BY it would be a window"
                + " Top-N, which ranks each window's results once, when the window closes, and frees its state then";
        Optional<String> bound = windowBound(plan, rank);
        if (bound.isPresent()) {
            return stays + "it ranks each window's results among themselves (" + bound.get() + "), but as they arrive,"
                    + " and keeps each window's " + top + " in state after the window closed" + window;
        }
        for (String key : rank.partitionKeys()) {
            String from = from(key);
            if (key.contains("(") && !from.isEmpty()) {
                String name = written.orElse("that key");
                return stays + "it ranks together the results of the windows whose " + from + " gives one value of "
                        + name + ", as they arrive, and keeps each value's " + top + " in state after those windows"
                        + " closed" + window;
            }
        }
        return stays + "it ranks the results of every window so far together" + (keys.isEmpty() ? "" : " per " + per)
                + ", not each window's among themselves (a window's row stays in the " + top + " only while no other"
                + " window's row outranks it), and keeps " + (keys.isEmpty() ? "its " + top : "the " + top + " of each "
                + per) + " in state" + window;
    }

    /**
     * The computed partition key of {@code rank} ({@code DATE_FORMAT(window_start, 'yyyy-MM-dd')}) as the ranking of
     * {@code statement} writes it in its {@code PARTITION BY} ({@code sale_day}, {@code CAST(hr AS DATE)}): the one
     * ranking whose {@code PARTITION BY} has as many keys as Flink's {@code Rank}, its one item that is none of the
     * Rank's named keys. Matched by name, not by place: Flink's {@code Rank} holds its partition keys as a set of
     * input fields ({@code FlinkLogicalRank#partitionKey}, an {@code ImmutableBitSet}), in field order. Empty where
     * none or several match, or the text does not parse.
     */
    private static Optional<String> written(Operator.Rank rank, String statement) {
        List<String> computed = rank.partitionKeys().stream().filter(k -> k.contains("(")).toList();
        Optional<SqlNode> tree = computed.size() == 1 ? SqlTrees.parse(statement) : Optional.empty();
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> partitions = Trees.rankItems(tree.get()).stream()
                .map(item -> item.window().getPartitionList().stream().map(SqlTrees::unparse).toList())
                .filter(list -> list.size() == rank.partitionKeys().size())
                .toList();
        if (partitions.size() != 1) {
            return Optional.empty();
        }
        List<String> others = partitions.get(0).stream().filter(k -> !rank.partitionKeys().contains(k)).toList();
        return others.size() == 1 ? Optional.of(others.get(0)) : Optional.empty();
    }

    /**
     * A partition key as the clause names it: a column by its name; an expression Flink computed ({@code CAST(...)}) as
     * the statement writes it ({@code written}: the alias it ranks by, or the expression), else by what it is computed
     * from.
     */
    private static String named(String key, Optional<String> written) {
        if (!key.contains("(")) {
            return key;
        }
        if (written.isPresent()) {
            return written.get();
        }
        String from = from(key);
        return from.isEmpty() ? "a computed key" : "a key computed from " + from;
    }

    /** The window bound an expression key reads ({@code window_start} of {@code CAST(window_start AS DATE)}); empty for none. */
    private static String from(String key) {
        return key.contains("window_start") ? "window_start" : key.contains("window_end") ? "window_end" : "";
    }

    /**
     * The partition key of {@code rank} that is a window bound under another name ({@code hr} of {@code window_start AS
     * hr}), as {@code "hr is window_start"}, read from the compiled plan ({@link ExplainedPlan#source}); empty where no
     * key is, or the plan is EXPLAIN text.
     */
    private static Optional<String> windowBound(ExplainedPlan plan, Operator.Rank rank) {
        List<PlanNode> inputs = plan.inputs(rank.node());
        if (inputs.size() != 1) {
            return Optional.empty();
        }
        for (String key : rank.partitionKeys()) {
            Optional<String> source = plan.source(inputs.get(0), key)
                    .filter(s -> WINDOW_AGGREGATION.contains(s.node().name()) || s.node().is("WindowTableFunction"))
                    .map(s -> s.name())
                    .filter(name -> name.equals("window_start") || name.equals("window_end"));
            if (source.isPresent()) {
                return Optional.of(key.equals(source.get()) ? key : key + " is " + source.get());
            }
        }
        return Optional.empty();
    }
}
