package io.github.sqlguard.service;

import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code SET}s of one session that the guard refused, by key, for the findings of the session's
 * later statements: a refused {@code SET} is not applied, so the statements after it run with the
 * value the session had before (Flink's default, when it had none), and a finding that names the key
 * says so. Before, a script's {@code SET 'table.exec.state.ttl' = '24'}, refused by {@code
 * ttl-bare-number}, was followed by a {@code GROUP BY} whose finding read "the state TTL is 0 (Flink's
 * compiled plan)", and the user believed the SET applied.
 *
 * <p>A later {@code SET} of the key that the guard lets through, or a {@code RESET} of it (or of
 * every key), forgets the refusal. Bounded: {@link #MAX_KEYS} keys (the oldest go first), a key of
 * at most {@link #MAX_KEY_LENGTH} characters, a value shown up to {@link #MAX_VALUE_LENGTH}. Not
 * thread-safe: a session's calls are decided one at a time ({@link GuardedSession#inOrder}).
 */
final class RefusedSets {

    static final int MAX_KEYS = 32;
    static final int MAX_KEY_LENGTH = 256;
    static final int MAX_VALUE_LENGTH = 64;

    /** A refused {@code SET}: its value as shown (masked where it is a secret) and the rules that refused it. */
    private record Refused(String value, List<String> rules) {}

    private final Map<String, Refused> refused = new LinkedHashMap<>();

    /**
     * Notes what {@code statement}, decided as {@code decision}, did to the keys this session set;
     * {@code notHandedOn} when the guard did not hand it on (a BLOCK under {@code sql-guard.mode: enforce}; in
     * {@code report} mode a BLOCK is handed on and the {@code SET} applies).
     */
    void decided(ParsedStatement statement, Decision decision, boolean notHandedOn) {
        if (!(statement instanceof ParsedStatement.Configure configure)) {
            return;
        }
        if (configure.kind() == StatementKind.RESET) {
            configure.key().ifPresentOrElse(refused::remove, refused::clear);
            return;
        }
        if (configure.key().isEmpty() || configure.value().isEmpty()) {
            return;
        }
        String key = configure.key().get();
        if (!notHandedOn) {
            refused.remove(key);
            return;
        }
        if (key.length() > MAX_KEY_LENGTH) {
            return;
        }
        String value = configure.value().get();
        value = Redactor.isSecret(key, value) ? Redactor.MASK_TEXT
                : value.length() > MAX_VALUE_LENGTH ? value.substring(0, MAX_VALUE_LENGTH) + "..." : value;
        List<String> rules = decision.verdict().findings().stream()
                .filter(f -> f.level() == Level.BLOCK)
                .map(Finding::ruleId)
                .distinct()
                .toList();
        refused.remove(key);
        refused.put(key, new Refused(value, rules));
        if (refused.size() > MAX_KEYS) {
            refused.remove(refused.keySet().iterator().next());
        }
    }

    /**
     * {@code decision} with each finding that names a key this session refused to {@code SET} (in its
     * reason or its fix) saying so in its reason; {@code decision} itself when there is none.
     */
    Decision noted(Decision decision) {
        if (refused.isEmpty() || decision.verdict().findings().isEmpty()) {
            return decision;
        }
        List<Finding> findings = new ArrayList<>();
        boolean changed = false;
        for (Finding finding : decision.verdict().findings()) {
            StringBuilder reason = new StringBuilder(finding.reason());
            refused.forEach((key, set) -> {
                if (finding.reason().contains(key) || finding.fix().contains(key)) {
                    reason.append(' ').append(note(key, set, decision));
                }
            });
            changed |= reason.length() != finding.reason().length();
            findings.add(new Finding(
                    finding.ruleId(), finding.level(), reason.toString(), finding.node(), finding.excerpt(), finding.fix(),
                    finding.docLink(), finding.planNode(), finding.facts()));
        }
        if (!changed) {
            return decision;
        }
        Verdict verdict = decision.verdict();
        return decision.withVerdict(new Verdict(findings, verdict.suppressed(), verdict.fallbacks()));
    }

    /**
     * "The SET 'table.exec.state.ttl' = '24' earlier in this session was refused (ttl-too-short), so the session's
     * state TTL is still 0 (state never expires)." Said of the session, not of the statement: a CREATE TABLE that
     * names the key runs no job with a TTL.
     */
    private static String note(String key, Refused set, Decision decision) {
        String rules = set.rules().isEmpty() ? "" : " (" + String.join(", ", set.rules()) + ")";
        String still = key.equals(StateTtl.KEY)
                ? "the session's state TTL is still "
                        + (decision.effectiveStateTtl().isZero()
                                ? "0 (state never expires)"
                                : StateTtl.format(decision.effectiveStateTtl()))
                : "the session does not have it";
        return "The SET '" + key + "' = '" + set.value() + "' earlier in this session was refused" + rules
                + ", so " + still + ".";
    }
}
