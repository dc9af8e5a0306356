package io.github.sqlguard.service;

import io.github.sqlguard.rules.Finding;

import java.util.List;

/**
 * What the guard said about one operation, kept for clients that show advisories after a
 * statement (the SQL Client hook, REST callers).
 *
 * @param operationHandle the operation the statement became
 * @param verdict {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK} or {@code UNANALYSED}
 * @param statementKind the statement's kind, e.g. {@code QUERY}
 * @param findings every finding, BLOCK first
 */
public record Advisory(String operationHandle, String verdict, String statementKind, List<Finding> findings) {

    public Advisory {
        findings = List.copyOf(findings);
    }
}
