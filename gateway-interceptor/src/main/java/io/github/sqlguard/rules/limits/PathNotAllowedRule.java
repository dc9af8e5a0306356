package io.github.sqlguard.rules.limits;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOption;

import java.util.List;

/**
 * {@code path-not-allowed}: the {@code 'path'} option of a table ({@code WITH} or {@code OPTIONS}
 * hint; the filesystem connector's {@code FileSystemConnectorOptions#PATH}, and any connector whose
 * option is {@code path}) lies outside {@code sql-guard.allow.paths}. Matched as a {@link Location}
 * ({@link AllowedLocations}: normalised by Flink's {@code Path}, so {@code /data/../etc/passwd} is
 * {@code /etc/passwd}; prefixes at a {@code /} boundary). An empty list is no limit.
 *
 * <p>Read from the statement's text before anything is planned, and after planning from the tables
 * of the compiled plan too ({@link ResolvedTables}): a table that already exists in a catalog.
 */
public final class PathNotAllowedRule implements Rule {

    public static final String ID = "path-not-allowed";

    /** The option key of a table's location (Flink's {@code FileSystemConnectorOptions#PATH}). */
    static final String PATH = "path";

    public static final RuleOption<List<String>> ALLOW_PATHS =
            AllowList.locations(
                    "paths",
                    "Locations a table's 'path' option may name: absolute paths or URIs, each a prefix at a '/'"
                            + " boundary. Empty: no limit.");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.limit(ID, "A table `'path'` outside `sql-guard.allow.paths`.", ALLOW_PATHS);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<String> entries = context.option(ALLOW_PATHS);
        AllowedLocations allowed = AllowedLocations.of(entries);
        if (allowed.unlimited()) {
            return List.of();
        }
        return ResolvedTables.hits(context, PATH, allowed::allows, (path, node) -> hit(path, entries, node));
    }

    static RuleHit hit(String path, List<String> entries, String node) {
        return RuleHit.of(
                "The path '" + path + "' is not in a location the platform allows (sql-guard.allow.paths " + entries
                        + "): a table reads and writes its path with the gateway's and the cluster's file system"
                        + " rights (a relative path is never allowed: it depends on the working directory).",
                node,
                "",
                "Use an absolute path under an allowed location, or ask the administrator to add it to"
                        + " 'sql-guard.allow.paths'.");
    }
}
