package io.github.sqlguard.statement;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.statement.ParsedStatement.LateralLimit;
import io.github.sqlguard.statement.ParsedStatement.PlanFile;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.ParsedStatement.SupersededHint;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlMatchRecognize;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlSnapshot;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.NlsString;
import org.apache.flink.sql.parser.ddl.SqlAddJar;
import org.apache.flink.sql.parser.ddl.SqlCompilePlan;
import org.apache.flink.sql.parser.dml.SqlCompileAndExecutePlan;
import org.apache.flink.sql.parser.dml.SqlExecutePlan;
import org.apache.flink.sql.parser.ddl.SqlAlterFunction;
import org.apache.flink.sql.parser.ddl.SqlCreateFunction;
import org.apache.flink.sql.parser.ddl.resource.SqlResource;
import org.apache.flink.sql.parser.ddl.SqlReplaceTableAs;
import org.apache.flink.sql.parser.ddl.SqlTableOption;
import org.apache.flink.sql.parser.ddl.SqlWatermark;
import org.apache.flink.sql.parser.dml.SqlStatementSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Map;
import java.util.Set;

/**
 * Walks the tree Flink's SQL parser gave for a statement and collects what the rules read: {@code
 * STATE_TTL} hint options, {@code WITH} and {@code OPTIONS} hint options, the aliases of rank
 * functions, the tables the statement reads, and the user code it loads (jars of {@code ADD JAR}
 * and {@code USING JAR}, function classes). One per statement.
 */
final class SqlFactsCollector {

    /** {@code FROM} items nested deeper than this (joins of joins) are not followed further. */
    private static final int MAX_FROM_DEPTH = 64;

    private final List<SqlOption> stateTtlHints = new ArrayList<>();
    private final List<SqlOption> tableOptions = new ArrayList<>();
    private final List<String> rankFunctionAliases = new ArrayList<>();
    private final List<TableReference> tableReferences = new ArrayList<>();
    /** The names of the {@code WITH} items met, in order. */
    private final List<String> withItemNames = new ArrayList<>();
    private final List<RankFunction> rankFunctions = new ArrayList<>();
    private final List<SqlOption> jars = new ArrayList<>();
    private final List<SqlOption> functionClasses = new ArrayList<>();
    private final List<SqlOption> planFiles = new ArrayList<>();
    private final List<SupersededHint> supersededTtlHints = new ArrayList<>();
    private final List<ParsedStatement.UnmatchedHint> unmatchedTtlHints = new ArrayList<>();
    private final List<LateralLimit> lateralLimits = new ArrayList<>();
    private final List<SqlOption> stringLiterals = new ArrayList<>();
    private final List<List<String>> orderBys = new ArrayList<>();
    private final List<String> overOrders = new ArrayList<>();
    private final List<String> unorderedOvers = new ArrayList<>();
    private final List<String> joinTypes = new ArrayList<>();
    private final List<String> joinConditions = new ArrayList<>();
    private final List<ParsedStatement.Watermark> watermarks = new ArrayList<>();
    private final List<String> setOperations = new ArrayList<>();
    private final List<String> subqueryPredicates = new ArrayList<>();
    private final List<String> existsAggregateTables = new ArrayList<>();
    private final List<SqlOption> existsAggregateHints = new ArrayList<>();
    /** The hints written on the SELECT of an EXISTS that aggregates, by identity: their options go to both lists. */
    private final Set<SqlHint> existsHints = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean distinct;
    private final Map<String, String> subqueryAggregateReads = new LinkedHashMap<>();
    private final List<ParsedStatement.Grouping> groupings = new ArrayList<>();
    private final List<ParsedStatement.MatchRecognize> matchRecognizes = new ArrayList<>();
    private final Map<String, String> aggregateAliases = new LinkedHashMap<>();
    /** The FROM of the SELECT being walked: the one name it reads, or empty. */
    private String from = "";

    /** The SELECT being walked; null outside one. */
    private SqlSelect select;

    /**
     * The {@code WHERE} of the query block that reads a subquery: of the block with it as its {@code FROM}, or
     * of a {@code WITH} body reading the item by name. Where a rank function's Top-N bound is written.
     */
    private final Map<SqlSelect, SqlNode> readerWhere = new IdentityHashMap<>();

    /**
     * While the walk is inside a table function of a {@code FROM} ({@code TABLE(TUMBLE(TABLE t, ...)) AS w}), its
     * alias ({@code w}, empty without one); absent elsewhere.
     */
    private Optional<String> function = Optional.empty();
    /** While the walk is inside a table function of a {@code FROM}, that function's name ({@code TUMBLE}); absent elsewhere. */
    private Optional<String> functionName = Optional.empty();
    /** The period of the {@code FOR SYSTEM_TIME AS OF} the walk is in ({@code o.order_time}), while it is in one. */
    private Optional<String> asOf = Optional.empty();
    /** The lookup keys of the join whose right side the walk is in ({@link LookupKeys#ofJoin}); empty elsewhere. */
    private List<String> lookupKeys = List.of();
    /** The columns the join whose right side the walk is in equates with a literal ({@link LookupKeys#constantsOfJoin}). */
    private List<String> lookupConstants = List.of();

    /**
     * True when {@code select} aggregates: a {@code GROUP BY}, a {@code HAVING}, or an aggregate call among its items
     * ({@link AggregateCalls#isAggregate}).
     */
    private static boolean aggregates(SqlSelect select) {
        if (select.getGroup() != null || select.getHaving() != null) {
            return true;
        }
        for (SqlNode item : select.getSelectList()) {
            SqlNode value = item instanceof SqlCall as && as.getKind() == SqlKind.AS ? as.operand(0) : item;
            if (value instanceof SqlCall call && call.getKind() != SqlKind.OVER && AggregateCalls.isAggregate(call)) {
                return true;
            }
        }
        return false;
    }

