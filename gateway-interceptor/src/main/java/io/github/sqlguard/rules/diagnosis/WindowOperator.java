package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;
import io.github.sqlguard.statement.PartitionKeys;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The window operator a statement Flink refused writes into its sink, read from the statement (a refused statement has
 * no plan): a window Top-N, a window deduplication or a window join, each over a windowing TVF ({@code
 * TABLE(TUMBLE(...))}). Each emits its rows once, when the watermark passes its window's end, as inserts; what Flink 2.3.0
 * derives as their upsert key ({@code FlinkRelMdUpsertKeys}), asked of its planner into jdbc sinks through lint's
 * stand-ins (lint cases 58-60):
 *
 * <ul>
 *   <li>{@link Kind#TOP_N}, a {@code StreamPhysicalWindowRank}: a {@code Rank}, keyed as {@code
 *       FlinkRelMdUniqueKeys#getRankUniqueKeys} says, by its partition columns without {@code window_start} and {@code
 *       window_end} ({@code StreamPhysicalWindowRankRule} leaves them out of the partition key) together with the row
 *       number, where a {@code ROW_NUMBER} is written; with the row number not written, by its input's key, and a
 *       window aggregation or a windowing TVF has none. A window Top-1 whose row number is not written is keyed by
 *       its partition columns without the window's, and plans into a sink keyed so (no finding).
 *   <li>{@link Kind#DEDUPLICATE}, a {@code StreamPhysicalWindowDeduplicate} (a Top-1 ordered by a time attribute only,
 *       {@code RankUtil#canConvertToDeduplicate}): a {@code SingleRel} for which {@code FlinkRelMdUpsertKeys} has no
 *       case, so none, whatever it selects and the sink declares.
 *   <li>{@link Kind#JOIN}, a {@code StreamPhysicalWindowJoin}: a {@code Join}, keyed by its inputs' keys, and a windowing
 *       TVF ({@code StreamPhysicalWindowTableFunction}) or a window aggregation has none, so none.
 * </ul>
 *
 * @param kind which window operator
 * @param tvf the windowing TVF's function ({@code TUMBLE}, {@code HOP}, {@code CUMULATE}, {@code SESSION})
 * @param rank the window Top-N's or deduplication's rank function; empty for a join
 * @param join the window join's condition as written; empty for a ranking
 */
record WindowOperator(Kind kind, String tvf, Optional<RankFunction> rank, String join) {

    /** The window operators whose rows Flink 2.3.0 may give no upsert key. */
    enum Kind {
        TOP_N,
        DEDUPLICATE,
        JOIN
    }

    /**
     * The window operator of the statement: a rank function partitioned by {@code window_start} or {@code window_end}
     * whose reading query bounds it (a window Top-N, or a window deduplication where it keeps one row ordered by a time
     * attribute alone: a column the catalog declares a time attribute of a table read, or {@code window_time}), else a
     * join whose condition names {@code window_start} or {@code window_end}, in a statement that reads a windowing TVF
     * ({@code tvf}). Empty otherwise.
     */
    static Optional<WindowOperator> of(AnalysisContext context, Optional<String> tvf) {
        if (tvf.isEmpty()) {
            return Optional.empty();
        }
        for (RankFunction rank : context.statement().facts().rankFunctions()) {
            if (rank.topN().isEmpty() || rank.partitionBy().stream().noneMatch(PartitionKeys::windowColumn)) {
                continue;
            }
            boolean deduplicate = rank.topN().getAsLong() == 1 && rank.function().equalsIgnoreCase("ROW_NUMBER")
                    && rank.orderBy().size() == 1 && timeAttribute(ordered(rank.orderBy().get(0)), context);
            return Optional.of(new WindowOperator(deduplicate ? Kind.DEDUPLICATE : Kind.TOP_N, tvf.get(),
                    Optional.of(rank), ""));
        }
        if (!context.statement().facts().rankFunctions().isEmpty()) {
            return Optional.empty();
        }
        for (String condition : context.statement().facts().joinConditions()) {
            String lower = condition.toLowerCase(Locale.ROOT);
            if (lower.contains("window_start") || lower.contains("window_end")) {
                return Optional.of(new WindowOperator(Kind.JOIN, tvf.get(), Optional.empty(), condition));
            }
        }
        return Optional.empty();
    }

    /** The ranking's partition columns other than the window's, as the statement writes them without a qualifier. */
    List<String> partitionBeyondWindow() {
        return rank.map(r -> r.partitionBy().stream().filter(c -> !PartitionKeys.windowColumn(c)).map(SqlIdentifiers::lastName)
                .toList()).orElse(List.of());
    }

    /** The ranking's window columns ({@code window_start}, {@code window_end}) as the statement writes them. */
    List<String> windowPartition() {
        return rank.map(r -> r.partitionBy().stream().filter(PartitionKeys::windowColumn).map(SqlIdentifiers::lastName)
                .toList()).orElse(List.of());
    }

    /** The column an {@code ORDER BY} item orders by, without its direction and qualifier. */
    private static String ordered(String item) {
        String column = item.strip().replaceAll("(?i)\\s+(ASC|DESC)$", "");
        return SqlIdentifiers.lastNameUnquoted(column);
    }

    /** True where {@code column} is {@code window_time} or a time attribute a table the statement reads declares. */
    private static boolean timeAttribute(String column, AnalysisContext context) {
        if (column.equalsIgnoreCase("window_time")) {
            return true;
        }
        for (TableRead read : context.tablesRead()) {
            if (read.column(column).map(Column::timeAttribute).filter(Column.TimeAttribute::isTimeAttribute).isPresent()) {
                return true;
            }
        }
        return false;
    }
}
