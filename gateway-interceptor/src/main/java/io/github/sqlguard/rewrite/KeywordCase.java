package io.github.sqlguard.rewrite;

import org.apache.flink.sql.parser.impl.FlinkSqlParserImplConstants;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The case of keywords a rewrite writes into a statement: Calcite's unparser writes every keyword in
 * upper case ({@code ROW_NUMBER() OVER (PARTITION BY ...) AS rn}), which in a statement written in
 * lower case reads as a foreign body and makes a diff noisy. Where the user's statement writes every
 * keyword in lower case, the keywords of the text a rewrite adds are written in lower case too, and so is the
 * name of a {@code STATE_TTL} hint it adds ({@link #caseFreeHint}).
 *
 * <p>A token is a keyword where Flink's tokenizer gives it a kind whose image is a word ({@link
 * FlinkSqlParserImplConstants#tokenImage}: {@code "SELECT"}, {@code "ROW_NUMBER"}), reserved or not.
 * A non-reserved keyword may also be a column's name, which Flink reads case-sensitively, so only a
 * statement with no keyword-kind token in upper case at all counts as lower case (a column written
 * {@code STATE} makes the statement mixed), and the {@link Splicer} keeps a lowered text only where it
 * reads back as the changed tree. Comments, quoted identifiers and string literals are not keyword
 * tokens and are never touched.
 *
 * <p>Stateless.
 */
final class KeywordCase {

    private static final Pattern WORD = Pattern.compile("\"[A-Z][A-Z0-9_]*\"");

    private KeywordCase() {}

    /** True when the tokens of the user's text hold keywords, none of them in upper case and at least one in lower case. */
    static boolean lowerCase(SqlTokens tokens, String text) {
        boolean lower = false;
        for (int i = 0; tokens.get(i) != null; i++) {
            SqlTokens.Tok tok = tokens.get(i);
            if (!keyword(tok.kind())) {
                continue;
            }
            String written = text.substring(tok.start(), tok.end());
            if (!written.equals(written.toLowerCase(Locale.ROOT))) {
                if (written.equals(written.toUpperCase(Locale.ROOT))) {
                    return false;
                }
            } else {
                lower = true;
            }
        }
        return lower;
    }

    /**
     * {@code sql} (text a rewrite adds, or a fragment of it) with each keyword token written in upper
     * case lowered; {@code sql} itself where Flink's tokenizer cannot read it.
     */
    static String lowered(String sql) {
        SqlTokens tokens = new Splicer.Offsets(sql, null).tokens();
        StringBuilder out = null;
        boolean hint = false;
        for (int i = 0; tokens.get(i) != null; i++) {
            SqlTokens.Tok tok = tokens.get(i);
            String written = sql.substring(tok.start(), tok.end());
            if (tok.kind() == FlinkSqlParserImplConstants.HINT_BEG || tok.kind() == FlinkSqlParserImplConstants.COMMENT_END) {
                hint = tok.kind() == FlinkSqlParserImplConstants.HINT_BEG;
                continue;
            }
            if ((keyword(tok.kind()) || (hint && caseFreeHint(written))) && written.equals(written.toUpperCase(Locale.ROOT))) {
                if (out == null) {
                    out = new StringBuilder(sql);
                }
                out.replace(tok.start(), tok.end(), written.toLowerCase(Locale.ROOT));
            }
        }
        return out == null ? sql : out.toString();
    }

    /**
     * {@code statement}, a whole statement a rewrite puts before the user's (a {@code SET}, an {@code ALTER
     * TABLE ... ADD WATERMARK}), with its keywords lowered ({@link #lowered}) where Flink's parser reads the
     * lowered text as the same statement (a column named as a non-reserved keyword, {@code STATE}, keeps
     * its case: Flink reads identifiers case-sensitively); {@code statement} itself otherwise.
     */
    static String loweredStatement(String statement) {
        String lowered = lowered(statement);
        if (lowered.equals(statement)) {
            return statement;
        }
        Optional<String> expected = SqlTrees.parse(statement).map(SqlTrees::unparse);
        return expected.isPresent() && SqlTrees.parse(lowered).map(SqlTrees::unparse).equals(expected) ? lowered : statement;
    }

    /**
     * True for the name of a hint Flink reads case aside, {@code STATE_TTL}: {@code StateTtlHint#isStateTtlHint}
     * upper-cases the name it is given, and {@code CapitalizeQueryHintsShuttle} writes a query hint's name in upper
     * case before the hint is resolved (Flink 2.3.0 and 1.20), so {@code state_ttl(...)} is the same hint.
     */
    static boolean caseFreeHint(String name) {
        return name.equalsIgnoreCase("STATE_TTL");
    }

    private static boolean keyword(int kind) {
        return kind > 0 && kind < FlinkSqlParserImplConstants.tokenImage.length
                && WORD.matcher(FlinkSqlParserImplConstants.tokenImage[kind]).matches();
    }
}
