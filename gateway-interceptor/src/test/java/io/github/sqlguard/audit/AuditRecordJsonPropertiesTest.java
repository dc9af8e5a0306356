package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The audit's line of an arbitrary {@link AuditRecord} is the text Jackson's {@code ObjectMapper}
 * wrote of it before round 39 (the mapper's path is kept here only; since round 44 with {@link
 * LineTerminatorEscapes}, as the audit's mapper), with {@code logged_at} first: field names and
 * order, the flat fields of the unwrapped records (none for a {@code null} one), {@code null}s,
 * numbers at their limits, map order, and strings with every character Jackson escapes or does not
 * (control characters, quotes, backslashes, U+0085/U+2028/U+2029, unpaired surrogates, characters
 * outside the BMP).
 */
class AuditRecordJsonPropertiesTest {

    private static final ObjectMapper JACKSON = LineTerminatorEscapes.mapper();
    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-11-30T03:18:51.208Z"), ZoneOffset.UTC);
    private static final String PREFIX = "{\"logged_at\":\"2026-11-30T03:18:51.208Z\",";

    @Property(tries = 2000)
    void aRecordsLineIsWhatJacksonsMapperWroteOfIt(@ForAll("records") AuditRecord record) throws Exception {
        String expected = PREFIX + JACKSON.writeValueAsString(record).substring(1);

        assertThat(new AuditLog(new ch.qos.logback.classic.LoggerContext().getLogger(AuditLog.LOGGER_NAME), FIXED)
                .render(record)).isEqualTo(expected);
    }

    @Property(tries = 300)
    void aDecisionAndWhatFollowedItAreEachWhatJacksonsMapperWrote(
            @ForAll("records") AuditRecord decided, @ForAll("happened") AuditRecord.Happened happened) throws Exception {
        AuditLog log = new AuditLog(new ch.qos.logback.classic.LoggerContext().getLogger(AuditLog.LOGGER_NAME), FIXED);
        AuditRecord next = decided.followedBy("2026-11-30T03:18:51.300Z", "4b5c", happened);

        log.render(decided);
        assertThat(log.render(next)).isEqualTo(PREFIX + JACKSON.writeValueAsString(next).substring(1));
    }

