package io.github.sqlguard.plan;

import java.util.List;
import java.util.Optional;

/**
 * What Flink's compiled plan says about one node of the execution plan, beyond its printed
 * description.
 *
 * @param type the node's type and version in the compiled plan, e.g. {@code stream-exec-rank_1}
 * @param state the node's state entries with their TTL; empty for a stateless node
 * @param orderedByTimeAttribute for a {@code Rank} or {@code OverAggregate}: whether its first
 *     order key is a time attribute ({@code *ROWTIME*} or {@code *PROCTIME*} in its input's row
 *     type); empty for other nodes or when the plan does not say
 */
public record CompiledNode(String type, List<OperatorState> state, Optional<Boolean> orderedByTimeAttribute) {

    public CompiledNode {
        state = List.copyOf(state);
    }
}
