package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

class OperatorNamesTest {

    /** What {@code StatementJobs} matched a stream node's name with before. */
    private static final Pattern NODE_ID = Pattern.compile("\\[(\\d+)]");

    private static final List<String> NAMES = List.of(
            "GroupAggregate[1339]", "Sink: totals[1340]: Writer", "Source: orders[1336]", "Calc[1337]",
            "Calc[7] -> Sink: out[8]", "[[3]]", "Rank[]", "Rank[x]", "Rank[12", "Rank 12]", "no id", "", "[", "[5]",
            "Join[9][10]", "Source: t[1]: [2] of [a]", "Sink: out[6]: Writer[7]", "Sink: sink[42]: Committer");

    private static final Map<Integer, Integer> IDS = Map.of(1339, 3, 1340, 4, 1336, 1, 1337, 2, 7, 70, 3, 30, 9, 1, 42, 5);

    @Test
    void findsTheFirstNodeIdAsThePatternOfDigitsInBracketsDoes() {
        for (String name : NAMES) {
            Matcher id = NODE_ID.matcher(name);
            int expected = id.find() ? Integer.parseInt(id.group(1)) : -1;
            assertThat(OperatorNames.firstNodeId(name)).as(name).isEqualTo(expected);
        }
    }

    @Test
    void renumbersEveryMappedNodeIdAsThePatternsReplaceAllDid() {
        for (String name : NAMES) {
            String expected = NODE_ID.matcher(name).replaceAll(match -> {
                Integer renumbered = IDS.get(Integer.parseInt(match.group(1)));
                return renumbered == null ? Matcher.quoteReplacement(match.group()) : "[" + renumbered + "]";
            });
            assertThat(OperatorNames.renumbered(name, IDS)).as(name).isEqualTo(expected);
        }
        assertThat(OperatorNames.renumbered("GroupAggregate[12]", IDS)).isEqualTo("GroupAggregate[12]");
        assertThat(OperatorNames.renumbered("GroupAggregate[1339]", IDS)).isEqualTo("GroupAggregate[3]");
    }
}
