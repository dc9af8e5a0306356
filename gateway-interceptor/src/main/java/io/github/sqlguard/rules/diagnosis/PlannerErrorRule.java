package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code planner-error}: the planner (or Flink's parser) rejected the statement for a reason no
 * other diagnosis recognises. The error is passed through unchanged so the user sees Flink's own
 * message instead of {@code Internal server error}. Its role is {@link
 * io.github.sqlguard.rules.RuleRole#FALLBACK}: the engine keeps its finding only when no diagnosis
 * explains the error, and a statement blocked by it alone gets Flink's own error.
 */
public final class PlannerErrorRule extends DiagnosisRule {

    public static final String ID = "planner-error";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.fallback(
                    ID,
                    "Flink rejected the statement and no diagnosis explains it; its error is passed through.");

    public PlannerErrorRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return true;
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        return "Flink rejected the statement: " + JVM_DETAIL.matcher(plannerError).replaceAll("");
    }

    /**
     * What the JVM adds to a {@code ClassCastException}'s message, the modules and class loaders of both classes
     * ({@code (X and Y are in unnamed module of loader 'app')}): nothing of the statement, and a loader's name
     * differs between lint and the gateway.
     */
    private static final Pattern JVM_DETAIL = Pattern.compile(
            "\\s*\\((?:[\\w.$]+ and [\\w.$]+ are|[\\w.$]+ is) in [^()]*\\)");

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        return lookupHintByAlias(plannerError, context)
                .or(() -> RefusalFixes.fix(plannerError, context.statement()))
                .orElse("Correct the statement as Flink's message says.");
    }

    /** Flink's list of the LOOKUP hint tables it could not match: {@code `Customers` in `LOOKUP`}. */
    private static final Pattern UNMATCHED_LOOKUP = Pattern.compile("`([^`]+)` in `LOOKUP`");

    /**
     * The fix of a {@code LOOKUP} hint whose {@code 'table'} names the lookup table the query aliases: Flink
     * 2.3.0 matches the option against one name of the join's lookup input, its alias where it has one and
     * the table's name otherwise ({@code QueryHintsResolver#extractAliasOrTableName}, {@code
     * #validateAndGetNewHints}), and refuses a hint that matches none ({@code The options of following hints
     * cannot match the name of input tables or views: `Customers` in `LOOKUP`}). Flink's own hints page still
     * writes {@code LOOKUP('table'='Customers', ...)} over {@code JOIN Customers FOR SYSTEM_TIME AS OF
     * o.proc_time AS c} (issue 30: read as outside SQL), which Flink 2.3 refuses so.
     */
    private static Optional<String> lookupHintByAlias(String plannerError, AnalysisContext context) {
        if (!plannerError.contains("cannot match the name of input tables or views")) {
            return Optional.empty();
        }
        Matcher unmatched = UNMATCHED_LOOKUP.matcher(plannerError);
        while (unmatched.find()) {
            String table = unmatched.group(1);
            Optional<TableReference> aliased = context.statement().facts().tableReferences().stream()
                    .filter(r -> r.function().isEmpty() && r.name().equals(table) && !r.hintName().equals(table))
                    .findFirst();
            if (aliased.isPresent()) {
                String alias = aliased.get().hintName();
                return Optional.of("Name the lookup table in the LOOKUP hint as the query names it: Flink matches the hint's"
                        + " 'table' against the alias where the table has one (" + table + " AS " + alias + "), not the"
                        + " table's own name: LOOKUP('table' = '" + alias + "', ...).");
            }
        }
        return Optional.empty();
    }
}
