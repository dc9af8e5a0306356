package io.github.sqlguard.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.plugin.PluginManager;
import org.apache.flink.core.plugin.PluginUtils;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.MetricRegistryConfiguration;
import org.apache.flink.runtime.metrics.MetricRegistryImpl;
import org.apache.flink.runtime.metrics.ReporterSetup;
import org.apache.flink.runtime.metrics.util.MetricUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The metric system of a SQL Gateway process, set up from Flink's configuration as a JobManager
 * sets up its own ({@code MetricRegistryImpl}, {@code metrics.reporter.*} from the class path and
 * Flink's plugins, the JVM's {@code Status} metrics): Flink's runtime internals, here only.
 */
public final class SqlGatewayMetrics {

    private SqlGatewayMetrics() {}

    /**
     * The gateway's root group {@code <host>.sqlgateway} ({@link SqlGatewayMetricGroup}).
     *
     * @param group the root group
     * @param reporters how many reporters Flink set up from the configuration
     * @param close unregisters the group and closes the registry and its reporters
     */
    public record Root(MetricGroup group, int reporters, AutoCloseable close) {}

    /**
     * Sets up Flink's metric registry from {@code config} ({@code metrics.reporter.<name>.*}, {@code
     * metrics.reporters}, scope and filter options; reporter factories from the classpath and from
     * Flink's plugins directory), with the gateway's root group for {@code hostname}. Reporters that
     * cannot start are logged by Flink and skipped, as on a JobManager.
     */
    public static Root open(Configuration config, String hostname) {
        PluginManager plugins = PluginUtils.createPluginManagerFromRootFolder(config);
        List<ReporterSetup> reporters = FlinkLine.current().metricReporters(config, plugins);
        // No metric query service runs in the gateway, so no RPC frame size limits a dump.
        MetricRegistryImpl registry =
                new MetricRegistryImpl(MetricRegistryConfiguration.fromConfiguration(config, Long.MAX_VALUE), reporters);
        SqlGatewayMetricGroup root = new SqlGatewayMetricGroup(registry, hostname);
        MetricUtils.instantiateStatusMetrics(root.addGroup("Status"));
        return new Root(root, reporters.size(), () -> {
            root.close();
            registry.closeAsync().get(30, TimeUnit.SECONDS);
        });
    }
}
