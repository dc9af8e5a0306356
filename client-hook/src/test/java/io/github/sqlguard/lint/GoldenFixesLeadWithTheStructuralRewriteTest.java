package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.RewriteGoldens;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Issue 30 §2 over every golden file of both Flink lines: where a finding's first proven rewrite is a structural one (a
 * window, a lookup or temporal join, a watermark or a time attribute that makes Flink's time-bounded operator), its fix
 * does not lead with a state TTL, which only forgets keys: it names the structure first, as the rule wrote it or as the
 * proven rewrite did ({@code rewrite.ProvenFixes}). Before round 69, case 1119's fix led with the TTL under a proven
 * window aggregation, and 509's and 510's under a proven window join.
 */
class GoldenFixesLeadWithTheStructuralRewriteTest {

    private static final Set<String> STRUCTURAL = Set.of("window-aggregate", "window-join", "window-top-n", "window-group",
            "window-partition", "lookup-join", "lookup-join-key", "temporal-join", "watermark", "time-attribute-order");

    /** How a fix that leads with a state TTL begins ({@code StatefulWithoutTtlRule}, {@code UnboundedRankRule}). */
    private static final List<String> TTL_LEADS = List.of("Set a state TTL", "Bound the join's state", "Bound the state",
            "Give it a TTL", "Bound the streaming side's state");

    @Test
    void aFindingWhoseFirstRewriteIsStructuralIsToldTheStructureFirst() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.list(RewriteGoldens.dir())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                for (JsonNode finding : json.readTree(file.toFile()).path("findings")) {
                    String family = finding.path("rewrite").path("family").asText("");
                    if (!STRUCTURAL.contains(family)) {
                        continue;
                    }
                    checked++;
                    String fix = finding.path("fix").asText();
                    if (TTL_LEADS.stream().anyMatch(fix::startsWith)) {
                        wrong.add(file.getFileName() + " " + finding.path("node").asText() + " (" + family + "): " + fix);
                    }
                }
            }
        }
        assertThat(checked).as("findings whose first rewrite is structural").isGreaterThan(50);
        assertThat(wrong).isEmpty();
    }
}
