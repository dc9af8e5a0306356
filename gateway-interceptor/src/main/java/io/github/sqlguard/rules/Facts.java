package io.github.sqlguard.rules;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a rule established about what it found, as values: the rewrites that answer the finding read
 * these, never the finding's text back (its fix, its node line).
 *
 * @param operator the Flink operator the finding is about, as the plan names it ({@code GroupAggregate},
 *     {@code Rank}, {@code Join}), read from the plan node; empty when it is about no plan node
 * @param intendedTtl the state TTL the finding says the user meant or the fix proposes (a bare {@code
 *     '24'}: 24 h), when it names one
 * @param keys the key columns the finding concerns, as Flink names them: a sink's primary key ({@code
 *     on-conflict-required}), an operator's grouping or partition key; empty when none
 * @param timeAttribute the time attribute the finding's fix uses (the table's {@code WATERMARK}
 *     column), when there is one
 * @param redundantRanking true for a Top-1 whose partition is the key of the aggregation right below it
 *     (each partition holds the one row the aggregation keeps for its key): the ranking can be dropped
 * @param fixWithout for each way of the fix a rewrite family can prove ({@link ProvenWay}), which the rule writes
 *     conditionally, by the family's id: the fix as the rule writes it without that way; {@code rewrite.ProvenFixes}
 *     writes the proven way first and this after it
 * @param settledWay the proven way the fix names first, once its proofs settled it ({@code rewrite.ProvenFixes})
 * @param processingTimeOrder true when the order the finding concerns starts with a processing-time attribute, which
 *     Flink does not materialize in a ranking: a Top-N of that order keeps the first rows to arrive, or ranks by the
 *     keys after it alone ({@code plan.Operator.Rank#firstArrivalsReadAsLatest})
 */
public record Facts(
        Optional<String> operator, Optional<Duration> intendedTtl, List<String> keys, Optional<String> timeAttribute,
        boolean redundantRanking, Map<String, String> fixWithout, Optional<ProvenWay> settledWay,
        boolean processingTimeOrder) {

    /** No facts beyond the finding's text. */
    public static final Facts NONE =
            new Facts(Optional.empty(), Optional.empty(), List.of(), Optional.empty(), false, Map.of(), Optional.empty(), false);

    public Facts {
        Objects.requireNonNull(operator);
        Objects.requireNonNull(intendedTtl);
        keys = List.copyOf(keys);
        Objects.requireNonNull(timeAttribute);
        fixWithout = Map.copyOf(fixWithout);
        Objects.requireNonNull(settledWay);
    }

    /** These facts, with the operator {@code name}. */
    public Facts withOperator(String name) {
        return new Facts(Optional.of(name), intendedTtl, keys, timeAttribute, redundantRanking, fixWithout, settledWay, processingTimeOrder);
    }

    /** These facts, with the intended TTL {@code ttl}. */
    public Facts withIntendedTtl(Duration ttl) {
        return new Facts(operator, Optional.of(ttl), keys, timeAttribute, redundantRanking, fixWithout, settledWay, processingTimeOrder);
    }

    /** These facts, with the key columns {@code columns}. */
    public Facts withKeys(List<String> columns) {
        return new Facts(operator, intendedTtl, columns, timeAttribute, redundantRanking, fixWithout, settledWay, processingTimeOrder);
    }

    /** These facts, with the time attribute {@code column}. */
    public Facts withTimeAttribute(String column) {
        return new Facts(operator, intendedTtl, keys, Optional.of(column), redundantRanking, fixWithout, settledWay, processingTimeOrder);
    }

    /** These facts, saying the ranking is redundant ({@link #redundantRanking()}). */
    public Facts withRedundantRanking() {
        return new Facts(operator, intendedTtl, keys, timeAttribute, true, fixWithout, settledWay, processingTimeOrder);
    }

    /** These facts, with {@code fixes}: the fix without each way a rewrite family can prove, by the family's id. */
    public Facts withFixWithout(Map<String, String> fixes) {
        return new Facts(operator, intendedTtl, keys, timeAttribute, redundantRanking, fixes, settledWay, processingTimeOrder);
    }

    /** These facts, saying the order starts with a processing-time attribute ({@link #processingTimeOrder()}). */
    public Facts withProcessingTimeOrder() {
        return new Facts(operator, intendedTtl, keys, timeAttribute, redundantRanking, fixWithout, settledWay, true);
    }

    /** These facts, with the fix settled by {@code way}, the proven way it names first. */
    public Facts withSettledWay(ProvenWay way) {
        return new Facts(operator, intendedTtl, keys, timeAttribute, redundantRanking, fixWithout, Optional.of(way), processingTimeOrder);
    }
}
