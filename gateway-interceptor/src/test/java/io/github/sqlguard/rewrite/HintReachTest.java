package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * The join inputs a {@code STATE_TTL} hint can reach ({@link HintReach}), read in the parsed
 * statement; and, against Flink's real planner, the fact it rests on: a hint's key reaches no join
 * input that is itself a join.
 */
class HintReachTest {

    private static final String THREE_WAY = "SELECT /*+ STATE_TTL('a' = '1 d', 'b' = '1 d', 'c' = '1 d') */ a.k, b.v, c.v"
            + " FROM a JOIN b ON a.k = b.k JOIN c ON a.k = c.k";

    @Test
    void aJoinsInputThatIsAJoinIsReachedByNoKeyOfItsBlock() {
        // The first join's two inputs, and the second's right: its left is the first join.
        assertThat(HintReach.reachableInputs(tree(THREE_WAY))).isEqualTo(3);
        assertThat(HintReach.unreachableInputs(tree(THREE_WAY))).isEqualTo(1);
        assertThat(HintReach.reachableInputs(tree("SELECT /*+ STATE_TTL('a' = '1 d', 'b' = '1 d') */ a.k"
                + " FROM a JOIN b ON a.k = b.k"))).isEqualTo(2);
        // A join on the right: a JOIN (b JOIN c) leaves the outer join's right input unreached.
        assertThat(HintReach.unreachableInputs(tree("SELECT /*+ STATE_TTL('a' = '1 d', 'b' = '1 d', 'c' = '1 d') */ a.k"
                + " FROM a JOIN (b JOIN c ON b.k = c.k) ON a.k = b.k"))).isEqualTo(1);
    }

    @Test
    void withoutAHintNoInputIsReached() {
        assertThat(HintReach.reachableInputs(tree("SELECT a.k FROM a JOIN b ON a.k = b.k JOIN c ON a.k = c.k")))
                .isZero();
        // A hint in one block reaches nothing in an aliased block below it with its own joins and no hint.
        String below = "SELECT /*+ STATE_TTL('q' = '1 d', 'd' = '1 d') */ q.k"
                + " FROM (SELECT a.k FROM a JOIN b ON a.k = b.k JOIN c ON a.k = c.k) AS q JOIN d ON q.k = d.k";
        // Counted as reachable all the same where the outer block's key names the alias around them (an upper bound).
        assertThat(HintReach.unreachableInputs(tree(below))).isZero();
        assertThat(HintReach.reachableInputs(tree(below))).isEqualTo(2 + 4);
    }

    @Test
    void anInputThatIsAJoinCountsWhereAKeyNamesAnAliasAroundItsBlockOrItIsInAWithItem() {
        // Flink puts the block's alias on its joins (an ALIAS hint): a key 'q' could reach the nested input.
        assertThat(HintReach.unreachableInputs(tree("SELECT * FROM (SELECT /*+ STATE_TTL('q' = '1 d', 'b' = '1 d') */"
                + " a.k FROM a JOIN b ON a.k = b.k JOIN c ON a.k = c.k) AS q"))).isZero();
        assertThat(HintReach.unreachableInputs(tree("SELECT * FROM (" + THREE_WAY + ") AS q"))).isEqualTo(1);
        assertThat(HintReach.unreachableInputs(tree("WITH w AS (" + THREE_WAY + ") SELECT * FROM w"))).isZero();
        assertThat(HintReach.reachableInputs(tree("WITH w AS (" + THREE_WAY + ") SELECT * FROM w"))).isEqualTo(4);
    }

    @Test
    void aKeyMatchesANameByItsLastPartsAsFlinkMatchesIt() {
        assertThat(HintReach.matches("t", "cat.db.t")).isTrue();
        assertThat(HintReach.matches("db.t", "cat.db.t")).isTrue();
        assertThat(HintReach.matches("x.t", "db.t")).isFalse();
        assertThat(HintReach.matches("cat.db.t", "t")).isTrue();
        assertThat(HintReach.matches("T", "t")).as("ignoring case: more than Flink matches").isTrue();
        assertThat(HintReach.matches("u", "t")).isFalse();
    }

    /**
     * Flink 2.3's planner: the three-way join's compiled plan gives the hint's TTL to both states of the
     * first join and to the right state of the second only; its left state (the first join) keeps the
     * session's TTL, 0.
     */
    @Test
    void flinksPlannerGivesTheHintsTtlToNoJoinInputThatIsAJoin() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        for (String table : List.of("a", "b", "c")) {
            env.executeSql("CREATE TABLE " + table + " (k INT, v BIGINT) WITH ('connector' = 'datagen')");
        }
        env.executeSql("CREATE TABLE out_t (k INT, bv BIGINT, cv BIGINT) WITH ('connector' = 'blackhole')");

        List<List<String>> joins = joinStateTtls(env.compilePlanSql("INSERT INTO out_t " + THREE_WAY).asJsonString());

        assertThat(joins).containsExactlyInAnyOrder(List.of("1 d", "1 d"), List.of("0 ms", "1 d"));

        // The same block as an aliased FROM item: Flink's ALIAS hint on its joins names the inner join 'q', so a key
        // 'q' of the block's own hint reaches the second join's left input (why HintReach counts such an input).
        String aliased = "INSERT INTO out_t SELECT * FROM (SELECT /*+ STATE_TTL('q' = '2 d', 'a' = '1 d', 'b' = '1 d',"
                + " 'c' = '1 d') */ a.k, b.v AS bv, c.v AS cv FROM a JOIN b ON a.k = b.k JOIN c ON a.k = c.k) AS q";
        assertThat(joinStateTtls(env.compilePlanSql(aliased).asJsonString()))
                .containsExactlyInAnyOrder(List.of("1 d", "1 d"), List.of("2 d", "1 d"));
    }

    /** Each Join's state TTLs in the compiled plan, in state order, as Flink writes them ({@code 1 d}, {@code 0 ms}). */
    private static List<List<String>> joinStateTtls(String json) throws Exception {
        List<List<String>> out = new ArrayList<>();
        for (JsonNode node : new ObjectMapper().readTree(json).path("nodes")) {
            if (!node.path("type").asText().startsWith("stream-exec-join_")) {
                continue;
            }
            List<String> ttls = new ArrayList<>();
            for (JsonNode state : node.path("state")) {
                ttls.add(state.path("ttl").asText());
            }
            out.add(ttls);
        }
        return out;
    }

    private static org.apache.calcite.sql.SqlNode tree(String sql) {
        return SqlTrees.parse(sql).orElseThrow();
    }
}
