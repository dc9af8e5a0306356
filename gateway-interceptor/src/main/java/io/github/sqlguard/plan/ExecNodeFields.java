package io.github.sqlguard.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the fields of a compiled plan's node that its typed view needs, from Jackson's streaming
 * parser into {@link CompiledNode}, by the JSON names of Flink's {@code StreamExec*} nodes and
 * their specs (the same in Flink 2.3 and 1.20): {@code StreamExecRank}'s {@code "partition":
 * {"fields": [1]}}, {@code "orderBy": {"fields": [{"index": 2, "isAscending": false}]}} ({@code
 * SortSpec}), {@code "rankRange": {"type": "Constant", "start": 1, "end": 3}}, {@code
 * "rankStrategy": {"type": "AppendFast"}}; {@code StreamExecOverAggregate}'s {@code "overSpec":
 * {"partition": {...}, "groups": [{"orderBy": {...}}]}}; the aggregates' {@code "grouping"} and
 * {@code "finalAggGrouping"} and {@code "partialAggGrouping"}; {@code "uniqueKeys"}, {@code "keepLastRow"} and {@code "isRowtime"}; {@code
 * StreamExecJoin}'s {@code "joinSpec": {"joinType": "INNER", "leftKeys": [1], "rightKeys": [0],
 * "nonEquiCondition": {...}}} (where the condition starts), {@code "leftUpsertKeys": [[0]]} and
 * {@code "rightUpsertKeys"}; the aggregates' {@code
 * "aggCallNeedRetractions"}; an {@code IncrementalGroupAggregate}'s {@code "partialAggCallNeedRetractions"} as its own; {@code StreamExecSink}'s {@code "requireUpsertMaterialize"}, {@code
 * "inputUpsertKey"}, {@code "upsertMaterializeStrategy"} and (Flink 2.3) {@code "conflictStrategy":
 * {"behavior": "DEDUPLICATE"}}.
 *
 * <p>A value of another shape than Flink writes is skipped and reads as absent. Stateless.
 */
final class ExecNodeFields {

    private ExecNodeFields() {}

    /**
     * Reads the value at the parser into {@code node} when {@code field} is one a typed view reads;
     * false (nothing read) otherwise.
     */
    static boolean read(String field, JsonParser json, CompiledNode node) throws IOException {
        switch (field) {
            // A Rank's "partition"; a WindowRank's "partitionSpec" (StreamExecWindowRank#FIELD_NAME_PARTITION_SPEC), the
            // same PartitionSpec, without the window columns.
            case "partition", "partitionSpec" -> node.partition = fieldsOf(json);
            // A Rank's "orderBy"; a WindowRank's "sortSpec" (StreamExecWindowRank#FIELD_NAME_SORT_SPEC), the same SortSpec.
            case "orderBy", "sortSpec" -> node.orderBy = sortFields(json);
            case "rankRange" -> rankRange(json, node);
            case "rankStrategy" -> node.rankStrategy = typeOf(json);
            case "overSpec" -> overSpec(json, node);
            case "grouping" -> node.grouping = ints(json);
            case "finalAggGrouping" -> node.finalAggGrouping = ints(json);
            case "partialAggGrouping" -> node.partialAggGrouping = ints(json);
            case "uniqueKeys" -> node.uniqueKeys = ints(json);
            case "keepLastRow" -> node.keepLastRow = json.getValueAsBoolean(false);
            case "isRowtime" -> node.isRowtime = json.getValueAsBoolean(false);
            case "joinSpec" -> joinSpec(json, node);
            case "leftUpsertKeys" -> node.leftUpsertKeys = intArrays(json);
            case "rightUpsertKeys" -> node.rightUpsertKeys = intArrays(json);
            case "aggCallNeedRetractions", "partialAggCallNeedRetractions" -> node.aggCallNeedRetractions = booleans(json);
            case "requireUpsertMaterialize" -> node.requireUpsertMaterialize = json.getValueAsBoolean(false);
            case "inputUpsertKey" -> node.inputUpsertKey = ints(json);
            case "conflictStrategy" -> node.conflictBehavior = stringField(json, "behavior");
            case "upsertMaterializeStrategy" -> {
                if (json.currentToken() == JsonToken.VALUE_STRING) {
                    node.upsertMaterializeStrategy = json.getText();
                } else {
                    json.skipChildren();
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** An array of arrays of ints, {@code [[0], [1, 2]]}; null for another shape. */
    static int[][] intArrays(JsonParser json) throws IOException {
        if (json.currentToken() != JsonToken.START_ARRAY) {
            json.skipChildren();
            return null;
        }
        java.util.List<int[]> arrays = new java.util.ArrayList<>();
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            if (element != JsonToken.START_ARRAY) {
                json.skipChildren();
                return skipRest(json);
            }
            arrays.add(ints(json));
        }
        return arrays.toArray(new int[0][]);
    }

    /** Skips to the end of the array the parser is in; null. */
    private static int[][] skipRest(JsonParser json) throws IOException {
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            json.skipChildren();
        }
        return null;
    }

    /** An array of ints, {@code [1, 3]}. */
    static int[] ints(JsonParser json) throws IOException {
        if (json.currentToken() != JsonToken.START_ARRAY) {
            json.skipChildren();
            return CompiledNode.NONE;
        }
        int[] values = new int[4];
        int size = 0;
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            if (element == JsonToken.VALUE_NUMBER_INT) {
                if (size == values.length) {
                    values = Arrays.copyOf(values, size * 2);
                }
                values[size++] = json.getIntValue();
            } else {
                json.skipChildren();
            }
        }
        return size == 0 ? CompiledNode.NONE : Arrays.copyOf(values, size);
    }

    /** An array of booleans, {@code [false, true]}. */
    private static boolean[] booleans(JsonParser json) throws IOException {
        if (json.currentToken() != JsonToken.START_ARRAY) {
            json.skipChildren();
            return null;
        }
        boolean[] values = new boolean[4];
        int size = 0;
        for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
            if (element == JsonToken.VALUE_TRUE || element == JsonToken.VALUE_FALSE) {
                if (size == values.length) {
                    values = Arrays.copyOf(values, size * 2);
                }
                values[size++] = element == JsonToken.VALUE_TRUE;
            } else {
                json.skipChildren();
            }
        }
        return Arrays.copyOf(values, size);
    }

