package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The columns a plan node emits: its {@code "outputType"} in Flink's compiled plan.
 *
 * <p>Flink writes a row type as a string when the type can be written as SQL ({@code
 * LogicalTypeJsonSerializer}: {@code "ROW<`a` INT, `b` VARCHAR(2147483647)>"}), and as an object
 * of {@code "fields"} otherwise, which is how a time attribute comes out ({@code "fieldType":
 * {"type": "TIMESTAMP_WITHOUT_TIME_ZONE", "precision": 3, "kind": "ROWTIME"}}). The object form is
 * read when the plan is read ({@link CompiledPlanReader}); the string form is split into columns
 * when first asked for, since most nodes' columns are never asked for. The string is read here,
 * not by Flink's {@code LogicalTypeParser}: only the names and the time attributes are needed, and
 * that parser would resolve every {@code RAW} type it meets (loading its class, restoring its
 * serializer snapshot) to give them.
 *
 * <p>Immutable and thread-safe: the columns split from the string are published through a
 * volatile field, so two threads asking at once at worst both split the same text.
 */
public final class OutputType {

    /** The output type of a node whose columns are not known (a plan read from EXPLAIN text). */
    public static final OutputType UNKNOWN = new OutputType(null, List.of(), List.of());

    /** The row type string, or null when the columns were given. */
    private final String rowText;

    private volatile List<Column> columns;

    /** The indices of {@link #castRowtimes()}. */
    private final List<Integer> castRowtimeIndices;

    private OutputType(String rowText, List<Column> columns, List<Integer> castRowtimeIndices) {
        this.rowText = rowText;
        this.columns = columns;
        this.castRowtimeIndices = castRowtimeIndices;
    }

    /** The output type Flink wrote as a string, {@code ROW<`a` INT, `t` TIMESTAMP(3)>}. */
    public static OutputType of(String rowText) {
        return new OutputType(rowText, null, List.of());
    }

    /** An output type of these columns. */
    public static OutputType of(List<Column> columns) {
        return new OutputType(null, List.copyOf(columns), List.of());
    }

    /**
     * The columns this node makes event time and emits cast to a plain {@code TIMESTAMP} in one projection, each
     * marked {@code *ROWTIME*}: a Calc over a scan whose table declares its {@code WATERMARK} on a computed column
     * ({@code ts AS TO_TIMESTAMP_LTZ(ms, 3)}) and whose watermark is pushed into the scan (Kafka's source, lint's
     * stand-in) computes the column, and where a regular join or aggregation reads it, Flink casts it in that same
     * projection: {@code CAST(Reinterpret(TO_TIMESTAMP_LTZ(ms, 3)) AS TIMESTAMP_LTZ(3))} ({@code
     * PushWatermarkIntoTableSourceScanRuleBase} leaves the scan's output without the column; {@code
     * RelTimeIndicatorConverter} materializes it). No node's output type then carries the time attribute the table
     * declares. Not among {@link #columns()}: the node emits them plain. Empty for most nodes.
     */
    public List<Column> castRowtimes() {
        List<Column> out = new ArrayList<>();
        for (int index : castRowtimeIndices) {
            column(index).ifPresent(c -> out.add(new Column(c.name(), c.type() + " *ROWTIME*", Column.TimeAttribute.ROWTIME)));
        }
        return out;
    }

    /** This type with the columns at {@code indices} read as {@link #castRowtimes()}; this type itself where there are none. */
    OutputType withCastRowtimes(List<Integer> indices) {
        if (indices.isEmpty()) {
            return this;
        }
        return new OutputType(rowText, columns, List.copyOf(indices));
    }

    /** The columns, in order; empty when not known. */
    public List<Column> columns() {
        List<Column> read = columns;
        if (read == null) {
            read = List.copyOf(split(rowText));
            columns = read;
        }
        return read;
    }

    /** The column at {@code index}, when the type has one there. */
    public Optional<Column> column(int index) {
        List<Column> all = columns();
        return index >= 0 && index < all.size() ? Optional.of(all.get(index)) : Optional.empty();
    }

    /**
     * This type with the column at {@code index} marked as the rowtime: the column a source's pushed-down
     * watermark makes event time while its output type writes it as a plain {@code TIMESTAMP}
     * ({@code CompiledPlanReader#pushedRowtime}). This type itself where {@code index} is -1, names no
     * column, or the column is a time attribute already or no {@code TIMESTAMP}.
     */
    OutputType withRowtime(int index) {
        Optional<Column> column = column(index);
        if (column.isEmpty() || column.get().timeAttribute().isTimeAttribute()
                || !column.get().type().startsWith("TIMESTAMP")) {
            return this;
        }
        List<Column> marked = new java.util.ArrayList<>(columns());
        Column plain = column.get();
        marked.set(index, new Column(plain.name(), plain.type() + " *ROWTIME*", Column.TimeAttribute.ROWTIME));
        return new OutputType(null, List.copyOf(marked), castRowtimeIndices);
    }

    @Override
    public String toString() {
        return rowText != null ? rowText : "ROW" + columns();
    }

    /**
     * The columns of {@code ROW<`a` INT, `t` TIMESTAMP(3) *ROWTIME*>}: each a quoted name ({@code ``}
     * inside it is one backquote) and a type, split at the commas outside nested {@code <>} and
     * {@code ()}. A time attribute shows in the string as {@code *ROWTIME*} or {@code *PROCTIME*}
     * (Flink's summary notation; its serializer writes those as objects).
     */
    static List<Column> split(String text) {
        List<Column> columns = new ArrayList<>();
        int open = text.indexOf('<');
        int close = text.lastIndexOf('>');
        if (open < 0 || close < open) {
            return columns;
        }
        int i = open + 1;
        while (i < close) {
            while (i < close && (text.charAt(i) == ' ' || text.charAt(i) == ',')) {
                i++;
            }
            if (i >= close) {
                break;
            }
            StringBuilder name = new StringBuilder();
            if (text.charAt(i) == '`') {
                i++;
                while (i < close) {
                    char c = text.charAt(i);
                    if (c == '`' && i + 1 < close && text.charAt(i + 1) == '`') {
                        name.append('`');
                        i += 2;
                    } else if (c == '`') {
                        i++;
                        break;
                    } else {
                        name.append(c);
                        i++;
                    }
                }
            } else {
                while (i < close && text.charAt(i) != ' ') {
                    name.append(text.charAt(i++));
                }
            }
            int typeStart = i;
            int depth = 0;
            boolean quoted = false;
            while (i < close) {
                char c = text.charAt(i);
                if (c == '\'') {
                    quoted = !quoted;
                } else if (!quoted && (c == '<' || c == '(')) {
                    depth++;
                } else if (!quoted && (c == '>' || c == ')')) {
                    depth--;
                } else if (!quoted && depth == 0 && c == ',') {
                    break;
                }
                i++;
            }
            String type = text.substring(typeStart, i).strip();
            columns.add(new Column(name.toString(), type, timeAttributeOf(type)));
        }
        return columns;
    }

    private static Column.TimeAttribute timeAttributeOf(String type) {
        if (type.endsWith("*ROWTIME*")) {
            return Column.TimeAttribute.ROWTIME;
        }
        if (type.endsWith("*PROCTIME*")) {
            return Column.TimeAttribute.PROCTIME;
        }
        return Column.TimeAttribute.NONE;
    }
}
