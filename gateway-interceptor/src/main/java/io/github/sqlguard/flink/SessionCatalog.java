package io.github.sqlguard.flink;

import io.github.sqlguard.plan.Column;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.operations.ddl.CreateTableOperation;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the rewrites read of a session's catalogs, through the session's own {@link CatalogManager}
 * (the one its table environments share, {@link GatewaySessions#tableEnvironment}): a table's or
 * view's columns with their time attributes, a view's query, a table's options; the columns of a
 * query, as Flink's parser and validator read it ({@code Parser#parse} to a {@link QueryOperation},
 * which registers nothing). Reading changes nothing.
 *
 * <p>One thing does change the session, for the time of one proof: {@link #withChangedTable}
 * registers a changed copy of a table as a temporary table under a scratch name, and drops it in a
 * {@code finally}. Sound because Flink keeps temporary tables per session ({@code
 * CatalogManager#createTemporaryTable}: in the session's catalog manager, never in a catalog), the
 * scratch name is one nobody uses, and the caller holds the session's order, so no other call of
 * the session runs meanwhile to list or read it. The other choice, a scratch table environment with
 * copies of the session's temporary objects, would have to copy its functions, modules and jars too,
 * and still plan against something that is not the session.
 *
 * <p>Thread-safe; a {@link Reader} is one statement's, for one thread.
 */
public final class SessionCatalog {

    private final GatewaySessions sessions;

    public SessionCatalog(GatewaySessions sessions) {
        this.sessions = sessions;
    }

    /** A reader of {@code session}'s catalogs with {@code executionConfig}, for one statement's rewrites. */
    public Reader reader(SessionHandle session, Configuration executionConfig) {
        return new Reader(sessions.tableEnvironment(session, executionConfig), sessions.plannerRuns());
    }

    /** What one statement's rewrites read of the session, with one table environment of it. */
    public static final class Reader {

        private final TableEnvironmentInternal tEnv;
        private final PlannerRuns runs;

        private Reader(TableEnvironmentInternal tEnv, PlannerRuns runs) {
            this.tEnv = tEnv;
            this.runs = runs;
        }

        /** The table or view {@code names} names in the session, resolved as Flink resolves a name in a query. */
        public Optional<CatalogObject> lookUp(List<String> names) {
            CatalogManager catalogs = tEnv.getCatalogManager();
            ObjectIdentifier id;
            try {
                id = catalogs.qualifyIdentifier(UnresolvedIdentifier.of(names));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
            Optional<ContextResolvedTable> table;
            try {
                table = catalogs.getTable(id);
            } catch (RuntimeException e) {
                return Optional.empty();
            }
            return table.map(t -> of(id, t));
        }

        /** The columns of {@code query}, a {@code SELECT}, as Flink's validator reads it; empty when it does not. */
        public Optional<List<Column>> columns(String query) {
            try {
                runs.parse();
                List<Operation> operations = tEnv.getParser().parse(query);
                if (operations.size() == 1 && operations.get(0) instanceof QueryOperation q) {
                    return Optional.of(columns(q.getResolvedSchema()));
                }
            } catch (RuntimeException | LinkageError | StackOverflowError | AssertionError e) {
                // Flink cannot read it (an AssertionError: a hint checker's refusal): the rewrite that asked has no columns to go on.
            }
            return Optional.empty();
        }

        /**
         * The watermark of the table the {@code CREATE TABLE} statement {@code ddl} would create, as Flink resolves it
         * ({@code ts: `ts` - INTERVAL '5' SECOND}): the session's parser converts the DDL into its {@link
         * CreateTableOperation} ({@code SqlCreateTableConverter}) and the catalog manager resolves the table's schema
         * ({@link CatalogManager#resolveCatalogTable}), which validates the strategy against the columns ({@code
         * DefaultSchemaResolver}: a {@code TIMESTAMP(3)} or {@code TIMESTAMP_LTZ(3)} expression). Flink 2.3's converter
         * resolves it already; 1.20's leaves that to the catalog manager. Nothing is registered. Empty when Flink
         * refuses the DDL or it declares no watermark.
         */
        public Optional<String> createdWatermark(String ddl) {
            try {
                runs.parse();
                List<Operation> operations = tEnv.getParser().parse(ddl);
                if (operations.size() != 1 || !(operations.get(0) instanceof CreateTableOperation create)) {
                    return Optional.empty();
                }
                CatalogTable table = create.getCatalogTable();
                ResolvedCatalogTable resolved = table instanceof ResolvedCatalogTable r ? r
                        : tEnv.getCatalogManager().resolveCatalogTable(table);
                return resolved.getResolvedSchema().getWatermarkSpecs().stream().findFirst()
                        .map(w -> w.getRowtimeAttribute() + ": " + w.getWatermarkExpression().asSummaryString());
            } catch (RuntimeException | LinkageError | AssertionError e) {
                // Flink refuses the DDL (a strategy of another type, a column it does not have): no watermark to show.
                return Optional.empty();
            }
        }

        /**
         * Runs {@code body} while a changed copy of the table {@code table} (catalog, database,
         * name) is a temporary table {@code scratchName} of the same catalog and database: with a
         * {@code WATERMARK} on {@code watermarkColumn} of {@code watermarkDelaySeconds}, and without
         * the option {@code removedOption}. The copy is dropped when {@code body} returns or throws.
         *
         * @throws IllegalArgumentException when the table is not a table of the session
         */
        public <T> T withChangedTable(
                List<String> table, String scratchName, Optional<String> watermarkColumn, long watermarkDelaySeconds,
                Optional<String> removedOption, Supplier<T> body) {
            CatalogManager catalogs = tEnv.getCatalogManager();
            ObjectIdentifier id = ObjectIdentifier.of(table.get(0), table.get(1), table.get(2));
            CatalogBaseTable original = catalogs.getTable(id)
                    .<CatalogBaseTable>map(ContextResolvedTable::getResolvedTable)
                    .orElseThrow(() -> new IllegalArgumentException("No table " + id + " in the session."));
            if (!(original instanceof CatalogTable base)) {
                throw new IllegalArgumentException(id + " is not a table.");
            }
            Schema.Builder schema = Schema.newBuilder().fromSchema(base.getUnresolvedSchema());
            watermarkColumn.ifPresent(column -> {
                String quoted = "`" + column.replace("`", "``") + "`";
                schema.watermark(column, quoted + " - INTERVAL '" + watermarkDelaySeconds + "' SECOND");
            });
            Map<String, String> options = new HashMap<>(base.getOptions());
            removedOption.ifPresent(options::remove);
            CatalogTable copy = CatalogTable.newBuilder()
                    .schema(schema.build())
                    .comment(base.getComment())
                    .partitionKeys(base.getPartitionKeys())
                    .options(options)
                    .build();
            ObjectIdentifier scratch = ObjectIdentifier.of(id.getCatalogName(), id.getDatabaseName(), scratchName);
            catalogs.createTemporaryTable(copy, scratch, false);
            try {
                return body.get();
            } finally {
                catalogs.dropTemporaryTable(scratch, true);
            }
        }

        private static CatalogObject of(ObjectIdentifier id, ContextResolvedTable table) {
            ResolvedCatalogBaseTable<?> resolved = table.getResolvedTable();
            boolean view = resolved.getTableKind() == CatalogBaseTable.TableKind.VIEW;
            Optional<String> query = view && resolved instanceof CatalogView v ? Optional.ofNullable(v.getOriginalQuery())
                    : Optional.empty();
            Map<String, String> options = view ? Map.of() : resolved.getOptions();
            ResolvedSchema schema = resolved.getResolvedSchema();
            return new CatalogObject(
                    List.of(id.getCatalogName(), id.getDatabaseName(), id.getObjectName()), view, table.isTemporary(), query,
                    columns(schema), !schema.getWatermarkSpecs().isEmpty(), options,
                    schema.getPrimaryKey().map(UniqueConstraint::getColumns).orElse(List.of()), computed(schema));
        }

        /** Each computed column's name and expression, as Flink serializes it. */
        private static Map<String, String> computed(ResolvedSchema schema) {
            Map<String, String> out = new HashMap<>();
            for (org.apache.flink.table.catalog.Column column : schema.getColumns()) {
                if (column instanceof org.apache.flink.table.catalog.Column.ComputedColumn c) {
                    String text;
                    try {
                        text = c.getExpression().asSerializableString();
                    } catch (RuntimeException e) {
                        text = c.getExpression().asSummaryString();
                    }
                    out.put(column.getName(), text);
                }
            }
            return out;
        }

        /** The columns of {@code schema}, each with its time attribute ({@link LogicalTypeChecks}). */
        static List<Column> columns(ResolvedSchema schema) {
            List<Column> out = new ArrayList<>();
            for (org.apache.flink.table.catalog.Column column : schema.getColumns()) {
                LogicalType type = column.getDataType().getLogicalType();
                Column.TimeAttribute time = LogicalTypeChecks.isRowtimeAttribute(type) ? Column.TimeAttribute.ROWTIME
                        : LogicalTypeChecks.isProctimeAttribute(type) ? Column.TimeAttribute.PROCTIME
                                : Column.TimeAttribute.NONE;
                out.add(new Column(column.getName(), type.asSummaryString(), time));
            }
            return out;
        }
    }
}
