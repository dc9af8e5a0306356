package io.github.sqlguard.rules.plan;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.BoundedJoinSide;
import io.github.sqlguard.plan.BucketWindows;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.LookupSupport;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.plan.TemporalJoins;
import io.github.sqlguard.plan.ViewAggregation;
import io.github.sqlguard.plan.ViewFilter;
import io.github.sqlguard.plan.ViewJoin;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.OperatorTtl;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.DeclaredKeys;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.SemiJoinSides;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.statement.LeftAntiJoins;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.TimeBuckets;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code stateful-without-ttl}: a stateful streaming operator keyed by an unbounded key whose own
 * state TTL never expires in practice: 0, or above {@code sql-guard.max-state-ttl} ({@code
 * GroupAggregate}, a regular {@code Join}, {@code ChangelogNormalize}, {@code Deduplicate}, the
 * sink's upsert materializer, ...). The TTL is the operator's own as Flink's compiled plan gives it
 * (after {@code STATE_TTL} hints, including a hint of {@code '0'}); where no compiled plan exists it
 * is inferred from the session's {@code table.exec.state.ttl} and positive {@code STATE_TTL} hints.
 * A {@code Deduplicate} keeps one row per key, so it is only advised ({@link Level#INFO}).
 *
 * <p>Not reported: a global aggregation (no {@code GROUP BY}) whose every call has a constant-size
 * accumulator ({@link Operator.AggregateCall#constantState()}: {@code COUNT(*)}, {@code SUM}, ...
 * over an insert-only input): it keeps one row, and a TTL would only reset the totals after an idle
 * spell. With a {@code DISTINCT} call it keeps every distinct value, and is reported. Nor the aggregation Flink
 * builds for an uncorrelated {@code EXISTS} ({@link OneRowSide#existsMarker}: the {@code MIN} of a constant, one value
 * whatever its input updates); the SEMI or ANTI join over it is. Nor a {@code
 * Deduplicate} without a key ({@code ROW_NUMBER() OVER (ORDER BY PROCTIME() DESC)}): it keeps one row.
 *
 * <p>A partitioned {@code OverAggregate} ordered by a time attribute is reported too, where its frame
 * keeps state per key ({@link PartitionedOver}: why it is this rule's finding and not one of its own,
 * what each frame keeps, and its fix). Its TTL is always the session's, as the compiled plan lists no
 * state for it.
 *
 * <p>Not reported either: an operator whose every input is bounded (the statement's own {@code VALUES}, or sources
 * Flink translated as bounded: a {@code filesystem} table without {@code source.monitor-interval} joined with a {@code
 * datagen} table with {@code number-of-rows}). Flink plans the same stateful operator in streaming mode, but the job
 * finishes once its inputs are read, and its state holds what they gave: it never grows past that.
 *
 * <p>A regular join with one bounded input (read once, {@link BoundedJoinSide}) is reported for its streaming side
 * alone: the bounded side's state holds the rows read, no more, and must keep them for the join to keep matching, so
 * the message says so, the fix bounds the streaming side alone (a {@code SET} would expire the rows read once too),
 * and the join is not reported where only the bounded side's state never expires.
 *
 * <p>Each message names what the operator is keyed by (the join key and the tables of each side,
 * the sink's primary key) and each fix only what fits that operator: a {@code STATE_TTL} hint only
 * for a join or an aggregation (Flink's {@code StateTtlHint} reaches nothing else), in the names the
 * statement gives its tables; a window only where an event-time column exists; for a join, an
 * interval or temporal join, never a window aggregation. A regular join whose condition bounds
 * timestamps of both sides, like an interval join's, says why Flink did not plan one.
 */
public final class StatefulWithoutTtlRule extends StreamingPlanRule {

    public static final String ID = "stateful-without-ttl";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Stateful operator (aggregation, join, deduplication, partitioned OVER aggregate, the sink's upsert"
                    + " materializer) with no state"
                    + " TTL (or one above `sql-guard.max-state-ttl`); a `Deduplicate` only at INFO.",
                    StateTtlOptions.MAX_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        Duration max = context.option(StateTtlOptions.MAX_STATE_TTL);
        boolean hinted =
                context.statement().stateTtlHints().stream()
                        .anyMatch(h -> StateTtl.parse(h.value()).map(d -> !StateTtl.neverExpires(d, max)).orElse(false));
        StatementNames names = new StatementNames(plan, context);
        List<RuleHit> hits = new ArrayList<>();
        for (Operator operator : plan.operators()) {
            PlanNode node = operator.node();
            if (operator instanceof Operator.OverAggregate over) {
                overHit(context, plan, over, names, max).ifPresent(hits::add);
                continue;
            }
            boolean sink = operator instanceof Operator.Sink s && s.upsertMaterialize();
            if (!sink && !StatefulOperators.TTL_BOUNDED.contains(node.name())) {
                continue;
            }
            if (operator instanceof Operator.GroupAggregate aggregate
                    && (constantState(aggregate) || OneRowSide.existsMarker(plan, node))) {
                continue;
            }
            if (names.onlyValuesBelow(node) || plan.bounded(node)) {
                // Every row comes from the statement's own VALUES or from sources Flink translated as bounded (read
                // once, then they end: flink.BoundedSources): Flink plans the same stateful operator in streaming mode,
                // but the job finishes once its inputs are read; the state holds what they gave and no new key arrives.
                continue;
            }
            if (operator instanceof Operator.Deduplicate dedup && dedup.keys().isEmpty()) {
                // No PARTITION BY: one key for the whole stream, whose state is the one row kept (the first or the
                // latest); it cannot grow, so a TTL has nothing to bound.
                continue;
            }
            OperatorTtl ttl = OperatorTtl.of(context, node);
            boolean disabled = operator instanceof Operator.Sink s && s.ttlDisabled();
            if (!disabled
                    && (!ttl.neverExpires(max)
                            || (!ttl.fromCompiledPlan() && hinted && StatefulOperators.HINTABLE.contains(node.name())))) {
                continue;
            }
            if (operator instanceof Operator.Join join && streamingSideExpires(join, plan, max)) {
                // Only the side read once keeps its rows: its state holds what was read, no more (BoundedJoinSide).
                continue;
            }
            String why = disabled
                    ? "Flink disables its state TTL (table.exec.sink.upsert-materialize-strategy.type is not LEGACY:"
                            + " FLINK-38463)"
                    : HintPin.pins(operator, plan) ? HintPin.why(context, plan, max, joinSidePins(names), aggregationInput(node, names))
                    : ttl.describe(max);
            Optional<AggregateFix> aggregated = operator instanceof Operator.GroupAggregate aggregate
                    && !HintPin.pins(operator, plan) ? Optional.of(aggregateFix(aggregate, names, context.advised()))
                    : Optional.empty();
            String fix = aggregated.map(AggregateFix::text).orElseGet(() -> fix(operator, names, context.advised(), plan));
            RuleHit hit = PlanRules.advising(
                    PlanRules.hit(plan, operator, reason(operator, why, names), fix),
                    context.advised(),
                    operator instanceof Operator.GroupAggregate aggregate ? aggregate.groupBy() : List.of(),
                    names.rowtimeBelow(node));
            if (operator instanceof Operator.Join join) {
                Map<String, String> without = new LinkedHashMap<>(fixWithout(join, names, context.advised()));
                // The rule writes no window join (it cannot see whether one plans): the whole fix follows a proven one.
                without.put(WINDOW_JOIN, hit.fix());
                hit = hit.with(hit.facts().withFixWithout(without));
            }
            if (aggregated.isPresent() && !aggregated.get().windowFirst()) {
                // A fix with no time bucket's window first (a bucket over a view's window_time, case 1119): a proven
                // window aggregation goes before it.
                hit = hit.with(hit.facts().withFixWithout(Map.of(WINDOW_AGGREGATE, hit.fix())));
            }
            hits.add(operator instanceof Operator.Deduplicate
                    ? hit.capped(Level.INFO)
                    : hit);
        }
        return hits;
    }

    /**
     * The finding on a partitioned OVER aggregate ordered by a time attribute that keeps state per key
     * ({@link PartitionedOver}) when the session's TTL never expires; empty otherwise.
     */
    private static Optional<RuleHit> overHit(
            AnalysisContext context, ExplainedPlan plan, Operator.OverAggregate over, StatementNames names, Duration max) {
        if (!PartitionedOver.keepsStatePerKey(over) || names.onlyValuesBelow(over.node()) || plan.bounded(over.node())) {
            return Optional.empty();
        }
        OperatorTtl ttl = OperatorTtl.of(context, over.node());
        if (!ttl.neverExpires(max)) {
            return Optional.empty();
        }
        String why = PartitionedOver.ttl(StateTtl.whyNeverExpires(ttl.longest(), max));
        return Optional.of(PlanRules.advising(
                PlanRules.hit(plan, over, PartitionedOver.reason(over, why, names),
                        PartitionedOver.fix(over, names, context.advised())),
                context.advised(), PartitionedOver.keys(over, names), names.rowtimeBelow(over.node())));
    }

    /**
     * The alias of the subquery through which the aggregating SELECT reads {@code table} ({@link
     * io.github.sqlguard.statement.ParsedStatement.SqlFacts#subqueryAggregateReads}; empty where it has none); absent
     * where the statement reads {@code table} so in no aggregating SELECT, or reads it more than once.
     */
    private static Optional<String> subqueryAlias(StatementNames names, ObjectIdentifier table) {
        String name = table.getObjectName();
        long reads = names.context().statement().facts().tableReferences().stream()
                .filter(r -> r.name().equalsIgnoreCase(name)).count();
        if (reads != 1) {
            return Optional.empty();
        }
        return names.context().statement().facts().subqueryAggregateReads().entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    /** A global aggregation whose calls all keep a constant-size accumulator: one row of state. */
    private static boolean constantState(Operator.GroupAggregate aggregate) {
        return aggregate.groupBy().isEmpty()
                && aggregate.calls().isPresent()
                && !aggregate.calls().get().isEmpty()
                && aggregate.calls().get().stream().allMatch(Operator.AggregateCall::constantState);
    }

    private static String reason(Operator operator, String ttl, StatementNames names) {
        String label = operator.node().label();
        if (operator instanceof Operator.GroupAggregate aggregate) {
            if (aggregate.groupBy().isEmpty() && !aggregate.splitDistinctPartial()) {
                return label + " has no GROUP BY key, so it keeps one accumulator for all rows, but " + growing(aggregate)
                        + ", and " + ttl + ": that grows with every new value and is never freed.";
            }
            String keys = SqlIdentifiers.planNames(aggregate.splitDistinctPartial()
                    ? finalKeys(aggregate, names) : groupKeys(aggregate, names));
            if (correlation(aggregate, names)) {
                String table = names.tables(operator.node());
                return label + " keeps one entry per " + keys + " of " + table + " and " + ttl + ": it is Flink's own,"
                        + " the distinct " + keys + " of " + table + " it correlates the subquery with when it decorrelates"
                        + " it (no GROUP BY of the statement), and grows as long as new " + keys + " values arrive.";
            }
            if (aggregate.splitDistinctPartial() && !keys.isEmpty() && !aggregate.distinctCalls().isEmpty()
                    && aggregate.growingDistinctCalls().isEmpty()) {
                // Every DISTINCT call reads grouping keys alone: Flink's split adds no bucket for them (SplitAggregateRule
                // gives such a call the aggregation's own group set), and each key holds one value of each.
                return label + " keeps an accumulator per " + keys + " and " + ttl + ": one entry for every " + keys
                        + " ever seen" + onKeys(aggregate) + ", so the state grows as long as new " + keys + " values arrive.";
            }
            if (aggregate.splitDistinctPartial()) {
                // Flink's split of the DISTINCT aggregates: the partial aggregation groups by the keys, a bucket of the
                // distinct value ($f.. = MOD(HASH_CODE(col), bucket-num)) and, for several distinct columns, the Expand's
                // copy number ($e); the statement never names either.
                // Each entry holds the DISTINCT calls' values of its bucket, as the unsplit aggregation holds them per
                // key: the state grows with the values however few the keys (the case split-distinct is made for). A
                // call over grouping keys alone has no bucket and one value per key: not named.
                String per = keys.isEmpty() ? "bucket of DISTINCT values" : keys + " and bucket of its DISTINCT values";
                List<String> distinct = aggregate.growingDistinctCalls().stream().map(Operator.AggregateCall::sql).distinct().toList();
                return label + " keeps an accumulator per " + per + " (Flink splits the DISTINCT aggregation:"
                        + " table.optimizer.distinct-agg.split.enabled spreads the distinct values over"
                        + " table.optimizer.distinct-agg.split.bucket-num buckets) and " + ttl + ": one entry for every "
                        + per + " ever seen"
                        + (distinct.isEmpty()
                                ? ", so the state grows as long as new " + (keys.isEmpty() ? "values" : keys + " values") + " arrive."
                                : ", each holding the distinct values of " + String.join(", ", distinct) + " that fall in its"
                                        + " bucket, so the state grows as long as new "
                                        + (keys.isEmpty() ? "" : keys + " values or new ") + "distinct values arrive"
                                        + (keys.isEmpty() ? "." : ", however few the keys."));
            }
            if (names.expandBelow(operator.node())) {
                // GROUPING SETS, ROLLUP, CUBE: Flink's Expand copies each row once per grouping set and numbers the
                // copy in a column of its own ($e), which the aggregation groups by too; the statement never names it.
                String per = keys.isEmpty() ? "grouping set" : "grouping set and its " + keys;
                return label + " keeps an accumulator per " + per + " (GROUPING SETS, ROLLUP or CUBE) and " + ttl
                        + ": one entry for every " + per + " ever seen, so the state grows as long as new "
                        + (keys.isEmpty() ? "rows" : keys + " values") + " arrive.";
            }
            List<Operator.AggregateCall> distinct = aggregate.growingDistinctCalls();
            if (!distinct.isEmpty()) {
                // A DISTINCT call's accumulator holds a MapView of every distinct value per key (Flink's
                // DistinctAggCodeGen, a state MapView under a GroupAggFunction): the state grows with the values even
                // where the keys are few (GROUP BY behavior, four keys, COUNT(DISTINCT user_id)). A call written twice, once
                // with a FILTER the plan does not print, is named once.
                return label + " keeps an accumulator per " + keys + " and " + ttl + ": one entry for every " + keys
                        + " ever seen, each holding every distinct value of "
                        + String.join(", ", distinct.stream().map(Operator.AggregateCall::sql).distinct().toList())
                        + " seen for it, so the state grows as long as new " + keys + " values or new distinct values"
                        + " arrive, however few the keys.";
            }
            return label + " keeps an accumulator per " + keys + " and " + ttl + ": one entry for every " + keys
                    + " ever seen" + onKeys(aggregate) + ", so the state grows as long as new " + keys + " values arrive.";
        }
        if (operator instanceof Operator.Deduplicate deduplicate) {
            String keys = deduplicate.keys().isEmpty() ? "input" : SqlIdentifiers.planNames(deduplicate.keys());
            return label + " keeps one row per " + keys + " and " + ttl + ": the state grows with the number of distinct "
                    + keys + ".";
        }
        if (operator instanceof Operator.ChangelogNormalize normalize) {
            String keys = normalize.keys().isEmpty() ? "row" : SqlIdentifiers.planNames(normalize.keys());
            return label + " keeps the last row per " + keys + " of " + names.tables(operator.node()) + " and " + ttl
                    + ": the state grows with the number of distinct " + keys + ".";
        }
        if (operator instanceof Operator.Join join) {
            return joinReason(join, ttl, names);
        }
        if (operator instanceof Operator.Sink sink) {
            return sinkReason(sink, ttl) + LookupMatches.below(sink, names.plan(), names.context())
                    .map(m -> m.sentence(sink)).orElse("");
        }
        if (operator.node().is("MultiJoin")) {
            return label + " is Flink's join of " + names.plan().inputs(operator.node()).size() + " inputs on one common key"
                    + " (table.optimizer.multi-join.enabled) over " + names.tables(operator.node()) + ": it keeps the rows"
                    + " of each input, per join key, to match the other inputs' later rows, one state per input, and "
                    + ttl + ", so every input's state grows forever.";
        }
        return label + " keeps state for " + names.tables(operator.node()) + " and " + ttl + ": it is never freed.";
    }

    /**
     * The statement's own keys of a split DISTINCT's partial aggregation: the group keys of the final
     * aggregation it feeds (through exchanges and calcs), without the bucket ({@code MOD(HASH_CODE(c),
     * 1024)}) and the Expand's copy number the partial one adds; its own keys where no final one is found.
     */
    private static List<String> finalKeys(Operator.GroupAggregate partial, StatementNames names) {
        ExplainedPlan plan = names.plan();
        int at = partial.node().id();
        for (int depth = 0; depth < 64; depth++) {
            final int id = at;
            Optional<PlanNode> consumer = plan.nodes().stream().filter(n -> n.inputs().contains(id)).findFirst();
            if (consumer.isEmpty()) {
                break;
            }
            if (consumer.get().is("Exchange") || consumer.get().is("Calc")) {
                at = consumer.get().id();
                continue;
            }
            for (Operator.GroupAggregate aggregate : plan.operators(Operator.GroupAggregate.class)) {
                if (aggregate.node().id() == consumer.get().id()) {
                    return groupKeys(aggregate, names);
                }
            }
            break;
        }
        return groupKeys(partial, names);
    }

    /**
     * True for the aggregation Flink adds when it decorrelates a subquery: no calls (the distinct values of the
     * outer table's correlated columns) over a table its plan scans more often than the statement names it.
     */
    private static boolean correlation(Operator.GroupAggregate aggregate, StatementNames names) {
        return names.correlationAggregate(aggregate);
    }

    /**
     * An aggregation's keys as the statement reads them ({@link StatementNames#keyNames}): Flink's own columns (the
     * {@code $e} of an {@code Expand}) left out, a renamed copy ({@code b0}) by the name it copies, qualified where
     * the statement groups by two columns of that name.
     */
    private static List<String> groupKeys(Operator.GroupAggregate aggregate, StatementNames names) {
        return names.keyNames(aggregate.groupBy());
    }

    /**
     * The {@code STATE_TTL} hint of the aggregation {@code node} over {@code table} where the statement reads the table
     * under more than one name ({@code FROM orders ... GROUP BY customer_id} beside {@code orders AS r}, or {@code FROM
     * orders a} beside {@code orders b}), so that the plan's scan, which carries no alias, does not tell which name is
     * this input's ({@link StatementNames#hint} gives none): the name of the one SELECT of the statement that reads the
     * table as it is and groups it by the aggregation's keys ({@link
     * io.github.sqlguard.statement.ParsedStatement.Grouping#from}). Flink matches a hint to an aggregation by the name of
     * its input in the hinted query block, its alias or, without one, its table's name (Flink 2.3.0 {@code
     * QueryHintsResolver#validateAndGetNewHints}, {@code #extractAliasOrTableName}). Empty where no such SELECT or more
     * than one groups the table by these keys, or where the plan reads the table more often than the statement names it.
     */
    private static Optional<String> groupingHint(
            PlanNode node, Operator.GroupAggregate aggregate, ObjectIdentifier table, StatementNames names, String ttl) {
        if (aggregate.groupBy().isEmpty() || names.rescanned(table)) {
            return Optional.empty();
        }
        List<String> inputs = names.context().statement().facts().groupings().stream()
                .filter(g -> g.from().map(r -> r.name().equals(table.getObjectName())).orElse(false))
                .filter(g -> groupsBy(g, aggregate))
                .map(g -> g.from().orElseThrow().hintName())
                .toList();
        if (inputs.size() != 1 || inputs.get(0).isEmpty()) {
            return Optional.empty();
        }
        String hint = "/*+ STATE_TTL('" + inputs.get(0) + "' = '" + ttl + "') */";
        if (!FlinkLine.current().stateTtlHintMatchesTablesWithWatermark() && names.rowtimeBelow(node).isPresent()) {
            hint += " (" + StatementNames.watermarkNote("it") + ")";
        }
        return Optional.of(hint);
    }

    /** True when {@code grouping}'s {@code GROUP BY} names the keys of {@code aggregate}, its columns alone. */
    private static boolean groupsBy(ParsedStatement.Grouping grouping, Operator.GroupAggregate aggregate) {
        // The plan's key names (customer_id) beside the GROUP BY's columns as SQL (`user` in back-ticks).
        Set<String> keys = aggregate.groupBy().stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        return grouping.groupBy().stream().map(k -> k.replaceAll("^`|`$", "").replace("``", "`").toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet()).equals(keys);
    }

    /**
     * The {@code STATE_TTL} hint of the aggregation {@code node} that reads a join (through {@code Calc}s and {@code
     * Exchange}s; {@link StatementNames#directTable} gives it no table), where the statement has one SELECT that groups
     * by the aggregation's keys and reads a subquery with an alias ({@code SELECT j.customer_id, COUNT(*) FROM (SELECT
     * ... FROM orders a JOIN orders b ON ...) AS j GROUP BY j.customer_id}, or a WITH item by its name): the hint names
     * that alias, the input of the aggregation in the hinted SELECT (Flink 2.3.0 {@code
     * QueryHintsResolver#extractAliasOrTableName} reads the {@code ALIAS} hint on the subquery's top node, {@code
     * FlinkHints#getTableAlias}), whatever tables the join reads, the same one twice among them; or the view that holds
     * the join, or the table whose SEMI or ANTI join of a subquery in its {@code WHERE} it is, as the SELECT reads it. A self-join aggregated
     * in its own joining SELECT has no such input (case 923). Empty where no such SELECT or more than one groups by
     * these keys.
     */
    private static Optional<String> subqueryGroupingHint(
            PlanNode node, Operator.GroupAggregate aggregate, StatementNames names, String ttl) {
        Optional<PlanNode> read = belowExchangesAndCalcs(names.plan(), names.plan().inputs(node).stream().findFirst());
        if (aggregate.groupBy().isEmpty() || read.isEmpty() || !read.get().name().contains("Join")) {
            return Optional.empty();
        }
        ParsedStatement.SqlFacts facts = names.context().statement().facts();
        List<ParsedStatement.Grouping> groupings =
                facts.groupings().stream().filter(g -> groupsBy(g, aggregate)).toList();
        if (groupings.size() != 1) {
            return Optional.empty();
        }
        // A WITH item read by its name (FROM j, FROM j AS p) is a subquery with an alias to Flink's converter too; a view
        // read as it is holds the join in its query (the view's name is its input's alias to Flink); a table read as it
        // is, where the join is the SEMI or ANTI join of a subquery of its WHERE (FROM orders WHERE NOT EXISTS (...)
        // GROUP BY region), is named as the SELECT reads it: Flink resolves the hint before it turns the subquery into
        // a join, over the filter on the table's scan (FlinkHints#canTransposeToTableScan).
        Optional<ParsedStatement.TableReference> table = groupings.get(0).from();
        boolean withItem = table.filter(r -> r.names().size() == 1 && facts.withItemNames().contains(r.name())).isPresent();
        Optional<String> input = groupings.get(0).subquery().or(() -> table
                .map(ParsedStatement.TableReference::hintName));
        if (input.isEmpty() || input.get().isEmpty()) {
            return Optional.empty();
        }
        String hint = "/*+ STATE_TTL('" + input.get() + "' = '" + ttl + "') */";
        if (table.isPresent() && !withItem && !FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()
                && names.rowtimeBelow(node).isPresent()) {
            hint += " (" + StatementNames.watermarkNote("it") + ")";
        }
        return Optional.of(hint);
    }

    /**
     * The set operation whose aggregation {@code aggregate} is ({@code EXCEPT}, {@code INTERSECT ALL}), where the
     * statement writes one that is not {@code UNION ALL} and no {@code GROUP BY} of these keys nor a {@code DISTINCT}:
     * Flink removes a {@code UNION}'s, an {@code INTERSECT}'s or an {@code EXCEPT}'s duplicates with an aggregation of
     * its own, and counts an {@code INTERSECT ALL}'s and an {@code EXCEPT ALL}'s rows per value with one ({@code
     * ReplaceIntersectWithSemiJoinRule}, {@code ReplaceMinusWithAntiJoinRule}, {@code RewriteIntersectAllRule}, {@code
     * RewriteMinusAllRule}, Calcite's {@code UnionToDistinctRule}; Flink 2.3.0), which no SELECT carries. Empty where the
     * statement writes several of them.
     */
    private static Optional<String> setOperationAggregate(Operator.GroupAggregate aggregate, StatementNames names) {
        List<String> operations = names.context().statement().facts().setOperations().stream()
                .filter(o -> !o.equals("UNION ALL")).distinct().toList();
        if (operations.size() != 1 || aggregate.groupBy().isEmpty()) {
            return Optional.empty();
        }
        Set<String> keys = new HashSet<>();
        groupKeys(aggregate, names).forEach(k -> keys.add(k.toLowerCase(Locale.ROOT)));
        boolean grouped = names.context().statement().facts().groupings().stream()
                .anyMatch(g -> g.groupBy().stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet()).equals(keys));
        return grouped || names.context().statement().facts().distinct() ? Optional.empty() : Optional.of(operations.get(0));
    }

    /**
     * True when {@code node}, an aggregation reading {@code table}, is the aggregating SELECT of an {@code EXISTS} or
     * {@code NOT EXISTS} subquery: the statement's tree has such a SELECT reading that table ({@link
     * io.github.sqlguard.statement.ParsedStatement.SqlFacts#existsAggregateTables}), and the plan has the aggregation
     * below the right input of a SEMI or ANTI join, where Flink puts the subquery it decorrelates (under the one-row
     * aggregation of an uncorrelated one, or the aggregation of the correlation keys of a correlated one). The same
     * table aggregated outside the subquery (over the join, or on its left) is not it, nor is an aggregation of a
     * SELECT nested deeper in the subquery over another table, whose hint Flink keeps (the tree holds the tables of
     * the subquery's own SELECT alone).
     */
    private static boolean existsAggregate(PlanNode node, ObjectIdentifier table, StatementNames names) {
        if (names.context().statement().facts().existsAggregateTables().stream()
                .noneMatch(t -> t.equalsIgnoreCase(table.getObjectName()))) {
            return false;
        }
        for (Operator.Join join : names.plan().operators(Operator.Join.class)) {
            List<PlanNode> inputs = names.plan().inputs(join.node());
            if (semiOrAnti(join) && inputs.size() == 2
                    && (inputs.get(1).id() == node.id() || names.below(node, inputs.get(1), 0))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code " (COUNT(DISTINCT a) keeps one value per entry: it reads grouping keys alone)"} for the DISTINCT calls of
     * {@code aggregate} over its grouping keys alone ({@link Operator.AggregateCall#overGroupingKeys()}); empty where
     * it has none.
     */
    private static String onKeys(Operator.GroupAggregate aggregate) {
        List<String> calls = aggregate.distinctCallsOverKeys().stream().map(Operator.AggregateCall::sql).distinct().toList();
        if (calls.isEmpty()) {
            return "";
        }
        return " (" + String.join(", ", calls) + (calls.size() == 1 ? " keeps" : " keep") + " one value per entry: "
                + (calls.size() == 1 ? "it reads" : "they read") + " grouping keys alone)";
    }

    /** What a global aggregation's accumulators keep that grows: {@code COUNT(DISTINCT user_id) keeps every distinct user_id}. */
    private static String growing(Operator.GroupAggregate aggregate) {
        List<String> parts = new ArrayList<>();
        for (Operator.AggregateCall call : aggregate.calls().orElse(List.of())) {
            if (call.constantState()) {
                continue;
            }
            if (call.distinct()) {
                parts.add(call.sql() + " keeps every distinct value it has counted");
            } else if (call.retracts().orElse(false)) {
                parts.add(call.sql() + " keeps every value it may fall back to when a row is retracted (its input updates)");
            } else {
                parts.add(call.sql() + " keeps what it collects");
            }
        }
        return parts.isEmpty() ? "its accumulators keep what they collect" : String.join("; ", parts);
    }

    private static String joinReason(Operator.Join join, String ttl, StatementNames names) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        Optional<ViewJoin> inView = viewSides(join, names);
        String sides = inputs.size() == 2
                ? " (left: " + names.joinSide(join.node(), 0) + inView.map(v -> aliased(v.leftTable(), v.left())).orElse("")
                        + ", right: " + rightSide(join, names) + inView.map(v -> aliased(v.rightTable(), v.right())).orElse("")
                        + inView.map(v -> ", joined in the view " + v.view()).orElse("") + ")"
                : "";
        StringBuilder reason = new StringBuilder(join.node().label()).append(" is a regular ").append(join.joinType())
                .append(" join").append(sides);
        Optional<OneRowSide> oneRow = inputs.size() == 2 ? OneRowSide.of(join, names.plan()) : Optional.empty();
        if (join.leftKeys().isEmpty() && oneRow.isPresent()) {
            int other = 1 - oneRow.get().side();
            reason.append(" without an equality key: it keeps every row of its ").append(other == 0 ? "left" : "right")
                    .append(" input, and of its ").append(oneRow.get().name()).append(" input the one row of ")
                    .append(oneRow.get().aggregate().node().label()).append(oneRow.get().holds());
        } else if (join.leftKeys().isEmpty()) {
            // A condition of the statement's that Flink's plan lost (join reorder) is said, not taken for the user's.
            reason.append(LostJoinCondition.of(join, names.plan(), names.context())
                    .orElse(" without an equality key: it keeps every row of both inputs"));
        } else {
            reason.append(" on ").append(condition(join, inputs, names)).append(": ").append(keeps(join, names))
                    .append(", to match the other side's later rows");
        }
        Optional<Duration> leftTtl = stateTtl(join.node(), "leftState");
        Optional<Duration> rightTtl = stateTtl(join.node(), "rightState");
        Duration max = names.context().option(StateTtlOptions.MAX_STATE_TTL);
        boolean leftForever = leftTtl.map(t -> StateTtl.neverExpires(t, max)).orElse(true);
        boolean rightForever = rightTtl.map(t -> StateTtl.neverExpires(t, max)).orElse(true);
        JoinPins pins = joinPins(join, names);
        if (inputs.size() == 2 && leftTtl.isPresent() && rightTtl.isPresent() && pins.any()) {
            reason.append(", and ").append(pinnedSides(join, names, pins, leftTtl.get(), rightTtl.get(), max)).append('.');
        } else if (inputs.size() == 2 && leftTtl.isPresent() && rightTtl.isPresent() && leftForever != rightForever) {
            int forever = leftForever ? 0 : 1;
            Duration other = leftForever ? rightTtl.get() : leftTtl.get();
            String side = forever == 0 ? "left" : "right";
            reason.append(", and the ").append(side).append(" side's state (").append(names.joinSide(join.node(), forever))
                    .append(") never expires (").append(StateTtl.whyNeverExpires(leftForever ? leftTtl.get() : rightTtl.get(), max))
                    .append(", Flink's compiled plan) while the other side's expires after ").append(StateTtl.format(other))
                    .append(", so the ").append(side).append(" side's state grows forever");
            if (!names.context().statement().stateTtlHints().isEmpty()) {
                reason.append("; a STATE_TTL hint gives each side its TTL, and a SET 'table.exec.state.ttl' does not reach"
                        + " a side a hint names");
            }
            reason.append('.');
        } else if (BoundedJoinSide.of(join, names.plan()).isPresent() && inputs.size() == 2) {
            BoundedJoinSide bounded = BoundedJoinSide.of(join, names.plan()).get();
            reason.append(", and ").append(ttl).append(", so the ").append(bounded.streamingName())
                    .append(" side's state (").append(sideName(join, bounded.streaming(), names)).append(") grows forever; the ")
                    .append(bounded.name()).append(" side (").append(sideName(join, bounded.side(), names))
                    .append(") is a bounded source, read once: its state holds the rows read, no more, and they must stay"
                            + " for the join to keep matching.");
        } else if (oneRow.isPresent()) {
            int other = 1 - oneRow.get().side();
            reason.append(", and ").append(ttl).append(", so the ").append(other == 0 ? "left" : "right")
                    .append(" side's state (").append(sideName(join, other, names)).append(") grows forever; the ")
                    .append(oneRow.get().name()).append(" side's state (").append(sideName(join, oneRow.get().side(), names))
                    .append(") holds one row.");
        } else {
            reason.append(", and ").append(ttl).append(", so both sides' state grows forever.");
        }
        List<Operator.Bound> bounds = join.bounds().stream().filter(Operator.Bound::onTimestamps).toList();
        if (!bounds.isEmpty() && inputs.size() == 2) {
            reason.append(' ').append(notAnIntervalJoin(join, bounds, inputs, names));
        }
        return reason.toString();
    }

    /**
     * A join input that is an aggregation without {@code GROUP BY} (through exchanges and calcs): an uncorrelated
     * {@code EXISTS} or {@code NOT EXISTS} over a table, which Flink plans as such an aggregation (the {@code MIN} of a
     * constant) under a SEMI or ANTI join without an equality key (SemiAntiJoinTest#testExistsWithUncorrelated_ComplexCondition,
     * Flink 2.3.0). That aggregation has one result row, which each update replaces ({@code GroupAggFunction}), so the
     * join keeps one row of that input.
     *
     * @param side 0 left, 1 right
     * @param aggregate the aggregation without {@code GROUP BY}
     */
    public record OneRowSide(int side, Operator.GroupAggregate aggregate) {

        /** The one side of {@code join} whose input is an aggregation without {@code GROUP BY}; empty for none or both. */
        public static Optional<OneRowSide> of(Operator.Join join, ExplainedPlan plan) {
            List<PlanNode> inputs = plan.inputs(join.node());
            List<OneRowSide> sides = new ArrayList<>();
            for (int side = 0; side < inputs.size(); side++) {
                Optional<PlanNode> below = belowExchangesAndCalcs(plan, Optional.of(inputs.get(side)));
                int s = side;
                plan.operators(Operator.GroupAggregate.class).stream()
                        .filter(a -> below.map(b -> b.id() == a.node().id()).orElse(false) && a.groupBy().isEmpty())
                        .findFirst().ifPresent(a -> sides.add(new OneRowSide(s, a)));
            }
            return sides.size() == 1 ? Optional.of(sides.get(0)) : Optional.empty();
        }

        /**
         * The aggregation of an uncorrelated {@code EXISTS} or {@code NOT EXISTS} in {@code plan}, where {@code node} is one:
         * the right input of a SEMI or ANTI join ({@link OneRowSide}) whose every call is a {@code MIN} or {@code MAX} of
         * the constant {@code TRUE} its input projects alone (Calcite's {@code SubQueryRemoveRule#rewriteExists}: {@code
         * MIN(i)} over {@code true AS i}), read from the compiled plan's projection ({@link Operator.Argument#constant}; a
         * plan from EXPLAIN text does not say, and has no such aggregation here). No SELECT of the
         * statement writes it, and it keeps one value, {@code TRUE}, whatever its input updates ({@code
         * MinWithRetractAggFunction} keeps a count per value): one row of state.
         */
        public static boolean existsMarker(ExplainedPlan plan, PlanNode node) {
            Optional<Operator.GroupAggregate> aggregate = plan.operators(Operator.GroupAggregate.class).stream()
                    .filter(a -> a.node().id() == node.id()).findFirst();
            if (aggregate.isEmpty() || !aggregate.get().groupBy().isEmpty() || aggregate.get().calls().isEmpty()
                    || aggregate.get().calls().get().isEmpty() || !aggregate.get().calls().get().stream()
                            .allMatch(c -> (c.function().equals("MIN") || c.function().equals("MAX")) && !c.distinct())) {
                return false;
            }
            boolean rightOfSemiOrAnti = plan.operators(Operator.Join.class).stream()
                    .filter(j -> j.joinType().equals("SEMI") || j.joinType().equals("ANTI"))
                    .flatMap(j -> of(j, plan).stream())
                    .anyMatch(side -> side.side() == 1 && side.aggregate().node().id() == node.id());
            // The argument each call reads is the constant TRUE, from the compiled plan's projection (Operator.Argument's
            // constant: a LITERAL in the Calc's "projection"); an EXPLAIN text's plan does not say, and no aggregation
            // of it is taken for the marker.
            return rightOfSemiOrAnti && aggregate.get().calls().get().stream()
                    .allMatch(c -> c.arguments().map(a -> a.size() == 1
                            && a.get(0).constant().map(v -> v.equalsIgnoreCase("true")).orElse(false)).orElse(false));
        }

        /** The side as a message names it: {@code left} or {@code right}. */
        String name() {
            return side == 0 ? "left" : "right";
        }

        /** What the join keeps of this side, said after the aggregation's label. */
        String holds() {
            return ", an aggregation without GROUP BY (its one result row, each update replacing it: the join holds that"
                    + " row alone)";
        }
    }

    /**
     * Why a join's state grows where a {@code STATE_TTL} hint pins a side of it to never expire ({@link JoinPins}):
     * the pin named as the user's choice ({@link HintPin#pinned}), and the other side's TTL, from the compiled plan.
     */
    private static String pinnedSides(
            Operator.Join join, StatementNames names, JoinPins pins, Duration leftTtl, Duration rightTtl, Duration max) {
        if (pins.left() && pins.right()) {
            return HintPin.pinned("both sides' state", pins.named(0, 1)) + ", so both sides' state grows forever";
        }
        int pinned = pins.left() ? 0 : 1;
        Duration other = pinned == 0 ? rightTtl : leftTtl;
        String side = pinned == 0 ? "left" : "right";
        String otherSide = pinned == 0 ? "right" : "left";
        String why = HintPin.pinned("the " + side + " side's state (" + sideName(join, pinned, names) + ")",
                pins.named(pinned));
        if (StateTtl.neverExpires(other, max)) {
            return why + ", while the " + otherSide + " side's state (" + sideName(join, 1 - pinned, names)
                    + ") never expires as well: " + StateTtl.whyNeverExpires(other, max) + " (Flink's compiled plan), so"
                    + " both sides' state grows forever";
        }
        return why + ", while the " + otherSide + " side's state expires after " + StateTtl.format(other) + ", so the "
                + side + " side's state grows forever";
    }

    /** How a message names the side {@code side} of {@code join} ({@link StatementNames#joinSide}, {@link #rightSide}). */
    static String sideName(Operator.Join join, int side, StatementNames names) {
        return side == 0 ? names.joinSide(join.node(), 0) : rightSide(join, names);
    }

    /**
     * What the join keeps of each input per join key, from Flink's plan ({@link Operator.JoinInput}): every row of an
     * input without a unique key, the latest row per unique key, or one row where the unique key lies within the join
     * key; "every row of both inputs" where the plan does not say.
     */
    private static String keeps(Operator.Join join, StatementNames names) {
        Optional<Operator.JoinInput> left = join.leftInput();
        Optional<Operator.JoinInput> right = join.rightInput();
        boolean bothWithout = left.isPresent() && right.isPresent()
                && left.get().kind() == Operator.JoinInput.Kind.NO_UNIQUE_KEY
                && right.get().kind() == Operator.JoinInput.Kind.NO_UNIQUE_KEY;
        if (left.isEmpty() || right.isEmpty() || bothWithout) {
            return "it keeps every row of both inputs, per join key";
        }
        return "it keeps, per join key, " + keeps(left.get(), "left", names) + ", and " + keeps(right.get(), "right", names);
    }

    /** One input's part; its unique key's columns by the names the statement gives them (a renamed {@code region0} as {@code region}). */
    private static String keeps(Operator.JoinInput input, String side, StatementNames names) {
        List<String> columns = input.uniqueKey().stream().map(k -> names.keyName(k).orElse(k)).toList();
        String key = columns.isEmpty() ? "" : " (" + SqlIdentifiers.planNames(columns) + ")";
        return switch (input.kind()) {
            case NO_UNIQUE_KEY -> "every row of the " + side + " input (it has no unique key)";
            case HAS_UNIQUE_KEY -> "the latest row per unique key" + key + " of the " + side + " input";
            case JOIN_KEY_CONTAINS_UNIQUE_KEY -> "one row of the " + side + " input (its unique key" + key
                    + " lies within the join key)";
        };
    }

    /**
     * The right side of a join as a message names it: for a SEMI or ANTI join, the IN or EXISTS subquery (Flink puts
     * the subquery on the right), whose table the statement may also read elsewhere under another alias, or the query
     * after the statement's INTERSECT or EXCEPT ({@link SemiJoinSides}).
     */
    private static String rightSide(Operator.Join join, StatementNames names) {
        String side = names.joinSide(join.node(), 1);
        if (!semiOrAnti(join) || side.startsWith("the subquery's side")) {
            return side;
        }
        // The right side's name says which subquery, an INTERSECT's or EXCEPT's query after it, or both where the
        // statement writes both (SemiJoinSides#rightSide).
        SemiJoinSides sides = SemiJoinSides.of(join.joinType(), names.context().statement().facts(), names.plan().views());
        return sides.rightSide() + sides.where() + ", over "
                + side;
    }

    /** The TTL of {@code node}'s state {@code name} in Flink's compiled plan ({@code leftState}), if it lists one. */
    static Optional<Duration> stateTtl(PlanNode node, String name) {
        return node.state().stream().filter(st -> st.name().equals(name)).map(OperatorState::ttl).findFirst();
    }

    /**
     * True when {@code join} has a bounded side ({@link BoundedJoinSide}) and its streaming side's state expires: the
     * state that never expires is the bounded side's, which holds the rows read once and no more.
     */
    private static boolean streamingSideExpires(Operator.Join join, ExplainedPlan plan, Duration max) {
        return BoundedJoinSide.of(join, plan)
                .flatMap(bounded -> stateTtl(join.node(), bounded.streamingState()))
                .map(ttl -> !StateTtl.neverExpires(ttl, max))
                .orElse(false);
    }

    /**
     * The equality condition by column, each side qualified by the name the statement gives its table, a column of
     * the subquery's side as the subquery's; a key Flink computed ({@code SUBSTRING(b, 1, 5)}) as Flink prints it,
     * unqualified (a qualifier before a call is no SQL), a column Flink renamed ({@code b0}) by the name it copies.
     */
    private static String condition(Operator.Join join, List<PlanNode> inputs, StatementNames names) {
        String left = inputs.size() == 2 ? qualifier(join, 0, names) : "";
        String right = inputs.size() == 2 ? qualifier(join, 1, names) : "";
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < join.leftKeys().size() && i < join.rightKeys().size(); i++) {
            pairs.add(key(left, join.leftKeys().get(i), names) + " = " + key(right, join.rightKeys().get(i), names));
        }
        return String.join(" AND ", pairs);
    }

    private static String key(String qualifier, String key, StatementNames names) {
        String name = names.keyName(key).orElse(key);
        return StatementNames.plainName(name) ? qualifier + SqlIdentifiers.planName(name) : name;
    }

    /**
     * {@code o.} for a side that reads one table the statement names {@code o}; {@code the subquery's } for the side
     * Flink built from a correlated subquery, {@code the query after EXCEPT's } for the side an EXCEPT's second query
     * reads a table of the first under ({@link SemiJoinSides}); empty otherwise.
     */
    private static String qualifier(Operator.Join join, int side, StatementNames names) {
        if (names.correlatedSubquerySide(join.node(), side)) {
            return "the subquery's ";
        }
        Optional<String> name = hintSide(join, side, names).or(() -> side(names.plan().inputs(join.node()).get(side), names))
                .or(() -> viewSides(join, names).map(v -> side == 0 ? v.left() : v.right()));
        if (name.isPresent()) {
            return SqlIdentifiers.sql(name.get()) + ".";
        }
        if (side == 1 && semiOrAnti(join)) {
            SemiJoinSides sides =
                    SemiJoinSides.of(join.joinType(), names.context().statement().facts(), names.plan().views());
            return sides.innerQualifier();
        }
        return "";
    }

    /** {@link #qualifier} of each side. */
    private static List<String> qualifiers(Operator.Join join, StatementNames names) {
        return List.of(qualifier(join, 0, names), qualifier(join, 1, names));
    }

    /**
     * The join of a view the statement reads ({@link #viewJoin}) where the statement names neither side itself: its
     * condition is the view's, and the view's query names the sides ({@code FROM payments p JOIN refunds r}).
     */
    private static Optional<ViewJoin> viewSides(Operator.Join join, StatementNames names) {
        if (hintSide(join, 0, names).isPresent() || hintSide(join, 1, names).isPresent()) {
            return Optional.empty();
        }
        return viewJoin(join, names);
    }

    /** {@code " AS p"} where the view's query reads {@code table} under the alias {@code name}; empty where it reads it unaliased. */
    private static String aliased(String table, String name) {
        return name.equals(table) ? "" : " AS " + SqlIdentifiers.sql(name);
    }

    /**
     * Why a join whose condition bounds a timestamp of each side (the shape of an interval join) is a
     * regular join: Flink plans an interval join only for a join that is not a SEMI or ANTI join (an
     * {@code IN} or {@code EXISTS} subquery), and only when both bounds compare time attributes of the
     * same kind, with a lower and an upper bound ({@code StreamPhysicalIntervalJoinRule}: "converts
     * non-SEMI/ANTI FlinkLogicalJoin with window bounds"; {@code IntervalJoinUtil}, Flink 2.3.0).
     */
    private static String notAnIntervalJoin(
            Operator.Join join, List<Operator.Bound> bounds, List<PlanNode> inputs, StatementNames names) {
        Operator.Bound bound = bounds.get(0);
        if (semiOrAnti(join)) {
            // The bounds may well be an interval join's: the join type is what Flink does not plan as one.
            return "Its condition bounds " + SqlIdentifiers.planName(bound.right().name()) + " by "
                    + SqlIdentifiers.planName(bound.left().name()) + " like an interval"
                    + " join, but the condition is in an IN or EXISTS subquery, which Flink plans as "
                    + ("ANTI".equals(join.joinType()) ? "an " : "a ") + join.joinType() + " join, and Flink plans an interval join only for a JOIN (inner or outer), never for a SEMI or ANTI"
                    + " join: this one is a regular join whatever its bounds.";
        }
        String shape = "Its condition bounds " + SqlIdentifiers.planName(bound.right().name()) + " by "
                + SqlIdentifiers.planName(bound.left().name())
                + " like an interval join, but Flink planned a regular join: ";
        Optional<IntervalJoinBounds> timeBounds = intervalBounds(join, inputs, names);
        if (timeBounds.isPresent()) {
            return shape + timeBounds.get().lacking() + ".";
        }
        Optional<WindowEndBound> windowEnd = WindowEndBound.of(join, inputs, names, qualifiers(join, names));
        if (windowEnd.isPresent()) {
            return shape + windowEnd.get().reason() + ".";
        }
        List<String> notTime = new ArrayList<>();
        if (!names.isTimeAttributeBelow(inputs.get(0), bound.left().name())) {
            notTime.add(SqlIdentifiers.planName(bound.left().name()) + " (" + names.tables(inputs.get(0)) + ")");
        }
        if (!names.isTimeAttributeBelow(inputs.get(1), bound.right().name())) {
            notTime.add(SqlIdentifiers.planName(bound.right().name()) + " (" + names.tables(inputs.get(1)) + ")");
        }
        // A column computed from the wall clock holds the time a row is read: no WATERMARK fits it.
        List<String> wallClock = new ArrayList<>();
        List<String> wallClockNames = new ArrayList<>();
        boolean proctimeColumn = false;
        for (int side = 0; side < 2; side++) {
            Column column = side == 0 ? bound.left() : bound.right();
            Optional<String> function = names.wallClock(inputs.get(side), column.name());
            if (function.isPresent()) {
                String described = SqlIdentifiers.planName(column.name()) + " (" + names.tables(inputs.get(side)) + ")";
                wallClock.add(described + " is computed from " + function.get());
                wallClockNames.add(described);
                proctimeColumn |= function.get().equals("PROCTIME");
            }
        }
        if (!wallClock.isEmpty()) {
            List<String> others = notTime.stream().filter(n -> !wallClockNames.contains(n)).toList();
            String plain = others.isEmpty() ? "" : String.join(" and ", others) + (others.size() == 1
                    ? " is not a time attribute (no WATERMARK is declared on it, and it is not PROCTIME()); "
                    : " are not time attributes (no WATERMARK is declared on them, and they are not PROCTIME()); ");
            return shape + plain + String.join(" and ", wallClock) + ", the time a row is read, not a time the row"
                    + " carries, so no WATERMARK is proposed on " + (wallClock.size() == 1 ? "it" : "them") + ": one would"
                    + " make the time of reading event time, and the interval join would match rows by when they were read;"
                    + " where the rows carry their own time (a field of the source), declare the WATERMARK on that field"
                    + (proctimeColumn ? "; a PROCTIME() column is a processing-time attribute, and an interval join bounds"
                            + " times of one kind (both event time or both processing time), so a WATERMARK on the other"
                            + " side would not make one either" : "")
                    + ".";
        }
        String notTimeText = notTime.size() == 1
                ? notTime.get(0) + " is not a time attribute (no WATERMARK is declared on it, and it is not PROCTIME())"
                : String.join(" and ", notTime) + " are not time attributes (no WATERMARK is declared on them, and they"
                        + " are not PROCTIME())";
        Optional<String> proctime = Optional.empty();
        if (notTime.size() == 1) {
            // One side is PROCTIME(): a WATERMARK on the other makes it event time, still not of one kind.
            Column other = notTime.get(0).startsWith(SqlIdentifiers.planName(bound.left().name()) + " (") ? bound.right() : bound.left();
            PlanNode otherInput = other == bound.left() ? inputs.get(0) : inputs.get(1);
            boolean processing = names.plan().timeAttributesBelow(otherInput).stream()
                    .anyMatch(c -> c.name().equals(other.name()) && c.timeAttribute() == Column.TimeAttribute.PROCTIME);
            if (processing) {
                proctime = Optional.of(SqlIdentifiers.planName(other.name()) + " (" + names.tables(otherInput) + ") is a processing-time attribute"
                        + " (PROCTIME()), and an interval join bounds times of one kind (both event time or both processing"
                        + " time): a WATERMARK on " + notTime.get(0).substring(0, notTime.get(0).indexOf(" ("))
                        + " would not make it one either, so none is proposed");
            }
        }
        if (notTime.size() == 1) {
            return shape + notTimeText + ", and an interval join bounds time attributes only" + proctime.map(p -> "; " + p).orElse("")
                    + ".";
        }
        if (notTime.size() == 2) {
            return shape + notTimeText + ", and an interval join bounds time attributes only.";
        }
        // Both columns are time attributes of the tables below, yet the join's input carries one as a plain value: an
        // aggregation or a regular join between materialized it (the plan's output types say where).
        List<String> materialized = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            Column column = side == 0 ? bound.left() : bound.right();
            PlanNode input = inputs.get(side);
            names.plan().materializesTimeAttribute(input, column.name()).ifPresent(at -> materialized.add(
                    SqlIdentifiers.planName(column.name()) + " (" + names.tables(input) + ") is a time attribute of the table, but reaches the join"
                            + " through " + at.label() + ", after which it is a plain TIMESTAMP (Flink keeps no time attribute"
                            + " through a regular aggregation or join)"));
        }
        if (!materialized.isEmpty()) {
            return shape + String.join(", and ", materialized) + "; an interval join bounds time attributes only, so"
                    + " bound the rows by time before they are aggregated or joined, or keep the time attribute through a"
                    + " window aggregation (window_time).";
        }
        Optional<String> plainBound = plainBound(join, bounds, inputs, names);
        if (plainBound.isPresent()) {
            return shape + plainBound.get() + ".";
        }
        return shape + "an interval join needs a lower and an upper bound on time attributes of one kind (both event"
                + " time or both processing time), which this condition does not give.";
    }

    /**
     * The bound of {@code bounds} that compares a plain column (no time attribute where it reaches the join), named as
     * the statement qualifies it, where the first bound compares time attributes: Flink takes such a comparison as no
     * bound of an interval join ({@code IntervalJoinUtil#identifyTimePredicate} needs a time attribute on each side,
     * Flink 2.3.0), so the condition bounds its time attributes from one side only and Flink plans a regular join
     * (Nexmark q4: {@code B.dateTime BETWEEN A.dateTime AND A.expires}, whose upper bound {@code A.expires} is a plain
     * {@code TIMESTAMP}); empty where no bound does.
     */
    private static Optional<String> plainBound(
            Operator.Join join, List<Operator.Bound> bounds, List<PlanNode> inputs, StatementNames names) {
        List<String> qualifiers = qualifiers(join, names);
        for (Operator.Bound bound : bounds) {
            boolean leftPlain = !names.isTimeAttributeBelow(inputs.get(0), bound.left().name());
            boolean rightPlain = !names.isTimeAttributeBelow(inputs.get(1), bound.right().name());
            if (leftPlain == rightPlain) {
                continue;
            }
            String l = qualifiers.get(0) + SqlIdentifiers.planName(bound.left().name());
            String r = qualifiers.get(1) + SqlIdentifiers.planName(bound.right().name());
            // leftLower: l >= r, so r bounds l from below and l bounds r from above.
            String plain = leftPlain ? l : r;
            String other = leftPlain ? r : l;
            boolean upper = leftPlain == bound.leftLower();
            String table = names.tables(inputs.get(leftPlain ? 0 : 1));
            return Optional.of("its " + (upper ? "upper" : "lower") + " bound of " + other + ", " + plain + " (" + table
                    + "), is a plain column that carries no time attribute: Flink takes that comparison as no bound of an interval join, which leaves " + other
                    + " bounded from " + (upper ? "below" : "above") + " only, and an interval join needs a lower and an"
                    + " upper bound on time attributes of one kind");
        }
        return Optional.empty();
    }

    private static String sinkReason(Operator.Sink sink, String ttl) {
        String table = sink.node().table().map(ObjectIdentifier::getObjectName).orElse("the sink table");
        String key = sink.primaryKey().isEmpty() ? "primary key" : SqlIdentifiers.planNames(sink.primaryKey());
        String keeps = sink.keepsHistory()
                ? "every row it has received and not seen retracted"
                        + sink.conflictStrategy().map(s -> " (ON CONFLICT DO " + s + ")").orElse("")
                : "the current row, buffering later ones until the watermark passes them (ON CONFLICT DO "
                        + sink.conflictStrategy().orElse("NOTHING") + ")";
        String upsert = sink.upsertKey().isEmpty() ? ""
                : " The query's upsert key is " + SqlIdentifiers.planNames(sink.upsertKey()) + ", not the sink's " + key
                        + ", which is why Flink materializes.";
        return "The upsert materializer Flink puts before the sink into " + table + " (" + sink.node().label()
                + ", keyed by the sink's primary key " + key + ") keeps, per " + key + ", " + keeps + ", and " + ttl
                + ": its state grows with every " + key + " written." + upsert;
    }

    private static String fix(Operator operator, StatementNames names, AdvisedValues advised, ExplainedPlan plan) {
        PlanNode node = operator.node();
        if (operator instanceof Operator.GroupAggregate aggregate && HintPin.pins(operator, plan)) {
            List<String> keys = aggregate.splitDistinctPartial() ? finalKeys(aggregate, names) : groupKeys(aggregate, names);
            return HintPin.fix(SqlIdentifiers.planNames(keys), distinctUnderTtl(aggregate, keys), names.context(), plan,
                    names.context().option(StateTtlOptions.MAX_STATE_TTL), advised, joinSidePins(names),
                    aggregationInput(node, names));
        }
        if (operator instanceof Operator.GroupAggregate aggregate) {
            return aggregateFix(aggregate, names, advised).text();
        }
        if (operator instanceof Operator.Join join) {
            return joinFix(join, names, advised, Optional.empty());
        }
        if (operator instanceof Operator.Sink sink) {
            return sinkFix(sink, advised);
        }
        if (operator instanceof Operator.Deduplicate dedup && dedup.keepLastRow() && versionedSideOfTemporalJoin(plan, node)) {
            return "Keep the deduplication: it is the versioned side of a temporal join (FOR SYSTEM_TIME AS OF), and its"
                    + " state is the latest row per key, as many rows as that side has keys; a window deduplication cannot"
                    + " replace it (its result has no primary key, which a versioned table needs). "
                    + versionedKeyFix(dedup, names) + " A TTL for the job ("
                    + advised.setStateTtl() + ") forgets a key's latest row when it goes unchanged that long, and the"
                    + " temporal join takes it as an idle timeout: "
                    + TemporalJoins.idleTimeout(advised.stateTtlText(), TemporalJoins.of(plan)) + ".";
        }
        if (operator instanceof Operator.Deduplicate dedup) {
            // A first row is written once and a duplicate only reads it (OnCreateAndWrite): its TTL runs from the first row.
            return "Bound the state with a TTL longer than " + (dedup.keepLastRow() ? "a key stays active"
                    : "duplicates of a row keep arriving after it (the TTL of the first row kept runs from its arrival: a"
                            + " duplicate does not renew it)")
                    + ": " + advised.setStateTtl() + " (a STATE_TTL hint does not"
                    + " reach a Deduplicate); " + windowDeduplication(dedup);
        }
        if (operator instanceof Operator.ChangelogNormalize) {
            // A change that finds its key's row expired is lost (DeduplicateFunctionHelper#processLastRowOnChangelog):
            // a delete is dropped, an update comes without the retraction of the row it replaces.
            return "Bound the state with a TTL longer than the longest time between two changes of one key, its delete"
                    + " included (a change arriving after its key's row expired is lost: a delete is dropped, an update"
                    + " retracts nothing): " + advised.setStateTtl() + " (a STATE_TTL hint reaches only regular joins and"
                    + " aggregations, not " + node.name() + ").";
        }
        if (node.is("MultiJoin")) {
            // Flink 2.3.0 gives each input of a MultiJoin the TTL a STATE_TTL hint names for it (asked of Flink: a hint
            // on the joining SELECT naming its three inputs put 1 d, 2 d and 3 d on input-state-0, -1 and -2).
            return "Bound the join's state with a TTL longer than a row must wait for its match: " + advised.setStateTtl()
                    + ", or per input with a STATE_TTL hint on the joining SELECT that names each of its inputs.";
        }
        return "Bound the state with a TTL longer than a key stays active: " + advised.setStateTtl() + " (a STATE_TTL hint reaches only"
                + " regular joins and aggregations, not " + node.name() + ").";
    }

    /**
     * The window deduplication a Deduplicate could become: only one ordered by event time. Flink plans a
     * {@code WindowDeduplicate} for an order on either time attribute ({@code RankUtil#canConvertToDeduplicate})
     * but refuses one over processing time when it translates it: "Processing time Window Deduplication is not
     * supported yet." ({@code StreamExecWindowDeduplicate#translateToPlanInternal}, Flink 2.3.0 and 1.20; the
     * Window Deduplication page's "Limitation on time attribute of order key").
     */
    private static String windowDeduplication(Operator.Deduplicate dedup) {
        if (dedup.rowtime()) {
            return "or deduplicate per window (a window deduplication frees each window's state when it closes).";
        }
        return "no window deduplication (which frees each window's state when it closes) is offered: Flink refuses one"
                + " ordered by processing time, as this one is.";
    }

    /**
     * The first node at or below {@code node} that is not an {@code Exchange} or a {@code Calc}, following each one's
     * first input; empty where {@code node} is, or the plan lacks an input on the way.
     */
    private static Optional<PlanNode> belowExchangesAndCalcs(ExplainedPlan plan, Optional<PlanNode> node) {
        Optional<PlanNode> below = node;
        while (below.isPresent() && (below.get().is("Exchange") || below.get().is("Calc"))
                && !below.get().inputs().isEmpty()) {
            below = plan.node(below.get().inputs().get(0));
        }
        return below;
    }

    /**
     * True when {@code node} feeds the versioned (second) input of a {@code TemporalJoin}, through
     * exchanges and calcs only: Flink's {@code TemporalJoinRewriteWithUniqueKeyRule} and {@code
     * StreamPhysicalTemporalJoinRule} take a last-row {@code Deduplicate} (ROW_NUMBER() ... DESC, rn =
     * 1) as a versioned view, as TemporalJoinTest's {@code rates_last_row_rowtime} (Flink 2.3.0).
     */
    private static boolean versionedSideOfTemporalJoin(ExplainedPlan plan, PlanNode node) {
        for (PlanNode join : TemporalJoins.of(plan)) {
            if (join.inputs().size() < 2) {
                continue;
            }
            Optional<PlanNode> below = belowExchangesAndCalcs(plan, plan.node(join.inputs().get(1)));
            if (below.isPresent() && below.get().id() == node.id()) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a TTL does to the partial aggregation of a DISTINCT split without {@code GROUP BY}, keyed by the buckets alone:
     * its state is one entry per distinct value of a bucket ({@code MiniBatchIncrementalGroupAggFunction} keeps no
     * accumulator, only the DISTINCT calls' state views per bucket under the TTL; {@code GroupAggFunction} keeps a
     * bucket's accumulator beside them, written by each of its rows, Flink 2.3.0), and the TTL expires each value on its
     * own: over an insert-only input the TTL after it was first counted however often it comes again (Flink writes a
     * value's entry only when it is new: {@code DistinctAggCodeGen}), over an updating one once it goes unseen that long.
     * Its next arrival is new to the bucket and the partial aggregation sends it on: the final aggregation adds it to
     * the total again. The partial aggregation's TTL never lowers the total; the final aggregation's own TTL (under a
     * {@code SET}) starts the total anew once the stream stays idle that long.
     */
    private static String bucketsUnderTtl(Operator.GroupAggregate aggregate) {
        List<Operator.AggregateCall> distinct = aggregate.growingDistinctCalls();
        List<String> calls = distinct.stream().map(Operator.AggregateCall::sql).distinct().toList();
        String verbs = String.join(" or ", distinct.stream().map(Operator.AggregateCall::takesAs).distinct().toList());
        boolean insertOnly = !distinct.isEmpty() && distinct.stream().allMatch(c -> c.retracts().equals(Optional.of(false)));
        return "only where counting a value again is acceptable: a TTL expires each distinct value of "
                + (calls.isEmpty() ? "its DISTINCT calls" : String.join(", ", calls)) + " in a bucket "
                + (insertOnly
                        ? "the TTL after it was first " + verbs + ", however often it comes again (Flink writes a value's"
                                + " entry only when it is new)"
                        : "once it goes unseen that long")
                + ", so its next arrival is " + (verbs.isEmpty() ? "taken in" : verbs) + " again and the total grows past"
                + " the true one (the final aggregation, given the TTL too, starts the total anew only once the stream stays"
                + " idle that long)";
    }

    /**
     * What a TTL does to the {@code DISTINCT} calls of an aggregation while its key stays active, where "a TTL longer than
     * a key stays active" would not keep them exact: the head of its fix, from "longer than", for the TTL that does; empty
     * where the aggregation has no such call. Flink keeps a {@code DISTINCT} call's values in map state, one entry per
     * value, under the operator's TTL, which expires each entry on its own ({@code TtlMapState}), and the key's
     * accumulator is written at each of its rows. Over an insert-only input a value's entry is written only when the
     * value is new to its key ({@code DistinctAggCodeGen}: "update value only when value changed", Flink 2.3.0) and the
     * TTL is set on create and write ({@code StateConfigUtil#createTtlConfig}): it expires the TTL after the value was
     * first counted however often it comes again, and its next arrival is counted again, while the key is active. A call over grouping keys alone has one value per key, written at the key's first
     * row, so counted again once per TTL. Over an updating input each row of a value rewrites its entry: it expires once
     * the value goes unseen that long, and its retraction then finds nothing. The split's partial aggregation with a
     * {@code GROUP BY} keeps them per key and bucket and sends a value counted again on to the final aggregation, which
     * adds it to the key's total ({@code SplitAggregateRule}).
     *
     * @param keys the statement's keys of the aggregation (a split's final ones); empty for a global aggregation, or one
     *     of GROUPING SETS alone
     */
    private static Optional<String> distinctUnderTtl(Operator.GroupAggregate aggregate, List<String> keys) {
        List<Operator.AggregateCall> growing = aggregate.growingDistinctCalls();
        List<Operator.AggregateCall> overKeys = aggregate.distinctCallsOverKeys().stream()
                .filter(c -> c.retracts().equals(Optional.of(false))).toList();
        if (growing.isEmpty() && overKeys.isEmpty()) {
            return Optional.empty();
        }
        // A global aggregation has no key; one of GROUPING SETS alone has keys the statement names as sets.
        boolean global = aggregate.groupBy().isEmpty();
        String key = global ? "" : " (" + (keys.isEmpty() ? "a grouping set" : SqlIdentifiers.planNames(keys)) + ")";
        String active = global ? "while rows keep coming" : "even while the key stays active";
        String sentOn = aggregate.splitDistinctPartial()
                ? " into " + (global ? "the total" : "the key's total") + " (the final aggregation's)"
                : "";
        StringBuilder out = new StringBuilder();
        if (!growing.isEmpty()) {
            List<String> calls = growing.stream().map(Operator.AggregateCall::sql).distinct().toList();
            String verbs = String.join(" or ", growing.stream().map(Operator.AggregateCall::takesAs).distinct().toList());
            boolean insertOnly = growing.stream().allMatch(c -> c.retracts().equals(Optional.of(false)));
            String per = global ? "" : " of a key" + (aggregate.splitDistinctPartial() ? " and bucket" : "");
            // The choice, then what expires and what is counted again: "a TTL longer than a key stays active" does not
            // keep such a call exact, as "even while the key stays active" says.
            out.append("longer than a value of ").append(String.join(", ", calls))
                    .append(insertOnly ? " keeps coming back" : " goes unseen")
                    .append(global ? "" : (insertOnly ? " to its key" : " by its key") + key)
                    .append(", or only where a value ").append(verbs).append(" again is acceptable: ")
                    .append(insertOnly ? DistinctExpiry.firstCounted(per, verbs, active, true, sentOn)
                            : DistinctExpiry.unseen(per, verbs, active, sentOn));
            out.append(global ? " (and a stream idle for the TTL resets the totals)" : "");
        }
        if (!overKeys.isEmpty()) {
            List<String> calls = overKeys.stream().map(Operator.AggregateCall::sql).distinct().toList();
            String verbs = String.join(" or ", overKeys.stream().map(Operator.AggregateCall::takesAs).distinct().toList());
            String reads = DistinctExpiry.overKeys(calls, verbs, sentOn)
                    + " (the value is the key's own: the SELECT can use it with no DISTINCT and no state)";
            if (out.isEmpty()) {
                out.append("longer than a key").append(key).append(" keeps receiving rows, from its first row to its last, or")
                        .append(" only where a value ").append(verbs).append(" again is acceptable: ").append(reads);
            } else {
                out.append("; ").append(reads);
            }
        }
        return Optional.of(out.toString());
    }

    /**
     * The length of a TTL for {@code aggregate} where a {@code DISTINCT} call of it is not kept exact by one longer than a
     * key stays active, from "longer than" (or "only where", for a split's partial aggregation without {@code GROUP BY}:
     * {@link #bucketsUnderTtl}); empty where it has no such call, or where a key buckets time ({@code bucketed}: a TTL
     * covering the bucket keeps the count exact).
     */
    private static Optional<String> distinctHead(Operator.GroupAggregate aggregate, StatementNames names, boolean bucketed) {
        if (aggregate.splitDistinctPartial() && finalKeys(aggregate, names).isEmpty()) {
            return Optional.of(bucketsUnderTtl(aggregate));
        }
        List<String> keys = aggregate.splitDistinctPartial() ? finalKeys(aggregate, names) : groupKeys(aggregate, names);
        return bucketed ? Optional.empty() : distinctUnderTtl(aggregate, keys);
    }

    /**
     * What this rule's fix asks of a TTL for an aggregation of {@code plan} with a {@code DISTINCT} call that one longer
     * than a key stays active does not keep exact ({@link #distinctHead}: "longer than a value of COUNT(DISTINCT v) keeps
     * coming back to its key (k), or only where a value counted again is acceptable: ..."), for a fix of another rule
     * that proposes a TTL for the statement's aggregations ({@code TtlHintIgnoredRule}: a hint moved to the SELECT that
     * aggregates, or the job's TTL); the first such aggregation's, by plan order. Empty where none has such a call.
     * Flink's own aggregation of an uncorrelated {@code EXISTS} ({@link OneRowSide#existsMarker}) is none.
     */
    public static Optional<String> distinctTtl(AnalysisContext context, ExplainedPlan plan) {
        StatementNames names = new StatementNames(plan, context);
        for (Operator.GroupAggregate aggregate : plan.operators(Operator.GroupAggregate.class)) {
            if (aggregate.distinctCalls().isEmpty() || OneRowSide.existsMarker(plan, aggregate.node())) {
                continue;
            }
            Optional<String> head = distinctHead(aggregate, names, timeBucket(aggregate, names).isPresent());
            if (head.isPresent()) {
                return head;
            }
        }
        return Optional.empty();
    }

    /**
     * The time bucket a key of {@code aggregate} makes of the event-time column below it, or, without one, of a plain
     * {@code TIMESTAMP} column it reads ({@link #bucketKey}: {@code CAST(ts AS DATE)}, {@code FLOOR(ts TO HOUR)}, ...).
     */
    private static Optional<TimeBuckets.Bucket> timeBucket(Operator.GroupAggregate aggregate, StatementNames names) {
        Optional<Column> rowtime = names.rowtimeBelow(aggregate.node());
        return rowtime.isPresent() ? rowtime.flatMap(c -> bucketKey(aggregate, names, c))
                : names.plainTimestampsRead(aggregate.node()).stream()
                        .flatMap(c -> bucketKey(aggregate, names, c).stream()).findFirst();
    }

    /**
     * A group aggregation's fix, and whether it leads with the window aggregation its time bucket asks for: where it does
     * not, a proven {@code window-aggregate} rewrite puts its window first ({@link ProvenWay.Window}).
     */
    private record AggregateFix(String text, boolean windowFirst) {}

    private static AggregateFix aggregateFix(Operator.GroupAggregate aggregate, StatementNames names, AdvisedValues advised) {
        PlanNode node = aggregate.node();
        Optional<Column> rowtime = names.rowtimeBelow(node);
        // A key that buckets the event-time column by hand (CAST(ts AS DATE), FLOOR(ts TO HOUR), ...): what it
        // keeps per key is a day (an hour) a row falls in, and a TTL or window must cover that bucket. Without a
        // time attribute, a TIMESTAMP column of the table read that a key buckets so is one a WATERMARK makes
        // event time, and then the same window applies (an hourly report over a table without a watermark).
        Optional<java.util.Map.Entry<Column, TimeBuckets.Bucket>> plain = rowtime.isPresent() ? Optional.empty()
                : names.plainTimestampsRead(node).stream()
                        .flatMap(c -> bucketKey(aggregate, names, c).map(b -> java.util.Map.entry(c, b)).stream())
                        .findFirst();
        Optional<TimeBuckets.Bucket> bucket = timeBucket(aggregate, names);
        Optional<Column> bucketed = plain.map(java.util.Map.Entry::getKey);
        AdvisedValues values = bucket.map(b -> advised.covering(b.size())).orElse(advised);
        // GROUPING SETS, ROLLUP, CUBE: a window aggregation keeps them after window_start, window_end (Flink docs,
        // "Window Aggregation", GROUPING SETS); its keys are the sets', not a list of columns.
        boolean grouping = names.expandBelow(node);
        StringBuilder fix = new StringBuilder("Set a state TTL ");
        Optional<String> distinct = distinctHead(aggregate, names, bucket.isPresent());
        if (distinct.isPresent()) {
            fix.append(distinct.get());
        } else if (aggregate.groupBy().isEmpty()) {
            fix.append("longer than the stream stays idle (a TTL also resets the totals then)");
        } else if (bucket.isPresent()) {
            String key = bucket.get().name();
            String unit = bucket.get().unit();
            fix.append("at least as long as ").append(key).append("'s bucket, the ").append(unit)
                    .append(" a row falls in (each ").append(unit).append("'s total is updated while that ").append(unit)
                    .append("'s rows arrive)");
        } else {
            List<String> keys = aggregate.splitDistinctPartial() ? finalKeys(aggregate, names) : groupKeys(aggregate, names);
            fix.append("longer than a key (").append(keys.isEmpty() ? "a grouping set" : SqlIdentifiers.planNames(keys))
                    .append(") stays active");
        }
        fix.append(": ").append(values.setStateTtl());
        if (aggregate.splitDistinctFinal()) {
            // The SET reaches the split's partial aggregation as well, whose DISTINCT values it expires one by one.
            fix.append(" (it reaches the split's partial aggregation too, whose DISTINCT values it expires one by one, so a"
                    + " value can be counted again: see that aggregation's finding)");
        }
        Optional<String> setOperation = setOperationAggregate(aggregate, names);
        if (setOperation.isPresent()) {
            // Flink's own aggregation of a UNION, INTERSECT or EXCEPT: no SELECT of the statement carries it, so a
            // STATE_TTL hint on either SELECT reaches it no more than a window written in the statement would.
            return new AggregateFix(fix.append(" (a STATE_TTL hint does not reach the aggregation Flink builds for the ")
                    .append(setOperation.get()).append(", on any SELECT: no SELECT of the statement writes it).").toString(), false);
        }
        Optional<ObjectIdentifier> table = names.directTable(node);
        if (table.isPresent() && existsAggregate(node, table.get(), names)) {
            // An aggregation written in an EXISTS subquery's SELECT: Flink drops a STATE_TTL hint there (its compiled
            // plan keeps a TTL of 0 for the aggregation, correlated or not), so only the job's TTL reaches it.
            return new AggregateFix(fix.append(" (it bounds every stateful operator of the job, the SEMI or ANTI join of the EXISTS too; a"
                    + " STATE_TTL hint on the EXISTS subquery's SELECT does not reach this aggregation: Flink drops it when"
                    + " it rewrites the subquery, its compiled plan keeps a TTL of 0 for it).").toString(), false);
        }
        // An aggregation whose SELECT reads a subquery of the table (FROM (SELECT ... FROM t) AS s GROUP BY k): a hint
        // on that SELECT names s, its input; Flink refuses 't' there ("The options of following hints cannot match the
        // name of input tables or views"), and a subquery without an alias cannot be named until it is given one.
        Optional<String> subquery = table.flatMap(t -> subqueryAlias(names, t));
        Optional<String> hint = subquery.isPresent()
                ? subquery.filter(a -> !a.isEmpty()).map(a -> "/*+ STATE_TTL('" + a + "' = '" + values.stateTtlText() + "') */")
                : table.isPresent() ? names.hint(node, values.stateTtlText())
                        .or(() -> groupingHint(node, aggregate, table.get(), names, values.stateTtlText()))
                : subqueryGroupingHint(node, aggregate, names, values.stateTtlText());
        hint.ifPresent(h -> fix.append(", or for this aggregation alone ").append(h).append(" on its SELECT"));
        if (subquery.filter(String::isEmpty).isPresent()) {
            fix.append(", or for this aggregation alone a STATE_TTL hint on its SELECT once its subquery has an alias,"
                    + " naming that alias = '").append(values.stateTtlText()).append("' (not '")
                    .append(table.get().getObjectName()).append("', which the subquery reads: Flink refuses a hint key that"
                            + " is not an input of the hinted SELECT)");
        }
        if (hint.isEmpty()) {
            Optional<String> readView = names.viewHolding(node);
            viewAggregation(node, names).ifPresent(in -> fix.append(", or for this aggregation alone in the view ")
                    .append(in.view()).append(readView.filter(v -> !v.equals(in.view())).map(v -> " (read through " + v + ")")
                            .orElse("")).append(", whose aggregation this is, on its SELECT: /*+ STATE_TTL('")
                    .append(in.input()).append("' = '").append(values.stateTtlText()).append("') */ (the view redefined")
                    .append(" with the hint, as the state-ttl-hint rewrite writes it: every statement that reads the view gets it")
                    .append(in.table() && names.rowtimeBelow(node).isPresent()
                            && !FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()
                            ? "; " + StatementNames.watermarkNote("it") : "")
                    .append(')'));
        }
        fix.append(readOnceUnderSet(names));
        if (hint.isEmpty() && !names.context().statement().stateTtlHints().isEmpty()) {
            hintedJoinRead(node, names.plan()).ifPresent(join -> fix.append(overHintedJoin(values)));
        }
        if (correlation(aggregate, names)) {
            // Flink's own aggregation of a decorrelated subquery: no SELECT of the statement carries it, so neither a
            // hint nor a window written in the statement reaches it.
            return new AggregateFix(fix.append('.').toString(), false);
        }
        // Grouped by one window column, or by window_time alone (renamed too): the same fix (WindowKeys#groupedByOne).
        Optional<WindowKeys.Grouped> byOne = WindowKeys.groupedByOne(names.plan(), aggregate);
        if ((WindowKeys.named(aggregate.groupBy()) || byOne.isPresent()) && WindowKeys.overWindow(names.plan(), node)) {
            // The aggregation reads a window's rows already and groups by its columns: the window aggregation it
            // was written for needs both (window-aggregate-not-recognized), not a new window over its input.
            // Over GROUPING SETS, ROLLUP or CUBE that hold both, the window columns go beside the sets
            // (WindowKeys#groupByBoth; Flink's WindowAggregateTest#testCantTranslateToWindowAgg_CubeWithoutWindowStartEnd).
            if (byOne.isPresent() || aggregate.groupingSets()) {
                fix.append("; or group by both window columns, ")
                        .append(byOne.map(g -> WindowKeys.groupByBoth(aggregate, g.has(), g.as())).orElse(WindowKeys.BESIDE_SETS))
                        .append(" (a window aggregation, which emits each window's result once and frees its state when"
                                + " the window closes)").append(WindowKeys.setsCaveat(aggregate));
            }
            return new AggregateFix(fix.append('.').toString(), false);
        }
        // Right over a window TVF's rows and grouped by none of its columns (window-aggregate-not-recognized): the
        // statement's own window, grouped by both bounds, not a new TUMBLE over the table the window reads.
        Optional<PlanNode> ownWindow = WindowKeys.ungroupedWindow(names.plan(), aggregate);
        if (ownWindow.isPresent()) {
            fix.append("; or, for a result per window of the ")
                    .append(WindowKeys.windowKind(ownWindow.get()).map(k -> k + " window").orElse("window TVF"))
                    .append(" the statement reads (it aggregates that window's rows grouped by none of its columns), ")
                    .append(aggregate.groupBy().isEmpty() ? "GROUP BY window_start, window_end"
                            : "GROUP BY window_start, window_end, " + String.join(", ", aggregate.groupBy()))
                    .append(" (a window aggregation, which emits each window's result once and frees its state when the"
                            + " window closes)");
            return new AggregateFix(fix.append('.').toString(), false);
        }
        Optional<String> read = names.readName(node);
        Optional<String> view = names.viewHolding(node);
        if (view.isPresent() && rowtime.isPresent()) {
            // The aggregation is the view's: a window over the view would read its result, which has no time
            // attribute; the window goes into the view's own FROM and GROUP BY, and every query over it changes.
            String keys = grouping ? ", GROUPING SETS (...) as the view writes them"
                    : String.join("", groupKeys(aggregate, names).stream().map(k -> ", " + SqlIdentifiers.planName(k)).toList());
            fix.append("; or aggregate per window in the view ").append(view.get()).append(", whose aggregation this is")
                    .append(" (a window over the view would read its result, which keeps no time attribute): its input")
                    .append(" windowed by TUMBLE(TABLE ..., DESCRIPTOR(").append(SqlIdentifiers.sql(rowtime.get().name())).append("), ")
                    .append(values.windowInterval()).append(") and GROUP BY window_start, window_end").append(keys)
                    .append("; that makes the view's result one per window instead of one since the start, for every")
                    .append(" query that reads ").append(view.get());
            return new AggregateFix(fix.append('.').toString(), false);
        }
        Optional<Column> time = rowtime.or(() -> bucketed.filter(StatementNames::watermarkable));
        if (read.isPresent() && time.isPresent()) {
            // Over a plain TIMESTAMP the window needs the WATERMARK first, and with it a row later than the watermark
            // is dropped by the window (Flink docs, "Window Aggregation": late rows are not processed).
            String perWindow = bucketed.map(c -> "; or declare " + c.name() + " as event time in " + read.get()
                    + " (" + StatementNames.watermark(c.name()) + "; a row later than the"
                    + " watermark is then dropped) and aggregate per window, whose state is freed when it closes: ")
                    .orElse("; or aggregate per window, whose state is freed when it closes: ");
            // A bucket of the rows of a subquery that filters the table: the window goes in its FROM, its WHERE kept.
            Optional<io.github.sqlguard.statement.FilteringQuery> filteredBucket = bucket.isPresent()
                    && !bucket.get().inSubquery() && !grouping ? names.filteringQuery(node) : Optional.empty();
            String keys = grouping ? ", GROUPING SETS (...) as the query writes them"
                    : aggregate.groupBy().isEmpty() ? ""
                    : ", " + String.join(", ", groupKeys(aggregate, names).stream()
                            // a bucket its subquery computes stays a key: the window's columns go beside it
                            .filter(k -> bucket.map(b -> !b.isKey(k) || b.inSubquery()).orElse(true))
                            // as they resolve over the table the window reads: bid.auction for a that renames it;
                            // as the subquery names them where the window goes in the subquery that computes the bucket
                            // or in the subquery that filters
                            .map(k -> SqlIdentifiers.planName(bucket.filter(TimeBuckets.Bucket::inSubquery).isPresent()
                                    ? k : filteredBucket.isPresent() ? filteredBucket.get().nameOf(k)
                                    : names.overTable(k, node))).toList());
            String group = "GROUP BY window_start, window_end" + (keys.equals(", ") ? "" : keys);
            String tumble = "TABLE(TUMBLE(TABLE " + read.get() + ", DESCRIPTOR(" + SqlIdentifiers.sql(time.get().name()) + "), "
                    + values.windowInterval() + "))" + names.viewSelecting(node, time.get());
            int ttlEnd = fix.length();
            // The windows the window-aggregate rewrite offers, from the same source (BucketWindows): CUMULATE first (a
            // result each step, as the query's total is updated during the bucket), then TUMBLE (one result at the
            // bucket's end), named in that order; TUMBLE alone where an operator reads the aggregation's rows.
            Optional<Duration> step = bucket.flatMap(b -> BucketWindows.cumulateStep(names.plan(), node, b.size()));
            if (bucket.isPresent() && step.isPresent()) {
                AdvisedValues.Interval every = AdvisedValues.Interval.of(step.get());
                String unit = bucket.get().unit();
                String stepUnit = every.unit().toLowerCase(java.util.Locale.ROOT);
                fix.append(perWindow).append(group)
                        .append(" over TABLE(CUMULATE(TABLE ").append(read.get()).append(", DESCRIPTOR(")
                        .append(SqlIdentifiers.sql(time.get().name())).append("), INTERVAL '").append(every.amount()).append("' ")
                        .append(every.unit()).append(", ").append(values.windowInterval()).append(")) (each ").append(unit)
                        .append("'s result so far, every ").append(stepUnit).append(", as the query updates it during the ")
                        .append(unit).append("), or over ").append(tumble).append(" (one final result per ").append(unit)
                        .append(", at its end)").append(bucket.get().selectedInPlace());
            } else if (bucket.isPresent()) {
                // A bucket with a step, where an operator reads the aggregation's rows: CUMULATE is not offered, and
                // the fix says why (BucketWindows).
                Optional<String> reader = TimeBuckets.cumulateStep(bucket.get().size()).isEmpty() ? Optional.empty()
                        : BucketWindows.reader(names.plan(), node).map(StatefulWithoutTtlRule::above);
                fix.append(perWindow).append(group).append(" over ")
                        .append(tumble).append(reader.map(r -> " (one final result per " + bucket.get().unit()
                                + ", at its end; not a CUMULATE window, whose result so far at each step would reach " + r
                                + " as a new row)").orElse(" (one window per " + bucket.get().unit()
                                + ", the bucket the query groups by)")).append(bucket.get().selectedInPlace());
            }
            if (filteredBucket.isPresent()) {
                String scanned = names.directTable(node).map(ObjectIdentifier::getObjectName).orElse("the table");
                String query = filteredBucket.get().name();
                fix.append(" (the window in the FROM of ").append(query.isEmpty() ? "the subquery"
                        : (names.context().statement().facts().withItemNames().contains(query) ? "the WITH item "
                                : "the subquery ") + query).append(" in place of ").append(scanned)
                        .append(", its WHERE kept: a window over ").append(scanned).append(" itself would drop it; the")
                        .append(" query selects window_start and window_end beside its columns)");
            }
            if (bucket.isPresent()) {
                fix.append(upperAggregation(names, node));
            }
            if (bucket.isPresent()) {
                // A key that is a time bucket asks for a result per bucket, which a window of that size gives with its
                // state freed when it closes: the structural way first, the TTL after it (issue 30: an expert's first pick).
                String window = fix.substring(ttlEnd + "; or ".length());
                String ttl = fix.substring(0, ttlEnd);
                return new AggregateFix(Character.toUpperCase(window.charAt(0)) + window.substring(1) + "; or "
                        + Character.toLowerCase(ttl.charAt(0)) + ttl.substring(1) + ".", true);
            } else {
                // No time bucket among the keys: a window makes a total since the start a total per window.
                fix.append("; or, where a result per time window is meant rather than one since the start (a window")
                        .append(" changes the result), aggregate per window, whose state is freed when it closes")
                        .append(distinct.isPresent() ? " (each distinct value counted once per window, with no TTL)" : "")
                        .append(": ");
                // A subquery or WITH item that filters the table: the window in its FROM, its WHERE kept, grouped by the
                // names it gives (a for bid.auction), where a window over the table would drop the filter.
                Optional<io.github.sqlguard.statement.FilteringQuery> filtering =
                        grouping ? Optional.empty() : names.filteringQuery(node);
                if (filtering.isPresent()) {
                    fix.append(names.windowedWhereRead(filtering.get(), node, tumble, "aggregation"))
                            .append("GROUP BY window_start, window_end")
                            .append(String.join("", groupKeys(aggregate, names).stream()
                                    .map(k -> ", " + SqlIdentifiers.planName(filtering.get().nameOf(k))).toList()));
                } else {
                    fix.append(group).append(" over ").append(tumble);
                }
                fix.append(" (or the size of a time bucket the query groups by)");
            }
        } else if (read.isPresent() && time.isEmpty() && bucket.isEmpty() && !grouping
                && table.filter(t -> t.getObjectName().equals(read.get())).isPresent()
                && names.filteringQuery(node).isEmpty()) {
            // A table with a PROCTIME() column and no event time: Flink plans a window aggregation on processing time
            // (a WindowAggregate with TUMBLE(time_col=[pt]); only window Top-N, deduplication and join refuse it), whose
            // windows hold the rows that arrive while they are open (WindowAggregate's processing-time triggers fire on
            // the machine's clock): the result depends on arrival, which the fix says.
            names.proctimeRead(node).ifPresent(pt -> fix
                    .append("; or, where a result per window of processing time is meant rather than one since the start")
                    .append(" (a window changes the result), aggregate per window of ").append(read.get())
                    .append("'s PROCTIME() column ").append(pt).append(", whose state is freed when it closes: GROUP BY")
                    .append(" window_start, window_end")
                    .append(String.join("", groupKeys(aggregate, names).stream()
                            .map(k -> ", " + SqlIdentifiers.planName(names.overTable(k, node))).toList()))
                    .append(" over TABLE(TUMBLE(TABLE ").append(read.get()).append(", DESCRIPTOR(")
                    .append(SqlIdentifiers.sql(pt)).append("), ").append(values.windowInterval()).append(")) (or the")
                    .append(" size the result is meant for); a processing-time window holds the rows that arrive while")
                    .append(" it is open, so its result depends on when rows arrive, not on their own time: a backlog, a")
                    .append(" restart or a replay puts rows in other windows"));
        }
        return new AggregateFix(fix.append('.').toString(), false);
    }

    /** The operator that reads an aggregation's rows, in words: {@code the Rank above}, {@code the aggregation above}. */
    private static String above(PlanNode reader) {
        String name = reader.name();
        return name.contains("Aggregate") ? "the aggregation above" : name.contains("Join") ? "the join above"
                : "the " + name + " above";
    }

    /**
     * Where a group aggregation reads {@code node}'s rows ({@link BucketWindows#reader}), what a window over {@code
     * node} leaves to it: its own state per its own keys, which no window's end frees (a count of regions per hour
     * over totals per hour and region keeps an entry per hour); empty where no aggregation reads them.
     */
    private static String upperAggregation(StatementNames names, PlanNode node) {
        Optional<PlanNode> reader = BucketWindows.reader(names.plan(), node);
        Optional<Operator.GroupAggregate> upper = reader.flatMap(r -> names.plan().operators(Operator.GroupAggregate.class)
                .stream().filter(a -> a.node() == r).findFirst());
        if (upper.isEmpty()) {
            return "";
        }
        List<String> keys = groupKeys(upper.get(), names).stream().map(SqlIdentifiers::planName).toList();
        // A key that is a day (CAST(sold_at AS DATE) AS sale_day) keeps one entry per day, said so rather than "per value".
        Optional<TimeBuckets.KeyUnit> unit = keys.stream()
                .map(k -> TimeBuckets.keyUnit(names.context().statement().text(), k)).flatMap(Optional::stream).findFirst();
        List<String> others = unit.map(u -> keys.stream().filter(k -> !k.equals(u.key())).toList()).orElse(keys);
        String entries = unit.map(u -> "one entry per " + u.unit() + (others.isEmpty() ? "" : " and value of "
                + String.join(", ", others)) + " (" + u.key() + " is " + u.what() + ")").orElse("one entry per value");
        return " (the window frees this aggregation's state only: the aggregation above it"
                + (keys.isEmpty() ? ", with no GROUP BY, keeps its one row" : ", grouped by " + String.join(", ", keys)
                + ", keeps its own state per " + String.join(", ", keys) + ", " + entries)
                + " either way)";
    }

    /**
     * The join an aggregation reads (through {@code Calc}s and {@code Exchange}s) where a {@code STATE_TTL}
     * hint gave the join a TTL: a hint on the SELECT that joins and aggregates reaches the join's inputs only.
     */
    private static Optional<PlanNode> hintedJoinRead(PlanNode aggregate, ExplainedPlan plan) {
        PlanNode node = aggregate;
        for (int depth = 0; depth < 64; depth++) {
            List<PlanNode> inputs = plan.inputs(node);
            if (inputs.size() != 1) {
                return Optional.empty();
            }
            node = inputs.get(0);
            if (node.name().equals("Join")) {
                PlanNode join = node;
                return join.state().stream().anyMatch(s -> !s.ttl().isZero()) ? Optional.of(join) : Optional.empty();
            }
            if (!node.name().equals("Calc") && !node.name().equals("Exchange")) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * Why the {@code STATE_TTL} hint of a SELECT that joins and aggregates gives the aggregation no TTL, and how
     * to give it one. Flink 2.3.0 {@code QueryHintsResolver#validateAndGetNewHints} matches a hint to an
     * aggregation by the one name of its input ({@code #extractAliasOrTableName}: an alias, a view's or a table's
     * name), and a join has none, so no key of the hint reaches it (Flink's own hints page writes {@code
     * STATE_TTL('o' = '1d', 'l' = '2d')} over {@code orders AS o JOIN lineitem AS l ... GROUP BY} as "set state
     * ttl for both join and aggregation"; the compiled plan gives the join 1 d and 2 d and the aggregation the
     * session's TTL). A subquery alias is a name: the join read as {@code (SELECT ... JOIN ...) AS joined} and {@code
     * STATE_TTL('joined' = ...)} on the outer SELECT gives the aggregation its TTL (verified on 2.3.0).
     */
    private static String overHintedJoin(AdvisedValues values) {
        return "; its SELECT's STATE_TTL hint reaches the join's inputs only, not this aggregation: Flink matches a"
                + " hint to an aggregation by the name of its input, and the join it reads has none. To give the"
                + " aggregation its own TTL, join in a subquery with an alias (keep the hint there) and name the alias"
                + " in the hint of the SELECT that aggregates: SELECT /*+ STATE_TTL('joined' = '" + values.stateTtlText()
                + "') */ ... FROM (SELECT /*+ STATE_TTL(...) */ ... JOIN ...) AS joined GROUP BY the same keys";
    }

    /** The largest time bucket of {@code column} among the aggregation's keys ({@link TimeBuckets}). */
    private static Optional<TimeBuckets.Bucket> bucketKey(Operator.GroupAggregate aggregate, StatementNames names, Column column) {
        List<TimeBuckets.Bucket> buckets = TimeBuckets.of(names.context().statement().text(), column.name(), column.isLocalZoned());
        return aggregate.groupBy().stream()
                .flatMap(k -> buckets.stream().filter(b -> b.isKey(k)))
                .max(java.util.Comparator.comparing(TimeBuckets.Bucket::size));
    }

    /**
     * The join's fix, without the way a rewrite family proves that {@code omitted} names, if any ({@link ProvenWay}:
     * the lookup or temporal join, written conditionally).
     */
    private static String joinFix(Operator.Join join, StatementNames names, AdvisedValues advised, Optional<String> omitted) {
        // A condition Flink's plan lost (LostJoinCondition): first have Flink join on it, then bound the state.
        String fix = joinTtlFix(join, names, advised, omitted);
        if (omitted.equals(Optional.of(SESSION_STATE_TTL))) {
            // The way the session-state-ttl rewrite proves switches the reorder off before its SET itself
            // (ProvenWay.ReadOnceKept's setting, case 1112): the rest of the fix does not say it again.
            return fix;
        }
        return LostJoinCondition.fix(join, names.plan(), names.context())
                .map(f -> fix.isEmpty() ? f : f + " Then " + Character.toLowerCase(fix.charAt(0)) + fix.substring(1))
                .orElse(fix);
    }

    private static String joinTtlFix(Operator.Join join, StatementNames names, AdvisedValues advised, Optional<String> omitted) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        Optional<String> left = inputs.size() == 2 ? side(inputs.get(0), names) : Optional.empty();
        Optional<String> right = inputs.size() == 2 ? side(inputs.get(1), names) : Optional.empty();
        Optional<String> leftHint = hintSide(join, 0, names);
        Optional<String> rightHint = hintSide(join, 1, names);
        Optional<Duration> leftTtl = stateTtl(join.node(), "leftState");
        Optional<Duration> rightTtl = stateTtl(join.node(), "rightState");
        Duration max = names.context().option(StateTtlOptions.MAX_STATE_TTL);
        boolean hinted = !names.context().statement().stateTtlHints().isEmpty();
        JoinPins pins = joinPins(join, names);
        if (pins.any() && pins.names().isPresent() && leftTtl.isPresent() && rightTtl.isPresent()) {
            return pinnedFix(join, names, pins, leftTtl.get(), rightTtl.get(), max, advised);
        }
        Optional<BoundedJoinSide> readOnce = BoundedJoinSide.of(join, names.plan());
        if (hinted && readOnce.isPresent() && leftHint.isPresent() && rightHint.isPresent() && leftTtl.isPresent()
                && rightTtl.isPresent() && !(readOnce.get().side() == 0 ? leftTtl : rightTtl).get().isZero()) {
            // The hint gives the side read once a TTL and the streaming side none: the TTL belongs to the streaming
            // side alone (ttl-expires-read-once-side is the finding on the rows read once it expires).
            String stream = readOnce.get().streaming() == 0 ? leftHint.get() : rightHint.get();
            String once = readOnce.get().side() == 0 ? leftHint.get() : rightHint.get();
            return "Bound " + BoundedJoinSide.streamingAlone(stream, once, BoundedJoinSide.option(stream, advised.stateTtlText()))
                    + " (" + advised.setStateTtl() + " alone would expire them too)" + watermarkNote(join, readOnce.get().streaming(), names)
                    + ".";
        }
        if (hinted && leftHint.isPresent() && rightHint.isPresent() && leftTtl.isPresent() && rightTtl.isPresent()
                && StateTtl.neverExpires(leftTtl.get(), max) != StateTtl.neverExpires(rightTtl.get(), max)) {
            // A hint pins the sides: a SET reaches neither, and the side that expires keeps its own TTL.
            String leftValue = StateTtl.neverExpires(leftTtl.get(), max) ? advised.stateTtlText() : StateTtl.format(leftTtl.get());
            String rightValue = StateTtl.neverExpires(rightTtl.get(), max) ? advised.stateTtlText() : StateTtl.format(rightTtl.get());
            String pinned = StateTtl.neverExpires(leftTtl.get(), max) ? leftHint.get() : rightHint.get();
            return "Give the side that never expires (" + pinned + ") a TTL longer than a row must wait for its match, in"
                    + " the hint that names it, and keep the other side's: /*+ STATE_TTL('" + leftHint.get() + "' = '" + leftValue
                    + "', '" + rightHint.get() + "' = '" + rightValue + "') */ (a SET 'table.exec.state.ttl' does not reach a"
                    + " side the hint names).";
        }
        Optional<IntervalJoinBounds> timeBounds = intervalBounds(join, inputs, names);
        Optional<String> eventTime = inputs.size() == 2
                ? WindowEndBound.of(join, inputs, names, qualifiers(join, names)).map(WindowEndBound::fix)
                        .or(() -> eventTimeForBounds(join, inputs, names))
                : Optional.empty();
        Optional<BoundedJoinSide> bounded = BoundedJoinSide.of(join, names.plan());
        if (omitted.equals(Optional.of(SESSION_STATE_TTL))) {
            // The fix without its SET way (and what that way says of hints and sides read once), for the rewrite that
            // proves that way with the side read once pinned in a view (ProvenWay.ReadOnceKept): the other ways alone.
            if (bounded.isPresent() && !semiOrAnti(join) && leftHint.isPresent() && rightHint.isPresent()) {
                return joinTtlFix(join, names, advised, Optional.empty());
            }
            StringBuilder rest = new StringBuilder(eventTime.or(() -> timeBounds.flatMap(IntervalJoinBounds::fix)).orElse(""));
            otherWays(join, names, omitted, inputs, left, right, timeBounds, rest);
            String out = rest.toString();
            if (out.startsWith("; or, ")) {
                out = Character.toUpperCase(out.charAt(6)) + out.substring(7);
            }
            return out.isEmpty() ? "" : out + ".";
        }
        StringBuilder fix = new StringBuilder(eventTime.or(() -> timeBounds.flatMap(IntervalJoinBounds::fix))
                .map(e -> e + "; or bound").orElse("Bound"));
        if (bounded.isPresent() && !semiOrAnti(join) && leftHint.isPresent() && rightHint.isPresent()) {
            // The side read once keeps its rows (BoundedJoinSide): the hint bounds the streaming side alone.
            int stream = bounded.get().streaming();
            String streamHint = stream == 0 ? leftHint.get() : rightHint.get();
            fix.append(' ').append(BoundedJoinSide.streamingAlone(streamHint, stream == 0 ? rightHint.get() : leftHint.get(),
                            BoundedJoinSide.option(streamHint, advised.stateTtlText())))
                    .append(" (").append(advised.setStateTtl()).append(" alone would expire them too)")
                    .append(watermarkNote(join, stream, names));
        } else {
            fix.append(" the join's state with a TTL longer than a row must wait for its match: ").append(advised.setStateTtl());
            // The SET reaches the side read once too. Where the join's SELECT names that side, a hint of '0' there keeps
            // its rows (the state-ttl rewrite's pin, ReadOnce#pin); a hint on the streaming side alone is not offered
            // where that SELECT cannot name the streaming side (a nested join's result, case 805).
            Optional<String> onceHint = bounded.flatMap(b -> b.side() == 0 ? leftHint : rightHint);
            if (bounded.isPresent() && onceHint.isPresent() && !semiOrAnti(join)) {
                fix.append(", and ").append(BoundedJoinSide.pinUnderSet(onceHint.get()))
                        .append(watermarkNote(join, bounded.get().side(), names));
            } else if (bounded.isPresent()) {
                fix.append(" (it expires the rows of the side read once too, ")
                        .append(sideName(join, bounded.get().side(), names)).append(": after ").append(advised.stateTtlText())
                        .append(" the join matches nothing from that side)");
            }
            if (semiOrAnti(join)) {
                // Flink's compiled plan keeps a TTL of 0 for this join under a STATE_TTL hint on the outer SELECT or on the
                // subquery's, naming either alias: the hint is the SELECT's own joins' and aggregations', and this join is
                // built from the subquery when Flink decorrelates it (own case 414).
                SemiJoinSides sides =
                    SemiJoinSides.of(join.joinType(), names.context().statement().facts(), names.plan().views());
                fix.append(" (a STATE_TTL hint does not reach the ").append(join.joinType())
                        .append(" join Flink builds from ").append(sides.origin())
                        .append(sides.setOperation() ? ", on any SELECT)" : ", on either SELECT)");
            } else if (leftHint.isPresent() && rightHint.isPresent()) {
                fix.append(", or per side on the join's SELECT: /*+ STATE_TTL('").append(leftHint.get()).append("' = '").append(advised.stateTtlText())
                        .append("', '").append(rightHint.get()).append("' = '").append(advised.stateTtlText()).append("') */");
                // A key that names a subquery or a view is matched by its alias on every line; only a table's is not (1.20).
                boolean watermarked = (names.tableSide(join.node(), 0) && names.rowtimeBelow(inputs.get(0)).isPresent())
                        || (names.tableSide(join.node(), 1) && names.rowtimeBelow(inputs.get(1)).isPresent());
                if (watermarked && !FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()) {
                    fix.append(" (").append(StatementNames.watermarkNote("each")).append(')');
                }
            } else if (leftHint.isEmpty() && rightHint.isEmpty()) {
                viewJoin(join, names).ifPresent(in -> fix.append(", or per side in the view ").append(in.view())
                        .append(", whose join this is, on its joining SELECT: /*+ STATE_TTL(")
                        .append(viewHintOptions(in, bounded, advised.stateTtlText()))
                        .append(") */ (the view redefined with the hint, as the state-ttl-hint")
                        .append(" rewrite writes it: every statement that reads the view gets it)"));
            }
            if (bounded.isEmpty()) {
                fix.append(readOnceUnderSet(names)); // another join of the statement with a side read once (case 812)
            }
        }
        otherWays(join, names, omitted, inputs, left, right, timeBounds, fix);
        return fix.append('.').toString();
    }

    /** The family of the rewrite whose way {@link ProvenWay.ReadOnceKept} is: the SET with a side read once pinned in a view. */
    private static final String SESSION_STATE_TTL = "session-state-ttl";

    /** The rewrite families of a window in place of a regular join or aggregation ({@link ProvenWay.Window}). */
    private static final String WINDOW_JOIN = "window-join";

    private static final String WINDOW_AGGREGATE = "window-aggregate";

    /** The ways of a join's fix after its TTL: a lookup join, an interval join, a temporal join, each but {@code omitted}. */
    private static void otherWays(Operator.Join join, StatementNames names, Optional<String> omitted, List<PlanNode> inputs,
            Optional<String> left, Optional<String> right, Optional<IntervalJoinBounds> timeBounds, StringBuilder fix) {
        lookupWay(join, names).filter(way -> !omitted.equals(Optional.of(way.family())))
                .ifPresent(way -> fix.append(way.inFix()));
        if (inputs.size() == 2 && left.isPresent() && right.isPresent() && !join.leftKeys().isEmpty() && !semiOrAnti(join)
                && plainKeys(join, names) && timeBounds.isEmpty()
                && inputs.stream().noneMatch(i -> UpdateStreams.emitsUpdates(names.plan(), i))) {
            Optional<Column> leftTime = names.rowtimeBelow(inputs.get(0));
            Optional<Column> rightTime = names.rowtimeBelow(inputs.get(1));
            if (leftTime.isPresent() && rightTime.isPresent()) {
                fix.append(intervalWay(join, names, left.get(), right.get(), leftTime.get(), rightTime.get()));
            }
        }
        temporalWay(join, names).filter(way -> !omitted.equals(Optional.of(way.family())))
                .ifPresent(way -> fix.append(way.inFix()));
    }

    /**
     * What a fix proposing {@code SET 'table.exec.state.ttl'} adds for each join of the plan with a side read once
     * ({@link BoundedJoinSide}) that its SELECT names: the SET reaches that side too and expires its rows, so the fix
     * pins it with a hint of {@code '0'}, as the {@code session-state-ttl} rewrite writes it. Empty where no join has
     * such a side.
     */
    private static String readOnceUnderSet(StatementNames names) {
        StringBuilder out = new StringBuilder();
        for (Operator.Join join : names.plan().operators(Operator.Join.class)) {
            Optional<BoundedJoinSide> bounded = BoundedJoinSide.of(join, names.plan());
            Optional<String> once = bounded.filter(b -> !semiOrAnti(join)).flatMap(b -> hintSide(join, b.side(), names));
            if (once.isPresent() && stateTtl(join.node(), bounded.get().side() == 0 ? "leftState" : "rightState")
                    .filter(Duration::isZero).isPresent()) {
                out.append("; the SET would expire the rows of the join's side read once too (")
                        .append(sideName(join, bounded.get().side(), names)).append("): ")
                        .append(BoundedJoinSide.pinUnderSet(once.get())).append(watermarkNote(join, bounded.get().side(), names));
            }
        }
        return out.toString();
    }

    /**
     * What a fix naming the side {@code side} of {@code join} in a {@code STATE_TTL} hint adds on a Flink line whose
     * hint matching does not pass a table declared with a {@code WATERMARK} (1.20, {@link
     * FlinkLine#stateTtlHintMatchesTablesWithWatermark}), where that side is such a table read as it is; empty else.
     */
    static String watermarkNote(Operator.Join join, int side, StatementNames names) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        if (inputs.size() != 2 || FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()
                || !names.tableSide(join.node(), side) || names.rowtimeBelow(inputs.get(side)).isEmpty()) {
            return "";
        }
        return " (" + StatementNames.watermarkNote("it") + ")";
    }

    /**
     * The aggregation of the view that holds {@code node} ({@link StatementNames#viewHolding}), where that view writes
     * one aggregation of one input ({@link ViewAggregation}): a hint on its SELECT reaches the aggregation, as a hint
     * on a view's joining SELECT reaches its join. Empty where the statement groups itself, or the view writes none or
     * several.
     */
    private static Optional<ViewAggregation> viewAggregation(PlanNode node, StatementNames names) {
        Optional<String> view = names.viewHolding(node);
        if (view.isEmpty()) {
            return Optional.empty();
        }
        List<ViewAggregation> written = names.plan().viewAggregations().stream()
                .filter(a -> a.view().equals(view.get())).toList();
        if (written.isEmpty()) {
            // The view read aggregates nothing itself: a view it reads does (views over views, read through to
            // ViewQueries' depth). Where the views read write one aggregation in all, it is this one.
            written = names.plan().viewAggregations();
        }
        return written.size() == 1 ? Optional.of(written.get(0)) : Optional.empty();
    }

    /**
     * The options of a {@code STATE_TTL} hint on the joining SELECT of the view {@code in}: each side's, or the
     * streaming side's alone where the other is read once ({@link BoundedJoinSide}).
     */
    private static String viewHintOptions(ViewJoin in, Optional<BoundedJoinSide> bounded, String ttl) {
        String left = "'" + in.left() + "' = '" + ttl + "'";
        String right = "'" + in.right() + "' = '" + ttl + "'";
        return bounded.map(b -> b.streaming() == 0 ? left : right).orElse(left + ", " + right);
    }

    /**
     * The input of the aggregation {@code node} as the hint of its SELECT names it ({@link HintPin.Input}): in the view
     * that writes it ({@link #viewAggregation}), else the statement's table it reads straight; empty where neither names
     * it.
     */
    private static Optional<HintPin.Input> aggregationInput(PlanNode node, StatementNames names) {
        Optional<ViewAggregation> in = viewAggregation(node, names);
        if (in.isPresent()) {
            return Optional.of(new HintPin.Input(in.get().input(), Optional.of(in.get().view())));
        }
        return names.directTable(node).flatMap(names::inputName).map(key -> new HintPin.Input(key, Optional.empty()));
    }

    /**
     * The options that pin a side of a join of the plan ({@link JoinPins}): not an aggregation's, whose pin is then
     * told among the rest (a view's joining SELECT pinning both its inputs, read by an aggregation that the
     * statement's own hint pins: three options of '0', one of them the aggregation's).
     */
    private static Set<HintPin.Pin> joinSidePins(StatementNames names) {
        Set<HintPin.Pin> pins = new HashSet<>();
        for (Operator.Join join : names.plan().operators(Operator.Join.class)) {
            JoinPins sides = joinPins(join, names);
            sides.leftPin().ifPresent(pins::add);
            sides.rightPin().ifPresent(pins::add);
        }
        return pins;
    }

    /** The sides of {@code join} a {@code STATE_TTL} hint pins, and the options that pin them ({@link JoinPins}). */
    private static JoinPins joinPins(Operator.Join join, StatementNames names) {
        ExplainedPlan plan = names.plan();
        boolean left = plan.pinnedByHint(join.node().id(), "leftState");
        boolean right = plan.pinnedByHint(join.node().id(), "rightState");
        if (!left && !right) {
            return new JoinPins(false, false, Optional.empty(), Optional.empty(), Optional.empty());
        }
        Optional<String> leftHint = hintSide(join, 0, names);
        Optional<String> rightHint = hintSide(join, 1, names);
        Optional<JoinPins.Names> sides = leftHint.isPresent() && rightHint.isPresent()
                ? Optional.of(new JoinPins.Names(leftHint.get(), rightHint.get(), Optional.empty()))
                : viewJoin(join, names).map(in -> new JoinPins.Names(in.left(), in.right(), Optional.of(in.view())));
        Duration max = names.context().option(StateTtlOptions.MAX_STATE_TTL);
        Optional<HintPin.Pin> leftPin = sides.filter(n -> left)
                .flatMap(n -> HintPin.of(names.context(), plan, max, n.left(), n.view()));
        Optional<HintPin.Pin> rightPin = sides.filter(n -> right)
                .flatMap(n -> HintPin.of(names.context(), plan, max, n.right(), n.view()));
        return new JoinPins(left, right, sides, leftPin, rightPin);
    }

    /**
     * The fix for a join a {@code STATE_TTL} hint pins a side of ({@link JoinPins}): each side that never expires
     * given a TTL in the hint that names the sides (the join's SELECT, or the joining SELECT of the view whose join
     * this is), the other side's kept; and where the hint pins one side and no TTL reaches the other, the pin changed
     * alone with the session's TTL for the other side, which a SET reaches (the hint does not name it).
     */
    private static String pinnedFix(
            Operator.Join join, StatementNames names, JoinPins pins, Duration leftTtl, Duration rightTtl, Duration max,
            AdvisedValues advised) {
        JoinPins.Names hint = pins.names().orElseThrow();
        boolean leftForever = StateTtl.neverExpires(leftTtl, max);
        boolean rightForever = StateTtl.neverExpires(rightTtl, max);
        String leftValue = leftForever ? advised.stateTtlText() : StateTtl.format(leftTtl);
        String rightValue = rightForever ? advised.stateTtlText() : StateTtl.format(rightTtl);
        Optional<BoundedJoinSide> bounded = BoundedJoinSide.of(join, names.plan());
        if (bounded.isPresent() && hint.view().isEmpty()) {
            return readOncePinnedFix(join, names, pins, bounded.get(), leftTtl, rightTtl, max, advised);
        }
        String where = hint.view().map(v -> " on the joining SELECT of the view " + v + " (the view redefined with the"
                + " hint, as the state-ttl-hint rewrite writes it)").orElse(" on the join's SELECT");
        String given;
        if (pins.left() && pins.right()) {
            given = "both sides, which the hint pins (" + pins.named(0, 1) + "),";
        } else {
            int pinned = pins.left() ? 0 : 1;
            given = "the side the hint pins (" + sideName(join, pinned, names) + ": " + pins.named(pinned) + ")"
                    + ((pinned == 0 ? rightForever : leftForever)
                            ? " and the side no TTL reaches (" + sideName(join, 1 - pinned, names) + ")" : "");
        }
        StringBuilder fix = new StringBuilder("Give ").append(given)
                .append(" a TTL longer than a row must wait for its match").append(where)
                .append(leftForever && rightForever ? "" : ", and keep the other side's")
                .append(": /*+ STATE_TTL('").append(hint.left()).append("' = '").append(leftValue).append("', '")
                .append(hint.right()).append("' = '").append(rightValue)
                .append("') */ (a SET 'table.exec.state.ttl' does not reach a side the hint names)");
        boolean onePinnedOtherAtZero = pins.left() != pins.right() && (pins.left() ? rightTtl : leftTtl).isZero();
        if (onePinnedOtherAtZero && hint.view().isEmpty()) {
            String key = pins.left() ? hint.left() : hint.right();
            fix.append("; or change only the pin, /*+ STATE_TTL('").append(key).append("' = '").append(advised.stateTtlText())
                    .append("') */, and give the other side the session's TTL: ").append(advised.setStateTtl());
        }
        return fix.append('.').toString();
    }

    /**
     * {@link #pinnedFix} for a join with a side read once ({@link BoundedJoinSide}): the side read once keeps its rows,
     * so a pin of it stays as the user wrote it, and only the streaming side gets a TTL, in the hint's options as the
     * {@code state-ttl-hint} rewrite writes them (the user's options first, the streaming side's after them where the
     * hint does not name it; its pin replaced where it does). Without this the fix gave the side read once {@code '1 d'}
     * while the rewrite kept its {@code '0'} (cases 803, 804).
     */
    private static String readOncePinnedFix(Operator.Join join, StatementNames names, JoinPins pins, BoundedJoinSide bounded,
            Duration leftTtl, Duration rightTtl, Duration max, AdvisedValues advised) {
        JoinPins.Names hint = pins.names().orElseThrow();
        int once = bounded.side();
        int stream = bounded.streaming();
        String onceKey = once == 0 ? hint.left() : hint.right();
        String streamKey = stream == 0 ? hint.left() : hint.right();
        boolean oncePinned = once == 0 ? pins.left() : pins.right();
        boolean streamPinned = stream == 0 ? pins.left() : pins.right();
        Duration streamTtl = stream == 0 ? leftTtl : rightTtl;
        String streamValue = StateTtl.neverExpires(streamTtl, max) ? advised.stateTtlText() : StateTtl.format(streamTtl);
        List<String> options = new ArrayList<>();
        if (oncePinned && streamPinned) {
            options.add(BoundedJoinSide.option(hint.left(), once == 0 ? "0" : streamValue));
            options.add(BoundedJoinSide.option(hint.right(), once == 1 ? "0" : streamValue));
        } else {
            if (oncePinned) {
                options.add(BoundedJoinSide.option(onceKey, "0"));
            }
            options.add(BoundedJoinSide.option(streamKey, streamValue));
        }
        StringBuilder fix = new StringBuilder(streamPinned
                ? "Replace the pin on the streaming side (" + sideName(join, stream, names) + ": " + pins.named(stream) + "): bound "
                : "Bound ");
        fix.append(BoundedJoinSide.streamingAlone(streamKey, onceKey, String.join(", ", options)));
        if (!streamPinned) {
            fix.append(" (or ").append(advised.setStateTtl()).append(", which reaches ").append(streamKey)
                    .append(" and not ").append(onceKey).append(", which the hint names)");
        }
        return fix.append(watermarkNote(join, stream, names)).append('.').toString();
    }

    /**
     * The join of a view the statement reads that {@code join} is: the one view join whose two tables are those the
     * plan's two sides read, in that order (Flink plans a join's inputs in the order its {@code FROM} gives them).
     * Empty where none, or more than one, is.
     */
    private static Optional<ViewJoin> viewJoin(Operator.Join join, StatementNames names) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        if (inputs.size() != 2) {
            return Optional.empty();
        }
        List<ObjectIdentifier> left = names.plan().tablesRead(inputs.get(0));
        List<ObjectIdentifier> right = names.plan().tablesRead(inputs.get(1));
        if (left.size() != 1 || right.size() != 1) {
            return Optional.empty();
        }
        List<ViewJoin> matching = names.plan().viewJoins().stream()
                .filter(v -> v.leftTable().equals(left.get(0).getObjectName()) && v.rightTable().equals(right.get(0).getObjectName()))
                .toList();
        return matching.size() == 1 ? Optional.of(matching.get(0)) : Optional.empty();
    }

    /**
     * The interval join a regular join on a key could be where each row needs only matches close to it in time. Where
     * the statement bounds neither time by the other, which side's row comes first is not the statement's to say:
     * the bound offered is an hour either side of the left row's time, and the text says how to narrow it to the
     * side the data follows; where it bounds one by the other from one side only ({@code B.bid_time >= A.created},
     * beside a bound on a plain column, {@code B.bid_time <= A.expires}: Nexmark q4), that bound is kept and the other
     * added (an interval join keeps a row as long as its bound lets a match come: Flink docs,
     * "Joins", "Interval Joins"). Over an anti-join written as an outer join ({@link LeftAntiJoins}) the interval
     * join changes when an unmatched row is emitted, and the text says how.
     */
    private static String intervalWay(
            Operator.Join join, StatementNames names, String left, String right, Column leftTime, Column rightTime) {
        String leftAt = qualified(left, leftTime.name());
        String rightAt = qualified(right, rightTime.name());
        List<PlanNode> inputs = names.plan().inputs(join.node());
        String leftTable = names.directTable(inputs.get(0)).map(ObjectIdentifier::getObjectName).orElse(left);
        String rightTable = names.directTable(inputs.get(1)).map(ObjectIdentifier::getObjectName).orElse(right);
        Optional<Boolean> rightAfter = oneDirection(join, leftTime, rightTime);
        if (rightAfter.isPresent()) {
            // The statement bounds one time by the other from one side (B.t >= A.t): that bound is kept, the other added.
            String kept = rightAfter.get() ? rightAt + " >= " + leftAt : rightAt + " <= " + leftAt;
            String way = "; or, when a row needs only matches close to it in time, an interval join, whose state the"
                    + " watermark frees: ON " + on(join, left, right) + " AND " + rightAt + " BETWEEN "
                    + (rightAfter.get() ? leftAt + " AND " + leftAt + " + INTERVAL '1' HOUR"
                            : leftAt + " - INTERVAL '1' HOUR AND " + leftAt)
                    + " (the statement's own bound, " + kept + ", kept, and the one an interval join also needs added:"
                    + " an hour " + (rightAfter.get() ? "after" : "before") + " its " + leftTable + " row, or as long as a "
                    + rightTable + " row may come; the statement's other conditions stay as they are)";
            return antiJoin(join, names) ? way + anyJoinNote(leftTable, rightTable) : way;
        }
        StringBuilder way = new StringBuilder("; or, when a row needs only matches close to it in time, an interval join,")
                .append(" whose state the watermark frees: ON ").append(on(join, left, right)).append(" AND ")
                .append(rightAt).append(" BETWEEN ").append(leftAt).append(" - INTERVAL '1' HOUR AND ").append(leftAt)
                .append(" + INTERVAL '1' HOUR (an hour either side: the statement does not say whether a ").append(rightTable)
                .append(" row comes before or after its ").append(leftTable).append(" row; where it comes after, as a")
                .append(" reply follows its request, BETWEEN ").append(leftAt).append(" AND ").append(leftAt)
                .append(" + INTERVAL '1' HOUR, where before, BETWEEN ").append(leftAt).append(" - INTERVAL '1' HOUR AND ")
                .append(leftAt).append(")");
        if (antiJoin(join, names)) {
            way.append(anyJoinNote(leftTable, rightTable));
        }
        return way.toString();
    }

    /** What an interval join changes for an anti-join written as an outer join ({@link #intervalWay}). */
    private static String anyJoinNote(String leftTable, String rightTable) {
        return "; with the WHERE that keeps the " + leftTable + " rows without a match, such a row is then emitted once,"
                + " when its interval has passed without one (no " + rightTable + " row within the bound), not at once and"
                + " retracted when its match arrives";
    }

    /**
     * Where the join's condition compares {@code leftTime} and {@code rightTime} from one side only ({@code B.t >= A.t}):
     * true where the right row's time is bounded from below by the left's (it comes after), false from above; empty
     * where the condition does not compare them, or compares them both ways.
     */
    private static Optional<Boolean> oneDirection(Operator.Join join, Column leftTime, Column rightTime) {
        List<Operator.Bound> on = join.bounds().stream()
                .filter(b -> b.left().name().equals(leftTime.name()) && b.right().name().equals(rightTime.name())).toList();
        boolean leftLower = on.stream().anyMatch(Operator.Bound::leftLower);
        boolean leftUpper = on.stream().anyMatch(b -> !b.leftLower());
        return leftLower == leftUpper ? Optional.empty() : Optional.of(leftUpper);
    }

    /**
     * True for a LEFT join the statement writes as an anti-join ({@link LeftAntiJoins}: {@code WHERE p.id IS NULL}
     * on its right side), by the name the statement gives its right side.
     */
    private static boolean antiJoin(Operator.Join join, StatementNames names) {
        Optional<String> right = hintSide(join, 1, names);
        return join.joinType().equals("LEFT") && right.isPresent()
                && LeftAntiJoins.rightSides(names.context().statement().text()).contains(right.get());
    }

    /**
     * The join's fix without each way of it a rewrite family proves ({@link #joinFix}), by the family's id: what
     * {@code rewrite.ProvenFixes} writes after the proven way.
     */
    private static Map<String, String> fixWithout(Operator.Join join, StatementNames names, AdvisedValues advised) {
        Map<String, String> fixes = new LinkedHashMap<>();
        for (Optional<ProvenWay> way : List.of(lookupWay(join, names), temporalWay(join, names))) {
            way.ifPresent(w -> fixes.put(w.family(), joinFix(join, names, advised, Optional.of(w.family()))));
        }
        // The SET way, which the session-state-ttl rewrite proves with a side read once pinned in a view where the
        // statement names neither side of a join (ProvenWay.ReadOnceKept).
        if (!semiOrAnti(join) && hintSide(join, 0, names).isEmpty() && hintSide(join, 1, names).isEmpty()) {
            fixes.put(SESSION_STATE_TTL, joinFix(join, names, advised, Optional.of(SESSION_STATE_TTL)));
        }
        return fixes;
    }

    /**
     * True when every key of the join is a column the statement names: a key Flink computed (UPPER(currency)) or
     * renamed (b0) is no column of a table, and a lookup, temporal or interval join over it, or a PRIMARY KEY of it,
     * is no SQL the statement can take as written.
     */
    private static boolean plainKeys(Operator.Join join, StatementNames names) {
        return join.leftKeys().stream().allMatch(k -> StatementNames.plainName(k) && names.statementName(k))
                && join.rightKeys().stream().allMatch(k -> StatementNames.plainName(k) && names.statementName(k));
    }

    /**
     * The lookup join of a dimension table on the right: a processing-time lookup join keeps no state, where the
     * right table's connector is a lookup source (Flink docs, "Joins", "Lookup Join"; LookupTableSource), as Flink's
     * factory for the table with the options of its scan says ({@link ExplainedPlan#lookupSupport(PlanNode)}; the
     * {@code lookup-join} rewrite proves the way by planning it). Not where the factory makes no lookup source; not for a condition that bounds both
     * sides' times: that is two streams, an interval join's shape; nor for an anti-join written as a LEFT join
     * ({@link LeftAntiJoins}), whose meaning a lookup join does not keep.
     */
    private static Optional<ProvenWay> lookupWay(Operator.Join join, StatementNames names) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        Optional<String> left = inputs.size() == 2 ? side(inputs.get(0), names) : Optional.empty();
        Optional<String> named = inputs.size() == 2 ? side(inputs.get(1), names) : Optional.empty();
        // A view on the right that filters or projects one table: Flink plans no lookup join of it (lint case 28), so
        // the way reads its table in its place, the view's condition in the ON, as the lookup-join rewrite writes it.
        Optional<ViewFilter> viewed = inputs.size() == 2 && named.isEmpty()
                ? filteredView(join, inputs.get(1), names) : Optional.empty();
        Optional<String> right = viewed.map(ViewFilter::qualifier).or(() -> named);
        if (inputs.size() != 2 || left.isEmpty() || right.isEmpty() || join.leftKeys().isEmpty() || !plainKeys(join, names)
                || !(join.joinType().equals("INNER") || join.joinType().equals("LEFT"))
                || join.bounds().stream().anyMatch(Operator.Bound::onTimestamps) || antiJoin(join, names)
                || BoundedJoinSide.of(join, names.plan()).map(b -> b.side() == 0).orElse(false)) {
            // A lookup join reads its right side as the dimension: not the stream, where the left side is read once.
            return Optional.empty();
        }
        Optional<LookupSupport> support = names.directScan(inputs.get(1)).flatMap(names.plan()::lookupSupport);
        if (support.equals(Optional.of(LookupSupport.SCAN_ONLY))) {
            // Flink's factory for the right table makes no LookupTableSource (filesystem, datagen, kafka): Flink
            // refuses the lookup join ("Processing-time temporal join is not supported yet").
            return Optional.empty();
        }
        Optional<String> leftHint = hintSide(join, 0, names);
        String dimension = viewed.isPresent() ? viewed.get().written()
                : names.directTable(inputs.get(1)).map(ObjectIdentifier::getObjectName).orElse(right.get());
        Optional<String> table = names.directTable(inputs.get(0)).map(ObjectIdentifier::getObjectName);
        // Where the left side is a subquery, a view or a WITH query, the statement names it by its alias (the name a
        // hint gives it): its rows are the stream, and the lookup join's time is a column it selects.
        boolean subquery = !names.tableSide(join.node(), 0);
        String stream = subquery ? leftHint.orElse(left.get()) : table.orElse(left.get());
        Optional<Column> proctime = names.plan().timeAttributesBelow(inputs.get(0)).stream()
                .filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME).findFirst()
                .or(() -> subquery ? Optional.empty() : declaredProctime(names, inputs.get(0), left.get()));
        String on = " ON " + on(join, left.get(), right.get())
                + viewed.flatMap(ViewFilter::condition).map(c -> " AND " + c).orElse("");
        StringBuilder clause = new StringBuilder(joinKeyword(join)).append(' ').append(dimension).append(" FOR SYSTEM_TIME AS OF ");
        if (proctime.isPresent()) {
            clause.append(qualified(left.get(), proctime.get().name())).append(" AS ").append(SqlIdentifiers.sql(right.get()))
                    .append(on);
        } else if (subquery) {
            // The plan shows a PROCTIME() column only where the query reads it: whether the table has one is
            // the catalog's to say, which a rule does not read; no column name is made up.
            clause.append("a processing-time column of ").append(stream).append(", which selects none: select one in ")
                    .append(stream).append(" from ").append(table.map(t -> t + ", the table").orElse("the tables"))
                    .append(" it reads (a column AS PROCTIME() in ").append(table.isPresent() ? "its" : "their")
                    .append(" DDL, where ").append(table.isPresent() ? "it has" : "they have").append(" none)");
        } else {
            clause.append("a processing-time column of ").append(stream)
                    .append(" (a column AS PROCTIME() in its DDL, where it has none)");
        }
        return Optional.of(new ProvenWay.Lookup(dimension, stream, clause.toString(), support, viewed.map(
                v -> new ProvenWay.Lookup.InPlaceOf(v.view(), v.condition().isPresent()))));
    }

    /**
     * The view the statement joins on side {@code right} of {@code join} ({@link StatementNames#fromItem}: a view, not
     * a subquery) where it filters or projects the one table that side of the plan scans ({@link ViewFilter}, read from
     * the view's expanded query by {@code flink.ViewQueries}); empty otherwise.
     */
    private static Optional<ViewFilter> filteredView(Operator.Join join, PlanNode right, StatementNames names) {
        Optional<StatementNames.FromItem> item = names.fromItem(join.node(), 1);
        Optional<ObjectIdentifier> table = names.directTable(right);
        if (item.isEmpty() || item.get().subquery() || item.get().name().isEmpty() || item.get().tables().size() != 1
                || table.isEmpty()) {
            return Optional.empty();
        }
        String view = item.get().tables().iterator().next();
        List<ViewFilter> matching = names.plan().viewFilters().stream()
                .filter(f -> f.view().equals(view) && f.qualifier().equals(item.get().name().get())
                        && f.table().equals(table.get()))
                .toList();
        return matching.size() == 1 ? Optional.of(matching.get(0)) : Optional.empty();
    }

    /** {@code JOIN}, or {@code LEFT JOIN} for a LEFT join: the join a lookup or temporal join keeps. */
    private static String joinKeyword(Operator.Join join) {
        return join.joinType().equals("LEFT") ? "LEFT JOIN" : "JOIN";
    }

    /**
     * The join's key equalities, each side qualified by how the statement names it: {@code o.currency = r.currency AND
     * o.market = r.market}. Every one: a temporal join must equate the versioned table's whole PRIMARY KEY ("Temporal
     * table's primary key [...] must be included in the equivalence condition", Flink 2.3.0 {@code
     * TemporalJoinRewriteWithUniqueKeyRule}), and a lookup join keeps the condition it was given (case 990: the first
     * key alone named a join Flink refuses).
     */
    private static String on(Operator.Join join, String left, String right) {
        List<String> equalities = new ArrayList<>();
        for (int i = 0; i < join.leftKeys().size() && i < join.rightKeys().size(); i++) {
            equalities.add(qualified(left, join.leftKeys().get(i)) + " = " + qualified(right, join.rightKeys().get(i)));
        }
        return String.join(" AND ", equalities);
    }

    /** {@code qualifier.column}, each quoted where Flink's parser needs it ({@link SqlIdentifiers}). */
    private static String qualified(String qualifier, String column) {
        return SqlIdentifiers.sql(qualifier) + "." + SqlIdentifiers.sql(column);
    }

    /**
     * The temporal join of a right side that holds versions of a row per key, read as of the left side's event
     * time (Flink docs, "Joins", "Event Time Temporal Join"): its state the watermark frees. Where the right table
     * has no event time yet, the way says it needs one (the {@code temporal-join} rewrite declares it where the
     * table has one TIMESTAMP(3) column outside its key). Not for an IN or EXISTS subquery: a temporal JOIN emits a
     * row per match, where a SEMI or ANTI join emits each left row once, so it is not the same query written another
     * way; nor for an anti-join written as a LEFT join ({@link LeftAntiJoins}): a left row without a version as of its
     * time would stay in the result for good, where the regular join retracts it once its match arrives.
     */
    private static Optional<ProvenWay> temporalWay(Operator.Join join, StatementNames names) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        Optional<String> left = inputs.size() == 2 ? side(inputs.get(0), names) : Optional.empty();
        Optional<String> named = inputs.size() == 2 ? side(inputs.get(1), names) : Optional.empty();
        // A view on the right that projects one table as it is: Flink versions it as that table (the key and the event
        // time its scan keeps), so the join reads the view as the statement does. Not one that filters it: Flink 2.3.0
        // refuses the temporal join ("Filter is not allowed for right changelog input of event time temporal join",
        // EventTimeTemporalJoinRewriteRule), and reading the table in its place would drop the filter.
        Optional<ViewFilter> viewed = inputs.size() == 2 && named.isEmpty()
                ? filteredView(join, inputs.get(1), names) : Optional.empty();
        Optional<String> right = viewed.filter(v -> v.condition().isEmpty()).map(ViewFilter::qualifier).or(() -> named);
        if (inputs.size() != 2 || left.isEmpty() || right.isEmpty() || join.leftKeys().isEmpty() || semiOrAnti(join)
                || !plainKeys(join, names) || antiJoin(join, names)) {
            return Optional.empty();
        }
        Optional<Column> leftTime = names.rowtimeBelow(inputs.get(0));
        Optional<Column> rightTime = names.rowtimeBelow(inputs.get(1));
        if (leftTime.isEmpty() || (rightTime.isEmpty() && names.directTable(inputs.get(1)).isEmpty())) {
            return Optional.empty();
        }
        if (viewed.isPresent() && (rightTime.isEmpty() || !undeclaredKey(join, names, inputs.get(1)).isEmpty())) {
            // The view's table declares no key the join equates, or the view selects no event time: what it needs is
            // the table's DDL, which a fix naming the view cannot say as written.
            return Optional.empty();
        }
        String versioned = viewed.map(ViewFilter::view)
                .or(() -> names.directTable(inputs.get(1)).map(ObjectIdentifier::getObjectName)).orElse(right.get());
        String clause = joinKeyword(join) + " " + versioned + " FOR SYSTEM_TIME AS OF " + qualified(left.get(), leftTime.get().name())
                + " AS " + SqlIdentifiers.sql(right.get()) + " ON " + on(join, left.get(), right.get());
        List<String> declared = declaredKey(names, inputs.get(1));
        Optional<ProvenWay.OtherKey> otherKey = declared.isEmpty() || join.rightKeys().containsAll(declared)
                ? Optional.empty()
                : Optional.of(new ProvenWay.OtherKey(declared, rightTime.map(Column::name)));
        return Optional.of(new ProvenWay.Temporal(versioned, clause, undeclaredKey(join, names, inputs.get(1)),
                rightTime.isPresent(), Optional.empty(), otherKey));
    }

    /**
     * The key fix of a deduplication that is the versioned side of a temporal join (always in a view: {@code FOR
     * SYSTEM_TIME AS OF} takes a table or a view): the table it reads joined directly once that table declares the
     * deduplication's key, which a versioned table needs (Flink docs, "Versioned Tables": a primary key and an
     * event-time attribute). The table's declared key is the compiled plan's ({@link DeclaredKeys} of the scan the
     * deduplication reads straight): where it is that key the fix says so, where it is another (case 1002's {@code
     * rate_id}) the fix names it, since the new key would take its place.
     */
    private static String versionedKeyFix(Operator.Deduplicate dedup, StatementNames names) {
        String keys = String.join(", ", dedup.keys());
        Optional<PlanNode> scan = names.directScan(dedup.node()).filter(n -> n.table().isPresent());
        List<String> declared = scan.map(s -> DeclaredKeys.of(s, names.context().tablesRead())).orElse(List.of());
        if (scan.isEmpty() || declared.isEmpty()) {
            return "Where the source's rows are versions of one key, declare PRIMARY KEY (" + keys + ") NOT ENFORCED on"
                    + " the table and join it directly: the deduplication goes.";
        }
        String table = scan.get().table().get().getObjectName();
        if (declared.size() == dedup.keys().size() && declared.containsAll(dedup.keys())) {
            return table + " declares PRIMARY KEY (" + keys + ") already: join it directly and the deduplication goes.";
        }
        return table + " declares PRIMARY KEY (" + String.join(", ", declared) + "): where that key names each row"
                + " rather than the " + keys + " its rows are versions of, declare PRIMARY KEY (" + keys
                + ") NOT ENFORCED in its place and join the table directly: the deduplication goes.";
    }

    /**
     * The {@code PROCTIME()} column the table read directly by {@code input} declares, as the session's catalog resolves
     * it ({@link TableRead#columns}), where the statement names that table {@code qualifier}: the plan shows a
     * processing-time column only where the query reads it (Flink prunes the others from the scan). Empty otherwise.
     */
    private static Optional<Column> declaredProctime(StatementNames names, PlanNode input, String qualifier) {
        return names.directTable(input).flatMap(t -> names.context().tablesRead().stream()
                .filter(r -> !r.view() && r.reference().name().equals(t.getObjectName()) && r.qualifiedBy(qualifier))
                .findFirst())
                .flatMap(r -> r.columns().stream().filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME).findFirst());
    }

    /**
     * The PRIMARY KEY the table read directly by {@code input} declares, the plan's where it keeps one ({@link
     * DeclaredKeys}: also for a table the statement reads through a view); empty otherwise.
     */
    private static List<String> declaredKey(StatementNames names, PlanNode input) {
        return names.directScan(input).map(scan -> DeclaredKeys.of(scan, names.context().tablesRead()))
                .orElse(List.of());
    }

    /**
     * The key a temporal join of the right input needs and its table does not declare: the join's right keys, or none
     * where the table read directly there declares a PRIMARY KEY they hold ({@link #declaredKey}, Flink's {@code
     * ResolvedSchema#getPrimaryKey}): a fix never asks for a key the table has.
     */
    private static List<String> undeclaredKey(Operator.Join join, StatementNames names, PlanNode right) {
        List<String> declared = declaredKey(names, right);
        return !declared.isEmpty() && join.rightKeys().containsAll(declared) ? List.of() : join.rightKeys();
    }

    /**
     * The structural fix of a regular join whose condition bounds a plain timestamp of each side as an interval
     * join's does ({@link #notAnIntervalJoin} says why Flink planned a regular join): each bounded column that is
     * not a time attribute declared as event time, and the same condition is an interval join, whose state the
     * watermark frees (Flink docs, "Joins", "Interval Joins"; the {@code watermark} rewrite proves it where the
     * tables allow). Empty for a SEMI or ANTI join, where neither bound is a plain timestamp, for a column computed
     * from the wall clock ({@link #notAnIntervalJoin} says why no WATERMARK fits it), and for a column of a view or
     * subquery or of a type no WATERMARK takes.
     */
    private static Optional<String> eventTimeForBounds(Operator.Join join, List<PlanNode> inputs, StatementNames names) {
        Optional<Operator.Bound> bound = join.bounds().stream().filter(Operator.Bound::onTimestamps).findFirst();
        // Flink plans an interval join over inserts-only inputs only (UpdateStreams): no WATERMARK makes one over updates.
        if (semiOrAnti(join) || bound.isEmpty() || inputs.stream().anyMatch(i -> UpdateStreams.emitsUpdates(names.plan(), i))) {
            return Optional.empty();
        }
        List<String> declare = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            Column column = side == 0 ? bound.get().left() : bound.get().right();
            if (names.wallClock(inputs.get(side), column.name()).isPresent()) {
                return Optional.empty();
            }
            if (names.isTimeAttributeBelow(inputs.get(side), column.name())) {
                continue;
            }
            Optional<ObjectIdentifier> table = names.directTable(inputs.get(side));
            if (table.isEmpty() || !StatementNames.watermarkable(column)) {
                return Optional.empty();
            }
            declare.add(SqlIdentifiers.planName(column.name()) + " as event time in " + table.get().getObjectName() + " ("
                    + StatementNames.watermark(column.name()) + ")");
        }
        if (declare.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Declare " + String.join(" and ", declare) + ": the join as written is then an interval"
                + " join, which frees a row once the other side's watermark passes its time bound (a row behind its"
                + " table's watermark is then late and dropped)");
    }

    /**
     * The join's bounds on time attributes, where what they lack is why Flink planned a regular join ({@link
     * IntervalJoinBounds}); empty for a SEMI or ANTI join, whose type is the reason.
     */
    private static Optional<IntervalJoinBounds> intervalBounds(Operator.Join join, List<PlanNode> inputs, StatementNames names) {
        List<Operator.Bound> bounds = join.bounds().stream().filter(Operator.Bound::onTimestamps).toList();
        if (bounds.isEmpty() || inputs.size() != 2 || semiOrAnti(join)) {
            return Optional.empty();
        }
        return IntervalJoinBounds.of(bounds, inputs, names, qualifier(join, 0, names), qualifier(join, 1, names));
    }

    /** True for the join Flink plans for an {@code IN}/{@code EXISTS} subquery ({@code SEMI}) or its negation ({@code ANTI}). */
    private static boolean semiOrAnti(Operator.Join join) {
        return join.joinType().equals("SEMI") || join.joinType().equals("ANTI");
    }

    /**
     * How the join's SELECT names one side, as a STATE_TTL hint on it must: the alias (or table name) of the input of
     * the statement's FROM that side is ({@link StatementNames#fromItem}: {@code T1} for a subquery, {@code a} and
     * {@code b} for a self-join's two reads of one table), else the name the statement gives the table the side
     * reads straight; empty for a side of a join Flink built from a subquery, which no FROM writes.
     */
    static Optional<String> hintSide(Operator.Join join, int side, StatementNames names) {
        List<PlanNode> inputs = names.plan().inputs(join.node());
        if (inputs.size() != 2 || semiOrAnti(join) || names.correlatedSubquerySide(join.node(), 0)
                || names.correlatedSubquerySide(join.node(), 1)) {
            return Optional.empty();
        }
        Optional<String> item = names.fromItem(join.node(), side).flatMap(StatementNames.FromItem::name);
        return item.isPresent() ? item : side(inputs.get(side), names);
    }

    /** How the join's SELECT names the table one side reads straight; empty when the side is more than a table. */
    private static Optional<String> side(PlanNode input, StatementNames names) {
        return names.directTable(input).flatMap(names::hintName);
    }

    private static String sinkFix(Operator.Sink sink, AdvisedValues advised) {
        String upsert = String.join(", ", sink.upsertKey());
        StringBuilder fix = new StringBuilder();
        if (!upsert.isEmpty()) {
            fix.append("Key the sink by the query's key, PRIMARY KEY (").append(upsert)
                    .append(") NOT ENFORCED, and Flink plans no upsert materializer; or bound its state: ");
        } else {
            fix.append("Bound the materializer's state: ");
        }
        fix.append(advised.setStateTtl()).append(" (the only TTL it takes: a STATE_TTL hint does not reach the sink)");
        if (sink.ttlDisabled()) {
            fix.append(" with SET 'table.exec.sink.upsert-materialize-strategy.type' = 'LEGACY', the one strategy whose"
                    + " TTL Flink applies");
        }
        return fix.append('.').toString();
    }
}
