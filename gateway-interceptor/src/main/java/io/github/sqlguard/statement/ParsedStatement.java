package io.github.sqlguard.statement;

import java.util.List;
import java.util.Optional;

/**
 * A statement as the guard sees it after Flink's parser read it.
 *
 * @param text the statement text as submitted
 * @param kind what the statement does
 * @param explainBody the text to put after {@code EXPLAIN} to plan this statement (a leading
 *     {@code EXECUTE} removed; for an {@code EXPLAIN}, the statement it explains, as written), or
 *     {@code null} when the statement is not planned
 * @param setKey for {@code SET}/{@code RESET}, the key (unquoted); otherwise {@code null}
 * @param setValue for {@code SET}, the value (unquoted); otherwise {@code null}
 * @param stateTtlHints every {@code STATE_TTL} hint option in the statement
 * @param tableOptions every option of a {@code WITH (...)} clause or {@code OPTIONS} hint
 * @param rankFunctionAliases aliases given to {@code ROW_NUMBER()}, {@code RANK()} and {@code
 *     DENSE_RANK()} calls in the statement, e.g. {@code rn}
 * @param parseError Flink's parser message when {@code kind} is {@link StatementKind#UNPARSABLE}
 * @param flinkError the exception of the session's own parser ({@code ParserImpl}) when it rejected
 *     the statement too, else {@code null}
 */
public record ParsedStatement(
        String text,
        StatementKind kind,
        String explainBody,
        String setKey,
        String setValue,
        List<SqlOption> stateTtlHints,
        List<SqlOption> tableOptions,
        List<String> rankFunctionAliases,
        String parseError,
        Throwable flinkError) {

    /** A statement the session's parser was not asked about. */
    public ParsedStatement(
            String text, StatementKind kind, String explainBody, String setKey, String setValue,
            List<SqlOption> stateTtlHints, List<SqlOption> tableOptions, List<String> rankFunctionAliases,
            String parseError) {
        this(text, kind, explainBody, setKey, setValue, stateTtlHints, tableOptions, rankFunctionAliases, parseError, null);
    }

    public ParsedStatement {
        stateTtlHints = List.copyOf(stateTtlHints);
        tableOptions = List.copyOf(tableOptions);
        rankFunctionAliases = List.copyOf(rankFunctionAliases);
    }

    /** A call that carries no single statement (session properties, a script), described by {@code text}. */
    public static ParsedStatement describing(String text, StatementKind kind) {
        return new ParsedStatement(text, kind, null, null, null, List.of(), List.of(), List.of(), null);
    }

    /** The parser's error, when the statement could not be parsed. */
    public Optional<String> parseErrorMessage() {
        return Optional.ofNullable(parseError);
    }

    /**
     * A {@code 'key' = 'value'} pair found in the statement, with its 1-based position.
     *
     * @param source where it was found: {@code WITH}, {@code OPTIONS hint}, {@code STATE_TTL hint}
     */
    public record SqlOption(String key, String value, String source, int line, int column) {}
}
