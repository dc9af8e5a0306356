package io.github.sqlguard.statement;

/**
 * What a statement does, as far as the guard is concerned. Classified from the node Flink's own
 * SQL parser ({@code FlinkSqlParserImpl}) produces, or the operation Flink's parser chain reads,
 * never from the raw text. Statements only: a call that carries none (session properties, a
 * script, a materialized table refresh, a policy reload) is described by its audited call.
 */
public enum StatementKind {
    /** {@code SELECT}, {@code VALUES}, {@code WITH ...}: planned and run; analysed. */
    QUERY(true),
    /** {@code INSERT INTO/OVERWRITE ... SELECT}: analysed. */
    INSERT(true),
    /** {@code EXECUTE STATEMENT SET BEGIN ... END} or {@code STATEMENT SET BEGIN ... END}: analysed. */
    STATEMENT_SET(true),
    /** {@code BEGIN STATEMENT SET;} opening a statement set sent statement by statement. */
    BEGIN_STATEMENT_SET(false),
    /** {@code END;} closing a statement set sent statement by statement. */
    END_STATEMENT_SET(false),
    /** {@code CREATE TABLE ... AS SELECT}, {@code REPLACE TABLE ... AS SELECT}: runs a job; analysed. */
    CREATE_TABLE_AS(true),
    /**
     * {@code CREATE [OR ALTER] MATERIALIZED TABLE ... AS <query>} and {@code ALTER MATERIALIZED TABLE
     * ... AS <query>}: in continuous mode Flink starts a streaming job; the query is analysed.
     */
    MATERIALIZED_TABLE(false),
    /** {@code SET 'key' = 'value'} or {@code SET} (list). */
    SET(false),
    /** {@code RESET 'key'} or {@code RESET}. */
    RESET(false),
    /**
     * {@code EXPLAIN ...} in any of Flink's forms: plans, never runs. The explained statement is
     * analysed and its findings are added to Flink's EXPLAIN output; a BLOCK finding does not refuse
     * the EXPLAIN.
     */
    EXPLAIN(false),
    /**
     * {@code COMPILE [AND EXECUTE] PLAN 'file' FOR <statement>} (the statement after {@code FOR} is
     * analysed) and {@code EXECUTE PLAN 'file'} (a stored plan the guard cannot read).
     */
    PLAN(false),
    /** {@code CREATE TABLE}, {@code CREATE VIEW}, {@code ALTER ...}, {@code DROP ...}, ... */
    DDL(false),
    /** {@code SHOW ...}, {@code DESCRIBE ...}, {@code USE ...}, jars, jobs, modules. */
    METADATA(false),
    /** Anything else the parser accepts. */
    OTHER(false),
    /** Flink's parser rejected the text. */
    UNPARSABLE(false),
    /**
     * The guard could not read the text (nested too deeply for the parser's stack, or larger than
     * {@code sql-guard.max-statement-bytes}): not analysed.
     */
    UNREAD(false);

    private final boolean planned;

    StatementKind(boolean planned) {
        this.planned = planned;
    }

    /** True when the guard EXPLAINs statements of this kind before they run. */
    public boolean isPlanned() {
        return planned;
    }
}
