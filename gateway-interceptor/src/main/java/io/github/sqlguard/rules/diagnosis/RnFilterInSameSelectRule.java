package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rn-filter-in-same-select}: a WHERE clause filters on the ROW_NUMBER alias defined in the
 * same SELECT (a MySQL/Hive habit). SQL evaluates WHERE before the SELECT list, so the alias does
 * not exist there yet.
 *
 * <p>Planner symptom (Flink 2.3.0): {@code Column 'rn' not found in any table}, where {@code rn}
 * is the alias of a {@code ROW_NUMBER()/RANK()/DENSE_RANK()} in the statement (read from Flink's
 * parse tree).
 */
public final class RnFilterInSameSelectRule extends DiagnosisRule {

    public static final String ID = "rn-filter-in-same-select";

    private static final Pattern MISSING_COLUMN = Pattern.compile("Column '([^']+)' not found in any table");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(
                    ID,
                    "`WHERE` on the `ROW_NUMBER` alias of the same `SELECT`, where the alias does not exist yet.");

    public RnFilterInSameSelectRule() {
        super(DECLARATION);
    }

    private static String missingColumn(String plannerError) {
        Matcher m = MISSING_COLUMN.matcher(plannerError);
        return m.find() ? m.group(1) : null;
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        String column = missingColumn(plannerError);
        return column != null
                && context.statement().rankFunctionAliases().stream()
                        .anyMatch(a -> a.toLowerCase(Locale.ROOT).equals(column.toLowerCase(Locale.ROOT)));
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        String rn = missingColumn(plannerError);
        return "'" + rn + "' is the alias of a ROW_NUMBER in the same SELECT; WHERE is evaluated before the SELECT list, so the"
                + " alias does not exist there yet.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        String rn = missingColumn(plannerError);
        String rank = RankFunctions.of(context, rn)
                .map(f -> RankFunctions.rowNumber(f, f.orderBy()) + RankFunctions.from(f))
                .orElse("ROW_NUMBER() OVER (...) AS " + rn);
        return "Compute the row number in a subquery and filter outside: SELECT * FROM (SELECT ..., " + rank + ") WHERE "
                + rn + " <= 3 (your own condition on " + rn + ").";
    }
}
