package io.github.sqlguard.flink;

import static org.apache.flink.table.api.Expressions.$;

import io.github.sqlguard.plan.CompiledPlanReader;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.SchemaTranslator;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.operations.SinkModifyOperation;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

import java.util.ArrayList;
import java.util.List;

/**
 * The sink a query is compiled into for the analysis only ({@link SessionPlanner}): an anonymous
 * {@code blackhole} table of the query's own schema, as {@code Table#insertInto(TableDescriptor)}
 * builds it, named {@link CompiledPlanReader#ANALYSIS_SINK} so that the plan reader leaves it out.
 * The user's catalog is not touched.
 *
 * <p>A query runs in Flink into a collect sink, which takes any number of rowtime attributes. A
 * table sink takes at most one: {@code StreamExecSink#translateToPlanInternal} refuses more with
 * {@code The query contains more than one rowtime attribute column [...] for writing into table
 * ...}, and asks for "casting all other columns to regular TIMESTAMP or TIMESTAMP_LTZ" (Flink 2.3
 * and 1.20 alike). A window table function's {@code SELECT *} has two ({@code window_time} and the
 * table's own rowtime), so the analysis sink of a query casts every rowtime attribute but the first
 * to its plain type, as Flink's message says, through Flink's Table API projection. The cast
 * materializes the timestamp above the query's own operators and changes none of them, so the
 * compiled plan's state entries are those the query runs with. The query of a {@code CREATE TABLE
 * AS} is compiled as it is: its real sink is a table sink, which Flink refuses the same way.
 */
final class AnalysisSink {

    private AnalysisSink() {}

    /** {@code query}, run as a query, into the analysis sink, its extra rowtime attributes cast. */
    static ModifyOperation ofQuery(TableEnvironmentInternal tEnv, QueryOperation query) {
        return of(tEnv.getCatalogManager(), withOneRowtimeAttribute(tEnv, query));
    }

    /** {@code query} (a {@code CREATE/REPLACE TABLE AS}'s) into the analysis sink, as it is. */
    static ModifyOperation of(CatalogManager catalogManager, QueryOperation query) {
        SchemaTranslator.ConsumingResult schema =
                SchemaTranslator.createConsumingResult(
                        catalogManager.getDataTypeFactory(), query.getResolvedSchema().toSourceRowDataType(), null, false);
        ResolvedCatalogTable table =
                catalogManager.resolveCatalogTable(
                        TableDescriptor.forConnector("blackhole").schema(schema.getSchema()).build().toCatalogTable());
        return new SinkModifyOperation(ContextResolvedTable.anonymous(CompiledPlanReader.ANALYSIS_SINK, table), query);
    }

    /**
     * {@code query} as it is when it has at most one rowtime attribute; else projected with every
     * rowtime attribute after the first cast to its plain type ({@code TIMESTAMP(p)} or {@code
     * TIMESTAMP_LTZ(p)}, nullability kept) under its own name.
     */
    static QueryOperation withOneRowtimeAttribute(TableEnvironmentInternal tEnv, QueryOperation query) {
        List<Column> columns = query.getResolvedSchema().getColumns();
        long rowtimes = columns.stream().filter(AnalysisSink::isRowtime).count();
        if (rowtimes <= 1 || !(tEnv instanceof TableEnvironmentImpl impl)) {
            return query;
        }
        List<Expression> projection = new ArrayList<>(columns.size());
        boolean kept = false;
        for (Column column : columns) {
            if (isRowtime(column) && kept) {
                projection.add($(column.getName()).cast(plain(column.getDataType())).as(column.getName()));
            } else {
                kept |= isRowtime(column);
                projection.add($(column.getName()));
            }
        }
        return impl.createTable(query).select(projection.toArray(new Expression[0])).getQueryOperation();
    }

    private static boolean isRowtime(Column column) {
        return LogicalTypeChecks.isRowtimeAttribute(column.getDataType().getLogicalType());
    }

    /** The type of a rowtime attribute without its time attribute kind. */
    private static DataType plain(DataType rowtime) {
        LogicalType type = rowtime.getLogicalType();
        DataType plain =
                type instanceof LocalZonedTimestampType ltz
                        ? DataTypes.TIMESTAMP_LTZ(ltz.getPrecision())
                        : DataTypes.TIMESTAMP(((TimestampType) type).getPrecision());
        return type.isNullable() ? plain : plain.notNull();
    }
}
