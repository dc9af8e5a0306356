package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ttl-unknown-key}: a SET or session property whose key looks like a state TTL or retention
 * setting ({@code sql.ttl.min}, {@code table.exec.state-ttl}, {@code state.ttl}, {@code
 * table.exec.state.retention}, or the right key in other casing: keys are case-sensitive) but is not a
 * key Flink reads. Flink accepts any key in SET, so the
 * typo is silent and the state keeps the old TTL.
 */
public final class TtlUnknownKeyRule implements Rule {

    public static final String ID = "ttl-unknown-key";

    /** Flink 2.3 keys that contain {@code ttl}/{@code retention}/{@code retain} and are real. */
    static final Set<String> KNOWN =
            Set.of(
                    StateTtl.KEY,
                    "execution.checkpointing.externalized-checkpoint-retention",
                    "execution.checkpointing.num-retained",
                    "state.checkpoints.num-retained",
                    "table.exec.mini-batch.allow-latency",
                    "lookup.cache.ttl",
                    "sql-gateway.session.idle-timeout",
                    "state.backend.rocksdb.compaction.filter.query-time-after-num-entries",
                    "state.backend.rocksdb.compaction.filter.periodic-compaction-time");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "SET of a key that looks like a state TTL but is not one Flink reads.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    static boolean looksLikeTtl(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("ttl") || k.contains("retention") || k.contains("state.expire") || k.contains("idle-state");
    }

    /**
     * The TTL the state keeps, said with its value: the session's {@code table.exec.state.ttl}, else Flink's default
     * of 0 ({@code ExecutionConfigOptions#IDLE_STATE_RETENTION}: never expires), which a user who meant to set one
     * does not expect (a script whose earlier SET Flink refused has none).
     */
    private static String kept(String session) {
        if (session == null) {
            return "the state TTL stays 0, Flink's default where the session sets no '" + StateTtl.KEY + "', so state"
                    + " never expires";
        }
        boolean never = StateTtl.parse(session).map(Duration::isZero).orElse(false);
        return "the state TTL stays the session's '" + StateTtl.KEY + "' = '" + session.strip() + "'"
                + (never ? ", so state never expires" : "");
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        for (ConfigChange change : context.changes()) {
            String key = change.key() == null ? "" : change.key().strip();
            if (!key.isEmpty() && looksLikeTtl(key) && !KNOWN.contains(key)
                    && !key.toLowerCase(Locale.ROOT).startsWith("sql-guard.")) {
                Optional<String> session = StateTtl.setIn(context.config());
                hits.add(
                        RuleHit.of(
                                "'" + key + "' is not an option Flink reads, so this " + change.source()
                                        + " changes nothing: " + kept(context.config().get(StateTtl.KEY)) + ".",
                                change.asSql(),
                                "",
                                "Use Flink's key: SET '" + StateTtl.KEY + "' = '" + change.value() + "'"
                                        + session.filter(ttl -> !StateTtl.sameAs(ttl, change.value()))
                                                .map(ttl -> " (it replaces the session's '" + ttl + "')").orElse("")
                                        + "."));
            }
        }
        return hits;
    }
}
