package io.github.sqlguard.plan;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code key=[value]} attributes of one printed plan node ({@link PlanNode#attributes()}), read
 * from its text when first asked for: most nodes of a plan (sources, calcs, exchanges, unions) are
 * never asked, and reading every node's attributes up front was a large part of the analysis.
 *
 * <p>An immutable map: the attributes {@link PlanParser#attributes} reads from {@code text}, the
 * first of a repeated key counting. Thread-safe: the parsed map is immutable and published through
 * a volatile field, so two threads asking at once at worst both parse the same text.
 */
final class NodeAttributes extends AbstractMap<String, String> {

    private final String text;
    private final int nameLength;
    private volatile Map<String, String> parsed;

    /** The attributes of {@code text}, a node's printed line without its tree prefix, whose name is {@code nameLength} long. */
    NodeAttributes(String text, int nameLength) {
        this.text = text;
        this.nameLength = nameLength;
    }

    private Map<String, String> parsed() {
        Map<String, String> map = parsed;
        if (map == null) {
            map = PlanParser.attributes(text, nameLength);
            parsed = map;
        }
        return map;
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return parsed().entrySet();
    }

    @Override
    public String get(Object key) {
        return parsed().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return parsed().containsKey(key);
    }

    @Override
    public int size() {
        return parsed().size();
    }
}
