package io.github.sqlguard.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * Writes an {@link AuditRecord} as the JSON object Jackson's {@code ObjectMapper} writes of it, field
 * by field with Jackson's streaming {@link JsonGenerator}: the generator the mapper itself writes
 * through ({@code ObjectMapper#getFactory}), so strings are escaped as the mapper escapes them (its
 * factory's {@link LineTerminatorEscapes}: control characters, U+0085, U+2028 and U+2029; unpaired
 * surrogates and other characters written as they are) and numbers and booleans are written as it
 * writes them. Written by hand here is only what the mapper's serializers do by reflection on each record
 * (jackson-databind 2.19: {@code BeanSerializer}, {@code UnwrappingBeanSerializer}, a record
 * component read through {@code Method#invoke}, about three quarters of the audit's CPU samples on
 * a cheap statement in the gateway, bench/results/2026-12-03-cheap-path-r42.md): the fields' names
 * and order (record components in declaration order), a {@code @JsonUnwrapped} record's fields flat
 * in its place and none when it is {@code null}, {@code null} fields and list elements written as
 * {@code null}, a map's entries in its iteration order and a {@code null} map key refused ({@link
 * Unrenderable}). The names are written from {@link SerializedString}s, quoted once.
 *
 * <p>{@code AuditRecordJsonPropertiesTest} renders arbitrary records both ways and compares the
 * text; {@code AuditRecordJsonTest} does so on a record of each kind the guard writes, and fails on
 * a record component this class does not write.
 */
final class AuditRecordJson {

    private AuditRecordJson() {}

    /** A record Jackson's mapper refuses ({@code null} map key): the caller asks the mapper, for its exception. */
    static final class Unrenderable extends RuntimeException {
        Unrenderable() {
            super(null, null, false, false);
        }
    }

    private static final SerializableString LOGGED_AT = name("logged_at");
    private static final SerializableString TIME = name("time");
    private static final SerializableString DECISION_ID = name("decisionId");
    private static final SerializableString INSTANCE = name("instance");
    private static final SerializableString CALL = name("call");
    private static final SerializableString SESSION_ID = name("sessionId");
    private static final SerializableString USER = name("user");
    private static final SerializableString CLAIMED_USER = name("claimedUser");
    private static final SerializableString IDENTITY_SOURCE = name("identitySource");
    private static final SerializableString IDENTITY_REJECTED = name("identityRejected");
    private static final SerializableString SCOPE = name("scope");
    private static final SerializableString POLICY_HASH = name("policyHash");
    private static final SerializableString TABLES = name("tables");
    private static final SerializableString TABLE = name("table");
    private static final SerializableString KIND = name("kind");
    private static final SerializableString STATEMENT = name("statement");
    private static final SerializableString STATEMENT_TRUNCATED = name("statementTruncated");
    private static final SerializableString STATEMENT_SHA256 = name("statementSha256");
    private static final SerializableString VERDICT = name("verdict");
    private static final SerializableString FINDINGS = name("findings");
    private static final SerializableString ID = name("id");
    private static final SerializableString LEVEL = name("level");
    private static final SerializableString NODE = name("node");
    private static final SerializableString PLAN_NODE = name("planNode");
    private static final SerializableString SUPPRESSED = name("suppressed");
    private static final SerializableString EFFECTIVE_STATE_TTL_MS = name("effectiveStateTtlMs");
    private static final SerializableString STATEFUL_OPERATORS = name("statefulOperators");
    private static final SerializableString OPERATOR_STATE_TTL = name("operatorStateTtl");
    private static final SerializableString OPERATOR = name("operator");
    private static final SerializableString STATE = name("state");
    private static final SerializableString TTL_MS = name("ttlMs");
    private static final SerializableString SOURCE = name("source");
    private static final SerializableString ANALYSIS_MS = name("analysisMs");
    private static final SerializableString REWRITES = name("rewrites");
    private static final SerializableString RULE = name("rule");
    private static final SerializableString FAMILY = name("family");
    private static final SerializableString SHA256 = name("sha256");
    private static final SerializableString OPERATORS = name("operators");
    private static final SerializableString REWRITE_COUNTS = name("rewriteCounts");
    private static final SerializableString OFFERED = name("offered");
    private static final SerializableString VERIFIED = name("verified");
    private static final SerializableString REJECTED = name("rejected");
    private static final SerializableString SKIPPED = name("skipped");
    private static final SerializableString PLANNED = name("planned");
    private static final SerializableString RESTORE = name("restore");
    private static final SerializableString SAVEPOINT = name("savepoint");
    private static final SerializableString UNREADABLE = name("unreadable");
    private static final SerializableString IGNORE_UNCLAIMED = name("ignoreUnclaimed");
    private static final SerializableString MATCHED = name("matched");
    private static final SerializableString UNCLAIMED = name("unclaimed");
    private static final SerializableString COMPARED_WITH = name("comparedWith");
    private static final SerializableString NOT_COMPARED = name("notCompared");
    private static final SerializableString STATE_CHANGES = name("stateChanges");
    private static final SerializableString NEW_OPERATOR = name("newOperator");
    private static final SerializableString REASONS = name("reasons");
    private static final SerializableString INFERRED = name("inferred");
    private static final SerializableString MAX_PARALLELISM = name("maxParallelism");
    private static final SerializableString VERTEX = name("vertex");
    private static final SerializableString SAVED_MAX_PARALLELISM = name("savedMaxParallelism");
    private static final SerializableString PARALLELISM = name("parallelism");
    private static final SerializableString CAUSE = name("cause");
    private static final SerializableString OPERATOR_ID = name("operatorId");
    private static final SerializableString NAME = name("name");
    private static final SerializableString STATE_BYTES = name("stateBytes");
    private static final SerializableString CLAIMED_BY = name("claimedBy");
    private static final SerializableString OPERATION_HANDLE = name("operationHandle");
    private static final SerializableString OUTCOME = name("outcome");
    private static final SerializableString EXECUTION = name("execution");
    private static final SerializableString ERROR = name("error");
    private static final SerializableString JOB_ID = name("jobId");
    private static final SerializableString SAVEPOINT_PATH = name("savepointPath");

