package io.github.sqlguard.rules.limits;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
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
 * limit. Held to the same list: each class a table's option names ({@link OptionShapes#tableClass},
 * in the statement's text and the plan's tables) and each class a session's configuration names
 * ({@link OptionShapes#configClass}, from any route that sets configuration).
 */
public final class FunctionClassNotAllowedRule implements Rule {

    public static final String ID = "function-class-not-allowed";

    /** A class or module name, or a package prefix ending in {@code .*}. */
    private static final Pattern ENTRY = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*(\\.\\*)?");

    public static final RuleOption<List<String>> ALLOW_FUNCTION_CLASSES =
            AllowList.option(
                    "function-classes",
                    "Classes CREATE FUNCTION, a table's class options ('sink.partition-commit.policy.class',"
                            + " 'properties.key.serializer', any key ending in 'class', 'classes', 'factory',"
                            + " 'serializer', 'deserializer', 'class-name', 'driver', 'sasl.jaas.config') and a"
                            + " session's class settings ('state.backend.type', 'pipeline.serialization-config',"
                            + " 'execution.job-listeners', keys of those shapes) and the classes of a plan file EXECUTE"
                            + " PLAN runs may name: exact class names, or package prefixes such as"
                            + " 'com.acme.udf.*'. Empty: no limit.",
                    entry -> ENTRY.matcher(entry).matches(),
                    "every entry must be a class name (com.acme.udf.Upper) or a package prefix (com.acme.udf.*)");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.limit(
                    ID, "A function class outside `sql-guard.allow.function-classes` (CREATE FUNCTION … AS).",
                    ALLOW_FUNCTION_CLASSES);

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
                        function.line() > 0
                                ? function.source() + " … AS '" + function.value() + "' at line " + function.line()
                                : function.source() + ": '" + function.value() + "'",
                        "",
                        "Use a function class the platform allows, or ask the administrator to add it (or its package,"
                                + " as 'com.acme.udf.*') to 'sql-guard.allow.function-classes'."));
            }
        }
        for (String key : ResolvedTables.keys(context, OptionShapes::tableClass)) {
            hits.addAll(ResolvedTables.hits(
                    context, key, value -> OptionShapes.tableClasses(key, value).stream().allMatch(c -> allowed(entries, c)),
                    (value, node) -> RuleHit.of(
                            "The class '" + value + "' of table option '" + key + "' is not one the platform allows"
                                    + " (sql-guard.allow.function-classes " + entries + "): the connector loads it in the"
                                    + " gateway and the cluster, and its static initialiser runs there.",
                            node,
                            "",
                            "Use a class the platform allows, or ask the administrator to add it to"
                                    + " 'sql-guard.allow.function-classes'.")));
        }
        for (ConfigChange change : context.changes()) {
            if (!OptionShapes.configClass(change.key())) {
                continue;
            }
            for (String value : OptionShapes.configClasses(change.key(), change.value())) {
                if (!allowed(entries, value)) {
                    hits.add(RuleHit.of(
                            "The class '" + value + "' of '" + change.key() + "' is not one the platform allows"
                                    + " (sql-guard.allow.function-classes " + entries + "): the job loads it where it is"
                                    + " built and run, and its static initialiser runs there.",
                            change.asSql(),
                            "",
                            "Leave the option to the platform's configuration, or ask the administrator to add the"
                                    + " class to 'sql-guard.allow.function-classes'."));
                }
            }
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
