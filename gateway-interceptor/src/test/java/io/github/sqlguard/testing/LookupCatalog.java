package io.github.sqlguard.testing;

import io.github.sqlguard.flink.StandInTableSource;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.functions.LookupFunction;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A catalog (database {@code default}) whose own factory makes each table's {@code datagen} source a lookup source
 * too ({@code LookupTableSource}, as {@code jdbc}'s is), or a stand-in for an absent connector that is one where asked
 * ({@link StandInTableSource}); a table whose options (with an {@code OPTIONS} hint's) give it {@code number-of-rows}
 * gets datagen's scan source alone, so that a hint changes what the factory makes. It counts the sources its factory
 * creates, the planner's and the guard's alike ({@link #created()}).
 */
public final class LookupCatalog extends GenericInMemoryCatalog {

    private final boolean standIn;
    private final AtomicInteger created = new AtomicInteger();

    public LookupCatalog(String name, boolean standIn) {
        super(name, "default");
        this.standIn = standIn;
    }

    /** The sources this catalog's factory has created. */
    public int created() {
        return created.get();
    }

    @Override
    public Optional<Factory> getFactory() {
        return Optional.of(new LookupFactory(standIn, created));
    }

    /** Datagen's source, wrapped in a source that is also a lookup source unless the table is bounded. */
    private record LookupFactory(boolean standIn, AtomicInteger created) implements DynamicTableSourceFactory {

        @Override
        public DynamicTableSource createDynamicTableSource(Context context) {
            created.incrementAndGet();
            DynamicTableSourceFactory datagen = FactoryUtil.discoverFactory(
                    context.getClassLoader(), DynamicTableSourceFactory.class, "datagen");
            ScanTableSource scan = (ScanTableSource) datagen.createDynamicTableSource(context);
            if (context.getCatalogTable().getOptions().containsKey("number-of-rows")) {
                return scan;
            }
            return standIn ? new StandInLookup(scan) : new Lookup(scan);
        }

        @Override
        public String factoryIdentifier() {
            return "sql-guard-test-lookup";
        }

        @Override
        public Set<ConfigOption<?>> requiredOptions() {
            return Set.of();
        }

        @Override
        public Set<ConfigOption<?>> optionalOptions() {
            return Set.of();
        }
    }

    private static class Lookup implements ScanTableSource, LookupTableSource {

        protected final ScanTableSource scan;

        Lookup(ScanTableSource scan) {
            this.scan = scan;
        }

        @Override
        public ChangelogMode getChangelogMode() {
            return scan.getChangelogMode();
        }

        @Override
        public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
            return scan.getScanRuntimeProvider(context);
        }

        @Override
        public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
            return LookupFunctionProvider.of(new NoRows());
        }

        @Override
        public DynamicTableSource copy() {
            return new Lookup((ScanTableSource) scan.copy());
        }

        @Override
        public String asSummaryString() {
            return "lookup " + scan.asSummaryString();
        }
    }

    private static final class StandInLookup extends Lookup implements StandInTableSource {

        StandInLookup(ScanTableSource scan) {
            super(scan);
        }

        @Override
        public DynamicTableSource copy() {
            return new StandInLookup((ScanTableSource) scan.copy());
        }
    }

    /** Never asked: the statements are planned, not run. */
    public static final class NoRows extends LookupFunction {

        private static final long serialVersionUID = 1L;

        @Override
        public Collection<RowData> lookup(RowData keyRow) {
            return List.of();
        }
    }
}
