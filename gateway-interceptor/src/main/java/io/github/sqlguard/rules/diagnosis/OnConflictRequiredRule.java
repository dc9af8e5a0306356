package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.rules.DeclaredKeys;
import io.github.sqlguard.statement.LookupKeys;
import io.github.sqlguard.statement.ParsedSql;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.GroupWindow;
import io.github.sqlguard.statement.ParsedStatement.Grouping;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.ParsedTree;
import io.github.sqlguard.statement.PartitionKeys;
import io.github.sqlguard.statement.QueryFacts;
import io.github.sqlguard.statement.SqlIdentifiers;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Util;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlStatementSet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code on-conflict-required}: an INSERT whose query's upsert key differs from the primary key of
 * its upsert sink, without an {@code ON CONFLICT} clause, which Flink 2.3 refuses (FLIP-558,
 * FLINK-38926).
 *
 * <p>Planner symptom (Flink 2.3.0, {@code FlinkChangelogModeInferenceProgram
 * #analyzeUpsertMaterializeStrategy}, a {@code ValidationException} raised while the planner decides
 * whether the sink needs an upsert materializer, with {@code table.exec.sink.upsert-materialize}
 * {@code AUTO} and {@code table.exec.sink.require-on-conflict} {@code true}, both defaults): {@code The
 * query has an upsert key that differs from the primary key of the sink table '<table>'. Primary
 * key: [<columns>], upsert key: <keys>. ... Please specify an ON CONFLICT clause ...}. The keys are
 * named by the sink's columns ({@code StreamPhysicalSink#getPrimaryKeyNames}, {@code
 * #getUpsertKeyNames}): several upsert keys are joined by {@code ", "}; a query without one gives an
 * empty list, or {@code none} when Flink could not derive upsert keys at all.
 *
 * <p>What each choice costs and needs, as Flink 2.3.0 implements it ({@code StreamExecSink
 * #applyUpsertMaterialize}); all three add the sink's upsert materializer ({@code
 * SinkMaterializer(pk=[…])}), whose state ({@code sinkMaterializeState}) gets the operator's state
 * TTL, by default {@code table.exec.state.ttl} ({@code StateMetadata#getStateTtlForOneInputOperator}):
 *
 * <ul>
 *   <li>{@code ON CONFLICT DO DEDUPLICATE}: the latest row per primary key wins. Flink's {@code
 *       SinkUpsertMaterializer} keeps, per primary key, every row it received and has not seen
 *       retracted ({@code ValueState<List<RowData>>}); Flink's own message calls it "state
 *       intensive, since we need to keep the entire history". With {@code table.exec.sink.upsert-materialize-strategy.type}
 *       other than {@code LEGACY} (the default), Flink uses {@code SinkUpsertMaterializerV2} and
 *       disables its TTL, logging a warning (FLINK-38463).
 *   <li>{@code ON CONFLICT DO NOTHING} (the first row per key is kept) and {@code ON CONFLICT DO
 *       ERROR} (the job fails on a conflict): a {@code WatermarkTimestampAssigner} and {@code
 *       WatermarkCompactingSinkMaterializer}, which buffers rows until the watermark passes them and
 *       keeps the current row per key. Flink refuses both unless every source table declares a
 *       watermark ({@code FlinkChangelogModeInferenceProgram#validateSourcesHaveWatermarks}: {@code ON
 *       CONFLICT DO NOTHING requires all source tables to define watermarks ...}).
 * </ul>
 *
 * <p>Keying the sink by the query's upsert key needs no clause and no materializer (the planner
 * skips it when the primary key contains an upsert key: {@code
 * StreamPhysicalSink#primaryKeysContainsUpsertKey}). Flink 1.20 has no {@code ON CONFLICT} clause and
 * plans such an INSERT with an upsert materializer, so this symptom never arises there.
 */
public final class OnConflictRequiredRule extends DiagnosisRule {

    public static final String ID = "on-conflict-required";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(
                    ID,
                    "`INSERT` whose upsert key differs from the sink's primary key without `ON CONFLICT`, which Flink"
                    + " 2.3 refuses.");

    private static final String SYMPTOM = "The query has an upsert key that differs from the primary key of the sink table";

    /** A column as a join condition names it: {@code T.sum_votes}, {@code votes}. */
    private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");

    private static final Pattern TABLE = Pattern.compile("of the sink table '([^']+)'");

    private static final Pattern KEYS = Pattern.compile("Primary key: (\\[[^\\]]*\\]), upsert key: (.*?)\\. This can lead");

    /**
     * What loses a query's upsert key on its way into the sink. Besides a query without one (an outer join of
     * tables without a key), a key column cast to the sink's column type: Flink casts a {@code STRING} key to a
     * sink's {@code VARCHAR(20)} in the projection before the sink, and a cast that may truncate keeps no key
     * (verified on Flink 2.3.0: {@code GROUP BY category_id, behavior} into a sink keyed by those columns is
     * refused with {@code upsert key: .} where they are declared {@code VARCHAR(20)}, and plans with no finding
     * where they are {@code STRING}; springMoon/sqlSubmit's {@code kafka_to_mysql_group_by.sql}, issue 30). And a
     * join or a ranking that distributes updating rows by columns other than their key: Flink 2.3.0 keeps an upsert
     * key through a {@code Join}, a {@code Rank} or an {@code Exchange} only where its columns hold the columns the
     * rows are distributed by, the join key or the partition key ({@code FlinkRelMdUpsertKeys#filterKeys}, "only keys
     * that include the distribution keys are guaranteed to be co-located"): the changes of one key then pass through
     * different parallel instances and can reach the sink out of order. Flink's own plan tests {@code
     * TableSinkTest#testSinkDisorderChangeLogWithJoin} (a {@code GROUP BY person} joined on its {@code SUM(votes)})
     * and {@code #testSinkDisorderChangeLogWithRank} (a ranking {@code PARTITION BY} a {@code SUM(votes) / 2} of
     * that aggregation), both into a sink keyed by {@code person}, are refused so on 2.3.0 with {@code upsert key: .}
     * (cases 507, 508).
     */
    private static final String JOIN_CAUSE = "a join keeps a key only where its inputs have one and it is distributed by"
            + " it: an outer join of inputs without a unique key has none, and a join on another column %s distributes"
            + " the updating rows of one key to different parallel instances, whose changes can reach the sink out of"
            + " order";

    private static final String RANK_CAUSE = "a ranking distributes its input's rows by its PARTITION BY, and keeps"
            + " their key only where the partition holds it: partitioned by another column (an aggregated value), the"
            + " updating rows of one key pass through different parallel instances, and their changes can reach the sink"
            + " out of order";

    private static final String CAST_CAUSE = "so what drops the key is most likely a key column the sink declares with a"
            + " narrower type than the query's (VARCHAR(20) for a STRING: Flink casts it on the way in, and the cast keeps"
            + " no key), or a join or a ranking in a view it reads";

    /**
     * The fix where a join or a ranking distributes updating rows by other columns than their key ({@link
     * #JOIN_CAUSE}): no key of the query reaches the sink, whatever the sink declares, and {@code ON CONFLICT DO
     * DEDUPLICATE} is the fix Flink 1.20 applied on its own: the upsert materializer keeps each primary key's rows
     * until their retraction arrives, whichever order they come in ({@code SinkUpsertMaterializer}, FLINK-20374), so
     * the latest row that is not retracted wins.
     */
    private static final String REDISTRIBUTED_FIX = " Where a join or a ranking distributes the rows by other columns"
            + " than the sink's key (a join on an aggregated value, a PARTITION BY an aggregated value), no key reaches"
            + " the sink and ON CONFLICT DO DEDUPLICATE is the fix: its materializer keeps each key's rows until their"
            + " retraction arrives, so the changes of one key are put back in order (what Flink 1.20 did on its own).";

    /** Flink's option that picks the DEDUPLICATE materializer ({@code ExecutionConfigOptions}). */
    private static final String MATERIALIZE_STRATEGY = "table.exec.sink.upsert-materialize-strategy.type";

    public OnConflictRequiredRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String message, AnalysisContext context) {
        return message.contains(SYMPTOM);
    }

    @Override
    protected String reason(String message, AnalysisContext whole) {
        AnalysisContext context = insertInto(message, whole);
        String table = group(TABLE, message, 1).orElse("the sink table");
        String primaryKey = group(KEYS, message, 1).orElse("of the sink");
        String upsertKey = upsertKey(message);
        String query = upsertKey.isEmpty()
                ? "Flink derives no upsert key for the query's rows as they reach the sink '" + table + "', which is keyed by "
                        + primaryKey + " (" + noKeyCause(context) + ")"
                : "The query's upsert key " + upsertKey + " differs from the primary key " + primaryKey + " of the sink '"
                        + table + "'";
        return query + ": rows of different query keys can land on one primary-key row and overwrite each other in"
                + " an order Flink cannot guarantee. Flink 2.3 refuses such an INSERT unless it says how to resolve the"
                + " conflicts (FLIP-558; table.exec.sink.require-on-conflict).";
    }

    /**
     * Why the query's rows reach the sink with no upsert key, named from what the statement writes ({@link
     * #JOIN_CAUSE}, {@link #RANK_CAUSE}): its ranking, else its join, else neither ({@link #CAST_CAUSE}). A view's
     * joins and rankings are not the statement's facts, so the last names them as the other possibility.
     */
    private static String noKeyCause(AnalysisContext context) {
        Optional<WindowOperator> window = windowOperator(context);
        if (window.isPresent()) {
            return windowOperatorCause(window.get());
        }
        List<RankFunction> ranks = keyingRanks(context);
        List<String> joins = context.statement().facts().joinTypes();
        if (!ranks.isEmpty()) {
            return "the statement's ranking" + (ranks.get(0).partitionBy().isEmpty() ? ""
                    : " PARTITION BY " + String.join(", ", ranks.get(0).partitionBy())) + " loses it: " + RANK_CAUSE;
        }
        Optional<TableReference> lookup = lookupJoin(context);
        if (lookup.isPresent() && joins.size() == 1) {
            return lookupCause(lookup.get(), DimensionKey.of(lookup.get(), context));
        }
        if (!joins.isEmpty()) {
            String type = joins.get(0).equals("COMMA") || joins.get(0).equals("CROSS") ? "" : joins.get(0) + " ";
            List<String> conditions = context.statement().facts().joinConditions();
            String on = conditions.isEmpty() ? "" : conditions.get(0);
            String join = "the statement's " + type + "JOIN" + (on.isEmpty() ? "" : " on " + on);
            Optional<JoinOutputKeys> keys = JoinOutputKeys.of(context);
            Optional<JoinOutputKeys> pair = keys.filter(k -> k.sides().size() == 2);
            if (pair.isPresent() && pair.get().neitherKeyed()) {
                return join + " joins " + pair.get().sides().get(0).name() + " and " + pair.get().sides().get(1).name()
                        + ", neither of"
                        + " which declares a PRIMARY KEY: neither input has a unique key, so the join's rows have none to"
                        + " lose (a join keys its rows only by its inputs' keys)";
            }
            List<String> unkeyed = unkeyedInputs(context);
            if (pair.isEmpty() && !unkeyed.isEmpty()) {
                return "the statement's joins (" + String.join("; ", joins.stream().map(t -> t + " JOIN").toList())
                        + ") join " + String.join(", ", unkeyed) + ", none of which declares a PRIMARY KEY: no input has"
                        + " a unique key, so the joins' rows have none to lose (a join keys its rows only by its inputs'"
                        + " keys)";
            }
            Optional<JoinOutputKeys.Joined> dropping =
                    keys.filter(k -> k.sides().size() > 2).flatMap(JoinOutputKeys::dropping);
            if (dropping.isPresent()) {
                return droppedBy(dropping.get());
            }
            Optional<JoinOutputKeys.EqualColumnFix> equal = keys.flatMap(JoinOutputKeys::equalColumnFix);
            if (equal.isPresent()) {
                return join + " keeps " + keyNamed(equal.get()) + ", but the query selects " + written(equal.get(), true)
                        + ", not " + written(equal.get(), false) + ": Flink keeps a key through the projection only where"
                        + " every column of it is selected, and does not take " + written(equal.get(), true) + " for "
                        + written(equal.get(), false) + ", though the join makes them equal";
            }
            return join + " loses it: " + JOIN_CAUSE.formatted(otherColumn(on, context));
        }
        Optional<String> windowTvf = windowTvfAggregation(context);
        if (windowTvf.isPresent()) {
            return "the query aggregates over a " + windowTvf.get() + " window TVF (GROUP BY window_start, window_end): "
                    + WINDOW_TVF_CAUSE;
        }
        Optional<Grouping> dropping = droppingGrouping(context);
        if (dropping.isPresent() && !dropping.get().droppedWindows().isEmpty()) {
            return droppedWindowCause(dropping.get());
        }
        if (dropping.isPresent()) {
            Grouping grouping = dropping.get();
            String rows = kept(grouping).isEmpty() ? "the rows reach the sink with no key"
                    : "rows of different groups reach the sink as rows of one " + String.join(", ", kept(grouping));
            if (!grouping.expressions().isEmpty()) {
                return "the query groups by " + String.join(", ", grouping.groupBy()) + ", the upsert key of its"
                        + " aggregation, but selects " + String.join(", ", grouping.dropped()) + " only inside "
                        + String.join(" and ", grouping.expressions()) + ", " + (grouping.expressions().size() == 1
                                ? "an expression" : "expressions")
                        + ": Flink keeps a key through a projection only where each of its columns is selected as it is,"
                        + " renamed, or cast to a type that keeps every value apart, as it cannot know whether an"
                        + " expression keeps distinct values apart; so " + rows;
            }
            return "the query groups by " + String.join(", ", grouping.groupBy()) + ", the upsert key of its aggregation,"
                    + " but selects " + (grouping.groupBy().size() == grouping.dropped().size() ? "none of it"
                            : "only " + String.join(", ", kept(grouping)) + " of it")
                    + ": the projection drops " + String.join(", ", grouping.dropped()) + ", and with it the key, so "
                    + rows + " (a key survives a projection only where every column of it is selected)";
        }
        List<String> overs = context.statement().facts().overOrders();
        if (!overs.isEmpty()) {
            // Flink's FlinkRelMdUpsertKeys gives an OverAggregate its input's upsert keys: it emits one row per row it
            // reads (NonDeterministicDagTest#testMultiOverWithNonDeterministicUdafSinkWithPk, COUNT(DISTINCT b) OVER
            // (PARTITION BY a ORDER BY proctime ROWS ...) over an append-only table into a sink keyed by (a, d): Flink
            // names no upsert key). Not a narrower type nor a view's join: the rows never had a key.
            return "the statement's OVER aggregate emits one row for each row it reads, keyed only as its input is, and"
                    + " its input has no key: each row reaches the sink on its own, whatever its PARTITION BY";
        }
        List<TableRead> keyless = keylessCopy(context);
        if (!keyless.isEmpty()) {
            String tables = String.join(", ", keyless.stream().map(TableRead::name).toList());
            return "the statement writes the rows of " + tables + " as it reads them, neither grouping, deduplicating nor"
                    + " joining them, and " + tables + (keyless.size() == 1 ? " declares" : " declare") + " no PRIMARY"
                    + " KEY: its rows are " + (keyless.stream().anyMatch(TableRead::updating)
                            ? "changes (its source emits updates) with no key, so each change reaches the sink on its own"
                            : "inserts with no key, so each reaches the sink on its own");
        }
        return "the statement neither joins nor ranks, " + CAST_CAUSE;
    }

    /**
     * Why the join {@code join} of a cascade ({@link JoinOutputKeys#dropping}) keys its rows by nothing though an input of
     * it has a key, as Flink 2.3.0 derives a join's keys ({@code FlinkRelMdUpsertKeys#getJoinUpsertKeys}): an input's key
     * is kept only where it holds the input's join columns ({@code #filterKeys}: the join distributes the input's rows by
     * them), and a kept key keys the join's rows alone only where the other input is unique on its join columns ({@code
     * FlinkRelMdUniqueKeys#getJoinUniqueKeys}, {@code #isSideUnique}) and the join pads no nulls on its side; both inputs'
     * kept keys together otherwise. {@code "the statement's INNER JOIN on l.sku = p.sku loses it: the join of o and l,
     * keyed by order_lines' PRIMARY KEY (order_id, line_no), is joined on l.sku, which that key does not hold ..."}
     * (case 1131, where the reason named the top join, which has no key left to lose; case 1130, where it gave the top
     * join, on the users' key, the cause of a join on another column than the key).
     */
    private static String droppedBy(JoinOutputKeys.Joined join) {
        List<String> why = new ArrayList<>();
        for (boolean left : List.of(true, false)) {
            JoinOutputKeys.Input input = left ? join.left() : join.right();
            JoinOutputKeys.Input other = left ? join.right() : join.left();
            List<JoinOutputKeys.SideColumn> on = JoinOutputKeys.on(join, left);
            List<JoinOutputKeys.SideColumn> otherOn = JoinOutputKeys.on(join, !left);
            List<JoinOutputKeys.EqualColumnFix> inputKeys = JoinOutputKeys.keys(input);
            List<JoinOutputKeys.EqualColumnFix> kept = inputKeys.stream().filter(k -> k.key().containsAll(on)).toList();
            if (inputKeys.isEmpty()) {
                why.add(described(input) + " has no key" + (input instanceof JoinOutputKeys.Side side
                        ? " (" + side.name() + " declares no PRIMARY KEY)" : undeclared(input)));
            } else if (kept.isEmpty()) {
                String column = on.size() == 1 ? "the column " : "the columns ";
                why.add((input instanceof JoinOutputKeys.Side side
                        ? keyDescribed(inputKeys.get(0)) + " does not hold " + written(on) + ", " + column + side.name()
                                + " is joined on"
                        : described(input) + ", keyed by " + keyDescribed(inputKeys.get(0)) + ", is joined on "
                                + written(on) + ", which " + (inputKeys.size() == 1 ? "that key does not hold"
                                : "none of its keys holds"))
                        + ": the join distributes its rows by other columns than their key");
            } else if (JoinOutputKeys.keys(other).stream().anyMatch(k -> otherOn.containsAll(k.key()))) {
                why.add("the " + join.type() + " JOIN pads " + described(input) + " with nulls where "
                        + described(other) + " has no match, so " + keyDescribed(kept.get(0)) + " keys none of its rows");
            } else {
                why.add(keyDescribed(kept.get(0)) + " keys the join's rows only where the other input is unique on its"
                        + " join " + (otherOn.size() == 1 ? "column" : "columns") + ", and " + described(other) + " is not"
                        + " unique on " + written(otherOn));
            }
        }
        return "the statement's " + join.type() + " JOIN on " + String.join(" AND ", join.on().stream()
                .map(e -> e.left().written() + " = " + e.right().written()).toList()) + " loses it: " + String.join("; ", why)
                + " (a join keeps an input's key only where the key holds the input's join columns, and keys its rows by"
                + " it alone only where the other input is unique on its own)";
    }

    /**
     * {@code " (neither click_changes nor session_changes declares a PRIMARY KEY)"} where no table the join {@code input}
     * reads declares one; empty otherwise (its joins drop the keys, {@link JoinOutputKeys#dropping} names where).
     */
    private static String undeclared(JoinOutputKeys.Input input) {
        List<JoinOutputKeys.Side> sides = new ArrayList<>();
        collectSides(input, sides);
        if (sides.stream().anyMatch(s -> !s.declared().isEmpty())) {
            return "";
        }
        List<String> names = sides.stream().map(JoinOutputKeys.Side::name).distinct().toList();
        return names.size() == 2 ? " (neither " + names.get(0) + " nor " + names.get(1) + " declares a PRIMARY KEY)"
                : " (none of " + String.join(", ", names) + " declares a PRIMARY KEY)";
    }

    private static void collectSides(JoinOutputKeys.Input input, List<JoinOutputKeys.Side> out) {
        if (input instanceof JoinOutputKeys.Side side) {
            out.add(side);
        } else if (input instanceof JoinOutputKeys.Joined join) {
            collectSides(join.left(), out);
            collectSides(join.right(), out);
        }
    }

    /** {@code orders}, a table the join reads; {@code the join of o and l}, a join below it. */
    private static String described(JoinOutputKeys.Input input) {
        if (input instanceof JoinOutputKeys.Side side) {
            return side.name();
        }
        List<JoinOutputKeys.Side> sides = new ArrayList<>();
        collectSides(input, sides);
        List<String> labels = sides.stream().map(JoinOutputKeys.Side::label).toList();
        return "the join of " + String.join(labels.size() == 2 ? " and " : ", ", labels);
    }

    /** {@code order_lines' PRIMARY KEY (order_id, line_no)}, or several inputs' keys together, {@code (o.id, l.id)}. */
    private static String keyDescribed(JoinOutputKeys.EqualColumnFix key) {
        return key.side().map(s -> s.name() + (s.name().endsWith("s") ? "'" : "'s") + " PRIMARY KEY ("
                + String.join(", ", key.key().stream().map(JoinOutputKeys.SideColumn::column).toList()) + ")")
                .orElse("the key (" + written(key.key()) + ")");
    }

    private static String written(List<JoinOutputKeys.SideColumn> columns) {
        return String.join(", ", columns.stream().map(JoinOutputKeys.SideColumn::written).toList());
    }

    /**
     * The tables a statement of several joins reads, where each is a table of the session's catalog that declares no
     * PRIMARY KEY and the statement neither groups, deduplicates nor ranks (each of which keys rows anew): the joins'
     * inputs have no key, and Flink derives none for their rows (DeltaJoinTest#testWithCascadeJoin's shape); empty
     * otherwise, and for one join ({@link JoinOutputKeys#neitherKeyed} says it then).
     */
    private static List<String> unkeyedInputs(AnalysisContext context) {
        var facts = context.statement().facts();
        if (facts.joinTypes().size() < 2 || !facts.groupings().isEmpty() || facts.distinct()
                || !facts.rankFunctions().isEmpty() || !facts.overOrders().isEmpty()
                || facts.tableReferences().stream().anyMatch(r -> r.function().isPresent() || r.asOf().isPresent())) {
            return List.of();
        }
        return keylessTables(context).stream().map(TableRead::name).distinct().toList();
    }

    /**
     * The tables the statement reads, where each table it names is one of the session's catalog (not a view) that
     * declares no PRIMARY KEY ({@link DeclaredKeys#of(TableReference, List)}: a refused statement has no plan): Flink
     * derives no upsert key for a scan of such a table ({@code FlinkRelMdUpsertKeys#getUpsertKeys(TableScan)}: the
     * table's declared key). Empty where the statement names none, or any that is a view, declares a key or is not in
     * the catalog. The one predicate of {@link #unkeyedInputs} (several joins) and {@link #keylessCopy} (none).
     */
    private static List<TableRead> keylessTables(AnalysisContext context) {
        List<TableRead> tables = new ArrayList<>();
        for (TableReference reference : context.statement().facts().tableReferences()) {
            Optional<TableRead> read = context.tablesRead().stream().filter(r -> r.reference().equals(reference)).findFirst();
            if (read.isEmpty() || read.get().view() || !DeclaredKeys.of(reference, context.tablesRead()).isEmpty()) {
                return List.of();
            }
            if (!tables.contains(read.get())) {
                tables.add(read.get());
            }
        }
        return tables;
    }

    /** {@code src2's PRIMARY KEY (a2, b2)}, or both inputs' keys together: the key {@code fix} keeps. */
    private static String keyNamed(JoinOutputKeys.EqualColumnFix fix) {
        String columns = "(" + String.join(", ", fix.key().stream().map(c -> fix.side().isPresent() ? c.column()
                : c.written()).toList()) + ")";
        return fix.side().map(s -> s.name() + "'s PRIMARY KEY " + columns).orElse("both inputs' keys together, " + columns);
    }

    /** The columns the SELECT writes ({@code written}) or the equal ones to write in their place, as a list. */
    private static String written(JoinOutputKeys.EqualColumnFix fix, boolean written) {
        return String.join(", ", fix.select().stream().map(e -> (written ? e.left() : e.right()).written()).toList());
    }

    /**
     * What Flink 2.3.0 derives for a window TVF aggregation ({@code GROUP BY window_start, window_end} over {@code
     * TABLE(TUMBLE(...))}): no upsert key. {@code FlinkRelMdUpsertKeys} has a case for the legacy group window
     * aggregation ({@code StreamPhysicalGroupWindowAggregate}: its grouping with a window property) and for the logical
     * {@code WindowAggregate}, none for the physical {@code StreamPhysicalWindowAggregate} and {@code
     * StreamPhysicalGlobalWindowAggregate} (a {@code SingleRel}), so the planner's default gives none. Verified on
     * 2.3.0 (lint, issue 30; harsha-sridhar/flink_poc's {@code num_beacons_per_user_1mins.sql}): a TUMBLE TVF aggregation
     * into a jdbc sink keyed by exactly {@code (window_start, window_end)} is refused with {@code upsert key: .}, with
     * the timestamps declared as the query's {@code TIMESTAMP(3)} and with one-phase aggregation alike, while the
     * legacy {@code GROUP BY TUMBLE(...)} with {@code TUMBLE_START} in the sink's key plans (case 1103).
     */
    private static final String WINDOW_TVF_CAUSE = "Flink 2.3 derives no upsert key for a window TVF aggregation, whatever"
            + " it selects and the sink declares (its upsert-key metadata covers the legacy GROUP BY TUMBLE(...)"
            + " aggregation, not the window TVF's WindowAggregate), though the aggregation emits each group's row once,"
            + " when its window closes, as an insert";

    /**
     * The window Top-N, window deduplication or window join the statement writes over the windowing TVF it reads
     * ({@link WindowOperator}); empty otherwise.
     */
    private static Optional<WindowOperator> windowOperator(AnalysisContext context) {
        return WindowOperator.of(context, context.statement().facts().tableReferences().stream()
                .map(TableReference::functionName).flatMap(Optional::stream)
                .filter(WINDOW_TVFS::contains).findFirst());
    }

    /**
     * Why a window operator's rows reach the sink with no key ({@link WindowOperator}: what Flink 2.3.0's {@code
     * FlinkRelMdUpsertKeys} derives for each). Before, the reason named a ranking or join that distributes updating
     * rows by an aggregated value, which a window operator neither does nor emits (lint cases 58-60).
     */
    private static String windowOperatorCause(WindowOperator window) {
        String over = " over the " + window.tvf() + " window TVF";
        return switch (window.kind()) {
            case TOP_N -> {
                RankFunction rank = window.rank().orElseThrow();
                String numbered = rank.function().equalsIgnoreCase("ROW_NUMBER")
                        ? " does not write " + rank.alias() + ": Flink 2.3 keys a window Top-N's rows by its PARTITION BY"
                                + " columns other than window_start and window_end together with its ROW_NUMBER, where the"
                                + " query writes it, and otherwise by its input's key, which "
                        : " numbers its rows with " + rank.function() + ", which tied rows share: Flink 2.3 keys a window"
                                + " Top-N's rows by its PARTITION BY columns other than window_start and window_end together"
                                + " with a ROW_NUMBER only, and otherwise by its input's key, which ";
                yield "the query's window Top-N (" + rank.function() + "() " + rank.over(rank.orderBy()) + over
                        + ", kept where " + bound(rank) + ")" + numbered + "a window aggregation or a window TVF does not"
                        + " have. Its rows are inserts: each window's top rows once, when the window closes";
            }
            case DEDUPLICATE -> {
                RankFunction rank = window.rank().orElseThrow();
                yield "the query's window deduplication (" + rank.function() + "() " + rank.over(rank.orderBy()) + over
                        + ", kept where " + bound(rank) + ": ordered by a time attribute alone, Flink plans it as a"
                        + " WindowDeduplicate) has no upsert key in Flink 2.3, whatever it selects and the sink declares"
                        + " (its upsert-key metadata has no case for a window deduplication), though it emits "
                        + windowRows(window) + ", when the window closes, as inserts";
            }
            case JOIN -> "the statement's window join (JOIN on " + window.join() + ", per window" + over + ") has no"
                    + " upsert key in Flink 2.3, whatever its inputs and the sink declare: a join keys its rows by its"
                    + " inputs' keys, and Flink derives none for the rows of a window TVF or a window aggregation. The join"
                    + " emits every matching pair of a window once, when the window closes, as inserts";
        };
    }

    /** {@code rn <= 3}, {@code rn = 1}: the bound the query reading a ranking keeps it by. */
    private static String bound(RankFunction rank) {
        long n = rank.topN().orElse(0);
        return n == 1 ? rank.alias() + " = 1" : rank.alias() + " <= " + n;
    }

    /** {@code one row per window and bidder}: what a window deduplication emits, named by its other partition columns. */
    private static String windowRows(WindowOperator window) {
        List<String> beyond = window.partitionBeyondWindow();
        return "one row per window" + (beyond.isEmpty() ? "" : " and " + String.join(", ", beyond));
    }

    /**
     * The key fix of a window Top-N whose row number is not written ({@link WindowOperator.Kind#TOP_N}): the row number
     * written and the sink keyed by the window, the other partition columns and it. Verified on Flink 2.3.0 through lint's
     * stand-ins: a Top-3 per window into a jdbc sink keyed by {@code (window_start, window_end, rn)}, and per window and
     * category into one keyed by {@code (window_start, window_end, category, rn)}, plan with no clause ({@code
     * FlinkRelMdUniqueKeys#getRankUniqueKeys}: the partition key without the window's columns and the row number).
     */
    private static String windowTopNKey(WindowOperator window) {
        RankFunction rank = window.rank().orElseThrow();
        List<String> key = new ArrayList<>(window.windowPartition());
        key.addAll(window.partitionBeyondWindow());
        key.add(rank.alias());
        List<String> beyond = window.partitionBeyondWindow();
        String number = rank.function().equalsIgnoreCase("ROW_NUMBER") ? "Write " + rank.alias()
                : "Number the rows with ROW_NUMBER() in place of " + rank.function() + "() (tied rows share a "
                        + rank.function() + " number, so Flink keys no rows by it), write " + rank.alias();
        return number + " and key the sink by the columns " + String.join(", ", key) + " are written to (one sink row"
                + " per window" + (beyond.isEmpty() ? "" : ", " + String.join(", ", beyond)) + " and rank, as the Top-N"
                + " emits them)";
    }

    /**
     * True where Flink keys the window Top-N's rows by {@code upsertKey} ({@code category, rn}): its row number, which the
     * query writes, with its partition columns other than the window's ({@code FlinkRelMdUniqueKeys#getRankUniqueKeys},
     * Flink 2.3.0), a key without the window's columns.
     */
    private static boolean keyedByItsNumber(WindowOperator window, String upsertKey) {
        String number = window.rank().orElseThrow().alias();
        List<String> key = List.of(upsertKey.split(",\\s*"));
        return !number.isEmpty() && key.stream().anyMatch(k -> k.equalsIgnoreCase(number))
                && key.stream().noneMatch(PartitionKeys::windowColumn);
    }

    /**
     * The key fix of a window Top-N that writes its row number ({@link #keyedByItsNumber}): the sink keyed by the window,
     * the other partition columns and the row number, one sink row per window and rank, which plans with no clause
     * (lint case 72); not by Flink's own key for the rows ({@code upsertKey}), which leaves the window's columns out: a
     * sink keyed by it plans too, but holds one row per rank across all windows, each window's top rows overwriting the
     * last window's (lint case 71; before, the fix was that key).
     */
    private static String windowTopNWrittenKey(WindowOperator window, String upsertKey) {
        List<String> key = new ArrayList<>(window.windowPartition());
        key.addAll(window.partitionBeyondWindow());
        key.add(window.rank().orElseThrow().alias());
        List<String> beyond = window.partitionBeyondWindow();
        String per = beyond.isEmpty() ? "rank" : String.join(", ", beyond) + " and rank";
        return "Key the sink by the columns " + String.join(", ", key) + " are written to (one sink row per window"
                + (beyond.isEmpty() ? " and " : ", ") + per
                + ", as the Top-N emits them): Flink's key for the rows, (" + upsertKey + "), leaves out the window's"
                + " columns, and a sink keyed by it plans too but holds one row per " + per + " across all windows, each"
                + " window's top rows overwriting the last window's";
    }

    /**
     * The {@code ON CONFLICT} choices over rows that are inserts, a window operator's ({@link WindowOperator}), a window
     * TVF aggregation's or a copy's ({@link #keylessCopyFix}): {@code DO DEDUPLICATE} plans no upsert materializer over inserts (Flink 2.3.0 {@code
     * StreamExecSink#applyUpsertMaterialize}) and keeps no state; {@code competing} says which rows may share a sink row.
     */
    private static String overInserts(String competing) {
        return "end the INSERT with ON CONFLICT DO DEDUPLICATE: over inserts Flink plans no upsert materializer for it and"
                + " keeps no state, and each row is written as an upsert of the sink's primary key, the row that reaches"
                + " it last staying (what Flink 1.20 did with no clause)" + competing + ". ON CONFLICT DO NOTHING keeps"
                + " the first row per key and ON CONFLICT DO ERROR fails the job on a second; both buffer rows until the"
                + " watermark passes them and need a WATERMARK on every source table.";
    }

    /**
     * The windowing TVF ({@code TUMBLE}, {@code HOP}, {@code CUMULATE}, {@code SESSION}) the statement's one {@code
     * GROUP BY} aggregates over: its grouping names {@code window_start} or {@code window_end}, and the statement reads
     * a table through that function ({@code TABLE(TUMBLE(TABLE t, ...))}: {@link TableReference#functionName}, as the
     * walk that collects the statement's facts found it). Empty otherwise, and where the statement groups more than once
     * (the last aggregation, which keys the rows, may be a regular one).
     */
    private static Optional<String> windowTvfAggregation(AnalysisContext context) {
        List<Grouping> groupings = context.statement().facts().groupings();
        if (groupings.size() != 1 || groupings.get(0).groupBy().stream()
                .map(k -> SqlIdentifiers.lastName(k).toLowerCase(Locale.ROOT))
                .noneMatch(k -> k.equals("window_start") || k.equals("window_end"))) {
            return Optional.empty();
        }
        return context.statement().facts().tableReferences().stream()
                .map(TableReference::functionName).flatMap(Optional::stream)
                .filter(WINDOW_TVFS::contains).findFirst();
    }

    /** Flink's windowing table-valued functions ({@code SqlWindowTableFunction}'s subclasses), by name. */
    private static final List<String> WINDOW_TVFS = List.of("TUMBLE", "HOP", "CUMULATE", "SESSION");

    /**
     * The fix of a copy of tables without a key whose sources emit inserts only ({@link TableRead#updating}) into a keyed
     * sink ({@link #keylessCopy}), in the order an engineer
     * would weigh them: its rows are inserts, so {@code ON CONFLICT DO DEDUPLICATE} plans no upsert materializer and
     * keeps no state (Flink 2.3.0 {@code StreamExecSink#applyUpsertMaterialize}; lint cases 30, 31), each row an upsert
     * of the sink's key as Flink 1.20 wrote it with no clause: the first rewrite shown ({@code on-conflict}). A
     * deduplication by the sink's key comes after it, and only ordered by the one table's event-time attribute (a
     * {@code Deduplicate}, whose key is its partition columns: no clause needed), where the latest row by event time
     * must stay whatever the order rows arrive in: it keeps a row per key in state, and a Top-1 by another column is a
     * {@code Rank} the guard blocks ({@code unbounded-rank}), by processing time the clause's arrival order again. It
     * came first, ordered by {@code a time column} where the table has none (lint case 48).
     */
    private static String keylessCopyFix(List<TableRead> tables, List<String> sinkKey, AnalysisContext context) {
        Optional<Column> rowtime = tables.size() == 1 ? tables.get(0).rowtime() : Optional.empty();
        String names = String.join(", ", tables.stream().map(TableRead::name).toList());
        String deduplicate = rowtime.isEmpty() || sinkKey.isEmpty() ? ""
                : ". Where the latest row by event time must stay whatever the order the rows arrive in, deduplicate them"
                        + " by the sink's key instead: ROW_NUMBER() OVER (PARTITION BY " + String.join(", ",
                                unqualified(sinkKey)) + " ORDER BY " + rowtime.get().name() + " DESC) in a subquery, kept"
                        + " where it is 1, is a Deduplicate on the time attribute " + rowtime.get().name() + " whose rows"
                        + " carry the sink's key, so it needs no clause; it keeps the latest row per key in state"
                        + " (table.exec.state.ttl, " + ttl(context.effectiveStateTtl()) + ")";
        return "The rows are inserts, each row of " + names + " once and with no key, so " + overInserts(deduplicate);
    }

    /**
     * The tables the statement copies rows of where none declares a key: it neither groups, ranks, joins nor aggregates
     * {@code OVER}, and each table it reads is a table (not a view) without a PRIMARY KEY ({@link TableRead#primaryKey}).
     * Flink derives no upsert key for a scan of such a table ({@code FlinkRelMdUpsertKeys#getUpsertKeys(TableScan)}: the
     * table's declared key), so the rows reach a keyed sink without one (verified on 2.3.0: a Kafka table's {@code
     * SELECT *} into a jdbc sink keyed by {@code id}, xinzhuxiansheng/flink-tutorial's {@code Kafka2MySql05}, is refused
     * with {@code upsert key: none}). Empty otherwise.
     */
    private static List<TableRead> keylessCopy(AnalysisContext context) {
        var facts = context.statement().facts();
        if (!facts.groupings().isEmpty() || !facts.rankFunctions().isEmpty() || !facts.joinTypes().isEmpty()
                || !facts.overOrders().isEmpty()) {
            return List.of();
        }
        return keylessTables(context);
    }

    /**
     * What {@link #JOIN_CAUSE} says of the column a join is on, from the statement's join condition {@code on}: the
     * columns of it that are aggregated values, by the call the statement computes them with ({@code (sum_votes is
     * SUM(votes), an aggregated value)}: {@link io.github.sqlguard.statement.ParsedStatement.SqlFacts#aggregateAliases});
     * {@code than the key} where none is; {@code (an aggregated value)}, as an example, where the condition is not known.
     */
    private static String otherColumn(String on, AnalysisContext context) {
        if (on.isEmpty()) {
            return "(an aggregated value)";
        }
        Map<String, String> aggregates = context.statement().facts().aggregateAliases();
        List<String> aggregated = aggregated(on, context);
        if (aggregated.isEmpty()) {
            return "than the key";
        }
        return "(" + aggregatedList(aggregated, aggregates) + (aggregated.size() == 1 ? ", an aggregated value)"
                : ", aggregated values)");
    }

    /** The columns of the join condition {@code on} that are aggregated values ({@link #otherColumn}), in its order. */
    private static List<String> aggregated(String on, AnalysisContext context) {
        Map<String, String> aggregates = context.statement().facts().aggregateAliases();
        List<String> aggregated = new ArrayList<>();
        Matcher column = COLUMN.matcher(on);
        while (column.find()) {
            String name = SqlIdentifiers.lastName(column.group());
            if (aggregates.containsKey(name) && !aggregated.contains(name)) {
                aggregated.add(name);
            }
        }
        return aggregated;
    }

    private static String aggregatedList(List<String> aggregated, Map<String, String> aggregates) {
        return String.join(", ", aggregated.stream().map(a -> a + " is " + aggregates.get(a)).toList());
    }

    /**
     * {@link #REDISTRIBUTED_FIX}, naming the join and its aggregated column where the statement's one join is on one
     * ({@link #aggregated}: the reason names it from the same fact): {@code Where the join on T.sum_votes = a.votes
     * distributes the rows by sum_votes (SUM(votes)), ...}. In a cascade of joins, the join that loses the key ({@link
     * JoinOutputKeys#dropping}, which the reason names with why, {@link #droppedBy}) is named in its place: no join above
     * it has a key to keep (Flink derives a join's keys from its inputs' keys, {@code FlinkRelMdUniqueKeys
     * #getJoinUniqueKeys}), so no choice of columns gives the rows one (cases 1130, 1131; before, the generic sentence,
     * about an aggregated value the statement does not join on).
     */
    private static String redistributedFix(AnalysisContext context) {
        Optional<JoinOutputKeys.Joined> dropping = JoinOutputKeys.of(context).filter(k -> k.sides().size() > 2)
                .flatMap(JoinOutputKeys::dropping);
        if (dropping.isPresent()) {
            return " Where a join of the cascade loses the key, as the statement's " + dropping.get().type() + " JOIN on "
                    + String.join(" AND ", dropping.get().on().stream()
                            .map(e -> e.left().written() + " = " + e.right().written()).toList())
                    + " does (the reason says why), no join above it has a key to keep and no column the query selects"
                    + " gives the rows one: ON CONFLICT DO DEDUPLICATE is the fix, whose materializer keeps each key's rows"
                    + " until their retraction arrives, so the changes of one key are put back in order (what Flink 1.20"
                    + " did on its own).";
        }
        List<String> conditions = context.statement().facts().joinConditions();
        if (context.statement().facts().joinTypes().size() != 1 || conditions.isEmpty() || !keyingRanks(context).isEmpty()) {
            return REDISTRIBUTED_FIX;
        }
        List<String> aggregated = aggregated(conditions.get(0), context);
        if (aggregated.isEmpty()) {
            return REDISTRIBUTED_FIX;
        }
        Map<String, String> aggregates = context.statement().facts().aggregateAliases();
        return " Where the join on " + conditions.get(0) + " distributes the rows by "
                + String.join(", ", aggregated.stream().map(a -> a + " (" + aggregates.get(a) + ")").toList())
                + (aggregated.size() == 1 ? ", an aggregated value," : ", aggregated values,") + " rather than by the"
                + " sink's key, no key reaches the sink and ON CONFLICT DO DEDUPLICATE is the fix: its materializer keeps"
                + " each key's rows until their retraction arrives, so the changes of one key are put back in order (what"
                + " Flink 1.20 did on its own).";
    }

    /**
     * The structural fix where the join that loses the key ({@link JoinOutputKeys#dropping}) joins a table looked up by
     * its whole PRIMARY KEY ({@code l.sku = p.sku}, {@code products} keyed by {@code sku}) and a table on its left has a
     * processing-time attribute: read that table as a lookup join. Flink 2.3.0 keeps the left input's upsert keys through
     * a lookup join whose equalities hold the looked-up table's whole primary key ({@code
     * FlinkRelMdUpsertKeys#getUpsertKeys(CommonPhysicalLookupJoin)}: no key is filtered by the join's columns, as a lookup
     * join does not redistribute its input; {@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable}), where a regular
     * join keeps only the keys that hold its join columns. Said conditionally (a diagnosis has no plan to ask whether the
     * connector is a lookup source); the {@code lookup-join-key} rewrite proves it (lint case 70). An event-time
     * temporal join is not offered: Flink plans it as a {@code Join} ({@code StreamPhysicalTemporalJoin}) and filters
     * its keys as a regular join's. Empty for any other shape.
     */
    private static Optional<CascadeLookup> cascadeLookup(JoinOutputKeys keys, AnalysisContext context) {
        Optional<JoinOutputKeys.Joined> dropping = keys.dropping();
        if (dropping.isEmpty() || !(dropping.get().right() instanceof JoinOutputKeys.Side dimension)
                || !(dropping.get().type().equals("INNER") || dropping.get().type().equals("LEFT"))
                || dimension.declared().isEmpty() || !dimension.key().equals(dimension.declared())
                || !dropping.get().on().stream().map(e -> e.right().column()).toList().containsAll(dimension.key())) {
            return Optional.empty();
        }
        Optional<String> time = Optional.empty();
        for (JoinOutputKeys.Side side : sidesOf(dropping.get().left())) {
            if (time.isEmpty()) {
                time = context.tablesRead().stream()
                        .filter(read -> !read.view() && read.name().equals(side.name()) && read.qualifiedBy(side.label()))
                        .flatMap(read -> read.columns().stream())
                        .filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME && side.columns().contains(c.name()))
                        .findFirst().map(c -> side.label() + "." + c.name());
            }
        }
        boolean table = context.tablesRead().stream()
                .anyMatch(read -> !read.view() && read.name().equals(dimension.name()) && read.qualifiedBy(dimension.label()));
        if (time.isEmpty() || !table) {
            return Optional.empty();
        }
        Optional<JoinOutputKeys.EqualColumnFix> kept = JoinOutputKeys.keys(dropping.get().left()).stream().findFirst();
        String on = String.join(" AND ", dropping.get().on().stream()
                .map(e -> e.left().written() + " = " + e.right().written()).toList());
        String dim = possessive(dimension.name());
        String way = "Where " + dim + " connector is a lookup source (jdbc, hbase, ...), read it as a lookup join: "
                + (dropping.get().type().equals("LEFT") ? "LEFT JOIN " : "JOIN ") + dimension.name()
                + " FOR SYSTEM_TIME AS OF " + time.get() + " AS " + dimension.label() + " ON " + on + ". Flink keeps the"
                + " left input's key through a lookup join that looks the table up by its whole PRIMARY KEY ("
                + String.join(", ", dimension.key()) + "), as it does not redistribute its input (FlinkRelMdUpsertKeys for"
                + " a lookup join)" + kept.map(k -> ": the rows keep " + k.side().map(s -> possessive(s.name())
                        + " PRIMARY KEY").orElse("their inputs' keys together") + " (" + String.join(", ", k.key().stream()
                                .map(JoinOutputKeys.SideColumn::column).toList()) + ") where the joins above keep it,"
                        + " and the sink is keyed by the columns it is written to").orElse("");
        String meaning = " The lookup join changes what the join means: each row reads " + dimension.name() + " once, as"
                + " it is when the row arrives (processing time), and a later change of " + dimension.name() + " does not"
                + " update or retract rows already written, where the regular join does. An event-time temporal join"
                + " keeps no key here (Flink distributes it by its join columns, as a regular join).";
        return Optional.of(new CascadeLookup(way, meaning));
    }

    /** {@code products'}, {@code orders'}: {@code name} with its possessive ending. */
    private static String possessive(String name) {
        return name + (name.endsWith("s") ? "'" : "'s");
    }

    /**
     * The lookup join that keeps the key ({@link #cascadeLookup}).
     *
     * @param way the join as the fix writes it, with why it keeps the key
     * @param meaning what it changes in the statement's results
     */
    private record CascadeLookup(String way, String meaning) {}

    /** The tables {@code input} reads, in the order the {@code FROM} clause names them. */
    private static List<JoinOutputKeys.Side> sidesOf(JoinOutputKeys.Input input) {
        if (input instanceof JoinOutputKeys.Side side) {
            return List.of(side);
        }
        JoinOutputKeys.Joined join = (JoinOutputKeys.Joined) input;
        List<JoinOutputKeys.Side> out = new ArrayList<>(sidesOf(join.left()));
        out.addAll(sidesOf(join.right()));
        return out;
    }

    /**
     * The table the statement joins as a lookup join: read {@code FOR SYSTEM_TIME AS OF} a processing-time attribute of
     * the other side (Flink plans a processing-time temporal join of a lookup source as a {@code LookupJoin}, and refuses
     * one of any other table before the sink is reached), as the catalog's columns tell ({@link
     * AnalysisContext#tablesRead()}), or of {@code PROCTIME()} written there. Empty where the statement has none, or
     * where the time is an event-time attribute (an event-time temporal join, distributed by its join key as a regular
     * join is).
     */
    private static Optional<TableReference> lookupJoin(AnalysisContext context) {
        for (TableReference reference : context.statement().facts().tableReferences()) {
            if (reference.asOf().isEmpty()) {
                continue;
            }
            String asOf = reference.asOf().get().strip();
            if (asOf.toUpperCase(Locale.ROOT).startsWith("PROCTIME(")) {
                return Optional.of(reference);
            }
            int dot = asOf.lastIndexOf('.');
            String qualifier = dot < 0 ? "" : asOf.substring(0, dot).replace("`", "");
            String column = asOf.substring(dot + 1).replace("`", "");
            boolean proctime = context.tablesRead().stream()
                    .filter(read -> !read.reference().equals(reference) && (qualifier.isEmpty() || read.qualifiedBy(qualifier)))
                    .flatMap(read -> read.column(column).stream())
                    .anyMatch(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME);
            if (proctime) {
                return Optional.of(reference);
            }
        }
        return Optional.empty();
    }

    /**
     * Why the statement's lookup join of {@code lookup} reaches the sink with no key: Flink 2.3.0 {@code
     * FlinkRelMdUpsertKeys#getUpsertKeys(CommonPhysicalLookupJoin)} keeps the input's upsert key only where the table's
     * rows are unique on the lookup keys ({@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable}: its PRIMARY KEY
     * held by them) and the conditions on the table are deterministic; it does not filter keys by a distribution, as a
     * lookup join does not redistribute its input. Said from the table's declared key ({@link DimensionKey}): none, one
     * the join does not look it up by, or one it does, where what drops the key is not the lookup.
     */
    private static String lookupCause(TableReference lookup, DimensionKey key) {
        String table = lookup.name();
        String head = "the statement's lookup join of " + table + " (FOR SYSTEM_TIME AS OF " + lookup.asOf().get() + ")";
        String join = "a lookup join keeps no state of its own and does not redistribute its input, and keeps the input's"
                + " key only where each input row matches at most one row of " + table + ", that is where the join's"
                + " equality conditions hold the whole PRIMARY KEY of " + table + " (Flink's FlinkRelMdUpsertKeys for a"
                + " lookup join)";
        if (key.heldWithConstants()) {
            return head + " looks " + table + " up by its whole PRIMARY KEY " + key.declaredList() + ", "
                    + String.join(", ", key.byConstant()) + " by the constant its condition equates "
                    + (key.byConstant().size() == 1 ? "it" : "them") + " with (Flink's lookup join takes a constant for a"
                    + " lookup key), so each input row matches at most one row of " + table + "; but Flink keeps the"
                    + " input's key through a lookup join only where the condition's column equalities hold the whole"
                    + " PRIMARY KEY of " + table + ", and an equality with a constant is none (Flink's FlinkRelMdUniqueKeys"
                    + " for a lookup join compares the key with the join's column pairs), so it derives no key for the"
                    + " join's rows, though one input row gives one row";
        }
        if (key.held()) {
            return head + " looks " + table + " up by its whole PRIMARY KEY " + key.declaredList() + ", so it keeps its"
                    + " input's key: " + join + "; what drops the key is not the lookup but its input, which reaches the join"
                    + " with no key of its own, or a non-deterministic condition on " + table;
        }
        String by = key.lookedUpBy().isEmpty() ? "other columns" : String.join(", ", key.lookedUpBy());
        String several = key.declared().isEmpty()
                ? table + " declares no PRIMARY KEY (it is looked up by " + by + ")"
                : table + " declares PRIMARY KEY " + key.declaredList() + " and is looked up by " + by
                        + ", which does not hold it";
        return head + " loses it, where its input has one: " + join + "; " + several + ": one input row may match"
                + " several rows of " + table + ", each a result row under the input's key (a non-deterministic condition"
                + " on " + table + " drops the key too)";
    }

    /**
     * The fix where a lookup join of {@code table} drops the key ({@link #lookupJoin}), from what {@code table}
     * declares ({@link DimensionKey}): without a PRIMARY KEY, the key on the columns the join looks it up by, where they
     * identify one row (Flink keeps the input's key then: {@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable});
     * with one the join does not look it up by, that key in the condition, or the columns it looks up by as its key in
     * place of it (a table declares one PRIMARY KEY), never the key it declares already. Where neither holds, one input
     * row writes a sink row per match, and an {@code ON CONFLICT} clause chooses among them: no key of the sink avoids
     * it, as Flink gives the join's result no key from the table then (the table's side is not unique, so no key of
     * the input and the table together is one either: {@code FlinkRelMdUniqueKeys#getJoinUniqueKeys}). Where the lookup
     * holds the declared key, nothing is to declare on the table.
     */
    private static String lookupFix(String table, DimensionKey key) {
        String several = "; where it holds several, each input row is written once per match, all on the input row's"
                + " sink row, and an ON CONFLICT clause decides which of them that row keeps (no key of the sink avoids"
                + " it: Flink gives the join's result no key from " + table + " that the lookup does not hold).";
        if (key.heldWithConstants()) {
            return " The lookup join matches at most one row of " + table + " per input row (its condition fixes "
                    + String.join(", ", key.byConstant()) + "), so no two matches compete for a sink row; Flink derives no"
                    + " key from a constant, so no PRIMARY KEY of the sink avoids the clause, and ON CONFLICT DO DEDUPLICATE"
                    + " keeps the latest row per key as the join emits it.";
        }
        if (key.held()) {
            return " The lookup join looks " + table + " up by its whole PRIMARY KEY " + key.declaredList() + " already,"
                    + " so it keeps its input's key: give the input a key the sink can take (read it from a table with a"
                    + " PRIMARY KEY, or aggregate it by the sink's key before the join).";
        }
        String columns = key.lookedUpBy().isEmpty() ? "..." : String.join(", ", key.lookedUpBy());
        if (key.declared().isEmpty()) {
            return " Where " + table + " holds one row per value of the columns the join looks it up by (" + columns
                    + "), declare them its PRIMARY KEY (PRIMARY KEY (" + columns + ") NOT ENFORCED in its DDL): the lookup"
                    + " join then keeps its input's key and, with the sink keyed by it, needs no clause" + several;
        }
        return " " + table + " declares PRIMARY KEY " + key.declaredList() + ", which the join does not look it up by"
                + (key.lookedUpBy().isEmpty() ? "" : " (it looks it up by " + columns + ")") + ": look it up by "
                + key.declaredList() + " where the input has those columns; or, where " + table + " holds one row per "
                + columns + ", make that its PRIMARY KEY in place of " + key.declaredList() + " (PRIMARY KEY (" + columns
                + ") NOT ENFORCED: a table declares one): the lookup join then keeps its input's key and, with the sink"
                + " keyed by it, needs no clause" + several;
    }

    /**
     * What the table a lookup join reads declares as its key, and the columns the join looks it up by ({@link
     * LookupKeys}), from the session's catalog ({@link DeclaredKeys}: a refused statement has no plan; Flink's {@code
     * ResolvedSchema#getPrimaryKey}).
     *
     * @param declared the table's PRIMARY KEY columns; empty where it declares none or is not in the catalog
     * @param lookedUpBy the columns of the table the join's condition equates with the other input's
     * @param constants the columns of the table the join's condition equates with a literal ({@link
     *     LookupKeys#constants}): Flink looks the table up by them too, but derives no key from them
     */
    record DimensionKey(List<String> declared, List<String> lookedUpBy, List<String> constants) {

        DimensionKey {
            declared = List.copyOf(declared);
            lookedUpBy = List.copyOf(lookedUpBy);
            constants = List.copyOf(constants);
        }

        static DimensionKey of(TableReference lookup, AnalysisContext context) {
            List<String> declared = DeclaredKeys.of(lookup, context.tablesRead());
            String name = lookup.alias().isEmpty() ? lookup.name() : lookup.alias();
            return new DimensionKey(declared, LookupKeys.of(context.statement(), name),
                    LookupKeys.constants(context.statement(), name));
        }

        /** True where the join looks the table up by every column of its declared PRIMARY KEY. */
        boolean held() {
            return !declared.isEmpty() && lookedUpBy.containsAll(declared);
        }

        /**
         * True where the join looks the table up by every column of its declared PRIMARY KEY only with the columns its
         * condition equates with a constant ({@code ON o.customer_id = c.customer_id AND c.region = 'EU'}, keyed by
         * {@code (region, customer_id)}): one row per input row at most, and no key Flink derives (lint case 44).
         */
        boolean heldWithConstants() {
            if (declared.isEmpty() || held()) {
                return false;
            }
            List<String> all = new ArrayList<>(lookedUpBy);
            all.addAll(constants);
            return all.containsAll(declared);
        }

        /** The columns of the declared key the join looks the table up by with a constant only. */
        List<String> byConstant() {
            return declared.stream().filter(c -> !lookedUpBy.contains(c) && constants.contains(c)).toList();
        }

        String declaredList() {
            return "(" + String.join(", ", declared) + ")";
        }
    }

    /**
     * The statement's one {@code GROUP BY} block that does not select all of its keys ({@link Grouping#dropped}), where
     * the statement neither joins nor ranks below its aggregation ({@link #keyingRanks}): its projection drops the aggregation's upsert key (Flink's {@code
     * AggregateTest#testGroupResultLostUpsertKeyWithSinkPk}: {@code SELECT c, COUNT(*) cnt FROM T GROUP BY a, c} into
     * a sink keyed by the column of {@code c}): Flink 2.3.0 {@code FlinkRelMdUpsertKeys#getUpsertKeys} of the {@code
     * Calc} above the aggregation maps each upsert key of its input through the projection ({@code
     * FlinkRelMdUniqueKeys#getProjectUniqueKeys}) and keeps only a key whose every column is projected. Empty where the statement groups more than once (which block's key
     * reaches the sink is the plan's to say) or selects every key.
     */
    private static Optional<Grouping> droppingGrouping(AnalysisContext context) {
        List<Grouping> groupings = context.statement().facts().groupings();
        if (groupings.size() != 1 || !context.statement().facts().joinTypes().isEmpty()
                || !keyingRanks(context).isEmpty()) {
            return Optional.empty();
        }
        Grouping grouping = groupings.get(0);
        return grouping.groupBy().isEmpty() || grouping.dropped().isEmpty() ? Optional.empty() : Optional.of(grouping);
    }

    /**
     * The statement's rankings that can be what keys the rows the sink gets: none where the query's outermost block,
     * through the blocks that only project or filter one subquery or {@code WITH} query, aggregates ({@link
     * #aggregatesLast}): the aggregation keys its rows anew by its {@code GROUP BY} (Flink's {@code
     * FlinkRelMdUpsertKeys} gives an {@code Aggregate} its grouping as its key, whatever its input's), so a ranking
     * below it neither loses nor gives the key that reaches the sink (jbcodeforce/flink-studies, Confluent Cloud:
     * {@code employee_count}'s Top-1 per {@code emp_id} counted per {@code dept_id} and written as {@code
     * COALESCE(dept_id, 0)}; the reason named the ranking and the fix keyed the sink by {@code emp_id}, which the
     * query does not write).
     */
    private static List<RankFunction> keyingRanks(AnalysisContext context) {
        List<RankFunction> ranks = context.statement().facts().rankFunctions();
        return ranks.isEmpty() || !context.statement().tree().map(t -> aggregatesLast(t.node())).orElse(false) ? ranks
                : List.of();
    }

    /**
     * True where the query of the statement {@code tree} ends in an aggregation: its outermost {@code SELECT} groups or
     * is {@code DISTINCT}, or it only projects or filters one subquery or {@code WITH} query that does, down to the
     * first block that groups; false at the first block that ranks ({@code OVER}), joins or reads a table or view.
     */
    static boolean aggregatesLast(SqlNode tree) {
        SqlNode query = tree instanceof SqlInsert insert ? insert.getSource() : tree;
        Map<String, SqlNode> withQueries = new HashMap<>();
        for (int depth = 0; depth < 64 && query != null; depth++) {
            if (query instanceof SqlWith with) {
                for (SqlNode item : with.withList) {
                    SqlWithItem withItem = (SqlWithItem) item;
                    withQueries.put(withItem.name.getSimple().toLowerCase(Locale.ROOT), withItem.query);
                }
                query = with.body;
            } else if (query instanceof SqlOrderBy orderBy) {
                query = orderBy.query;
            } else if (query instanceof SqlSelect select) {
                if (select.isDistinct() || (select.getGroup() != null && select.getGroup().size() > 0)) {
                    return true;
                }
                if (select.getSelectList().stream().anyMatch(OnConflictRequiredRule::ranks)) {
                    return false;
                }
                SqlNode from = select.getFrom();
                if (from != null && from.getKind() == SqlKind.AS) {
                    from = ((SqlCall) from).operand(0);
                }
                if (from instanceof SqlIdentifier name && name.isSimple()
                        && withQueries.containsKey(name.getSimple().toLowerCase(Locale.ROOT))) {
                    query = withQueries.get(name.getSimple().toLowerCase(Locale.ROOT));
                } else if (from != null && from.getKind().belongsTo(SqlKind.QUERY)) {
                    query = from;
                } else {
                    return false;
                }
            } else {
                return false;
            }
        }
        return false;
    }

    /** True where the select item calls a function {@code OVER} a window ({@code ROW_NUMBER() OVER (...) AS rn}). */
    private static boolean ranks(SqlNode item) {
        SqlNode column = SqlUtil.stripAs(item);
        return column instanceof SqlCall call && call.getKind() == SqlKind.OVER;
    }

    /**
     * Why rows of a legacy group window aggregation ({@code GROUP BY user_id, TUMBLE(ts, INTERVAL '30' SECOND)}) reach
     * the sink with no key where the block selects none of the window's properties (aiven-examples'
     * {@code flink-security-lab}, into a jdbc table keyed by {@code user_id}): the aggregation's upsert key is its
     * grouping with a window property ({@code FlinkRelMdUniqueKeys#getUniqueKeysOnWindowAgg}), and the projection
     * keeps none, so every window's row of a key falls on that key's one sink row.
     */
    private static String droppedWindowCause(Grouping grouping) {
        GroupWindow window = grouping.droppedWindows().get(0);
        List<String> columns = grouping.dropped().stream().filter(k -> !k.equals(window.written())).toList();
        String perKey = kept(grouping).isEmpty() ? "" : " " + String.join(", ", kept(grouping));
        return "the query aggregates per" + perKey + (perKey.isEmpty() ? "" : " and") + " window of " + window.written()
                + " (the aggregation's key is its GROUP BY with the window) but selects neither the window's start nor"
                + " its end" + (columns.isEmpty() ? "" : ", nor " + String.join(", ", columns)) + ": the projection"
                + " drops the window, and with it the key, so "
                + (perKey.isEmpty() ? "every window's row reaches the sink with no key"
                        : "the rows of one" + perKey + " from every window fall on one sink row, each window's row"
                                + " overwriting the one before");
    }

    /**
     * The key fix of {@link #droppedWindowCause}: the window's start selected and made part of the sink's key (one
     * sink row per key and window, the rows the aggregation emits). Not the same window as a window TVF grouped by its
     * {@code window_start}, which Flink's docs encourage over the deprecated group window aggregation: Flink 2.3.0 derives
     * no upsert key for a window TVF aggregation ({@link #WINDOW_TVF_CAUSE}), so it is refused into that sink without a
     * clause (lint case 20 offered it as a fix needing none). One row per key holding its latest window is the {@code ON
     * CONFLICT DO DEDUPLICATE} the fix goes on to name (the latest row per primary key wins). The other keys are named
     * as the statement names them ({@link Grouping#named}): {@code log_date}, not the {@code DATE_FORMAT(...)} it is
     * selected as (lint case 53).
     */
    private static String windowKey(Grouping grouping) {
        GroupWindow window = grouping.droppedWindows().get(0);
        List<String> kept = kept(grouping).stream().map(grouping::named).toList();
        String key = (kept.isEmpty() ? "" : String.join(", ", kept) + " and ") + "the window's start";
        return "Select the window's start, " + window.start() + ", and key the sink by " + key
                + " (one sink row per" + (kept.isEmpty() ? "" : " " + String.join(", ", kept) + " and")
                + " window, as the aggregation emits them)";
    }

    /**
     * The key fix where the block selects a {@code GROUP BY} column only inside an expression ({@code SELECT
     * UPPER(name), SUM(score) ... GROUP BY name}, Flink's {@code SinkTestPrograms#INSERT_RETRACT_WITH_PK} into a sink
     * keyed by the column {@code UPPER(name)} goes to): grouping by the expression gives the aggregation the key the
     * query writes (a {@code Calc} below it computes the expression, and the aggregation's upsert key is its output:
     * verified on Flink 2.3.0, {@code GROUP BY UPPER(name)} into that sink plans with no finding), and merges the
     * groups the expression maps to one value, as the sink's primary key merges their rows now.
     */
    private static String groupByExpressions(Grouping grouping) {
        List<String> items = new ArrayList<>(kept(grouping));
        items.addAll(grouping.expressions());
        String dropped = String.join(", ", grouping.dropped());
        String maps = grouping.expressions().size() == 1 ? grouping.expressions().get(0) + " maps" : "the expressions map";
        return "Group by what the query writes, GROUP BY " + String.join(", ", items) + ", and key the sink by the"
                + " column" + (items.size() == 1 ? " it is" : "s they are") + " written to: values of " + dropped
                + " that " + maps + " to one value then make one group, as they fall on one sink row now; or select "
                + dropped + (grouping.dropped().size() == 1 ? " as it is and key the sink by it" : " as they are and key"
                        + " the sink by them") + " too";
    }

    /** The {@code GROUP BY} columns the block selects. */
    private static List<String> kept(Grouping grouping) {
        return grouping.groupBy().stream().filter(k -> !grouping.dropped().contains(k)).toList();
    }

    @Override
    protected String fix(String message, AnalysisContext whole) {
        AnalysisContext context = insertInto(message, whole);
        String upsertKey = upsertKey(message);
        String firstKey = upsertKey.isEmpty() ? "" : upsertKey.substring(1, upsertKey.indexOf(']'));
        List<RankFunction> ranks = keyingRanks(context);
        List<String> sinkKey = facts(message, context).keys();
        // Only where the sink's key is among the partition columns do a partition's N rows fall on one sink row;
        // keyed otherwise, they fall on several, and the ON CONFLICT choices (which the on-conflict rewrite offers
        // then) resolve what lands on one row as for any other query.
        Optional<RankFunction> topN = ranks.stream()
                .filter(r -> r.topN().orElse(0) > 1 && PartitionKeys.holdSinkKey(r.partitionBy(), sinkKey))
                .findFirst();
        if (topN.isPresent()) {
            return topN(firstKey, topN.get().alias());
        }
        Optional<WindowOperator> windowTopN = firstKey.isEmpty() ? windowOperator(context)
                .filter(w -> w.kind() == WindowOperator.Kind.TOP_N) : Optional.empty();
        if (windowTopN.isPresent()) {
            return windowTopNKey(windowTopN.get()) + "; then no clause is needed and no upsert materializer runs. Or keep"
                    + " the sink's key: its rows are inserts, each window's top rows once, so " + overInserts(
                            "; where two of one window's top rows share a primary key, the one that arrives last stays");
        }
        Optional<WindowOperator> writtenTopN = firstKey.isEmpty() ? Optional.empty() : windowOperator(context)
                .filter(w -> w.kind() == WindowOperator.Kind.TOP_N && keyedByItsNumber(w, firstKey));
        if (writtenTopN.isPresent()) {
            return windowTopNWrittenKey(writtenTopN.get(), firstKey) + "; then no clause is needed and no upsert"
                    + " materializer runs. Or keep the sink's key: its rows are inserts, each window's top rows once, so "
                    + overInserts("; where two of one window's top rows share a primary key, the one that arrives last"
                            + " stays");
        }
        Optional<RankFunction> topOne = ranks.stream().filter(r -> r.topN().orElse(0) == 1)
                .filter(r -> keysTheRows(r, firstKey, sinkKey)).findFirst();
        Optional<RankFunction> numbered = ranks.stream().filter(r -> r.topN().isEmpty() && !r.alias().isEmpty()).findFirst();
        Optional<JoinOutputKeys> joinKeys = ranks.isEmpty() ? JoinOutputKeys.of(context) : Optional.empty();
        // One join of two tables: what the messages of inputs without a key name (several joins: unkeyedInputs).
        Optional<JoinOutputKeys> joinPair = joinKeys.filter(k -> k.sides().size() == 2);
        if (firstKey.isEmpty() && ranks.isEmpty() && context.statement().facts().joinTypes().isEmpty()
                && windowTvfAggregation(context).isPresent()) {
            return "No key the sink declares makes the clause unneeded: Flink 2.3 derives none for a window TVF"
                    + " aggregation. Its rows are inserts, each group's row once per window, so " + overInserts("");
        }
        Optional<WindowOperator> window = firstKey.isEmpty() ? windowOperator(context) : Optional.empty();
        if (window.isPresent() && window.get().kind() == WindowOperator.Kind.DEDUPLICATE) {
            return "No key the sink declares makes the clause unneeded: Flink 2.3 derives none for a window"
                    + " deduplication. Its rows are inserts, " + windowRows(window.get()) + ", so " + overInserts("");
        }
        if (window.isPresent() && window.get().kind() == WindowOperator.Kind.JOIN) {
            return "No key the sink declares makes the clause unneeded: Flink 2.3 derives none for a window join. Its"
                    + " rows are inserts, each matching pair of a window once, so " + overInserts("; where"
                            + " several pairs of one window share a primary key (rows of either side with the same join"
                            + " key in that window), they compete for that sink row and the one that arrives last stays");
        }
        List<TableRead> keyless = firstKey.isEmpty() ? keylessCopy(context) : List.of();
        if (!keyless.isEmpty() && keyless.stream().noneMatch(TableRead::updating)) {
            return keylessCopyFix(keyless, sinkKey, context);
        }
        String key;
        if (topOne.isPresent() && PartitionKeys.rowsShareSinkRow(topOne.get().partitionBy(), sinkKey, 1)) {
            // Case 526: the partitions that share the sink's key each write their top row to one sink row, and the
            // ON CONFLICT choices resolve them by arrival (PartitionKeys#rowsShareSinkRow): no clause is a fix.
            return topOne(topOne.get(), sinkKey) + ". An ON CONFLICT clause is no fix here (the partitions of one "
                    + String.join(", ", unqualified(sinkKey)) + " each write their top row to one sink row): DO"
                    + " DEDUPLICATE keeps whichever partition's row arrived last, DO NOTHING the first, and DO ERROR"
                    + " fails at the second.";
        }
        if (topOne.isPresent()) {
            key = topOne(topOne.get(), sinkKey);
        } else if (numbered.isPresent() && !numbered.get().partitionBy().isEmpty()) {
            key = numbered(numbered.get(), firstKey, sinkKey);
            if (numbered.get().orderBy().stream().anyMatch(o -> o.endsWith(" DESC"))) {
                // Case 476: with the clause, Flink goes on to the OVER aggregate and refuses its order (over-order-desc).
                return key + ". An ON CONFLICT clause is no fix here: with one, Flink plans the OVER aggregate and refuses"
                        + " its descending order (an OVER window is ordered ascending only).";
            }
        } else if (firstKey.isEmpty() && droppingGrouping(context).isPresent()
                && !droppingGrouping(context).get().droppedWindows().isEmpty()) {
            key = windowKey(droppingGrouping(context).get());
        } else if (firstKey.isEmpty() && droppingGrouping(context).isPresent()
                && !droppingGrouping(context).get().expressions().isEmpty()) {
            key = groupByExpressions(droppingGrouping(context).get());
        } else if (firstKey.isEmpty() && droppingGrouping(context).isPresent()) {
            Grouping grouping = droppingGrouping(context).get();
            String all = String.join(", ", grouping.groupBy());
            key = "Select every GROUP BY column, " + String.join(", ", grouping.dropped()) + " too, and key the sink by"
                    + (grouping.groupBy().size() == 1 ? " the column " + all + " is written to" : " the columns " + all
                            + " are written to") + " (one sink row per group of " + all + ")"
                    + (kept(grouping).isEmpty() ? ""
                            : "; or, where one row per " + String.join(", ", kept(grouping)) + " is meant, GROUP BY "
                                    + String.join(", ", kept(grouping)) + " only (each aggregate then spans every "
                                    + String.join(", ", grouping.dropped()) + ")");
        } else if (firstKey.isEmpty() && joinKeys.flatMap(JoinOutputKeys::equalColumnFix).isPresent()) {
            JoinOutputKeys.EqualColumnFix equal = joinKeys.flatMap(JoinOutputKeys::equalColumnFix).get();
            key = "Select " + written(equal, false) + " in place of " + written(equal, true) + " (equal by the join's"
                    + " condition): the rows then keep " + keyNamed(equal) + ", and the sink keyed by the columns "
                    + (equal.key().size() == 1 ? "it is" : "they are") + " written to";
        } else if (firstKey.isEmpty() && joinPair.isPresent() && joinPair.get().neitherKeyed()) {
            JoinOutputKeys.Side left = joinPair.get().sides().get(0);
            JoinOutputKeys.Side right = joinPair.get().sides().get(1);
            key = "Neither " + left.name() + " nor " + right.name() + " declares a PRIMARY KEY: where each"
                    + " one's rows are unique on columns that hold its join columns (" + String.join(", ",
                            joinPair.get().joinColumns(left)) + " of " + left.name() + ", " + String.join(", ",
                            joinPair.get().joinColumns(right)) + " of " + right.name() + "), declare them its"
                    + " PRIMARY KEY (NOT ENFORCED): the join then keys its rows by both keys together; select every"
                    + " column of them and key the sink by the columns they are written to";
        } else if (firstKey.isEmpty() && joinKeys.flatMap(k -> cascadeLookup(k, context)).isPresent()) {
            key = joinKeys.flatMap(k -> cascadeLookup(k, context)).get().way();
        } else if (firstKey.isEmpty() && ranks.isEmpty() && !unkeyedInputs(context).isEmpty()) {
            key = "None of " + String.join(", ", unkeyedInputs(context)) + " declares a PRIMARY KEY: where each one's rows"
                    + " are unique on columns that hold every column it is joined on, declare them its PRIMARY KEY (NOT"
                    + " ENFORCED): each join then keys its rows by its inputs' keys together; select every column of them"
                    + " and key the sink by the columns they are written to";
        } else {
            key = firstKey.isEmpty() && !keylessCopy(context).isEmpty()
                    ? "Give the rows the sink's key: declare the PRIMARY KEY (NOT ENFORCED) of "
                            + String.join(", ", keylessCopy(context).stream().map(TableRead::name).toList()) + " where its"
                            + " changes are keyed by the columns the sink's key is written from (a CDC source's rows are"
                            + " keyed by the upstream table's key)"
                    : firstKey.isEmpty()
                    ? "Give the rows the sink's key: aggregate (or deduplicate) by the primary key's columns, declared in the"
                            + " sink with the query's types"
                    : "Key the sink by the query's key: declare it with PRIMARY KEY (" + firstKey + ") NOT ENFORCED";
        }
        String strategy = context.config().getOrDefault(MATERIALIZE_STRATEGY, "LEGACY").strip();
        String deduplicateTtl = strategy.toUpperCase(Locale.ROOT).equals("LEGACY")
                ? ""
                : " (with " + MATERIALIZE_STRATEGY + " = " + strategy + ", Flink applies no TTL to it: FLINK-38463)";
        boolean joinsOrRanks = !context.statement().facts().joinTypes().isEmpty() || !ranks.isEmpty();
        Optional<TableReference> lookup = lookupJoin(context);
        String redistributed = !(firstKey.isEmpty() && topOne.isEmpty() && numbered.isEmpty() && joinsOrRanks) ? ""
                : lookup.isPresent() && ranks.isEmpty() && context.statement().facts().joinTypes().size() == 1
                ? lookupFix(lookup.get().name(), DimensionKey.of(lookup.get(), context))
                : joinPair.isPresent() && joinPair.get().neitherKeyed()
                        || joinKeys.isPresent() && joinKeys.get().equalColumnFix().isPresent()
                        || ranks.isEmpty() && !unkeyedInputs(context).isEmpty()
                ? ""
                : joinKeys.flatMap(k -> cascadeLookup(k, context)).map(CascadeLookup::meaning)
                        .orElseGet(() -> redistributedFix(context));
        return key + "; then no clause is needed and no upsert materializer runs." + redistributed
                + " Or end the INSERT with one of:"
                + " ON CONFLICT DO DEDUPLICATE: the latest row per primary key wins; " + DEDUPLICATE_OVER_UPDATES
                + deduplicateTtl + DEDUPLICATE_OVER_INSERTS + ";"
                + " ON CONFLICT DO NOTHING: the first row per key is kept; ON CONFLICT DO ERROR: the job fails on a"
                + " conflict. DO NOTHING and DO ERROR buffer rows until the watermark passes them and need a"
                + " WATERMARK on every source table. A materializer keeps its state under the state TTL"
                + " (table.exec.state.ttl, " + ttl(context.effectiveStateTtl()) + ").";
    }

    /**
     * What {@code ON CONFLICT DO DEDUPLICATE} keeps, said without a plan: Flink refused the statement, so whether the
     * query's rows reach the sink as updates is not known here (its message names the keys, not the changelog). Flink
     * 2.3.0 plans the sink's upsert materializer only for an input with updates or deletes ({@code StreamExecSink
     * #applyUpsertMaterialize}); over inserts only, {@code DO DEDUPLICATE} compiles to a sink with no state, while {@code
     * DO NOTHING} and {@code DO ERROR} keep theirs (lint cases 30, 31). The proven rewrite's {@code changes:} line says
     * which holds, read from its compiled plan ({@code rewrite.OnConflictChoice#changes}).
     */
    private static final String DEDUPLICATE_OVER_UPDATES = "where the query's rows are updates, the sink's upsert"
            + " materializer keeps the history of each primary key's rows in state (Flink: \"state intensive\")";

    /** What {@code ON CONFLICT DO DEDUPLICATE} keeps over inserts only ({@link #DEDUPLICATE_OVER_UPDATES}). */
    private static final String DEDUPLICATE_OVER_INSERTS = "; over inserts only, Flink plans no materializer for it and it"
            + " keeps no state";

    /**
     * The fix of a Top-N (a {@code ROW_NUMBER}/{@code RANK} whose reading query keeps {@code rn <= N}, N > 1: a
     * {@code Rank} with that {@code rankRange}) written into a sink keyed by some of its partition columns: its
     * rows of one partition fall on one sink row, so an {@code ON CONFLICT} clause is no fix (the {@code
     * on-conflict} rewrite offers none then: {@code OnConflictChoice#topNOnOneSinkRow}, the same test).
     * {@code DO DEDUPLICATE} keeps the row that reached the materializer last and {@code DO NOTHING} the first
     * ({@code SinkUpsertMaterializer} and {@code WatermarkCompactingSinkMaterializer} compare arrival, not the
     * Top-N's order), and {@code DO ERROR} fails at a partition's second row (issue 30: DEDUPLICATE was offered
     * for a Top-3 into a sink keyed by its partition columns). The fix is the sink's key or one row per key.
     */
    private static String topN(String queryKey, String rankAlias) {
        String key = queryKey.isEmpty()
                ? "write " + rankAlias + " and add it to the sink's primary key (with the partition columns)"
                : "key the sink by the query's key, PRIMARY KEY (" + queryKey + ") NOT ENFORCED, or write " + rankAlias
                        + " and add it to the sink's primary key with the partition columns";
        return "The query is a Top-N: the rows it keeps per partition fall on one sink row. To keep them all, " + key
                + "; to keep the top row alone, filter " + rankAlias + " = 1 and key the sink by the partition columns."
                + " An ON CONFLICT clause is no fix here: DO DEDUPLICATE keeps the row that arrived last and DO NOTHING"
                + " the first, not the top one, and DO ERROR fails at a partition's second row.";
    }

    /**
     * The key fix of a Top-1 ({@code rn = 1}): it keeps one row per partition already, and its key is the partition
     * columns (Flink 2.3.0 {@code ConstantRankNumberColumnRemoveRule} drops the constant row number from the {@code
     * Rank}, whose upsert key is then its partition key), which the sink's primary key does not match: the sink is
     * keyed by them, or the ranking is partitioned by the sink's key. Filtering {@code rn = 1} again is no fix.
     */
    private static String topOne(RankFunction rank, List<String> sinkKey) {
        String partition = String.join(", ", unqualified(rank.partitionBy()));
        return "The query keeps one row per partition already (" + rank.alias() + " = 1 over PARTITION BY " + partition
                + "), and its key is the partition columns: key the sink by them, PRIMARY KEY (" + partition
                + ") NOT ENFORCED, or partition the ranking by the sink's key" + sinkKey(sinkKey)
                + " to keep the top row per sink row";
    }

    /**
     * The key fix of a row number no query filters ({@code ROW_NUMBER() OVER (...) AS rn} written as it is): Flink
     * plans no {@code Rank} ({@code FlinkLogicalRankRule} needs the reading query's bound) but an {@code
     * OverAggregate} that numbers every row, so this is no Top-N. Filtering {@code rn = 1} in an outer query makes
     * it a Top-1 whose key is the partition columns ({@link #topOne}); where they are the sink's key, that fix
     * needs no clause.
     */
    private static String numbered(RankFunction rank, String queryKey, List<String> sinkKey) {
        List<String> partition = unqualified(rank.partitionBy());
        String keyed = queryKey.isEmpty()
                ? ""
                : ", or key the sink by the query's key: PRIMARY KEY (" + queryKey + ") NOT ENFORCED";
        String topOne = sameColumns(partition, sinkKey)
                ? "filter " + rank.alias() + " = 1 in a query that reads it: a Top-1, one row per "
                        + String.join(", ", partition) + ", the sink's key"
                : "filter " + rank.alias() + " = 1 in a query that reads it and key the sink by the partition columns, "
                        + "PRIMARY KEY (" + String.join(", ", partition) + ") NOT ENFORCED";
        return rank.alias() + " numbers every row (no query filters it, so Flink plans no Top-N but an OVER aggregate):"
                + " to keep the top row per partition, " + topOne + keyed;
    }

    /**
     * True where the Top-1 {@code rank} can be what keys the rows the sink gets, so that its partition columns are the
     * key to name ({@link #topOne}): not where they are the sink's key already (the rows of one partition land on one
     * sink row, and Flink still names another key: an operator above the ranking keyed them anew), nor where the key
     * Flink names, {@code queryKey}, has another number of columns than the partition (NonDeterministicDagTest's
     * {@code testNestedAggWithNonDeterministicGroupingKeys}: a Top-1 per a under a {@code GROUP BY a, DATE_FORMAT(...)}
     * into a sink keyed by a, whose key Flink names [a, c]; the fix named the Top-1's partition, the sink's key already).
     * Then the key fix is the one of the query's key.
     */
    private static boolean keysTheRows(RankFunction rank, String queryKey, List<String> sinkKey) {
        List<String> partition = unqualified(rank.partitionBy());
        if (sameColumns(partition, unqualified(sinkKey))) {
            return false;
        }
        return queryKey.isEmpty() || queryKey.split(",").length == partition.size();
    }

    private static String sinkKey(List<String> sinkKey) {
        return sinkKey.isEmpty() ? "" : " (PARTITION BY " + String.join(", ", sinkKey) + ")";
    }

    /** {@code o.user_id} as {@code user_id}: a column as a sink's key names it. */
    private static List<String> unqualified(List<String> columns) {
        return columns.stream().map(SqlIdentifiers::lastName).toList();
    }

    private static boolean sameColumns(List<String> a, List<String> b) {
        return !a.isEmpty() && a.stream().map(c -> c.toLowerCase(Locale.ROOT)).collect(Collectors.toSet())
                .equals(b.stream().map(c -> c.toLowerCase(Locale.ROOT)).collect(Collectors.toSet()));
    }

    /**
     * The context of the one INSERT of a statement set that writes the sink Flink names in {@code message}: its facts
     * and the tables it reads, not those of every INSERT of the set (a keyless copy beside window aggregations into
     * another sink was said to lose its key to a narrower type, as the set "groups": round 68's outside SQL,
     * data-han/real-time-fraud-detection). Flink checks each sink of the set on its own, against the upsert key of
     * the rows that reach it ({@code FlinkChangelogModeInferenceProgram}, 2.3.0, which raises "Please specify an ON
     * CONFLICT clause" per sink node). {@code whole} itself where the statement is no set, or no single INSERT of it
     * writes that sink.
     */
    private static AnalysisContext insertInto(String message, AnalysisContext whole) {
        Optional<String> sink = group(TABLE, message, 1);
        Optional<ParsedTree> tree = sink.isEmpty() ? Optional.empty() : whole.statement().tree();
        if (tree.isEmpty()) {
            return whole;
        }
        SqlNode node = tree.get().node() instanceof SqlExecute execute ? execute.getStatement() : tree.get().node();
        if (!(node instanceof SqlStatementSet set) || set.getInserts().size() < 2) {
            return whole;
        }
        String sinkName = SqlIdentifiers.lastName(sink.get());
        List<SqlInsert> writing = set.getInserts().stream().<SqlInsert>map(i -> i)
                .filter(i -> i.getTargetTable() instanceof SqlIdentifier target
                        && Util.last(target.names).equalsIgnoreCase(sinkName))
                .toList();
        Optional<ParsedStatement.SqlFacts> facts = writing.size() == 1 ? QueryFacts.of(writing.get(0)) : Optional.empty();
        Optional<String> text = writing.size() == 1 ? textOf(whole.statement().text(), writing.get(0)) : Optional.empty();
        if (facts.isEmpty() || text.isEmpty()) {
            return whole;
        }
        // The set's tables as this INSERT reads them, once each: every INSERT that reads a table adds it to the set's
        // list, with its own alias; the one of this INSERT's reference where there is one.
        Map<String, TableRead> byName = new java.util.LinkedHashMap<>();
        for (TableReference reference : facts.get().tableReferences()) {
            String name = Util.last(reference.names()).toLowerCase(Locale.ROOT);
            whole.tablesRead().stream().filter(t -> t.reference().equals(reference)).findFirst()
                    .or(() -> whole.tablesRead().stream()
                            .filter(t -> Util.last(t.reference().names()).equalsIgnoreCase(name)).findFirst())
                    .ifPresent(t -> byName.putIfAbsent(name, t));
        }
        List<TableRead> tables = List.copyOf(byName.values());
        ParsedStatement.SqlFacts memberFacts = facts.get();
        String memberText = text.get();
        // The INSERT's own node of the set's tree: its positions are the set's, which no reader of it needs.
        Optional<ParsedTree> memberTree = Optional.of(new ParsedTree(writing.get(0)));
        ParsedSql member = new ParsedSql() {
            @Override
            public String text() {
                return memberText;
            }

            @Override
            public ParsedStatement.SqlFacts facts() {
                return memberFacts;
            }

            @Override
            public Optional<ParsedTree> tree() {
                return memberTree;
            }
        };
        return new AnalysisContext(member, whole.plan(), whole.plannerError(), whole.streaming(),
                whole.effectiveStateTtl(), whole.changes(), whole.config(), whole.options(), whole.advised(),
                whole.restore(), tables);
    }

    /**
     * The text of {@code insert} in {@code text}, from its INSERT to the end of its query, by the parser's positions;
     * empty where they do not fall in {@code text}.
     */
    private static Optional<String> textOf(String text, SqlInsert insert) {
        SqlParserPos pos = insert.getParserPosition().plus(insert.getSource().getParserPosition());
        int start = offset(text, pos.getLineNum(), pos.getColumnNum());
        int end = offset(text, pos.getEndLineNum(), pos.getEndColumnNum());
        // Flink's parser starts an INSERT's position after its keyword (at INTO, or OVERWRITE): take the keyword too.
        String before = start < 0 ? "" : text.substring(0, start).toLowerCase(Locale.ROOT);
        int keyword = Math.max(before.lastIndexOf("insert"), before.lastIndexOf("upsert"));
        if (keyword >= 0 && before.substring(keyword + "insert".length()).isBlank()) {
            start = keyword;
        }
        return start < 0 || end < start || end >= text.length() ? Optional.empty()
                : Optional.of(text.substring(start, end + 1));
    }

    /** The offset of a 1-based line and column in {@code text}; -1 where there is none. */
    private static int offset(String text, int line, int column) {
        int at = 0;
        for (int l = 1; l < line; l++) {
            at = text.indexOf('\n', at);
            if (at < 0) {
                return -1;
            }
            at++;
        }
        return column < 1 ? -1 : at + column - 1;
    }

    /** The sink's primary key columns Flink names ({@code Primary key: [a, b]}), as the finding's keys. */
    @Override
    protected Facts facts(String message, AnalysisContext context) {
        String primaryKey = group(KEYS, message, 1).orElse("[]");
        List<String> columns = Arrays.stream(primaryKey.substring(1, primaryKey.length() - 1).split(","))
                .map(String::strip).filter(c -> !c.isEmpty()).toList();
        return Facts.NONE.withKeys(columns);
    }

    /** The upsert key Flink names ({@code [user_id]}, {@code [a], [b]}), or empty when it names none. */
    private static String upsertKey(String message) {
        String key = group(KEYS, message, 2).orElse("").strip();
        return key.equals("none") || !key.startsWith("[") ? "" : key;
    }

    private static String ttl(Duration ttl) {
        return ttl.isZero() || ttl.isNegative() ? "now 0: state never expires" : "now " + StateTtl.format(ttl);
    }

    private static Optional<String> group(Pattern pattern, String message, int group) {
        Matcher m = pattern.matcher(message);
        return m.find() ? Optional.of(m.group(group)) : Optional.empty();
    }
}
