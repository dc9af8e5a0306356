package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.BucketWindows;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.statement.TimeBuckets;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code window-aggregate}, for {@code stateful-without-ttl} on a group aggregation whose {@code
 * GROUP BY} buckets an event-time attribute by hand ({@code FLOOR(ts TO HOUR)}, a daily report's {@code
 * CAST(ts AS DATE)} or {@code DATE_FORMAT(ts, 'yyyy-MM-dd')}): the aggregation per
 * {@code TUMBLE} window of that unit (Flink docs, "Window Aggregation"), whose state each window's end
 * frees, where the hand-made bucket is kept and updated forever. The bucket's column becomes {@code
 * window_start} under the same name (the same expression of it, for a {@code CAST} or {@code
 * DATE_FORMAT}: the column keeps its type). The original's result per bucket is updated as rows
 * arrive; a {@code TUMBLE} window emits it once, at the window's end, so a report read during the
 * day is offered first as a {@code CUMULATE} window of the same size with a step (an hour for a day,
 * a minute for an hour), which emits the window's result so far at each step's end (Flink docs,
 * "Windowing TVF", CUMULATE: "Cumulating windows are very useful in some scenarios, such as tumbling
 * windows with early firing in a fixed window interval").
 */
final class WindowAggregate extends ScopedFamily {

    static final String ID = "window-aggregate";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(StatefulWithoutTtlRule.ID),
            List.of("WindowAggregate"),
            "a `GROUP BY` that buckets a time attribute by hand (`FLOOR(ts TO HOUR)`, `CAST(ts AS DATE)`, `DATE_FORMAT(ts, 'yyyy-MM-dd')`) becomes a window aggregation of the bucket's size, whose state each window's end frees: a `CUMULATE` window stepping each hour (a minute for an hourly bucket), which keeps a result during the window, and a `TUMBLE` window, which emits once at its end");

    WindowAggregate() {
        super(DECLARATION);
    }

    /**
     * Both windows are offered, {@code CUMULATE} first: the original's result per bucket is updated
     * as rows arrive, which a {@code CUMULATE} window keeps (a result every step), and a report
     * wanted once per bucket is the {@code TUMBLE} window's; which one the report means is the
     * user's choice. Where another operator reads the aggregation's rows ({@link BucketWindows#reader}: a Top-N, a
     * join, an aggregation above it), the {@code TUMBLE} window alone: a {@code CUMULATE} window's result so far at each step
     * is a new row (insert-only), which that operator reads as a row of its own, not as an update of the key's
     * earlier one (a Top-3 per hour over it could hold one region's three latest results so far), where the
     * original's updates replaced the key's row there.
     */
    @Override
    public boolean offersEveryCandidate() {
        return true;
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!finding.facts().operator().map(n -> n.contains("GroupAggregate")).orElse(false)) {
            return List.of();
        }
        SqlNode read = tree(scope);
        List<SqlSelect> selects = Trees.selects(read);
        List<Candidate> out = new ArrayList<>();
        for (int s = 0; s < selects.size(); s++) {
            SqlSelect select = selects.get(s);
            if (select.getGroup() != null && Trees.withItemRead(read, select).isPresent()) {
                int before = out.size();
                filteringCandidates(finding, context, scope, s, select, Trees.withItemRead(read, select).get(), out);
                if (out.size() > before) {
                    continue;
                }
            }
            if (select.getGroup() != null && table(select) == null) {
                int before = out.size();
                subqueryCandidates(finding, context, scope, s, select, out);
                if (out.size() == before && subquery(select) != null) {
                    filteringCandidates(finding, context, scope, s, select, subquery(select), out);
                }
                continue;
            }
            if (table(select) == null || !mayBe(finding, context, table(select))) {
                continue;
            }
            Optional<Bucket> bucket = bucket(select, context);
            if (bucket.isEmpty()) {
                continue;
            }
            Optional<Duration> step = step(finding, context, bucket.get().unit());
            if (step.isPresent()) {
                windowed(finding, context, scope, s, bucket.get(), step, false).ifPresent(out::add);
            }
            windowed(finding, context, scope, s, bucket.get(), Optional.empty(), false).ifPresent(out::add);
        }
        return out;
    }

    /**
     * The candidates for an aggregation grouped by a time bucket that its subquery computes and names ({@code SELECT
     * date_str, COUNT(DISTINCT user_id) FROM (SELECT DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str, user_id FROM
     * user_behavior) GROUP BY date_str}, the daily report of Flink's own SQL demo, "Flink SQL Demo: Building an
     * End-to-End Streaming Application", 2020-07-28): the window goes into the subquery's {@code FROM}, the subquery
     * selects {@code window_start} and {@code window_end} and writes the bucket over {@code window_start}, and the
     * {@code GROUP BY} above keeps the bucket's column beside them. Flink plans a window aggregation over the subquery's
     * projection of the window TVF ({@code StreamPhysicalWindowAggregateRule} reads the window through a {@code Calc}).
     */
    private void subqueryCandidates(
            Finding finding, RewriteContext context, Scope scope, int at, SqlSelect select, List<Candidate> out) {
        SqlNodeList group = select.getGroup();
        for (int i = 0; i < group.size(); i++) {
            Optional<SqlNode> bucket = TimeBuckets.subqueryBucket(select, group.get(i));
            SqlSelect inner = subquery(select);
            if (bucket.isEmpty() || inner == null || table(inner) == null || !mayBe(finding, context, table(inner))) {
                continue;
            }
            Optional<Column> rowtime = context.columnsOf(table(inner)).flatMap(ScopedFamily::rowtime);
            Optional<Duration> unit = rowtime.flatMap(r -> TimeBuckets.sizeOf(bucket.get(), r.name()));
            if (unit.isEmpty()) {
                continue;
            }
            Optional<Duration> step = step(finding, context, unit.get());
            if (step.isPresent()) {
                windowedSubquery(finding, context, scope, at, i, rowtime.get(), unit.get(), step).ifPresent(out::add);
            }
            windowedSubquery(finding, context, scope, at, i, rowtime.get(), unit.get(), Optional.empty()).ifPresent(out::add);
            return;
        }
    }

    /**
     * The candidates for an aggregation grouped by a time bucket of the rows of a subquery that reads a table and filters
     * it ({@code SELECT FLOOR(ts TO HOUR) AS click_hour, page, COUNT(*) FROM (SELECT page, ts FROM clicks WHERE page <>
     * '/health') AS c GROUP BY FLOOR(ts TO HOUR), page}): the window goes into the subquery's {@code FROM}, its {@code
     * WHERE} kept (a window over the table itself would drop it, as namecols2's {@code FilteringQuery} fix says), the
     * subquery selects {@code window_start} and {@code window_end}, and the block above groups by them in the bucket's
     * place ({@link #windowInPlace}). Flink plans a window aggregation over the window TVF filtered and projected by a
     * {@code Calc} ({@code StreamPhysicalWindowAggregateRule}). Only where the subquery selects the event-time column as
     * it is (or {@code *}), so that the bucket above names it. Before, only the TTL was offered (case 1165). The same for
     * a {@code WITH} item that filters, which the block reads by name and no other block reads ({@link Trees#withItemRead}):
     * the window goes into the item's {@code FROM}, its {@code WHERE} kept (case 1176; before, only the TTL).
     *
     * @param inner the subquery or {@code WITH} item's query {@code select} reads
     */
    private void filteringCandidates(
            Finding finding, RewriteContext context, Scope scope, int at, SqlSelect select, SqlSelect inner,
            List<Candidate> out) {
        if (table(inner) == null || inner.getWhere() == null || inner.getGroup() != null
                || inner.getHaving() != null || inner.isDistinct() || inner.getFetch() != null || inner.getOffset() != null
                || inner.getOrderList() != null && !inner.getOrderList().isEmpty()
                || !mayBe(finding, context, table(inner))) {
            return;
        }
        Optional<Column> rowtime = context.columnsOf(table(inner)).flatMap(ScopedFamily::rowtime);
        if (rowtime.isEmpty() || !selectsAsItIs(inner, rowtime.get().name())) {
            return;
        }
        SqlNodeList group = select.getGroup();
        for (int i = 0; i < group.size(); i++) {
            Optional<Duration> unit = TimeBuckets.sizeOf(group.get(i), rowtime.get().name());
            if (unit.isEmpty()) {
                continue;
            }
            Bucket bucket = new Bucket(table(inner), rowtime.get(), i, unit.get());
            Optional<Duration> step = step(finding, context, unit.get());
            if (step.isPresent()) {
                windowed(finding, context, scope, at, bucket, step, true).ifPresent(out::add);
            }
            windowed(finding, context, scope, at, bucket, Optional.empty(), true).ifPresent(out::add);
            return;
        }
    }

    /** True where {@code select} selects {@code column} under its own name: the column as it is, or {@code *}. */
    private static boolean selectsAsItIs(SqlSelect select, String column) {
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier id && (id.isStar()
                    || id.names.get(id.names.size() - 1).equalsIgnoreCase(column))) {
                return true;
            }
        }
        return false;
    }

    /** The subquery {@code select} reads ({@code FROM (...)} or {@code FROM (...) AS s}); null for anything else. */
    private static SqlSelect subquery(SqlSelect select) {
        SqlNode from = select.getFrom();
        if (from != null && from.getKind() == SqlKind.AS) {
            from = ((SqlCall) from).operand(0);
        }
        return from instanceof SqlSelect inner ? inner : null;
    }

    /**
     * The candidate with the {@code at}-th block of a fresh tree of {@code scope} aggregated per window, where its
     * {@code key}-th key is a time bucket its subquery computes ({@link #subqueryCandidates}).
     */
    private Optional<Candidate> windowedSubquery(
            Finding finding, RewriteContext context, Scope scope, int at, int key, Column rowtime, Duration unit,
            Optional<Duration> step) {
        SqlNode tree = tree(scope);
        SqlSelect select = Trees.selects(tree).get(at);
        SqlSelect inner = subquery(select);
        SqlNodeList group = select.getGroup();
        SqlIdentifier name = (SqlIdentifier) group.get(key);
        String column = name.names.get(name.names.size() - 1);
        SqlNode bucket = TimeBuckets.subqueryBucket(select, name).orElseThrow();
        String bucketText = SqlTrees.unparse(bucket);
        SqlIdentifier table = table(inner);
        SqlNode window = window(table, rowtime, unit, step);
        readFrom(inner, window);
        SqlNodeList items = inner.getSelectList();
        for (SqlNode item : items) {
            if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(1) instanceof SqlIdentifier alias
                    && alias.getSimple().equalsIgnoreCase(column)) {
                ((SqlCall) item).setOperand(0, TimeBuckets.overWindowStart(bucket, rowtime.isLocalZoned()));
            }
        }
        selectWindowBounds(items, false);
        SqlNodeList newGroup = new SqlNodeList(SqlParserPos.ZERO);
        for (int j = 0; j < group.size(); j++) {
            if (j == key) {
                newGroup.add(SqlTrees.identifier("window_start"));
                newGroup.add(SqlTrees.identifier("window_end"));
            }
            newGroup.add(group.get(j));
        }
        select.setGroupBy(newGroup);
        String how = "GROUP BY " + String.join(", ", newGroup.stream().map(SqlTrees::unparse).toList()) + " over "
                + SqlTrees.unparse(window) + " in the FROM of the subquery that computes " + column + emitted(unit, step);
        return Optional.of(describe(finding, context, scope, tree, table, rowtime, unit, step, bucketText, how));
    }

    /**
     * A block's first {@code GROUP BY} key that buckets the event-time attribute of the table it reads by hand ({@link
     * TimeBuckets#sizeOf}).
     *
     * @param table the table the block reads
     * @param rowtime that table's event-time attribute
     * @param key the key's position in the {@code GROUP BY}
     * @param unit the bucket's size
     */
    record Bucket(SqlIdentifier table, Column rowtime, int key, Duration unit) {}

    /** The bucket {@code select} groups by ({@link Bucket}); empty where it reads no table with one or groups by none. */
    static Optional<Bucket> bucket(SqlSelect select, RewriteContext context) {
        SqlIdentifier table = table(select);
        if (select.getGroup() == null || table == null) {
            return Optional.empty();
        }
        Optional<Column> rowtime = context.columnsOf(table).flatMap(ScopedFamily::rowtime);
        if (rowtime.isEmpty()) {
            return Optional.empty();
        }
        SqlNodeList group = select.getGroup();
        for (int i = 0; i < group.size(); i++) {
            Optional<Duration> unit = TimeBuckets.sizeOf(group.get(i), rowtime.get().name());
            if (unit.isPresent()) {
                return Optional.of(new Bucket(table, rowtime.get(), i, unit.get()));
            }
        }
        return Optional.empty();
    }

    /**
     * False where the block reading {@code table} is not the finding's aggregation: {@code table} is a catalog table that
     * the finding's node does not read ({@link io.github.sqlguard.plan.ExplainedPlan#tablesRead}); true otherwise (a
     * view, whose tables the plan names, a name the session does not know, a finding with no plan node). Where two blocks
     * may be it (two aggregations of one table, which print alike), each is rewritten, and the proof keeps the one whose
     * plan no longer has the finding's operator ({@link Prover#stillReported}: by its side of the join above).
     */
    private static boolean mayBe(Finding finding, RewriteContext context, SqlIdentifier table) {
        Optional<List<org.apache.flink.table.catalog.ObjectIdentifier>> read = finding.planNode()
                .flatMap(id -> context.request().plan().flatMap(plan -> plan.node(id).map(plan::tablesRead)));
        Optional<io.github.sqlguard.flink.CatalogObject> object = context.lookUp(table.names);
        if (read.isEmpty() || read.get().isEmpty() || object.isEmpty() || object.get().view()) {
            return true;
        }
        return read.get().stream().anyMatch(t -> List.of(t.getCatalogName(), t.getDatabaseName(), t.getObjectName())
                .equals(object.get().identifier()));
    }

    /** The table the block reads ({@code FROM t} or {@code FROM t AS a}); null for anything else. */
    private static SqlIdentifier table(SqlSelect select) {
        SqlNode from = select.getFrom();
        if (from instanceof SqlIdentifier id) {
            return id;
        }
        if (from != null && from.getKind() == SqlKind.AS && ((SqlCall) from).operand(0) instanceof SqlIdentifier id) {
            return id;
        }
        return null;
    }

    /**
     * The candidate with the {@code at}-th block of a fresh tree of {@code scope} aggregated per window: {@code TUMBLE}
     * of the bucket's size, or {@code CUMULATE} of that size and {@code step}, over the table the block reads, or, where
     * {@code inFilteringSubquery}, in the {@code FROM} of the filtering subquery or {@code WITH} item it reads
     * ({@link #filteringCandidates}),
     * which then selects {@code window_start} and {@code window_end} too.
     */
    private Optional<Candidate> windowed(
            Finding finding, RewriteContext context, Scope scope, int at, Bucket bucketed, Optional<Duration> step,
            boolean inFilteringSubquery) {
        SqlNode tree = tree(scope);
        SqlSelect select = Trees.selects(tree).get(at);
        SqlIdentifier table = bucketed.table();
        Column rowtime = bucketed.rowtime();
        Duration unit = bucketed.unit();
        String bucketText = SqlTrees.unparse(select.getGroup().get(bucketed.key()));
        SqlNode window = window(table, rowtime, unit, step);
        Optional<SqlSelect> withItem = inFilteringSubquery ? Trees.withItemRead(tree, select) : Optional.empty();
        if (inFilteringSubquery) {
            SqlSelect inner = withItem.orElseGet(() -> subquery(select));
            readFrom(inner, window);
            SqlNodeList items = inner.getSelectList();
            selectWindowBounds(items, items.stream().anyMatch(item -> item instanceof SqlIdentifier id && id.isStar()));
        }
        Optional<SqlCall> selected = selectedBucket(select, bucketText);
        String before = selected.map(SqlTrees::unparse).orElse("");
        if (!windowInPlace(select, bucketed, inFilteringSubquery ? null : window)) {
            return Optional.empty();
        }
        String how = "GROUP BY " + String.join(", ", select.getGroup().stream().map(SqlTrees::unparse).toList()) + " over "
                + SqlTrees.unparse(window)
                + (inFilteringSubquery ? " in the FROM of the " + (withItem.isPresent() ? "WITH item "
                        + SqlUtil.stripAs(select.getFrom()) + ", which" : "subquery that") + " filters " + table.getSimple()
                        + ", its WHERE kept" : "")
                + emitted(unit, step)
                + selected.map(item -> ", selecting " + SqlTrees.unparse(item) + " in place of " + before).orElse("");
        return Optional.of(describe(finding, context, scope, tree, table, rowtime, unit, step, bucketText, how));
    }

    /**
     * The step of a {@code CUMULATE} window of {@code unit} for {@code finding}'s aggregation: as the plan's node
     * emits ({@link BucketWindows#cumulateStep}), else as the bucket's size suggests ({@link TimeBuckets#cumulateStep});
     * empty where a {@code TUMBLE} alone fits.
     */
    private static Optional<Duration> step(Finding finding, RewriteContext context, Duration unit) {
        return finding.planNode().flatMap(id -> context.request().plan().flatMap(
                plan -> plan.node(id).map(node -> BucketWindows.cumulateStep(plan, node, unit))))
                .orElseGet(() -> TimeBuckets.cumulateStep(unit));
    }

    /** The window TVF over {@code table}'s {@code rowtime}: {@code CUMULATE} of {@code unit} and {@code step}, else {@code TUMBLE}. */
    private static SqlNode window(SqlIdentifier table, Column rowtime, Duration unit, Optional<Duration> step) {
        return step.isPresent() ? Snippets.cumulate(table, rowtime.name(), step.get(), unit)
                : Snippets.tumble(table, rowtime.name(), unit);
    }

    /**
     * {@code window_start} and {@code window_end} added to the select list {@code items} where it does not select them by
     * name, nor by a {@code *} ({@code star}: where it selects every column of the window).
     */
    private static void selectWindowBounds(SqlNodeList items, boolean star) {
        for (String windowColumn : List.of("window_start", "window_end")) {
            boolean selected = star;
            for (SqlNode item : items) {
                selected |= item instanceof SqlIdentifier id && id.isSimple() && id.getSimple().equalsIgnoreCase(windowColumn);
            }
            if (!selected) {
                items.add(SqlTrees.identifier(windowColumn));
            }
        }
    }

    /** {@code select} reading {@code window} in place of its table ({@code FROM t}, or {@code t} of {@code FROM t AS a}). */
    private static void readFrom(SqlSelect select, SqlNode window) {
        if (select.getFrom() instanceof SqlIdentifier) {
            select.setFrom(window);
        } else {
            ((SqlCall) select.getFrom()).setOperand(0, window);
        }
    }

    /** When a window of {@code unit} emits, as the fix says it: at its end, or its result so far each {@code step}. */
    private static String emitted(Duration unit, Optional<Duration> step) {
        return step.isPresent()
                ? " (each " + SqlTrees.duration(unit) + " window's result so far, every " + SqlTrees.duration(step.get()) + ")"
                : " (one final result per " + SqlTrees.duration(unit) + " window, at its end)";
    }

    /**
     * The candidate of {@code tree}, the aggregation over {@code table} per window, with what it changes and {@code how}
     * the fix says it ({@link ProvenWay.Window}).
     */
    private Candidate describe(
            Finding finding, RewriteContext context, Scope scope, SqlNode tree, SqlIdentifier table, Column rowtime,
            Duration unit, Optional<Duration> step, String bucketText, String how) {
        String size = SqlTrees.duration(unit);
        String late = LateRows.clause(context, table, rowtime, "counted");
        ProvenWay.Window way = new ProvenWay.Window(ID, "Aggregate per window, whose state is freed when it closes", how);
        if (step.isEmpty()) {
            return context.candidate(
                    this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operator("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate"), Columns.SAME,
                    "one final result per key and " + size + " window of " + rowtime.name()
                            + ", emitted once, when the window closes (its state is freed then), instead of a result per "
                            + bucketText + " updated as rows arrive and kept forever: nothing is emitted during the"
                            + " window" + late,
                    "window size " + size + ", the unit of " + bucketText).withWay(way);
        }
        String every = SqlTrees.duration(step.get());
        return context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate"), Columns.SAME,
                "per key and " + size + " window of " + rowtime.name() + ", a row every " + every
                        + " with the window's result so far (CUMULATE, step " + every + "; the window's last row is its"
                        + " final result, and its state is freed when the window closes), instead of one result per "
                        + bucketText + " updated as each row arrives and kept forever: the intermediate results are new"
                        + " rows (insert-only), not updates of one row, and come each " + every
                        + " as the watermark passes, not with each row" + late,
                "window size " + size + ", the unit of " + bucketText + "; step " + every).withWay(way);
    }

    /**
     * The {@code changes:} clause of a window family's candidate written again with {@code ON CONFLICT DO DEDUPLICATE}
     * ({@link Candidate#deduplicatingOnConflict}), where Flink refused it without a clause (on-conflict-required alone
     * blocks it, {@link Prover#prove}): the statement inserts into a sink keyed by a primary key that takes upserts, and
     * Flink 2.3 derives no upsert key for a window TVF aggregation ({@code FlinkRelMdUpsertKeys} has no case for {@code
     * StreamPhysicalWindowAggregate}), nor so for a window join of two (a {@code Join} to it, keyed by its inputs' keys),
     * so its check
     * (FLIP-558, {@code table.exec.sink.require-on-conflict}) asks for a clause. Over an insert-only input a {@code
     * DEDUPLICATE} strategy puts no upsert materializer before the sink: Flink 2.3.0's {@code
     * FlinkChangelogModeInferenceProgram} lets the inserts "be handled as UPSERT_AFTER and overwrite previous value"; a
     * window aggregation and a window join emit inserts only (the same program gives {@code StreamPhysicalWindowJoin}
     * {@code INSERT_ONLY}), and the proof checks that the sink plans no materializer ({@link Intent#insertsIntoSink}).
     * Before, the window rewrite into such a sink was not proven (Flink's SQL demo's daily unique visitors into
     * Elasticsearch, lint case 80; a window join into a keyed sink, case 1172) and the TTL was the only rewrite offered.
     * Empty where the plan has no such sink.
     *
     * @param written what the rewrite writes, as the clause names it: {@code a window aggregation}, {@code a window join}
     */
    static Optional<String> keyedSink(RewriteContext context, String written) {
        return context.request().plan().flatMap(plan -> plan.operators(Operator.Sink.class).stream()
                .filter(s -> !s.primaryKey().isEmpty() && s.conflictStrategy().isEmpty()).findFirst())
                .map(sink -> "ON CONFLICT DO DEDUPLICATE, as Flink 2.3 refuses " + written + " into "
                        + sink.node().table().map(t -> t.getObjectName()).orElse("the sink") + ", keyed by "
                        + String.join(", ", sink.primaryKey()) + ", without an ON CONFLICT clause (it derives no upsert"
                        + " key for one): over the window's insert-only rows it puts no upsert materializer before the"
                        + " sink, which writes each row over the sink row of its key (the latest row of a key wins)");
    }

    /** The item of {@code select} that selects the bucket written {@code bucketText} under an alias, if one does. */
    static Optional<SqlCall> selectedBucket(SqlSelect select, String bucketText) {
        for (SqlNode item : select.getSelectList()) {
            if (item.getKind() == SqlKind.AS && SqlTrees.unparse(((SqlCall) item).operand(0)).equals(bucketText)) {
                return Optional.of((SqlCall) item);
            }
        }
        return Optional.empty();
    }

    /**
     * {@code select}, which groups by {@code bucketed}, aggregated in place over {@code window} (a window TVF of the
     * table it reads): it reads the window, groups by {@code window_start, window_end} in place of the bucket, and each
     * occurrence of the bucket in its items and {@code HAVING} becomes the same expression of {@code window_start}
     * ({@link TimeBuckets#overWindowStart}); {@code window} null where the window is in the {@code FROM} of the
     * subquery it reads already ({@link #windowed}). False, leaving it half changed, where the bucket is selected without an alias
     * or an occurrence cannot be replaced: its tree is then not to be used.
     */
    static boolean windowInPlace(SqlSelect select, Bucket bucketed, SqlNode window) {
        SqlNodeList group = select.getGroup();
        int key = bucketed.key();
        Column rowtime = bucketed.rowtime();
        SqlNode bucket = group.get(key);
        String bucketText = SqlTrees.unparse(bucket);
        if (window != null) {
            readFrom(select, window);
        }
        SqlNodeList newGroup = new SqlNodeList(SqlParserPos.ZERO);
        for (int j = 0; j < group.size(); j++) {
            if (j == key) {
                newGroup.add(SqlTrees.identifier("window_start"));
                newGroup.add(SqlTrees.identifier("window_end"));
            } else {
                newGroup.add(group.get(j));
            }
        }
        select.setGroupBy(newGroup);
        SqlNodeList items = select.getSelectList();
        for (SqlNode item : items) {
            if (item.getKind() == SqlKind.AS && SqlTrees.unparse(((SqlCall) item).operand(0)).equals(bucketText)) {
                ((SqlCall) item).setOperand(0, TimeBuckets.overWindowStart(bucket, rowtime.isLocalZoned()));
            } else if (SqlTrees.unparse(item).equals(bucketText)) {
                return false;
            }
        }
        // The bucket inside another item or the HAVING, as a report writes it (IF(DATE_FORMAT(ts, 'yyyyMMdd') = '1',
        // ...), springMoon/sqlSubmit): the same expression of window_start, or ts, no longer grouped, fails the rewrite.
        Map<SqlNode, SqlNode> parents = Trees.parents(select);
        List<SqlNode> nested = new ArrayList<>();
        for (SqlNode item : items) {
            occurrences(item, bucketText, nested);
        }
        occurrences(select.getHaving(), bucketText, nested);
        for (SqlNode occurrence : nested) {
            if (!Trees.replace(parents, occurrence, TimeBuckets.overWindowStart(bucket, rowtime.isLocalZoned()))) {
                return false;
            }
        }
        return true;
    }

    /** Each node under {@code node} written as {@code text}, outermost first; none below one that is. */
    private static void occurrences(SqlNode node, String text, List<SqlNode> out) {
        if (node == null) {
            return;
        }
        if (SqlTrees.unparse(node).equals(text)) {
            out.add(node);
            return;
        }
        for (SqlNode child : Trees.children(node)) {
            occurrences(child, text, out);
        }
    }

}
