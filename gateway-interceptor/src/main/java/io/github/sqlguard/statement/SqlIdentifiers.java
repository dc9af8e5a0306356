package io.github.sqlguard.statement;

import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;

import java.io.StringReader;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How Flink's SQL parser reads a name: unquoted where it is a simple name and no reserved word, in back-ticks
 * otherwise ({@code `order`}, {@code `value`}). The one place the guard decides whether a name it writes (into a fix,
 * a fact, a rewrite, and the prose of a reason, so that a reserved or odd name reads as a column there too) needs
 * back-ticks.
 */
public final class SqlIdentifiers {

    private static final Pattern SIMPLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The reserved words of Flink's SQL parser ({@code SqlAbstractParserImpl.Metadata}). */
    private static final SqlAbstractParserImpl.Metadata RESERVED =
            FlinkSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    private SqlIdentifiers() {}

    /** True when {@code word} is a reserved word of Flink's SQL parser, in any case. */
    public static boolean reserved(String word) {
        return RESERVED.isReservedWord(word.toUpperCase(Locale.ROOT));
    }

    /** True when Flink's parser reads {@code name} as an identifier only in back-ticks. */
    public static boolean needsQuotes(String name) {
        return !SIMPLE.matcher(name).matches() || reserved(name);
    }

    /** {@code name} as SQL: in back-ticks where it needs them ({@link #needsQuotes}), a back-tick in it doubled. */
    public static String sql(String name) {
        return needsQuotes(name) ? "`" + name.replace("`", "``") + "`" : name;
    }

    /**
     * A name as Flink's plan prints it ({@code orderBy=[order DESC]}, {@code leftKeys=[value]}), as SQL: a simple name
     * in back-ticks where it is a reserved word ({@link #sql}); Flink's own names ({@code $f3}, {@code $e}) and
     * expressions ({@code SUBSTRING(b, 1, 5)}) as printed, since the plan does not say how the statement wrote them.
     */
    public static String planName(String name) {
        return SIMPLE.matcher(name).matches() ? sql(name) : name;
    }

    /**
     * The last part of a name as a statement or Flink writes it, qualified or not, with its back-ticks as written: {@code
     * user_id} of {@code o.user_id}, {@code `a.b`} of {@code o.`a.b`} (a dot inside back-ticks is part of the name, as
     * Flink's parser reads it), {@code t} of {@code cat.db.t}; {@code name} itself where it has no qualifier.
     */
    public static String lastName(String name) {
        if (name.endsWith("`")) {
            // The opening back-tick of the last part: a doubled back-tick inside it is an escaped one.
            int at = name.length() - 2;
            while (at >= 0) {
                if (name.charAt(at) == '`') {
                    if (at > 0 && name.charAt(at - 1) == '`') {
                        at -= 2;
                        continue;
                    }
                    return name.substring(at);
                }
                at--;
            }
            return name;
        }
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /**
     * The last part of a name ({@link #lastName}) as the catalog names the column: without its back-ticks, an escaped
     * back-tick undoubled; {@code ws} of {@code t.`ws`}, {@code a.b} of {@code `a.b`}.
     */
    public static String lastNameUnquoted(String name) {
        String last = lastName(name);
        if (last.length() >= 2 && last.startsWith("`") && last.endsWith("`")) {
            return last.substring(1, last.length() - 1).replace("``", "`");
        }
        return last;
    }

    /** Names as the plan prints them, each as SQL ({@link #planName}), joined as a message lists them: {@code `user`, ts}. */
    public static String planNames(java.util.List<String> names) {
        return String.join(", ", names.stream().map(SqlIdentifiers::planName).toList());
    }
}
