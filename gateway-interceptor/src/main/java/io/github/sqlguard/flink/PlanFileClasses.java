package io.github.sqlguard.flink;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The classes a compiled plan file names, read before Flink restores it: Flink's plan deserializers
 * load every {@code "class"} a plan holds with {@code initialize = true} ({@code
 * CompiledPlanSerdeUtil#loadClass}: a function call by class, {@code RexNodeJsonDeserializer
 * #deserializeFunctionClass}, which then instantiates it as a function; a {@code RAW} type's
 * originating class, {@code LogicalTypeJsonDeserializer}), so restoring a plan runs the static
 * initialiser of any class of the gateway's class path the file names, before anything checks what
 * the class is. The guard restores a stored plan to judge it ({@code SessionPlanner#planStored}); the
 * platform limits hold these classes to {@code sql-guard.allow.function-classes} first.
 */
public final class PlanFileClasses {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private PlanFileClasses() {}

    /**
     * The value of every {@code "class"} field of the plan in {@code planFile}, anywhere in its
     * JSON, each once; empty when the file does not exist, cannot be read, or is no JSON (the guard
     * then cannot restore it either, and says so).
     */
    public static List<String> named(String planFile) {
        Optional<String> content;
        try {
            content = PlanFiles.read(planFile);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return content.map(PlanFileClasses::in).orElse(List.of());
    }

    /** The value of every {@code "class"} field of {@code json}, each once, read as a stream of tokens (no depth limit). */
    static List<String> in(String json) {
        Set<String> classes = new LinkedHashSet<>();
        try (JsonParser parser = JSON.getFactory().createParser(json)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.FIELD_NAME && parser.currentName().equals("class")) {
                    JsonToken value = parser.nextToken();
                    if (value == JsonToken.VALUE_STRING) {
                        classes.add(parser.getText());
                    }
                }
            }
        } catch (IOException e) {
            // Read as far as it is JSON: what Flink's reader would fail on it fails on too.
        }
        return new ArrayList<>(classes);
    }
}
