package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;

import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code window-join}, for {@code stateful-without-ttl} on a regular {@code Join} of two windowed inputs whose
 * condition equates one window column of both sides ({@code L.window_start = R.window_start}) but not the other:
 * the missing equality ({@code L.window_end = R.window_end}) is added beside it, and Flink plans the window join
 * the statement was written for ({@code WindowJoin}), which keeps each window's rows only until the watermark
 * passes the window's end. Flink turns a join into a window join only where the condition equates both window
 * columns of inputs windowed alike (Flink docs, "Window Join": "the join on clause must contain window_start
 * equality and window_end equality"; Flink 2.3.0 {@code WindowJoinUtil#excludeWindowStartEqualityAndEndEqualityFromWindowJoinCondition});
 * otherwise it plans a regular {@code Join} that keeps every row of both sides. Flink's own plan test writes the
 * shape ({@code WindowJoinTest#testMissWindowEndInConditionForTumbleWindow}, issue 30 §2: the structural fix
 * before a TTL). Offered only where every window function of the statement is a {@code TUMBLE} or a {@code HOP}:
 * their windows have one size, so one {@code window_start} has one {@code window_end} and the rows that match
 * are the same ({@code CUMULATE} and {@code SESSION} windows of one start end apart). Where the two sides' windows
 * differ, Flink plans no window join and the proof fails: nothing is offered. A join of two aggregations that bucket
 * their event times by hand alike, on the buckets, is offered the window join it stands for ({@link #bucketedSides}).
 * The rule's fix writes no window join (it cannot see whether one plans); a proven one goes first in it ({@link
 * ProvenWay.Window}).
 */
final class WindowJoinCondition extends ScopedFamily {

    static final String ID = "window-join";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(StatefulWithoutTtlRule.ID),
            List.of("WindowJoin"),
            "the window column a join of two `TUMBLE` or `HOP` windowed inputs does not equate (`window_end` beside"
                    + " `window_start`, or the other way round) added to its `ON` clause: a window join over the same windows;"
                    + " a join of two aggregations that bucket their event times by hand alike (`FLOOR(ts TO HOUR) AS hr`,"
                    + " `CAST(ts AS DATE)`, `DATE_FORMAT(ts, 'yyyy-MM-dd')`), on those buckets: both made `TUMBLE` window"
                    + " aggregations of the bucket's size, joined on both window columns");

    private static final String JOIN_PER_WINDOW = "Join per window, which keeps a window's rows until the watermark"
            + " passes its end and frees them then";

    private static final String OUTER = "; an outer join's unmatched row is emitted once, when the window closes, where the"
            + " regular join emitted it at once and retracted it on a match";

    private static final Set<String> FIXED_SIZE_WINDOWS = Set.of("TUMBLE", "HOP");

    private static final Set<String> WINDOW_FUNCTIONS = Set.of("TUMBLE", "HOP", "CUMULATE", "SESSION");

    WindowJoinCondition() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!finding.facts().operator().map(n -> n.equals("Join")).orElse(false)) {
            return List.of();
        }
        SqlNode tree = tree(scope);
        List<String> windows = windowFunctions(tree);
        if (windows.isEmpty()) {
            return bucketedSides(finding, context, scope);
        }
        if (!FIXED_SIZE_WINDOWS.containsAll(windows)) {
            return List.of();
        }
        for (SqlSelect select : Trees.selects(tree)) {
            if (!(select.getFrom() instanceof SqlJoin join) || join.getCondition() == null) {
                continue;
            }
            Optional<SqlNode> missing = missingEquality(Trees.conjuncts(join.getCondition()));
            if (missing.isEmpty()) {
                continue;
            }
            SqlNode condition = join.getCondition();
            join.setOperand(5, SqlStdOperatorTable.AND.createCall(SqlParserPos.ZERO, condition, missing.get()));
            boolean inner = join.getJoinType() == JoinType.INNER;
            return List.of(context.candidate(
                    this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operator("WindowJoin"), Columns.SAME,
                    "the join is per window: Flink's window join keeps a window's rows until the watermark passes the"
                            + " window's end, joins them then and frees them, where the regular join kept every row of both"
                            + " sides forever; in " + String.join(" and ", new java.util.TreeSet<>(windows)) + " windows one"
                            + " window_start has one window_end, so the rows that match are the same, emitted once the"
                            + " window closes in place of as soon as both had arrived"
                            + (aggregated(join.getLeft()) && aggregated(join.getRight())
                                    ? " (both sides are window aggregations, which emit a window's rows before their"
                                            + " watermark passes its end: none comes late)"
                                    : "; a row that arrives after the watermark passed its window's end is dropped, where"
                                            + " the regular join still matched it")
                            + (inner ? "" : OUTER),
                    "").withWay(new ProvenWay.Window(ID, JOIN_PER_WINDOW, "add " + SqlTrees.unparse(missing.get())
                            + " to its ON clause (Flink plans a window join only where the condition equates both window"
                            + " columns)")));
        }
        return List.of();
    }

    /**
     * The window join of two aggregations that bucket their tables' event times by hand alike ({@code FLOOR(order_time
     * TO HOUR) AS hr} and {@code FLOOR(refunded_at TO HOUR) AS hr}, {@link WindowAggregate#bucket}) and are joined on
     * those buckets ({@code o.hr = r.hr}): each side becomes the {@code TUMBLE} window aggregation of its bucket's size
     * ({@link WindowAggregate#windowInPlace}) and selects {@code window_end} too, and the condition equates both sides'
     * {@code window_end} beside the buckets, now their {@code window_start}s. Flink then plans a {@code WindowJoin} over
     * two window aggregations (Flink docs, "Window Join"; asked of Flink 2.3.0 and 1.20: the window columns may be
     * renamed, {@code window_start AS hr}, as its window properties follow a projection), where the regular join and both
     * aggregations kept every bucket forever. A daily or hourly bucket written as another expression ({@code CAST(ts AS
     * DATE)}, {@code DATE_FORMAT(ts, 'yyyy-MM-dd')}) becomes that expression of {@code window_start}, which is no window
     * column (Flink 2.3.0 {@code WindowJoinUtil} finds no {@code window_start} equality in {@code o.day = r.day}): both
     * sides select {@code window_start} too and the condition equates it as well (cases 1170, 1171; before, only {@code
     * FLOOR} was offered the window join). Into a sink keyed by a primary key, Flink 2.3 asks for an ON CONFLICT clause
     * ({@link Prover#prove}, lint case 77). Sides of different bucket sizes have no window in common: none is offered.
     * A {@code CUMULATE} window is not: its result so far at each step would reach the join as a row of its own.
     */
    private List<Candidate> bucketedSides(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        for (SqlSelect select : Trees.selects(tree)) {
            if (!(select.getFrom() instanceof SqlJoin join) || join.getCondition() == null) {
                continue;
            }
            Optional<BucketedSide> left = BucketedSide.of(join.getLeft(), context);
            Optional<BucketedSide> right = BucketedSide.of(join.getRight(), context);
            if (left.isEmpty() || right.isEmpty() || !left.get().bucket().unit().equals(right.get().bucket().unit())
                    || !equated(Trees.conjuncts(join.getCondition()), left.get(), right.get())) {
                continue;
            }
            Duration unit = left.get().bucket().unit();
            List<String> buckets = new ArrayList<>();
            List<String> windows = new ArrayList<>();
            List<String> columns = new ArrayList<>();
            for (BucketedSide side : List.of(left.get(), right.get())) {
                buckets.add(SqlTrees.unparse(side.select().getGroup().get(side.bucket().key())));
                SqlNode window = Snippets.tumble(side.bucket().table(), side.bucket().rowtime().name(), unit);
                if (!WindowAggregate.windowInPlace(side.select(), side.bucket(), window)) {
                    return List.of();
                }
                windows.add(SqlTrees.unparse(window));
            }
            // A bucket written over window_start as it is (FLOOR(ts TO HOUR) AS hr: window_start AS hr) is a window column
            // renamed, and o.hr = r.hr equates the window starts; one written as another expression of it (CAST(window_start
            // AS DATE), DATE_FORMAT(window_start, 'yyyy-MM-dd'), a TIMESTAMP_LTZ's CAST) is no window column any more, and
            // Flink's WindowJoinUtil finds no window_start equality in o.day = r.day: both sides select window_start too.
            boolean starts = !selectsWindowStart(left.get()) || !selectsWindowStart(right.get());
            if (starts) {
                columns.add(WindowColumns.START);
            }
            columns.add(WindowColumns.END);
            SqlNode condition = join.getCondition();
            for (String column : columns) {
                for (BucketedSide side : List.of(left.get(), right.get())) {
                    side.select().getSelectList().add(SqlTrees.identifier(column));
                }
                condition = SqlStdOperatorTable.AND.createCall(SqlParserPos.ZERO, condition,
                        SqlStdOperatorTable.EQUALS.createCall(SqlParserPos.ZERO,
                                SqlTrees.identifier(left.get().alias(), column),
                                SqlTrees.identifier(right.get().alias(), column)));
            }
            join.setOperand(5, condition);
            String size = SqlTrees.duration(unit);
            String late = LateRows.clause(context, left.get().bucket().table(), left.get().bucket().rowtime(), "counted");
            String lateRight = LateRows.clause(context, right.get().bucket().table(), right.get().bucket().rowtime(), "counted");
            boolean inner = join.getJoinType() == JoinType.INNER;
            return List.of(context.candidate(
                    this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operator("WindowJoin"), Columns.SAME,
                    "both sides aggregated per " + size + " TUMBLE window (in place of "
                            + String.join(" and ", buckets.stream().distinct().toList())
                            + ") and joined per window: each side emits one final result per key and window, once, when"
                            + " the window closes, and the window join joins a window's rows then and frees them, where the"
                            + " aggregations and the regular join kept every " + size + " bucket forever and updated its"
                            + " results as rows arrived: nothing is emitted during the window"
                            + (late.equals(lateRight) ? late : late + lateRight)
                            + (inner ? "" : OUTER),
                    "window size " + size + ", the unit of " + String.join(" and ", buckets.stream().distinct().toList()))
                    .withWay(new ProvenWay.Window(ID, JOIN_PER_WINDOW, "aggregate both sides per window, over "
                            + String.join(" and ", windows.stream().distinct().toList()) + ", each selecting " + String.join(" and ", columns)
                            + " too, and join"
                            + " them on both window columns: ON " + SqlTrees.unparse(join.getCondition()))));
        }
        return List.of();
    }

    /**
     * A join input that aggregates a table by a time bucket ({@code (SELECT FLOOR(ts TO HOUR) AS hr, ... GROUP BY
     * FLOOR(ts TO HOUR), ...) AS o}), with the alias it is joined by and the name it selects its bucket under.
     */
    private record BucketedSide(SqlSelect select, String alias, WindowAggregate.Bucket bucket, String selectedAs) {

        static Optional<BucketedSide> of(SqlNode input, RewriteContext context) {
            if (input.getKind() != SqlKind.AS || !(((SqlCall) input).operand(0) instanceof SqlSelect select)
                    || !(((SqlCall) input).operand(1) instanceof SqlIdentifier alias)) {
                return Optional.empty();
            }
            Optional<WindowAggregate.Bucket> bucket = WindowAggregate.bucket(select, context);
            if (bucket.isEmpty() || select.getSelectList().stream().anyMatch(item -> named(item, WindowColumns.END)
                    || named(item, WindowColumns.START))) {
                return Optional.empty();
            }
            String text = SqlTrees.unparse(select.getGroup().get(bucket.get().key()));
            return WindowAggregate.selectedBucket(select, text)
                    .map(item -> new BucketedSide(select, alias.getSimple(), bucket.get(),
                            ((SqlIdentifier) item.operand(1)).getSimple()));
        }
    }

    /** True for a select item named {@code column} (written so, or under that alias). */
    private static boolean named(SqlNode item, String column) {
        SqlNode named = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(1) : item;
        return named instanceof SqlIdentifier id && last(id).equals(column);
    }

    /**
     * True where the side, windowed in place ({@link WindowAggregate#windowInPlace}), selects its bucket as {@code
     * window_start} itself under the bucket's name ({@code window_start AS hr}), so that the join's equality of the buckets
     * equates the window starts.
     */
    private static boolean selectsWindowStart(BucketedSide side) {
        for (SqlNode item : side.select().getSelectList()) {
            if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(1) instanceof SqlIdentifier alias
                    && alias.getSimple().equalsIgnoreCase(side.selectedAs())) {
                return ((SqlCall) item).operand(0) instanceof SqlIdentifier id && last(id).equals(WindowColumns.START);
            }
        }
        return false;
    }

    /** True where a conjunct equates the two sides' buckets by their aliases ({@code o.hr = r.hr}, either way round). */
    private static boolean equated(List<SqlNode> conjuncts, BucketedSide left, BucketedSide right) {
        List<String> l = List.of(left.alias().toLowerCase(Locale.ROOT), left.selectedAs().toLowerCase(Locale.ROOT));
        List<String> r = List.of(right.alias().toLowerCase(Locale.ROOT), right.selectedAs().toLowerCase(Locale.ROOT));
        for (SqlNode conjunct : conjuncts) {
            if (conjunct.getKind() == SqlKind.EQUALS && conjunct instanceof SqlBasicCall call
                    && call.operand(0) instanceof SqlIdentifier a && call.operand(1) instanceof SqlIdentifier b
                    && a.names.size() == 2 && b.names.size() == 2) {
                List<String> x = a.names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
                List<String> y = b.names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
                if (x.equals(l) && y.equals(r) || x.equals(r) && y.equals(l)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True for a join input that aggregates ({@code (SELECT ... GROUP BY ...) AS L}): over a window TVF, a window
     * aggregation, which emits a window's rows when the watermark passes its end and before that watermark, so the
     * window join above drops none as late ({@code WindowJoinOperator} drops rows of windows already emitted, Flink
     * 2.3.0); rows read from a window TVF directly keep their own time and can come late.
     */
    private static boolean aggregated(SqlNode input) {
        SqlNode query = SqlUtil.stripAs(input);
        return query instanceof SqlSelect select && select.getGroup() != null && select.getGroup().size() > 0;
    }

    /**
     * The equality of the window column the conjuncts do not equate ({@code L.window_end = R.window_end}), written with
     * the qualifiers of the one they do; empty where they equate both or neither.
     */
    private static Optional<SqlNode> missingEquality(List<SqlNode> conjuncts) {
        Optional<SqlCall> start = equality(conjuncts, WindowColumns.START);
        Optional<SqlCall> end = equality(conjuncts, WindowColumns.END);
        if (start.isPresent() == end.isPresent()) {
            return Optional.empty();
        }
        SqlCall has = start.orElseGet(end::get);
        String other = start.isPresent() ? WindowColumns.END : WindowColumns.START;
        return Optional.of(SqlStdOperatorTable.EQUALS.createCall(SqlParserPos.ZERO,
                withLast((SqlIdentifier) has.operand(0), other), withLast((SqlIdentifier) has.operand(1), other)));
    }

    /** The conjunct {@code a.column = b.column} of two qualified identifiers of different qualifiers, if there is one. */
    private static Optional<SqlCall> equality(List<SqlNode> conjuncts, String column) {
        for (SqlNode conjunct : conjuncts) {
            if (conjunct.getKind() == SqlKind.EQUALS && conjunct instanceof SqlBasicCall call
                    && call.operand(0) instanceof SqlIdentifier left && call.operand(1) instanceof SqlIdentifier right
                    && left.names.size() == 2 && right.names.size() == 2 && !left.names.get(0).equals(right.names.get(0))
                    && last(left).equals(column) && last(right).equals(column)) {
                return Optional.of(call);
            }
        }
        return Optional.empty();
    }

    private static String last(SqlIdentifier identifier) {
        return identifier.names.get(identifier.names.size() - 1).toLowerCase(Locale.ROOT);
    }

    private static SqlIdentifier withLast(SqlIdentifier identifier, String column) {
        List<String> names = new ArrayList<>(identifier.names);
        names.set(names.size() - 1, column);
        return SqlTrees.identifier(names.toArray(new String[0]));
    }

    /** The window table functions the statement calls ({@code TUMBLE}, {@code HOP}, ...), upper case, as written. */
    private static List<String> windowFunctions(SqlNode root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(SqlNode node, List<String> out) {
        if (node instanceof SqlCall call && call.getOperator() != null) {
            String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
            if (WINDOW_FUNCTIONS.contains(name) && TimeAttributeOrder.WindowTvf.of(call).isPresent()) {
                out.add(name);
            }
        }
        for (SqlNode child : Trees.children(node)) {
            collect(child, out);
        }
    }
}
