package io.github.sqlguard.rules.plan;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OrderKey;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.WrittenExpressions;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the statement names what an operator of its plan reads, so that a fix names only the
 * statement's own tables, aliases and columns: the tables below the operator ({@link
 * ExplainedPlan#tablesRead}), the name a {@code STATE_TTL} hint must use for each (its alias in the
 * statement, else its name: Flink 2.3 refuses a hint that names an aliased table by its name, "The
 * options of following hints cannot match the name of input tables or views"), and the event-time
 * column an operator could be windowed by.
 *
 * @param plan the statement's plan
 * @param context the statement's analysis context
 * @param joins the joins the statement's text writes ({@link #fromItem}), parsed on first use
 * @param expressions the expressions the statement's text writes ({@link #keyName}), parsed on first use
 */
record StatementNames(
        ExplainedPlan plan, AnalysisContext context, java.util.concurrent.atomic.AtomicReference<List<FromItem[]>> joins,
        java.util.concurrent.atomic.AtomicReference<WrittenExpressions> expressions) {

    StatementNames(ExplainedPlan plan, AnalysisContext context) {
        this(plan, context, new java.util.concurrent.atomic.AtomicReference<>(),
                new java.util.concurrent.atomic.AtomicReference<>());
    }

    /** The one named table {@code node} reads, when it reads exactly one. */
    Optional<ObjectIdentifier> singleTable(PlanNode node) {
        List<ObjectIdentifier> tables = plan.tablesRead(node);
        return tables.size() == 1 ? Optional.of(tables.get(0)) : Optional.empty();
    }

    /**
     * The table {@code node} reads straight, through stateless operators only (a Calc, an Exchange,
     * the watermark assigner, the local part of an aggregation): the table its own {@code SELECT}
     * names, which a hint on that {@code SELECT} or a window over it can name. Empty when another
     * stateful operator (a subquery's aggregation, a join) or several inputs stand between.
     */
    Optional<ObjectIdentifier> directTable(PlanNode node) {
        return directScan(node).flatMap(PlanNode::table);
    }

    /**
     * The source node {@code node} reads straight, as {@link #directTable} reads it: the scan of that table, with the
     * options the plan gives it.
     */
    Optional<PlanNode> directScan(PlanNode node) {
        PlanNode at = node;
        for (int depth = 0; depth < 256; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.size() != 1) {
                return inputs.isEmpty() ? Optional.of(at) : Optional.empty();
            }
            at = inputs.get(0);
            if (StatefulOperators.isStateful(at)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The first stateful operator below {@code node}, through single-input stateless ones (a Calc, an
     * Exchange, the watermark assigner): what stands between {@code node} and the table it reads where
     * {@link #directTable} is empty. Empty where {@code node} reads a table straight, or several inputs.
     */
    Optional<PlanNode> statefulBelow(PlanNode node) {
        return singleInputChain(node).stream().filter(StatefulOperators::isStateful).findFirst();
    }

    /**
     * The nodes below {@code node}, nearest first, each the one input of the node above it: down to the first with no
     * input or several (itself included), at most 256.
     */
    private List<PlanNode> singleInputChain(PlanNode node) {
        List<PlanNode> chain = new ArrayList<>();
        PlanNode at = node;
        for (int depth = 0; depth < 256; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.size() != 1) {
                break;
            }
            at = inputs.get(0);
            chain.add(at);
        }
        return chain;
    }

    /**
     * The columns of the table {@code node} reads straight ({@link #directTable}), as its source scan
     * emits them; empty when it reads no single table straight.
     */
    Optional<List<String>> sourceColumns(PlanNode node) {
        PlanNode at = node;
        for (int depth = 0; depth < 256; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.isEmpty()) {
                return at.table().isPresent() && !at.outputType().columns().isEmpty()
                        ? Optional.of(at.outputType().columns().stream().map(Column::name).toList())
                        : Optional.empty();
            }
            if (inputs.size() != 1 || (at != node && StatefulOperators.isStateful(at))) {
                return Optional.empty();
            }
            at = inputs.get(0);
        }
        return Optional.empty();
    }

    /**
     * The {@code TIMESTAMP} and {@code TIMESTAMP_LTZ} columns without a time attribute of the table {@code node}
     * reads straight ({@link #sourceColumns}), as its source scan emits them. Empty when it reads no single
     * table straight.
     */
    List<Column> plainTimestampsRead(PlanNode node) {
        if (sourceColumns(node).isEmpty()) {
            return List.of();
        }
        PlanNode at = node;
        for (int depth = 0; depth < 256 && !plan.inputs(at).isEmpty(); depth++) {
            at = plan.inputs(at).get(0);
        }
        return at.outputType().columns().stream()
                .filter(c -> !c.timeAttribute().isTimeAttribute() && c.type().startsWith("TIMESTAMP"))
                .toList();
    }

    /**
     * The first {@code PROCTIME()} column of the table {@code node} reads straight ({@link #sourceColumns}), as the
     * compiled plan persists the table's schema ({@link PlanNode#tableProctimes}): a processing-time attribute a
     * window TVF can take, though the query does not read it. Empty when it reads no single table straight, the table
     * has none, or the plan is an explained one.
     */
    Optional<String> proctimeRead(PlanNode node) {
        if (sourceColumns(node).isEmpty()) {
            return Optional.empty();
        }
        PlanNode at = node;
        for (int depth = 0; depth < 256 && !plan.inputs(at).isEmpty(); depth++) {
            at = plan.inputs(at).get(0);
        }
        return at.tableProctimes().stream().findFirst();
    }

    private static final java.util.regex.Pattern WATERMARK_TYPE = java.util.regex.Pattern.compile("TIMESTAMP(_LTZ)?\\([0-3]\\)");

    /**
     * True when a {@code WATERMARK} can be declared on {@code column}: Flink's {@code DefaultSchemaResolver}
     * takes a time field "of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3".
     */
    static boolean watermarkable(Column column) {
        return WATERMARK_TYPE.matcher(column.type()).lookingAt();
    }

    /**
     * The name the statement reads the table of {@code node} by ({@link #directTable}): the table's own
     * name where the statement names it; where the statement reads it through a view (its one reference
     * names no table of the plan: {@code FROM big_orders}, a view over {@code orders} that filters it),
     * the view's, so that a fix over it keeps what the view does. Empty when the statement reads no
     * single table straight, or several names of which none is the table.
     */
    Optional<String> readName(PlanNode node) {
        Optional<ObjectIdentifier> table = directTable(node);
        if (table.isEmpty()) {
            return Optional.empty();
        }
        // A FROM item naming a WITH item of the statement reads that item's query, not a table or view.
        List<String> withItems = context.statement().facts().withItemNames();
        List<TableReference> references = context.statement().facts().tableReferences().stream()
                .filter(r -> r.names().size() > 1 || !withItems.contains(r.name()))
                .toList();
        if (references.stream().anyMatch(r -> r.name().equals(table.get().getObjectName()))) {
            return Optional.of(projectingWithItem(table.get().getObjectName(), references, node)
                    .orElse(table.get().getObjectName()));
        }
        List<TableReference> views = references.stream()
                .filter(r -> plan.nodes().stream().noneMatch(n -> n.table().map(t -> t.getObjectName().equals(r.name())).orElse(false)))
                .toList();
        return references.size() == 1 && views.size() == 1 ? Optional.of(views.get(0).name()) : Optional.empty();
    }

    /**
     * The column {@code name} of the relation the statement reads above {@code node} (its key, its order), as a window
     * over the table {@code node} reads straight names it ({@code TABLE(TUMBLE(TABLE events, ...))}, where {@link
     * #readName} is that table): {@code name} itself where it is a column of the table (or a path into one of its ROW
     * columns, {@code bid.auction}); where the statement renames a column of the table to it on the way up ({@code
     * bid.auction AS a} in its {@code SELECT}, a subquery's or a {@code WITH} item's that selects no time column, so the
     * window reads the table), what it renames, which resolves over the table where {@code a} does not; where the
     * statement names an expression so ({@code DATE_FORMAT(viewed_at, 'HH') AS hour_of_day}), that expression as it
     * writes it ({@link #computedOverTable}). Where the window reads a view or a {@code WITH} item, or the text renames
     * several things to {@code name}, {@code name} as it is.
     */
    String overTable(String name, PlanNode node) {
        Optional<List<String>> columns = sourceColumns(node);
        Optional<String> table = directTable(node).map(ObjectIdentifier::getObjectName);
        if (columns.isEmpty() || table.isEmpty() || !readName(node).equals(table) || !PLAIN.matcher(name).matches()
                || columns.get().contains(name)) {
            return name;
        }
        java.util.Set<List<String>> renamed = renamedTo(name, statementNodes());
        if (renamed.size() == 1 && columns.get().contains(renamed.iterator().next().get(0))) {
            return String.join(".", renamed.iterator().next().stream().map(SqlIdentifiers::sql).toList());
        }
        return computedOverTable(name, node).orElse(name);
    }

    /**
     * The expression the statement names {@code name}, as it writes it, where a {@code Calc} between {@code node} and
     * the table it reads straight computes {@code name} ({@code Calc(select=[DATE_FORMAT(viewed_at, 'HH') AS
     * hour_of_day])}, Flink's explained plan of {@code DATE_FORMAT(viewed_at, 'HH') AS hour_of_day}): over the table the
     * name is no column, the expression is. Empty where no {@code Calc} computes it, or the statement writes no
     * expression of that form, or several ({@link WrittenExpressions#written}).
     */
    private Optional<String> computedOverTable(String name, PlanNode node) {
        for (PlanNode at : singleInputChain(node)) {
            if (at.name().equals("Calc")) {
                for (String item : selectItems(at.description())) {
                    for (String as : List.of(" AS " + name, " AS `" + name + "`")) {
                        if (item.endsWith(as) && !PLAIN.matcher(item.substring(0, item.length() - as.length())).matches()) {
                            return writtenExpressions().written(item.substring(0, item.length() - as.length()));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The columns the {@code SELECT}s of {@code statement} (the statement's tree, {@link #statementNodes}) rename to
     * {@code name} ({@code bid.auction AS a}), each by its names ({@code [bid, auction]}): an expression renamed so, a
     * comment's or a string's words, or a table's alias are none.
     */
    static java.util.Set<List<String>> renamedTo(String name, List<org.apache.calcite.sql.SqlNode> statement) {
        java.util.Set<List<String>> out = new java.util.LinkedHashSet<>();
        java.util.Deque<org.apache.calcite.sql.SqlNode> todo = new java.util.ArrayDeque<>(statement);
        for (int seen = 0; !todo.isEmpty() && seen < MAX_TREE_NODES; seen++) {
            org.apache.calcite.sql.SqlNode node = todo.pop();
            if (node instanceof org.apache.calcite.sql.SqlSelect select && select.getSelectList() != null) {
                for (org.apache.calcite.sql.SqlNode item : select.getSelectList()) {
                    if (item.getKind() == org.apache.calcite.sql.SqlKind.AS
                            && item instanceof org.apache.calcite.sql.SqlCall as
                            && as.operand(0) instanceof org.apache.calcite.sql.SqlIdentifier column && !column.isStar()
                            && as.operand(1) instanceof org.apache.calcite.sql.SqlIdentifier alias
                            && alias.getSimple().equals(name)) {
                        out.add(List.copyOf(column.names));
                    }
                }
            }
            io.github.sqlguard.statement.SqlChildren.of(node).forEach(todo::push);
        }
        return out;
    }

    private WrittenExpressions writtenExpressions() {
        WrittenExpressions written = expressions.get();
        if (written == null) {
            written = WrittenExpressions.of(context.statement().text());
            expressions.set(written);
        }
        return written;
    }

    /**
     * The {@code WITH} item the statement reads {@code table} through, where it names that table once, in the query of
     * one item that only projects or filters it ({@link WithItems.WithItem#projects}), and the statement reads that item
     * by its name ({@code WITH b AS (SELECT bid.auction AS a, ... FROM events WHERE event_type = 2) ... FROM b}): a fix
     * over the item keeps its filter and reads its columns by their names there ({@code a}), as a fix over a view does.
     * Only where the item selects every time attribute the plan has below {@code node} (a window over the item needs
     * its time column: {@code DESCRIPTOR(date_time)}).
     */
    private Optional<String> projectingWithItem(String table, List<TableReference> references, PlanNode node) {
        if (references.stream().filter(r -> r.name().equals(table)).count() != 1
                || context.statement().facts().withItemNames().isEmpty()) {
            return Optional.empty();
        }
        List<io.github.sqlguard.statement.WithItems.WithItem> items =
                io.github.sqlguard.statement.WithItems.of(context.statement().text()).stream()
                        .filter(i -> i.projects().equals(Optional.of(table))).toList();
        if (items.size() != 1 || !plan.timeAttributesBelow(node).stream().allMatch(c -> java.util.regex.Pattern
                .compile("(?i)(?<![\\w$])`?" + java.util.regex.Pattern.quote(c.name()) + "`?(?![\\w$])")
                .matcher(items.get(0).query()).find() || items.get(0).query().contains("*"))) {
            return Optional.empty();
        }
        String name = items.get(0).name();
        return context.statement().facts().tableReferences().stream()
                .filter(r -> r.names().size() == 1 && r.name().equals(name) && r.function().isEmpty()).count() == 1
                ? Optional.of(name) : Optional.empty();
    }

    /**
     * The {@code WATERMARK} a fix proposes for {@code column}: {@code WATERMARK FOR c AS c - INTERVAL '5' SECOND},
     * the delay the rewrites write by default ({@code sql-guard.rewrite.watermark-delay}). One place for every fix
     * that tells a user to declare event time; a name Flink's parser reads only in back-ticks ({@code `timestamp`})
     * keeps them ({@link SqlIdentifiers}).
     */
    static String watermark(String column) {
        String name = SqlIdentifiers.sql(column);
        return "WATERMARK FOR " + name + " AS " + name + " - INTERVAL '5' SECOND";
    }

    /**
     * How to make {@code order}, the order of a Top-1 over {@code node}, an event-time attribute. Flink's
     * DDL declares a {@code WATERMARK} on a column ({@code WATERMARK FOR rowtime_column_name AS
     * watermark_strategy_expression}, Flink docs "CREATE Statements"); where the order is an expression of
     * the query ({@code COALESCE(update_time, create_time)}, a {@code CAST}), the table gets a computed
     * column of that expression ({@code event_time AS ...}) and the watermark on it, and the query orders
     * by that column.
     */
    String eventTimeFor(OrderKey order, PlanNode node) {
        Optional<ObjectIdentifier> table = directTable(node);
        String in = table.map(t -> " in " + t.getObjectName()).orElse("");
        String column = order.column();
        Optional<List<String>> columns = sourceColumns(node);
        if (columns.map(c -> c.contains(column)).orElse(true)) {
            return "declare " + SqlIdentifiers.sql(column) + " as event time" + in + " (" + watermark(column) + ")";
        }
        String name = columns.get().contains(COMPUTED_TIME) ? COMPUTED_TIME + "_1" : COMPUTED_TIME;
        String expression = order.type().equals("TIMESTAMP(3)") || order.type().equals("TIMESTAMP_LTZ(3)")
                ? column
                : "CAST(" + column + " AS TIMESTAMP(3))";
        return column + " is an expression, and a WATERMARK can only be declared on a column: add it to "
                + table.map(ObjectIdentifier::getObjectName).orElse("the table") + " as a computed column with its"
                + " watermark (" + name + " AS " + expression + ", " + watermark(name) + ") and order by " + name;
    }

    /**
     * Where {@code order}, the first order key of a Top-1 over {@code node}, is the epoch seconds or milliseconds from
     * which the table's event time is computed ({@code ts AS TO_TIMESTAMP_LTZ(epoch, 0)} or {@code , 3)}, {@code
     * WATERMARK FOR ts}): that expression, {@code TO_TIMESTAMP_LTZ(epoch, 0)}. Read from the operators between the
     * ranking and the table it reads straight ({@link #directScan}): the scan's pushed-down {@code watermark=[...]}
     * (Flink inlines the computed column into it: {@code watermark=[-(TO_TIMESTAMP_LTZ(epoch, 0), 5000:INTERVAL
     * SECOND)]}), else the Calc that computes the {@code WatermarkAssigner}'s {@code rowtime}. The order of the Top-1 is
     * then the order of the event time, at its precision; Flink plans a Deduplicate only when the ranking orders by the
     * time attribute itself ({@code RankUtil#canConvertToDeduplicate}). Empty otherwise.
     */
    Optional<String> eventTimeComputedFrom(OrderKey order, PlanNode node) {
        if (order.onTimestamp()) {
            return Optional.empty();
        }
        java.util.regex.Pattern epoch = java.util.regex.Pattern.compile(
                "TO_TIMESTAMP_LTZ\\(" + java.util.regex.Pattern.quote(order.column()) + ", [03]\\)");
        List<PlanNode> chain = new ArrayList<>();
        PlanNode at = node;
        for (int depth = 0; depth < 256; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.size() != 1) {
                break;
            }
            at = inputs.get(0);
            if (StatefulOperators.isStateful(at)) {
                return Optional.empty();
            }
            chain.add(at);
        }
        Optional<String> rowtime = Optional.empty();
        for (PlanNode step : chain) {
            String description = step.description();
            int watermark = description.indexOf("watermark=[");
            if (step.inputs().isEmpty() && watermark >= 0) {
                java.util.regex.Matcher m = epoch.matcher(description.substring(watermark));
                if (m.find()) {
                    return Optional.of(m.group());
                }
            }
            if (step.name().equals("WatermarkAssigner")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("rowtime=\\[([^\\]]+)]").matcher(description);
                rowtime = m.find() ? Optional.of(m.group(1)) : Optional.empty();
            } else if (step.name().equals("Calc") && rowtime.isPresent()) {
                for (String item : selectItems(description)) {
                    java.util.regex.Matcher m = epoch.matcher(item);
                    if ((item.endsWith(" AS " + rowtime.get()) || item.endsWith(" AS `" + rowtime.get() + "`"))
                            && m.find() && m.start() == 0) {
                        return Optional.of(m.group());
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The group aggregation {@code node} reads through stateless operators only (a Calc, an Exchange),
     * if that is what stands below it: a ranking over a view or subquery that aggregates.
     */
    Optional<Operator.GroupAggregate> aggregationBelow(PlanNode node) {
        return statefulBelow(node).flatMap(found ->
                plan.operators(Operator.GroupAggregate.class).stream().filter(a -> a.node() == found).findFirst());
    }

    /**
     * The window aggregation {@code node} reads through stateless operators only (a Calc, an Exchange), if
     * that is what stands below it: a ranking over a window aggregation's rows ({@link
     * io.github.sqlguard.plan.WindowRowsRead#aggregation}, a legacy group window included). A column such an aggregation
     * groups by comes out as a plain value: only {@code window_time}, grouped by, stays a time attribute (Flink
     * docs, "Window Aggregation", "Cascading Window Aggregation": window_start and window_end "are regular
     * timestamp columns, not time attributes"), and of a legacy group window its {@code TUMBLE_ROWTIME}.
     */
    Optional<PlanNode> windowAggregationBelow(PlanNode node) {
        return io.github.sqlguard.plan.WindowRowsRead.aggregation(plan, node);
    }

    /**
     * Why {@code order}, the order of a Top-1 over {@code node}, cannot be made a time attribute, when an
     * aggregation stands between the ranking and every table: its output is an updating result whose
     * columns are no time attributes (a group aggregation materializes them; Flink docs, "Time Attributes":
     * a time attribute is lost by any operation that does not keep it, and a {@code WATERMARK} is declared
     * only on a table's column). Where the aggregation's key is the ranking's partition, each partition holds
     * the one row the aggregation keeps for it, and the ranking keeps that row: it can go. A window
     * aggregation below ({@link #windowAggregationBelow}) keeps a time attribute only in its window's time
     * column, so a column it groups by, a time attribute of the table, is not one above it. Empty where no
     * aggregation stands below.
     */
    Optional<String> orderComputedByAggregation(OrderKey order, Operator.Rank rank) {
        Optional<PlanNode> window = windowAggregationBelow(rank.node());
        if (window.isPresent()) {
            return Optional.of("the order column " + order.column() + " is a column of the window aggregation below this"
                    + " ranking (" + window.get().label() + "), not of a table: a window aggregation's result keeps a"
                    + " time attribute only in its window's time column (window_time, or a legacy group window's"
                    + " TUMBLE_ROWTIME), and no WATERMARK can be declared on its columns, so Flink plans no Deduplicate"
                    + " here");
        }
        return aggregationBelow(rank.node()).map(aggregate -> "the order column " + order.column()
                + " is a column of the aggregation below this ranking (" + aggregate.node().label() + ", grouped by "
                + (aggregate.groupBy().isEmpty() ? "no key" : String.join(", ", aggregate.groupBy())) + ", over "
                + tables(aggregate.node()) + "), not of a table: no WATERMARK can be declared on it, and an aggregation's"
                + " updating result carries no time attribute, so Flink plans no Deduplicate here");
    }

    /**
     * The fix of a Top-1 whose partition is the key of the aggregation right below it: each partition
     * holds the one row the aggregation keeps for its key, so the ranking keeps that row and adds only its
     * own state. Empty otherwise.
     */
    Optional<String> redundantRanking(Operator.Rank rank) {
        Optional<Operator.GroupAggregate> aggregation = aggregationBelow(rank.node());
        if (!rank.keepsFirstRowOnly() || aggregation.isEmpty() || aggregation.get().groupBy().isEmpty()
                || !java.util.Set.copyOf(aggregation.get().groupBy()).equals(java.util.Set.copyOf(rank.partitionKeys()))) {
            return Optional.empty();
        }
        String keys = String.join(", ", aggregation.get().groupBy());
        return Optional.of("drop the ROW_NUMBER and its filter: the aggregation below (" + aggregation.get().node().label()
                + ") already keeps one row per " + keys + ", the partition this Top-1 ranks, so the ranking keeps that"
                + " row and adds only its own state");
    }

    /**
     * The statement's tree as Flink's SQL parser read it once ({@link io.github.sqlguard.statement.ParsedTree}), as a
     * list of its one node; empty where the parser could not read the text.
     */
    private List<org.apache.calcite.sql.SqlNode> statementNodes() {
        return context.statement().tree().map(t -> List.of(t.node())).orElse(List.of());
    }

    /**
     * True when the statement's own text groups ({@code GROUP BY} in one of its {@code SELECT}s): an
     * aggregation of its plan that is not the statement's is in a view it reads. False when Flink's
     * parser cannot read it.
     */
    boolean statementGroups() {
        try {
            for (org.apache.calcite.sql.SqlNode node : statementNodes()) {
                if (groups(node)) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
    }

    private static boolean groups(org.apache.calcite.sql.SqlNode node) {
        if (node instanceof org.apache.calcite.sql.SqlSelect select && select.getGroup() != null) {
            return true;
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call) {
            for (org.apache.calcite.sql.SqlNode operand : call.getOperandList()) {
                if (operand != null && groups(operand)) {
                    return true;
                }
            }
        } else if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
            for (org.apache.calcite.sql.SqlNode item : list) {
                if (item != null && groups(item)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The view the statement reads that holds {@code node}, an aggregation: the statement reads a view
     * ({@link #readName} names one that is no table of the plan) and does not group itself, so the
     * aggregation is the view's. Empty otherwise.
     */
    Optional<String> viewHolding(PlanNode node) {
        Optional<String> read = readName(node);
        Optional<ObjectIdentifier> table = directTable(node);
        if (read.isEmpty() || table.isEmpty() || read.get().equals(table.get().getObjectName()) || statementGroups()) {
            return Optional.empty();
        }
        return read;
    }

    /**
     * The view the statement reads that holds {@code rank}, a ranking: the statement reads a view ({@link #readName}
     * names one that is no table of the plan) and writes no ranking itself (no rank function, no {@code LATERAL (...
     * LIMIT n)}), so the ranking is the view's, or that of a view it reads: that view by its name, where the views
     * the statement reads write one ranking ({@code ranked} under {@code top_orders}), else the view the statement
     * reads. Empty otherwise.
     */
    Optional<String> viewRanking(PlanNode rank) {
        Optional<String> read = readName(rank);
        Optional<ObjectIdentifier> table = directTable(rank);
        if (read.isEmpty() || table.isEmpty() || read.get().equals(table.get().getObjectName())
                || !context.statement().facts().rankFunctions().isEmpty()
                || !context.statement().facts().lateralLimits().isEmpty()) {
            return Optional.empty();
        }
        // The view whose query writes the ranking, where the views the statement reads write one (ExplainedPlan#viewRankings).
        List<String> ranking = plan.viewRankings().stream().map(io.github.sqlguard.plan.ViewRanking::view).distinct().toList();
        return Optional.of(ranking.size() == 1 ? ranking.get(0) : read.get());
    }

    /**
     * What a window over the relation the statement reads above {@code node} ({@link #readName}) needs of it, where
     * that is a view: the view must select {@code time}, the time attribute of the table it reads, for a window table
     * function to read it ({@code DESCRIPTOR(paid_at)} over a view that selects {@code account, amount} does not
     * resolve); a window over the table instead would drop what the view does (its {@code WHERE}). Said as a change
     * where the view's columns lack {@code time} ({@link ExplainedPlan#viewColumns}), as a condition where the plan
     * does not say them; empty where the view selects it, and where the window reads the table itself or a {@code
     * WITH} item (which {@link #readName} names only where it selects the time column).
     */
    String viewSelecting(PlanNode node, Column time) {
        Optional<String> read = readName(node);
        Optional<ObjectIdentifier> table = directTable(node);
        if (read.isEmpty() || table.isEmpty() || read.get().equals(table.get().getObjectName())
                || context.statement().facts().withItemNames().contains(read.get())) {
            return "";
        }
        String column = SqlIdentifiers.sql(time.name());
        Optional<List<String>> columns = plan.viewColumns(read.get());
        if (columns.isPresent()) {
            return columns.get().contains(time.name()) ? ""
                    : " (with " + column + " added to the SELECT of the view " + read.get() + ", which selects no time"
                            + " column: the window reads the time attribute of " + table.get().getObjectName() + " through it)";
        }
        return " (where the view " + read.get() + " selects " + column + ", the time attribute of "
                + table.get().getObjectName() + " it reads: add it to the view's SELECT where it does not)";
    }

    /**
     * The subquery or {@code WITH} item that reads and filters the table a window over {@code node} would read ({@link
     * io.github.sqlguard.statement.FilteringQuery}), where the window reads the table itself ({@link #readName} is the
     * table): a window over the table drops that query's {@code WHERE}, so the window goes into its {@code FROM}.
     */
    Optional<io.github.sqlguard.statement.FilteringQuery> filteringQuery(PlanNode node) {
        Optional<ObjectIdentifier> table = directTable(node);
        if (table.isEmpty() || !readName(node).equals(Optional.of(table.get().getObjectName()))) {
            return Optional.empty();
        }
        return io.github.sqlguard.statement.FilteringQuery.of(context.statement().text(), table.get().getObjectName());
    }

    /**
     * A window fix's first words where the window goes into {@code query} ({@link #filteringQuery}): the window table
     * function {@code window} read in its {@code FROM} in place of {@code table}, its {@code WHERE} kept, the window
     * columns selected up to {@code what} (the ranking, the aggregation), as the window rewrites write it.
     */
    String windowedWhereRead(io.github.sqlguard.statement.FilteringQuery query, PlanNode node, String window, String what) {
        String table = directTable(node).map(ObjectIdentifier::getObjectName).orElse("the table");
        String where = query.name().isEmpty() ? "the subquery"
                : (context.statement().facts().withItemNames().contains(query.name()) ? "the WITH item " : "the subquery ")
                        + query.name();
        return "window the rows where " + where + " reads " + table + ", its WHERE kept (a window over " + table
                + " itself would drop it): " + window + " in place of " + table + " there, with window_start, window_end"
                + " selected beside its columns and in each query up to the " + what + ", then ";
    }

    /**
     * An input of a join as the statement's {@code FROM} writes it: {@code people T2}, {@code (SELECT ...) T1},
     * {@code orders}.
     *
     * @param name how the statement names it (its alias, else the table's name); empty for an input it does not
     *     name (a subquery without an alias, a join nested in the {@code FROM})
     * @param subquery true for a subquery (or a nested join), false for a table
     * @param tables the tables it reads, by name ({@code WITH} queries read through)
     */
    record FromItem(Optional<String> name, boolean subquery, java.util.Set<String> tables) {}

    /**
     * The input of the statement's {@code FROM} that side {@code side} (0 left, 1 right) of the plan's join {@code
     * join} is: the one join of the statement's text whose two inputs read exactly the tables the plan's two sides
     * read, in that order (Flink plans a join's inputs in the order the {@code FROM} gives them; it reorders joins
     * only with {@code table.optimizer.join-reorder-enabled}, off by default). Empty where no such join, or more than
     * one, is written (a join Flink built from an {@code IN} or {@code EXISTS} subquery, a view's join).
     */
    Optional<FromItem> fromItem(PlanNode join, int side) {
        List<PlanNode> inputs = plan.inputs(join);
        if (inputs.size() != 2) {
            return Optional.empty();
        }
        java.util.Set<String> left = new java.util.HashSet<>(plan.tablesRead(inputs.get(0)).stream().map(ObjectIdentifier::getObjectName).toList());
        java.util.Set<String> right = new java.util.HashSet<>(plan.tablesRead(inputs.get(1)).stream().map(ObjectIdentifier::getObjectName).toList());
        java.util.Set<String> scanned = new java.util.HashSet<>();
        plan.nodes().forEach(n -> n.table().ifPresent(t -> scanned.add(t.getObjectName())));
        List<FromItem[]> matches = new ArrayList<>();
        for (FromItem[] pair : fromJoins()) {
            if (reads(pair[0], left, scanned) && reads(pair[1], right, scanned)) {
                matches.add(pair);
            }
        }
        if (matches.size() != 1 || claimedAbove(join, matches.get(0), scanned)) {
            return Optional.empty();
        }
        return Optional.of(matches.get(0)[side]);
    }

    /**
     * True when a join of the plan above {@code join} (one that reads {@code join}'s rows) reads the same two inputs
     * {@code pair} names: the statement's own join, where {@code join} lies below it in a view both its inputs read
     * through. A pair of views over one table ({@code FROM t4, t5}, views over {@code MyTable}, {@code t5} itself a
     * join of two views over it: Flink's {@code DagOptimizationTest#testSingleSink2}) matches every join over that
     * table; the view's join is no join of the statement's {@code FROM}, and naming its sides {@code t4} and {@code
     * t5} gave it the statement's condition and a {@code STATE_TTL('t4', 't5')} hint that does not reach it (case 512).
     */
    private boolean claimedAbove(PlanNode join, FromItem[] pair, java.util.Set<String> scanned) {
        for (PlanNode other : plan.nodes()) {
            if (other.id() == join.id() || !other.name().equals("Join") || !below(join, other, 0)) {
                continue;
            }
            List<PlanNode> inputs = plan.inputs(other);
            if (inputs.size() != 2) {
                continue;
            }
            java.util.Set<String> left = new java.util.HashSet<>(plan.tablesRead(inputs.get(0)).stream().map(ObjectIdentifier::getObjectName).toList());
            java.util.Set<String> right = new java.util.HashSet<>(plan.tablesRead(inputs.get(1)).stream().map(ObjectIdentifier::getObjectName).toList());
            if (reads(pair[0], left, scanned) && reads(pair[1], right, scanned)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code node} is among the inputs of {@code ancestor}, at any depth. */
    boolean below(PlanNode node, PlanNode ancestor, int depth) {
        for (PlanNode input : plan.inputs(ancestor)) {
            if (input.id() == node.id() || (depth < 256 && below(node, input, depth + 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code item} reads the tables {@code planned} (one side of a join in the plan): the same tables,
     * where it names only tables the plan scans ({@code scanned}); where it also names others (views, which the
     * plan reads through to their tables), the tables it names are among {@code planned} and the views add some.
     */
    private static boolean reads(FromItem item, java.util.Set<String> planned, java.util.Set<String> scanned) {
        java.util.Set<String> tables = new java.util.HashSet<>(item.tables());
        tables.retainAll(scanned);
        return tables.size() == item.tables().size() ? tables.equals(planned)
                : planned.containsAll(tables) && planned.size() > tables.size();
    }

    /**
     * True when side {@code side} of the plan's join {@code join} is, as the statement's {@code FROM} writes it, a
     * table the plan scans (not a subquery, a view or a {@code WITH} query), or when no {@code FROM} item of the
     * statement is known for it ({@link #fromItem}).
     */
    boolean tableSide(PlanNode join, int side) {
        Optional<FromItem> item = fromItem(join, side);
        if (item.isEmpty()) {
            return true;
        }
        return !item.get().subquery() && plan.nodes().stream()
                .anyMatch(n -> n.table().map(t -> item.get().tables().contains(t.getObjectName())).orElse(false));
    }

    /** Every join the statement's text writes in a {@code FROM}, as its two inputs: parsed once per statement. */
    private List<FromItem[]> fromJoins() {
        List<FromItem[]> known = joins.get();
        if (known == null) {
            known = parseJoins();
            joins.set(known);
        }
        return known;
    }

    private List<FromItem[]> parseJoins() {
        List<FromItem[]> joins = new ArrayList<>();
        try {
            for (org.apache.calcite.sql.SqlNode statement : statementNodes()) {
                java.util.Map<String, org.apache.calcite.sql.SqlNode> with = new java.util.HashMap<>();
                collectWith(statement, with);
                collectJoins(statement, with, joins);
            }
        } catch (RuntimeException | StackOverflowError e) {
            return List.of();
        }
        return joins;
    }

    private static void collectWith(org.apache.calcite.sql.SqlNode node, java.util.Map<String, org.apache.calcite.sql.SqlNode> with) {
        if (node instanceof org.apache.calcite.sql.SqlWithItem item) {
            with.put(item.name.getSimple(), item.query);
        }
        for (org.apache.calcite.sql.SqlNode child : children(node)) {
            collectWith(child, with);
        }
    }

    private static void collectJoins(
            org.apache.calcite.sql.SqlNode node, java.util.Map<String, org.apache.calcite.sql.SqlNode> with, List<FromItem[]> joins) {
        if (node instanceof org.apache.calcite.sql.SqlJoin join) {
            joins.add(new FromItem[] {item(join.getLeft(), with), item(join.getRight(), with)});
        }
        for (org.apache.calcite.sql.SqlNode child : children(node)) {
            collectJoins(child, with, joins);
        }
    }

    private static FromItem item(org.apache.calcite.sql.SqlNode from, java.util.Map<String, org.apache.calcite.sql.SqlNode> with) {
        java.util.Set<String> tables = new java.util.HashSet<>();
        fromTables(from, with, tables, 0);
        org.apache.calcite.sql.SqlNode inner = org.apache.calcite.sql.SqlUtil.stripAs(from);
        if (inner instanceof org.apache.calcite.sql.SqlSnapshot snapshot) {
            inner = snapshot.getTableRef();
        }
        if (inner.getKind() == org.apache.calcite.sql.SqlKind.TABLE_REF) {
            inner = ((org.apache.calcite.sql.SqlCall) inner).operand(0);
        }
        boolean table = inner instanceof org.apache.calcite.sql.SqlIdentifier id && !with.containsKey(last(id));
        return new FromItem(io.github.sqlguard.statement.HintInputName.of(from), !table, tables);
    }

    private static String last(org.apache.calcite.sql.SqlIdentifier id) {
        return id.names.get(id.names.size() - 1);
    }

    /** The tables {@code node} reads in a {@code FROM}, its own or of a query inside it. */
    private static void fromTables(org.apache.calcite.sql.SqlNode node, java.util.Map<String, org.apache.calcite.sql.SqlNode> with,
            java.util.Set<String> tables, int depth) {
        if (node == null || depth > 64) {
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlIdentifier id) {
            String name = last(id);
            if (with.containsKey(name)) {
                fromTables(with.get(name), with, tables, depth + 1);
            } else {
                tables.add(name);
            }
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlSelect select) {
            fromTables(select.getFrom(), with, tables, depth + 1);
            // IN and EXISTS subqueries of its WHERE, which Flink plans as joins below this input
            subqueryTables(select.getWhere(), with, tables, depth + 1);
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlWithItem) {
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlJoin join) {
            fromTables(join.getLeft(), with, tables, depth + 1);
            fromTables(join.getRight(), with, tables, depth + 1);
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.AS) {
            fromTables(call.operand(0), with, tables, depth + 1);
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlSnapshot snapshot) {
            // t FOR SYSTEM_TIME AS OF o.order_time: the table; its period is a column of the other side
            fromTables(snapshot.getTableRef(), with, tables, depth + 1);
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.TABLE_REF) {
            fromTables(call.operand(0), with, tables, depth + 1); // t /*+ OPTIONS(...) */: t, not the hint's words
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.UNNEST) {
            return; // UNNEST(o.tags): a column of the other side, no table
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call && call.getKind() == org.apache.calcite.sql.SqlKind.COLLECTION_TABLE
                && call.operand(0) instanceof org.apache.calcite.sql.SqlCall function) {
            // TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), ...)), LATERAL TABLE(split(o.tags)): the tables among the function's
            // arguments (TABLE t, a query); a DESCRIPTOR's column or a column passed as a value is none
            for (org.apache.calcite.sql.SqlNode argument : children(function)) {
                org.apache.calcite.sql.SqlNode value = argument.getKind() == org.apache.calcite.sql.SqlKind.ARGUMENT_ASSIGNMENT
                        ? ((org.apache.calcite.sql.SqlCall) argument).operand(0) : argument;
                if (value.getKind().name().equals("SET_SEMANTICS_TABLE")) {
                    value = ((org.apache.calcite.sql.SqlCall) value).operand(0); // TABLE t PARTITION BY k: t
                }
                if (value.getKind() == org.apache.calcite.sql.SqlKind.EXPLICIT_TABLE
                        || value.getKind().belongsTo(org.apache.calcite.sql.SqlKind.QUERY)) {
                    fromTables(value, with, tables, depth + 1);
                }
            }
            return;
        }
        for (org.apache.calcite.sql.SqlNode child : children(node)) {
            fromTables(child, with, tables, depth + 1);
        }
    }

    private static void subqueryTables(org.apache.calcite.sql.SqlNode node, java.util.Map<String, org.apache.calcite.sql.SqlNode> with,
            java.util.Set<String> tables, int depth) {
        if (node == null || depth > 64) {
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlSelect || node instanceof org.apache.calcite.sql.SqlOrderBy) {
            fromTables(node, with, tables, depth + 1);
            return;
        }
        for (org.apache.calcite.sql.SqlNode child : children(node)) {
            subqueryTables(child, with, tables, depth + 1);
        }
    }

    private static List<org.apache.calcite.sql.SqlNode> children(org.apache.calcite.sql.SqlNode node) {
        List<org.apache.calcite.sql.SqlNode> children = new ArrayList<>();
        if (node instanceof org.apache.calcite.sql.SqlCall call) {
            for (org.apache.calcite.sql.SqlNode operand : call.getOperandList()) {
                if (operand != null) {
                    children.add(operand);
                }
            }
        } else if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
            for (org.apache.calcite.sql.SqlNode item : list) {
                if (item != null) {
                    children.add(item);
                }
            }
        }
        return children;
    }

    /**
     * True when Flink's plan scans {@code table} more often than the statement names it (itself, or through a view that
     * projects or filters it: {@link ExplainedPlan#viewFilters}): it decorrelated a subquery
     * and reads the outer table again for the values the subquery is correlated with. An operator over such a scan
     * may be Flink's own (the distinct correlation values), which no {@code SELECT} of the statement carries.
     */
    boolean rescanned(ObjectIdentifier table) {
        // Flink reuses one scan for both reads (table.optimizer.reuse-source-enabled, on by default): the reads are
        // the paths from the plan's roots down to the scans of the table, not the scans.
        java.util.Map<Integer, Long> paths = new java.util.HashMap<>();
        long scans = plan.nodes().stream().filter(n -> plan.inputs(n).isEmpty() && n.table().map(table::equals).orElse(false))
                .mapToLong(n -> paths(n, paths, 0)).sum();
        long named = context.statement().facts().tableReferences().stream().filter(r -> r.name().equals(table.getObjectName())).count()
                // a view the statement reads that projects or filters the table reads it once
                + plan.viewFilters().stream().filter(f -> f.table().equals(table)).count();
        return scans > named;
    }

    /** How many paths lead from the plan's roots down to {@code node}: how often the query reads what it emits. */
    private long paths(PlanNode node, java.util.Map<Integer, Long> memo, int depth) {
        Long known = memo.get(node.id());
        if (known != null) {
            return known;
        }
        long count = 0;
        for (PlanNode parent : plan.nodes()) {
            if (depth < 256 && plan.inputs(parent).stream().anyMatch(i -> i.id() == node.id())) {
                count += paths(parent, memo, depth + 1);
            }
        }
        count = Math.max(count, 1);
        memo.put(node.id(), count);
        return count;
    }

    /**
     * True for the aggregation Flink adds when it decorrelates a subquery: no calls (the distinct values of the
     * outer table's correlated columns) over a table its plan reads more often than the statement names it.
     */
    boolean correlationAggregate(Operator.GroupAggregate aggregate) {
        return aggregate.calls().map(List::isEmpty).orElse(false)
                && directTable(aggregate.node()).map(this::rescanned).orElse(false);
    }

    /** The name {@link #eventTimeFor} gives the computed column it proposes. */
    static final String COMPUTED_TIME = "event_time";

    /** The tables {@code node} reads by name, joined: {@code orders, payments}; {@code its input} when none is named. */
    String tables(PlanNode node) {
        List<ObjectIdentifier> tables = plan.tablesRead(node);
        return tables.isEmpty() ? "its input" : String.join(", ", tables.stream().map(ObjectIdentifier::getObjectName).toList());
    }

    /**
     * How a message names side {@code side} (0 left, 1 right) of the join {@code join}: the tables that
     * side reads where the statement names them ({@code orders}); where it reads them through views the
     * statement names instead (both sides of a join of {@code person} and {@code auction}, views over one
     * table {@code datagen}, or one side: {@code orders} joined with {@code currency_rates}, a view over
     * {@code rates}), the view the statement joins, {@code the view auction over datagen}: the
     * statement's only join, over its two references in order (Flink plans a join's inputs in the
     * order the {@code FROM} clause gives them; it reorders joins only with {@code
     * table.optimizer.join-reorder-enabled}, off by default).
     */
    String joinSide(PlanNode join, int side) {
        List<PlanNode> inputs = plan.inputs(join);
        PlanNode input = inputs.get(side);
        List<ObjectIdentifier> tables = plan.tablesRead(input);
        List<TableReference> references = context.statement().facts().tableReferences();
        if (correlatedSubquerySide(join, side)) {
            List<ObjectIdentifier> other = plan.tablesRead(inputs.get(1 - side));
            List<String> own = tables.stream().filter(t -> !other.contains(t)).map(ObjectIdentifier::getObjectName).toList();
            List<String> outer = tables.stream().filter(other::contains).map(ObjectIdentifier::getObjectName).toList();
            return "the subquery's side" + (own.isEmpty() ? "" : " over " + prose(own)) + ", with the values of "
                    + prose(outer) + " it is correlated with";
        }
        Optional<Operator.GroupAggregate> correlation = plan.operators(Operator.GroupAggregate.class).stream()
                .filter(a -> a.node() == input || statefulBelow(input).map(b -> b == a.node()).orElse(false))
                .filter(this::correlationAggregate)
                .findFirst();
        if (correlation.isPresent()) {
            return "the distinct " + String.join(", ", correlation.get().groupBy()) + " of " + tablesInProse(input)
                    + " the subquery is correlated with, which Flink adds when it decorrelates the subquery";
        }
        Optional<FromItem> item = fromItem(join, side);
        if (item.isPresent() && item.get().subquery() && item.get().name().isPresent()) {
            // (SELECT ... ) AS T1: the statement reads this side by its alias
            return "the subquery " + item.get().name().get() + " over " + tablesInProse(input);
        }
        boolean named = !tables.isEmpty() && tables.stream()
                .allMatch(t -> references.stream().anyMatch(r -> r.name().equals(t.getObjectName())));
        if (named && item.isPresent() && item.get().name().isPresent() && tables.size() == 1
                && !item.get().name().get().equals(tables.get(0).getObjectName())
                && plan.tablesRead(inputs.get(1 - side)).contains(tables.get(0))) {
            // one table on both sides (a self-join): its aliases tell them apart
            return tables(input) + " AS " + item.get().name().get();
        }
        if (named) {
            return tables(input);
        }
        List<TableReference> views = references.stream()
                .filter(r -> plan.nodes().stream().noneMatch(n -> n.table().map(t -> t.getObjectName().equals(r.name())).orElse(false)))
                .toList();
        long joins = plan.nodes().stream().filter(n -> n.name().equals("Join")).count();
        if (joins == 1 && inputs.size() == 2 && references.size() == 2 && views.contains(references.get(side))) {
            // The side the statement reads through a view (one side or both: a table joined with a view over
            // another table reads, on the view's side, the table under the view; issue 30 §3).
            return "the view " + references.get(side).name() + " over " + tablesInProse(input);
        }
        return tables(input);
    }

    /** The tables {@code node} reads, as {@link #prose} lists them; {@code its input} where it reads none. */
    private String tablesInProse(PlanNode node) {
        List<String> tables = plan.tablesRead(node).stream().map(ObjectIdentifier::getObjectName).toList();
        return tables.isEmpty() ? "its input" : prose(tables);
    }

    /**
     * {@code orders}, {@code orders and rates}, {@code orders, rates and users}: names inside a message's parenthesis
     * ({@code (left: the subquery x over orders and rates, right: shipments)}), where a comma alone would read as the
     * next item.
     */
    private static String prose(List<String> names) {
        if (names.size() < 2) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /**
     * The name a {@code STATE_TTL} hint gives {@code table} in the statement's own text: its alias
     * there, or its name when the statement reads it without one; empty when the statement does not
     * name it (it is read through a view, whose own {@code SELECT} would carry the hint).
     */
    Optional<String> hintName(ObjectIdentifier table) {
        List<TableReference> named = context.statement().facts().tableReferences().stream()
                .filter(r -> r.name().equals(table.getObjectName()))
                .toList();
        // Read twice (t2 and t3 over one table, a self-join): the plan's scan carries no alias, so which of the
        // names this input is cannot be told from it; none is given rather than one that may be the other's.
        // Read through a table function without an alias (TABLE(TUMBLE(TABLE t, ...))): no name a hint can give it.
        return named.size() == 1 && !named.get(0).hintName().isEmpty() ? Optional.of(named.get(0).hintName())
                : Optional.empty();
    }

    /**
     * The name a {@code STATE_TTL} hint on the {@code SELECT} that reads {@code table} straight gives that input (Flink
     * 2.3.0 matches a hint's key against the input's block alias, else its table's name: {@code
     * QueryHintsResolver#extractAliasOrTableName}; the validator writes every {@code FROM} name with an alias, its own
     * name where the statement gives none, and Flink's {@code SqlToRelConverter#convertFrom} puts that alias on the root
     * of what it reads, a view's or a {@code WITH} item's query included). The statement's name for the table ({@link
     * #hintName}); where the statement reads it through a {@code WITH} item that projects or filters it ({@code WITH big
     * AS (SELECT ... FROM orders WHERE ...) ... FROM big}), the name it reads the item by, not {@code orders}, which is
     * no input of that {@code SELECT} ("The options of following hints cannot match the name of input tables or
     * views"); where it reads it through a view that projects or filters it ({@link ExplainedPlan#viewFilters}), the
     * name it reads the view by. Empty where it reads such an item or view more than once, or through a table function.
     */
    Optional<String> inputName(ObjectIdentifier table) {
        List<TableReference> references = context.statement().facts().tableReferences();
        List<io.github.sqlguard.statement.WithItems.WithItem> items = context.statement().facts().withItemNames().isEmpty()
                ? List.of()
                : io.github.sqlguard.statement.WithItems.of(context.statement().text()).stream()
                        .filter(i -> i.projects().equals(Optional.of(table.getObjectName()))).toList();
        if (!items.isEmpty()) {
            if (items.size() != 1 || references.stream().filter(r -> r.name().equals(table.getObjectName())).count() != 1) {
                return Optional.empty();
            }
            List<TableReference> reads = references.stream()
                    .filter(r -> r.names().size() == 1 && r.name().equals(items.get(0).name())).toList();
            return reads.size() == 1 && reads.get(0).function().isEmpty() ? Optional.of(reads.get(0).hintName())
                    : Optional.empty();
        }
        if (references.stream().anyMatch(r -> r.name().equals(table.getObjectName()))) {
            return hintName(table);
        }
        List<io.github.sqlguard.plan.ViewFilter> views = plan.viewFilters().stream().filter(f -> f.table().equals(table)).toList();
        return views.size() == 1 && references.stream().filter(r -> r.name().equals(views.get(0).view())).count() == 1
                ? Optional.of(views.get(0).qualifier()) : Optional.empty();
    }

    /**
     * The alias of the table function {@code table} is read through ({@code w} of {@code TABLE(HOP(TABLE
     * clicks, ...)) AS w}), where the statement reads the table once, through such a function with an alias;
     * empty otherwise.
     */
    Optional<String> throughFunction(ObjectIdentifier table) {
        List<TableReference> named = context.statement().facts().tableReferences().stream()
                .filter(r -> r.name().equals(table.getObjectName()))
                .toList();
        return named.size() == 1 ? named.get(0).function().filter(alias -> !alias.isEmpty()) : Optional.empty();
    }

    /**
     * True when {@code name} is one the statement gives or reads: a column of a table its plan scans, or a word
     * of its text (an alias, a column it names). False for what only Flink names: the {@code $e} of the {@code
     * Expand} that plans {@code GROUPING SETS}, the {@code b0} and {@code rowtime0} its decorrelation gives the
     * second copy of a column, an {@code EXPR$0}.
     */
    boolean statementName(String name) {
        for (PlanNode node : plan.nodes()) {
            if (node.table().isPresent() && plan.inputs(node).isEmpty()
                    && node.outputType().columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name))) {
                return true;
            }
        }
        return java.util.regex.Pattern.compile("(?i)(?<![\\w$])" + java.util.regex.Pattern.quote(name) + "(?![\\w$])")
                .matcher(context.statement().text()).find();
    }

    /**
     * A key of the plan as the statement reads it: the name itself where the statement gives it; for a copy Flink
     * renamed ({@code b0}, the decorrelated subquery's {@code b}: Calcite's {@code SqlValidatorUtil#uniquify}
     * appends a number) the name it copies; empty for a name only Flink gives ({@code $e}). An expression as the
     * statement writes it ({@code FLOOR(click_time TO DAY)} for the plan's {@code FLOOR(CAST(click_time AS
     * TIMESTAMP(3)), DAY)}: {@link WrittenExpressions}), else as Flink prints it ({@code SUBSTRING(b, 1, 5)}).
     */
    Optional<String> keyName(String key) {
        if (!PLAIN.matcher(key).matches()) {
            return Optional.of(written(key));
        }
        if (statementName(key)) {
            return Optional.of(key);
        }
        String base = key.replaceFirst("\\d+$", "");
        return !base.equals(key) && !base.isEmpty() && statementName(base) ? Optional.of(base) : Optional.empty();
    }

    /** The expression the plan prints as {@code planned}, as the statement writes it, where it writes one such. */
    private String written(String planned) {
        return writtenExpressions().written(planned).orElse(planned);
    }

    /**
     * Keys of the plan as the statement reads them ({@link #keyName}), each once; where several are copies of one
     * name ({@code GROUP BY CUBE(e.deptno, d.deptno)}: Flink renames the later copy, {@code deptno0}, or computes
     * it, {@code $f1}), each copy qualified as the statement's {@code GROUP BY} qualifies that name ({@code e.deptno,
     * d.deptno}). An aggregation's keys come in the order its {@code GROUP BY} writes them (Calcite's {@code
     * SqlToRelConverter} projects the group expressions first, in that order: for {@code GROUP BY d.deptno,
     * e.deptno} Flink 2.3 plans {@code Calc(select=[deptno0 AS deptno, deptno AS $f1])} under the aggregation), so
     * the qualifiers are taken in that order. Unqualified, and then once, where the statement's {@code GROUP BY} does
     * not qualify each copy by a FROM item.
     */
    List<String> keyNames(List<String> keys) {
        List<String> named = keys.stream().map(this::keyName).flatMap(Optional::stream).toList();
        List<String> out = new ArrayList<>();
        for (String name : named.stream().distinct().toList()) {
            long copies = named.stream().filter(name::equals).count();
            List<String> qualifiers = copies > 1 ? groupedQualifiers(name) : List.of();
            if (qualifiers.size() == copies) {
                qualifiers.forEach(q -> out.add(SqlIdentifiers.sql(q) + "." + SqlIdentifiers.sql(name)));
            } else {
                out.add(name);
            }
        }
        return out;
    }

    /**
     * The qualifiers the statement's {@code GROUP BY}s (a {@code CUBE}, {@code ROLLUP} or {@code GROUPING SETS}
     * included) give the column {@code name}, each once, in the order they are written; empty where one of them names
     * no FROM item of the statement or the text does not parse.
     */
    private List<String> groupedQualifiers(String name) {
        java.util.Set<String> written = new java.util.LinkedHashSet<>();
        try {
            for (org.apache.calcite.sql.SqlNode node : statementNodes()) {
                groupQualifiers(node, name, written, false, 0);
            }
        } catch (RuntimeException | StackOverflowError e) {
            return List.of();
        }
        List<String> from = context.statement().facts().tableReferences().stream().map(TableReference::hintName).toList();
        return from.containsAll(written) ? List.copyOf(written) : List.of();
    }

    private static void groupQualifiers(
            org.apache.calcite.sql.SqlNode node, String name, java.util.Set<String> out, boolean inGroup, int depth) {
        if (node == null || depth > 256) {
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlIdentifier id) {
            if (inGroup && id.names.size() == 2 && id.names.get(1).equals(name)) {
                out.add(id.names.get(0));
            }
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
            list.forEach(child -> groupQualifiers(child, name, out, inGroup, depth + 1));
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlSelect select) {
            groupQualifiers(select.getGroup(), name, out, true, depth + 1);
            groupQualifiers(select.getFrom(), name, out, false, depth + 1);
            return;
        }
        if (node instanceof org.apache.calcite.sql.SqlCall call) {
            List<org.apache.calcite.sql.SqlNode> operands;
            try {
                operands = call.getOperandList();
            } catch (UnsupportedOperationException e) {
                // Some Flink DDL nodes do not expose operands; they carry no query.
                return;
            }
            operands.forEach(operand -> groupQualifiers(operand, name, out, inGroup, depth + 1));
        }
    }

    /** True for a plain column name, not an expression. */
    static boolean plainName(String key) {
        return PLAIN.matcher(key).matches();
    }

    /** Statement trees are walked this many nodes far. */
    private static final int MAX_TREE_NODES = 100_000;

    private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("[\\w$]+");

    /** True when Flink planned {@code GROUPING SETS}, {@code ROLLUP} or {@code CUBE} below {@code node}: an {@code Expand}. */
    boolean expandBelow(PlanNode node) {
        java.util.Deque<PlanNode> pending = new java.util.ArrayDeque<>(plan.inputs(node));
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        while (!pending.isEmpty() && seen.size() < 256) {
            PlanNode at = pending.pop();
            if (!seen.add(at.id())) {
                continue;
            }
            if (at.name().equals("Expand")) {
                return true;
            }
            if (StatefulOperators.isStateful(at)) {
                continue;
            }
            pending.addAll(plan.inputs(at));
        }
        return false;
    }

    /**
     * True when every row {@code node} reads comes from a {@code VALUES} clause (Flink's {@code Values} node): a
     * bounded input of the rows the statement writes, whose job ends once they are read.
     */
    boolean onlyValuesBelow(PlanNode node) {
        List<PlanNode> inputs = plan.inputs(node);
        return !inputs.isEmpty() && inputs.stream()
                .map(plan::sources)
                .allMatch(s -> s.isPresent() && s.get().stream().allMatch(at -> at.name().equals("Values")));
    }

    /**
     * The side of a join that Flink built from a correlated subquery: it reads a table the other side reads too
     * (the outer query's values the subquery is correlated with), beside tables of its own, while the statement
     * names that table once (Flink's decorrelation scans it again). Such a side has no name in the statement.
     */
    boolean correlatedSubquerySide(PlanNode join, int side) {
        List<PlanNode> inputs = plan.inputs(join);
        if (inputs.size() != 2) {
            return false;
        }
        List<ObjectIdentifier> mine = plan.tablesRead(inputs.get(side));
        List<ObjectIdentifier> other = plan.tablesRead(inputs.get(1 - side));
        List<TableReference> references = context.statement().facts().tableReferences();
        return mine.size() > 1 && mine.stream().anyMatch(t -> other.contains(t)
                && references.stream().filter(r -> r.name().equals(t.getObjectName())).count() == 1);
    }

    /** The first event-time attribute below {@code node} ({@code WATERMARK FOR order_time ...}), if any. */
    Optional<Column> rowtimeBelow(PlanNode node) {
        return plan.timeAttributesBelow(node).stream()
                .filter(c -> c.timeAttribute() == Column.TimeAttribute.ROWTIME)
                .findFirst();
    }

    /**
     * The wall-clock function ({@code CURRENT_TIMESTAMP}, {@code NOW}, {@code LOCALTIMESTAMP}, ...) the
     * column {@code column} of {@code input} is computed from, as a {@code Calc} below it computes it
     * (Flink's explained plan: {@code Calc(select=[id, TIMESTAMPADD(..., CURRENT_TIMESTAMP()) AS
     * order_time])}, a table's computed column); empty when no {@code Calc} below computes it so.
     */
    Optional<String> wallClock(PlanNode input, String column) {
        java.util.Deque<PlanNode> pending = new java.util.ArrayDeque<>(List.of(input));
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        while (!pending.isEmpty() && seen.size() < 256) {
            PlanNode node = pending.pop();
            if (!seen.add(node.id())) {
                continue;
            }
            if (node.name().equals("Calc")) {
                for (String item : selectItems(node.description())) {
                    if (item.endsWith(" AS " + column) || item.endsWith(" AS `" + column + "`")) {
                        Optional<String> clock = io.github.sqlguard.statement.WallClock.in(item);
                        if (clock.isPresent()) {
                            return clock;
                        }
                    }
                }
            }
            pending.addAll(plan.inputs(node));
        }
        return Optional.empty();
    }

    /**
     * A ranking's order as a message writes it, {@code pt DESC, id ASC}: its first key as the statement names it
     * ({@link #orderName}), the others as the plan prints them.
     */
    String orderBy(List<OrderKey> keys) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            OrderKey key = keys.get(i);
            out.add(i == 0 ? orderName(key) + (key.ascending() ? " ASC" : " DESC") : key.sql());
        }
        return String.join(", ", out);
    }

    /**
     * The first order column of a ranking as the statement names it: where Flink's plan prints the expression of a
     * computed column it inlined ({@code UNIX_TIMESTAMP()} for {@code server_timestamp AS UNIX_TIMESTAMP()}, the
     * Rank ordered by the expression the Calc below computes; {@code PROCTIME()} for a {@code pt AS PROCTIME()} a view
     * orders by and does not select), the first {@code ORDER BY} column of the statement's one ranking function, or,
     * where it writes none, of the one written in the views it reads ({@link ExplainedPlan#viewRankings}); the plan's
     * name otherwise. As SQL ({@link SqlIdentifiers#planName}).
     */
    String orderName(OrderKey order) {
        return orderName(order, 0);
    }

    /**
     * The order column at {@code position} of a ranking's {@code ORDER BY} as the statement names it, as {@link
     * #orderName(OrderKey)} names the first: an expression the plan prints by an internal name ({@code $3} for
     * {@code amount * 2}) is written as the ranking function writes it.
     */
    String orderName(OrderKey order, int position) {
        if (plainName(order.column()) && !order.column().startsWith("$")) {
            return SqlIdentifiers.planName(order.column());
        }
        // The one ranking the statement writes; where it writes none, the one written in the views it reads (whose
        // plan prints a PROCTIME() the view orders by but does not select by what computes it).
        List<List<String>> written = new ArrayList<>();
        context.statement().facts().rankFunctions().forEach(r -> written.add(r.orderBy()));
        if (written.isEmpty()) {
            plan.viewRankings().forEach(r -> written.add(r.orderBy()));
        }
        if (written.size() == 1 && written.get(0).size() > position) {
            return SqlIdentifiers.planName(written.get(0).get(position).replaceFirst("(?i)\\s+(ASC|DESC)$", ""));
        }
        return order.column();
    }

    /**
     * The wall-clock function the first order column of the ranking {@code rank} is computed from ({@link
     * io.github.sqlguard.statement.WallClock}): the plan's own expression ({@code orderBy=[UNIX_TIMESTAMP() ASC]}), or a {@code Calc} below that
     * computes the column ({@link #wallClock}); empty otherwise.
     */
    Optional<String> wallClockOrder(OrderKey order, PlanNode rank) {
        Optional<String> clock = io.github.sqlguard.statement.WallClock.in(order.column());
        if (clock.isPresent()) {
            return clock;
        }
        return plan.inputs(rank).stream().findFirst().flatMap(input -> wallClock(input, order.column()));
    }

    /**
     * For a Top-1 over {@code rank} ordered by a column of the wall clock at the read, of any type ({@link
     * #wallClockOrder}: {@code server_timestamp AS UNIX_TIMESTAMP()}, {@code ts AS CURRENT_TIMESTAMP}, {@code
     * LOCALTIMESTAMP}, {@code NOW()}): the {@code PROCTIME()} column in its place. Such a column orders rows as their
     * arrival does, and a {@code PROCTIME()} column is that order as a time attribute, on which Flink plans a Top-1 as a
     * Deduplicate (Flink docs, "Deduplication": ORDER BY a time attribute, rn = 1); a WATERMARK on it would make the
     * time a row is read its event time, which is not what the column means. Empty where the order reads no wall clock.
     */
    Optional<String> proctimeInPlaceOfWallClock(OrderKey order, PlanNode rank) {
        return wallClockOrder(order, rank).map(clock -> {
            String name = orderName(order);
            if (clock.equals(PROCTIME)) {
                return deduplicateWhereStillProctime(order, rank, name);
            }
            return "order by a PROCTIME() column in place of " + name + " (" + name + " is the wall clock when the row is"
                    + " read, " + clock + "(), which is no time attribute; a column AS PROCTIME() in "
                    + readName(rank).orElse("the table") + "'s DDL is that time as one), so that Flink plans this Top-1"
                    + " as a Deduplicate";
        });
    }

    private static final String PROCTIME = "PROCTIME";

    /**
     * For a Top-1 over {@code rank} ordered by a {@code PROCTIME()} column that an operator below made a plain value
     * (a regular join's output materializes its inputs' processing-time attributes, {@code PROCTIME_MATERIALIZE}, and
     * Flink plans a Top-1 as a Deduplicate only when ordered by a time attribute, {@code RankUtil
     * #canConvertToDeduplicate}, Flink 2.3.0): the Deduplicate where the column is still one, before that operator. It
     * keeps the first or latest row per key of that operator's input, not of its output, which the text says. Never the
     * column "in place of" itself, nor an aggregation of the processing time (a {@code MIN(PROCTIME())} is the arrival
     * time of a key's first row, which nobody ranks for).
     */
    private String deduplicateWhereStillProctime(OrderKey order, PlanNode rank, String name) {
        // The stateful operator below the Rank (a regular join) and its input that computes the column from PROCTIME():
        // Flink materializes it in the Calc of that input, PROCTIME_MATERIALIZE(PROCTIME()) AS pt.
        Optional<PlanNode> made = statefulBelow(rank);
        // The keys as the statement writes them, unqualified (the query over the one table names them so); else the plan's.
        List<String> written = context.statement().facts().rankFunctions().size() == 1
                ? context.statement().facts().rankFunctions().get(0).partitionBy() : List.of();
        String keys = !written.isEmpty()
                ? String.join(", ", written.stream().map(SqlIdentifiers::lastName).toList())
                : SqlIdentifiers.planNames(plan.operators(Operator.Rank.class).stream().filter(r -> r.node() == rank)
                        .findFirst().map(Operator.Rank::partitionKeys).orElse(List.of()));
        String over = made.flatMap(m -> plan.inputs(m).stream()
                        .filter(in -> wallClock(in, order.column()).filter(PROCTIME::equals).isPresent())
                        .findFirst())
                .map(this::tables).orElse("the table that declares it");
        String operator = made.map(PlanNode::label).orElse("an operator below");
        String which = order.ascending() ? "first" : "latest";
        return "deduplicate where " + name + " is still a processing-time attribute: " + operator + " makes it a plain"
                + " value (PROCTIME_MATERIALIZE), so Flink plans this Top-1 as a Rank; ROW_NUMBER() OVER ("
                + (keys.isEmpty() ? "" : "PARTITION BY " + keys + " ") + "ORDER BY " + name
                + (order.ascending() ? " ASC" : " DESC") + ") with rn = 1 in a query over " + over + ", before "
                + operator + ", is planned as a Deduplicate, which keeps the " + which + " row per key of " + over
                + " as it arrives, not the " + which + " of what " + operator + " emits";
    }

    /** The items of a {@code Calc}'s {@code select=[...]}, split at its top-level commas. */
    private static List<String> selectItems(String description) {
        int start = description.indexOf("select=[");
        if (start < 0) {
            return List.of();
        }
        List<String> items = new ArrayList<>();
        int depth = 0;
        StringBuilder item = new StringBuilder();
        for (int i = start + "select=[".length(); i < description.length(); i++) {
            char c = description.charAt(i);
            if ((c == ']' || c == ')') && depth == 0) {
                break;
            }
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(item.toString().strip());
                item.setLength(0);
                continue;
            }
            item.append(c);
        }
        items.add(item.toString().strip());
        return items;
    }

    /** True when {@code column} is an event-time or processing-time attribute somewhere below {@code node}. */
    boolean isTimeAttributeBelow(PlanNode node, String column) {
        return plan.timeAttributesBelow(node).stream().anyMatch(c -> c.name().equals(column));
    }

    /**
     * A {@code STATE_TTL} hint for the tables {@code node} reads as the statement names them ({@code
     * /*+ STATE_TTL('o' = '1 d') *}{@code /}), with Flink 1.20's limit said where it applies; empty
     * when the statement names none of them.
     */
    Optional<String> hint(PlanNode node, String ttl) {
        List<ObjectIdentifier> tables = plan.tablesRead(node);
        StringBuilder options = new StringBuilder();
        boolean throughQuery = false;
        for (ObjectIdentifier table : tables) {
            Optional<String> name = rescanned(table) ? Optional.empty() : inputName(table);
            if (name.isEmpty()) {
                return Optional.empty();
            }
            throughQuery |= !name.equals(hintName(table));
            options.append(options.isEmpty() ? "" : ", ").append('\'').append(name.get()).append("' = '").append(ttl).append('\'');
        }
        if (options.isEmpty()) {
            return Optional.empty();
        }
        String hint = "/*+ STATE_TTL(" + options + ") */";
        if (throughQuery) {
            // A view's or WITH item's query carries the block-alias hint Flink matches the key against itself
            // (SqlToRelConverter#convertFrom), above the table's watermark: no Flink line's note about tables applies.
            return Optional.of(hint);
        }
        if (!FlinkLine.current().stateTtlHintMatchesTableFunctionAliases()
                && tables.stream().anyMatch(t -> throughFunction(t).isPresent())) {
            String alias = tables.stream().map(this::throughFunction).flatMap(Optional::stream).findFirst().orElseThrow();
            hint += " (Flink " + FlinkLine.current().line() + " matches no table function's alias: read the function"
                    + " through a subquery, FROM (SELECT * FROM TABLE(...)) AS " + alias + ", and name the subquery's alias)";
        } else if (!FlinkLine.current().stateTtlHintMatchesTablesWithWatermark() && rowtimeBelow(node).isPresent()) {
            hint += " (" + watermarkNote("it") + ")";
        }
        return Optional.of(hint);
    }

    /**
     * What a fix proposing a {@code STATE_TTL} hint on a table declared with a {@code WATERMARK} adds on a Flink line
     * whose hint matching does not pass such a table ({@link FlinkLine#stateTtlHintMatchesTablesWithWatermark}: 1.20),
     * {@code which} naming the tables ({@code it}, {@code each}): the one place this note is written.
     */
    static String watermarkNote(String which) {
        return "Flink " + FlinkLine.current().line() + " matches no table declared with a WATERMARK: read " + which
                + " through a subquery and name the subquery's alias";
    }
}