    /** The string field {@code name} of the object at the parser; empty when absent. */
    private static String stringField(JsonParser json, String name) throws IOException {
        String value = "";
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return value;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            json.nextToken();
            if (field.equals(name) && json.currentToken() == JsonToken.VALUE_STRING) {
                value = json.getText();
            } else {
                json.skipChildren();
            }
        }
        return value;
    }

    /** {@code {"fields": [1, 3]}} ({@code PartitionSpec}). */
    private static int[] fieldsOf(JsonParser json) throws IOException {
        int[] fields = CompiledNode.NONE;
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return fields;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            json.nextToken();
            if (field.equals("fields")) {
                fields = ints(json);
            } else {
                json.skipChildren();
            }
        }
        return fields;
    }

    /** {@code {"fields": [{"index": 2, "isAscending": false, "nullIsLast": true}]}} ({@code SortSpec}). */
    private static List<CompiledNode.SortField> sortFields(JsonParser json) throws IOException {
        List<CompiledNode.SortField> keys = List.of();
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return keys;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            if (!field.equals("fields") || value != JsonToken.START_ARRAY) {
                json.skipChildren();
                continue;
            }
            keys = new ArrayList<>(2);
            for (JsonToken element = json.nextToken(); element != JsonToken.END_ARRAY; element = json.nextToken()) {
                if (element != JsonToken.START_OBJECT) {
                    json.skipChildren();
                    continue;
                }
                int index = -1;
                boolean ascending = true;
                for (String f = json.nextFieldName(); f != null; f = json.nextFieldName()) {
                    json.nextToken();
                    switch (f) {
                        case "index" -> index = json.getValueAsInt(-1);
                        case "isAscending" -> ascending = json.getValueAsBoolean(true);
                        default -> json.skipChildren();
                    }
                }
                keys.add(new CompiledNode.SortField(index, ascending));
            }
        }
        return keys;
    }

    /** {@code {"type": "Constant", "start": 1, "end": 3}} or {@code {"type": "Variable", "endIndex": 2}}. */
    private static void rankRange(JsonParser json, CompiledNode node) throws IOException {
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            switch (field) {
                case "type" -> node.rankRangeType = json.getValueAsString("");
                case "start" -> node.rankStart = value == JsonToken.VALUE_NUMBER_INT ? json.getLongValue() : -1;
                case "end" -> node.rankEnd = value == JsonToken.VALUE_NUMBER_INT ? json.getLongValue() : -1;
                case "endIndex" -> node.rankEndIndex = json.getValueAsInt(-1);
                default -> json.skipChildren();
            }
        }
    }

    /** {@code {"type": "AppendFast", ...}}: the type. */
    private static String typeOf(JsonParser json) throws IOException {
        String type = "";
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return type;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            json.nextToken();
            if (field.equals("type")) {
                type = json.getValueAsString("");
            } else {
                json.skipChildren();
            }
        }
        return type;
    }

    /** {@code {"partition": {"fields": [0]}, "groups": [{"orderBy": {...}, ...}], ...}}: the partition and the first group's order. */
    private static void overSpec(JsonParser json, CompiledNode node) throws IOException {
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            if (field.equals("partition")) {
                node.partition = fieldsOf(json);
            } else if (field.equals("groups") && value == JsonToken.START_ARRAY) {
                boolean first = true;
                for (JsonToken group = json.nextToken(); group != JsonToken.END_ARRAY; group = json.nextToken()) {
                    if (!first || group != JsonToken.START_OBJECT) {
                        json.skipChildren();
                        continue;
                    }
                    first = false;
                    for (String f = json.nextFieldName(); f != null; f = json.nextFieldName()) {
                        json.nextToken();
                        if (f.equals("orderBy")) {
                            node.orderBy = sortFields(json);
                        } else {
                            json.skipChildren();
                        }
                    }
                }
            } else {
                json.skipChildren();
            }
        }
    }

    /** {@code {"joinType": "INNER", "leftKeys": [1], "rightKeys": [0], ...}}. */
    private static void joinSpec(JsonParser json, CompiledNode node) throws IOException {
        if (json.currentToken() != JsonToken.START_OBJECT) {
            json.skipChildren();
            return;
        }
        for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
            json.nextToken();
            switch (field) {
                case "joinType" -> node.joinType = json.getValueAsString("");
                case "leftKeys" -> node.leftKeys = ints(json);
                case "rightKeys" -> node.rightKeys = ints(json);
                case "nonEquiCondition" -> {
                    // Read only to find an interval join's shape: where the value starts in the text.
                    if (json.currentToken() != JsonToken.VALUE_NULL) {
                        node.nonEquiConditionAt = (int) json.currentTokenLocation().getCharOffset();
                    }
                    json.skipChildren();
                }
                default -> json.skipChildren();
            }
        }
    }
}
