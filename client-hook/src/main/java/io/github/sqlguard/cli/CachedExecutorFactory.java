package io.github.sqlguard.cli;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.delegation.Executor;
import org.apache.flink.table.delegation.StreamExecutorFactory;

import java.util.Set;

/**
 * The CLI jar's {@code default} executor factory, in place of Flink's {@code DelegateExecutorFactory}
 * (flink-table-planner-loader): the planner's own executor factory, loaded by {@link
 * CachedPlannerModule} from the planner jar unpacked once into lint's cache. Public with public
 * {@code create} methods: Flink's gateway calls {@code create(StreamExecutionEnvironment)} reflectively
 * ({@code OperationExecutor#lookupExecutor}).
 */
public final class CachedExecutorFactory implements StreamExecutorFactory {

    private final StreamExecutorFactory delegate =
            (StreamExecutorFactory) CachedPlannerModule.get().loadExecutorFactory();

    @Override
    public Executor create(Configuration configuration) {
        return delegate.create(configuration);
    }

    @Override
    public Executor create(StreamExecutionEnvironment environment) {
        return delegate.create(environment);
    }

    @Override
    public String factoryIdentifier() {
        return delegate.factoryIdentifier();
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return delegate.requiredOptions();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return delegate.optionalOptions();
    }
}
