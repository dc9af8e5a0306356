package io.github.sqlguard.statement;

import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import io.github.sqlguard.flink.FlinkLine;

import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.sql.parser.ddl.SqlReplaceTableAs;
import org.apache.flink.sql.parser.ddl.SqlTableOption;
import org.apache.flink.sql.parser.dml.SqlStatementSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Walks the tree Flink's SQL parser gave for a statement and collects what the rules read: {@code
 * STATE_TTL} hint options, {@code WITH} and {@code OPTIONS} hint options, and the aliases of rank
 * functions. One per statement.
 */
final class SqlFactsCollector {
    private final List<SqlOption> stateTtlHints = new ArrayList<>();
    private final List<SqlOption> tableOptions = new ArrayList<>();
    private final List<String> rankFunctionAliases = new ArrayList<>();

    /** What was collected. */
    SqlFacts facts() {
        return new SqlFacts(stateTtlHints, tableOptions, rankFunctionAliases);
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
            tableOptions.add(
                    new SqlOption(
                            option.getKeyString(),
                            option.getValueString(),
                            "WITH",
                            pos.getLineNum(),
                            pos.getColumnNum()));
            return;
        }
        if (node instanceof SqlHint hint) {
            collectHint(hint);
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
        if (node instanceof SqlCall call) {
            collectRankAlias(call);
            for (SqlNode operand : operands(call)) {
                visit(operand);
            }
        }
    }

    /** {@code ROW_NUMBER() OVER (...) AS rn}: remembers {@code rn}. */
    private void collectRankAlias(SqlCall call) {
        if (call.getKind() != SqlKind.AS || call.operandCount() < 2) {
            return;
        }
        SqlNode value = call.operand(0);
        if (value instanceof SqlCall over && over.getKind() == SqlKind.OVER) {
            // Functions are not resolved at parse time: compare the operator name.
            if (over.operand(0) instanceof SqlCall function
                    && Set.of("ROW_NUMBER", "RANK", "DENSE_RANK")
                            .contains(function.getOperator().getName().toUpperCase(Locale.ROOT))) {
                rankFunctionAliases.add(call.operand(1).toString());
            }
        }
    }

    private void collectHint(SqlHint hint) {
        String name = hint.getName().toUpperCase(Locale.ROOT);
        SqlParserPos pos = hint.getParserPosition();
        if (name.equals("STATE_TTL")) {
            hint.getOptionKVPairs()
                    .forEach(
                            (k, v) ->
                                    stateTtlHints.add(
                                            new SqlOption(
                                                    k,
                                                    v,
                                                    "STATE_TTL hint",
                                                    pos.getLineNum(),
                                                    pos.getColumnNum())));
        } else if (name.equals("OPTIONS")) {
            hint.getOptionKVPairs()
                    .forEach(
                            (k, v) ->
                                    tableOptions.add(
                                            new SqlOption(
                                                    k,
                                                    v,
                                                    "OPTIONS hint",
                                                    pos.getLineNum(),
                                                    pos.getColumnNum())));
        }
    }

    private static List<SqlNode> operands(SqlCall call) {
        try {
            return call.getOperandList();
        } catch (UnsupportedOperationException e) {
            // Some Flink DDL nodes do not expose operands; they carry no hints or queries.
            return List.of();
        }
    }
}
