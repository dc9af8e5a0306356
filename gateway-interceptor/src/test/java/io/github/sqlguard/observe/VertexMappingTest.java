package io.github.sqlguard.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

class VertexMappingTest {

    private static final PlannedOperator AGGREGATE = new PlannedOperator(3, "GroupAggregate");
    private static final PlannedOperator RANK = new PlannedOperator(6, "Rank");

    private static Map<String, String> vertices(String... idsAndNames) {
        Map<String, String> vertices = new LinkedHashMap<>();
        for (int i = 0; i < idsAndNames.length; i += 2) {
            vertices.put(idsAndNames[i], idsAndNames[i + 1]);
        }
        return vertices;
    }

    @Test
    void aJobOfTheJudgedPlanMapsEachVertexByTheNodeIdsInItsOperatorNames() {
        List<VertexMapping.MappedVertex> mapped = VertexMapping.map(
                vertices("v1", "Source: src[1] -> Calc[2]", "v2", "GroupAggregate[3] -> Sink: out[4]"),
                List.of(AGGREGATE), true);

        assertThat(mapped).singleElement().satisfies(v -> {
            assertThat(v.vertexId()).isEqualTo("v2");
            assertThat(v.operators()).containsExactly(AGGREGATE);
            assertThat(v.label()).isEqualTo("GroupAggregate[3]");
            assertThat(v.mappedBy()).isEqualTo("node-id");
        });
    }

    @Test
    void aVertexChainingSeveralStatefulOperatorsIsOneEntryForTheChain() {
        List<VertexMapping.MappedVertex> mapped = VertexMapping.map(
                vertices("v1", "Source: src[1]", "v2", "GroupAggregate[3] -> Calc[5] -> Rank[6] -> (Calc[7], Sink: out[8])"),
                List.of(AGGREGATE, RANK), true);

        assertThat(mapped).singleElement().satisfies(v -> {
            assertThat(v.operators()).containsExactly(AGGREGATE, RANK);
            assertThat(v.label()).isEqualTo("GroupAggregate[3] + Rank[6]");
            assertThat(v.holds(RANK)).isTrue();
        });
    }

    @Test
    void aJobPlannedAgainIsMappedByOperatorNameOnlyWhereTheNameIsUnique() {
        List<VertexMapping.MappedVertex> mapped = VertexMapping.map(
                vertices("v1", "Source: src[101]", "v2", "GroupAggregate[103] -> Sink: out[104]", "v3", "Rank[106]",
                        "v4", "Rank[108]"),
                List.of(AGGREGATE, RANK), false);

        assertThat(mapped).singleElement().satisfies(v -> {
            assertThat(v.vertexId()).isEqualTo("v2");
            assertThat(v.operators()).containsExactly(AGGREGATE);
            assertThat(v.mappedBy()).isEqualTo("operator-name");
        });
    }

    @Test
    void aFindingNamesItsOperatorByTheLabelAtTheStartOfItsNode() {
        assertThat(PlannedOperator.named("Rank[6](partitionBy=[user_id], orderBy=[amount DESC])")).contains(RANK);
        assertThat(PlannedOperator.named("GroupAggregate[3]")).contains(AGGREGATE);
        assertThat(PlannedOperator.named("SET 'table.exec.state.ttl' = '24'")).isEmpty();
    }
}
