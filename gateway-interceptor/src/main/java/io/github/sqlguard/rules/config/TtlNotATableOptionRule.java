package io.github.sqlguard.rules.config;

import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.TimeBounds;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ttl-not-a-table-option}: a state TTL key ({@code 'state.ttl'}, {@code
 * 'table.exec.state.ttl'}, vendor keys such as {@code 'state.ttl.left'}) in a table's {@code WITH}
 * clause or an {@code OPTIONS} hint. State TTL is a job setting, not a table option: a connector
 * with strict option validation (datagen, kafka) fails the first query on the table with {@code
 * Unsupported options found}; a lenient one ignores it and the state never expires.
 *
 * <p>On the DDL (or a query with such an {@code OPTIONS} hint that plans) the finding takes the
 * configured level. When the planner refuses a query with {@code Unsupported options found for
 * '<connector>'} listing a TTL key (Flink puts it under {@code Unable to create a source for reading
 * table '<table>'}), the finding is the diagnosis of that refusal, naming the table and the key.
 */
public final class TtlNotATableOptionRule implements Rule {

    public static final String ID = "ttl-not-a-table-option";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "State TTL written as a table option (`WITH` / `OPTIONS`), where Flink never reads it; BLOCK as"
                    + " the diagnosis when the connector then refuses a query.",
                    io.github.sqlguard.rules.StateTtlOptions.MAX_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    /** True for keys that name a state TTL: {@code state.ttl*}, {@code *state.ttl}, {@code *state-ttl*}. */
    public static boolean isStateTtlKey(String key) {
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
        Optional<RuleHit> diagnosis = context.plannerError().flatMap(error -> diagnose(error, context));
        if (diagnosis.isPresent()) {
            return List.of(diagnosis.get());
        }
        Optional<String> connector = context.statement().tableOptions().stream()
                .filter(o -> o.source().equals("WITH") && "connector".equals(o.key())).map(SqlOption::value).findFirst();
        for (SqlOption option : context.statement().tableOptions()) {
            if (isStateTtlKey(option.key())) {
                hits.add(
                        RuleHit.of(
                                "'" + option.key() + "', in " + place(option) + ", is not a table option: state TTL is a"
                                        + " job setting, which Flink never reads from a table. "
                                        + consequence(option.source().equals("WITH") ? connector : Optional.empty()),
                                "'" + option.key() + "' = '" + option.value() + "' (" + option.source() + ", line " + option.line() + ")",
                                "",
                                fix(option, readable(option.value(), context), StateTtl.setIn(context.config()))));
            }
        }
        return hits;
    }

    /** Where the option is written, in words: {@code the table's WITH clause}, {@code an OPTIONS hint}. */
    private static String place(SqlOption option) {
        return option.source().equals("WITH") ? "the table's WITH clause"
                : option.source().startsWith("OPTIONS") ? "an OPTIONS hint" : option.source();
    }

    /**
     * The connectors of Flink's own whose factory refuses an option it does not know, read from their classes
     * (Flink 2.3.0): {@code DataGenTableSourceFactory} calls {@code FactoryUtil#validateUnconsumedKeys}, {@code
     * BlackHoleTableSinkFactory} and {@code PrintTableSinkFactory} call {@code FactoryUtil.TableFactoryHelper#validate}.
     * A connector not listed may validate too (most built on {@code TableFactoryHelper} do), which the DDL alone does
     * not tell.
     */
    private static final java.util.Set<String> VALIDATING = java.util.Set.of("datagen", "blackhole", "print");

    /**
     * What the option does to the table, said of the connector in front of it: every query fails for one that
     * validates its options ({@link #VALIDATING}); otherwise either that or the option is ignored.
     */
    private static String consequence(Optional<String> connector) {
        if (connector.isPresent() && VALIDATING.contains(connector.get().strip().toLowerCase(Locale.ROOT))) {
            return "'" + connector.get() + "' refuses options it does not know, so every query that reads or writes this"
                    + " table fails with 'Unsupported options found for '" + connector.get() + "''.";
        }
        String named = connector.map(c -> "If '" + c + "'").orElse("If the connector");
        return named + " validates its options (as Flink's own connectors do, through FactoryUtil.TableFactoryHelper"
                + "#validate), every query on this table fails with 'Unsupported options found'; if it does not, it"
                + " ignores the option and the state never expires.";
    }

