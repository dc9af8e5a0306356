package io.github.sqlguard.plan;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link CompiledPlanReader} reads of one node of a compiled plan, while it reads: the
 * components of its {@link PlanNode}, the fields its typed view reads ({@link ExecNodeFields}), and
 * where the fields read only to name a computed column start in the text. Used by one thread, for
 * one read.
 */
final class CompiledNode {

    static final int[] NONE = new int[0];

    /** One key of a {@code SortSpec}: {@code {"index": 2, "isAscending": false}}. */
    record SortField(int index, boolean ascending) {}

    int id;
    String type = "";
    /** {@link #type} without its version: {@code stream-exec-rank} for {@code stream-exec-rank_1}. */
    String kind = "";
    String description = "Unknown";
    List<OperatorState> state = List.of();
    OutputType outputType = OutputType.UNKNOWN;
    Optional<ObjectIdentifier> table = Optional.empty();
    /** The sources of the edges into this node, in input order. */
    List<Integer> inputs = List.of();
    /** True when an edge reads this node. */
    boolean consumed;

    // The typed fields (ExecNodeFields), by the names of Flink's StreamExec* JSON fields.
    /** {@code "partition"} of a Rank, {@code "overSpec"."partition"} of an OVER. */
    int[] partition = NONE;
    /** {@code "orderBy"} of a Rank, {@code "overSpec"."groups"[0]."orderBy"} of an OVER. */
    List<SortField> orderBy = List.of();
    /** {@code "rankRange"}: {@code Constant} with {@code start}/{@code end}, or {@code Variable} with {@code endIndex}. */
    String rankRangeType = "";
    long rankStart = -1;
    long rankEnd = -1;
    int rankEndIndex = -1;
    /** {@code "rankStrategy"."type"}: {@code AppendFast}, {@code Retract}, {@code UpdateFast}. */
    String rankStrategy = "";
    /** {@code "grouping"} of an aggregate. */
    int[] grouping = NONE;
    /** {@code "finalAggGrouping"} of an incremental aggregate. */
    int[] finalAggGrouping = NONE;
    /** {@code "partialAggGrouping"} of an incremental aggregate: its partial aggregation's keys, in its local aggregate's output. */
    int[] partialAggGrouping = NONE;
    /** {@code "uniqueKeys"} of a Deduplicate or ChangelogNormalize. */
    int[] uniqueKeys = NONE;
    boolean keepLastRow;
    /** {@code "isRowtime"} of a Deduplicate: it orders by an event-time attribute. */
    boolean isRowtime;
    /** {@code "joinSpec"}: {@code joinType}, {@code leftKeys}, {@code rightKeys}. */
    String joinType = "";
    int[] leftKeys = NONE;
    int[] rightKeys = NONE;
    /** A join's {@code "leftUpsertKeys"} and {@code "rightUpsertKeys"}: each input's upsert keys; null when absent. */
    int[][] leftUpsertKeys;
    int[][] rightUpsertKeys;
    /** {@code "aggCallNeedRetractions"} of an aggregate, one per call; null when absent. */
    boolean[] aggCallNeedRetractions;
    /** {@code "joinSpec"."nonEquiCondition"}: where it starts in the text; -1 when absent. */
    int nonEquiConditionAt = -1;
    /** A sink's {@code "requireUpsertMaterialize"}. */
    boolean requireUpsertMaterialize;
    /** A sink's {@code "inputUpsertKey"}. */
    int[] inputUpsertKey = NONE;
    /** A sink's {@code "conflictStrategy"."behavior"}; empty without an ON CONFLICT clause. */
    String conflictBehavior = "";
    /** A sink's {@code "upsertMaterializeStrategy"}; empty when not written. */
    String upsertMaterializeStrategy = "";
    /** The options of the node's table ({@code "table"."resolvedTable"."options"}); empty when not persisted. */
    Map<String, String> tableOptions = Map.of();
    /**
     * The primary key columns of a sink's, a source scan's or a lookup join's table ({@code "dynamicTableSink"}, {@code
     * "scanTableSource"} or {@code "temporalTable"."lookupTableSource"}, then {@code
     * ."table"."resolvedTable"."schema"."primaryKey"}).
     */
    List<String> primaryKey = List.of();
    /**
     * A source scan's table's {@code PROCTIME()} columns ({@code ."table"."resolvedTable"."schema"."columns"}, each a
     * {@code COMPUTED} column whose expression's type is of kind {@code PROCTIME}: {@code CompiledPlanReader#table}).
     */
    List<String> proctimes = List.of();
    /**
     * The output column a source's pushed-down watermark makes its rowtime where the output type leaves it
     * a plain {@code TIMESTAMP} ({@code CompiledPlanReader#pushedRowtime}); -1 when none.
     */
    int pushedRowtime = -1;
    /**
     * Whether the source has a pushed-down watermark whose ability does not name its rowtime (Flink 1.20's
     * {@code WatermarkPushDownSpec} has no {@code "rowtimeExpr"}): the consuming Calc then names it
     * ({@code CompiledPlanReader#rowtimeOfConsumingCalc}).
     */
    boolean pushedWatermarkWithoutRowtime;
    /**
     * A source scan's table's declared rowtime attribute ({@code "resolvedTable"."schema"."watermarkSpecs"[0]
     * ."rowtimeAttribute"}), or null: on Flink 1.20, where no Calc over the scan reinterprets it ({@code
     * CompiledPlanReader#rowtimeOfConsumingCalc}), the scan's output column of that name is its rowtime, as Flink 2.3's
     * {@code "rowtimeExpr"} says of the same scan (lint case 79).
     */
    String declaredRowtime;

