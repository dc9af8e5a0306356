package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The typed view of a node read from EXPLAIN text ({@link PlanParser}), from the attributes Flink
 * prints ({@code Rank(strategy=[RetractStrategy], rankRange=[rankStart=1, rankEnd=3],
 * partitionBy=[user_id], orderBy=[amount DESC], ...)}): what the compiled plan would give, less
 * the column types. A column the planner named ({@code $3}) is named by the expression of the Calc
 * below that computes it ({@code info.city AS $3}), as far as the text shows one.
 *
 * <p>Whether an {@code OVER} is ordered by a time attribute the execution plan text does not say;
 * it is inferred: from the changelog mode {@code EXPLAIN CHANGELOG_MODE} prints for the physical
 * plan's {@code OverAggregate} (a time-ordered OVER is insert-only, {@code [I]}; a non-time one
 * emits updates), else from the time attributes declared below the node ({@code
 * WatermarkAssigner}'s {@code rowtime}, {@code PROCTIME() AS x} columns).
 *
 * <p>For one plan, used while it is read, in print order.
 */
final class TextOperators {

    private static final int MAX_DEPTH = 256;

    private final Map<Integer, PlanNode> byId;
    private final Map<Integer, PlanParser.Printed> printedOf;
    private final List<String> overChangelogModes;
    private int overAggregates;

    TextOperators(Map<Integer, PlanNode> byId, Map<Integer, PlanParser.Printed> printedOf, List<String> overChangelogModes) {
        this.byId = byId;
        this.printedOf = printedOf;
        this.overChangelogModes = overChangelogModes;
    }

    Operator of(PlanNode node) {
        Map<String, String> attributes = printedOf.get(node.id()).attributes();
        return switch (node.name()) {
            case "Rank" -> new Operator.Rank(node, attributes.getOrDefault("strategy", ""),
                    range(node, attributes.get("rankRange")), keys(node, attributes.get("partitionBy")),
                    orderKeys(node, attributes.get("orderBy")), Optional.empty());
            // ORDER BY ... LIMIT: SortLimit(orderBy=[amount DESC], offset=[0], fetch=[5], strategy=[AppendFastStrategy]),
            // a Rank of the whole stream keeping ranks offset + 1 to offset + fetch (StreamExecSortLimit).
            case "SortLimit" -> new Operator.Rank(node, attributes.getOrDefault("strategy", ""),
                    limitRange(attributes.get("offset"), attributes.get("fetch")), List.of(),
                    orderKeys(node, attributes.get("orderBy")), Optional.empty());
            case "OverAggregate" -> {
                List<OrderKey> order = orderKeys(node, attributes.get("orderBy"));
                String changelogMode = overAggregates < overChangelogModes.size() ? overChangelogModes.get(overAggregates) : "";
                overAggregates++;
                yield new Operator.OverAggregate(node, keys(node, attributes.get("partitionBy")), order,
                        Optional.of(orderedByTime(node, order, changelogMode)), OverFrame.of(node));
            }
            case "Deduplicate" -> new Operator.Deduplicate(node, keys(node, attributes.get("key")),
                    attributes.getOrDefault("keep", "").equals("LastRow"), attributes.getOrDefault("order", "").equals("ROWTIME"));
            case "GroupAggregate", "GlobalGroupAggregate" -> {
                List<String> groupBy = keys(node, attributes.get("groupBy"));
                yield new Operator.GroupAggregate(node, groupBy, Optional.of(calls(attributes.get("select"), groupBy.size())));
            }
            case "GroupTableAggregate" -> new Operator.GroupAggregate(node, keys(node, attributes.get("groupBy")), Optional.empty());
            case "IncrementalGroupAggregate" ->
                    new Operator.GroupAggregate(node, keys(node, attributes.get("finalAggGrouping")), Optional.empty());
            // The text prints a join's keys only inside its condition (where=[(a = b)]), not by side.
            case "Join" -> new Operator.Join(node, joinType(attributes.getOrDefault("joinType", "")), List.of(), List.of(),
                    List.of(), joinInput(attributes.get("leftInputSpec")), joinInput(attributes.get("rightInputSpec")));
            case "Sink" -> new Operator.Sink(node, "true".equals(attributes.get("upsertMaterialize")), List.of(), List.of(),
                    Optional.ofNullable(attributes.get("conflictStrategy")), Optional.empty());
            case "ChangelogNormalize" -> new Operator.ChangelogNormalize(node, keys(node, attributes.get("key")));
            case "WindowRank" -> new Operator.WindowRank(node, range(node, attributes.get("rankRange")),
                    keys(node, attributes.get("partitionBy")), orderKeys(node, attributes.get("orderBy")), Optional.empty());
            default -> Operator.untyped(node);
        };
    }

    /**
     * A printed {@code JoinInputSideSpec} ({@code NoUniqueKey}, {@code HasUniqueKey}, {@code
     * JoinKeyContainsUniqueKey}: its {@code toString}), without the unique key's columns, which the
     * text does not name; empty for anything else.
     */
    private static Optional<Operator.JoinInput> joinInput(String printed) {
        if (printed == null) {
            return Optional.empty();
        }
        return switch (printed) {
            case "NoUniqueKey" -> Optional.of(new Operator.JoinInput(Operator.JoinInput.Kind.NO_UNIQUE_KEY, List.of()));
            case "HasUniqueKey" -> Optional.of(new Operator.JoinInput(Operator.JoinInput.Kind.HAS_UNIQUE_KEY, List.of()));
            case "JoinKeyContainsUniqueKey" ->
                    Optional.of(new Operator.JoinInput(Operator.JoinInput.Kind.JOIN_KEY_CONTAINS_UNIQUE_KEY, List.of()));
            default -> Optional.empty();
        };
    }

    /**
     * A printed join type ({@code FlinkJoinType#toString}: {@code InnerJoin}, {@code LeftOuterJoin},
     * ...) by the enum's name, as the compiled plan's {@code joinSpec} writes it ({@code INNER},
     * {@code LEFT}, ...).
     */
    private static String joinType(String printed) {
        return switch (printed) {
            case "InnerJoin" -> "INNER";
            case "LeftOuterJoin" -> "LEFT";
            case "RightOuterJoin" -> "RIGHT";
            case "FullOuterJoin" -> "FULL";
            case "LeftSemiJoin" -> "SEMI";
            case "LeftAntiJoin" -> "ANTI";
            default -> printed;
        };
    }

    /** The columns of {@code key=[a, b]}; empty for {@code key=[]} or no attribute. */
    private List<String> keys(PlanNode node, String printed) {
        if (printed == null || printed.isBlank()) {
            return List.of();
        }
        List<String> keys = new ArrayList<>();
        for (String item : PlanParser.items(printed)) {
            keys.add(name(node, item));
        }
        return keys;
    }

    /**
     * The aggregate calls of {@code select=[user_id, COUNT(DISTINCT item) AS items, SUM(amount) AS
     * total]}: the items after the {@code groupBy} columns; whether a call retracts, and which columns it reads, the
     * text does not say.
     */
    private static List<Operator.AggregateCall> calls(String select, int groupColumns) {
        List<Operator.AggregateCall> calls = new ArrayList<>();
        List<String> items = PlanParser.items(select == null ? "" : select);
        for (int i = groupColumns; i < items.size(); i++) {
            String item = items.get(i);
            int as = item.lastIndexOf(" AS ");
            String call = as < 0 ? item : item.substring(0, as).strip();
            int open = call.indexOf('(');
            if (open <= 0) {
                continue;
            }
            String function = call.substring(0, open).strip();
            calls.add(new Operator.AggregateCall(
                    call, function, call.startsWith("DISTINCT ", open + 1), Optional.empty(), Optional.empty()));
        }
        return calls;
    }

    /** {@code orderBy=[amount DESC, order_time ASC]}. */
    private List<OrderKey> orderKeys(PlanNode node, String printed) {
        if (printed == null || printed.isBlank()) {
            return List.of();
        }
        List<OrderKey> keys = new ArrayList<>();
        for (String item : PlanParser.items(printed)) {
            int space = item.lastIndexOf(' ');
            String direction = space < 0 ? "" : item.substring(space + 1);
            boolean directed = direction.equals("ASC") || direction.equals("DESC");
            String column = directed ? item.substring(0, space).strip() : item;
            keys.add(new OrderKey(name(node, column), "", !direction.equals("DESC")));
        }
        return keys;
    }

    /** {@code rankRange=[rankStart=1, rankEnd=3]} or {@code rankRange=[rankEnd=amount]}. */
    private Operator.RankRange range(PlanNode node, String printed) {
        OptionalLong start = OptionalLong.empty();
        OptionalLong end = OptionalLong.empty();
        Optional<String> endColumn = Optional.empty();
        for (String part : PlanParser.items(printed == null ? "" : printed)) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                continue;
            }
            OptionalLong value = number(kv[1].strip());
            if (kv[0].strip().equals("rankStart")) {
                start = value;
            } else if (kv[0].strip().equals("rankEnd")) {
                end = value;
                endColumn = value.isPresent() ? Optional.empty() : Optional.of(name(node, kv[1].strip()));
            }
        }
        return new Operator.RankRange(start, end, endColumn);
    }

    /** {@code offset=[0], fetch=[5]}: ranks 1 to 5, as {@code StreamExecSortLimit} builds its {@code ConstantRankRange}. */
    private static Operator.RankRange limitRange(String offset, String fetch) {
        OptionalLong skipped = number(offset == null ? "0" : offset.strip());
        OptionalLong fetched = number(fetch == null ? "" : fetch.strip());
        OptionalLong start = skipped.isPresent() ? OptionalLong.of(skipped.getAsLong() + 1) : OptionalLong.empty();
        OptionalLong end = skipped.isPresent() && fetched.isPresent()
                ? OptionalLong.of(skipped.getAsLong() + fetched.getAsLong()) : OptionalLong.empty();
        return new Operator.RankRange(start, end, Optional.empty());
    }

    private static OptionalLong number(String text) {
        try {
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Whether an OVER is ordered by time: insert-only output ({@code changelogMode=[I]}) where the
     * physical plan says; else whether its first order column is a time attribute declared below it.
     */
    private boolean orderedByTime(PlanNode node, List<OrderKey> order, String changelogMode) {
        if (!changelogMode.isBlank()) {
            return PlanParser.items(changelogMode).stream().allMatch("I"::equals);
        }
        if (order.isEmpty()) {
            return false;
        }
        Set<String> timeAttributes = new HashSet<>();
        collectTimeAttributes(node, timeAttributes, new HashSet<>());
        return timeAttributes.contains(order.get(0).column());
    }

    private void collectTimeAttributes(PlanNode node, Set<String> found, Set<Integer> seen) {
        if (!seen.add(node.id())) {
            return;
        }
        Map<String, String> attributes = printedOf.get(node.id()).attributes();
        String rowtime = attributes.get("rowtime");
        if (rowtime != null) {
            found.add(rowtime);
        }
        for (String item : PlanParser.items(attributes.getOrDefault("select", ""))) {
            if (item.startsWith("PROCTIME() AS ")) {
                found.add(item.substring("PROCTIME() AS ".length()).strip());
            }
        }
        for (Integer input : node.inputs()) {
            PlanNode in = byId.get(input);
            if (in != null) {
                collectTimeAttributes(in, found, seen);
            }
        }
    }

    /**
     * {@code printed} as the statement names it: a name the planner made up ({@code $3}) is
     * followed down through the nodes that pass their input's columns on to the Calc that computes
     * it ({@code select=[..., info.city AS $3]}); {@value ColumnNames#UNNAMED} where the text shows none.
     */
    private String name(PlanNode node, String printed) {
        String name = printed;
        PlanNode at = node;
        for (int depth = 0; Column.isPlannerMade(name) && depth < MAX_DEPTH; depth++) {
            if (at.inputs().size() != 1 || byId.get(at.inputs().get(0)) == null) {
                return ColumnNames.UNNAMED;
            }
            at = byId.get(at.inputs().get(0));
            if (at.is("Calc")) {
                String suffix = " AS " + name;
                for (String item : PlanParser.items(printedOf.get(at.id()).attributes().getOrDefault("select", ""))) {
                    if (item.endsWith(suffix)) {
                        name = item.substring(0, item.length() - suffix.length()).strip();
                        break;
                    }
                }
            }
        }
        return Column.isPlannerMade(name) ? ColumnNames.UNNAMED : name;
    }
}
