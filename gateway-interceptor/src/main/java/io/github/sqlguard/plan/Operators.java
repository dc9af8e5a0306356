package io.github.sqlguard.plan;

import java.util.List;

/** Text shared by the typed views' {@link Operator#describe()}. */
final class Operators {

    private Operators() {}

    /** {@code [a, b]}. */
    static String list(List<String> columns) {
        return "[" + String.join(", ", columns) + "]";
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
