package io.github.sqlguard.statement;

/**
 * What a statement does, as far as the guard is concerned. Classified from the node Flink's own
 * SQL parser ({@code FlinkSqlParserImpl}) produces, or the operation Flink's parser chain reads,
 * never from the raw text. Statements only: a call that carries none (session properties, a
 * script, a materialized table refresh, a policy reload) is described by its audited call.
 */
public enum StatementKind {
    /** {@code SELECT}, {@code VALUES}, {@code WITH ...}: planned and run; analysed. */
    QUERY(true, false),
    /** {@code INSERT INTO/OVERWRITE ... SELECT}: analysed. */
    INSERT(true, false),
    /** {@code EXECUTE STATEMENT SET BEGIN ... END} or {@code STATEMENT SET BEGIN ... END}: analysed. */
    STATEMENT_SET(true, false),
    /** {@code BEGIN STATEMENT SET;} opening a statement set sent statement by statement. */
    BEGIN_STATEMENT_SET(false, true),
    /** {@code END;} closing a statement set sent statement by statement. */
    END_STATEMENT_SET(false, false),
    /** {@code CREATE TABLE ... AS SELECT}, {@code REPLACE TABLE ... AS SELECT}: runs a job; analysed. */
    CREATE_TABLE_AS(true, false),
    /**
     * {@code CREATE [OR ALTER] MATERIALIZED TABLE ... AS <query>} and {@code ALTER MATERIALIZED TABLE
     * ... AS <query>}: in continuous mode Flink starts a streaming job; the query is analysed.
     */
    MATERIALIZED_TABLE(false, false),
    /** {@code SET 'key' = 'value'} or {@code SET} (list). */
    SET(false, true),
    /** {@code RESET 'key'} or {@code RESET}. */
    RESET(false, true),
    /**
     * {@code EXPLAIN ...} in any of Flink's forms: plans, never runs. The explained statement is
     * analysed and its findings are added to Flink's EXPLAIN output; a BLOCK finding does not refuse
     * the EXPLAIN.
     */
    EXPLAIN(false, true),
    /**
     * {@code COMPILE [AND EXECUTE] PLAN 'file' FOR <statement>} (the statement after {@code FOR} is
     * analysed) and {@code EXECUTE PLAN 'file'} (a stored plan the guard cannot read).
     */
    PLAN(false, false),
    /** {@code CREATE TABLE}, {@code CREATE VIEW}, {@code ALTER ...}, {@code DROP ...}, ... */
    DDL(false, false),
    /**
     * {@code STOP JOB '<id>' [WITH SAVEPOINT] [WITH DRAIN]} (Flink's {@code SqlStopJob}): stops a running job and
     * starts none; with a savepoint its result names where Flink wrote it ({@link ParsedStatement.StopJob}).
     */
    STOP_JOB(false, true),
    /** {@code SHOW ...}, {@code DESCRIBE ...}, {@code USE ...}, jars, jobs, modules. */
    METADATA(false, true),
    /** Anything else the parser accepts. */
    OTHER(false, false),
    /** Flink's parser rejected the text. */
    UNPARSABLE(false, true),
    /**
     * The guard could not read the text (nested too deeply for the parser's stack, or larger than
     * {@code sql-guard.max-statement-bytes}): not analysed.
     */
    UNREAD(false, true);

    private final boolean planned;
    private final boolean runsNoJob;

    StatementKind(boolean planned, boolean runsNoJob) {
        this.planned = planned;
        this.runsNoJob = runsNoJob;
    }

    /**
     * True for kinds Flink answers without starting a job: a {@code SET}, {@code RESET}, {@code EXPLAIN},
     * {@code SHOW}/{@code DESCRIBE}/{@code USE}/jar/job/module statement, {@code BEGIN STATEMENT SET}, and
     * a text Flink's parser rejects or the guard does not read (Flink's {@code OperationExecutor}
     * answers these with a result that names no job). False where a job may start: queries, INSERTs,
     * statement sets and their {@code END}, CTAS/RTAS, materialized tables, plans, DDL (an {@code ALTER
     * TABLE ... COMPACT} of Flink 1.20 runs one), and anything else (a {@code CALL} of a procedure may).
     */
    public boolean runsNoJob() {
        return runsNoJob;
    }

    /** True when the guard EXPLAINs statements of this kind before they run. */
    public boolean isPlanned() {
        return planned;
    }
}
