package io.github.sqlguard.restore;

import io.github.sqlguard.restore.StateChanges.Field;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;

import java.util.ArrayList;
import java.util.List;

/**
 * Row types of a compiled plan as a state serializer sees them: each field's type without its
 * nullability and without a time attribute's kind (Flink serializes a nullable and a non-null
 * {@code INT}, a rowtime and a plain {@code TIMESTAMP(3)} alike). A plan writes a type as a string
 * ({@code "ROW<`a` INT, `b` BIGINT NOT NULL>"}, parsed with Flink's {@link LogicalTypeParser}) or,
 * where a string cannot carry it (time attributes), as an object ({@code {"type": "ROW", "fields":
 * [{"name": "ts", "fieldType": {"type": "TIMESTAMP_WITHOUT_TIME_ZONE", "precision": 3, "kind":
 * "ROWTIME"}}]}}).
 */
final class Types {

    private Types() {}

    /** The fields of the row type {@code type}; a type that is not a row is one field named {@code $0}. */
    static List<Field> fields(JsonNode type) {
        List<Field> fields = new ArrayList<>();
        if (type.isTextual()) {
            LogicalType parsed = LogicalTypeParser.parse(type.asText(), Types.class.getClassLoader());
            if (parsed instanceof RowType row) {
                for (RowType.RowField field : row.getFields()) {
                    fields.add(new Field(field.getName(), normal(field.getType())));
                }
            } else {
                fields.add(new Field("$0", normal(parsed)));
            }
        } else if (type.isObject() && type.has("fields")) {
            for (JsonNode field : type.path("fields")) {
                fields.add(new Field(field.path("name").asText(), normal(field.path("fieldType"))));
            }
        } else if (!type.isMissingNode()) {
            fields.add(new Field("$0", normal(type)));
        }
        return fields;
    }

    /** One type, normalized: a string parsed by Flink, an object without nullability and time attribute kind. */
    static String normal(JsonNode type) {
        if (type.isTextual()) {
            return normal(LogicalTypeParser.parse(type.asText(), Types.class.getClassLoader()));
        }
        if (type.isObject()) {
            ObjectNode copy = type.deepCopy();
            copy.remove(List.of("nullable", "kind"));
            if (copy.path("type").asText().startsWith("TIMESTAMP") && copy.size() <= 2) {
                return copy.path("type").asText().replace("_WITHOUT_TIME_ZONE", "").replace("TIMESTAMP_WITH_LOCAL_TIME_ZONE",
                        "TIMESTAMP_LTZ") + "(" + copy.path("precision").asInt(6) + ")";
            }
            return copy.toString();
        }
        return type.toString();
    }

    private static String normal(LogicalType type) {
        return type.copy(true).asSummaryString().replace(" *ROWTIME*", "").replace(" *PROCTIME*", "");
    }
}
