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

    @Test
    void nothingForAStatementWithoutFindingsOrForAnExplain() {
        assertThat(AdvisoryText.of(new Advisory("op", "OK", "QUERY", List.of()))).isEmpty();
        assertThat(AdvisoryText.of(new Advisory("op", "BLOCK", "EXPLAIN", List.of(finding("unbounded-rank", Level.BLOCK)))))
                .isEmpty();
    }
}
