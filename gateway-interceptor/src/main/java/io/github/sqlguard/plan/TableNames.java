package io.github.sqlguard.plan;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Table names as plans write them, read into Flink's {@link ObjectIdentifier}. */
final class TableNames {

    private TableNames() {}

    /**
     * A compiled plan's {@code "identifier"}: {@code `cat`.`db`.`t`}, as {@code
     * ObjectIdentifier#asSerializableString} writes it ({@code ``} inside a part is one backquote).
     */
    static Optional<ObjectIdentifier> ofSerialized(String identifier) {
        List<String> parts = new ArrayList<>(3);
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < identifier.length(); i++) {
            char c = identifier.charAt(i);
            if (c == '`' && quoted && i + 1 < identifier.length() && identifier.charAt(i + 1) == '`') {
                part.append('`');
                i++;
            } else if (c == '`') {
                quoted = !quoted;
            } else if (c == '.' && !quoted) {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        parts.add(part.toString());
        return parts.size() == 3 ? Optional.of(ObjectIdentifier.of(parts.get(0), parts.get(1), parts.get(2)))
                : Optional.empty();
    }

    /**
     * An EXPLAIN text's {@code table=[...]} value: {@code [cat, db, t]} (a scan: {@code
     * table=[[cat, db, t]]}, its outer brackets taken by the attribute) or {@code cat.db.t} (a sink,
     * a lookup join); empty for an anonymous table ({@code *anonymous_blackhole$1*}).
     */
    static Optional<ObjectIdentifier> ofPrinted(String table) {
        String t = table.strip().replace("`", "");
        List<String> parts = new ArrayList<>();
        if (t.startsWith("[")) {
            for (String part : t.substring(1).split(",", 4)) {
                parts.add(part.replace("]", "").strip());
            }
        } else {
            for (String part : t.split("\\.", 3)) {
                parts.add(part.strip());
            }
        }
        if (parts.size() < 3 || parts.get(0).isEmpty() || parts.get(0).startsWith("*")) {
            return Optional.empty();
        }
        return Optional.of(ObjectIdentifier.of(parts.get(0), parts.get(1), parts.get(2)));
    }
}
