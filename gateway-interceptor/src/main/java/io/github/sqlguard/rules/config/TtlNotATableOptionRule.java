package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ttl-not-a-table-option}: a state TTL key ({@code 'state.ttl'}, {@code
 * 'table.exec.state.ttl'}, vendor keys such as {@code 'state.ttl.left'}) in a table's {@code WITH}
 * clause or an {@code OPTIONS} hint. State TTL is a job setting, not a table option: a connector
 * with strict option validation (datagen, kafka) fails the first query on the table with {@code
 * Unsupported options found}; a lenient one ignores it and the state never expires.
 */
public final class TtlNotATableOptionRule implements Rule {

    public static final String ID = "ttl-not-a-table-option";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Level defaultLevel() {
        return Level.WARN;
    }

    @Override
    public String summary() {
        return "State TTL written as a table option (WITH / OPTIONS), where Flink never reads it.";
    }

    /** True for keys that name a state TTL: {@code state.ttl*}, {@code *state.ttl}, {@code *state-ttl*}. */
    static boolean isStateTtlKey(String key) {
        String k = key == null ? "" : key.strip().toLowerCase(Locale.ROOT);
        return k.startsWith("state.ttl")
                || k.endsWith("state.ttl")
                || k.contains("state-ttl")
                || k.contains("state_ttl")
                || k.equals("table.exec.state.ttl");
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        String error = context.plannerError().orElse("");
        if (error.contains("Unsupported options found")) {
            for (String word : error.split("[\\s,:'\"]+")) {
                if (isStateTtlKey(word)) {
                    hits.add(
                            RuleHit.diagnosis(
                                    "The query fails because '" + word + "' is set as a table option (WITH clause or OPTIONS"
                                            + " hint) and the connector rejects options it does not know: state TTL is a job"
                                            + " setting, not a table option.",
                                    "Flink: " + error.lines().findFirst().orElse(error),
                                    "Remove '" + word + "' from the table (ALTER TABLE t RESET ('" + word + "')) or the hint,"
                                            + " and set SET 'table.exec.state.ttl' = '1 d' (or a STATE_TTL hint) instead."));
                    return hits;
                }
            }
        }
        for (SqlOption option : context.statement().tableOptions()) {
            if (isStateTtlKey(option.key())) {
                hits.add(
                        RuleHit.of(
                                "'" + option.key() + "' in a " + option.source() + " is not a table option: state TTL is a job setting."
                                        + " Connectors that validate options (datagen, kafka, ...) fail every query on this table with"
                                        + " 'Unsupported options found'; others ignore it and the state never expires.",
                                "'" + option.key() + "' = '" + option.value() + "' (" + option.source() + ", line " + option.line() + ")",
                                "",
                                "Remove it from the table and set the TTL for the job: SET 'table.exec.state.ttl' = '"
                                        + option.value() + "', or per operator with /*+ STATE_TTL('t' = '" + option.value() + "') */."));
            }
        }
        return hits;
    }
}
