package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.statement.QueryFacts;
import io.github.sqlguard.statement.SqlIdentifiers;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.SqlWriterConfig;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.pretty.SqlPrettyWriter;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reading and writing statement trees as Flink does, for the rewrites: Flink's own SQL parser
 * ({@code statement.FlinkSqlParser}: {@code FlinkSqlParserImpl}, Java lexical rules), and Calcite's unparse
 * in Flink's dialect.
 *
 * <p>How Flink itself writes a tree back as SQL: {@code SqlNodeConvertContext#toQuotedSqlString}
 * (a view's stored query, {@code CatalogView#getOriginalQuery}) unparses with a {@code
 * CalciteSqlDialect} of the parser's casing, conformance and back-tick quoting, quoting every
 * identifier. The rewrites use the same dialect but {@code quoteAllIdentifiers(false)}: Calcite's
 * {@code SqlPrettyWriter#identifier(name, quoted)} then quotes exactly the identifiers the parser
 * read as quoted ({@code SqlIdentifier#isComponentQuoted}), so the user's identifiers come back as
 * written, in their case and quoting; names the rewrite adds are quoted only where the parser
 * needs it ({@link #identifier}). Clauses stay on one line ({@code clauseStartsLine(false)}) so a
 * changed part reads as one phrase where it is put back into the user's text ({@link Splicer}).
 */
final class SqlTrees {

    private SqlTrees() {}

    /**
     * Flink's dialect as {@code SqlNodeConvertContext#toQuotedSqlString} builds it, with back-tick
     * quoting, that also writes a table's hints (an {@code OPTIONS} hint after the table's name):
     * Calcite's {@code SqlTableRef#unparse} leaves them to {@code SqlDialect#unparseTableScanHints},
     * which writes nothing by default, so a statement written anew would lose its {@code OPTIONS}
     * hints, and a rewrite that only changes a hint would read as no change at all. Written as
     * Calcite's {@code SqlSelectOperator} writes a query hint.
     */
    static final SqlDialect DIALECT =
            new CalciteSqlDialect(
                    SqlDialect.EMPTY_CONTEXT
                            .withQuotedCasing(Casing.UNCHANGED)
                            .withUnquotedCasing(Casing.UNCHANGED)
                            .withConformance(FlinkSqlConformance.DEFAULT)
                            .withIdentifierQuoteString("`")) {
                @Override
                public void unparseTableScanHints(SqlWriter writer, SqlNodeList hints, int leftPrec, int rightPrec) {
                    writer.print("/*+ ");
                    hints.unparse(writer, 0, 0);
                    writer.print("*/");
                }
            };

    private static final SqlWriterConfig WRITER =
            SqlPrettyWriter.config()
                    .withDialect(DIALECT)
                    .withQuoteAllIdentifiers(false)
                    .withAlwaysUseParentheses(false)
                    .withClauseStartsLine(false)
                    .withSelectListItemsOnSeparateLines(false)
                    .withIndentation(0);

    /** The one statement Flink's SQL parser reads from {@code text} ({@link QueryFacts#parse}). */
    static Optional<SqlNode> parse(String text) {
        return QueryFacts.parse(text);
    }

    /** {@code node} as SQL in Flink's dialect, the user's quoting kept, on as few lines as Calcite writes it. */
    static String unparse(SqlNode node) {
        return node.toSqlString(c -> WRITER).getSql();
    }

    /**
     * An identifier the rewrite adds ({@code window_start}, a column of the table): quoted only when
     * Flink's parser would not read it unquoted (not a simple name, or a reserved word).
     */
    static SqlIdentifier identifier(String... names) {
        List<SqlParserPos> positions = new ArrayList<>(names.length);
        for (String name : names) {
            positions.add(SqlIdentifiers.needsQuotes(name) ? SqlParserPos.QUOTED_ZERO : SqlParserPos.ZERO);
        }
        return new SqlIdentifier(List.of(names), null, SqlParserPos.ZERO, positions);
    }

    /**
     * {@code duration} as an SQL interval in its largest whole unit: {@code INTERVAL '5' MINUTE},
     * {@code INTERVAL '1' DAY}, {@code INTERVAL '90' SECOND}.
     */
    static SqlLiteral interval(Duration duration) {
        AdvisedValues.Interval interval = AdvisedValues.Interval.of(duration);
        return SqlLiteral.createInterval(
                1, Long.toString(interval.amount()),
                new SqlIntervalQualifier(TimeUnit.valueOf(interval.unit()), null, SqlParserPos.ZERO), SqlParserPos.ZERO);
    }

    /** {@code duration} as Flink writes a duration option ({@code 1 d}, {@code 5 min}). */
    static String duration(Duration duration) {
        return io.github.sqlguard.rules.StateTtl.format(duration);
    }
}