    /**
     * Where the session already sets a TTL (a script's earlier {@code SET}), a {@code SET} of the option's value would
     * replace it for every later statement: the fix says so rather than proposing it first.
     */
    private static String fix(SqlOption option, String ttl, Optional<String> session) {
        String hint = "a STATE_TTL hint on the query that reads the table, naming it as that query does (its alias, if"
                + " it has one)";
        if (session.isEmpty()) {
            return "Remove it from the table and set the TTL for the job: SET '" + StateTtl.KEY + "' = '" + ttl
                    + "', or for one join or aggregation with " + hint + ".";
        }
        if (StateTtl.sameAs(session.get(), ttl)) {
            return "Remove it from the table: the session's '" + StateTtl.KEY + "' is already '" + session.get() + "'.";
        }
        return "Remove it from the table: the session's '" + StateTtl.KEY + "' = '" + session.get() + "' stays the"
                + " job's TTL for the later statements; for one join or aggregation, give the"
                + (ttl.equals(option.value()) ? " table's '" : " TTL '") + ttl + "' with " + hint + ". A SET '"
                + StateTtl.KEY + "' = '" + ttl + "' would replace '" + session.get() + "' for every later statement of the session.";
    }

    /**
     * The TTL a fix proposes for the job in place of the table option's {@code value}: that value where Flink reads it
     * as a duration ({@code '24 h'}), else the TTL the guard advises for the statement ({@code
     * AnalysisContext#advised}, which covers the statement's own time bounds: {@code rewrite.ProposedTtl}), never a
     * value Flink would refuse in a {@code SET} ({@code '1w'}: Flink's {@code TimeUtils} reads no week unit; case 1189).
     */
    private static String readable(String value, AnalysisContext context) {
        Optional<java.time.Duration> read = StateTtl.parse(value);
        if (read.isEmpty()) {
            return StateTtl.format(context.advised().stateTtl());
        }
        // Never shorter than the statement's own time bound (issue 30 §1, "a proposed TTL must cover the statement's own
        // bounds"; case 1185): Flink never read the option, and a SET of its '1 d' under a WHERE ts > CURRENT_TIMESTAMP -
        // INTERVAL '7' DAY would forget a key the query still matches. ttl-as-job-setting's rewrite decides the same.
        return ownBound(context)
                .filter(bound -> bound.compareTo(read.get()) > 0 && !StateTtl.neverExpires(bound,
                        context.option(io.github.sqlguard.rules.StateTtlOptions.MAX_STATE_TTL)))
                .map(StateTtl::format).orElse(value);
    }

    /** The longest time bound of the statement's own conditions ({@link TimeBounds}); empty where it has none. */
    private static Optional<java.time.Duration> ownBound(AnalysisContext context) {
        if (!context.statement().text().toUpperCase(Locale.ROOT).contains("INTERVAL")) {
            return Optional.empty();
        }
        return context.statement().tree().map(io.github.sqlguard.statement.ParsedTree::node)
                .or(() -> io.github.sqlguard.statement.QueryFacts.parse(context.statement().text()))
                .flatMap(TimeBounds::longest).map(TimeBounds.Bound::duration);
    }

