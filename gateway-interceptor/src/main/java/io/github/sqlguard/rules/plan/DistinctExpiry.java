package io.github.sqlguard.rules.plan;

import java.util.List;

/**
 * What a state TTL does to the values of a {@code DISTINCT} call, in one wording for stateful-without-ttl's fix (and
 * ttl-hint-ignored's, which gives it: {@link StatefulWithoutTtlRule#distinctTtl}) and for a TTL rewrite's {@code
 * changes:} line ({@code rewrite.DistinctUnderTtl}). Flink keeps a {@code DISTINCT} call's values in map state, one
 * entry per value, under the operator's TTL, which expires each entry on its own ({@code TtlMapState}). Over an
 * insert-only input a value's entry is written only when the value is new to its key ({@code DistinctAggCodeGen}:
 * "update value only when value changed", Flink 2.3.0) and the TTL is set on create and write ({@code
 * StateConfigUtil#createTtlConfig}): it expires the TTL after the value was first counted, however often it comes
 * again, and its next arrival is counted again. Over an updating input each row of a value rewrites its entry: it
 * expires once the value goes unseen that long, and a retraction of it then finds nothing. A call over grouping keys
 * alone has one value per key, written at the key's first row.
 */
public final class DistinctExpiry {

    private DistinctExpiry() {}

    /**
     * Over an insert-only input: {@code a TTL expires each distinct value of a key the TTL after it was first counted,
     * however often it comes again, even while the key stays active (Flink writes a value's entry only when it is new), so
     * its next arrival is counted again into the key's total}.
     *
     * @param of what the values are of ({@code " of a key"}; empty)
     * @param verbs what the calls do with a value ({@code counted}, {@code counted or added})
     * @param active while what ({@code even while the key stays active}); empty to leave it unsaid
     * @param why whether to say why the TTL runs from the first arrival (Flink writes the entry only when it is new)
     * @param into where a value counted again goes ({@code " into the key's total (the final aggregation's)"}); empty
     */
    public static String firstCounted(String of, String verbs, String active, boolean why, String into) {
        return "a TTL expires each distinct value" + of + " the TTL after it was first " + verbs
                + ", however often it comes again" + (active.isEmpty() ? "" : ", " + active)
                + (why ? " (Flink writes a value's entry only when it is new)" : "") + ", so its next arrival is " + verbs
                + " again" + into;
    }

    /**
     * Over an updating input: {@code a TTL expires each distinct value of a key once it goes unseen that long, even while
     * the key stays active, so its next arrival is counted again, and its retraction is lost}; the parameters as {@link
     * #firstCounted}'s.
     */
    public static String unseen(String of, String verbs, String active, String into) {
        return "a TTL expires each distinct value" + of + " once it goes unseen that long"
                + (active.isEmpty() ? "" : ", " + active) + ", so its next arrival is " + verbs + " again" + into
                + ", and its retraction is lost";
    }

    /**
     * Calls over grouping keys alone, over an insert-only input: {@code COUNT(DISTINCT page) reads grouping keys alone:
     * its one value per key is written at the key's first row only, so a TTL expires it that long after, even while the
     * key's rows keep coming, and the key's next row is counted again, once per TTL}; the parameters as {@link
     * #firstCounted}'s.
     */
    public static String overKeys(List<String> calls, String verbs, String into) {
        return String.join(", ", calls) + (calls.size() == 1 ? " reads" : " read") + " grouping keys alone: its one value"
                + " per key is written at the key's first row only, so a TTL expires it that long after, even while the"
                + " key's rows keep coming, and the key's next row is " + verbs + " again" + into + ", once per TTL";
    }
}
