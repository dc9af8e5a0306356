package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.PlannerRuns;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The two judgements of what the guard decides without planning agree: every text {@link UnplannedText#certain} passes
 * (a guess from its first words, made before the parse, on which the REST endpoint holds and answers its operation) is
 * one {@link StatementPipeline#decidesWithoutPlanning} once parsed as the gateway parses it (Flink's SQL parser, then,
 * for a text it refuses, the session's parser chain: {@code Classifier#classify}; a {@code SET} with an unquoted value
 * is read by Flink's extended parser only), over every statement of the case corpus and every text of {@link
 * UnplannedTextTest}, or a text Flink's parsers refuse, which the guard answers with Flink's own error without
 * planning anything (counted: {@link PlannerRuns}; two of the corpus, a quoted key with an unquoted value and a comment
 * after {@code SET}). The parse has the last word; this states that it never overrules the guess in the costly
 * direction.
 */
class CertainTextsDecideWithoutPlanningTest {

    // What UnplannedText passes is answered before its parse over REST: a text the guard would plan would be planned
    // on a REST I/O thread, after its client already had its handle.

    @Test
    void everyTextUnplannedTextPassesDecidesWithoutPlanningOnceParsed() throws Exception {
        List<String> texts = new ArrayList<>();
        for (Path file : CaseCorpus.all()) {
            texts.addAll(SqlScript.read(file).statements());
        }
        for (Method method : UnplannedTextTest.class.getDeclaredMethods()) {
            ValueSource values = method.getAnnotation(ValueSource.class);
            if (values != null) {
                texts.addAll(List.of(values.strings()));
            }
        }
        StatementParser parser = new StatementParser();
        List<String> passed = texts.stream().filter(UnplannedText::certain).toList();
        List<String> overruled = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        try (InProcessGateway gateway = InProcessGateway.start()) {
            SessionHandle session = gateway.openSession(Map.of());
            GatewaySessions sessions = gateway.pipeline().gatewaySessions().orElseThrow();
            PlannerRuns runs = sessions.plannerRuns();
            for (String text : passed) {
                ParsedStatement parsed = parser.reparse(parser.parse(text),
                        statement -> sessions.parser(session, new Configuration()).apply(statement));
                if (StatementPipeline.decidesWithoutPlanning(parsed)) {
                    continue;
                }
                if (parsed instanceof ParsedStatement.Unparsable) {
                    // Flink's parsers refuse it: the guard answers with Flink's own error, and plans nothing for it.
                    refused.add(text);
                    PlannerRuns.Count before = runs.count();
                    gateway.service().executeHeldBeforeParse(session, text, 0, new Configuration());
                    PlannerRuns.Count since = runs.count().since(before);
                    if (since.optimized() == 0 && since.translated() == 0) {
                        continue;
                    }
                }
                overruled.add(parsed.getClass().getSimpleName() + ": " + text);
            }
        }
        assertThat(overruled).as("texts UnplannedText passes that the guard plans").isEmpty();
        assertThat(refused).as("texts Flink's parsers refuse, decided as Flink's error without planning")
                .hasSizeLessThan(passed.size() / 10);
        assertThat(passed).as("the corpus's SET, RESET, SHOW and CREATE TABLE statements").hasSizeGreaterThan(400);
    }
}
