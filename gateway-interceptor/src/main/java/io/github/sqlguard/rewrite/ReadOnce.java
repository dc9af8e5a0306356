package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.BoundedJoinSide;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.FromTable;
import io.github.sqlguard.statement.HintInputName;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSnapshot;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.table.catalog.ObjectIdentifier;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The inputs of a rewrite scope's joining SELECTs that are a join's side read once ({@link BoundedJoinSide}: every
 * table the input reads is a source Flink translated as bounded, while the join's other input reads a stream): a
 * {@code state-ttl-hint} rewrite leaves them out of the hint on that SELECT, so that the side read once keeps its rows
 * without a TTL, for the stream's later rows to match them. Wherever such a join is written: beside an aggregation in
 * one SELECT, in a view, as one of several joins, under a hint the user wrote (whose value for that side stays).
 *
 * <p>An input is matched to the plan by the scans it reads (a view read through its query as the session's catalog
 * keeps it): each scan by its table and the options an {@code OPTIONS} hint gives the table there ({@link Read}), as the
 * plan has them ({@code PlanNode#tableOptions}, the catalog's options with the hint's merged in), for one table can be
 * read once in one place and as a stream in another (a hint giving one scan {@code number-of-rows}, or a {@code
 * filesystem} scan without {@code source.monitor-interval}); and a SELECT's join has its inputs in the order the plan's join has
 * them (Flink plans a join's inputs in the order the {@code FROM} clause gives them, and reorders joins only with
 * {@code table.optimizer.join-reorder-enabled}, off by default). An input whose tables are not all known (a {@code
 * WITH} query) is never called read once.
 */
final class ReadOnce {

    /** How deep views over views are read through. */
    private static final int MAX_VIEW_DEPTH = 8;

    private final RewriteContext context;
    private final Optional<ExplainedPlan> plan;
    /** The scans the plan reads as bounded sources. */
    private final Set<Read> bounded;

    private ReadOnce(RewriteContext context) {
        this.context = context;
        this.plan = context.request().plan();
        Set<Read> reads = new HashSet<>();
        plan.ifPresent(p -> p.nodes().stream()
                .filter(n -> p.inputs(n).isEmpty() && p.bounded(n))
                .forEach(n -> read(n).ifPresent(reads::add)));
        this.bounded = reads;
    }

    /**
     * A table as one scan reads it: its name, and the options an {@code OPTIONS} hint gives it there that differ from
     * the catalog's (Flink merges them into the table's before it creates the source: {@code
     * CatalogSourceTable#computeContextResolvedTable}, {@code FlinkHints#getHintedOptions}); empty where there is no
     * such hint.
     */
    record Read(String table, Map<String, String> hinted) {

        Read {
            hinted = Map.copyOf(hinted);
        }
    }

    /**
     * The scan {@code source} of the plan, with the options the plan gives its table; empty where it reads no table, or
     * where its hint's options are not known. A line whose compiled plan persists the catalog's options alone ({@link
     * FlinkLine#compiledPlanMergesHintedOptions}: Flink 1.20) still prints the hint in the scan's description, and its
     * options are merged in from there ({@link PlanNode#hintedOptions}), as {@code CatalogSourceTable} merges them.
     */
    private Optional<Read> read(PlanNode source) {
        if (source.table().isEmpty()) {
            return Optional.empty();
        }
        Optional<Map<String, String>> known = source.sourceOptions(FlinkLine.current().compiledPlanMergesHintedOptions());
        if (known.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> options = known.get();
        ObjectIdentifier table = source.table().get();
        List<String> names = List.of(table.getCatalogName(), table.getDatabaseName(), table.getObjectName());
        return Optional.of(new Read(table.getObjectName(), changed(options, names)));
    }

    /** Of {@code options}, those the catalog's table {@code names} does not have with the same value. */
    private Map<String, String> changed(Map<String, String> options, List<String> names) {
        if (options.isEmpty()) {
            return Map.of();
        }
        Map<String, String> stored = context.lookUp(names).map(CatalogObject::options).orElse(Map.of());
        Map<String, String> out = new HashMap<>();
        options.forEach((key, value) -> {
            if (!value.equals(stored.get(key))) {
                out.put(key, value);
            }
        });
        return out;
    }

    /** The options the {@code OPTIONS} hints of a {@code FROM} item give its table, merged in their order. */
    private static Map<String, String> hinted(SqlNode item) {
        Map<String, String> out = new LinkedHashMap<>();
        if (item != null && item.getKind() == SqlKind.TABLE_REF && ((SqlCall) item).operand(1) instanceof SqlNodeList hints) {
            for (SqlNode node : hints) {
                if (node instanceof SqlHint hint && hint.getName().equalsIgnoreCase("OPTIONS")
                        && hint.getOptionFormat() == SqlHint.HintOptionFormat.KV_LIST) {
                    out.putAll(hint.getOptionKVPairs());
                }
            }
        }
        return out;
    }

    /** The sides read once of the statement's plan in {@code context}. */
    static ReadOnce in(RewriteContext context) {
        return new ReadOnce(context);
    }

    /**
     * The names the hint on {@code select} gives its inputs that are a join's side read once ({@link
     * HintInputName}): an input all of whose tables are bounded sources, joined with one that reads a stream.
     */
    Set<String> inputs(SqlSelect select) {
        Set<String> out = new LinkedHashSet<>();
        if (bounded.isEmpty()) {
            return out;
        }
        for (SqlJoin join : joins(select.getFrom(), new ArrayList<>())) {
            for (int side = 0; side < 2; side++) {
                SqlNode input = side == 0 ? join.getLeft() : join.getRight();
                SqlNode other = side == 0 ? join.getRight() : join.getLeft();
                Optional<String> name = HintInputName.of(input);
                if (name.isPresent() && readOnce(tables(input)) && !readOnce(tables(other))) {
                    out.add(name.get());
                }
            }
        }
        return out;
    }

    /**
     * The join of {@code finding} with a side read once, as {@code select} in {@code tree} writes it, where the
     * rewrite names its side read once ({@code once}) and its streaming side: the SELECT's join whose inputs read the
     * tables the plan's join's two sides read. Empty where none is, or more than one.
     */
    Optional<Join> join(Finding finding, SqlNode tree) {
        return join(finding, tree, select -> true);
    }

    /**
     * {@link #join(Finding, SqlNode)} among the SELECTs {@code within} accepts: the SELECT whose hint reaches the
     * finding's join ({@link HintBlocks}), where two SELECTs join the same tables alike (two joins of a {@code UNION
     * ALL}, case 917).
     */
    Optional<Join> join(Finding finding, SqlNode tree, java.util.function.Predicate<SqlSelect> within) {
        if (plan.isEmpty()) {
            return Optional.empty();
        }
        Optional<Operator.Join> planned = plan.get().operators(Operator.Join.class).stream()
                .filter(j -> finding.planNode().equals(Optional.of(j.node().id()))).findFirst();
        Optional<BoundedJoinSide> side = planned.flatMap(j -> BoundedJoinSide.of(j, plan.get()));
        if (side.isEmpty()) {
            return Optional.empty();
        }
        List<PlanNode> sides = plan.get().inputs(planned.get().node());
        Optional<Set<Read>> onceRead = reads(sides.get(side.get().side()));
        Optional<Set<Read>> streamingRead = reads(sides.get(side.get().streaming()));
        if (onceRead.isEmpty() || streamingRead.isEmpty()) {
            return Optional.empty();
        }
        Set<Read> once = onceRead.get();
        Set<Read> streaming = streamingRead.get();
        List<Join> found = new ArrayList<>();
        for (SqlSelect select : Trees.selects(tree)) {
            if (!within.test(select)) {
                continue;
            }
            for (SqlJoin written : joins(select.getFrom(), new ArrayList<>())) {
                SqlNode onceInput = side.get().side() == 0 ? written.getLeft() : written.getRight();
                SqlNode streamingInput = side.get().side() == 0 ? written.getRight() : written.getLeft();
                Optional<String> onceName = HintInputName.of(onceInput);
                List<String> streamingNames = new ArrayList<>();
                if (onceName.isPresent() && tables(onceInput).equals(once) && tables(streamingInput).equals(streaming)
                        && names(streamingInput, streamingNames)) {
                    found.add(new Join(select, side.get(), String.join(" and ", streamingNames), onceName.get(),
                            String.join(", ", tables(plan.get(), planned.get(), side.get()))));
                }
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /**
     * The plan node ids of the joins whose side read once {@code pins} keep: each join of the plan with a side read once
     * ({@link BoundedJoinSide}) that reads a table of a pin. A join of the same statement that reads no such side is
     * not among them: the pin is not its own, though the one rewrite answers it too.
     */
    Set<Integer> joinsKept(List<Pin> pins) {
        Set<Integer> out = new TreeSet<>();
        if (plan.isEmpty()) {
            return out;
        }
        Set<String> pinned = new HashSet<>();
        pins.forEach(p -> pinned.addAll(p.tables()));
        for (Operator.Join each : plan.get().operators(Operator.Join.class)) {
            Optional<BoundedJoinSide> side = BoundedJoinSide.of(each, plan.get());
            if (side.isPresent() && names(plan.get().tablesRead(plan.get().inputs(each.node()).get(side.get().side())))
                    .stream().anyMatch(pinned::contains)) {
                out.add(each.node().id());
            }
        }
        return out;
    }

    /**
     * What the {@code changes:} line of a {@code state-ttl-hint} rewrite says of the plan's join {@code join} where one
     * side is read once and the rewrite's SELECT could not be matched to that join ({@link #join} found none, or more
     * than one): true to the hints written in {@code tree}. Where a {@code STATE_TTL} hint there (the first of its
     * SELECT, the one Flink reads) names an input that reads the side's tables, with a value that expires, the TTL
     * expires its rows too, for good; where none does, the side keeps the session's TTL ({@code
     * table.exec.state.ttl}, Flink's value for an input no hint key names): no TTL in a session without one, and its
     * rows stay to be matched. Empty where the join has no side read once.
     */
    String hinted(Optional<Integer> join, String value, SqlNode tree) {
        return hinted(join, value, tree, select -> true);
    }

    /**
     * {@link #hinted(Optional, String, SqlNode)}, reading the hints of the SELECTs {@code within} accepts alone: the one
     * whose hint reaches the join ({@link HintBlocks}); another SELECT's hint names its own join's inputs.
     */
    String hinted(Optional<Integer> join, String value, SqlNode tree, java.util.function.Predicate<SqlSelect> within) {
        if (plan.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (Operator.Join each : plan.get().operators(Operator.Join.class)) {
            Optional<BoundedJoinSide> side = BoundedJoinSide.of(each, plan.get());
            if (side.isEmpty() || !join.map(id -> id == each.node().id()).orElse(true)) {
                continue;
            }
            Set<String> read = names(plan.get().tablesRead(plan.get().inputs(each.node()).get(side.get().side())));
            out.append("; the join's ").append(side.get().name()).append(" side (")
                    .append(String.join(", ", tables(plan.get(), each, side.get())));
            Optional<String> key = expiringKey(tree, read, within);
            if (key.isPresent()) {
                out.append(") is read once, a bounded source: the hint's ").append(key.get())
                        .append(" expires its rows too, never to be read again, and ").append(value)
                        .append(" after they were read the join matches nothing from that side");
                continue;
            }
            Duration session = StateTtl.effective(context.request().config());
            out.append(") is read once, a bounded source: no hint key written names it, so it keeps the session's TTL");
            if (StateTtl.neverExpires(session, context.request().maxStateTtl())) {
                out.append(" (none: table.exec.state.ttl is ").append(StateTtl.format(session))
                        .append("), and every row it read stays for the other side's later rows to match");
            } else {
                out.append(", ").append(StateTtl.format(session)).append(", which expires its rows too, never to be read again");
            }
        }
        return out.toString();
    }

    /**
     * True where the plan's join {@code join} has a side read once that no {@code STATE_TTL} hint in {@code tree} gives a
     * TTL that expires ({@link #hinted}): the hints' TTL reaches the other side's rows alone.
     */
    boolean unnamed(Optional<Integer> join, SqlNode tree) {
        return unnamed(join, tree, select -> true);
    }

    /** {@link #unnamed(Optional, SqlNode)}, reading the hints of the SELECTs {@code within} accepts alone. */
    boolean unnamed(Optional<Integer> join, SqlNode tree, java.util.function.Predicate<SqlSelect> within) {
        return plan.isPresent() && plan.get().operators(Operator.Join.class).stream()
                .filter(each -> join.map(id -> id == each.node().id()).orElse(true))
                .anyMatch(each -> BoundedJoinSide.of(each, plan.get())
                        .map(side -> expiringKey(tree, names(plan.get().tablesRead(plan.get().inputs(each.node())
                                .get(side.side()))), within)
                                .isEmpty())
                        .orElse(false));
    }

    /**
     * The option ({@code 'c' = '1 d'}) of a {@code STATE_TTL} hint in {@code tree} that gives a join input reading the
     * tables {@code read} (by name) a TTL that expires; empty where no hint does. Each SELECT's first such hint is the one
     * Flink reads.
     */
    private Optional<String> expiringKey(SqlNode tree, Set<String> read, java.util.function.Predicate<SqlSelect> within) {
        for (SqlSelect select : Trees.selects(tree)) {
            List<SqlHint> hints = Blocks.stateTtlHints(select);
            if (hints.isEmpty() || !within.test(select)) {
                continue;
            }
            for (SqlJoin join : joins(select.getFrom(), new ArrayList<>())) {
                for (SqlNode input : List.of(join.getLeft(), join.getRight())) {
                    Optional<String> name = HintInputName.of(input);
                    if (name.isEmpty()) {
                        continue;
                    }
                    Set<String> tables = new HashSet<>();
                    tables(input).forEach(r -> tables.add(r.table()));
                    Optional<String> written = value(hints.get(0), name.get());
                    Optional<Duration> ttl = written.flatMap(StateTtl::parse);
                    if (tables.equals(read) && ttl.isPresent()
                            && !StateTtl.neverExpires(ttl.get(), context.request().maxStateTtl())) {
                        return Optional.of("'" + name.get() + "' = '" + written.get() + "'");
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@link #expired(RewriteContext, Optional, String)}, where the rewrite pins the sides {@code pins} with a hint of
     * {@code '0'}: of a join whose side read once reads the tables a pin names, the line says that the pin keeps its
     * rows, where a {@code SET} alone would expire them.
     */
    static String expired(RewriteContext context, Optional<Integer> join, String value, List<Pin> pins) {
        Optional<ExplainedPlan> plan = context.request().plan();
        StringBuilder out = new StringBuilder();
        for (Operator.Join each : plan.map(p -> p.operators(Operator.Join.class)).orElse(List.of())) {
            Optional<BoundedJoinSide> side = BoundedJoinSide.of(each, plan.get());
            if (side.isEmpty() || !join.map(id -> id == each.node().id()).orElse(true)) {
                continue;
            }
            Set<String> read = names(plan.get().tablesRead(plan.get().inputs(each.node()).get(side.get().side())));
            Optional<Pin> pinned = pins.stream().filter(p -> p.tables().equals(read)).findFirst();
            out.append("; the join's ").append(side.get().name()).append(" side (")
                    .append(String.join(", ", tables(plan.get(), each, side.get())));
            if (pinned.isPresent()) {
                out.append(") is read once, a bounded source: ").append(pinned.get().added() ? "the hint" : "the user's hint")
                        .append(" STATE_TTL(").append(pinned.get().option()).append(") on its SELECT keeps every row it read")
                        .append(" with no TTL (a hint's value precedes table.exec.state.ttl for the input it names, and '0'")
                        .append(" never expires), so the later rows of the other side still match them");
            } else {
                out.append(") is read once, a bounded source: the TTL expires its rows too, never to be read again, and ")
                        .append(value).append(" after they were read the join matches nothing from that side");
            }
        }
        return out.toString();
    }

    /**
     * A side read once that a {@code SET} of the state TTL would expire, pinned by a {@code STATE_TTL} hint of {@code
     * '0'} on the SELECT that joins it.
     *
     * @param name the name the hint gives the side (its alias, else its table's or view's name)
     * @param tables the tables the side reads
     * @param added true where the rewrite writes the option; false where the user's hint already pins the side
     */
    record Pin(String name, Set<String> tables, boolean added) {

        /** The option as a hint writes it: {@code 'c' = '0'}. */
        String option() {
            return "'" + name + "' = '0'";
        }
    }

    /**
     * Pins in {@code tree} each side read once of a join written in one of its SELECTs with {@code STATE_TTL('<side>' =
     * '0')} on that SELECT, added to its first {@code STATE_TTL} hint (the one Flink reads) or in a new one: under a
     * {@code SET 'table.exec.state.ttl'} the side then keeps its rows. Flink's hint value precedes {@code
     * table.exec.state.ttl} for the input it names, and {@code '0'} is no TTL (FLIP-373; the compiled plan's {@code
     * StateMetadata} gives that side's state {@code 0 ms}). A side the user's hint names with a TTL is left as written
     * ({@code ttl-expires-read-once-side} is the finding on it). Returns the sides pinned, by the user or here.
     */
    List<Pin> pin(SqlNode tree) {
        List<Pin> out = new ArrayList<>();
        if (bounded.isEmpty()) {
            return out;
        }
        for (SqlSelect select : Trees.selects(tree)) {
            for (SqlJoin join : joins(select.getFrom(), new ArrayList<>())) {
                for (int side = 0; side < 2; side++) {
                    SqlNode input = side == 0 ? join.getLeft() : join.getRight();
                    SqlNode other = side == 0 ? join.getRight() : join.getLeft();
                    Optional<String> name = HintInputName.of(input);
                    Set<Read> reads = tables(input);
                    if (name.isEmpty() || !readOnce(reads) || readOnce(tables(other))
                            || out.stream().anyMatch(p -> p.name().equals(name.get())) || unmatched(input)) {
                        continue;
                    }
                    Set<String> tables = new HashSet<>();
                    reads.forEach(read -> tables.add(read.table()));
                    List<SqlHint> hints = Blocks.stateTtlHints(select);
                    Optional<String> written = hints.isEmpty() ? Optional.empty() : value(hints.get(0), name.get());
                    if (written.isPresent()) {
                        if (written.get().trim().equals("0")) {
                            out.add(new Pin(name.get(), tables, false));
                        }
                        continue;
                    }
                    if (hints.isEmpty()) {
                        Blocks.addHint(select, Blocks.stateTtl(List.of(name.get()), "0"));
                    } else {
                        SqlNodeList options =
                                (SqlNodeList) hints.get(0).getOperandList().get(1);
                        options.add(SqlLiteral.createCharString(
                                name.get(), SqlParserPos.ZERO));
                        options.add(SqlLiteral.createCharString(
                                "0", SqlParserPos.ZERO));
                    }
                    out.add(new Pin(name.get(), tables, true));
                }
            }
        }
        return out;
    }

    /**
     * True where a hint's key cannot reach {@code input} on this Flink line: a table declared with a {@code WATERMARK},
     * read as it is, which Flink 1.20's hint matching does not pass ({@link FlinkLine#stateTtlHintMatchesTablesWithWatermark}).
     */
    private boolean unmatched(SqlNode input) {
        if (FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()) {
            return false;
        }
        SqlNode inner = SqlUtil.stripAs(input);
        return FromTable.named(inner).flatMap(name -> context.lookUp(name.names))
                .filter(object -> !object.view() && object.watermarked()).isPresent();
    }

    /** The value {@code hint} gives the key {@code name}, as written; empty where it names no such key. */
    private static Optional<String> value(SqlHint hint, String name) {
        SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
        for (int i = 1; i < options.size(); i += 2) {
            SqlNode key = options.get(i - 1);
            String written = key instanceof SqlLiteral k ? k.getValueAs(String.class)
                    : key instanceof SqlIdentifier id ? id.getSimple() : SqlTrees.unparse(key);
            if (written.equalsIgnoreCase(name)) {
                return Optional.of(options.get(i) instanceof SqlLiteral literal
                        ? literal.getValueAs(String.class) : SqlTrees.unparse(options.get(i)));
            }
        }
        return Optional.empty();
    }

    /**
     * The tables the plan's node {@code side} reads, as {@link ExplainedPlan#tablesRead} finds them (its scans, and the
     * table a lookup join below it reads), each as its node reads it; empty where one of them is not known.
     */
    private Optional<Set<Read>> reads(PlanNode side) {
        Set<Read> out = new HashSet<>();
        Deque<PlanNode> pending = new ArrayDeque<>(List.of(side));
        Set<Integer> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            PlanNode at = pending.pop();
            if (!seen.add(at.id()) || seen.size() > 256) {
                continue;
            }
            if (at.table().isPresent() && !at.is("Sink")) {
                Optional<Read> read = read(at);
                if (read.isEmpty()) {
                    return Optional.empty();
                }
                out.add(read.get());
            }
            pending.addAll(plan.orElseThrow().inputs(at));
        }
        return Optional.of(out);
    }

    /** True when {@code reads}, the scans an input reads, are all bounded sources. */
    private boolean readOnce(Set<Read> reads) {
        return !reads.isEmpty() && bounded.containsAll(reads);
    }

    /**
     * The scans the {@code FROM} item {@code item} reads: a table's with its hint's options, each table of a subquery
     * or a nested join, a view's through its query; a name the catalog does not know (a {@code WITH} query) as
     * written.
     */
    private Set<Read> tables(SqlNode item) {
        Set<Read> out = new HashSet<>();
        SqlNode inner = SqlUtil.stripAs(item);
        if (inner instanceof SqlSnapshot snapshot) {
            inner = snapshot.getTableRef();
        }
        Optional<SqlIdentifier> table = FromTable.named(inner);
        if (table.isPresent()) {
            read(table.get(), hinted(inner), out, 0);
            return out;
        }
        if (inner instanceof SqlJoin join) {
            out.addAll(tables(join.getLeft()));
            out.addAll(tables(join.getRight()));
            return out;
        }
        readAll(inner, out, 0);
        return out;
    }

    /** The scans of every table {@code tree} reads in a {@code FROM}, with their hints' options. */
    private void readAll(SqlNode tree, Set<Read> out, int depth) {
        List<SqlIdentifier> named = new ArrayList<>();
        for (SqlSelect select : Trees.selects(tree)) {
            readFrom(select.getFrom(), named, out, depth);
        }
        // The other tables it reads: those of window TVFs (TABLE t), which take no hint.
        for (SqlIdentifier name : Trees.tablesRead(tree)) {
            if (named.stream().noneMatch(n -> n == name)) {
                read(name, Map.of(), out, depth);
            }
        }
    }

    /**
     * The tables one {@code FROM} clause names, through its joins, aliases and {@code FOR SYSTEM_TIME AS OF} (a lookup or
     * temporal join's table, which the plan's join node reads); its subqueries are SELECTs of their own.
     */
    private void readFrom(SqlNode from, List<SqlIdentifier> named, Set<Read> out, int depth) {
        if (from instanceof SqlJoin join) {
            readFrom(join.getLeft(), named, out, depth);
            readFrom(join.getRight(), named, out, depth);
            return;
        }
        SqlNode inner = from == null ? null : SqlUtil.stripAs(from);
        if (inner instanceof SqlSnapshot snapshot) {
            inner = SqlUtil.stripAs(snapshot.getTableRef());
        }
        Optional<SqlIdentifier> table = FromTable.named(inner);
        if (table.isPresent()) {
            named.add(table.get());
            read(table.get(), hinted(inner), out, depth);
        }
    }

    private void read(SqlIdentifier name, Map<String, String> hint, Set<Read> out, int depth) {
        Optional<CatalogObject> object = depth < MAX_VIEW_DEPTH ? context.lookUp(name.names) : Optional.empty();
        Optional<SqlNode> query = object.filter(CatalogObject::view).flatMap(CatalogObject::query).flatMap(SqlTrees::parse);
        if (query.isEmpty()) {
            String table = object.map(o -> o.identifier().get(o.identifier().size() - 1)).orElse(name.names.get(name.names.size() - 1));
            out.add(new Read(table, object.map(o -> changed(hint, o.identifier())).orElse(Map.copyOf(hint))));
            return;
        }
        readAll(query.get(), out, depth + 1);
    }

    /** The joins of one {@code FROM} clause, nested joins first (not those of its subqueries: their SELECTs own them). */
    private static List<SqlJoin> joins(SqlNode from, List<SqlJoin> out) {
        if (from instanceof SqlJoin join) {
            joins(join.getLeft(), out);
            joins(join.getRight(), out);
            out.add(join);
        }
        return out;
    }

    /** Adds the names a hint gives {@code item}, or the inputs of a nested join; false where one has none. */
    private static boolean names(SqlNode item, List<String> out) {
        if (item instanceof SqlJoin join) {
            return names(join.getLeft(), out) && names(join.getRight(), out);
        }
        Optional<String> name = HintInputName.of(item);
        name.ifPresent(out::add);
        return name.isPresent();
    }

    private static Set<String> names(List<ObjectIdentifier> tables) {
        Set<String> out = new HashSet<>();
        tables.forEach(t -> out.add(t.getObjectName()));
        return out;
    }

    /** The tables the side {@code side} of {@code join} reads, by name: {@code customers}. */
    private static List<String> tables(ExplainedPlan plan, Operator.Join join, BoundedJoinSide side) {
        return plan.tablesRead(plan.inputs(join.node()).get(side.side())).stream().map(ObjectIdentifier::getObjectName).toList();
    }

    /**
     * The join of a finding with a side read once, as a SELECT of the rewrite's scope writes it.
     *
     * @param select the SELECT that joins
     * @param side the join's side read once
     * @param streaming the name the hint gives the streaming side (its alias or table; the inputs of a nested join,
     *     joined by "and")
     * @param once the name of the side read once
     * @param tables the tables the side read once reads, as a message names them
     */
    record Join(SqlSelect select, BoundedJoinSide side, String streaming, String once, String tables) {

        /**
         * What the {@code changes:} line says of the join ({@code join}: as the line names it, {@code "this
         * statement's join"} or {@code "the join of the view shipped_orders"}) under the hints {@code hints} of {@code
         * value}, which leave its side read once out: what expires on the streaming side, and why the side read once
         * keeps its rows and what bounds its state.
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
}
