package io.github.sqlguard.plan;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.connector.ChangelogMode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A statement's plan as the guard reads it: the one model every rule, the audit and the excerpts
 * read. Its nodes are keyed by ExecNode id, each with its type, description, inputs, output type
 * and state ({@link PlanNode}), and each has a typed view ({@link Operator}) with its key columns by
 * name.
 *
 * <p>Read once, from Flink's compiled plan ({@link CompiledPlanReader}, streaming mode: then each
 * stateful node's state TTL is the one Flink applies) or, where Flink cannot compile the statement
 * (batch mode, a {@code CREATE TABLE AS} whose query has two rowtime columns, a source without
 * compiled-plan support), from the EXPLAIN text ({@link PlanParser}: no state is known, so each
 * stateful operator is inferred to get the session's TTL, {@link #inferredStateTtl()}). Rules see
 * this one type either way; {@link #compiled()} says which.
 *
 * <p>Immutable and thread-safe: the typed views, the drawing order and the excerpt lines are built
 * once, here, and shared by every rule.
 */
public final class ExplainedPlan {

    private final Map<Integer, PlanNode> byId;
    private final List<Integer> roots;
    private final boolean compiled;
    private final Optional<String> executablePlan;
    private final Optional<Duration> inferredStateTtl;
    private final List<ObjectIdentifier> createdTables;
    private final PlanDrawing drawing;
    private final List<PlanNode> nodes;
    private final List<Operator> operators;
    private final ViewReads views;
    private final Optional<String> planFile;
    private final Map<Integer, Set<String>> pinnedByHint;
    private final Set<Integer> boundedSources;
    /** What Flink's factory says of each source node's table, by node id ({@link #withLookupSources}). */
    private final Map<Integer, LookupSupport> lookupSources;
    /** The row kinds Flink gives a node's output, by node id, where the plan says ({@link #changelogMode}). */
    private final Map<Integer, ChangelogMode> changelogModes;
    /** Where a node's output column is made, for a compiled plan ({@link #source}). */
    private final BiFunction<PlanNode, Integer, Optional<ColumnSource>> columnSources;

    private ExplainedPlan(
            Map<Integer, PlanNode> byId,
            List<Integer> roots,
            boolean compiled,
            Optional<String> executablePlan,
            Optional<Duration> inferredStateTtl,
            List<ObjectIdentifier> createdTables,
            PlanDrawing drawing,
            List<PlanNode> nodes,
            List<Operator> operators,
            ViewReads views,
            Optional<String> planFile,
            Map<Integer, Set<String>> pinnedByHint,
            Set<Integer> boundedSources,
            Map<Integer, LookupSupport> lookupSources,
            Map<Integer, ChangelogMode> changelogModes,
            BiFunction<PlanNode, Integer, Optional<ColumnSource>> columnSources) {
        this.byId = byId;
        this.roots = roots;
        this.compiled = compiled;
        this.executablePlan = executablePlan;
        this.inferredStateTtl = inferredStateTtl;
        this.createdTables = createdTables;
        this.drawing = drawing;
        this.nodes = nodes;
        this.operators = operators;
        this.views = views;
        this.planFile = planFile;
        this.pinnedByHint = pinnedByHint;
        this.boundedSources = boundedSources;
        this.lookupSources = lookupSources;
        this.changelogModes = changelogModes;
        this.columnSources = columnSources;
    }

    /**
     * A plan of these nodes.
     *
     * @param nodes every node, by id; kept, not copied
     * @param roots the nodes no other node reads (the sinks; for a query, the nodes its analysis
     *     sink read), in order
     * @param compiled true when the nodes come from Flink's compiled plan
     * @param typed the typed view of each node, by the reader that knows where its fields are
     * @param sources where a node's output column is made ({@link #source}); empty for every column where the plan
     *     does not say (an EXPLAIN text)
     */
    static ExplainedPlan of(
            Map<Integer, PlanNode> nodes, List<Integer> roots, boolean compiled, Function<PlanNode, Operator> typed,
            BiFunction<PlanNode, Integer, Optional<ColumnSource>> sources) {
        PlanDrawing drawing = PlanDrawing.of(nodes, roots);
        List<PlanNode> drawn = drawing.nodes();
        Operator[] operators = new Operator[drawn.size()];
        for (int i = 0; i < operators.length; i++) {
            operators[i] = typed.apply(drawn.get(i));
        }
        return new ExplainedPlan(
                nodes, List.copyOf(roots), compiled, Optional.empty(), Optional.empty(), List.of(), drawing, drawn,
                List.of(operators), ViewReads.NONE, Optional.empty(), Map.of(), Set.of(), Map.of(), Map.of(), sources);
    }

    /**
     * Where column {@code column} of {@code node}'s output is made, read from the compiled plan ({@link ColumnSource}):
     * through the {@code Calc}s that project it unchanged ({@code window_time AS wt} of a view: {@code window_time} of
     * the window aggregation) and the nodes that pass their input's row on. Empty for a plan read from EXPLAIN text,
     * whose {@code Calc}s print their projection only as a description, and where the node has no such column.
     */
    public Optional<ColumnSource> source(PlanNode node, String column) {
        List<Column> columns = node.outputType().columns();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return columnSources.apply(node, i);
            }
        }
        return Optional.empty();
    }

    /** True when the plan came from Flink's compiled plan, so each node's state is Flink's own account of its TTL. */
    public boolean compiled() {
        return compiled;
    }

    /**
     * The compiled plan's JSON when it is the statement's own job (an INSERT or a statement set of
     * INSERTs, not a query compiled into an analysis sink), so that the very plan that was judged
     * can be run; else empty.
     */
    public Optional<String> executablePlan() {
        return executablePlan;
    }

    /** This plan, with the compiled plan JSON that runs it. */
    public ExplainedPlan executableAs(String compiledPlanJson) {
        return new ExplainedPlan(
                byId, roots, compiled, Optional.of(compiledPlanJson), inferredStateTtl, createdTables, drawing, nodes,
                operators, views, planFile, pinnedByHint, boundedSources, lookupSources, changelogModes, columnSources);
    }

    /**
     * The compiled plan file this plan was read from, when the statement runs a stored plan ({@code
     * EXECUTE PLAN}, or {@code COMPILE AND EXECUTE PLAN} of a file that exists): the plan judged is
     * the file's content as it was read, and {@link #executablePlan()} runs that content, not the
     * file again. Empty for a plan the guard compiled from a statement.
     */
    public Optional<String> planFile() {
        return planFile;
    }

    /** This plan, read from the compiled plan file {@code file}. */
    public ExplainedPlan readFrom(String file) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, createdTables, drawing, nodes, operators,
                views, Optional.of(file), pinnedByHint, boundedSources, lookupSources, changelogModes, columnSources);
    }

    /**
     * For a plan read from EXPLAIN text ({@link #compiled()} false): the state TTL its stateful
     * operators are inferred to get, {@code table.exec.state.ttl} as the table environment that
     * planned the statement reads it ({@code ExecutionConfigOptions#IDLE_STATE_RETENTION}: the
     * session's configuration with the statement's execution config on top; {@link Duration#ZERO}
     * never expires). Flink gives a hinted join or group aggregation the hint's TTL instead, which
     * an explained plan does not show. Empty for a compiled plan, whose nodes carry their own state
     * entries, and for a plan read without its table environment.
     */
    public Optional<Duration> inferredStateTtl() {
        return inferredStateTtl;
    }

    /** This plan (read from EXPLAIN text) with the state TTL its operators are inferred to get. */
    public ExplainedPlan withInferredStateTtl(Duration sessionStateTtl) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, Optional.of(sessionStateTtl), createdTables, drawing, nodes,
                operators, views, planFile, pinnedByHint, boundedSources, lookupSources, changelogModes, columnSources);
    }

    /**
     * This plan of the query of a {@code CREATE/REPLACE TABLE AS}, with the tables the statement
     * creates: the plan's own sink is the analysis sink, which names no table.
     */
    public ExplainedPlan withCreatedTables(List<ObjectIdentifier> tables) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, List.copyOf(tables), drawing, nodes, operators,
                views, planFile, pinnedByHint, boundedSources, lookupSources, changelogModes, columnSources);
    }

    /**
     * Every catalog table the statement reads or writes, each once: the tables of the plan's
     * sources, lookup joins and sinks ({@link PlanNode#table()}, in the order of {@link #nodes()};
     * a view is the tables it reads, as Flink expanded it), then the tables a {@code CREATE TABLE
     * AS} creates. Anonymous tables are not named.
     */
    public List<ObjectIdentifier> tables() {
        Set<ObjectIdentifier> tables = new LinkedHashSet<>();
        for (PlanNode node : nodes) {
            node.table().ifPresent(tables::add);
        }
        tables.addAll(createdTables);
        return List.copyOf(tables);
    }

    /**
     * The {@code STATE_TTL} hint options inside the views the statement reads, which the plan itself
     * no longer shows ({@link ViewHint}); empty when it reads no view with one.
     */
    public List<ViewHint> viewHints() {
        return views.hints();
    }

    /**
     * The longest time bound in the conditions of the views the statement reads ({@link ViewTimeBound}), which the
     * state TTL a fix or a rewrite proposes must cover as it covers the statement's own; empty when no view it reads
     * has one.
     */
    public Optional<ViewTimeBound> viewTimeBound() {
        return views.longestBound();
    }

    /**
     * The regular joins of two tables written in the views the statement reads ({@link ViewJoin}), with the names a
     * hint on the view's joining {@code SELECT} gives their inputs; empty when it reads no view that joins.
     */
    public List<ViewJoin> viewJoins() {
        return views.joins();
    }

    /**
     * What each join written in the views the statement reads is on ({@link ViewJoinCondition}), in the order their
     * queries write them; empty when it reads no view that joins.
     */
    public List<ViewJoinCondition> viewJoinConditions() {
        return views.joinConditions();
    }

    /** The columns of the view the statement names {@code view}, as the session's catalog has them; empty for no such view. */
    public Optional<List<String>> viewColumns(String view) {
        return Optional.ofNullable(views.columns().get(view));
    }

    /** The views the statement names that filter or project one table as it is ({@link ViewFilter}). */
    public List<ViewFilter> viewFilters() {
        return views.filters();
    }

    /**
     * The ranking functions written in the views the statement reads ({@link ViewRanking}), with the names their
     * {@code ORDER BY} gives the columns; empty when it reads no view that ranks.
     */
    public List<ViewRanking> viewRankings() {
        return views.rankings();
    }

    /**
     * The group aggregations of one input written in the views the statement reads ({@link ViewAggregation}), with the
     * name a hint on the view's aggregating {@code SELECT} gives its input; empty when it reads no view that aggregates.
     */
    public List<ViewAggregation> viewAggregations() {
        return views.aggregations();
    }

    /** What the views the statement reads say ({@link ViewReads}); {@link ViewReads#NONE} where it reads none. */
    public ViewReads views() {
        return views;
    }

    /** This plan, with what the views the statement reads say ({@link ViewReads}). */
    public ExplainedPlan withViews(ViewReads views) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, createdTables, drawing, nodes, operators,
                views, planFile, pinnedByHint, boundedSources, lookupSources, changelogModes, columnSources);
    }

    /**
     * True when a {@code STATE_TTL} hint pins {@code node}'s state to never expire: its compiled plan gives it a TTL
     * of 0 that the session's {@code table.exec.state.ttl} did not ({@code StateMetadata} takes a hint's TTL over the
     * session's: a '0' is the user's own choice, which no {@code SET} reaches). Where the session's TTL is 0 too, the
     * plan compiled once more under a TTL tells them apart ({@code flink/HintPins}).
     */
    public boolean pinnedByHint(int node) {
        return pinnedByHint.containsKey(node);
    }

    /**
     * True when a {@code STATE_TTL} hint pins the state {@code state} of {@code node} ({@link OperatorState#name()}:
     * {@code leftState} of a join whose hint pins its left side, while its right side's 0 is the session's).
     */
    public boolean pinnedByHint(int node, String state) {
        return pinnedByHint.getOrDefault(node, Set.of()).contains(state);
    }

    /** The states a {@code STATE_TTL} hint pins to never expire ({@link #pinnedByHint(int, String)}), by node id. */
    public Map<Integer, Set<String>> pinnedByHint() {
        return pinnedByHint;
    }

    /** This plan, with the states a {@code STATE_TTL} hint pins to never expire, by node ({@link #pinnedByHint}). */
    public ExplainedPlan withPinnedByHint(Map<Integer, Set<String>> states) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, createdTables, drawing, this.nodes, operators,
                views, planFile,
                states.entrySet().stream()
                        .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> Set.copyOf(e.getValue()))),
                boundedSources, lookupSources, changelogModes, columnSources);
    }

    /**
     * This plan, with the ids of its source nodes that Flink translated as bounded (read once, then the source ends:
     * a {@code filesystem} table without {@code source.monitor-interval}, a {@code datagen} table with {@code
     * number-of-rows}; {@code flink.BoundedSources}).
     */
    public ExplainedPlan withBoundedSources(Set<Integer> sources) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, createdTables, drawing, nodes, operators,
                views, planFile, pinnedByHint, Set.copyOf(sources), lookupSources, changelogModes, columnSources);
    }

    /**
     * This plan, with what Flink's factory of each table it scans says of the table's source, by the id of the source
     * node that scans it: whether it is a lookup source ({@link LookupSupport}; {@code flink.LookupSources}). By scan,
     * not by table: an {@code OPTIONS} hint gives one scan of a table options the others do not have.
     */
    public ExplainedPlan withLookupSources(Map<Integer, LookupSupport> sources) {
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, createdTables, drawing, nodes, operators,
                views, planFile, pinnedByHint, boundedSources, Map.copyOf(sources), changelogModes, columnSources);
    }

    /**
     * This plan, with the row kinds Flink gives the output of the nodes in {@code modes} (by node id) beside those it
     * had: Flink's own answer, for the nodes where it is at hand ({@link #changelogMode}).
     */
    public ExplainedPlan withChangelogModes(Map<Integer, ChangelogMode> modes) {
        if (modes.isEmpty()) {
            return this;
        }
        Map<Integer, ChangelogMode> merged = new HashMap<>(changelogModes);
        merged.putAll(modes);
        return new ExplainedPlan(
                byId, roots, compiled, executablePlan, inferredStateTtl, createdTables, drawing, nodes, operators,
                views, planFile, pinnedByHint, boundedSources, lookupSources, Map.copyOf(merged), columnSources);
    }

    /**
     * The row kinds {@code node} emits as Flink decides them ({@code FlinkChangelogModeInferenceProgram}), where the plan
     * has Flink's answer for it: for a plan read from EXPLAIN text, every node whose {@code changelogMode} the physical
     * plan prints ({@code ExplainDetail.CHANGELOG_MODE}; {@link PlanParser}); for a compiled plan, which persists no
     * node's mode, each source scan whose table's source was asked ({@code ScanTableSource#getChangelogMode}, which the
     * inference program takes for a {@code StreamPhysicalTableSourceScan}; {@code flink.LookupSources}). Empty for any
     * other node ({@code rules.plan.UpdateStreams} derives it then).
     */
    public Optional<ChangelogMode> changelogMode(PlanNode node) {
        return Optional.ofNullable(changelogModes.get(node.id()));
    }

    /**
     * Whether the source node {@code source} reads a lookup source, as Flink's factory for its table with the options
     * the plan gives it says ({@link #withLookupSources}); empty where the guard did not ask (a candidate's proof), or
     * Flink could not say (a plan explained as text, a table whose source could not be created apart from the
     * planner).
     */
    public Optional<LookupSupport> lookupSupport(PlanNode source) {
        return Optional.ofNullable(lookupSources.get(source.id()));
    }

    /**
     * Whether {@code table} is a lookup source, where every scan of it in this plan has the same answer ({@link
     * #lookupSupport(PlanNode)}); empty where it is scanned nowhere, one scan has no answer, or two scans (with
     * different {@code OPTIONS} hints) have different ones.
     */
    public Optional<LookupSupport> lookupSupport(ObjectIdentifier table) {
        Set<Optional<LookupSupport>> answers = new HashSet<>();
        for (PlanNode node : nodes) {
            if (inputs(node).isEmpty() && node.table().equals(Optional.of(table))) {
                answers.add(lookupSupport(node));
            }
        }
        return answers.size() == 1 ? answers.iterator().next() : Optional.empty();
    }

    /**
     * True when every row {@code node} gives comes from sources Flink translated as bounded ({@link
     * #withBoundedSources}): each source below it (or it itself) reads its input once, so what {@code node} gives is
     * finite. False where any source below it is unbounded or not known to be bounded (a plan explained as text, a
     * connector whose translation does not name its node).
     */
    public boolean bounded(PlanNode node) {
        if (boundedSources.isEmpty()) {
            return false;
        }
        Optional<List<PlanNode>> sources = sources(node);
        return sources.isPresent() && sources.get().stream().allMatch(s -> boundedSources.contains(s.id()));
    }

    /**
     * The nodes without inputs that {@code node} reads, directly or through its inputs ({@code node} itself if it
     * has none): the sources of what it gives, each once; empty where the plan is too deep to walk (256 nodes).
     */
    public Optional<List<PlanNode>> sources(PlanNode node) {
        java.util.Deque<PlanNode> pending = new java.util.ArrayDeque<>(List.of(node));
        Set<Integer> seen = new HashSet<>();
        List<PlanNode> sources = new ArrayList<>();
        while (!pending.isEmpty()) {
            PlanNode at = pending.pop();
            if (!seen.add(at.id())) {
                continue;
            }
            if (seen.size() > 256) {
                return Optional.empty();
            }
            List<PlanNode> inputs = inputs(at);
            if (inputs.isEmpty()) {
                sources.add(at);
            }
            pending.addAll(inputs);
        }
        return Optional.of(sources);
    }

    /**
     * The named tables {@code node} reads, directly or through its inputs (the tables of the
     * source scans and lookup joins below it), each once, in drawing order.
     */
    public List<ObjectIdentifier> tablesRead(PlanNode node) {
        List<ObjectIdentifier> tables = new ArrayList<>();
        collectTables(node, tables, new HashSet<>(), 0);
        return tables;
    }

    private void collectTables(
            PlanNode node, List<ObjectIdentifier> out, Set<Integer> seen, int depth) {
        if (!seen.add(node.id()) || depth > 256) {
            return;
        }
        if (!node.is("Sink")) {
            node.table().filter(t -> !out.contains(t)).ifPresent(out::add);
        }
        for (PlanNode input : inputs(node)) {
            collectTables(input, out, seen, depth + 1);
        }
    }

    /**
     * The time attributes below {@code node}: the columns that are event-time or processing-time
     * attributes in the output of any node it reads, directly or through its inputs (a
     * compiled plan's types say; an explained plan's do not, and it has none), and the event-time
     * columns a Calc computes and casts in one projection ({@link OutputType#castRowtimes()}).
     */
    public List<Column> timeAttributesBelow(PlanNode node) {
        List<Column> found = new ArrayList<>();
        collectTimeAttributes(node, found, new HashSet<>(), 0);
        return found;
    }

    /**
     * The operator below {@code node} that made {@code column} a plain value where the table below
     * carries it as a time attribute: a regular aggregation or join, whose input Flink materializes
     * (its {@code RelTimeIndicatorConverter} casts the time indicators that enter a regular
     * aggregation or join to plain {@code TIMESTAMP}s, in a {@code Calc} under it). Empty where no
     * operator below {@code node} did: the time attribute reaches {@code node}'s consumer itself (which
     * then materializes it for its own reasons), or the plan gives no output types (a text plan).
     * Columns are matched by name on the way down.
     */
    public Optional<PlanNode> materializesTimeAttribute(PlanNode node, String column) {
        return materializes(node, column, Optional.empty(), new HashSet<>(), 0);
    }

    /** @param consumer the nearest node above {@code node} on the way down that is not a Calc or an Exchange */
    private Optional<PlanNode> materializes(
            PlanNode node, String column, Optional<PlanNode> consumer, Set<Integer> seen, int depth) {
        if (!seen.add(node.id()) || depth > 256) {
            return Optional.empty();
        }
        Optional<Column> out = named(node, column);
        if (out.isPresent() && out.get().timeAttribute().isTimeAttribute()) {
            return Optional.empty();
        }
        boolean passes = node.is("Calc") || node.is("Exchange");
        if (out.isPresent() && node.outputType().castRowtimes().stream().anyMatch(c -> c.name().equals(column))) {
            // The Calc made it event time and cast it for the operator above: as a Calc that casts its input's.
            return consumer;
        }
        for (PlanNode input : inputs(node)) {
            Optional<Column> in = named(input, column);
            if (out.isPresent() && in.isPresent() && in.get().timeAttribute().isTimeAttribute()) {
                return passes ? consumer : Optional.of(node);
            }
        }
        Optional<PlanNode> above = passes ? consumer : Optional.of(node);
        for (PlanNode input : inputs(node)) {
            Optional<PlanNode> below = materializes(input, column, above, seen, depth + 1);
            if (below.isPresent()) {
                return below;
            }
        }
        return Optional.empty();
    }

    private static Optional<Column> named(PlanNode node, String column) {
        return node.outputType().columns().stream().filter(c -> c.name().equals(column)).findFirst();
    }

    private void collectTimeAttributes(PlanNode node, List<Column> out, Set<Integer> seen, int depth) {
        if (!seen.add(node.id()) || depth > 256) {
            return;
        }
        for (PlanNode input : inputs(node)) {
            for (Column column : input.outputType().columns()) {
                if (column.timeAttribute().isTimeAttribute()
                        && out.stream().noneMatch(c -> c.name().equals(column.name()))) {
                    out.add(column);
                }
            }
            // The rowtime of a computed column a Calc makes and casts in one projection (OutputType#castRowtimes).
            for (Column column : input.outputType().castRowtimes()) {
                if (out.stream().noneMatch(c -> c.name().equals(column.name()))) {
                    out.add(column);
                }
            }
            collectTimeAttributes(input, out, seen, depth + 1);
        }
    }

    /**
     * {@code top} and the nodes below it, each once, read down through the nodes {@code through} accepts: a node it
     * refuses is listed, and what lies below it is not read past it. Depth first, the last input first.
     */
    public List<PlanNode> below(PlanNode top, java.util.function.Predicate<PlanNode> through) {
        List<PlanNode> out = new ArrayList<>();
        List<PlanNode> frontier = new ArrayList<>(List.of(top));
        Set<Integer> visited = new HashSet<>();
        while (!frontier.isEmpty()) {
            PlanNode at = frontier.remove(frontier.size() - 1);
            if (!visited.add(at.id())) {
                continue;
            }
            out.add(at);
            if (through.test(at)) {
                frontier.addAll(inputs(at));
            }
        }
        return out;
    }

    /** Every node, each once, in the order the plan is drawn: each root, then its inputs, depth first. */
    public List<PlanNode> nodes() {
        return nodes;
    }

    /** The node with this id, if the plan has one. */
    public Optional<PlanNode> node(int id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The nodes {@code node} reads, in input order. */
    public List<PlanNode> inputs(PlanNode node) {
        List<PlanNode> inputs = new ArrayList<>(node.inputs().size());
        for (Integer id : node.inputs()) {
            PlanNode input = byId.get(id);
            if (input != null) {
                inputs.add(input);
            }
        }
        return inputs;
    }

    /** The roots: the sinks, or for a query the nodes that feed its result. */
    public List<PlanNode> roots() {
        List<PlanNode> out = new ArrayList<>(roots.size());
        for (Integer id : roots) {
            PlanNode root = byId.get(id);
            if (root != null) {
                out.add(root);
            }
        }
        return out;
    }

    /** Number of nodes. */
    public int size() {
        return nodes.size();
    }

    /** The typed view of every node, in the order of {@link #nodes()}. */
    public List<Operator> operators() {
        return operators;
    }

    /** The operators of one type, e.g. {@code operators(Operator.Rank.class)}. */
    public <T extends Operator> List<T> operators(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Operator operator : operators) {
            if (type.isInstance(operator)) {
                out.add(type.cast(operator));
            }
        }
        return out;
    }

    /**
     * The plan around {@code node}, drawn as Flink prints it with each node's id ({@code
     * Rank[5](strategy=[...], ...)}), {@code node}'s line marked by {@code "==>"} and at most {@code
     * contextLines} lines on each side; used in findings to show where in the plan the problem is.
     */
    public String excerpt(PlanNode node, int contextLines) {
        return drawing.excerpt(node, contextLines);
    }

    /** The whole plan drawn as {@link #excerpt} draws a part of it. */
    public String text() {
        return drawing.text();
    }

    @Override
    public String toString() {
        return (compiled ? "compiled" : "explained") + " plan of " + nodes.size() + " nodes:\n" + text();
    }
}