    private static SerializableString name(String name) {
        return new SerializedString(name);
    }

    /** What separates two records written by one generator ({@link #appendLines}): a line break, as between two lines. */
    private static final SerializableString LINE_BREAK = new SerializedString("\n");

    /**
     * Appends the lines of {@code first} and {@code second} ({@link #append}) joined by a line break, written by one
     * generator: the two records of a statement written as one logging event ({@code AuditLog#write(AuditRecord,
     * AuditRecord)}) cost one generator's making and closing (its buffers taken from and given back to Jackson's
     * recycler pool), not two. On any failure {@code out} is left as it was.
     *
     * @throws Unrenderable when Jackson's mapper would refuse either record (a {@code null} map key)
     */
    static void appendLines(
            JsonFactory factory, String firstLoggedAt, AuditRecord first, String secondLoggedAt, AuditRecord second,
            StringBuilder out) throws IOException {
        int mark = out.length();
        boolean done = false;
        try (JsonGenerator g = factory.createGenerator(new BuilderWriter(out))) {
            // Between root values the generator writes this separator (Jackson's default is a space).
            g.setRootValueSeparator(LINE_BREAK);
            object(g, firstLoggedAt, first);
            object(g, secondLoggedAt, second);
            done = true;
        } finally {
            if (!done) {
                out.setLength(mark);
            }
        }
    }

    /**
     * Appends {@code {"logged_at":"<loggedAt>",<the record's fields>}} to {@code out}. On any
     * failure {@code out} is left as it was.
     *
     * @throws Unrenderable when Jackson's mapper would refuse the record (a {@code null} map key)
     */
    static void append(JsonFactory factory, String loggedAt, AuditRecord record, StringBuilder out) throws IOException {
        int mark = out.length();
        boolean done = false;
        try (JsonGenerator g = factory.createGenerator(new BuilderWriter(out))) {
            object(g, loggedAt, record);
            done = true;
        } finally {
            if (!done) {
                out.setLength(mark);
            }
        }
    }

    /** {@code {"logged_at":"<loggedAt>",<the record's fields>}}. */
    private static void object(JsonGenerator g, String loggedAt, AuditRecord record) throws IOException {
        g.writeStartObject();
        string(g, LOGGED_AT, loggedAt);
        fields(g, record);
        g.writeEndObject();
    }

