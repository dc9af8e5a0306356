package io.github.sqlguard.statement;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The few statement forms whose reading by Flink's SQL parser is known without running it: {@code SET 'key' =
 * 'value'}, {@code RESET 'key'} and a {@code SHOW} of a fixed list, each written plainly. Flink's parser
 * ({@code FlinkSqlParserImpl}) is a third of the guard's own time on such a statement, which no rule reads beyond
 * its key and value; read here, a statement comes back as that parser's reading would make it ({@link
 * StatementParser#parse}: the same {@link ParsedStatement}, facts included), and anything else is left to the parser.
 *
 * <p>"Plainly" is narrow on purpose: the keyword (in any case), whitespace ({@code ' '}, tab, line ends), string
 * literals of printable ASCII without a quote, a backslash, an {@code =} or a {@code :} (a literal holding {@code =}
 * or {@code :} is one the parser's facts keep for the redactor, {@code SqlFactsCollector#keepLiteral}), and an
 * optional {@code ;} at the end. No comment (comments before a statement belong to it, and an unquoted {@code SET}
 * after one is a rule's business: {@code unquoted-set-after-comment}), no literal continued on the next line, no
 * second statement, no {@code U&'...'}: each of those goes to Flink's parser. {@code FixedFormsTest} holds every form
 * and its near misses against Flink's parser, on each Flink line. Asked after Flink's extended parser, as Flink's
 * own chain asks ({@code ParserImpl}), though it matches none of these (its {@code SET} and {@code RESET} read an
 * unquoted key).
 */
final class FixedForms {

    /** Whitespace as Flink's SQL parser skips it between tokens, but the form feed. */
    private static final String SPACE = "[ \\t\\r\\n]";

    /** A plain string literal's content: printable ASCII but {@code '}, {@code \}, {@code =} and {@code :}. */
    private static final String PLAIN = "([ !\"#$%&(-9;<>-\\[\\]-~]+)";

    private static final Pattern SET = Pattern.compile(
            SPACE + "*(?i:SET)" + SPACE + "+'" + PLAIN + "'" + SPACE + "*=" + SPACE + "*'" + PLAIN + "'" + SPACE + "*;?"
                    + SPACE + "*");

    private static final Pattern RESET =
            Pattern.compile(SPACE + "*(?i:RESET)" + SPACE + "+'" + PLAIN + "'" + SPACE + "*;?" + SPACE + "*");

    /** A {@code SHOW} of one of {@link #SHOWN}: its words, upper case, one space apart. */
    private static final Pattern SHOW =
            Pattern.compile(SPACE + "*((?i:SHOW)(?:" + SPACE + "+[A-Za-z]+){1,2})" + SPACE + "*;?" + SPACE + "*");

    /** The {@code SHOW}s read here: {@link StatementKind#METADATA}, no facts. */
    private static final Set<String> SHOWN = Set.of(
            "SHOW TABLES", "SHOW VIEWS", "SHOW DATABASES", "SHOW CATALOGS", "SHOW FUNCTIONS", "SHOW CURRENT CATALOG",
            "SHOW CURRENT DATABASE");

    private FixedForms() {}

    /** {@code text} as Flink's SQL parser reads it, when it has one of these forms; empty otherwise. */
    static Optional<ParsedStatement> read(String text) {
        if (text.length() > 1024) {
            return Optional.empty();
        }
        Matcher set = SET.matcher(text);
        if (set.matches()) {
            return Optional.of(new ParsedStatement.Configure(
                    text, StatementKind.SET, Optional.of(set.group(1)), Optional.of(set.group(2)),
                    ParsedStatement.SqlFacts.NONE));
        }
        Matcher reset = RESET.matcher(text);
        if (reset.matches()) {
            return Optional.of(new ParsedStatement.Configure(
                    text, StatementKind.RESET, Optional.of(reset.group(1)), Optional.empty(),
                    ParsedStatement.SqlFacts.NONE));
        }
        Matcher show = SHOW.matcher(text);
        if (show.matches() && SHOWN.contains(show.group(1).toUpperCase(Locale.ROOT).replaceAll(SPACE + "+", " "))) {
            return Optional.of(new ParsedStatement.Other(text, StatementKind.METADATA, ParsedStatement.SqlFacts.NONE));
        }
        return Optional.empty();
    }
}
