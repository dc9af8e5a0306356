package io.github.sqlguard.plan;

import java.util.List;

/** Text shared by the typed views' {@link Operator#describe()}. */
final class Operators {

    private Operators() {}

    /** {@code [a, b]}. */
    static String list(List<String> columns) {
        return "[" + String.join(", ", columns) + "]";
    }

    /** True for a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} type as Flink writes it ({@code TIMESTAMP(3) *ROWTIME*}, {@code TIMESTAMP_LTZ(3)}). */
    static boolean isTimestamp(String type) {
        return type.startsWith("TIMESTAMP") && !type.startsWith("TIMESTAMP WITH TIME ZONE");
    }

    /** {@code amount DESC, order_id ASC}. */
    static String orderBy(List<OrderKey> keys) {
        StringBuilder out = new StringBuilder();
        for (OrderKey key : keys) {
            if (!out.isEmpty()) {
                out.append(", ");
            }
            out.append(key.sql());
        }
        return out.toString();
    }
}