    private static void fields(JsonGenerator g, AuditRecord r) throws IOException {
        string(g, TIME, r.time());
        string(g, DECISION_ID, r.decisionId());
        string(g, INSTANCE, r.instance());
        string(g, CALL, r.call());
        string(g, SESSION_ID, r.sessionId());
        Subject who = r.who();
        if (who != null) {
            string(g, USER, who.user());
            string(g, CLAIMED_USER, who.claimedUser());
            string(g, IDENTITY_SOURCE, who.identitySource());
            string(g, IDENTITY_REJECTED, who.identityRejected());
            string(g, SCOPE, who.scope());
            string(g, POLICY_HASH, who.policyHash());
            g.writeFieldName(TABLES);
            if (start(g, who.tables())) {
                for (Subject.Table t : who.tables()) {
                    if (t == null) {
                        g.writeNull();
                        continue;
                    }
                    g.writeStartObject();
                    string(g, TABLE, t.table());
                    string(g, SCOPE, t.scope());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        }
        AuditRecord.Statement s = r.statement();
        if (s != null) {
            string(g, KIND, s.kind());
            string(g, STATEMENT, s.statement());
            g.writeFieldName(STATEMENT_TRUNCATED);
            g.writeBoolean(s.statementTruncated());
            string(g, STATEMENT_SHA256, s.statementSha256());
        }
        AuditRecord.Decided d = r.decision();
        if (d != null) {
            decided(g, d);
        }
        AuditRecord.Happened h = r.outcome();
        if (h != null) {
            string(g, OPERATION_HANDLE, h.operationHandle());
            string(g, OUTCOME, h.outcome());
            string(g, EXECUTION, h.execution());
            string(g, ERROR, h.error());
            string(g, JOB_ID, h.jobId());
            string(g, SAVEPOINT_PATH, h.savepointPath());
        }
    }

    private static void decided(JsonGenerator g, AuditRecord.Decided d) throws IOException {
        string(g, VERDICT, d.verdict());
        g.writeFieldName(FINDINGS);
        if (start(g, d.findings())) {
            for (AuditRecord.AuditFinding f : d.findings()) {
                if (f == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, ID, f.id());
                string(g, LEVEL, f.level());
                string(g, NODE, f.node());
                g.writeFieldName(PLAN_NODE);
                integer(g, f.planNode());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName(SUPPRESSED);
        strings(g, d.suppressed());
        g.writeFieldName(EFFECTIVE_STATE_TTL_MS);
        if (d.effectiveStateTtlMs() == null) {
            g.writeNull();
        } else {
            g.writeNumber(d.effectiveStateTtlMs().longValue());
        }
        g.writeFieldName(STATEFUL_OPERATORS);
        Map<String, Integer> stateful = d.statefulOperators();
        if (stateful == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            for (Map.Entry<String, Integer> e : stateful.entrySet()) {
                if (e.getKey() == null) {
                    throw new Unrenderable();
                }
                g.writeFieldName(e.getKey());
                integer(g, e.getValue());
            }
            g.writeEndObject();
        }
        g.writeFieldName(OPERATOR_STATE_TTL);
        if (start(g, d.operatorStateTtl())) {
            for (AuditRecord.OperatorStateTtl o : d.operatorStateTtl()) {
                if (o == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, OPERATOR, o.operator());
                string(g, STATE, o.state());
                number(g, TTL_MS, o.ttlMs());
                string(g, SOURCE, o.source());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        number(g, ANALYSIS_MS, d.analysisMs());
        g.writeFieldName(REWRITES);
        if (start(g, d.rewrites())) {
            for (AuditRecord.AuditRewrite w : d.rewrites()) {
                if (w == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, RULE, w.rule());
                string(g, FAMILY, w.family());
                string(g, SHA256, w.sha256());
                g.writeFieldName(OPERATORS);
                strings(g, w.operators());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName(REWRITE_COUNTS);
        if (start(g, d.rewriteCounts())) {
            for (AuditRecord.RewriteCount c : d.rewriteCounts()) {
                if (c == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, RULE, c.rule());
                number(g, OFFERED, c.offered());
                number(g, VERIFIED, c.verified());
                number(g, REJECTED, c.rejected());
                number(g, SKIPPED, c.skipped());
                number(g, PLANNED, c.planned());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName(RESTORE);
        restore(g, d.restore());
    }

    private static void restore(JsonGenerator g, AuditRecord.AuditRestore r) throws IOException {
        if (r == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        string(g, SAVEPOINT, r.savepoint());
        string(g, UNREADABLE, r.unreadable());
        g.writeFieldName(IGNORE_UNCLAIMED);
        g.writeBoolean(r.ignoreUnclaimed());
        g.writeFieldName(MATCHED);
        savedOperators(g, r.matched());
        g.writeFieldName(UNCLAIMED);
        savedOperators(g, r.unclaimed());
        string(g, COMPARED_WITH, r.comparedWith());
        string(g, NOT_COMPARED, r.notCompared());
        g.writeFieldName(STATE_CHANGES);
        if (start(g, r.stateChanges())) {
            for (AuditRecord.AuditStateChange c : r.stateChanges()) {
                if (c == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, KIND, c.kind());
                string(g, OPERATOR, c.operator());
                string(g, NEW_OPERATOR, c.newOperator());
                g.writeFieldName(REASONS);
                strings(g, c.reasons());
                g.writeFieldName(INFERRED);
                g.writeBoolean(c.inferred());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName(MAX_PARALLELISM);
        if (start(g, r.maxParallelism())) {
            for (AuditRecord.AuditMaxParallelism m : r.maxParallelism()) {
                if (m == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, OPERATOR, m.operator());
                string(g, VERTEX, m.vertex());
                number(g, SAVED_MAX_PARALLELISM, m.savedMaxParallelism());
                number(g, PARALLELISM, m.parallelism());
                number(g, MAX_PARALLELISM, m.maxParallelism());
                string(g, CAUSE, m.cause());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void savedOperators(JsonGenerator g, List<AuditRecord.AuditSavedOperator> operators) throws IOException {
        if (start(g, operators)) {
            for (AuditRecord.AuditSavedOperator o : operators) {
                if (o == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                string(g, OPERATOR_ID, o.operatorId());
                string(g, NAME, o.name());
                number(g, STATE_BYTES, o.stateBytes());
                string(g, CLAIMED_BY, o.claimedBy());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
    }

    /** A string field; {@code null} as the mapper's {@code NullSerializer} writes it. */
    private static void string(JsonGenerator g, SerializableString name, String value) throws IOException {
        g.writeFieldName(name);
        if (value == null) {
            g.writeNull();
        } else {
            g.writeString(value);
        }
    }

    private static void number(JsonGenerator g, SerializableString name, long value) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(value);
    }

    private static void number(JsonGenerator g, SerializableString name, int value) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(value);
    }

    private static void strings(JsonGenerator g, List<String> values) throws IOException {
        if (start(g, values)) {
            for (String v : values) {
                if (v == null) {
                    g.writeNull();
                } else {
                    g.writeString(v);
                }
            }
            g.writeEndArray();
        }
    }

    private static void integer(JsonGenerator g, Integer value) throws IOException {
        if (value == null) {
            g.writeNull();
        } else {
            g.writeNumber(value.intValue());
        }
    }

    /** Writes {@code null} for a {@code null} list, else starts its array: true when the caller writes its elements. */
    private static boolean start(JsonGenerator g, List<?> list) throws IOException {
        if (list == null) {
            g.writeNull();
            return false;
        }
        g.writeStartArray();
        return true;
    }

    /** The generator's output straight into a {@link StringBuilder} (no buffer of its own, nothing to close). */
    static final class BuilderWriter extends Writer {
        private final StringBuilder out;

        BuilderWriter(StringBuilder out) {
            this.out = out;
        }

        @Override
        public void write(char[] chars, int offset, int length) {
            out.append(chars, offset, length);
        }

        @Override
        public void write(int c) {
            out.append((char) c);
        }

        @Override
        public void write(String text, int offset, int length) {
            out.append(text, offset, offset + length);
        }

        @Override
        public Writer append(CharSequence text) {
            out.append(text);
            return this;
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
