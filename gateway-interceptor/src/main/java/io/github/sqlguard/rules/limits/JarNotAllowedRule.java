package io.github.sqlguard.rules.limits;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code jar-not-allowed}: a statement or a configuration call loads a jar from outside {@code
 * sql-guard.allow.jars}. Jars reach a session by {@code ADD JAR '<path>'} (Flink's {@code
 * SqlAddJar}), by {@code CREATE [TEMPORARY|SYSTEM] FUNCTION … USING JAR '<path>'} (its {@code
 * SqlResource}s) and by {@code pipeline.jars} / {@code pipeline.classpaths} ({@link
 * PipelineOptions#JARS}, {@link PipelineOptions#CLASSPATHS}) set by {@code SET}, configure-session,
 * session properties at open or a statement's execution config; so is the Python code a job runs
 * ({@link OptionShapes#PYTHON_CODE_KEYS}: {@code python.files}, {@code python.archives}, {@code
 * python.requirements}, {@code python.pythonpath}, the interpreter of {@code python.executable} and
 * {@code python.client.executable}, by any of those routes). Each entry of the list is a
 * location prefix ({@link AllowedLocations}); an empty list is no limit.
 */
public final class JarNotAllowedRule implements Rule {

    public static final String ID = "jar-not-allowed";

    public static final RuleOption<List<String>> ALLOW_JARS =
            AllowList.locations(
                    "jars",
                    "Locations jars may be loaded from (ADD JAR, CREATE FUNCTION ... USING JAR, pipeline.jars,"
                            + " pipeline.classpaths) and Python code and interpreters (python.files, python.archives,"
                            + " python.requirements, python.pythonpath, python.executable, python.client.executable):"
                            + " absolute paths or URIs, each a prefix at a '/' boundary. Empty:"
                            + " no limit.");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.limit(
                    ID, "A jar loaded from outside `sql-guard.allow.jars` (ADD JAR, USING JAR, `pipeline.jars`).",
                    ALLOW_JARS);

    /** The options whose values are jars on the session's class path. */
    private static final List<ConfigOption<List<String>>> JAR_OPTIONS =
            List.of(PipelineOptions.JARS, PipelineOptions.CLASSPATHS);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<String> entries = context.option(ALLOW_JARS);
        AllowedLocations allowed = AllowedLocations.of(entries);
        if (allowed.unlimited()) {
            return List.of();
        }
        List<RuleHit> hits = new ArrayList<>();
        for (SqlOption jar : context.statement().jars()) {
            if (!allowed.allows(jar.value())) {
                hits.add(hit(jar.value(), jar.source() + " '" + jar.value() + "' at line " + jar.line(), entries));
            }
        }
        for (ConfigChange change : context.changes()) {
            for (ConfigOption<List<String>> option : JAR_OPTIONS) {
                if (!option.key().equals(change.key())) {
                    continue;
                }
                for (String jar : jars(option, change.value())) {
                    if (!allowed.allows(jar)) {
                        hits.add(hit(jar, change.asSql(), entries));
                    }
                }
            }
            if (OptionShapes.PYTHON_CODE_KEYS.contains(change.key().strip())) {
                for (String code : OptionShapes.pythonCode(change.key(), change.value())) {
                    if (!allowed.allows(code)) {
                        hits.add(hit(code, change.asSql(), entries));
                    }
                }
            }
        }
        return hits;
    }

    /** The entries of a list option's value as Flink reads them ({@code a.jar;b.jar}, quoted where needed). */
    private static List<String> jars(ConfigOption<List<String>> option, String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        try {
            return Configuration.fromMap(Map.of(option.key(), value)).get(option);
        } catch (IllegalArgumentException e) {
            // Flink cannot read the list either, and fails the call; judged as one location.
            return List.of(value);
        }
    }

    private static RuleHit hit(String jar, String node, List<String> entries) {
        return RuleHit.of(
                "The jar '" + jar + "' is not in a location the platform allows (sql-guard.allow.jars " + entries
                        + "): its classes would be loaded into the gateway, and Flink's planner runs user code while it plans"
                        + " (a function's eval in constant folding), before any job exists.",
                node,
                "",
                "Load the jar from an allowed location, or ask the administrator to add its location to"
                        + " 'sql-guard.allow.jars'.");
    }
}
