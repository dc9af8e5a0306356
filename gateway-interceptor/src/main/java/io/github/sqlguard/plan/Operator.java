package io.github.sqlguard.plan;

import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One node of the plan, typed: what the rules read of it, with every key column by name. Built
 * once per plan by the reader (from the compiled plan's fields, {@link CompiledPlanReader}; from
 * the printed attributes of an EXPLAIN text, {@link PlanParser}). Names mirror the planner's
 * {@code StreamExec*} nodes and their JSON fields.
 *
 * <p>Stability: evolving; rules depend on it.
 */
public sealed interface Operator
        permits Operator.Rank,
                Operator.OverAggregate,
                Operator.Deduplicate,
                Operator.GroupAggregate,
                Operator.Join,
                Operator.ChangelogNormalize,
                Operator.Sink,
                Operator.WindowRank,
                Operator.Windowed,
                Operator.Other {

    /** The plan node. */
    PlanNode node();

    /** The node's state entries and their TTL; empty when not compiled or stateless. */
    default List<OperatorState> state() {
        return node().state();
    }

    /**
     * The node by its id and what the rules read of it, in column names: {@code
     * Rank[5](partitionBy=[user_id], orderBy=[amount DESC], rankRange=[rankStart=1, rankEnd=3],
     * strategy=[AppendFastStrategy])}. What findings name as their node.
     */
    default String describe() {
        return node().label();
    }

    /**
     * The ranks a Top-N keeps ({@code "rankRange"}: {@code {"type": "Constant", "start": 1, "end":
     * 3}} or {@code {"type": "Variable", "endIndex": 2}}).
     *
     * @param start the first rank kept, when a constant
     * @param end the last rank kept, when a constant
     * @param endColumn the column holding the last rank kept, when it is not a constant
     */
    record RankRange(OptionalLong start, OptionalLong end, Optional<String> endColumn) {

        /** As Flink prints it: {@code rankStart=1, rankEnd=3}, {@code rankEnd=amount}. */
        public String describe() {
            if (endColumn.isPresent()) {
                return "rankEnd=" + endColumn.get();
            }
            return "rankStart=" + (start.isPresent() ? start.getAsLong() : "?") + ", rankEnd="
                    + (end.isPresent() ? end.getAsLong() : "?");
        }
    }

    /**
     * A non-window Top-N ({@code StreamExecRank}), or an {@code ORDER BY ... LIMIT} ({@code
     * StreamExecSortLimit}, a subclass of it with {@code PartitionSpec.ALL_IN_ONE}: no partition
     * keys, ranks {@code offset + 1} to {@code offset + fetch}).
     *
     * @param strategy Flink's name of it: {@code AppendFastStrategy}, {@code RetractStrategy},
     *     {@code UpdateFastStrategy}
     * @param range the ranks kept
     * @param partitionKeys {@code PARTITION BY} columns; empty for a global Top-N
     * @param orderKeys the {@code ORDER BY} keys
     * @param orderTime the time attribute kind of the first order key ({@code NONE} where it is no
     *     time attribute); empty when the plan does not say (EXPLAIN text)
     * @param fixedKeys the partition keys whose one value the plan fixes, each with that value as SQL
     *     ({@code region} to {@code 'EU'}: a view's {@code WHERE region = 'EU'}, which Flink's planner
     *     reduces to the literal in the Calc below; {@code ColumnNames#constantOfInput}); empty when
     *     the plan does not say (EXPLAIN text)
     */
    record Rank(
            PlanNode node,
            String strategy,
            RankRange range,
            List<String> partitionKeys,
            List<OrderKey> orderKeys,
            Optional<Column.TimeAttribute> orderTime,
            Map<String, String> fixedKeys)
            implements Operator {

        public Rank {
            partitionKeys = List.copyOf(partitionKeys);
            orderKeys = List.copyOf(orderKeys);
            fixedKeys = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fixedKeys));
        }

        /** A Top-N of which the plan fixes no partition key. */
        public Rank(PlanNode node, String strategy, RankRange range, List<String> partitionKeys, List<OrderKey> orderKeys,
                Optional<Column.TimeAttribute> orderTime) {
            this(node, strategy, range, partitionKeys, orderKeys, orderTime, Map.of());
        }

        /** Whether the first order key is a time attribute; empty when the plan does not say (EXPLAIN text). */
        public Optional<Boolean> orderedByTimeAttribute() {
            return orderTime.map(Column.TimeAttribute::isTimeAttribute);
        }

        public OptionalLong rankStart() {
            return range.start();
        }

        public OptionalLong rankEnd() {
            return range.end();
        }

        /** {@code rn = 1}: the shape of a deduplication. */
        public boolean keepsFirstRowOnly() {
            return range.start().orElse(-1) == 1 && range.end().orElse(-1) == 1;
        }

        /** Fed by an updating input: every input row is kept per partition. */
        public boolean retracts() {
            return strategy.startsWith("RetractStrategy");
        }

        /**
         * Fed by an append-only input ({@code AppendFastStrategy}), the only input over which Flink plans a window
         * Top-N or window deduplication ({@code StreamPhysicalWindowRank} and {@code StreamPhysicalWindowDeduplicate}
         * refuse "consuming update and delete changes", Flink 2.3.0).
         */
        public boolean appendOnlyInput() {
            return strategy.startsWith("AppendFastStrategy");
        }

        /** No {@code PARTITION BY}. */
        public boolean global() {
            return partitionKeys.isEmpty();
        }

        /**
         * One partition: no {@code PARTITION BY} ({@link #global()}), or one whose every key the plan
         * fixes to one value ({@link #fixedKeys()}). Either way every row has the same key: Flink's
         * hash exchange sends them all to one parallel instance, whose keyed state holds one partition.
         */
        public boolean onePartition() {
            return global() || fixedKeys.keySet().containsAll(partitionKeys);
        }

        /**
         * The partition keys as a finding names them, with the value the plan fixes them to where it
         * does ({@code region (fixed to 'EU' by the plan: one partition)}); the keys alone otherwise.
         */
        public String describePartition() {
            // Names in prose are written as SQL, as in a fix (SqlIdentifiers#planName): `user`, not user.
            String keys = SqlIdentifiers.planNames(partitionKeys);
            if (global() || !onePartition()) {
                return keys;
            }
            return keys + " (fixed to " + String.join(", ", partitionKeys.stream().map(fixedKeys::get).toList())
                    + " by the plan: one partition)";
        }

        /** An {@code ORDER BY ... LIMIT} ({@code SortLimit}), not a {@code ROW_NUMBER()} filter. */
        public boolean sortLimit() {
            return node.is("SortLimit");
        }

        /**
         * True when this Top-N's state cannot grow: one partition ({@link #onePartition()}: none, or
         * one whose keys the plan fixes, so that one key's state is ever written), a constant last
         * rank, and a strategy that keeps only the Top-N rows. Flink 2.3.0's {@code
         * AppendOnlyTopNFunction} ({@code AppendFastStrategy}, an append-only input) and {@code
         * UpdatableTopNFunction} ({@code UpdateFastStrategy}: "only hold top n data in state") remove
         * the rows that fall beyond {@code rankEnd} from their buffer and state; {@code
         * RetractableTopNFunction} ({@code RetractStrategy}) keeps every input row of the partition,
         * to be able to retract them, so that one grows.
         */
        public boolean stateCannotGrow() {
            return onePartition() && range.end().isPresent()
                    && (strategy.startsWith("AppendFastStrategy") || strategy.startsWith("UpdateFastStrategy"));
        }

        /**
         * True when this Top-N's result is its first N rows read, forever: one partition, an append-only input
         * ({@code AppendFastStrategy}) and one order key, a processing-time attribute ascending. Flink 2.3.0's
         * {@code StreamExecRank#translateToPlanInternal} runs that shape as {@code AppendOnlyFirstNFunction}, which
         * keeps a counter per key and, once it reaches N, ignores every later row ("Ignore record if it does not
         * belong to the first-n rows"): the output never changes after its first N rows.
         */
        public boolean firstRowsForever() {
            return onePartition() && range.end().isPresent() && strategy.startsWith("AppendFastStrategy")
                    && orderTime.filter(t -> t == Column.TimeAttribute.PROCTIME).isPresent()
                    && orderKeys.size() == 1 && orderKeys.get(0).ascending();
        }

        /**
         * True when this Top-N's order reads as "the latest rows by processing time" while Flink keeps the first
         * rows to arrive: an append-only input ({@code AppendFastStrategy}), a constant last rank, one order key, a
         * processing-time attribute descending, and more than one row kept, or an {@code ORDER BY ... LIMIT}
         * ({@code SortLimit}; a {@code ROW_NUMBER()} Top-1 is planned as a {@code Deduplicate}, which orders by
         * arrival). Flink's {@code RelTimeIndicatorConverter} (2.3.0, 1.20.0) forwards a processing-time attribute
         * into a {@code FlinkLogicalRank} or {@code FlinkLogicalSort} without materializing it, and the {@code Calc}
         * below computes {@code PROCTIME()} as a null literal ({@code ExprCodeGenerator}: "we use a null literal and
         * generate a timestamp when we need it"): every row has the same sort key. {@code StreamExecRank} runs a
         * descending one as {@code AppendOnlyTopNFunction} ({@code FastTop1Function} for one row), whose buffer
         * takes a row of an equal sort key only while it holds fewer than N ({@code
         * TopNBuffer#checkSortKeyInBufferRange}): the first N rows stay, every later one is dropped. Run on both
         * lines: {@code ROW_NUMBER() OVER (ORDER BY pt DESC) <= 2} over 20 rows emitted +I[1, 1], +I[2, 2] and
         * nothing after.
         */
        public boolean firstArrivalsReadAsLatest() {
            return strategy.startsWith("AppendFastStrategy") && range.end().isPresent()
                    && (range.end().getAsLong() > 1 || sortLimit())
                    && orderTime.filter(t -> t == Column.TimeAttribute.PROCTIME).isPresent()
                    && orderKeys.size() == 1 && !orderKeys.get(0).ascending();
        }

        /**
         * True when this Top-N's order starts with a processing-time attribute and has more keys after it, over an
         * append-only input ({@code AppendFastStrategy}) with a constant last rank: every row ties on the first key
         * (the planner does not materialize it in a ranking: {@link #firstArrivalsReadAsLatest()}), so Flink ranks the
         * rows by the keys after it alone, among every row read, in either direction of the first key, N = 1 included
         * (Flink plans a {@code Deduplicate} only for one time-attribute key: {@code
         * StreamPhysicalDeduplicateRule#canConvertToDeduplicate}). {@code StreamExecRank} runs it as {@code
         * AppendOnlyTopNFunction} ({@code FastTop1Function} for one row), not as {@code AppendOnlyFirstNFunction},
         * which it takes for one processing-time key ascending only. Run on Flink 2.3.0 and 1.20.0 (20 rows of
         * datagen): {@code ORDER BY pt DESC, id DESC LIMIT 2} emitted the two largest ids, {@code ORDER BY pt ASC, v
         * DESC LIMIT 2} the two largest v, {@code ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC, v)} {@code <= 2}
         * the two smallest v per k and {@code = 1} ordered {@code pt DESC, v DESC} the largest v per k, updated as rows
         * came.
         */
        public boolean rankedByLaterKeys() {
            return strategy.startsWith("AppendFastStrategy") && range.end().isPresent()
                    && orderTime.filter(t -> t == Column.TimeAttribute.PROCTIME).isPresent()
                    && orderKeys.size() > 1;
        }

        /** The order as SQL: {@code amount DESC}. */
        public String orderBy() {
            return Operators.orderBy(orderKeys);
        }

        @Override
        public String describe() {
            return node.label() + "(partitionBy=" + Operators.list(partitionKeys) + ", orderBy=[" + orderBy()
                    + "], rankRange=[" + range.describe() + "], strategy=[" + strategy + "])";
        }
    }

    /**
     * An OVER aggregation ({@code StreamExecOverAggregate}).
     *
     * @param partitionKeys {@code PARTITION BY} columns; empty when the window has none
     * @param orderKeys the {@code ORDER BY} keys of its window
     * @param orderedByTimeAttribute whether the order key is a time attribute: from the compiled
     *     plan's input type, or (EXPLAIN text) inferred from the changelog mode or the time
     *     attributes declared below the node; empty when neither says
     * @param frame its frame and calls, as the node's description prints them ({@link OverFrame}); empty
     *     when it prints none Flink's way
     */
    record OverAggregate(
            PlanNode node, List<String> partitionKeys, List<OrderKey> orderKeys, Optional<Boolean> orderedByTimeAttribute,
            Optional<OverFrame> frame)
            implements Operator {

        public OverAggregate {
            partitionKeys = List.copyOf(partitionKeys);
            orderKeys = List.copyOf(orderKeys);
        }

        /** No {@code PARTITION BY}: one parallel instance holds all state. */
        public boolean global() {
            return partitionKeys.isEmpty();
        }

        /** The order as SQL: {@code amount ASC}. */
        public String orderBy() {
            return Operators.orderBy(orderKeys);
        }

        @Override
        public String describe() {
            return node.label() + "(partitionBy=" + Operators.list(partitionKeys) + ", orderBy=[" + orderBy() + "])";
        }
    }

    /**
     * {@code StreamExecDeduplicate}: keeps the first or last row per key.
     *
     * @param keys the {@code PARTITION BY} columns it keeps a row for ({@code "uniqueKeys"})
     * @param keepLastRow true for the last row per key, false for the first
     * @param rowtime true when it orders by an event-time attribute ({@code "isRowtime"}, {@code
     *     order=[ROWTIME]}), false by processing time ({@code order=[PROCTIME]})
     */
    record Deduplicate(PlanNode node, List<String> keys, boolean keepLastRow, boolean rowtime) implements Operator {

        public Deduplicate {
            keys = List.copyOf(keys);
        }

        @Override
        public String describe() {
            return node.label() + "(keep=[" + (keepLastRow ? "LastRow" : "FirstRow") + "], key=" + Operators.list(keys) + ")";
        }
    }

    /**
     * A group aggregation ({@code GroupAggregate}, its global and incremental parts, table
     * aggregates).
     *
     * @param groupBy the {@code GROUP BY} columns; empty for a global aggregation
     * @param calls its aggregate calls ({@code "aggCalls"}; an {@code IncrementalGroupAggregate}'s are its
     *     partial aggregation's, {@code "partialOriginalAggCalls"}, whose DISTINCT values it keeps per key and
     *     bucket in state-backed views under the state TTL: {@code MiniBatchIncrementalGroupAggFunction} opens
     *     that aggregation's handler on a {@code PerKeyStateDataViewStore} with its TTL config, Flink 2.3.0);
     *     empty when the plan does not say (EXPLAIN text of an incremental aggregate)
     */
    record GroupAggregate(PlanNode node, List<String> groupBy, Optional<List<AggregateCall>> calls) implements Operator {

        public GroupAggregate {
            groupBy = List.copyOf(groupBy);
            calls = calls.map(List::copyOf);
        }

        /**
         * True for the partial aggregation of Flink's split of DISTINCT aggregates ({@code SplitAggregateRule},
         * {@code table.optimizer.distinct-agg.split.enabled}): {@code partialFinalType=[PARTIAL]} on a {@code
         * GroupAggregate}, or the {@code IncrementalGroupAggregate} that fuses it with the final aggregation's
         * local phase under mini-batch two-phase aggregation ({@code partialAggGrouping=[a, $f4, $e]}). It holds
         * the DISTINCT calls' values per key and bucket ({@code MOD(HASH_CODE(c), bucket-num)}) and, for several
         * distinct columns, the Expand's copy number: keys the statement never names, not grouping sets
         * (DistinctAggregateTest, Flink 2.3.0's planner tests).
         */
        public boolean splitDistinctPartial() {
            return node.is("IncrementalGroupAggregate") || node.description().contains("partialFinalType=[PARTIAL]");
        }

        /**
         * True for the final aggregation of Flink's split of DISTINCT aggregates ({@code partialFinalType=[FINAL]}):
         * its calls merge the partial aggregation's results per key ({@code $SUM0} of the partial counts, {@code MIN}
         * of the partial minimums), calls the statement does not write; the statement's own calls are the partial
         * aggregation's ({@code SplitAggregateRule}, Flink 2.3.0).
         */
        public boolean splitDistinctFinal() {
            return node.description().contains("partialFinalType=[FINAL]");
        }

        /** The calls with {@code DISTINCT}: each keeps every distinct value of its argument per key. */
        public List<AggregateCall> distinctCalls() {
            return calls.orElse(List.of()).stream().filter(AggregateCall::distinct).toList();
        }

        /**
         * The {@code DISTINCT} calls whose values can grow per key: those not over the aggregation's grouping keys
         * alone ({@link AggregateCall#overGroupingKeys()}). A {@code COUNT(DISTINCT a)} of a {@code GROUP BY a} sees one
         * value per key, however many rows.
         */
        public List<AggregateCall> growingDistinctCalls() {
            return distinctCalls().stream().filter(c -> !c.overGroupingKeys()).toList();
        }

        /** The {@code DISTINCT} calls over grouping keys alone ({@link AggregateCall#overGroupingKeys()}): one value per key. */
        public List<AggregateCall> distinctCallsOverKeys() {
            return distinctCalls().stream().filter(AggregateCall::overGroupingKeys).toList();
        }

        @Override
        public String describe() {
            // GROUPING SETS, ROLLUP, CUBE: the Expand's copy number, shown as what it is.
            return node.label() + "(groupBy=" + Operators.list(groupBy.stream()
                    .map(k -> groupingSetNumber(k) ? "grouping set" : k).toList()) + ")";
        }

        /**
         * True for the key an {@code Expand} below adds for GROUPING SETS, ROLLUP or CUBE: each row's copy per
         * grouping set numbered in a column of its own, {@code $e} (Flink's {@code ExpandUtil}), which no statement
         * names.
         */
        public static boolean groupingSetNumber(String key) {
            return key.matches("\\$e(_\\d+)?");
        }

        /**
         * True when the aggregation groups by GROUPING SETS, ROLLUP or CUBE: an {@code Expand}'s copy number is among
         * its keys, and it is not the partial aggregation of a DISTINCT split, which numbers its copies so too.
         */
        public boolean groupingSets() {
            return !splitDistinctPartial() && groupBy.stream().anyMatch(GroupAggregate::groupingSetNumber);
        }
    }

    /**
     * One aggregate call of a {@link GroupAggregate} ({@code AggregateCall} of Calcite as Flink's
     * compiled plan writes it: {@code {"internalName": "$COUNT$1", "argList": [1], "distinct":
     * true}}, with {@code "aggCallNeedRetractions"} of the node).
     *
     * @param sql the call as SQL, its arguments by column name: {@code COUNT(DISTINCT user_id)};
     *     the function alone when an argument cannot be named
     * @param function the function's name: {@code COUNT}, {@code SUM}, {@code MAX}, {@code $SUM0}
     * @param distinct {@code DISTINCT}
     * @param retracts whether the call must retract (its input updates); empty when the plan does
     *     not say (EXPLAIN text)
     * @param arguments the call's argument columns ({@code "argList"}), each with whether the aggregation groups by
     *     it; empty when the plan does not say (EXPLAIN text)
     */
    record AggregateCall(
            String sql, String function, boolean distinct, Optional<Boolean> retracts, Optional<List<Argument>> arguments) {

        public AggregateCall {
            arguments = arguments.map(List::copyOf);
        }

        /**
         * True when the call reads nothing but columns its aggregation groups by ({@code COUNT(DISTINCT a)} of a
         * {@code GROUP BY a}, {@code SUM(DISTINCT k)} of a {@code GROUP BY c, k}): per key it sees one value, so a
         * {@code DISTINCT} call keeps one value per key and its state grows with the keys alone (what a TTL does to that
         * value: {@code rewrite.DistinctUnderTtl}). Flink's split of DISTINCT aggregates adds no bucket for such a call
         * ({@code SplitAggregateRule} gives it the aggregation's own group set, Flink 2.3.0). False for {@code COUNT(*)}
         * and where the plan does not say.
         */
        public boolean overGroupingKeys() {
            return arguments.map(a -> !a.isEmpty() && a.stream().allMatch(Argument::groupingKey)).orElse(false);
        }

        /**
         * What the call does with a value it takes as new, as a participle: a {@code COUNT} counts it, a {@code SUM} or
         * {@code AVG} adds it in, a {@code LISTAGG} lists it, a {@code COLLECT} collects it; any other call takes it in.
         */
        public String takesAs() {
            return switch (function.toUpperCase(Locale.ROOT)) {
                case "COUNT" -> "counted";
                case "SUM", "SUM0", "$SUM0", "AVG" -> "added";
                case "LISTAGG" -> "listed";
                case "COLLECT" -> "collected";
                default -> "taken in";
            };
        }

        /**
         * True when the call's accumulator has a constant size whatever it reads, as Flink 2.3.0
         * builds it ({@code AggFunctionFactory}): {@code COUNT}, {@code SUM}, {@code $SUM0} and
         * {@code AVG} keep a sum and a count, retracting or not; {@code MIN}, {@code MAX}, {@code
         * FIRST_VALUE} and {@code LAST_VALUE} keep one value only when they need not retract (their
         * {@code ...WithRetractAggFunction} keeps every value in a {@code MapView}). A {@code
         * DISTINCT} call keeps every distinct value; {@code LISTAGG}, {@code COLLECT}, {@code
         * ARRAY_AGG} and user-defined functions are not known to be constant.
         */
        public boolean constantState() {
            if (distinct) {
                return false;
            }
            return switch (function) {
                case "COUNT", "SUM", "$SUM0", "AVG" -> true;
                case "MIN", "MAX", "FIRST_VALUE", "LAST_VALUE" -> retracts.isPresent() && !retracts.get();
                default -> false;
            };
        }
    }

    /**
     * One argument column of an {@link AggregateCall}, from the compiled plan: the call's {@code "argList"} index into
     * the row its calls read, beside the aggregation's {@code "grouping"} into that same row (a global or incremental
     * aggregate's calls and keys read its local aggregate's input: {@code StreamExecGlobalGroupAggregate}'s {@code
     * "localAggInputRowType"}, Flink 2.3.0).
     *
     * @param column the column by name
     * @param groupingKey true where the aggregation groups by this very column
     * @param constant the one value the plan fixes for the column, as SQL ({@code true} of a Calc's {@code "projection"}
     *     literal {@code true AS i}: {@code ColumnNames#constantOfInput}); empty where the plan does not fix it
     */
    record Argument(String column, boolean groupingKey, Optional<String> constant) {

        /** An argument whose value the plan does not fix. */
        public Argument(String column, boolean groupingKey) {
            this(column, groupingKey, Optional.empty());
        }
    }

    /**
     * A regular (unbounded) join ({@code StreamExecJoin}).
     *
     * @param joinType Flink's join type, e.g. {@code INNER}, {@code LEFT}
     * @param leftKeys the equi-join columns of the left input
     * @param rightKeys the equi-join columns of the right input, in the order of {@code leftKeys}
     * @param bounds the comparisons of a left column with a right one in the join's other
     *     condition ({@code "nonEquiCondition"}: {@code s.ship_time >= o.order_time}, a {@code
     *     BETWEEN} as its two comparisons), the shape of an interval join's bounds; empty when the
     *     plan does not say (EXPLAIN text)
     * @param leftInput what the join keeps of its left input's rows; empty when the plan does not say
     * @param rightInput what it keeps of its right input's rows
     */
    record Join(PlanNode node, String joinType, List<String> leftKeys, List<String> rightKeys, List<Bound> bounds,
            Optional<JoinInput> leftInput, Optional<JoinInput> rightInput)
            implements Operator {

        public Join {
            leftKeys = List.copyOf(leftKeys);
            rightKeys = List.copyOf(rightKeys);
            bounds = List.copyOf(bounds);
        }

        /** A join whose inputs' state the plan does not describe. */
        public Join(PlanNode node, String joinType, List<String> leftKeys, List<String> rightKeys, List<Bound> bounds) {
            this(node, joinType, leftKeys, rightKeys, bounds, Optional.empty(), Optional.empty());
        }

        @Override
        public String describe() {
            return node.label() + "(joinType=[" + joinType + "], leftKeys=" + Operators.list(leftKeys) + ", rightKeys="
                    + Operators.list(rightKeys) + ")";
        }
    }

    /**
     * What a regular join keeps of one input's rows per join key, as Flink decides it ({@code
     * JoinUtil#analyzeJoinInput} on the input's upsert keys, Flink 2.3.0 and 1.20; the {@code
     * JoinInputSideSpec} that {@code StreamExecJoin} hands to {@code StreamingJoinOperator}, printed
     * as {@code leftInputSpec}/{@code rightInputSpec}): {@code JoinRecordStateViews} keeps every row
     * of an input without a unique key (a count per distinct row), one row per unique key where the
     * input has one, and one row per join key where a unique key lies within the join key.
     *
     * @param kind which of the three
     * @param uniqueKey the unique key Flink keeps the rows by (its smallest one); empty for {@code
     *     NO_UNIQUE_KEY}, or where the plan does not name it (EXPLAIN text)
     */
    record JoinInput(Kind kind, List<String> uniqueKey) {

        public JoinInput {
            uniqueKey = List.copyOf(uniqueKey);
        }

        /** {@code JoinInputSideSpec}'s three cases, by the names Flink prints. */
        public enum Kind {
            /** {@code NoUniqueKey}: every row, per join key. */
            NO_UNIQUE_KEY,
            /** {@code HasUniqueKey}: the latest row per unique key, per join key. */
            HAS_UNIQUE_KEY,
            /** {@code JoinKeyContainsUniqueKey}: one row per join key. */
            JOIN_KEY_CONTAINS_UNIQUE_KEY
        }
    }

    /**
     * A comparison of a left input's column with a right input's column in a join condition ({@code
     * >=}, {@code >}, {@code <=}, {@code <}, either side possibly shifted by an interval).
     *
     * @param left the left input's column
     * @param right the right input's column
     * @param leftLower true where the comparison bounds the left column from below ({@code l >= r - 5}, {@code r <
     *     l}), as Flink's {@code IntervalJoinUtil#computeWindowBoundFromPredicate} reads it; false from above
     */
    record Bound(Column left, Column right, boolean leftLower) {

        /** True when both are timestamps ({@code TIMESTAMP}, {@code TIMESTAMP_LTZ}), as an interval join's bounds are. */
        public boolean onTimestamps() {
            return Operators.isTimestamp(left.type()) && Operators.isTimestamp(right.type());
        }
    }

    /**
     * {@code StreamExecChangelogNormalize}: materialises an upsert source per key.
     *
     * @param keys the source's primary key columns ({@code "uniqueKeys"})
     */
    record ChangelogNormalize(PlanNode node, List<String> keys) implements Operator {

        public ChangelogNormalize {
            keys = List.copyOf(keys);
        }

        @Override
        public String describe() {
            return node.label() + "(key=" + Operators.list(keys) + ")";
        }
    }

    /**
     * A sink ({@code StreamExecSink}), with its upsert materializer when Flink plans one: a keyed
     * operator before the sink ({@code SinkMaterializer(pk=[...])}, {@code
     * StreamExecSink#applyUpsertMaterialize}) that keeps, per primary key, the rows it has received
     * and not seen retracted, in state {@code sinkMaterializeState}.
     *
     * @param upsertMaterialize {@code "requireUpsertMaterialize"}: Flink puts the materializer in
     *     front of the sink
     * @param primaryKey the sink table's primary key columns, the materializer's key; empty when
     *     the plan does not say
     * @param upsertKey the query's upsert key as the sink receives it ({@code "inputUpsertKey"});
     *     empty when it has none or the plan does not say
     * @param conflictStrategy the {@code ON CONFLICT} clause's behaviour ({@code DEDUPLICATE},
     *     {@code NOTHING}, {@code ERROR}); empty without one (Flink 1.20 has no such clause)
     * @param materializeStrategy {@code table.exec.sink.upsert-materialize-strategy.type} as
     *     compiled ({@code LEGACY}, {@code VALUE}, {@code MAP}, {@code ADAPTIVE}); empty when the plan
     *     does not say ({@code LEGACY})
     */
    record Sink(
            PlanNode node,
            boolean upsertMaterialize,
            List<String> primaryKey,
            List<String> upsertKey,
            Optional<String> conflictStrategy,
            Optional<String> materializeStrategy)
            implements Operator {

        public Sink {
            primaryKey = List.copyOf(primaryKey);
            upsertKey = List.copyOf(upsertKey);
        }

        /**
         * True when the materializer keeps every row per key ({@code SinkUpsertMaterializer}): {@code
         * ON CONFLICT DO DEDUPLICATE}, or no clause (Flink 1.20, or a sink keyed as the query).
         * {@code DO NOTHING} and {@code DO ERROR} use {@code WatermarkCompactingSinkMaterializer}
         * instead, which compacts each key's rows as the watermark passes them.
         */
        public boolean keepsHistory() {
            return upsertMaterialize && conflictStrategy.map(s -> s.equals("DEDUPLICATE")).orElse(true);
        }

        /**
         * True when Flink disables the materializer's state TTL: a {@code DEDUPLICATE} materializer
         * with a strategy other than {@code LEGACY} ({@code SinkUpsertMaterializerV2}; Flink 2.3.0's
         * {@code StreamExecSink#createStateConfig} logs "TTL is not supported and will be disabled",
         * FLINK-38463).
         */
        public boolean ttlDisabled() {
            return keepsHistory() && materializeStrategy.map(s -> !s.equals("LEGACY")).orElse(false);
        }

        @Override
        public String describe() {
            StringBuilder out = new StringBuilder(node.label()).append("(table=[")
                    .append(node.table().map(t -> t.getObjectName()).orElse("?")).append(']');
            if (upsertMaterialize) {
                out.append(", upsertMaterialize=[true], pk=").append(Operators.list(primaryKey));
            }
            conflictStrategy.ifPresent(s -> out.append(", conflictStrategy=[").append(s).append(']'));
            return out.append(')').toString();
        }
    }

    /**
     * A Top-N per window ({@code StreamExecWindowRank}): its state is freed when each window closes.
     *
     * @param range the ranks kept
     * @param partitionKeys the {@code PARTITION BY} columns beside the window's ({@code "partitionSpec"}: Flink's plan
     *     leaves {@code window_start}, {@code window_end} and {@code window_time} out of them); empty for a ranking
     *     per window alone, which Flink runs behind {@code Exchange(distribution=[single])}
     * @param orderKeys the {@code ORDER BY} keys ({@code "sortSpec"})
     * @param orderTime the time attribute kind of the first order key ({@code NONE} where it is no time attribute);
     *     empty when the plan does not say (EXPLAIN text)
     */
    record WindowRank(PlanNode node, RankRange range, List<String> partitionKeys, List<OrderKey> orderKeys,
            Optional<Column.TimeAttribute> orderTime) implements Operator {

        public WindowRank {
            partitionKeys = List.copyOf(partitionKeys);
            orderKeys = List.copyOf(orderKeys);
        }

        public OptionalLong rankStart() {
            return range.start();
        }

        public OptionalLong rankEnd() {
            return range.end();
        }

        /**
         * True when this window Top-N's order reads as "the latest rows of each window by processing time" while
         * Flink keeps each window's first rows to arrive: one order key, a processing-time attribute descending, and
         * more than one row kept (a Top-1 is a {@code WindowDeduplicate}, which keeps the last row to arrive). The
         * planner forwards the attribute unmaterialized into the ranking, as into a {@link Rank} ({@link
         * Rank#firstArrivalsReadAsLatest()}). Run on Flink 2.3.0 and 1.20.0 over an event-time TUMBLE: {@code
         * ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY pt DESC) <= 2} emitted the window's first
         * two rows, {@code = 1} its last.
         */
        public boolean firstArrivalsReadAsLatest() {
            return range.end().orElse(1) > 1
                    && orderTime.filter(t -> t == Column.TimeAttribute.PROCTIME).isPresent()
                    && orderKeys.size() == 1 && !orderKeys.get(0).ascending();
        }

        /**
         * True when this window Top-N's order starts with a processing-time attribute and has more keys after it:
         * every row of a window ties on the first key, as in a {@link Rank} ({@link Rank#rankedByLaterKeys()}), so
         * each window's rows are ranked by the keys after it alone, N = 1 included (a {@code WindowDeduplicate} takes
         * one time-attribute key only: {@code StreamPhysicalWindowDeduplicateRule}). Run on Flink 2.3.0 and 1.20.0
         * over an event-time TUMBLE: {@code PARTITION BY window_start, window_end ORDER BY pt DESC, v DESC} {@code <=
         * 2} emitted the window's two largest v.
         */
        public boolean rankedByLaterKeys() {
            return range.end().isPresent()
                    && orderTime.filter(t -> t == Column.TimeAttribute.PROCTIME).isPresent()
                    && orderKeys.size() > 1;
        }

        /** The order as SQL: {@code amount DESC}. */
        public String orderBy() {
            return Operators.orderBy(orderKeys);
        }

        @Override
        public String describe() {
            return node.label() + "(rankRange=[" + range.describe() + "])";
        }
    }

    /**
     * An operator whose state a window or the watermark frees ({@code WindowDeduplicate}, {@code
     * WindowAggregate}, {@code WindowJoin}, interval and temporal joins).
     */
    record Windowed(PlanNode node) implements Operator {}

    /** Any other operator (sources, sinks, calc, exchange, ...). */
    record Other(PlanNode node) implements Operator {}

    /** The typed view of a node by its name, for a node with nothing typed to read. */
    static Operator untyped(PlanNode node) {
        return switch (node.name()) {
            case "WindowDeduplicate", "WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate",
                    "GroupWindowAggregate", "WindowJoin", "IntervalJoin", "TemporalJoin" -> new Windowed(node);
            default -> new Other(node);
        };
    }
}
