package io.github.sqlguard.service;

import io.github.sqlguard.flink.FlinkLine;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import javax.annotation.Nullable;

import java.net.URI;
import java.util.Map;

/**
 * The guarded service as Flink's {@code FetchResultsHandler} is given it ({@link
 * GuardedSqlGatewayService#forFetchResults}): every call the guarded service's, but the session's configuration,
 * which is only its local time zone ({@link GuardedSqlGatewayService#localTimeZone}). That is all the handler reads
 * of it: for a page in the JSON row format, {@code FetchResultsHandler#handleRequest} makes a {@code
 * RowDataLocalTimeZoneConverter} of {@code Configuration.fromMap(service.getSessionConfig(session))}, which reads
 * {@code TableConfigOptions#LOCAL_TIME_ZONE} alone ({@code RowDataLocalTimeZoneConverter#getSessionTimeZone}), and
 * nothing of the configuration goes into the response (flink-sql-gateway 2.3.0 and 1.20.0, byte code read with
 * {@code javap}). The guarded service's whole configuration, each value masked, was made for it on every page with
 * rows (bench/results/2026-12-05-cheap-r52.md).
 */
final class FetchResultsView extends ForwardingSqlGatewayService {

    private final GuardedSqlGatewayService guarded;

    FetchResultsView(GuardedSqlGatewayService guarded) {
        super(guarded);
        this.guarded = guarded;
    }

    @Override
    public Map<String, String> getSessionConfig(SessionHandle sessionHandle) throws SqlGatewayException {
        return guarded.localTimeZone(sessionHandle);
    }

    // No @Override: Flink 1.20's SqlGatewayService has no deployScript; on 2.x this overrides it.
    public <ClusterID> ClusterID deployScript(
            SessionHandle sessionHandle, @Nullable URI scriptUri, @Nullable String script, Configuration executionConfig)
            throws SqlGatewayException {
        return FlinkLine.current().<ClusterID>deployScript(delegate, sessionHandle, scriptUri, script, executionConfig);
    }
}
