package io.github.sqlguard.endpoint.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.StillReported;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Advisory;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.rest.util.RestMapperUtils;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

/**
 * A rewrite's findings still reported are values (level, rule, node of the rewrite's plan: {@link StillReported}); the
 * advisory route and the rewrite's text show them as they did when they were strings, {@code LEVEL rule-id}, each once.
 */
class AdvisoryResponseBodyRemainingTest {

    private static final List<StillReported> TWO_NODES_OF_ONE_RULE = List.of(
            new StillReported(Level.WARN, "stateful-without-ttl", Optional.of(4)),
            new StillReported(Level.WARN, "stateful-without-ttl", Optional.of(7)),
            new StillReported(Level.BLOCK, "restore-unclaimed-state", Optional.empty()));

    @Test
    void theAdvisoryRouteWritesEachRuleStillReportedOnceAsLevelAndRule() throws Exception {
        Advisory advisory =
                new Advisory("op", "WARN", "QUERY", List.of(), List.of(rewrite(TWO_NODES_OF_ONE_RULE)), false, "");
        String json = RestMapperUtils.getStrictObjectMapper().writeValueAsString(AdvisoryResponseBody.of(advisory));

        JsonNode body = RestMapperUtils.getStrictObjectMapper().readTree(json);

        assertThat(body.path("rewrites").get(0).path("remaining").toString())
                .isEqualTo("[\"WARN stateful-without-ttl\",\"BLOCK restore-unclaimed-state\"]");
    }

    @Test
    void theRewritesTextSaysEachRuleStillReportedOnce() {
        assertThat(rewrite(TWO_NODES_OF_ONE_RULE).describe())
                .contains("    still reported: WARN stateful-without-ttl, BLOCK restore-unclaimed-state\n");
    }

    @Test
    void aRewriteReadBackFromTheRouteHasItsLevelsAndRulesWithoutNodes() {
        AdvisoryResponseBody.RewriteBody body = AdvisoryResponseBody.RewriteBody.of(rewrite(TWO_NODES_OF_ONE_RULE));

        assertThat(body.toRewrite().remaining()).containsExactly(
                new StillReported(Level.WARN, "stateful-without-ttl", Optional.empty()),
                new StillReported(Level.BLOCK, "restore-unclaimed-state", Optional.empty()));
    }

    private static Rewrite rewrite(List<StillReported> remaining) {
        return new Rewrite("stateful-without-ttl", "GroupAggregate(...)", "session-state-ttl", "SELECT k FROM t;",
                "SELECT k FROM t", List.of("GroupAggregate"), "same", "state expires", "", Optional.empty(), remaining);
    }
}