    /** The index of {@link #declaredRowtime} in the output type; -1 where there is none or the scan does not emit it. */
    int declaredRowtimeIndex() {
        if (declaredRowtime == null) {
            return -1;
        }
        List<Column> columns = outputType.columns();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(declaredRowtime)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the source has a pushed-down watermark at all ({@code "abilities"} holds a {@code WatermarkPushDown}). */
    boolean pushedWatermark;
    /**
     * The projection indices of a Calc over such a source that compute the rowtime and cast it to a plain {@code
     * TIMESTAMP} ({@code CompiledPlanReader#castRowtimes}; {@link OutputType#castRowtimes()}).
     */
    List<Integer> castRowtimes = List.of();
    /** A sink table's physical columns, in order ({@code "dynamicTableSink"."table"."resolvedTable"."schema"."columns"}). */
    List<String> sinkColumns = List.of();
    /** Where {@code "projection"} (a Calc) and {@code "aggCalls"} (an aggregate) start in the text; -1 when absent. */
    int projectionAt = -1;
    int aggCallsAt = -1;
    /** Where a Calc's {@code "condition"} starts in the text; -1 when absent. */
    int conditionAt = -1;

    void setType(String type, Map<String, String> kinds) {
        this.type = type;
        this.kind = kinds.computeIfAbsent(type, t -> t.lastIndexOf('_') < 0 ? t : t.substring(0, t.lastIndexOf('_')));
    }

    void addInput(int source) {
        if (inputs.isEmpty()) {
            // Most operators have one input, a join or union two.
            inputs = new ArrayList<>(2);
        }
        inputs.add(source);
    }

    /** The anonymous sink a query is compiled into for the analysis only ({@link CompiledPlanReader#ANALYSIS_SINK}). */
    boolean isAnalysisSink() {
        return description.contains("anonymous_" + CompiledPlanReader.ANALYSIS_SINK);
    }

    /** The plan node; {@code names} holds the names read so far, by type, so that each is one string. */
    PlanNode toPlanNode(Map<String, String> names) {
        return new PlanNode(id, name(names), type, description, inputs,
                outputType.withRowtime(pushedRowtime).withCastRowtimes(castRowtimes), state, table, tableOptions, primaryKey, proctimes);
    }

    /**
     * The operator name heading the description ({@code Rank} of {@code Rank(strategy=...)}, as
     * Flink's {@code ExecNodeBase#getDescription} writes it); for a description that does not start
     * with one, the type's words ({@code stream-exec-group-aggregate} gives {@code GroupAggregate}).
     */
    private String name(Map<String, String> names) {
        String known = names.get(type);
        if (known != null && description.startsWith(known)
                && (description.length() == known.length() || description.charAt(known.length()) == '(')) {
            return known;
        }
        int end = 0;
        while (end < description.length() && isNameChar(description.charAt(end), end == 0)) {
            end++;
        }
        String name;
        if (end > 0 && (end == description.length() || description.charAt(end) == '(')) {
            name = description.substring(0, end);
        } else {
            name = typeWords();
        }
        names.putIfAbsent(type, name);
        return name;
    }

    private String typeWords() {
        String words = kind.startsWith("stream-exec-") ? kind.substring("stream-exec-".length())
                : kind.startsWith("batch-exec-") ? kind.substring("batch-exec-".length()) : kind;
        StringBuilder name = new StringBuilder();
        for (String word : words.split("-")) {
            if (!word.isEmpty()) {
                name.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
            }
        }
        return name.isEmpty() ? "Unknown" : name.toString();
    }

    private static boolean isNameChar(char c, boolean first) {
        boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        return first ? letter : letter || (c >= '0' && c <= '9') || c == '_' || c == '$';
    }
}
