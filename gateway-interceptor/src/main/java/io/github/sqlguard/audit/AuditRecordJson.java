package io.github.sqlguard.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * Writes an {@link AuditRecord} as the JSON object Jackson's {@code ObjectMapper} writes of it (the
 * audit's format until round 39), field by field with Jackson's streaming {@link JsonGenerator}: the
 * same generator {@code ObjectMapper#writeValueAsString} writes through, so strings are escaped by
 * Jackson as before (control characters, U+2028 and unpaired surrogates alike), and numbers and
 * booleans are written as it writes them. What is written by hand here is only what the mapper
 * learnt by introspection on each call path: the fields' names and order (record components, in
 * declaration order), a {@code @JsonUnwrapped} record's fields flat in its place and none when it is
 * {@code null}, {@code null} fields written as {@code null}, a map's entries in its iteration order.
 * {@code AuditRecordJsonPropertiesTest} renders arbitrary records both ways and compares the text.
 *
 * <p>Written into a caller's {@link StringBuilder}, which a thread reuses: no copy of the text is
 * made between the generator's buffer and the one {@code String} the logging call takes.
 */
final class AuditRecordJson {

    private AuditRecordJson() {}

    /** A map key Jackson refuses ({@code null}): the caller renders with the mapper, for its exception. */
    static final class Unrenderable extends RuntimeException {
        Unrenderable() {
            super(null, null, false, false);
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
            g.writeStartObject();
            g.writeStringField("logged_at", loggedAt);
            fields(g, record);
            g.writeEndObject();
            done = true;
        } finally {
            if (!done) {
                out.setLength(mark);
            }
        }
    }

    private static void fields(JsonGenerator g, AuditRecord r) throws IOException {
        g.writeStringField("time", r.time());
        g.writeStringField("decisionId", r.decisionId());
        g.writeStringField("instance", r.instance());
        g.writeStringField("call", r.call());
        g.writeStringField("sessionId", r.sessionId());
        Subject who = r.who();
        if (who != null) {
            g.writeStringField("user", who.user());
            g.writeStringField("claimedUser", who.claimedUser());
            g.writeStringField("identitySource", who.identitySource());
            g.writeStringField("identityRejected", who.identityRejected());
            g.writeStringField("scope", who.scope());
            g.writeStringField("policyHash", who.policyHash());
            g.writeFieldName("tables");
            if (start(g, who.tables())) {
                for (Subject.Table t : who.tables()) {
                    if (t == null) {
                        g.writeNull();
                        continue;
                    }
                    g.writeStartObject();
                    g.writeStringField("table", t.table());
                    g.writeStringField("scope", t.scope());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        }
        AuditRecord.Statement s = r.statement();
        if (s != null) {
            g.writeStringField("kind", s.kind());
            g.writeStringField("statement", s.statement());
            g.writeBooleanField("statementTruncated", s.statementTruncated());
            g.writeStringField("statementSha256", s.statementSha256());
        }
        AuditRecord.Decided d = r.decision();
        if (d != null) {
            decided(g, d);
        }
        AuditRecord.Happened h = r.outcome();
        if (h != null) {
            g.writeStringField("operationHandle", h.operationHandle());
            g.writeStringField("outcome", h.outcome());
            g.writeStringField("execution", h.execution());
            g.writeStringField("error", h.error());
            g.writeStringField("jobId", h.jobId());
        }
    }

    private static void decided(JsonGenerator g, AuditRecord.Decided d) throws IOException {
        g.writeStringField("verdict", d.verdict());
        g.writeFieldName("findings");
        if (start(g, d.findings())) {
            for (AuditRecord.AuditFinding f : d.findings()) {
                if (f == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("id", f.id());
                g.writeStringField("level", f.level());
                g.writeStringField("node", f.node());
                g.writeFieldName("planNode");
                integer(g, f.planNode());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName("suppressed");
        strings(g, d.suppressed());
        g.writeFieldName("effectiveStateTtlMs");
        if (d.effectiveStateTtlMs() == null) {
            g.writeNull();
        } else {
            g.writeNumber(d.effectiveStateTtlMs().longValue());
        }
        g.writeFieldName("statefulOperators");
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
        g.writeFieldName("operatorStateTtl");
        if (start(g, d.operatorStateTtl())) {
            for (AuditRecord.OperatorStateTtl o : d.operatorStateTtl()) {
                if (o == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("operator", o.operator());
                g.writeStringField("state", o.state());
                g.writeNumberField("ttlMs", o.ttlMs());
                g.writeStringField("source", o.source());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeNumberField("analysisMs", d.analysisMs());
        g.writeFieldName("rewrites");
        if (start(g, d.rewrites())) {
            for (AuditRecord.AuditRewrite w : d.rewrites()) {
                if (w == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("rule", w.rule());
                g.writeStringField("family", w.family());
                g.writeStringField("sha256", w.sha256());
                g.writeFieldName("operators");
                strings(g, w.operators());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName("rewriteCounts");
        if (start(g, d.rewriteCounts())) {
            for (AuditRecord.RewriteCount c : d.rewriteCounts()) {
                if (c == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("rule", c.rule());
                g.writeNumberField("offered", c.offered());
                g.writeNumberField("verified", c.verified());
                g.writeNumberField("rejected", c.rejected());
                g.writeNumberField("skipped", c.skipped());
                g.writeNumberField("planned", c.planned());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName("restore");
        restore(g, d.restore());
    }

    private static void restore(JsonGenerator g, AuditRecord.AuditRestore r) throws IOException {
        if (r == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeStringField("savepoint", r.savepoint());
        g.writeStringField("unreadable", r.unreadable());
        g.writeBooleanField("ignoreUnclaimed", r.ignoreUnclaimed());
        g.writeFieldName("matched");
        savedOperators(g, r.matched());
        g.writeFieldName("unclaimed");
        savedOperators(g, r.unclaimed());
        g.writeStringField("comparedWith", r.comparedWith());
        g.writeStringField("notCompared", r.notCompared());
        g.writeFieldName("stateChanges");
        if (start(g, r.stateChanges())) {
            for (AuditRecord.AuditStateChange c : r.stateChanges()) {
                if (c == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("kind", c.kind());
                g.writeStringField("operator", c.operator());
                g.writeStringField("newOperator", c.newOperator());
                g.writeFieldName("reasons");
                strings(g, c.reasons());
                g.writeBooleanField("inferred", c.inferred());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName("maxParallelism");
        if (start(g, r.maxParallelism())) {
            for (AuditRecord.AuditMaxParallelism m : r.maxParallelism()) {
                if (m == null) {
                    g.writeNull();
                    continue;
                }
                g.writeStartObject();
                g.writeStringField("operator", m.operator());
                g.writeStringField("vertex", m.vertex());
                g.writeNumberField("savedMaxParallelism", m.savedMaxParallelism());
                g.writeNumberField("parallelism", m.parallelism());
                g.writeNumberField("maxParallelism", m.maxParallelism());
                g.writeStringField("cause", m.cause());
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
                g.writeStringField("operatorId", o.operatorId());
                g.writeStringField("name", o.name());
                g.writeNumberField("stateBytes", o.stateBytes());
                g.writeStringField("claimedBy", o.claimedBy());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
    }

    private static void strings(JsonGenerator g, List<String> values) throws IOException {
        if (start(g, values)) {
            for (String v : values) {
                g.writeString(v);
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

    /** The generator's output straight into a {@link StringBuilder} (no buffer of its own, never closed). */
    private static final class BuilderWriter extends Writer {
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
