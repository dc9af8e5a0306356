package io.github.sqlguard.plan;

import com.fasterxml.jackson.databind.JsonNode;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link CompiledPlanReader} reads of one node of a compiled plan, while it reads: the
 * components of its {@link PlanNode}, the fields its typed view reads ({@link #spec}) and where
 * the fields read only to name a computed column start in the text ({@link #deferred}). Used by one
 * thread, for one read.
 */
final class CompiledNode {

    int id;
    String type = "";
    String description = "Unknown";
    List<OperatorState> state = List.of();
    OutputType outputType = OutputType.UNKNOWN;
    Optional<ObjectIdentifier> table = Optional.empty();
    /** {@code "partition"}, {@code "orderBy"}, {@code "rankRange"}, ... as small trees. */
    final Map<String, JsonNode> spec = new HashMap<>(4);
    /** {@code "projection"} of a Calc, {@code "aggCalls"} of an aggregate: the offset of the value in the plan text. */
    final Map<String, Integer> deferred = new HashMap<>(2);

    /** The compiled plan's type without its version: {@code stream-exec-rank} for {@code stream-exec-rank_1}. */
    String kind() {
        int version = type.lastIndexOf('_');
        return version < 0 ? type : type.substring(0, version);
    }

    /** The anonymous sink a query is compiled into for the analysis only ({@link CompiledPlanReader#ANALYSIS_SINK}). */
    boolean isAnalysisSink() {
        return description.contains("anonymous_" + CompiledPlanReader.ANALYSIS_SINK);
    }

    PlanNode toPlanNode(List<Integer> inputs) {
        return new PlanNode(id, name(), type, description, inputs, outputType, state, table);
    }

    /**
     * The operator name heading the description ({@code Rank} of {@code Rank(strategy=...)}, as
     * Flink's {@code ExecNodeBase#getDescription} writes it); for a description that does not start
     * with one, the type's words ({@code stream-exec-group-aggregate} gives {@code GroupAggregate}).
     */
    private String name() {
        int end = 0;
        while (end < description.length() && isNameChar(description.charAt(end), end == 0)) {
            end++;
        }
        if (end > 0 && (end == description.length() || description.charAt(end) == '(')) {
            return description.substring(0, end);
        }
        String kind = kind();
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
