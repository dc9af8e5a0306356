package io.github.sqlguard.rules.limits;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code function-class-not-allowed}: {@code CREATE [TEMPORARY|SYSTEM] FUNCTION … AS '<class>'} (or
 * {@code ALTER FUNCTION … AS '<class>'}), any {@code LANGUAGE}, names a class outside {@code
 * sql-guard.allow.function-classes} (Flink's {@code SqlCreateFunction#getFunctionClassName}). An
 * entry is an exact class name ({@code com.acme.udf.Upper}) or a package prefix ({@code
 * com.acme.udf.*}: every class of that package and of the packages under it). An empty list is no
 * limit.
 */
public final class FunctionClassNotAllowedRule implements Rule {

    public static final String ID = "function-class-not-allowed";

    /** A class or module name, or a package prefix ending in {@code .*}. */
    private static final Pattern ENTRY = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*(\\.\\*)?");

    public static final RuleOption<List<String>> ALLOW_FUNCTION_CLASSES =
            AllowList.option(
                    "function-classes",
                    "Classes CREATE FUNCTION and a table's class options ('sink.partition-commit.policy.class',"
                            + " 'partition.time-extractor.class') may name: exact class names, or package prefixes"
                            + " such as 'com.acme.udf.*'. Empty: no limit.",
                    entry -> ENTRY.matcher(entry).matches(),
                    "every entry must be a class name (com.acme.udf.Upper) or a package prefix (com.acme.udf.*)");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.limit(
                    ID, "A function class outside `sql-guard.allow.function-classes` (CREATE FUNCTION … AS).",
                    ALLOW_FUNCTION_CLASSES);

    /**
     * Table options whose value is a class the connector loads and instantiates in the gateway and
     * the cluster: the filesystem connector's {@code FileSystemConnectorOptions#SINK_PARTITION_COMMIT_POLICY_CLASS}
     * and {@code #PARTITION_TIME_EXTRACTOR_CLASS} (a static initialiser runs when it is loaded).
     */
    static final List<String> CLASS_OPTIONS = List.of("sink.partition-commit.policy.class", "partition.time-extractor.class");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<String> entries = context.option(ALLOW_FUNCTION_CLASSES);
        if (entries.isEmpty()) {
            return List.of();
        }
        List<RuleHit> hits = new ArrayList<>();
        for (SqlOption function : context.statement().functionClasses()) {
            if (!allowed(entries, function.value())) {
                hits.add(RuleHit.of(
                        "The function class '" + function.value() + "' is not one the platform allows"
                                + " (sql-guard.allow.function-classes " + entries + "): Flink's planner runs a function's"
                                + " code in the gateway while it plans a statement that calls it, before any job exists.",
                        function.source() + " … AS '" + function.value() + "' at line " + function.line(),
                        "",
                        "Use a function class the platform allows, or ask the administrator to add it (or its package,"
                                + " as 'com.acme.udf.*') to 'sql-guard.allow.function-classes'."));
            }
        }
        for (String key : CLASS_OPTIONS) {
            hits.addAll(ResolvedTables.hits(
                    context, key, value -> allowed(entries, value),
                    (value, node) -> RuleHit.of(
                            "The class '" + value + "' of table option '" + key + "' is not one the platform allows"
                                    + " (sql-guard.allow.function-classes " + entries + "): the connector loads it in the"
                                    + " gateway and the cluster, and its static initialiser runs there.",
                            node,
                            "",
                            "Use a class the platform allows, or ask the administrator to add it to"
                                    + " 'sql-guard.allow.function-classes'.")));
        }
        return hits;
    }

    /** True when {@code className} is an entry or lies in the package of an entry ending in {@code .*}. */
    static boolean allowed(List<String> entries, String className) {
        String name = className.strip();
        for (String entry : entries) {
            String e = entry.strip();
            if (e.endsWith(".*") ? name.startsWith(e.substring(0, e.length() - 1)) : name.equals(e)) {
                return true;
            }
        }
        return false;
    }
}