    /**
     * The diagnosis of a query the connector refused: Flink's {@code Unsupported options found for
     * '<connector>'} (anywhere in the chain, usually under {@code Unable to create a source for
     * reading table '<table>'}) lists a TTL key among the unsupported options.
     */
    private static Optional<RuleHit> diagnose(PlannerError error, AnalysisContext context) {
        Optional<String> unsupported = error.find(UNSUPPORTED_HEAD);
        if (unsupported.isEmpty()) {
            return Optional.empty();
        }
        List<String> keys =
                unsupportedKeys(unsupported.get()).stream().filter(TtlNotATableOptionRule::isStateTtlKey).toList();
        if (keys.isEmpty()) {
            return Optional.empty();
        }
        Matcher connectorMatcher = CONNECTOR.matcher(unsupported.get());
        String connector = connectorMatcher.find() ? connectorMatcher.group(1) : "the connector";
        Optional<String> tableMessage = error.find(m -> TABLE.matcher(m).find());
        String table = tableMessage.map(TtlNotATableOptionRule::tableName).orElse(null);
        String key = keys.get(0);
        String value = tableMessage.flatMap(m -> optionValue(m, key)).orElse(null);
        boolean inHint =
                context.statement().tableOptions().stream()
                        .anyMatch(o -> o.key() != null && o.key().strip().equals(key) && o.source().startsWith("OPTIONS"));
        String where = inHint ? "an OPTIONS hint of this query" : "the table's WITH clause";
        String named = table == null ? "the table" : "table '" + table + "'";
        String written = "'" + key + "'" + (value == null ? "" : " = '" + value + "'");
        String ttl = readable(value, context);
        String shortName = table == null ? null : SqlIdentifiers.lastName(table);
        // A hint names the table as the query does: by its alias where it has one.
        String hintName = shortName == null ? null
                : context.statement().facts().tableReferences().stream()
                        .filter(r -> r.name().equals(shortName)).map(r -> r.hintName()).findFirst().orElse(shortName);
        String others = keys.size() > 1 ? " (also " + String.join(", ", keys.subList(1, keys.size())) + ")" : "";
        String hint = hintName == null ? "a STATE_TTL hint naming the table"
                : "/*+ STATE_TTL('" + hintName + "' = '" + ttl + "') */";
        String remove = inHint
                ? "Remove " + written + " from the OPTIONS hint"
                : shortName == null ? "Remove it from the table's WITH clause"
                : "Remove it from the table: ALTER TABLE " + shortName + " RESET ('" + key + "')";
        return Optional.of(
                RuleHit.diagnosis(
                        "The query fails because " + named + " carries the state TTL " + written + others + " as a table"
                                + " option, in " + where + ", and '" + connector + "' rejects options it does not know:"
                                + " state TTL is a job setting, not a table option.",
                        "Flink: " + error.text(),
                        remove + jobTtl(StateTtl.setIn(context.config()), ttl, hint, shorter(value, ttl))));
    }

    /**
     * The TTL for the job after the key is removed: a {@code SET} of the option's value where the session sets none;
     * where it does (a script's earlier {@code SET}), that one, which a {@code SET} here would replace for every later
     * statement of the session, as the finding on the table's DDL says ({@link #fix}): one piece of advice for both.
     */
    private static String jobTtl(Optional<String> session, String ttl, String hint, String shorter) {
        if (session.isEmpty()) {
            return "; set the TTL for the job, SET '" + StateTtl.KEY + "' = '" + ttl + "'" + shorter
                    + ", or per join or aggregation with " + hint + ".";
        }
        if (StateTtl.sameAs(session.get(), ttl)) {
            return ": the session's '" + StateTtl.KEY + "' is already '" + session.get() + "'.";
        }
        String given = shorter.isEmpty() ? "the table's '" + ttl + "'" : "'" + ttl + "'";
        return ": the session's '" + StateTtl.KEY + "' = '" + session.get() + "' is then the job's TTL (a SET of "
                + given + " would replace '" + session.get() + "' for every later statement of the session);"
                + " for this query's joins and aggregations alone, give " + given + " with " + hint + shorter + ".";
    }

    /**
     * {@code " (not the table's '1 d', shorter than the query's own time bound)"} where the TTL proposed, {@code ttl}, is
     * not the option's readable {@code value} because that is shorter than the statement's bound ({@link #readable});
     * else empty.
     */
    private static String shorter(String value, String ttl) {
        return value == null || ttl.equals(value) || StateTtl.parse(value).isEmpty() ? ""
                : " (not the table's '" + value + "', shorter than the query's own time bound: a key idle that long would be"
                        + " forgotten while the query still matches its rows)";
    }

    private static final String UNSUPPORTED_HEAD = "Unsupported options found for";

    private static final Pattern CONNECTOR = Pattern.compile("Unsupported options found for '([^']*)'");

    private static final Pattern TABLE = Pattern.compile("Unable to create a (source for reading|sink for writing) table '([^']+)'");

    /** The keys Flink lists under {@code Unsupported options:}, up to {@code Supported options:}. */
    static List<String> unsupportedKeys(String message) {
        List<String> keys = new ArrayList<>();
        boolean inList = false;
        for (String line : message.lines().map(String::strip).toList()) {
            if (line.equals("Unsupported options:")) {
                inList = true;
            } else if (line.endsWith("options:")) {
                inList = false;
            } else if (inList && !line.isEmpty()) {
                keys.add(line);
            }
        }
        return keys;
    }

    private static String tableName(String message) {
        Matcher m = TABLE.matcher(message);
        return m.find() ? m.group(2) : null;
    }

    /** The value of {@code key} in Flink's {@code Table options are:} list ({@code 'key'='value'}). */
    private static Optional<String> optionValue(String message, String key) {
        Matcher m = Pattern.compile("^'" + Pattern.quote(key) + "'='(.*)'$", Pattern.MULTILINE).matcher(message);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
