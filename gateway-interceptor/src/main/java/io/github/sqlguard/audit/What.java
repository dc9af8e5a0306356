package io.github.sqlguard.audit;

import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.api.common.JobID;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * What an audited call carries, as its records name it ({@code kind}) and show it ({@code
 * statement}): one statement as Flink's parser read it, or a call that carries no single statement,
 * described by the call itself (session properties, a script, a materialized table refresh, a
 * policy reload).
 */
public sealed interface What {

    /** Kind of the properties a session is opened with ({@code openSession}). */
    String SESSION_PROPERTIES = "SESSION_PROPERTIES";
    /** Kind of a whole script sent to {@code deployScript}. */
    String SCRIPT = "SCRIPT";
    /** Kind of a change of the guard's own policy ({@code policyReload}). */
    String POLICY = "POLICY";
    /** Kind of a materialized table refresh requested over REST ({@code refreshMaterializedTable}). */
    String MATERIALIZED_TABLE_REFRESH = "MATERIALIZED_TABLE_REFRESH";

    /** The audit's {@code kind}: the statement's kind, or the call's. */
    String kind();

    /** The full text, before redaction: the statement as submitted, or the call's description. */
    String text();

    /**
     * The Flink job the call names in its own text, known before it runs: the job a {@code STOP JOB '<id>'} stops;
     * empty for every other call, whose job (if any) Flink names only once it runs.
     */
    default Optional<String> jobId() {
        return Optional.empty();
    }

    /** A statement of the call. */
    static What statement(ParsedStatement statement) {
        return new OfStatement(statement);
    }

    /** The properties {@code openSession} opens a session with, one {@code -- 'key' = 'value'} line each. */
    static What sessionProperties(Map<String, String> properties) {
        StringBuilder out = new StringBuilder("-- session properties at openSession");
        // Quoted as SQL quotes them ('' for '), so that a value with quotes is one literal to the redactor.
        properties.forEach((k, v) -> out.append("\n-- '").append(k.replace("'", "''")).append("' = '")
                .append(v == null ? "" : v.replace("'", "''")).append("'"));
        return new OfCall(SESSION_PROPERTIES, out.toString());
    }

    /** A script sent to {@code deployScript}: its text, or where it is. */
    static What script(URI scriptUri, String script) {
        return new OfCall(SCRIPT, script != null ? script : "-- script at " + scriptUri);
    }

    /** A refresh of the materialized table {@code identifier}. */
    static What materializedTableRefresh(String identifier) {
        return new OfCall(MATERIALIZED_TABLE_REFRESH, "-- refresh materialized table " + identifier);
    }

    /** One statement, as Flink's parser read it. */
    record OfStatement(ParsedStatement statement) implements What {
        @Override
        public String kind() {
            return statement.kind().name();
        }

        @Override
        public String text() {
            return statement.text();
        }

        /**
         * The job a {@code STOP JOB} stops, as Flink reads its id ({@code JobID#fromHexString}, which {@code
         * OperationExecutor#callStopJobOperation} stops; 1.20 and 2.3). An id Flink cannot read names no job (the
         * statement fails): none is recorded.
         */
        @Override
        public Optional<String> jobId() {
            if (!(statement instanceof ParsedStatement.StopJob stop)) {
                return Optional.empty();
            }
            try {
                return Optional.of(JobID.fromHexString(stop.jobId()).toHexString());
            } catch (IllegalArgumentException notAJobId) {
                return Optional.empty();
            }
        }
    }

    /**
     * A call that carries no single statement.
     *
     * @param kind one of {@link #SESSION_PROPERTIES}, {@link #SCRIPT}, {@link #POLICY}, {@link
     *     #MATERIALIZED_TABLE_REFRESH}
     * @param description what the call does, as SQL comments (or the script it runs)
     */
    record OfCall(String kind, String description) implements What {
        @Override
        public String text() {
            return description;
        }
    }
}
