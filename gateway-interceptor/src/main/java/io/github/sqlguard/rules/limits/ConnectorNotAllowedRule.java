package io.github.sqlguard.rules.limits;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOption;

import org.apache.flink.table.factories.FactoryUtil;

import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code connector-not-allowed}: the {@code 'connector'} option ({@link FactoryUtil#CONNECTOR}) of a
 * {@code WITH} clause (CREATE TABLE, CTAS/RTAS, CREATE TABLE … LIKE with options, ALTER TABLE … SET,
 * materialized tables) or of an {@code OPTIONS} hint names a connector outside {@code
 * sql-guard.allow.connectors}. Entries are factory identifiers, compared exactly as Flink's {@code
 * FactoryUtil#discoverFactory} compares them. An empty list is no limit.
 *
 * <p>Read from the statement's text ({@code ParsedSql#tableOptions}), before anything is planned;
 * a table that already exists in a catalog is not in the text, and is judged after planning from
 * the tables of the compiled plan ({@link ResolvedTables}), where the plan persists their options.
 */
public final class ConnectorNotAllowedRule implements Rule {

    public static final String ID = "connector-not-allowed";

    private static final Pattern ENTRY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    public static final RuleOption<List<String>> ALLOW_CONNECTORS =
            AllowList.option(
                    "connectors",
                    "Connectors ('connector' of WITH and OPTIONS) tables may use, e.g. 'kafka;datagen;blackhole'."
                            + " Empty: no limit.",
                    entry -> ENTRY.matcher(entry).matches(),
                    "every entry must be a connector identifier such as kafka or datagen");

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.limit(ID, "A connector outside `sql-guard.allow.connectors`.", ALLOW_CONNECTORS);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<String> entries = context.option(ALLOW_CONNECTORS);
        if (entries.isEmpty()) {
            return List.of();
        }
        return ResolvedTables.hits(
                context, FactoryUtil.CONNECTOR.key(), connector -> allowed(entries, connector),
                (connector, node) -> hit(connector, entries, node));
    }

    static boolean allowed(List<String> entries, String connector) {
        return entries.stream().anyMatch(e -> e.strip().equals(connector));
    }

    static RuleHit hit(String connector, List<String> entries, String node) {
        return RuleHit.of(
                "The connector '" + connector + "' is not one the platform allows (sql-guard.allow.connectors "
                        + entries + "): a connector's factory and its source run in the gateway while the guard and"
                        + " Flink plan, and its reads return rows to the user.",
                node,
                "",
                "Use a connector the platform allows, or ask the administrator to add '" + connector
                        + "' to 'sql-guard.allow.connectors'.");
    }
}