    /** The tables {@code from} reads by name, through its joins: their last name and alias ({@code r}, {@code x} of {@code db.r AS x}). */
    private static void tablesOf(SqlNode from, List<String> into) {
        if (from instanceof SqlJoin join) {
            tablesOf(join.getLeft(), into);
            tablesOf(join.getRight(), into);
        } else if (from != null) {
            FromTable.read(from).ifPresent(id -> into.add(id.names.get(id.names.size() - 1)));
            if (from instanceof SqlCall as && as.getKind() == SqlKind.AS && as.operand(1) instanceof SqlIdentifier alias) {
                into.add(alias.getSimple());
            }
        }
    }

    /** What was collected. */
    SqlFacts facts() {
        return new SqlFacts(
                stateTtlHints, tableOptions, rankFunctionAliases, tableReferences, rankFunctions, jars, functionClasses,
                planFiles, supersededTtlHints, unmatchedTtlHints, lateralLimits, stringLiterals, withItemNames, orderBys, joinTypes,
                overOrders, unorderedOvers, groupings, matchRecognizes, aggregateAliases, setOperations, subqueryPredicates,
                existsAggregateTables, existsAggregateHints, distinct, subqueryAggregateReads, joinConditions, watermarks);
    }

    /** Collects from {@code node} and everything under it. */
    void visit(SqlNode node) {
        if (node == null) {
            return;
        }
        if (node instanceof SqlNodeList list) {
            for (SqlNode child : list) {
                visit(child);
            }
            return;
        }
        if (node instanceof SqlTableOption option) {
            SqlParserPos pos = option.getParserPosition();
            SqlParserPos valuePos = option.getValue().getParserPosition();
            tableOptions.add(
                    new SqlOption(
                            option.getKeyString(),
                            option.getValueString(),
                            "WITH",
                            pos.getLineNum(),
                            pos.getColumnNum(),
                            Optional.of(new ParsedStatement.Span(
                                    valuePos.getLineNum(), valuePos.getColumnNum(), valuePos.getEndLineNum(),
                                    valuePos.getEndColumnNum()))));
            return;
        }
        if (node instanceof SqlHint hint) {
            collectHint(hint);
            return;
        }
        if (node instanceof SqlWatermark watermark) {
            String column = watermark.getEventTimeColumnName().toString();
            SqlParserPos written = spanned(watermark.getWatermarkStrategy());
            watermarks.add(new ParsedStatement.Watermark(column, sql(watermark.getWatermarkStrategy()),
                    watermarkDelay(watermark.getEventTimeColumnName(), watermark.getWatermarkStrategy()),
                    watermark.getParserPosition().getLineNum(),
                    Optional.of(new ParsedStatement.Span(written.getLineNum(), written.getColumnNum(),
                            written.getEndLineNum(), written.getEndColumnNum()))));
            return;
        }
        if (node instanceof SqlAddJar addJar) {
            jars.add(option("jar", addJar.getPath(), "ADD JAR", addJar.getParserPosition()));
            return;
        }
        if (node instanceof SqlCreateFunction create) {
            collectFunction(
                    create.getFunctionClassName(), create.getResourceInfos(), "CREATE FUNCTION", create.getParserPosition());
            return;
        }
        if (node instanceof SqlAlterFunction alter) {
            collectFunction(alter.getFunctionClassName(), List.of(), "ALTER FUNCTION", alter.getParserPosition());
            return;
        }
        if (node instanceof SqlReplaceTableAs rtas) {
            // Flink's SqlReplaceTableAs#getOperandList fails on a table without a WATERMARK (it reads
            // an empty Optional): its options and query are read through their own accessors.
            SqlParserPos pos = rtas.getParserPosition();
            FlinkLine.current().replaceTableAsOptions(rtas).forEach((key, value) -> tableOptions.add(
                    new SqlOption(key, value, "WITH", pos.getLineNum(), pos.getColumnNum())));
            visit(rtas.getAsQuery());
            return;
        }
        if (node instanceof SqlStatementSet set) {
            set.getInserts().forEach(this::visit);
            return;
        }
        if (node instanceof SqlCompilePlan compile) {
            planFiles.add(option("plan", compile.getPlanFile(),
                    (compile.isIfNotExists() ? PlanFile.COMPILE_IF_NOT_EXISTS : PlanFile.COMPILE).source(),
                    compile.getParserPosition()));
        } else if (node instanceof SqlCompileAndExecutePlan compile) {
            planFiles.add(option("plan", compile.getPlanFile(), PlanFile.COMPILE_AND_EXECUTE.source(),
                    compile.getParserPosition()));
        } else if (node instanceof SqlExecutePlan execute) {
            planFiles.add(option("plan", execute.getPlanFile(), PlanFile.EXECUTE.source(), execute.getParserPosition()));
            return;
        }
        if (node instanceof SqlCharStringLiteral literal) {
            keepLiteral(literal.getValueAs(String.class), literal.getParserPosition(), literal.getParserPosition());
            return;
        }
        if (node instanceof SqlCall call && call.getKind() == SqlKind.LITERAL_CHAIN && call.operandCount() > 0) {
            // 'a'\n'b': one value as Flink joins it, spanning its parts.
            keepLiteral(SqlLiteral.unchain(call).getValueAs(String.class), call.operand(0).getParserPosition(),
                    call.operand(call.operandCount() - 1).getParserPosition());
            return;
        }
        if (node instanceof SqlSelect select) {
            distinct |= select.isDistinct();
            collectSuperseded(select.getHints());
            collectUnmatched(select);
            collectGrouping(select);
            collectSubqueryAggregate(select);
            collectFrom(select.getFrom(), "", 0);
            subquery(select.getFrom()).ifPresent(inner -> readerWhere.put(inner, select.getWhere()));
            String outer = from;
            SqlSelect outerSelect = this.select;
            from = fromName(select.getFrom());
            this.select = select;
            for (SqlNode operand : Operands.of(select)) {
                visit(operand);
            }
            from = outer;
            this.select = outerSelect;
            return;
        }
        if (node instanceof SqlWith with) {
            collectWithReaders(with);
        }
        if (node instanceof SqlCall call) {
            distinct |= call.getFunctionQuantifier() != null
                    && call.getFunctionQuantifier().getValue() == SqlSelectKeyword.DISTINCT;
            collectRankAlias(call);
            collectLateralLimit(call);
            if (call instanceof SqlWindow window && window.getOrderList() != null && window.getOrderList().size() > 0) {
                SqlNode first = window.getOrderList().get(0);
                // DESC wraps the column in a call (SqlKind.DESCENDING); the column is its operand.
                overOrders.add(sql(first instanceof SqlCall desc && desc.getKind() == SqlKind.DESCENDING ? desc.operand(0) : first));
            }
            if (call.getKind() == SqlKind.OVER && call.operand(1) instanceof SqlWindow window && window.getRefName() == null
                    && (window.getOrderList() == null || window.getOrderList().size() == 0)) {
                unorderedOvers.add(sql(call));
            }
            if (call instanceof SqlJoin join) {
                joinTypes.add(join.getJoinType().name());
                joinConditions.add(joinCondition(join));
            }
            if (call.getKind() == SqlKind.UNION || call.getKind() == SqlKind.INTERSECT || call.getKind() == SqlKind.EXCEPT) {
                // The operator's own name: UNION, UNION ALL, INTERSECT, INTERSECT ALL, EXCEPT, EXCEPT ALL (MINUS reads as EXCEPT).
                setOperations.add(call.getOperator().getName().toUpperCase(java.util.Locale.ROOT));
            }
            if ((call.getKind() == SqlKind.IN || call.getKind() == SqlKind.NOT_IN || call.getKind() == SqlKind.EXISTS
                    || call.getKind() == SqlKind.SOME || call.getKind() == SqlKind.ALL)
                    && call.getOperandList().stream().anyMatch(o -> o != null && o.isA(SqlKind.QUERY))) {
                subqueryPredicates.add(call.getKind().name());
                if (call.getKind() == SqlKind.EXISTS && call.operand(0) instanceof SqlSelect inner && aggregates(inner)) {
                    // NOT EXISTS is NOT over an EXISTS call: both land here.
                    tablesOf(inner.getFrom(), existsAggregateTables);
                    // Visited after this call, with the SELECT's other operands (collectHint).
                    for (SqlNode hint : inner.getHints() == null ? List.<SqlNode>of() : inner.getHints().getList()) {
                        if (hint instanceof SqlHint h) {
                            existsHints.add(h);
                        }
                    }
                }
            }
            if (call instanceof SqlMatchRecognize match) {
                List<String> partition = new ArrayList<>();
                match.getPartitionList().forEach(item -> partition.add(sql(item)));
                List<String> unbounded = new ArrayList<>();
                unboundedQuantifiers(match.getPattern(), unbounded, 0);
                Set<String> variables = new java.util.LinkedHashSet<>();
                unboundedVariables(match.getPattern(), variables, false, 0);
                for (SqlNode define : match.getPatternDefList()) {
                    // Each definition is `variable AS condition`: Calcite's AS call, the variable its second operand.
                    if (define instanceof SqlCall as && as.operandCount() >= 2 && as.operand(1) instanceof SqlIdentifier v) {
                        variables.removeIf(name -> name.equalsIgnoreCase(v.getSimple()));
                    }
                }
                matchRecognizes.add(new ParsedStatement.MatchRecognize(partition, pattern(match.getPattern(), 0),
                        Optional.ofNullable(match.getInterval()).map(SqlFactsCollector::sql), unbounded,
                        List.copyOf(variables)));
            }
            if (call instanceof SqlOrderBy ordered && ordered.orderList.size() > 0) {
                List<String> order = new ArrayList<>();
                ordered.orderList.forEach(item -> order.add(quoted(item)));
                orderBys.add(order);
            }
            for (SqlNode operand : Operands.of(call)) {
                visit(operand);
            }
        }
    }

