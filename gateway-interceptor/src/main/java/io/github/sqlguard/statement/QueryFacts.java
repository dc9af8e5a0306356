package io.github.sqlguard.statement;

import io.github.sqlguard.statement.ParsedStatement.SqlFacts;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;

import java.util.Optional;

/**
 * What Flink's SQL parser finds in SQL that is not a statement sent to the guard: the query of a
 * view as the session's catalog keeps it ({@code CatalogView#getExpandedQuery()}), the body of a
 * statement the guard plans. The same facts {@link StatementParser} collects for a statement
 * ({@link SqlFacts}: {@code STATE_TTL} hints, table options, the tables read). Thread-safe.
 */
public final class QueryFacts {

    private QueryFacts() {}

    /** The facts of {@code sql}, one statement or query; empty when Flink's SQL parser cannot read it as one. */
    public static Optional<SqlFacts> of(String sql) {
        return parse(sql).flatMap(QueryFacts::of);
    }

    /** {@code sql}, one statement or query, as Flink's SQL parser reads it; empty when it cannot read it as one. */
    public static Optional<SqlNode> parse(String sql) {
        if (sql == null || sql.isBlank()) {
            return Optional.empty();
        }
        SqlNodeList nodes;
        try {
            nodes = FlinkSqlParser.parseStmtList(sql);
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            // Not ours to judge: the statement itself was read (and judged) by StatementParser.
            return Optional.empty();
        }
        return nodes.size() == 1 ? Optional.of(nodes.get(0)) : Optional.empty();
    }

    /** The facts of {@code node}, a tree of {@link #parse}; empty when it is nested too deeply to walk. */
    public static Optional<SqlFacts> of(SqlNode node) {
        SqlFactsCollector collector = new SqlFactsCollector();
        try {
            collector.visit(node);
        } catch (StackOverflowError e) {
            return Optional.empty();
        }
        return Optional.of(collector.facts());
    }
}
