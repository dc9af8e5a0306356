package io.github.sqlguard.statement;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWriterConfig;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.pretty.SqlPrettyWriter;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A view's query that reads one table as it is, filtered at most: {@code SELECT id, name FROM customers WHERE active},
 * no column renamed or computed, no join, grouping, ranking, DISTINCT, ORDER BY or LIMIT, and a condition on the
 * table's own columns only (no subquery). Joined by a lookup join in the view's place, the table with the view's
 * condition added to the join's {@code ON} returns the rows the view would (Flink plans a lookup join with a condition
 * on the looked-up table, {@code CommonPhysicalLookupJoin#calcOnTemporalTable}), where Flink 2.3.0 and 1.20 refuse the
 * view itself read {@code FOR SYSTEM_TIME AS OF} processing time once it filters ("Unsupported call:
 * __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY"). The one reading of such a view for the {@code lookup-join} rewrite and for
 * {@code stateful-without-ttl}'s own fix with rewrites off, so that both write the same join. Stateless.
 *
 * @param table the table the view reads, as its query names it (Flink's expanded query: in full)
 * @param inner how the view's query qualifies the table's columns (its alias, else its name)
 */
public record FilteredView(List<String> table, String inner, Optional<SqlNode> where) {

    /**
     * Flink's dialect as the guard writes SQL (back-ticks where needed only, casing kept): the rewrite's {@code
     * SqlTrees} writes the same.
     */
    private static final SqlWriterConfig WRITER =
            SqlPrettyWriter.config()
                    .withDialect(new CalciteSqlDialect(SqlDialect.EMPTY_CONTEXT
                            .withQuotedCasing(Casing.UNCHANGED)
                            .withUnquotedCasing(Casing.UNCHANGED)
                            .withConformance(FlinkSqlConformance.DEFAULT)
                            .withIdentifierQuoteString("`")))
                    .withQuoteAllIdentifiers(false)
                    .withAlwaysUseParentheses(false)
                    .withClauseStartsLine(false)
                    .withSelectListItemsOnSeparateLines(false)
                    .withIndentation(0);

    public FilteredView {
        table = List.copyOf(table);
    }

    /** {@code expandedQuery} as such a view's query; empty where it is anything more. */
    public static Optional<FilteredView> of(String expandedQuery) {
        Optional<SqlNode> parsed = QueryFacts.parse(expandedQuery);
        if (parsed.isEmpty() || !(parsed.get() instanceof SqlSelect select) || select.getGroup() != null
                || select.getHaving() != null || select.isDistinct() || !select.getWindowList().isEmpty()
                || select.getOrderList() != null && !select.getOrderList().isEmpty() || select.getFetch() != null
                || select.getOffset() != null) {
            return Optional.empty();
        }
        SqlIdentifier name;
        String inner;
        if (select.getFrom() instanceof SqlIdentifier id) {
            name = id;
            inner = id.names.get(id.names.size() - 1);
        } else if (select.getFrom() != null && select.getFrom().getKind() == SqlKind.AS
                && ((SqlCall) select.getFrom()).operand(0) instanceof SqlIdentifier id
                && ((SqlCall) select.getFrom()).getOperandList().size() == 2) {
            name = id;
            inner = ((SqlIdentifier) ((SqlCall) select.getFrom()).operand(1)).getSimple();
        } else {
            return Optional.empty();
        }
        for (SqlNode item : select.getSelectList()) {
            if (!(item instanceof SqlIdentifier id) || !(id.isStar() || id.names.size() == 1
                    || id.names.size() == 2 && id.names.get(0).equals(inner))) {
                return Optional.empty(); // a column renamed or computed: the statement's names are the view's
            }
        }
        FilteredView view = new FilteredView(name.names, inner, Optional.ofNullable(select.getWhere()));
        return view.where().isPresent() && view.filter("q").isEmpty() ? Optional.empty() : Optional.of(view);
    }

    /**
     * The view's condition with each column qualified by {@code qualifier} (the join's alias of the view); empty where
     * the view has no condition or it names something other than the table's columns (a subquery, another name).
     */
    public Optional<SqlNode> filter(String qualifier) {
        if (where.isEmpty()) {
            return Optional.empty();
        }
        boolean[] foreign = {false};
        SqlShuttle requalify = new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                if (id.names.size() == 1 || id.names.size() == 2 && id.names.get(0).equals(inner)) {
                    return identifier(qualifier, id.names.get(id.names.size() - 1));
                }
                foreign[0] = true;
                return id;
            }

            @Override
            public SqlNode visit(SqlCall call) {
                if (call instanceof SqlSelect) {
                    foreign[0] = true; // a subquery: not a condition on the looked-up row
                    return call;
                }
                return super.visit(call);
            }
        };
        // Calcite's shuttle copies each call whose operands change: the view's tree is left as it was.
        SqlNode out = where.get().accept(requalify);
        return foreign[0] ? Optional.empty() : Optional.ofNullable(out);
    }

    /**
     * {@link #filter} as SQL as it follows a join's condition and {@code AND} ({@code c.active}; {@code (m.country =
     * 'DE' AND m.verified)}, in parentheses as Calcite writes a conjunction on the right of another, as the {@code
     * lookup-join} rewrite's {@code ON} prints it); empty where {@link #filter} is.
     */
    public Optional<String> conjunct(String qualifier) {
        return filter(qualifier).map(f -> {
            String and = unparse(SqlStdOperatorTable.AND.createCall(SqlParserPos.ZERO, identifier("x"), f));
            return and.substring(and.indexOf(" AND ") + " AND ".length());
        });
    }

    /** {@code node} as the guard writes SQL: the user's quoting kept, on as few lines as Calcite writes it. */
    public static String unparse(SqlNode node) {
        return node.toSqlString(c -> WRITER).getSql();
    }

    /** An identifier quoted only where Flink's parser needs it ({@link SqlIdentifiers#needsQuotes}). */
    private static SqlIdentifier identifier(String... names) {
        List<SqlParserPos> positions = new ArrayList<>(names.length);
        for (String name : names) {
            positions.add(SqlIdentifiers.needsQuotes(name) ? SqlParserPos.QUOTED_ZERO : SqlParserPos.ZERO);
        }
        return new SqlIdentifier(List.of(names), null, SqlParserPos.ZERO, positions);
    }
}
