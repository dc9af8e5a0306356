package io.github.sqlguard.advice;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.StillReported;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Advisory;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

class AdvisoryTextTest {

    private static Finding finding(String rule, Level level) {
        return new Finding(rule, level, "the reason of " + rule, "Rank(...)", "", "the fix", "docs/rules/" + rule + ".md");
    }

    @Test
    void aStatementLetThroughInReportModeSaysTheGuardWouldRefuseIt() {
        // Report mode (sql-guard.mode: report): the Top-N ran, its advisory carries the BLOCK finding.
        String text = AdvisoryText.of(new Advisory("op", "BLOCK", "QUERY",
                List.of(finding("unbounded-rank", Level.BLOCK), finding("ttl-bare-number", Level.WARN))));

        assertThat(text)
                .startsWith("[WARNING] sql-guard (report mode): the guard would refuse this statement when it enforces"
                        + " its policy; it ran with 1 blocking finding and 1 warning (verdict BLOCK):")
                .contains("BLOCK unbounded-rank: the reason of unbounded-rank")
                .contains("WARN ttl-bare-number: the reason of ttl-bare-number");
    }

    @Test
    void warningsAndAdviceOfAnAllowedStatement() {
        assertThat(AdvisoryText.of(new Advisory("op", "WARN", "QUERY", List.of(finding("stateful-without-ttl", Level.WARN)))))
                .startsWith("[WARNING] sql-guard: the statement ran with 1 warning (verdict WARN):");
        assertThat(AdvisoryText.of(new Advisory("op", "OK", "QUERY", List.of(finding("stateful-without-ttl", Level.INFO)))))
                .startsWith("[INFO] sql-guard: the statement ran with 1 advisory (verdict OK):");
    }

    @Test
    void eachFindingIsFollowedByItsProvenRewrite() {
        Finding warned = finding("stateful-without-ttl", Level.WARN);
        Rewrite rewrite = new Rewrite(
                "stateful-without-ttl", "Rank(...)", "state-ttl-hint", "SELECT /*+ STATE_TTL('t' = '1 d') */ k FROM t;",
                "SELECT /*+ STATE_TTL('t' = '1 d') */ k FROM t", List.of("GroupAggregate"), "same",
                "state expires 1 d after a key's last change", "state TTL 1 d (sql-guard.rewrite.state-ttl)",
                Optional.empty(), List.of());

        String text = AdvisoryText.of(new Advisory("op", "WARN", "QUERY", List.of(warned), List.of(rewrite), false, ""));

        assertThat(text).contains("rewrite (state-ttl-hint, proven in this session):")
                .contains("    SELECT /*+ STATE_TTL('t' = '1 d') */ k FROM t;")
                .contains("columns: same; plan: GroupAggregate");
        assertThat(text.indexOf("rewrite (")).isGreaterThan(text.indexOf("WARN stateful-without-ttl"));
    }

    @Test
    void aFindingsPageIsLinkedUnderTheDocsBaseUrlOfTheGatewayThatJudgedIt() throws Exception {
        // Round 43 linked a refusal's see: under sql-guard.docs-base-url; the advisory under a result kept the path.
        Advisory judged = new Advisory("op", "BLOCK", "QUERY", List.of(finding("unbounded-rank", Level.BLOCK)), List.of(),
                false, "https://wiki.example.com/sql-guard/");
        // As the advisory route writes it (Flink's REST mapper) and the client reads it.
        String body = org.apache.flink.runtime.rest.util.RestMapperUtils.getStrictObjectMapper()
                .writeValueAsString(io.github.sqlguard.endpoint.rest.AdvisoryResponseBody.of(judged));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();

        assertThat(AdvisoryText.of(AdvisoryClient.advisory(json.readTree(body))))
                .contains("  see: https://wiki.example.com/sql-guard/docs/rules/unbounded-rank.md\n")
                .contains(judged.findings().get(0).describe("https://wiki.example.com/sql-guard/"));
        // A gateway from before the field: the path, as that gateway's advisory said.
        com.fasterxml.jackson.databind.node.ObjectNode older =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(body);
        older.remove("docsBaseUrl");
        assertThat(AdvisoryText.of(AdvisoryClient.advisory(older))).contains("  see: docs/rules/unbounded-rank.md\n");
    }

    @Test
    void aRewriteThatDoesNotRestoreTheSavepointSaysSoAfterTheRoundTrip() throws Exception {
        // Round 55 judged a rewrite of a restoring statement as that restore (Rewrite#restores); the advisory routes
        // dropped the flag and the client rebuilt every rewrite as restoring.
        Rewrite lost = new Rewrite(
                "unbounded-rank", "Rank(...)", "window-top-n", "SELECT k FROM t;", "SELECT k FROM t", List.of("WindowRank"),
                "same", "it does not restore the savepoint", "", Optional.empty(),
                StillReported.parsed(List.of("BLOCK restore-unclaimed-state")),
                List.of(4), Optional.empty(), false);
        Advisory judged = new Advisory("op", "BLOCK", "QUERY", List.of(finding("unbounded-rank", Level.BLOCK)),
                List.of(lost), false, "");
        String body = org.apache.flink.runtime.rest.util.RestMapperUtils.getStrictObjectMapper()
                .writeValueAsString(io.github.sqlguard.endpoint.rest.AdvisoryResponseBody.of(judged));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();

        assertThat(json.readTree(body).path("rewrites").get(0).path("restores").asBoolean(true)).isFalse();
        assertThat(AdvisoryClient.advisory(json.readTree(body)).rewrites().get(0).restores()).isFalse();
        // A gateway from before the field judged no rewrite as a restore: read as restoring.
        com.fasterxml.jackson.databind.node.ObjectNode older =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(body);
        ((com.fasterxml.jackson.databind.node.ObjectNode) older.path("rewrites").get(0)).remove("restores");
        assertThat(AdvisoryClient.advisory(older).rewrites().get(0).restores()).isTrue();
    }

