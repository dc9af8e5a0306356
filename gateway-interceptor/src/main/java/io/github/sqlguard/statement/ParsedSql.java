package io.github.sqlguard.statement;

import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.List;

/**
 * What the rules read of the SQL a call carries: its text ({@code -- sql-guard:allow} comments) and
 * what Flink's SQL parser found in it. A statement is a {@link ParsedStatement}; a call that
 * carries none (session properties, a script, a materialized table refresh) has {@link #NONE}.
 */
public interface ParsedSql {

    /** No SQL: no text, nothing found. */
    ParsedSql NONE =
            new ParsedSql() {
                @Override
                public String text() {
                    return "";
                }

                @Override
                public SqlFacts facts() {
                    return SqlFacts.NONE;
                }
            };

    /** The SQL text as submitted. */
    String text();

    /** What Flink's SQL parser found in the text's tree: hints, table options, rank aliases. */
    SqlFacts facts();

    /**
     * The tree Flink's SQL parser read from the text, where the guard plans the statement ({@link ParsedTree}): read
     * it rather than the text again. Empty where no tree is kept: the cheap forms ({@code SET}, {@code RESET}, {@code
     * SHOW}, DDL, which no rule reads a tree of), text Flink's SQL parser cannot read, a call without SQL.
     */
    default java.util.Optional<ParsedTree> tree() {
        return java.util.Optional.empty();
    }

    /** Every {@code STATE_TTL} hint option. */
    default List<SqlOption> stateTtlHints() {
        return facts().stateTtlHints();
    }

    /** Every option of a {@code WITH (...)} clause or {@code OPTIONS} hint. */
    default List<SqlOption> tableOptions() {
        return facts().tableOptions();
    }

    /** The character string literals outside the options whose value holds {@code =} or {@code :}, with their spans. */
    default List<SqlOption> stringLiterals() {
        return facts().stringLiterals();
    }

    /** The jars the statement loads ({@code ADD JAR}, {@code USING JAR}), as {@code jar} = location. */
    default List<SqlOption> jars() {
        return facts().jars();
    }

    /** The classes of the functions the statement creates or alters, as {@code class} = class name. */
    default List<SqlOption> functionClasses() {
        return facts().functionClasses();
    }

    /** The compiled plan file the statement names ({@code COMPILE [AND EXECUTE] PLAN}, {@code EXECUTE PLAN}), as {@code plan} = file. */
    default List<SqlOption> planFiles() {
        return facts().planFiles();
    }

    /** Aliases given to {@code ROW_NUMBER()}, {@code RANK()} and {@code DENSE_RANK()} calls, e.g. {@code rn}. */
    default List<String> rankFunctionAliases() {
        return facts().rankFunctionAliases();
    }
}
