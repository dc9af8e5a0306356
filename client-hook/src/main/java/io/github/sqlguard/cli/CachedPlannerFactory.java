package io.github.sqlguard.cli;

import io.github.sqlguard.flink.DelegatingPlannerFactory;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.SqlDialect;
import org.apache.flink.table.delegation.ParserFactory;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.delegation.PlannerFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.Locale;
import java.util.Set;

/**
 * The CLI jar's {@code default} planner factory, in place of Flink's {@code DelegatePlannerFactory}
 * (flink-table-planner-loader, whose registration the CLI jar leaves out): the same delegation to
 * the planner's own factory, loaded by {@link CachedPlannerModule} from the planner jar unpacked once
 * into lint's cache. As Flink's, a dialect other than the default first adds the jar of that
 * dialect's {@link ParserFactory} (the Hive connector's) to the planner's class loader.
 */
public final class CachedPlannerFactory implements DelegatingPlannerFactory {

    private final CachedPlannerModule module = CachedPlannerModule.get();
    private final PlannerFactory delegate = module.loadPlannerFactory();

    @Override
    public PlannerFactory delegate() {
        return delegate;
    }

    @Override
    public Planner create(Context context) {
        SqlDialect dialect = context.getTableConfig().getSqlDialect();
        if (dialect != SqlDialect.DEFAULT) {
            ParserFactory parser = FactoryUtil.discoverFactory(
                    PlannerFactory.class.getClassLoader(), ParserFactory.class, dialect.name().toLowerCase(Locale.ROOT));
            module.addUrlToClassLoader(parser.getClass().getProtectionDomain().getCodeSource().getLocation());
        }
        return delegate.create(context);
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