    /**
     * One {@code SET} of the state TTL answers the Top-N and the sink's materializer (case 996 on Flink 1.20): the
     * advisory wrote it out under each, the whole statement twice. It is written out once, under the first finding,
     * naming the other, and named under that one; the advisory route sends it once too, and the client reads it back
     * as the answer to both.
     */
    @Test
    void aSessionSetAnsweringSeveralFindingsIsShownOnceAndSaysWhichItAnswers() throws Exception {
        Finding rank = new Finding("unbounded-rank", Level.BLOCK, "the reason", "Rank[1](partitionBy=[emp_id])", "",
                "the fix", "docs/rules/unbounded-rank.md", Optional.of(1));
        Finding sink = new Finding("stateful-without-ttl", Level.WARN, "the reason", "Sink[2](table=[employee_count])", "",
                "the fix", "docs/rules/stateful-without-ttl.md", Optional.of(2));
        Finding aggregate = new Finding("stateful-without-ttl", Level.WARN, "the reason", "GroupAggregate[3](groupBy=[d])",
                "", "the fix", "docs/rules/stateful-without-ttl.md", Optional.of(3));
        String set = "SET 'table.exec.state.ttl' = '1 d';\nINSERT INTO employee_count SELECT d, COUNT(*) FROM v GROUP BY d;";
        Rewrite forRank = sessionTtl("unbounded-rank", rank.node(), set, 1, "an idle key's ranking starts anew");
        Rewrite forSink = sessionTtl("stateful-without-ttl", sink.node(), set, 2, "an idle key's state starts anew");
        Rewrite hint = sessionTtl("stateful-without-ttl", aggregate.node(), set.replace("SELECT d", "SELECT /*+ STATE_TTL('v'"
                + " = '1 d') */ d"), 3, "the aggregation's state expires");
        Advisory advisory = new Advisory("op", "BLOCK", "INSERT", List.of(rank, sink, aggregate),
                List.of(forRank, forSink, hint), false, "");

        String text = AdvisoryText.of(advisory);

        assertThat(text.split("INSERT INTO employee_count SELECT d, COUNT", -1)).as(text).hasSize(2);
        assertThat(text).contains("rewrite (session-state-ttl, proven in this session; it answers stateful-without-ttl on"
                + " Sink[2] too):\n    SET 'table.exec.state.ttl' = '1 d';")
                .contains("the same statements as the rewrite shown above under unbounded-rank on Rank[1]")
                .contains("an idle key's ranking starts anew").doesNotContain("an idle key's state starts anew")
                .contains("STATE_TTL('v' = '1 d')");
        assertThat(text.indexOf("the same statements")).isGreaterThan(text.indexOf("WARN stateful-without-ttl"));

        // As the advisory route writes it (Flink's REST mapper) and the client reads it.
        String body = org.apache.flink.runtime.rest.util.RestMapperUtils.getStrictObjectMapper()
                .writeValueAsString(io.github.sqlguard.endpoint.rest.AdvisoryResponseBody.of(advisory));
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(body);
        assertThat(json.path("rewrites")).hasSize(2);
        assertThat(json.path("rewrites").get(0).path("alsoAnswers").toString())
                .isEqualTo("[{\"ruleId\":\"stateful-without-ttl\",\"findingNode\":\"Sink[2](table=[employee_count])\","
                        + "\"planNodes\":[2]}]");
        Advisory read = AdvisoryClient.advisory(json);
        assertThat(read.rewritesOf(sink)).singleElement().extracting(Rewrite::sql).isEqualTo(set);
        assertThat(AdvisoryText.of(read)).isEqualTo(text);
    }

    private static Rewrite sessionTtl(String rule, String node, String sql, int planNode, String changes) {
        return new Rewrite(rule, node, planNode == 3 ? "state-ttl-hint" : "session-state-ttl", sql,
                sql.substring(sql.indexOf('\n') + 1, sql.length() - 1), List.of("GroupAggregate", "Rank"), "same", changes,
                "", Optional.empty(), List.of(), List.of(planNode));
    }

    @Test
    void nothingForAStatementWithoutFindingsOrForAnExplain() {
        assertThat(AdvisoryText.of(new Advisory("op", "OK", "QUERY", List.of()))).isEmpty();
        assertThat(AdvisoryText.of(new Advisory("op", "BLOCK", "EXPLAIN", List.of(finding("unbounded-rank", Level.BLOCK)))))
                .isEmpty();
    }
}
