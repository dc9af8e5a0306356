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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every {@code changes:} line of the golden files (both Flink lines, every family) says each fact once. A line is
 * made of clauses from several sources ({@code Prover} appends {@code TtlExpiry}'s, {@code TtlMix}'s, {@code
 * AggregateOverAggregate}'s ... to the family's own, which carries {@code DistinctUnderTtl}'s and {@code
 * RetractionsUnderTtl}'s), each right on its own, so two of them can say one fact: Flink 1.20's golden of case 996
 * said what a forgotten group of {@code COUNT(*) per dept_id} does twice ({@code RetractionsUnderTtl}: its retractions
 * are dropped; {@code SessionStateTtl#aggregationsRestart}: it starts again "as if the group were new"), as 402 and 656
 * did on 2.3. Read from the files, so that a golden regenerated with such a line fails here.
 */
class ChangesLinesSayEachFactOnceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An aggregation as a {@code changes:} line names it: {@code COUNT(*) per dept_id}, {@code SUM(x) (one group for all rows)}. */
    private static final String AGGREGATION = "[A-Z][A-Z_0-9]*\\(.*?\\)(?:, [A-Z][A-Z_0-9]*\\(.*?\\))*"
            + "(?: per [^;:]+| \\(one group for all rows\\))";

    /** {@code RetractionsUnderTtl}'s clause: {@code A; B read updates: once a group is forgotten, ...}. */
    private static final Pattern RETRACTIONS = Pattern.compile(
            "((?:" + AGGREGATION + "; )*" + AGGREGATION + ") reads? updates: once a group is forgotten");

    /** {@code SessionStateTtl}'s clause of the aggregations the TTL reaches: {@code ...as well: A; B start again ...}. */
    private static final Pattern RESTARTS = Pattern.compile(
            "forget a group idle that long as well: (.+?) starts? again from the group's next row");

    /** {@code SessionStateTtl}'s clause of the aggregations a hint pins: {@code A keeps the 4 d its STATE_TTL hint ...}. */
    private static final Pattern PINNED = Pattern.compile(
            "((?:" + AGGREGATION + "; )*" + AGGREGATION + ") keeps? the [^;]+? its STATE_TTL hint gives it");

    /** {@code SessionStateTtl}'s clause of the aggregations a hint's {@code '0'} pins: {@code A keeps every group forever}. */
    private static final Pattern FOREVER = Pattern.compile(
            "((?:" + AGGREGATION + "; )*" + AGGREGATION + ") keeps? every group forever");

    /** The SET's clause for every operator, where it says that an idle key's state (not a ranking) starts anew. */
    private static final String STATE_STARTS_ANEW = "(an idle key's state starts anew)";

    /** {@code TtlExpiry}'s clauses of joins: {@code a regular LEFT join keeps each row 1 d after it was stored}; group 1 the TTL. */
    private static final Pattern JOIN_ROWS = Pattern.compile(
            "(?:join|joins|MultiJoin) keeps? each row (?:of its inputs )?(.+?) after it was stored");

    /** The longest {@code changes:} or fix line allowed ({@link #noLineIsLongerThanTheLongestThatSaysEachFactOnce}). */
    private static final int LONGEST = 1_750;

    /** An operator's TTL as {@code TtlMix} says it: {@code the GroupAggregate keeps its state with no TTL}. */
    private static final Pattern PIPELINE_TTL = Pattern.compile(
            "(the [A-Za-z]+(?: of [^,;()]+?)?)(?:,)? (?:which )?keeps (its state|the rows of [^,;()]+?)"
                    + " (with no TTL|under a TTL of [0-9]+ [a-z]+|under TTLs of [^,;()]+)");

    @Test
    void noClauseIsRepeatedInOneChangesLine() throws IOException {
        List<String> repeated = new ArrayList<>();
        for (Map.Entry<String, String> line : changesLines().entrySet()) {
            List<String> clauses = List.of(line.getValue().split("; "));
            List<String> seen = new ArrayList<>();
            for (String clause : clauses) {
                if (seen.contains(clause)) {
                    repeated.add(line.getKey() + ": " + clause);
                }
                seen.add(clause);
            }
        }
        assertThat(repeated).isEmpty();
    }

    @Test
    void whatAForgottenGroupDoesIsSaidOncePerAggregation() throws IOException {
        List<String> twice = new ArrayList<>();
        for (Map.Entry<String, String> line : changesLines().entrySet()) {
            Map<String, Integer> said = new HashMap<>();
            for (Pattern source : List.of(RETRACTIONS, RESTARTS, PINNED, FOREVER)) {
                Matcher m = source.matcher(line.getValue());
                while (m.find()) {
                    for (String aggregation : m.group(1).split("; ")) {
                        said.merge(aggregation, 1, Integer::sum);
                    }
                }
            }
            said.forEach((aggregation, times) -> {
                if (times > 1) {
                    twice.add(line.getKey() + ": " + aggregation + " (" + times + " times)");
                }
            });
        }
        assertThat(twice).isEmpty();
    }

    /**
     * "Each stateful operator ... forgets a key's state (an idle key's state starts anew)" says what every forgotten key
     * does, and a retraction clause says otherwise of an aggregation over updates (its retractions dropped, its rows
     * that do not change again left out): one fact said in two ways, the second true (issue 30, round 69).
     */
    @Test
    void aForgottenGroupOverUpdatesIsNotAlsoSaidToStartAnew() throws IOException {
        List<String> both = new ArrayList<>();
        for (Map.Entry<String, String> line : changesLines().entrySet()) {
            Matcher retractions = RETRACTIONS.matcher(line.getValue());
            if (line.getValue().contains(STATE_STARTS_ANEW) && retractions.find()) {
                both.add(line.getKey() + ": " + retractions.group(1));
            }
        }
        assertThat(both).isEmpty();
    }

    /**
     * That a join keeps each row the TTL after it was stored, not after its key's last change, is said once per TTL,
     * naming every join it is true of: an inner and a LEFT join each said it (cases 528, 1034; issue 30, round 69).
     */
    @Test
    void whatAJoinKeepsUnderOneTtlIsSaidOnce() throws IOException {
        List<String> twice = new ArrayList<>();
        for (Map.Entry<String, String> line : changesLines().entrySet()) {
            Map<String, Integer> said = new HashMap<>();
            Matcher m = JOIN_ROWS.matcher(line.getValue());
            while (m.find()) {
                said.merge(m.group(1), 1, Integer::sum);
            }
            said.forEach((ttl, times) -> {
                if (times > 1) {
                    twice.add(line.getKey() + ": each row " + ttl + " after it was stored (" + times + " times)");
                }
            });
        }
        assertThat(twice).isEmpty();
    }

    /**
     * {@code TtlMix}'s clause says each operator's TTL once: case 1145's named the middle aggregation "with no TTL (never
     * expires)" as the Rank's lower operator and again as the upper one over the first aggregation, and lint 32's named
     * the join's 2 h twice (issue 30 §1, round 70). A chain goes on from the operator said last instead.
     */
    @Test
    void anOperatorsTtlIsSaidOnceWherePipelineOperatorsExpireAtDifferentTimes() throws IOException {
        List<String> twice = new ArrayList<>();
        for (Map.Entry<String, String> line : changesLines().entrySet()) {
            Map<String, Integer> said = new HashMap<>();
            for (String ttl : pipelineTtls(line.getValue())) {
                said.merge(ttl, 1, Integer::sum);
            }
            said.forEach((ttl, times) -> {
                if (times > 1) {
                    twice.add(line.getKey() + ": " + ttl + " (" + times + " times)");
                }
            });
        }
        assertThat(twice).isEmpty();
    }

    /**
     * No {@code changes:} or fix line is longer than {@link #LONGEST} characters. Most lines are over 300 (1,147 of
     * 1,746 on 2.3 before round 70): a line names each change in meaning of its rewrite, and a Top-N's TTL alone takes
     * ~480 characters to say truly, so the bound is not a reader's 300 but what the longest lines reach once each fact
     * in them is said once. Before round 70 the longest were 1145's SET line (1,858: its middle aggregation's TTL said
     * twice, and what a forgotten lower count does said twice) and lint 32's on 1.20 (1,702: its join's 2 h twice);
     * now the longest is 1145's hint line (1,729: the hint, the SET, the Top-N's rows, the pipeline's TTLs, the count of
     * counts, the finding left), then 1019's window-aggregate line (1,677). A line that grows past the bound says some
     * fact once more than it needs to, or raises the bound here with its reason.
     */
    @Test
    void noLineIsLongerThanTheLongestThatSaysEachFactOnce() throws IOException {
        List<String> tooLong = new ArrayList<>();
        Map<String, String> lines = new HashMap<>(changesLines());
        lines.putAll(fixLines());
        lines.forEach((where, line) -> {
            if (line.length() > LONGEST) {
                tooLong.add(where + ": " + line.length() + " characters");
            }
        });
        assertThat(tooLong).isEmpty();
    }

    /** The operators' TTLs that {@code line}'s clause of operators expiring at different times says, in order. */
    private static List<String> pipelineTtls(String line) {
        int start = line.indexOf("operators of one pipeline expire at different times (");
        if (start < 0) {
            return List.of();
        }
        int end = line.indexOf("): a key that returns after the shorter TTL", start);
        Matcher m = PIPELINE_TTL.matcher(line.substring(start, end < 0 ? line.length() : end));
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1) + " keeps " + m.group(2) + " " + m.group(3));
        }
        return out;
    }

    @Test
    void theFactsAreFoundWhereTheyAreSaid() {
        assertThat(pipelineTtls("x; operators of one pipeline expire at different times (the Rank keeps its state under a"
                + " TTL of 1 d, over the GroupAggregate, which keeps its state with no TTL (never expires); the"
                + " GroupAggregate keeps its state with no TTL (never expires), over the Join of a with b, which keeps the"
                + " rows of a under a TTL of 2 h and those of b under a TTL of 30 d): a key that returns after the shorter"
                + " TTL is started anew"))
                .containsExactly("the Rank keeps its state under a TTL of 1 d",
                        "the GroupAggregate keeps its state with no TTL", "the GroupAggregate keeps its state with no TTL",
                        "the Join of a with b keeps the rows of a under a TTL of 2 h");
        // The patterns above read the clauses as the sources write them: a check that finds nothing proves nothing.
        String line = "each stateful operator ... forgets a key's state 1 d after the key's last change (an idle key's"
                + " state starts anew), where ...; COUNT(*) per city, state reads updates: once a group is"
                + " forgotten, Flink drops the retractions; the aggregations forget a group idle that long as well:"
                + " COUNT(*) per city, state starts again from the group's next row, as if the group were new";
        Matcher retractions = RETRACTIONS.matcher(line);
        Matcher restarts = RESTARTS.matcher(line);

        assertThat(retractions.find()).isTrue();
        assertThat(retractions.group(1)).isEqualTo("COUNT(*) per city, state");
        assertThat(restarts.find()).isTrue();
        assertThat(restarts.group(1)).isEqualTo("COUNT(*) per city, state");
        Matcher pinned = PINNED.matcher("x; COUNT(*) per user_id, page keeps the 4 d its STATE_TTL hint gives it (the"
                + " compiled plan)");
        assertThat(pinned.find()).isTrue();
        assertThat(pinned.group(1)).isEqualTo("COUNT(*) per user_id, page");
        Matcher forever = FOREVER.matcher("x; COUNT(*) per url, cnt keeps every group forever, as a STATE_TTL hint's '0'"
                + " pins it");
        assertThat(forever.find()).isTrue();
        assertThat(forever.group(1)).isEqualTo("COUNT(*) per url, cnt");
        assertThat(line).contains(STATE_STARTS_ANEW);
        Matcher joins = JOIN_ROWS.matcher("x; a regular join keeps each row 1 d after it was stored, not after its key's"
                + " last change; a regular LEFT join keeps each row 1 d after it was stored; the regular inner and LEFT"
                + " joins keep each row 4 h after it was stored; the MultiJoin keeps each row of its inputs 2 d after it was"
                + " stored");
        List<String> ttls = new ArrayList<>();
        while (joins.find()) {
            ttls.add(joins.group(1));
        }
        assertThat(ttls).containsExactly("1 d", "1 d", "4 h", "2 d");
    }

    /** Every finding's fix of every golden file, by file and finding. */
    private static Map<String, String> fixLines() throws IOException {
        Map<String, String> out = new HashMap<>();
        try (Stream<Path> files = Files.list(RewriteGoldens.dir())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                int i = 0;
                for (JsonNode finding : JSON.readTree(file.toFile()).path("findings")) {
                    if (finding.path("fix").isTextual()) {
                        out.put(file.getFileName() + " finding " + i + " fix (" + finding.path("rule").asText() + ")",
                                finding.path("fix").asText());
                    }
                    i++;
                }
            }
        }
        return out;
    }

    /** Every rewrite's {@code changes:} line of every golden file, by file and finding. */
    private static Map<String, String> changesLines() throws IOException {
        Map<String, String> out = new HashMap<>();
        try (Stream<Path> files = Files.list(RewriteGoldens.dir())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                JsonNode golden = JSON.readTree(file.toFile());
                int i = 0;
                for (JsonNode finding : golden.path("findings")) {
                    JsonNode changes = finding.path("rewrite").path("changes");
                    if (changes.isTextual()) {
                        out.put(file.getFileName() + " finding " + i + " (" + finding.path("rule").asText() + ")",
                                changes.asText());
                    }
                    i++;
                }
            }
        }
        assertThat(out).as("changes: lines of the golden files").hasSizeGreaterThan(100);
        return out;
    }
}
