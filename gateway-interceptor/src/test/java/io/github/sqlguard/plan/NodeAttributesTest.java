package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** A node's attributes, read from its text when first asked for, as an immutable map. */
class NodeAttributesTest {

    private static final String RANK =
            "Rank(strategy=[AppendFastStrategy], rankRange=[rankStart=1, rankEnd=3], partitionBy=[user_id], strategy=[X])";

    @Test
    void holdsWhatTheParserReadsFromTheText() {
        Map<String, String> attributes = new NodeAttributes(RANK, 4);

        assertThat(attributes).isEqualTo(PlanParser.attributes(RANK, 4)).hasSize(3);
        assertThat(attributes).containsEntry("strategy", "AppendFastStrategy").containsEntry("partitionBy", "user_id");
        assertThat(attributes.get("rankRange")).isEqualTo("rankStart=1, rankEnd=3");
        assertThat(attributes.containsKey("orderBy")).isFalse();
        assertThat(attributes.hashCode()).isEqualTo(Map.copyOf(attributes).hashCode());
        assertThatThrownBy(() -> attributes.put("k", "v")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> attributes.entrySet().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void isKeptByThePlanNodeAsItIsAndEqualsAnEagerlyReadNode() {
        NodeAttributes attributes = new NodeAttributes(RANK, 4);
        PlanNode lazy = new PlanNode("Rank", attributes, List.of(), 0, RANK);
        PlanNode eager = new PlanNode("Rank", PlanParser.attributes(RANK, 4), List.of(), 0, RANK);

        assertThat(lazy.attributes()).isSameAs(attributes);
        assertThat(lazy).isEqualTo(eager).hasSameHashCodeAs(eager);
        assertThat(new NodeAttributes("Union", 5)).isEmpty();
    }
}
