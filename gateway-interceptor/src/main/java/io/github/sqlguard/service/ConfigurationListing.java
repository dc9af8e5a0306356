package io.github.sqlguard.service;

import io.github.sqlguard.audit.Redactor;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.ResultSetImpl;

import java.util.ArrayList;
import java.util.List;

/**
 * The answer to a bare {@code SET} (the listing of the session's configuration, one {@code key,
 * value} row per option, as Flink's {@code OperationExecutor#callSetOperation} lists it) with the
 * value of every secret masked ({@link Redactor#isSecret}: a secret-looking key, passwords, secrets,
 * tokens, key material; or a value that carries a secret whatever its key, {@code 'pipeline.name' =
 * 'token=...'}), as the audit masks a {@code SET} of it. Flink's stock gateway lists them in clear
 * text, {@code security.ssl.rest.keystore-password} included. Stateless.
 */
final class ConfigurationListing {

    private ConfigurationListing() {}

    /** {@code result} of a bare {@code SET}, its secret values masked; a page without rows unchanged. */
    static ResultSet redacted(ResultSet result) {
        if (result.getData() == null || result.getData().isEmpty() || !(result instanceof ResultSetImpl page)) {
            return result;
        }
        List<RowData> rows = new ArrayList<>(result.getData().size());
        for (RowData row : result.getData()) {
            rows.add(row.getArity() == 2 && !row.isNullAt(0) && Redactor.isSecret(row.getString(0).toString(),
                            row.isNullAt(1) ? null : row.getString(1).toString())
                    ? GenericRowData.of(row.getString(0), StringData.fromString(Redactor.MASK_TEXT))
                    : row);
        }
        return new ResultSetImpl(
                page.getResultType(), page.getNextToken(), page.getResultSchema(), rows, page.getConverter(),
                page.isQueryResult(), page.getJobID(), page.getResultKind());
    }
}
