package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code ttl-invalid-value}: a state TTL Flink cannot read as a duration ({@code '1 day and a
 * half'}, {@code 'forever'}). Flink stores such a SET without complaint and fails every later
 * statement of the session that reads the option; the guard refuses it where it is written.
 */
public final class TtlInvalidValueRule implements Rule {

    public static final String ID = "ttl-invalid-value";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(ID, Level.BLOCK, "State TTL value that Flink cannot read as a duration.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        for (WrittenTtl ttl : WrittenTtl.of(context)) {
            if (StateTtl.parse(ttl.value()).isEmpty()) {
                hits.add(hit(ttl.value(), ttl.where()));
            }
        }
        return hits;
    }

    private static RuleHit hit(String value, String where) {
        return RuleHit.of(
                "'" + value + "' is not a duration Flink can read (TimeUtils.parseDuration): every later statement that uses"
                        + " the state TTL would fail.",
                where,
                "",
                "Write a number and a unit: '30 min', '12 h', '1 d' (units: ms, s, min, h, d).");
    }
}