    /**
     * How far a watermark {@code strategy} for {@code column} trails it ({@link ParsedStatement.Watermark#delay}): zero
     * for the column itself, the interval for {@code column - INTERVAL}, minus the interval for {@code column +
     * INTERVAL} (either order); empty for any other strategy. An interval literal's value is signed twice, before its
     * string ({@code INTERVAL - '5' SECOND}, {@code IntervalValue#getSign}) and inside it ({@code INTERVAL '-5'
     * SECOND}, which {@code SqlParserUtil#intervalToMillis} reads): both count.
     */
    /**
     * The parser positions of {@code node} and everything under it, summed: a binary call's own position is its
     * operator's ({@code +} in {@code ts + INTERVAL '5' SECOND}), its operands' are their own.
     */
    private static SqlParserPos spanned(SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                if (operand != null) {
                    pos = pos.plus(spanned(operand));
                }
            }
        }
        return pos;
    }

    static Optional<java.time.Duration> watermarkDelay(SqlIdentifier column, SqlNode strategy) {
        if (strategy instanceof SqlIdentifier same) {
            return same.equalsDeep(column, org.apache.calcite.util.Litmus.IGNORE)
                    ? Optional.of(java.time.Duration.ZERO) : Optional.empty();
        }
        if (!(strategy instanceof SqlCall call) || call.operandCount() != 2
                || (call.getKind() != SqlKind.MINUS && call.getKind() != SqlKind.PLUS)) {
            return Optional.empty();
        }
        SqlNode left = call.operand(0);
        SqlNode right = call.operand(1);
        if (call.getKind() == SqlKind.PLUS && left instanceof org.apache.calcite.sql.SqlIntervalLiteral) {
            SqlNode swap = left;
            left = right;
            right = swap;
        }
        if (!(left instanceof SqlIdentifier id && id.equalsDeep(column, org.apache.calcite.util.Litmus.IGNORE))
                || !(right instanceof org.apache.calcite.sql.SqlIntervalLiteral interval)) {
            return Optional.empty();
        }
        org.apache.calcite.sql.SqlIntervalLiteral.IntervalValue value =
                interval.getValueAs(org.apache.calcite.sql.SqlIntervalLiteral.IntervalValue.class);
        if (value.getIntervalQualifier().isYearMonth()) {
            return Optional.empty();
        }
        long millis;
        try {
            millis = value.getSign() * org.apache.calcite.sql.parser.SqlParserUtil.intervalToMillis(value);
        } catch (RuntimeException e) {
            // A literal Calcite cannot read as a length: Flink's own validation refuses the DDL, not this rule.
            return Optional.empty();
        }
        return Optional.of(java.time.Duration.ofMillis(call.getKind() == SqlKind.MINUS ? millis : -millis));
    }

    /**
     * The tables a {@code FROM} item reads: a name ({@code orders}), a name with an alias ({@code
     * orders AS o}), each side of a join, the table of a {@code FOR SYSTEM_TIME AS OF} or of an
     * {@code OPTIONS} hint, and the {@code TABLE t} arguments of a table function ({@code
     * TABLE(TUMBLE(TABLE bids, ...))}). A subquery's own {@code FROM} is collected where the walk
     * meets its {@code SELECT}.
     */
    private void collectFrom(SqlNode from, String alias, int depth) {
        if (from == null || depth > MAX_FROM_DEPTH) {
            return;
        }
        if (from instanceof SqlIdentifier identifier) {
            tableReferences.add(new TableReference(identifier.names, alias, function, asOf,
                    asOf.isPresent() ? lookupKeys : List.of(), functionName,
                    asOf.isPresent() ? lookupConstants : List.of()));
        } else if (from instanceof SqlJoin join) {
            List<String> outer = lookupKeys;
            List<String> outerConstants = lookupConstants;
            lookupKeys = List.of();
            lookupConstants = List.of();
            try {
                collectFrom(join.getLeft(), "", depth + 1);
                lookupKeys = LookupKeys.ofJoin(join);
                lookupConstants = LookupKeys.constantsOfJoin(join);
                collectFrom(join.getRight(), "", depth + 1);
            } finally {
                lookupKeys = outer;
                lookupConstants = outerConstants;
            }
        } else if (from instanceof SqlSnapshot snapshot) {
            Optional<String> outer = asOf;
            asOf = Optional.of(snapshot.getPeriod().toString().replace("`", ""));
            try {
                collectFrom(snapshot.getTableRef(), alias, depth + 1);
            } finally {
                asOf = outer;
            }
        } else if (from instanceof SqlCall call && call.getKind() == SqlKind.AS && call.operandCount() >= 2) {
            collectFrom(call.operand(0), call.operand(1).toString(), depth + 1);
        } else if (from instanceof SqlCall call && call.getKind() == SqlKind.TABLE_REF) {
            collectFrom(call.operand(0), alias, depth + 1);
        } else if (from instanceof SqlCall call && call.getKind() == SqlKind.EXPLICIT_TABLE) {
            collectFrom(call.operand(0), alias, depth + 1);
        } else if (from instanceof SqlCall call && call.getKind() == SqlKind.COLLECTION_TABLE) {
            Optional<String> outer = function;
            Optional<String> outerName = functionName;
            function = Optional.of(alias);
            functionName = call.operand(0) instanceof SqlCall tableFunction
                    ? Optional.of(tableFunction.getOperator().getName().toUpperCase(Locale.ROOT)) : Optional.empty();
            try {
                collectExplicitTables(call, depth + 1);
            } finally {
                function = outer;
                functionName = outerName;
            }
        }
    }

    /** The query block a FROM item is ({@code (SELECT ...) AS t}, {@code (SELECT ...)}); empty for anything else. */
    /**
     * An aggregating SELECT whose FROM is a subquery ({@code SELECT k, SUM(v) FROM (SELECT ... FROM t) AS s GROUP BY
     * k}): the tables the subquery reads (through subqueries of subqueries that do not aggregate), each mapped to the alias of the
     * subquery the aggregating SELECT reads ({@code s}; empty without one). A {@code STATE_TTL} hint on that SELECT
     * must name {@code s}: Flink refuses one that names {@code t}, not an input of that query block.
     */
    private void collectSubqueryAggregate(SqlSelect select) {
        if (!aggregates(select) || subquery(select.getFrom()).isEmpty()) {
            return;
        }
        SqlNode from = select.getFrom();
        String alias = from instanceof SqlCall as && as.getKind() == SqlKind.AS && as.operandCount() >= 2
                && as.operand(1) instanceof SqlIdentifier name ? name.getSimple() : "";
        List<String> tables = new ArrayList<>();
        Optional<SqlSelect> inner = subquery(from);
        for (int depth = 0; inner.isPresent() && depth < MAX_FROM_DEPTH; depth++) {
            if (aggregates(inner.get())) {
                // An aggregation of the subquery's own: its SELECT reads its FROM; the outer one reads its result.
                break;
            }
            Optional<SqlSelect> next = subquery(inner.get().getFrom());
            if (next.isEmpty()) {
                tablesOf(inner.get().getFrom(), tables);
            }
            inner = next;
        }
        tables.forEach(t -> subqueryAggregateReads.putIfAbsent(t, alias));
    }

    private static Optional<SqlSelect> subquery(SqlNode from) {
        SqlNode item = from instanceof SqlCall call && call.getKind() == SqlKind.AS && call.operandCount() >= 2
                ? call.operand(0) : from;
        return item instanceof SqlSelect inner ? Optional.of(inner) : Optional.empty();
    }

    /** {@code WITH ranked AS (SELECT ...) SELECT ... FROM ranked WHERE ...}: the body's WHERE reads the item. */
    private void collectWithReaders(SqlWith with) {
        for (SqlNode node : with.withList) {
            if (node instanceof SqlWithItem item) {
                withItemNames.add(item.name.getSimple());
            }
        }
        SqlNode body = with.body instanceof SqlOrderBy ordered ? ordered.query : with.body;
        if (!(body instanceof SqlSelect reader)) {
            return;
        }
        String name = fromName(reader.getFrom());
        for (SqlNode node : with.withList) {
            if (node instanceof SqlWithItem item && item.name.getSimple().equals(name)
                    && item.query instanceof SqlSelect inner) {
                readerWhere.put(inner, reader.getWhere());
            }
        }
    }

    /** The one name a FROM item reads ({@code orders}, or {@code o} of {@code orders AS o}); empty for anything else. */
    private static String fromName(SqlNode from) {
        if (from instanceof SqlIdentifier identifier) {
            return identifier.names.get(identifier.names.size() - 1);
        }
        if (from instanceof SqlCall call && call.getKind() == SqlKind.AS && call.operandCount() >= 2) {
            return call.operand(1).toString();
        }
        if (from instanceof SqlCall call && call.getKind() == SqlKind.TABLE_REF) {
            return fromName(call.operand(0));
        }
        return "";
    }

    /**
     * An item of a query's ORDER BY as SQL that Flink's parser reads back, for a fix to write: a name that needs
     * back-ticks keeps them ({@code `order` DESC}: {@link SqlIdentifiers}); an expression as Calcite writes it.
     */
    /** The block's {@code GROUP BY} and the columns it selects ({@link ParsedStatement.Grouping}), where it groups. */
    private void collectGrouping(SqlSelect select) {
        if (select.getGroup() == null || select.getGroup().size() == 0) {
            return;
        }
        List<String> keys = new ArrayList<>();
        List<SqlCall> windows = new ArrayList<>();
        for (SqlNode key : select.getGroup()) {
            if (key instanceof SqlIdentifier identifier) {
                keys.add(SqlIdentifiers.sql(identifier.names.get(identifier.names.size() - 1)));
            } else if (key instanceof SqlCall call && GroupWindows.isWindow(call)) {
                windows.add(call);
                keys.add(written(call));
            } else if (key instanceof SqlCall call && !isGroupingSet(call)) {
                keys.add(written(call));
            } else {
                keys.clear();
                windows.clear();
                break;
            }
        }
        List<String> selected = new ArrayList<>();
        List<SqlCall> calls = new ArrayList<>();
        Map<String, String> aliases = new LinkedHashMap<>();
        for (SqlNode item : select.getSelectList()) {
            SqlNode column = SqlUtil.stripAs(item);
            String name = null;
            if (column instanceof SqlIdentifier identifier && !identifier.isStar()) {
                name = SqlIdentifiers.sql(identifier.names.get(identifier.names.size() - 1));
                selected.add(name);
            } else if (column instanceof SqlCall call) {
                calls.add(call);
                name = written(call);
                selected.add(name);
                windows.stream().filter(window -> GroupWindows.isPropertyOf(call, window))
                        .forEach(window -> selected.add(written(window)));
            }
            if (name != null && keys.contains(name) && item instanceof SqlCall as && as.getKind() == SqlKind.AS
                    && as.operand(1) instanceof SqlIdentifier alias) {
                aliases.putIfAbsent(name, SqlIdentifiers.sql(alias.getSimple()));
            }
        }
        List<String> unselected = keys.stream().filter(k -> !selected.contains(k)).toList();
        List<String> expressions = calls.stream()
                .filter(call -> GroupKeyExpressions.mentionsAny(call, unselected))
                .map(SqlFactsCollector::written)
                .toList();
        groupings.add(new ParsedStatement.Grouping(keys, selected, expressions,
                windows.stream().map(window -> groupWindow(window, select.getFrom())).toList(), tableRead(select.getFrom()),
                subqueryRead(select.getFrom()), aliases));
    }

    /** The alias of the subquery a {@code FROM} reads ({@code (SELECT ...) AS j}); empty for anything else. */
    private static Optional<String> subqueryRead(SqlNode from) {
        return from instanceof SqlCall as && as.getKind() == SqlKind.AS && as.operandCount() >= 2
                && as.operand(0).getKind().belongsTo(SqlKind.QUERY) && as.operand(1) instanceof SqlIdentifier alias
                ? Optional.of(alias.getSimple()) : Optional.empty();
    }

    /**
     * The table a {@code FROM} reads as it is: {@code orders}, {@code orders AS o}, either with an {@code OPTIONS} hint
     * ({@code SqlKind#TABLE_REF}); empty for anything else.
     */
    private static Optional<ParsedStatement.TableReference> tableRead(SqlNode from) {
        String alias = "";
        SqlNode item = from;
        if (item instanceof SqlCall as && as.getKind() == SqlKind.AS && as.operandCount() == 2
                && as.operand(1) instanceof SqlIdentifier name) {
            alias = name.getSimple();
            item = as.operand(0);
        }
        if (item instanceof SqlCall ref && ref.getKind() == SqlKind.TABLE_REF) {
            item = ref.operand(0);
        }
        return item instanceof SqlIdentifier table && !table.isStar()
                ? Optional.of(new ParsedStatement.TableReference(table.names, alias)) : Optional.empty();
    }

    /**
     * A group window as the messages name it, with its start's auxiliary call and, where the block reads one table
     * ({@code FROM t} or {@code FROM t AS a}), the window TVF of the same window ({@code TUMBLE(TABLE t,
     * DESCRIPTOR(ts), INTERVAL '30' SECOND)}: Flink docs, "Windowing TVF": the time column as a descriptor, then the
     * legacy call's other arguments in the same order); none for {@code SESSION}.
     */
    private static ParsedStatement.GroupWindow groupWindow(SqlCall window, SqlNode from) {
        String function = GroupWindows.name(window);
        List<String> operands = window.getOperandList().stream().map(o -> o.toString().replace("`", "")).toList();
        String arguments = String.join(", ", operands.subList(1, operands.size()));
        SqlNode table = SqlUtil.stripAs(from);
        // A legacy SESSION window is cut per GROUP BY key; its TVF without PARTITION BY cuts sessions across all keys.
        Optional<String> tvf = table instanceof SqlIdentifier identifier && window.operand(0) instanceof SqlIdentifier
                && !function.equals("SESSION")
                ? Optional.of(function + "(TABLE " + identifier.toString().replace("`", "") + ", DESCRIPTOR("
                        + SqlIdentifiers.sql(((SqlIdentifier) window.operand(0)).names.get(
                                ((SqlIdentifier) window.operand(0)).names.size() - 1)) + "), " + arguments + ")")
                : Optional.empty();
        return new ParsedStatement.GroupWindow(
                written(window), function + "_START(" + String.join(", ", operands) + ")", tvf);
    }

    /** {@code GROUPING SETS}, {@code ROLLUP} or {@code CUBE}: groups of several keys, not one key. */
    private static boolean isGroupingSet(SqlCall call) {
        return call.getKind() == SqlKind.GROUPING_SETS || call.getKind() == SqlKind.ROLLUP
                || call.getKind() == SqlKind.CUBE;
    }

    /**
     * An expression as SQL without back-ticks, as the messages name it ({@code TUMBLE(ts, INTERVAL '30' SECOND)}: Calcite
     * writes a group window function under its operator's name, {@code $TUMBLE}).
     */
    private static String written(SqlCall call) {
        String sql = call.toString().replace("`", "");
        return GroupWindows.isWindow(call) && sql.startsWith("$") ? sql.substring(1) : sql;
    }

    /**
     * A {@code MATCH_RECOGNIZE} pattern as it is written ({@code A+ B}, {@code DOWN{2,} UP}): Calcite's unparse spaces
     * it out ({@code A + B}, {@code DOWN { 2, } UP}).
     */
    private static String pattern(SqlNode node, int depth) {
        if (node instanceof SqlIdentifier identifier) {
            return String.join(".", identifier.names);
        }
        if (!(node instanceof SqlCall call) || depth > MAX_FROM_DEPTH) {
            return node == null ? "" : node.toString().replace("`", "");
        }
        List<SqlNode> operands = Operands.of(call);
        return switch (call.getKind()) {
            case PATTERN_CONCAT -> String.join(" ", operands.stream().map(o -> pattern(o, depth + 1)).toList());
            case PATTERN_ALTER -> String.join(" | ", operands.stream().map(o -> pattern(o, depth + 1)).toList());
            case PATTERN_QUANTIFIER -> grouped(operands.get(0), depth) + quantifier(operands);
            default -> call.toString().replace("`", "");
        };
    }

    /** The quantified parts of a pattern with no upper bound ({@code A+}, {@code DOWN{2,}}), as written. */
    private static void unboundedQuantifiers(SqlNode node, List<String> found, int depth) {
        if (!(node instanceof SqlCall call) || depth > MAX_FROM_DEPTH) {
            return;
        }
        List<SqlNode> operands = Operands.of(call);
        if (call.getKind() == SqlKind.PATTERN_QUANTIFIER && ((SqlLiteral) operands.get(2)).intValue(true) == -1) {
            found.add(pattern(call, depth));
        }
        operands.forEach(o -> unboundedQuantifiers(o, found, depth + 1));
    }

    /** The pattern variables inside a quantifier with no upper bound, as written. */
    private static void unboundedVariables(SqlNode node, Set<String> found, boolean inside, int depth) {
        if (depth > MAX_FROM_DEPTH) {
            return;
        }
        if (node instanceof SqlIdentifier identifier) {
            if (inside) {
                found.add(identifier.getSimple());
            }
            return;
        }
        if (!(node instanceof SqlCall call)) {
            return;
        }
        List<SqlNode> operands = Operands.of(call);
        boolean unbounded = call.getKind() == SqlKind.PATTERN_QUANTIFIER
                && ((SqlLiteral) operands.get(2)).intValue(true) == -1;
        if (call.getKind() == SqlKind.PATTERN_QUANTIFIER) {
            unboundedVariables(operands.get(0), found, inside || unbounded, depth + 1);
            return;
        }
        operands.forEach(o -> unboundedVariables(o, found, inside, depth + 1));
    }

    private static String grouped(SqlNode node, int depth) {
        String inner = pattern(node, depth + 1);
        return node instanceof SqlIdentifier ? inner : "(" + inner + ")";
    }

    /** {@code +}, {@code *}, {@code ?}, {@code {2,}}, {@code {2,4}}, {@code {3}}: Calcite's minimum, maximum (-1: none), reluctant. */
    private static String quantifier(List<SqlNode> operands) {
        int min = ((SqlLiteral) operands.get(1)).intValue(true);
        int max = ((SqlLiteral) operands.get(2)).intValue(true);
        boolean reluctant = ((SqlLiteral) operands.get(3)).booleanValue();
        String q = min == 1 && max == -1 ? "+" : min == 0 && max == -1 ? "*" : min == 0 && max == 1 ? "?"
                : max == -1 ? "{" + min + ",}" : min == max ? "{" + min + "}" : "{" + min + "," + max + "}";
        return q + (reluctant ? "?" : "");
    }


    private static String quoted(SqlNode item) {
        if (item instanceof SqlIdentifier identifier) {
            return String.join(".", identifier.names.stream().map(SqlIdentifiers::sql).toList());
        }
        if (item instanceof SqlCall call && call.getKind() == SqlKind.DESCENDING && call.operandCount() == 1) {
            return quoted(call.operand(0)) + " DESC";
        }
        return sql(item);
    }

    /** An item of a window's PARTITION BY or ORDER BY as SQL: {@code user_id}, {@code o.amount DESC}. */
    /**
     * What {@code join} is on, as written ({@link SqlFacts#joinConditions}): its {@code ON} condition, its {@code USING}
     * columns, or, for a comma or {@code CROSS} join, the equalities of two columns in the {@code WHERE} of the SELECT
     * being walked, whose {@code FROM} it is; empty where it has none.
     */
    private String joinCondition(SqlJoin join) {
        SqlNode condition = join.getCondition();
        if (condition instanceof SqlNodeList using) {
            List<String> columns = new ArrayList<>();
            using.forEach(c -> columns.add(sql(c)));
            return "USING (" + String.join(", ", columns) + ")";
        }
        if (condition != null) {
            return sql(condition);
        }
        if (select == null || select.getWhere() == null) {
            return "";
        }
        List<String> equalities = new ArrayList<>();
        columnEqualities(select.getWhere(), equalities);
        return String.join(" AND ", equalities);
    }

    /** The {@code a = b} of two columns in {@code predicate}, through its {@code AND}s. */
    private static void columnEqualities(SqlNode predicate, List<String> into) {
        if (predicate instanceof SqlCall call && call.getKind() == SqlKind.AND) {
            for (SqlNode operand : call.getOperandList()) {
                columnEqualities(operand, into);
            }
        } else if (predicate instanceof SqlCall call && call.getKind() == SqlKind.EQUALS
                && call.operand(0) instanceof SqlIdentifier && call.operand(1) instanceof SqlIdentifier) {
            into.add(sql(call.operand(0)) + " = " + sql(call.operand(1)));
        }
    }

    private static String sql(SqlNode item) {
        if (item instanceof SqlIdentifier identifier) {
            return String.join(".", identifier.names);
        }
        if (item instanceof SqlCall call && call.getKind() == SqlKind.DESCENDING && call.operandCount() == 1) {
            return sql(call.operand(0)) + " DESC";
        }
        return item.toString().replace("`", "");
    }

    /** The {@code TABLE t} operands anywhere in a table function call. */
    private void collectExplicitTables(SqlCall call, int depth) {
        if (depth > MAX_FROM_DEPTH) {
            return;
        }
        for (SqlNode operand : Operands.of(call)) {
            if (operand instanceof SqlCall inner) {
                if (inner.getKind() == SqlKind.EXPLICIT_TABLE) {
                    collectFrom(inner, "", depth + 1);
                } else {
                    collectExplicitTables(inner, depth + 1);
                }
            }
        }
    }

    /** {@code ROW_NUMBER() OVER (...) AS rn}: remembers {@code rn}. */
    private void collectRankAlias(SqlCall call) {
        if (call.getKind() != SqlKind.AS || call.operandCount() < 2) {
            return;
        }
        SqlNode value = call.operand(0);
        if (value instanceof SqlCall aggregate && aggregate.getKind() != SqlKind.OVER && AggregateCalls.isAggregate(aggregate)
                && call.operand(1) instanceof SqlIdentifier alias) {
            aggregateAliases.putIfAbsent(alias.getSimple(), sql(aggregate));
        }
        if (value instanceof SqlCall over && over.getKind() == SqlKind.OVER) {
            // Functions are not resolved at parse time: compare the operator name.
            if (over.operand(0) instanceof SqlCall function
                    && Set.of("ROW_NUMBER", "RANK", "DENSE_RANK")
                            .contains(function.getOperator().getName().toUpperCase(Locale.ROOT))) {
                String alias = call.operand(1).toString();
                rankFunctionAliases.add(alias);
                List<String> partition = new ArrayList<>();
                List<String> order = new ArrayList<>();
                boolean ties = false;
                if (over.operandCount() > 1 && over.operand(1) instanceof SqlWindow window) {
                    window.getPartitionList().forEach(item -> partition.add(sql(item)));
                    window.getOrderList().forEach(item -> order.add(sql(item)));
                    ties = RankOrders.tiesWholePartition(window);
                }
                SqlNode where = select == null ? null : readerWhere.get(select);
                OptionalLong topN = RankBounds.of(where, alias)
                        .map(b -> OptionalLong.of(b.maxRank())).orElse(OptionalLong.empty());
                rankFunctions.add(new RankFunction(
                        function.getOperator().getName().toUpperCase(Locale.ROOT), alias, partition, order, from, topN,
                        ties));
            }
        }
    }

    /**
     * {@code LATERAL (SELECT ... FROM counts WHERE counts.shop = s.shop ORDER BY sold DESC LIMIT 3)}:
     * remembers what it reads, its correlated columns ({@code shop}: a column of its own {@code FROM}
     * equated to a column qualified by a name that {@code FROM} does not give), its order and limit.
     */
    private void collectLateralLimit(SqlCall call) {
        if (call.getKind() != SqlKind.LATERAL || call.operandCount() < 1
                || !(call.operand(0) instanceof SqlOrderBy limited) || limited.fetch == null) {
            return;
        }
        String name = limited.query instanceof SqlSelect select ? fromName(select.getFrom()) : "";
        List<String> keys = new ArrayList<>();
        List<String> others = new ArrayList<>();
        if (limited.query instanceof SqlSelect select) {
            for (SqlNode conjunct : Conjuncts.of(select.getWhere())) {
                Optional<CorrelatedKey> key = CorrelatedKey.of(conjunct, name);
                if (key.isPresent()) {
                    keys.add(key.get().column());
                } else {
                    others.add(sql(conjunct));
                }
            }
        }
        List<String> order = new ArrayList<>();
        limited.orderList.forEach(item -> order.add(sql(item)));
        lateralLimits.add(new LateralLimit(
                limited.query instanceof SqlSelect select && select.getFrom() instanceof SqlIdentifier ? name : "",
                keys, order, sql(limited.fetch), others));
    }

    /**
     * The class of a function Flink's parser read ({@code AS '<class>'}) and the jars of its {@code
     * USING JAR} clause (Flink's {@code SqlResource}; {@code JAR} is the one resource type Flink
     * loads, any other is collected too, as a location the statement loads).
     */
    private void collectFunction(
            SqlCharStringLiteral className, List<SqlNode> resources, String source, SqlParserPos pos) {
        if (className != null) {
            functionClasses.add(option("class", text(className), source, pos));
        }
        for (SqlNode resource : resources) {
            if (resource instanceof SqlResource jar && jar.getResourcePath() != null) {
                jars.add(option("jar", text(jar.getResourcePath()), "USING JAR", jar.getParserPosition()));
            }
        }
    }

    private static String text(SqlCharStringLiteral literal) {
        return literal.getValueAs(NlsString.class).getValue();
    }

    private static SqlOption option(String key, String value, String source, SqlParserPos pos) {
        return new SqlOption(key, value, source, pos.getLineNum(), pos.getColumnNum());
    }

    /**
     * The {@code STATE_TTL} options of one query block's hints that Flink drops ({@link
     * SupersededHint}): read from each hint's options as written ({@link #stateTtlOptions}), since
     * {@code getOptionKVPairs} keeps one value per key.
     */
    private void collectSuperseded(SqlNodeList hints) {
        Map<String, SqlOption> firstHint = new HashMap<>();
        for (List<SqlOption> written : stateTtlOptions(hints)) {
            Map<String, SqlOption> inThisHint = new LinkedHashMap<>();
            for (SqlOption option : written) {
                SqlOption earlier = inThisHint.put(option.key(), option);
                if (earlier != null) {
                    supersededTtlHints.add(new SupersededHint(earlier, option, true));
                }
            }
            for (SqlOption option : inThisHint.values()) {
                SqlOption kept = firstHint.get(option.key());
                if (kept != null) {
                    supersededTtlHints.add(new SupersededHint(option, kept, false));
                } else {
                    firstHint.put(option.key(), option);
                }
            }
        }
    }

    /**
     * The {@code STATE_TTL} options of {@code select}'s own hints whose key names none of its inputs ({@link
     * ParsedStatement.UnmatchedHint}); none where an input has no name a key could give (a subquery without an alias).
     */
    private void collectUnmatched(SqlSelect select) {
        List<List<SqlOption>> hints = stateTtlOptions(select.getHints());
        List<String> inputs = hints.isEmpty() ? null : HintInputName.inputs(select);
        if (inputs == null) {
            return;
        }
        for (List<SqlOption> written : hints) {
            for (SqlOption option : written) {
                if (!inputs.contains(option.key())) {
                    unmatchedTtlHints.add(new ParsedStatement.UnmatchedHint(option, inputs));
                }
            }
        }
    }

    /**
     * The options of each {@code STATE_TTL} hint of {@code hints}, as written (key, value, key, value, ...: a key
     * twice is kept twice), each at its hint's position; an option whose key or value is no literal or name is left out.
     */
    private static List<List<SqlOption>> stateTtlOptions(SqlNodeList hints) {
        List<List<SqlOption>> out = new ArrayList<>();
        if (hints == null) {
            return out;
        }
        for (SqlNode node : hints) {
            if (!(node instanceof SqlHint hint) || !hint.getName().equalsIgnoreCase("STATE_TTL")) {
                continue;
            }
            List<SqlNode> operands = Operands.of(hint);
            if (operands.size() < 2 || !(operands.get(1) instanceof SqlNodeList options)) {
                continue;
            }
            SqlParserPos pos = hint.getParserPosition();
            List<SqlOption> written = new ArrayList<>();
            for (int i = 0; i + 1 < options.size(); i += 2) {
                String key = optionText(options.get(i));
                String value = optionText(options.get(i + 1));
                if (key != null && value != null) {
                    written.add(new SqlOption(key, value, "STATE_TTL hint", pos.getLineNum(), pos.getColumnNum()));
                }
            }
            out.add(written);
        }
        return out;
    }

    /**
     * Keeps a string literal for {@link SqlFacts#stringLiterals} where its value holds a {@code =} or
     * a {@code :}, as every secret the redactor recognises in a value does ({@code password=...},
     * {@code token: ...}, {@code user:password@}): a statement of many plain literals (an {@code IN}
     * list of names) keeps none of them.
     */
    private void keepLiteral(String value, SqlParserPos start, SqlParserPos end) {
        if (value != null && (value.indexOf('=') >= 0 || value.indexOf(':') >= 0)) {
            stringLiterals.add(literal("literal", value, start, end));
        }
    }

    /** A literal's value from {@code start} to the end of {@code end}, as a {@code key} option with that span. */
    private static SqlOption literal(String key, String value, SqlParserPos start, SqlParserPos end) {
        return new SqlOption(key, value, "literal", start.getLineNum(), start.getColumnNum(), Optional.of(
                new ParsedStatement.Span(start.getLineNum(), start.getColumnNum(), end.getEndLineNum(), end.getEndColumnNum())));
    }

    /** A hint option's key or value as Flink reads it: an identifier's name or a string literal's value. */
    private static String optionText(SqlNode node) {
        if (node instanceof SqlIdentifier id) {
            return id.getSimple();
        }
        if (node instanceof SqlLiteral literal) {
            return literal.getValueAs(String.class);
        }
        if (node instanceof SqlCall call && call.getKind() == SqlKind.LITERAL_CHAIN) {
            return SqlLiteral.unchain(call).getValueAs(String.class);
        }
        return null;
    }

    /**
     * The options of a {@code STATE_TTL} or {@code OPTIONS} hint, each with the span of its value's
     * literal, read from the hint's operands rather than {@link SqlHint#getOptionKVPairs}, which
     * fails with a {@code ClassCastException} on a literal continued on the next line ({@code 'a'\n'b'},
     * a {@code LITERAL_CHAIN} call): such a value is read as Flink's parser joins it.
     */
    private void collectHint(SqlHint hint) {
        String name = hint.getName().toUpperCase(Locale.ROOT);
        List<SqlOption> into = name.equals("STATE_TTL") ? stateTtlHints : name.equals("OPTIONS") ? tableOptions : null;
        List<SqlNode> operands = Operands.of(hint);
        if (into == null || operands.size() < 2 || !(operands.get(1) instanceof SqlNodeList options)) {
            return;
        }
        SqlParserPos pos = hint.getParserPosition();
        String source = name.equals("STATE_TTL") ? "STATE_TTL hint" : "OPTIONS hint";
        // A key given twice in one hint is read once, with its last value, as getOptionKVPairs' map reads it.
        Map<String, SqlOption> read = new LinkedHashMap<>();
        for (int i = 0; i + 1 < options.size(); i += 2) {
            String key = optionText(options.get(i));
            String value = optionText(options.get(i + 1));
            if (key == null || value == null) {
                continue;
            }
            SqlParserPos valuePos = options.get(i + 1).getParserPosition();
            // An OPTIONS value carries its literal's span, for the redactor; a STATE_TTL option is matched
            // by equality with the one supersededTtlHints reads, which has none.
            Optional<ParsedStatement.Span> span = into == tableOptions
                    ? Optional.of(new ParsedStatement.Span(valuePos.getLineNum(), valuePos.getColumnNum(),
                            valuePos.getEndLineNum(), valuePos.getEndColumnNum()))
                    : Optional.empty();
            read.put(key, new SqlOption(key, value, source, pos.getLineNum(), pos.getColumnNum(), span));
        }
        into.addAll(read.values());
        if (into == stateTtlHints && existsHints.contains(hint)) {
            existsAggregateHints.addAll(read.values());
        }
    }

}
