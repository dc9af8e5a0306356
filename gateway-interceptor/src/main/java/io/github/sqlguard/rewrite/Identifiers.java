package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.SqlIdentifiers;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.ArrayList;
import java.util.List;

/**
 * Identifier quoting for SQL the user did not write: a view's query as Flink keeps it ({@code
 * CatalogView#getOriginalQuery}) has every identifier in back-ticks, which is Flink's writing, not
 * the user's. {@link #plain} takes the quotes off where Flink's parser needs none, a tree-wide
 * change and so a {@link SqlShuttle}.
 */
final class Identifiers {

    private Identifiers() {}

    /** {@code tree} with each identifier quoted only where it needs it ({@link SqlIdentifiers#needsQuotes}). */
    static SqlNode plain(SqlNode tree) {
        return tree.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlIdentifier id) {
                if (id.isStar()) {
                    return id;
                }
                List<SqlParserPos> positions = new ArrayList<>(id.names.size());
                for (int i = 0; i < id.names.size(); i++) {
                    String name = id.names.get(i);
                    positions.add(name.isEmpty() || SqlIdentifiers.needsQuotes(name) ? SqlParserPos.QUOTED_ZERO : SqlParserPos.ZERO);
                }
                return new SqlIdentifier(id.names, id.getCollation(), id.getParserPosition(), positions);
            }
        });
    }
}
