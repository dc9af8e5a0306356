package io.github.sqlguard.flink;

import org.apache.flink.metrics.CharacterFilter;
import org.apache.flink.runtime.metrics.MetricRegistry;
import org.apache.flink.runtime.metrics.dump.QueryScopeInfo;
import org.apache.flink.runtime.metrics.groups.AbstractMetricGroup;
import org.apache.flink.runtime.metrics.scope.ScopeFormat;

import java.util.Map;

/**
 * The root metric group of a SQL Gateway process: scope {@code <host>.sqlgateway}, variable {@code
 * <host>}. Shaped like Flink's {@code ProcessMetricGroup} (the JobManager's), under its own name so
 * that a gateway's metrics are not mistaken for a JobManager's (a local-execution gateway runs one
 * in the same JVM) and read, e.g. in Prometheus, as {@code flink_sqlgateway_…}.
 */
final class SqlGatewayMetricGroup extends AbstractMetricGroup<AbstractMetricGroup<?>> {

    static final String NAME = "sqlgateway";

    private final String hostname;

    SqlGatewayMetricGroup(MetricRegistry registry, String hostname) {
        super(registry, new String[] {hostname, NAME}, null);
        this.hostname = hostname;
    }

    @Override
    protected String getGroupName(CharacterFilter filter) {
        return NAME;
    }

    @Override
    protected void putVariables(Map<String, String> variables) {
        variables.put(ScopeFormat.SCOPE_HOST, hostname);
    }

    @Override
    protected QueryScopeInfo createQueryServiceMetricInfo(CharacterFilter filter) {
        // The gateway runs no metric query service (that is the web UI's, over RPC); never asked.
        return new QueryScopeInfo.JobManagerQueryScopeInfo(NAME);
    }
}