    /** Any text, weighted towards what JSON escaping has to decide on. */
    private static Arbitrary<String> text() {
        Arbitrary<Character> hard = Arbitraries.of(
                '\u0000', '\u0001', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001f', ' ', '"', '\\', '/', '\u007f',
                '\u0080', '\u0085', '\u00e9', '\u2028', '\u2029', '\ud800', '\udbff', '\udc00', '\udfff', '\ufeff', '\uffff',
                '<', '>', '&', '\'', 'a', 'Z', '0');
        Arbitrary<String> mixed = Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, hard),
                        net.jqwik.api.Tuple.of(2, Arbitraries.chars().all()),
                        net.jqwik.api.Tuple.of(2, Arbitraries.chars().alpha()))
                .list().ofMaxSize(40)
                .map(chars -> {
                    StringBuilder s = new StringBuilder();
                    chars.forEach(s::append);
                    return s.toString();
                });
        Arbitrary<String> nonBmp = Arbitraries.of("\ud83d\ude00", "SELECT '\ud83d\ude00' FROM t", "\ud801\udc37x");
        Arbitrary<String> longText = Arbitraries.strings().all().ofMinLength(2000).ofMaxLength(9000);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, mixed), net.jqwik.api.Tuple.of(1, nonBmp), net.jqwik.api.Tuple.of(1, longText));
    }

    private static Arbitrary<String> nullable() {
        return text().injectNull(0.2);
    }

    private static <T> Arbitrary<List<T>> list(Arbitrary<T> element) {
        return element.list().ofMaxSize(4).injectNull(0.1);
    }

    private static <T> Arbitrary<List<T>> listWithNulls(Arbitrary<T> element) {
        return list(element.injectNull(0.1));
    }

    private static Arbitrary<Long> longs() {
        return Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 127L, 128L));
    }

    private static Arbitrary<Integer> ints() {
        return Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.of(0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    private static Arbitrary<Subject> subjects() {
        Arbitrary<Subject.Table> table = Combinators.combine(nullable(), nullable()).as(Subject.Table::new);
        return Combinators.combine(nullable(), nullable(), nullable(), nullable(), nullable(), nullable(),
                        table.list().ofMaxSize(3))
                .as(Subject::new);
    }

    private static Arbitrary<AuditRecord.Statement> statements() {
        return Combinators.combine(nullable(), nullable(), Arbitraries.of(true, false), nullable())
                .as(AuditRecord.Statement::new);
    }

    private static Arbitrary<Map<String, Integer>> statefulOperators() {
        return Combinators.combine(text(), ints().injectNull(0.2)).as(java.util.AbstractMap.SimpleEntry::new).list().ofMaxSize(4)
                .map(entries -> {
                    Map<String, Integer> map = new LinkedHashMap<>();
                    entries.forEach(e -> map.put(e.getKey(), e.getValue()));
                    return map;
                })
                .injectNull(0.1);
    }

    private static Arbitrary<AuditRecord.AuditRestore> restores() {
        Arbitrary<AuditRecord.AuditSavedOperator> saved = Combinators.combine(nullable(), nullable(), longs(), nullable())
                .as(AuditRecord.AuditSavedOperator::new);
        Arbitrary<AuditRecord.AuditStateChange> change = Combinators.combine(
                        nullable(), nullable(), nullable(), listWithNulls(nullable()), Arbitraries.of(true, false))
                .as(AuditRecord.AuditStateChange::new);
        Arbitrary<AuditRecord.AuditMaxParallelism> max = Combinators.combine(
                        nullable(), nullable(), ints(), ints(), ints(), nullable())
                .as(AuditRecord.AuditMaxParallelism::new);
        Arbitrary<List<String>> texts = nullable().list().ofSize(4);
        return Combinators.combine(texts, Arbitraries.of(true, false), listWithNulls(saved), listWithNulls(saved),
                        listWithNulls(change), listWithNulls(max))
                .as((t, ignore, matched, unclaimed, changes, maxes) -> new AuditRecord.AuditRestore(
                        t.get(0), t.get(1), ignore, matched, unclaimed, t.get(2), t.get(3), changes, maxes))
                .injectNull(0.5);
    }

    private static Arbitrary<AuditRecord.Decided> decisions() {
        Arbitrary<AuditRecord.AuditFinding> finding = Combinators.combine(nullable(), nullable(), nullable(),
                        ints().injectNull(0.3))
                .as(AuditRecord.AuditFinding::new);
        Arbitrary<AuditRecord.OperatorStateTtl> ttl = Combinators.combine(nullable(), nullable(), longs(), nullable())
                .as(AuditRecord.OperatorStateTtl::new);
        Arbitrary<AuditRecord.AuditRewrite> rewrite = Combinators.combine(nullable(), nullable(), nullable(),
                        listWithNulls(nullable()))
                .as(AuditRecord.AuditRewrite::new);
        Arbitrary<AuditRecord.RewriteCount> count = Combinators.combine(nullable(), ints(), ints(), ints(), ints(), ints())
                .as(AuditRecord.RewriteCount::new);
        Arbitrary<List<Object>> parts = Combinators.combine(
                        nullable(), listWithNulls(finding), listWithNulls(nullable()), longs().injectNull(0.3),
                        statefulOperators(), listWithNulls(ttl), longs(), listWithNulls(rewrite))
                .as((v, f, s, t, m, o, a, r) -> java.util.Arrays.<Object>asList(v, f, s, t, m, o, a, r));
        return Combinators.combine(parts, listWithNulls(count), restores())
                .as((p, c, r) -> decided(p, c, r));
    }

    @SuppressWarnings("unchecked")
    private static AuditRecord.Decided decided(List<Object> p, List<AuditRecord.RewriteCount> counts, AuditRecord.AuditRestore restore) {
        return new AuditRecord.Decided((String) p.get(0), (List<AuditRecord.AuditFinding>) p.get(1), (List<String>) p.get(2),
                (Long) p.get(3), (Map<String, Integer>) p.get(4), (List<AuditRecord.OperatorStateTtl>) p.get(5),
                (Long) p.get(6), (List<AuditRecord.AuditRewrite>) p.get(7), counts, restore);
    }

    @Provide
    Arbitrary<AuditRecord.Happened> happened() {
        return Combinators.combine(nullable(), nullable(), nullable(), nullable(), nullable())
                .as(AuditRecord.Happened::new);
    }

    @Provide
    Arbitrary<AuditRecord> records() {
        Arbitrary<List<String>> head = nullable().list().ofSize(5);
        return Combinators.combine(head, subjects().injectNull(0.05), statements(), decisions().injectNull(0.05),
                        happened().injectNull(0.05))
                .as((h, who, statement, decision, outcome) -> new AuditRecord(
                        h.get(0), h.get(1), h.get(2), h.get(3), h.get(4), who, statement, decision, outcome));
    }
}
