package io.github.sqlguard.service;

import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.api.results.ResultSet;

import java.util.List;
import java.util.Optional;

/**
 * What the answer of a {@code STOP JOB} says: with {@code WITH SAVEPOINT}, Flink's gateway answers with one row
 * whose column {@code savepoint path} is the savepoint it took ({@code OperationExecutor#callStopJobOperation}, the
 * column name read from Flink 1.20.0's and 2.3.0's class); without, a plain {@code OK}.
 */
final class StoppedJobResult {

    /** The column Flink's gateway names the savepoint's path in. */
    static final String SAVEPOINT_PATH = "savepoint path";

    private StoppedJobResult() {}

    /** The savepoint's path {@code result} names; empty where it names none (a stop without a savepoint). */
    static Optional<String> savepointPath(ResultSet result) {
        if (result.getResultType() != ResultSet.ResultType.PAYLOAD && result.getResultType() != ResultSet.ResultType.EOS) {
            return Optional.empty();
        }
        List<Column> columns = result.getResultSchema().getColumns();
        List<RowData> rows = result.getData();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).getName().equals(SAVEPOINT_PATH) && !rows.isEmpty() && !rows.get(0).isNullAt(i)) {
                return Optional.of(rows.get(0).getString(i).toString());
            }
        }
        return Optional.empty();
    }
}
